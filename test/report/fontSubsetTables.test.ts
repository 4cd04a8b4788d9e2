/**
 * subsetFont on small fonts built here byte by byte (OpenType 1.9: the table directory, head, maxp,
 * loca, glyf, cmap formats 4 and 12, GSUB lookup types 1-4, 7 and 8): what the installed DejaVu faces
 * do not exercise. Each glyph's outline is a distinct run of bytes; a glyph is kept when its loca entry
 * spans bytes in the cut's glyf.
 */
import { describe, expect, it } from 'vitest';
import { subsetFont } from '../../src/report/fontSubset.js';

const u16 = (...xs: number[]) => xs.flatMap((x) => [(x >> 8) & 255, x & 255]);
const u32 = (...xs: number[]) => xs.flatMap((x) => [(x >>> 24) & 255, (x >> 16) & 255, (x >> 8) & 255, x & 255]);

/** A simple glyph: one contour's header and filler bytes marking which glyph it is. */
const simple = (g: number) => [...u16(1, 0, 0, 10, 10), ...new Array(10).fill(g & 255)];

/** A composite glyph of these components, each with its flags (MORE_COMPONENTS set but on the last). */
function composite(parts: { glyph: number; flags: number }[]): number[] {
  const out = [...u16(0xffff, 0, 0, 10, 10)];
  parts.forEach(({ glyph, flags }, i) => {
    const f = (flags & ~0x20) | (i < parts.length - 1 ? 0x20 : 0);
    out.push(...u16(f, glyph));
    out.push(...new Array(f & 0x0001 ? 4 : 2).fill(0));
    out.push(...new Array(f & 0x0008 ? 2 : f & 0x0040 ? 4 : f & 0x0080 ? 8 : 0).fill(0));
  });
  return out;
}

/** cmap with one (3,1) format 4 subtable mapping each code point to its glyph (one segment each). */
function cmap4(map: [number, number][]): number[] {
  const segs = [...map.map(([c, g]) => ({ start: c, end: c, delta: (g - c) & 0xffff })), { start: 0xffff, end: 0xffff, delta: 1 }];
  const n = segs.length;
  const sub = [...u16(4, 16 + 8 * n, 0, 2 * n, 0, 0, 0), ...u16(...segs.map((s) => s.end)), ...u16(0), ...u16(...segs.map((s) => s.start)), ...u16(...segs.map((s) => s.delta)), ...u16(...segs.map(() => 0))];
  return [...u16(0, 1), ...u16(3, 1), ...u32(12), ...sub];
}

/** cmap with one (3,10) format 12 subtable. */
function cmap12(map: [number, number][]): number[] {
  const sub = [...u16(12, 0), ...u32(16 + 12 * map.length, 0, map.length), ...map.flatMap(([c, g]) => u32(c, c, g))];
  return [...u16(0, 1), ...u16(3, 10), ...u32(12), ...sub];
}

/** Coverage format 1 of these glyphs. */
const cov = (gs: number[]) => [...u16(1, gs.length), ...u16(...gs)];

/** GSUB 1.0 with these lookups, each one subtable (its type and bytes, coverage offsets relative to it). */
function gsub(lookups: { type: number; sub: number[] }[]): number[] {
  const header = u16(1, 0, 10, 10, 10); // script and feature lists: empty, at the lookup list (unread)
  const list: number[] = [];
  const bodies: number[][] = [];
  let at = 2 + 2 * lookups.length;
  for (const l of lookups) {
    list.push(at);
    const lookup = [...u16(l.type, 0, 1, 8), ...l.sub];
    bodies.push(lookup);
    at += lookup.length;
  }
  return [...header, ...u16(lookups.length, ...list), ...bodies.flat()];
}

/** A whole font: `glyphs` outlines, a cmap, an optional GSUB; long loca. */
function font(glyphs: number[][], cmap: number[], gsubTable?: number[]): Uint8Array {
  const glyf: number[] = [];
  const loca: number[] = [];
  for (const g of glyphs) {
    loca.push(glyf.length);
    glyf.push(...g);
    while (glyf.length % 4) glyf.push(0);
  }
  loca.push(glyf.length);
  const head = new Array(54).fill(0);
  head.splice(0, 4, ...u32(0x00010000));
  head.splice(50, 2, ...u16(1));
  const tables: [string, number[]][] = [
    ['cmap', cmap],
    ['glyf', glyf],
    ['head', head],
    ['loca', u32(...loca)],
    ['maxp', [...u32(0x00005000), ...u16(glyphs.length)]],
    ...(gsubTable ? [['GSUB', gsubTable] as [string, number[]]] : []),
  ];
  tables.sort(([a], [b]) => (a < b ? -1 : 1));
  const out = [...u32(0x00010000), ...u16(tables.length, 0, 0, 0)];
  let at = 12 + 16 * tables.length;
  const body: number[] = [];
  for (const [tag, data] of tables) {
    out.push(...[...tag].map((c) => c.charCodeAt(0)), ...u32(0, at + body.length, data.length));
    body.push(...data);
    while (body.length % 4) body.push(0);
  }
  return Uint8Array.from([...out, ...body]);
}

