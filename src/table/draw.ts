/**
 * Pictures of the engagement lane, as SVG markup, for the traces of the miniatures systems: the lane
 * with its terrain and a ruler, units as rectangles at their footprints, arrows, distances. Pure string
 * building, knowing no rule system: a rule system says what to draw (which bodies, which colours,
 * which labels and badges) and this module says where.
 *
 * The picture: the lane's axis runs left to right (x), its width bottom to top (y, +y up, so a body
 * facing +x has its left side up). One ground unit is `scale` pixels.
 */
import { escapeHtml as esc } from '../core/escape.js';
import { type Body, axialMax, axialMin, lateralMax, lateralMin } from './body.js';
import type { Lane } from './lane.js';
import type { TerrainInterval } from './terrain.js';

export interface LaneLayout {
  /** Pixels per ground unit. */
  scale: number;
  /** Size of the whole picture in pixels. */
  width: number;
  height: number;
  /** The margin around the lane, in pixels (room for the ruler and labels). */
  margin: number;
  lane: Lane;
}

/** A layout that draws the lane `width` pixels wide at most (the height follows the lane's width). */
export function laneLayout(lane: Lane, width = 960, margin = 28): LaneLayout {
  const scale = (width - 2 * margin) / (lane.xMax - lane.xMin);
  return { scale, width, height: Math.round(lane.width * scale + 2 * margin + 22), margin, lane };
}

/** Picture x of lane position x. */
export function px(l: LaneLayout, x: number): number {
  return l.margin + (x - l.lane.xMin) * l.scale;
}

/** Picture y of lateral position y (+y up). */
export function py(l: LaneLayout, y: number): number {
  return l.margin + (l.lane.width / 2 - y) * l.scale;
}

const f1 = (v: number) => String(Math.round(v * 10) / 10);

/** Colours of the terrain kinds the rule systems use; any other kind is drawn grey. */
export const TERRAIN_FILL: Readonly<Record<string, string>> = {
  village: '#c9a27a',
  town: '#c9a27a',
  buildings: '#c9a27a',
  woods: '#7fae6e',
  lightWoods: '#a7c896',
  rough: '#cbbf8f',
  crest: '#b89f6a',
  hill: '#d8c89b',
  marsh: '#9fc1b4',
  field: '#e7dca5',
};

/** Kinds drawn as lines across the lane (obstacles met by crossing them), with their colour and width. */
export const TERRAIN_LINE: Readonly<Record<string, { stroke: string; width: number; dash?: string }>> = {
  stream: { stroke: '#3b8fd9', width: 5 },
  river: { stroke: '#2a6fb8', width: 9 },
  ford: { stroke: '#7db4e6', width: 5, dash: '6 4' },
  hedge: { stroke: '#3e7a2f', width: 4, dash: '3 2' },
  wall: { stroke: '#6b6b6b', width: 4 },
  ditch: { stroke: '#8a6440', width: 3, dash: '2 3' },
  crest: { stroke: '#8a6440', width: 3, dash: '1 4' },
};

/** The lateral extent of a terrain interval, clipped to the lane. */
function lateral(l: LaneLayout, t: TerrainInterval): [number, number] {
  const half = l.lane.width / 2;
  return [Math.max(-half, t.yMin ?? -half), Math.min(half, t.yMax ?? half)];
}

