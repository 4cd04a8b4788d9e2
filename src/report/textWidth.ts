/**
 * Text measured as resvg draws it, for Vega's layout of the charts' SVG and PNG files.
 *
 * Vega sizes a chart from the width of its text: titles, labels, legends. In a browser it measures on
 * a canvas; here it has none, and its estimate (0.8 of the font size a character) is about a third
 * too wide for DejaVu Sans: a chart's title made its file some 200 px wider than what was drawn, and
 * the entries of a legend stood far apart. This reads the advance width of each character from the
 * faces the charts are drawn with (their `cmap` and `hmtx` tables), by weight and slant, and Vega lays
 * out with it (its textMetrics.width, a hook it offers for a measure of one's own). Kerning is not
 * applied: DejaVu Sans kerns few pairs, by a fraction of a pixel each at these sizes. Where the faces
 * are not installed, Vega keeps its estimate, as resvg then draws in a font of its own choosing.
 *
 * The report's page is unaffected: a browser lays the charts out with its own fonts. An SVG file
 * opened elsewhere is drawn in the viewer's sans-serif, which is seldom wider than DejaVu Sans (one of
 * the widest), so its text still fits where it was laid out.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import * as vega from 'vega';
import { glyphOf, Reader, tablesOf } from './trueType.js';

/** The advance widths of one face's characters, in ems. */
export class FaceMetrics {
  private readonly cache = new Map<number, number>();

  private constructor(
    private readonly r: Reader,
    private readonly cmap: { offset: number; length: number },
    private readonly hmtx: number,
    private readonly longMetrics: number,
    private readonly unitsPerEm: number,
  ) {}

  /** The metrics of a TrueType or OpenType face; null when the file lacks a table they need. */
  static read(bytes: Uint8Array): FaceMetrics | null {
    try {
      return FaceMetrics.readTables(bytes);
    } catch (e) {
      // A table pointing outside the file: not a face this can measure with.
      if (e instanceof RangeError) return null;
      throw e;
    }
  }

  private static readTables(bytes: Uint8Array): FaceMetrics | null {
    if (bytes.length < 12) return null;
    const r = new Reader(bytes);
    const t = tablesOf(r);
    const head = t?.get('head');
    const hhea = t?.get('hhea');
    const hmtx = t?.get('hmtx');
    const cmap = t?.get('cmap');
    if (!head || !hhea || !hmtx || !cmap || head.length < 54 || hhea.length < 36) return null;
    const unitsPerEm = r.u16(head.offset + 18);
    const longMetrics = r.u16(hhea.offset + 34);
    if (unitsPerEm === 0 || longMetrics === 0 || hmtx.length < 4 * longMetrics) return null;
    const m = new FaceMetrics(r, cmap, hmtx.offset, longMetrics, unitsPerEm);
    return m.glyphWidth(0x20) === null ? null : m;
  }

  /** The advance of code point `cp` in ems (the missing glyph's where the face has none); null if the face's map is not read. */
  private glyphWidth(cp: number): number | null {
    let w = this.cache.get(cp);
    if (w === undefined) {
      let g: number | null;
      try {
        g = glyphOf(this.r, this.cmap, cp);
      } catch (e) {
        // A character map read past its end for this character: the missing glyph.
        if (!(e instanceof RangeError)) throw e;
        g = 0;
      }
      if (g === null) return null;
      // Glyphs past the long metrics share the last advance (hmtx).
      w = this.r.u16(this.hmtx + 4 * Math.min(g, this.longMetrics - 1)) / this.unitsPerEm;
      this.cache.set(cp, w);
    }
    return w;
  }

  /** The width of `text` at `size` px: the sum of its characters' advances. */
  width(text: string, size: number): number {
    let ems = 0;
    for (const ch of text) ems += this.glyphWidth(ch.codePointAt(0)!) ?? 0;
    return ems * size;
  }
}

/** A chart family's faces: regular, bold, oblique, bold oblique (any may be missing). */
export interface Faces {
  regular: FaceMetrics;
  bold: FaceMetrics | null;
  oblique: FaceMetrics | null;
  boldOblique: FaceMetrics | null;
}

/** Which face a file of the family is, by its name (DejaVuSans-Bold.ttf: bold). */
function faceOf(file: string): keyof Faces {
  const name = basename(file).replace(/\.[ot]tf$/i, '');
  return name.endsWith('-BoldOblique') ? 'boldOblique' : name.endsWith('-Bold') ? 'bold' : name.endsWith('-Oblique') ? 'oblique' : 'regular';
}

/** The faces among `files` (DejaVuSans.ttf, DejaVuSans-Bold.ttf, ...), the first file of each; null without a regular face read. */
export function facesOf(files: readonly string[]): Faces | null {
  const read = (face: keyof Faces) => {
    const f = files.find((x) => faceOf(x) === face);
    return f ? FaceMetrics.read(readFileSync(f)) : null;
  };
  const regular = read('regular');
  return regular && { regular, bold: read('bold'), oblique: read('oblique'), boldOblique: read('boldOblique') };
}

/** A Vega text item's font, as far as its width depends on it. */
interface TextItem {
  fontSize?: number | string | null;
  /** Vega's `limit`: the most width the line is drawn in, cut with an ellipsis beyond it (0: none). */
  limit?: number | string | null;
  fontWeight?: number | string | null;
  fontStyle?: string | null;
}

/** Whether a CSS font weight draws in the bold face (600 and above, as browsers pick from two faces). */
function isBold(weight: TextItem['fontWeight']): boolean {
  if (weight === null || weight === undefined) return false;
  if (weight === 'bold' || weight === 'bolder') return true;
  const n = Number(weight);
  return Number.isFinite(n) && n >= 600;
}

/**
 * Vega's textMetrics.width over `faces`: the width of a line of a text item as drawn. Like Vega's own
 * measure, the line is trimmed, and a line that reaches the item's `limit` measures the limit: Vega
 * draws it cut to fit (its truncate, which asks this for the widths of the line's starts and cuts
 * where they reach the limit, cuts in the same place either way), and lays it out that wide.
 */
export function textWidthOf(faces: Faces): (item: TextItem, text: unknown) => number {
  return (item, text) => {
    const size = item.fontSize != null ? +item.fontSize || 0 : 11;
    const line = text == null ? '' : String(text).trim();
    if (size <= 0 || line === '') return 0;
    const bold = isBold(item.fontWeight);
    const slanted = item.fontStyle === 'italic' || item.fontStyle === 'oblique';
    const face = (bold && slanted ? faces.boldOblique : null) ?? (bold ? faces.bold : null) ?? (slanted ? faces.oblique : null) ?? faces.regular;
    const w = face.width(line, size);
    const limit = item.limit != null ? +item.limit || 0 : 0;
    return limit > 0 && w >= limit ? limit : w;
  };
}

/** Vega's text measure (vega-scenegraph's textMetrics, which Vega exports without a type for it). */
const metrics = (vega as unknown as { textMetrics: { width: (item: TextItem, text: unknown) => number } }).textMetrics;

let installed = false;

/** Have Vega measure text with the chart family's faces in `files`, once per process (see the module's comment). */
export function measureWithFaces(files: readonly string[]): void {
  if (installed) return;
  installed = true;
  const faces = facesOf(files);
  if (faces) metrics.width = textWidthOf(faces);
}
