/**
 * The text of a chart as drawn, and the pairs of texts that overlap. The chart is rendered as the
 * report renders it (Vega-Lite compiled to Vega, laid out with the chart faces' widths, drawn by
 * Vega's string renderer to SVG: src/report/render.ts); the text items are read from the scene graph
 * the SVG is written from, with their position, alignment, baseline, angle, lines, weight and size.
 *
 * Widths are those of the faces the PNGs are drawn with (src/report/textWidth.ts), where they are
 * installed: what Vega lays out with and what resvg draws, kerning aside (which only narrows). Where
 * they are not, Vega estimates 0.8 em a character, which is narrower than most fonts for a run of wide
 * letters (m, w, M, W, %): each character here then takes the larger of 0.8 em and DejaVu Sans's
 * advance rounded up. Heights are the font size per line, plus Vega's line spacing between lines.
 * Boxes are rotated with their text, and compared as rotated rectangles.
 */
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { chartFaceFiles } from '../../src/report/render.js';
import { facesOf, measureWithFaces, textWidthOf } from '../../src/report/textWidth.js';

/** Advance widths (em) of DejaVu Sans's widest glyphs, rounded up; every other character takes 0.8 em. */
const WIDE: Record<string, number> = { m: 1.0, w: 0.85, M: 0.9, W: 1.0, '%': 1.0, '@': 1.0, '—': 1.0, '…': 1.0 };

const faces = facesOf(chartFaceFiles());
/** The chart faces' measure, or null where they are not installed. */
const measured = faces ? textWidthOf(faces) : null;

/** The width of a line of text as drawn (see the module's comment). */
export function textWidth(text: string, fontSize: number, fontWeight?: string | number): number {
  if (measured) return measured({ fontSize, fontWeight }, text);
  let em = 0;
  for (const ch of text) em += Math.max(0.8, WIDE[ch] ?? 0);
  return em * fontSize;
}

export interface TextBox {
  text: string;
  /** Corners, clockwise, in the chart's pixels. */
  corners: [number, number][];
}

interface SceneItem {
  x?: number;
  y?: number;
  dx?: number;
  dy?: number;
  text?: unknown;
  fontSize?: number;
  fontWeight?: string | number;
  lineHeight?: number;
  lineBreak?: string;
  angle?: number;
  align?: string;
  baseline?: string;
  opacity?: number;
  fillOpacity?: number;
  limit?: number;
  items?: SceneMark[];
  radius?: number;
}

interface SceneMark {
  marktype: string;
  items: SceneItem[];
}

/** The lines of a text item as drawn: Vega's truncation at `limit` applied (by the measure it lays out with). */
function drawnLines(item: SceneItem): string[] {
  const raw = item.text;
  const lines = Array.isArray(raw) ? raw : item.lineBreak && typeof raw === 'string' ? raw.split(item.lineBreak) : [raw];
  const size = item.fontSize ?? 11;
  return lines.map((l) => {
    const t = l == null ? '' : String(l).trim();
    if (!(item.limit && item.limit > 0) || !t) return t;
    if (measured) {
      // vega-scenegraph's truncate: the longest start that fits with the ellipsis.
      const width = (x: string) => measured(item, x);
      if (width(t) < item.limit) return t;
      const limit = item.limit - width('…');
      let lo = 0;
      let hi = t.length;
      while (lo < hi) {
        const mid = 1 + ((lo + hi) >>> 1);
        if (width(t.slice(0, mid)) < limit) lo = mid;
        else hi = mid - 1;
      }
      return `${t.slice(0, lo)}…`;
    }
    // Vega truncates to fit `limit` by its 0.8 em estimate, adding an ellipsis.
    if (0.8 * t.length * size <= item.limit) return t;
    const keep = Math.max(0, Math.floor(item.limit / (0.8 * size)) - 1);
    return `${t.slice(0, keep)}…`;
  });
}

/**
 * Vega's offset of the first line's baseline for a baseline setting (vega-scenegraph util/text.js,
 * `offset`); further lines go below it, `lineHeight` apart, whatever the baseline.
 */