/** A tick spacing for the ruler: about `ticks` ticks along the lane, on 1, 2 or 5 times a power of ten. */
export function tickStep(length: number, ticks = 10): number {
  const raw = length / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/**
 * The fixed part of a lane picture: the lane, its terrain (areas filled, lines drawn across, each with
 * its kind as a tooltip and a label), and a ruler under it in ground units (and yards, if given).
 */
export function laneBackground(l: LaneLayout, terrain: readonly TerrainInterval[], unit: string, yardsPerUnit?: number): string {
  const { lane } = l;
  const out: string[] = [];
  const top = py(l, lane.width / 2);
  const bottom = py(l, -lane.width / 2);
  out.push(`<rect x="${f1(px(l, lane.xMin))}" y="${f1(top)}" width="${f1((lane.xMax - lane.xMin) * l.scale)}" height="${f1(lane.width * l.scale)}" fill="${TABLE_FILL}" stroke="#b9b39a"/>`);
  for (const t of terrain) {
    const [y0, y1] = lateral(l, t);
    const title = `<title>${esc(`${t.kind}: ${f1(t.from)}${t.to !== t.from ? `–${f1(t.to)}` : ''} ${unit}`)}</title>`;
    if (t.to > t.from) {
      const fill = TERRAIN_FILL[t.kind] ?? '#cfcfcf';
      out.push(
        `<g class="terrain">${title}<rect x="${f1(px(l, t.from))}" y="${f1(py(l, y1))}" width="${f1((t.to - t.from) * l.scale)}" height="${f1((y1 - y0) * l.scale)}" fill="${fill}" opacity="0.75"/>` +
          `<text class="tkind" x="${f1(px(l, (t.from + t.to) / 2))}" y="${f1(py(l, y1) + 11)}">${esc(t.kind)}</text></g>`,
      );
    } else {
      const s = TERRAIN_LINE[t.kind] ?? { stroke: '#555', width: 3 };
      out.push(
        `<g class="terrain">${title}<line x1="${f1(px(l, t.from))}" y1="${f1(py(l, y1))}" x2="${f1(px(l, t.from))}" y2="${f1(py(l, y0))}" stroke="${s.stroke}" stroke-width="${s.width}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>` +
          `<text class="tkind" x="${f1(px(l, t.from) + 3)}" y="${f1(py(l, y1) + 11)}" text-anchor="start">${esc(t.kind)}</text></g>`,
      );
    }
  }
  // The ruler: a tick every step, labelled in ground units and, where known, yards.
  const step = tickStep(lane.xMax - lane.xMin);
  const y = bottom + 6;
  out.push(`<line x1="${f1(px(l, lane.xMin))}" y1="${f1(y)}" x2="${f1(px(l, lane.xMax))}" y2="${f1(y)}" stroke="#777"/>`);
  for (let x = Math.ceil(lane.xMin / step) * step; x <= lane.xMax + 1e-9; x += step) {
    const yards = yardsPerUnit ? ` (${Math.round(x * yardsPerUnit)} yd)` : '';
    out.push(`<line x1="${f1(px(l, x))}" y1="${f1(y)}" x2="${f1(px(l, x))}" y2="${f1(y + 5)}" stroke="#777"/><text class="ruler" x="${f1(px(l, x))}" y="${f1(y + 16)}">${esc(`${f1(x)}${unit}${yards}`)}</text>`);
  }
  return out.join('');
}

/** One unit to draw: its footprint, colours, words and state. */
export interface BodyMark {
  body: Body;
  fill: string;
  /** Short name, inside or beside the rectangle. */
  label: string;
  /** A second line: formation, strength. */
  sublabel?: string;
  /** A small badge at the rear corner (a cohesion level's letter) and its colour. */
  badge?: string;
  badgeFill?: string;
  /** Tooltip: everything about the unit. */
  title: string;
  /** Gone (removed, routed off): drawn faded with a cross. */
  gone?: boolean;
}

/** Font sizes of a unit's name and second line (.ulbl, .usub below). */
const LABEL_PX = 10.5;
/** The table's colour (laneBackground), for haloes that keep words readable over bodies. */
export const TABLE_FILL = '#eef0e2';
const SUBLABEL_PX = 9;

/**
 * The width of `text` at `px`, estimated at 0.62 em a character: about DejaVu Sans Bold's mean (the
 * face a browser without Arial Narrow falls back to, the widest of those the page names); a name of
 * wide capitals runs a little over it.
 */
export function labelWidth(text: string, px: number): number {
  return text.length * 0.62 * px;
}

/** A unit as a rectangle at its footprint; the front edge drawn thick, so its facing shows. */
export function bodySvg(l: LaneLayout, m: BodyMark): string {
  const b = m.body;
  const x0 = px(l, axialMin(b));
  const x1 = px(l, axialMax(b));
  const yTop = py(l, lateralMax(b));
  const yBot = py(l, lateralMin(b));
  const w = Math.max(2, x1 - x0);
  const h = Math.max(2, yBot - yTop);
  const fx = px(l, b.front);
  const parts = [
    `<title>${esc(m.title)}</title>`,
    `<rect x="${f1(x0)}" y="${f1(yTop)}" width="${f1(w)}" height="${f1(h)}" fill="${m.fill}" stroke="#222" stroke-width="1"${m.gone ? ' opacity="0.3"' : ''}/>`,
    `<line x1="${f1(fx)}" y1="${f1(yTop)}" x2="${f1(fx)}" y2="${f1(yBot)}" stroke="#111" stroke-width="3"${m.gone ? ' opacity="0.3"' : ''}/>`,
  ];
  if (m.gone) parts.push(`<path d="M${f1(x0)},${f1(yTop)}L${f1(x0 + w)},${f1(yTop + h)}M${f1(x0 + w)},${f1(yTop)}L${f1(x0)},${f1(yTop + h)}" stroke="#c1121f" stroke-width="2"/>`);
  // Words across a rectangle wide enough for them; along one taller than wide (a column seen from
  // above, a battalion in line end-on) when they fit its length; else above it.
  const words = Math.max(labelWidth(m.label, LABEL_PX), m.sublabel ? labelWidth(m.sublabel, SUBLABEL_PX) : 0);
  const across = h >= 22 && words <= w - 4;
  // Along the body, clear of the badge at its top corner (14 px).
  const badgeRoom = m.badge ? 14 : 0;
  const along = !across && w >= 22 && words <= h - 6 - badgeRoom;
  const tx = x0 + w / 2;
  if (along) {
    const cy = yTop + badgeRoom + (h - badgeRoom) / 2;
    const lines = [`<text class="ulbl" x="0" y="${m.sublabel ? -1 : 4}">${esc(m.label)}</text>`];
    if (m.sublabel) lines.push(`<text class="usub" x="0" y="10">${esc(m.sublabel)}</text>`);
    parts.push(`<g transform="translate(${f1(tx)},${f1(cy)}) rotate(-90)">${lines.join('')}</g>`);
  } else {
    const ty = across ? yTop + h / 2 - (m.sublabel ? 3 : -4) : yTop - (m.sublabel ? 14 : 4);
    parts.push(`<text class="ulbl${across ? '' : ' out'}" x="${f1(tx)}" y="${f1(ty)}">${esc(m.label)}</text>`);
    if (m.sublabel) parts.push(`<text class="usub${across ? '' : ' out'}" x="${f1(tx)}" y="${f1(ty + 11)}">${esc(m.sublabel)}</text>`);
  }
  if (m.badge) {
    const bx = px(l, b.front - b.facing * b.depth) + (b.facing > 0 ? 7 : -7);
    parts.push(`<circle cx="${f1(bx)}" cy="${f1(yTop + 7)}" r="6.5" fill="${m.badgeFill ?? '#c1121f'}"/><text class="badge" x="${f1(bx)}" y="${f1(yTop + 10.5)}">${esc(m.badge)}</text>`);
  }
  return `<g class="unit">${parts.join('')}</g>`;
}

/** An arrow on the lane from one point to another (lane coordinates), with its colour, dashed or not. */
export function arrowSvg(l: LaneLayout, from: { x: number; y: number }, to: { x: number; y: number }, colour: string, dashed = false, title?: string): string {
  const x0 = px(l, from.x), y0 = py(l, from.y), x1 = px(l, to.x), y1 = py(l, to.y);
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len < 1) return '';
  const ux = (x1 - x0) / len, uy = (y1 - y0) / len;
  const hx = x1 - ux * 9, hy = y1 - uy * 9;
  const head = `M${f1(x1)},${f1(y1)}L${f1(hx - uy * 5)},${f1(hy + ux * 5)}L${f1(hx + uy * 5)},${f1(hy - ux * 5)}z`;
  return `<g class="arrow">${title ? `<title>${esc(title)}</title>` : ''}<line x1="${f1(x0)}" y1="${f1(y0)}" x2="${f1(hx)}" y2="${f1(hy)}" stroke="${colour}" stroke-width="3"${dashed ? ' stroke-dasharray="6 4"' : ''}/><path d="${head}" fill="${colour}"/></g>`;
}