/** The glyphs whose outlines a cut kept. */
function kept(cut: Uint8Array | null): number[] {
  expect(cut).not.toBeNull();
  const v = new DataView(cut!.buffer);
  const dir = new Map<string, number>();
  for (let i = 0; i < v.getUint16(4); i++) dir.set(String.fromCharCode(...cut!.subarray(12 + 16 * i, 16 + 16 * i)), v.getUint32(20 + 16 * i));
  const long = v.getInt16(dir.get('head')! + 50) === 1;
  const n = v.getUint16(dir.get('maxp')! + 4);
  const loca = dir.get('loca')!;
  const off = (g: number) => (long ? v.getUint32(loca + 4 * g) : 2 * v.getUint16(loca + 2 * g));
  return Array.from({ length: n }, (_, g) => g).filter((g) => off(g + 1) > off(g));
}

const glyphs = (n: number) => Array.from({ length: n }, (_, g) => simple(g));
const A = 0x41;

describe('subsetFont on fonts built byte by byte (OpenType cmap, loca, glyf, GSUB)', () => {
  it('finds glyphs through cmap format 4 alone and format 12 alone; glyph 0 (.notdef) always kept', () => {
    const map: [number, number][] = [[A, 3], [A + 1, 5], [0x1f600, 7]];
    expect(kept(subsetFont(font(glyphs(9), cmap4(map.slice(0, 2))), [A]))).toEqual([0, 3]);
    expect(kept(subsetFont(font(glyphs(9), cmap12(map)), [A + 1, 0x1f600]))).toEqual([0, 5, 7]);
  });

  it('keeps the components of a composite glyph, through each argument and transform size, and theirs', () => {
    const outlines = glyphs(10);
    outlines[2] = composite([
      { glyph: 4, flags: 0x0001 }, // words
      { glyph: 5, flags: 0x0008 }, // one scale
      { glyph: 6, flags: 0x0040 }, // x and y scales
      { glyph: 9, flags: 0x0081 }, // 2x2 and words
    ]);
    outlines[9] = composite([{ glyph: 8, flags: 0 }]);
    expect(kept(subsetFont(font(outlines, cmap4([[A, 2]])), [A]))).toEqual([0, 2, 4, 5, 6, 8, 9]);
  });

  it('follows GSUB single (delta and list), multiple, alternate and reverse-chaining substitutions from kept glyphs only', () => {
    const lookups = [
      { type: 1, sub: [...u16(1, 6, 10), ...cov([1])] }, // 1 -> 11
      { type: 1, sub: [...u16(2, 8, 1, 12), ...cov([2])] }, // 2 -> 12
      { type: 2, sub: [...u16(1, 14, 1, 8), ...u16(2, 13, 14), ...cov([3])] }, // 3 -> 13 14 (a sequence at 8, coverage at 14)
      { type: 3, sub: [...u16(1, 12, 1, 8), ...u16(1, 15), ...cov([4])] }, // 4 -> 15 (an alternate set at 8, coverage at 12)
      { type: 8, sub: [...u16(1, 12, 0, 0, 1, 16), ...cov([5])] }, // 5 -> 16
      { type: 1, sub: [...u16(1, 6, 10), ...cov([6])] }, // 6 -> 16, but 6 not kept
    ];
    const map: [number, number][] = [1, 2, 3, 4, 5].map((g) => [A + g, g]);
    expect(kept(subsetFont(font(glyphs(20), cmap4(map), gsub(lookups)), map.map(([c]) => c)))).toEqual([0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 16]);
  });

  it('keeps a ligature only when every component is kept, through an extension lookup (type 7), and chains substitutions', () => {
    // Ligature 1 + 2 -> 10; then 10 -> 17 by a single substitution wrapped in an extension.
    // Coverage at 8, the ligature set at 14, its one ligature 4 bytes into it.
    const ligature = { type: 4, sub: [...u16(1, 8, 1, 14), ...cov([1]), ...u16(1, 4), ...u16(10, 2, 2)] };
    const single = [...u16(1, 6, 7), ...cov([10])];
    const extension = { type: 7, sub: [...u16(1, 1), ...u32(8), ...single] };
    const f = font(glyphs(20), cmap4([[A, 1], [A + 1, 2]]), gsub([ligature, extension]));
    expect(kept(subsetFont(f, [A]))).toEqual([0, 1]);
    expect(kept(subsetFont(f, [A, A + 1]))).toEqual([0, 1, 2, 10, 17]);
  });
});
