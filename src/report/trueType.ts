/**
 * Reading TrueType (and OpenType) fonts: the table directory and the character map. What
 * src/report/fontSubset.ts cuts and src/report/textWidth.ts measures with.
 */

export interface Table {
  offset: number;
  length: number;
}

export class Reader {
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16(at: number): number {
    return this.view.getUint16(at);
  }
  i16(at: number): number {
    return this.view.getInt16(at);
  }
  u32(at: number): number {
    return this.view.getUint32(at);
  }
}

/** The font's tables by tag; null when the file is not a TrueType or OpenType font this reads. */
export function tablesOf(r: Reader): Map<string, Table> | null {
  const version = r.u32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) return null;
  const tables = new Map<string, Table>();
  const count = r.u16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(r.bytes[at], r.bytes[at + 1], r.bytes[at + 2], r.bytes[at + 3]);
    const t = { offset: r.u32(at + 8), length: r.u32(at + 12) };
    if (t.offset + t.length > r.bytes.length) return null;
    tables.set(tag, t);
  }
  return tables;
}

/**
 * The glyph of code point `cp` in the Unicode subtables of `cmap` in format 4 (the Basic Multilingual
 * Plane) or 12 (all planes), the first that has one; 0 (the missing glyph) when none has, and null
 * when the font has no subtable in those formats.
 */
export function glyphOf(r: Reader, cmap: Table, cp: number): number | null {
  let read = false;
  for (const sub of unicodeSubtables(r, cmap)) {
    read = true;
    const g = glyphIn(r, sub, cp);
    if (g !== 0) return g;
  }
  return read ? 0 : null;
}

/** Where each Unicode subtable of `cmap` in format 4 or 12 starts. */
export function unicodeSubtables(r: Reader, cmap: Table): number[] {
  const found: number[] = [];
  const count = r.u16(cmap.offset + 2);
  for (let i = 0; i < count; i++) {
    const rec = cmap.offset + 4 + 8 * i;
    const platform = r.u16(rec);
    const encoding = r.u16(rec + 2);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const sub = cmap.offset + r.u32(rec + 4);
    const format = r.u16(sub);
    if (format === 4 || format === 12) found.push(sub);
  }
  return found;
}

/** The glyph of `cp` in one subtable of unicodeSubtables' (0: none). */
export function glyphIn(r: Reader, sub: number, cp: number): number {
  return r.u16(sub) === 4 ? format4(r, sub, cp) : format12(r, sub, cp);
}

function format4(r: Reader, sub: number, cp: number): number {
  if (cp > 0xffff) return 0;
  const segCount = r.u16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segCount + 2;
  const deltas = starts + 2 * segCount;
  const rangeOffsets = deltas + 2 * segCount;
  for (let s = 0; s < segCount; s++) {
    if (cp > r.u16(ends + 2 * s)) continue;
    const start = r.u16(starts + 2 * s);
    if (cp < start) return 0;
    const delta = r.u16(deltas + 2 * s);
    const rangeOffset = r.u16(rangeOffsets + 2 * s);
    if (rangeOffset === 0) return (cp + delta) & 0xffff;
    const g = r.u16(rangeOffsets + 2 * s + rangeOffset + 2 * (cp - start));
    return g === 0 ? 0 : (g + delta) & 0xffff;
  }
  return 0;
}

function format12(r: Reader, sub: number, cp: number): number {
  const groups = r.u32(sub + 12);
  for (let i = 0; i < groups; i++) {
    const at = sub + 16 + 12 * i;
    const start = r.u32(at);
    if (cp >= start && cp <= r.u32(at + 4)) return r.u32(at + 8) + (cp - start);
  }
  return 0;
}