/** A dimension line between two positions along the lane at lateral y, labelled with the distance. */
export function distanceSvg(l: LaneLayout, xA: number, xB: number, y: number, unit: string): string {
  const a = px(l, Math.min(xA, xB)), b = px(l, Math.max(xA, xB)), yy = py(l, y);
  const d = Math.abs(xB - xA);
  return (
    `<g class="dist"><line x1="${f1(a)}" y1="${f1(yy)}" x2="${f1(b)}" y2="${f1(yy)}" stroke="#555" stroke-dasharray="2 2"/>` +
    `<line x1="${f1(a)}" y1="${f1(yy - 4)}" x2="${f1(a)}" y2="${f1(yy + 4)}" stroke="#555"/><line x1="${f1(b)}" y1="${f1(yy - 4)}" x2="${f1(b)}" y2="${f1(yy + 4)}" stroke="#555"/>` +
    `<text class="dlbl" x="${f1((a + b) / 2)}" y="${f1(yy - 3)}">${esc(`${f1(d)}${unit}`)}</text></g>`
  );
}

/** The styles of the classes this module's markup uses. */
export const LANE_CSS = `
.tkind{font-size:10px;fill:#4a4a4a;text-anchor:middle;font-style:italic;pointer-events:none}
.ruler{font-size:9.5px;fill:#555;text-anchor:middle}
.ulbl{font-size:10.5px;font-weight:700;fill:#fff;text-anchor:middle;font-family:"Arial Narrow",Arial,sans-serif;pointer-events:none}
.usub{font-size:9px;fill:#fff;text-anchor:middle;font-family:"Arial Narrow",Arial,sans-serif;pointer-events:none}
.ulbl.out,.usub.out{fill:#222}
.badge{font-size:9px;font-weight:800;fill:#fff;text-anchor:middle;font-family:Arial,sans-serif;pointer-events:none}
.dlbl{font-size:10px;fill:#333;text-anchor:middle}
`;

/** Legend swatches for the terrain kinds present. */
export function terrainLegend(kinds: Iterable<string>): { svg: string; text: string }[] {
  const out: { svg: string; text: string }[] = [];
  for (const k of new Set(kinds)) {
    const line = TERRAIN_LINE[k];
    const inner = line
      ? `<line x1="17" y1="2" x2="17" y2="20" stroke="${line.stroke}" stroke-width="${line.width}"${line.dash ? ` stroke-dasharray="${line.dash}"` : ''}/>`
      : `<rect width="34" height="22" fill="${TERRAIN_FILL[k] ?? '#cfcfcf'}" opacity="0.75" stroke="#b9b39a"/>`;
    out.push({ svg: `<svg width="34" height="22" viewBox="0 0 34 22" aria-hidden="true">${inner}</svg>`, text: k });
  }
  return out;
}