function baselineOffset(item: SceneItem): number {
  const h = item.fontSize ?? 11;
  const lh = item.lineHeight ?? h + 2;
  const by: Record<string, number> = { top: 0.79 * h, middle: 0.3 * h, bottom: -0.21 * h, 'line-top': 0.29 * h + 0.5 * lh, 'line-bottom': 0.29 * h - 0.5 * lh };
  return Math.round(by[item.baseline ?? ''] ?? 0);
}

/** The box of one text item in its group's coordinates, as vega-scenegraph's text bound computes it. */
function boxOf(item: SceneItem, ox: number, oy: number): TextBox | null {
  const lines = drawnLines(item).filter((l) => l.length > 0);
  const size = item.fontSize ?? 11;
  if (lines.length === 0 || size <= 0 || item.opacity === 0 || item.fillOpacity === 0) return null;
  const lh = item.lineHeight ?? size + 2;
  const w = Math.max(...lines.map((l) => textWidth(l, size, item.fontWeight)));
  const h = size + lh * (lines.length - 1);
  const x = item.x ?? 0;
  const y = item.y ?? 0;
  let dx = item.dx ?? 0;
  // The top of the box: the first baseline, less 0.8 em (the ascent), as Vega bounds text.
  const dy = (item.dy ?? 0) + baselineOffset(item) - Math.round(0.8 * size);
  if (item.align === 'center') dx -= w / 2;
  else if (item.align === 'right') dx -= w;
  const a = ((item.angle ?? 0) * Math.PI) / 180;
  const rot = ([px, py]: [number, number]): [number, number] => {
    const [rx, ry] = [px - x, py - y];
    return [ox + x + rx * Math.cos(a) - ry * Math.sin(a), oy + y + rx * Math.sin(a) + ry * Math.cos(a)];
  };
  const [x1, y1] = [x + dx, y + dy];
  const corners: [number, number][] = [rot([x1, y1]), rot([x1 + w, y1]), rot([x1 + w, y1 + h]), rot([x1, y1 + h])];
  return { text: lines.join(' / '), corners };
}

/** Every visible text of a compiled chart, in chart pixels. */
function collect(mark: SceneMark, ox: number, oy: number, out: TextBox[]): void {
  for (const item of mark.items ?? []) {
    if (mark.marktype === 'group') {
      for (const child of item.items ?? []) collect(child, ox + (item.x ?? 0), oy + (item.y ?? 0), out);
    } else if (mark.marktype === 'text') {
      const b = boxOf(item, ox, oy);
      if (b) out.push(b);
    }
  }
}

/** The chart drawn to SVG as the report draws it, and its text boxes. */
export async function renderTexts(spec: TopLevelSpec): Promise<{ svg: string; boxes: TextBox[] }> {
  measureWithFaces(chartFaceFiles());
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    const boxes: TextBox[] = [];
    collect((view.scenegraph() as unknown as { root: SceneMark }).root, 0, 0, boxes);
    return { svg, boxes };
  } finally {
    view.finalize();
  }
}

/** How far two convex polygons overlap along their least-overlapping axis (<= 0: apart). */
function penetration(a: [number, number][], b: [number, number][]): number {
  let least = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i];
      const [x2, y2] = poly[(i + 1) % poly.length];
      const len = Math.hypot(x2 - x1, y2 - y1);
      if (len === 0) continue;
      const [nx, ny] = [-(y2 - y1) / len, (x2 - x1) / len];
      const project = (p: [number, number][]) => p.map(([x, y]) => x * nx + y * ny);
      const pa = project(a);
      const pb = project(b);
      const overlap = Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb));
      least = Math.min(least, overlap);
    }
  }
  return least;
}

/** Pairs of texts that overlap by more than `tolerance` pixels. */
export function overlaps(boxes: readonly TextBox[], tolerance = 0.5): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (penetration(boxes[i].corners, boxes[j].corners) > tolerance) out.push([boxes[i].text, boxes[j].text]);
    }
  }
  return out;
}
