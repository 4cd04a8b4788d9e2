import { Resvg } from '@resvg/resvg-js';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePointsOf, subsetFont } from '../../src/report/fontSubset.js';
import { chartFaceFiles, ChartFonts } from '../../src/report/render.js';

const faces = chartFaceFiles();
const regular = faces.find((f) => /DejaVuSans\.ttf$/.test(f));

/** Draw `svg` with these face files (nothing else loaded) and return its pixels. */
function pixels(svg: string, fontFiles: string[]): Buffer {
  const font = { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };
  return new Resvg(svg, { font, background: 'white', fitTo: { mode: 'zoom', value: 2 } }).render().pixels;
}

const textSvg = (lines: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="${24 * lines.length + 10}">${lines
    .map((l, i) => {
      const style = ['', 'font-weight="bold"', 'font-style="italic"', 'font-weight="bold" font-style="italic"'][i % 4];
      return `<text x="6" y="${24 * (i + 1)}" font-family="sans-serif" font-size="14" ${style}>${l}</text>`;
    })
    .join('')}</svg>`;

const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at);
const u16 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint16(at);

function tables(font: Uint8Array): Map<string, { offset: number; length: number; checksum: number }> {
  const out = new Map();
  for (let i = 0; i < u16(font, 4); i++) {
    const at = 12 + 16 * i;
    out.set(String.fromCharCode(...font.subarray(at, at + 4)), { checksum: u32(font, at + 4), offset: u32(font, at + 8), length: u32(font, at + 12) });
  }
  return out;
}

function sum(font: Uint8Array, from: number, length: number): number {
  let s = 0;
  for (let at = from; at < from + ((length + 3) & ~3); at += 4) s = (s + u32(font, at)) >>> 0;
  return s;
}

describe('codePointsOf', () => {
  it('reads every character once, characters outside the Basic Multilingual Plane whole, and XML character references', () => {
    expect([...codePointsOf('aab 𝔸 &#8722; &#x2014;')].sort((a, b) => a - b)).toEqual([0x20, 0x23, 0x26, 0x30, 0x31, 0x32, 0x34, 0x37, 0x38, 0x3b, 0x61, 0x62, 0x78, 0x2014, 0x2212, 0x1d538]);
  });

  it('adds what a shaper may draw instead: a precomposed letter decomposed, a letter and its accent composed', () => {
    expect([...codePointsOf('é')].sort((a, b) => a - b)).toEqual([0x65, 0xe9, 0x301]);
    expect([...codePointsOf('e\u0301')].sort((a, b) => a - b)).toEqual([0x65, 0xe9, 0x301]);
    expect([...codePointsOf('&#233;')]).toContain(0x301);
    expect([...codePointsOf('plain ASCII')].sort((a, b) => a - b)).toEqual([...new Set('plain ASCII')].map((c) => c.charCodeAt(0)).sort((a, b) => a - b));
  });
});

describe.skipIf(!regular)('subsetFont (DejaVu Sans, as the charts are drawn)', () => {
  const lines = [
    'Attacker wins 62.5% (±1.4) — 3×2 ≤ 4 − 1',
    'Württemberg Łódź Ærø naïve façade ﬁ ffi fl',
    'Ελληνικά Кириллица',
    'عربي متصل',
    'e\u0301 a\u0308 o\u0323\u0302',
    'AVAWAY To. Ty, Vo',
  ];

  it('draws text with exactly the pixels of the whole faces, shaping, kerning and joining included', () => {
    const svg = textSvg(lines);
    const fonts = new ChartFonts(faces);
    try {
      const cut = fonts.cover(svg).fontFiles!;
      expect(cut).not.toEqual(faces);
      expect(pixels(svg, cut).equals(pixels(svg, faces))).toBe(true);
    } finally {
      fonts.dispose();
    }
  });

  it('keeps the glyph numbering and is a valid font (table checksums and the whole-file adjustment)', () => {
    const original = readFileSync(regular!);
    const cut = subsetFont(original, codePointsOf(lines.join('')))!;
    expect(cut.length).toBeLessThan(original.length / 4);
    const t = tables(cut);
    expect(u16(cut, t.get('maxp')!.offset + 4)).toBe(u16(original, tables(original).get('maxp')!.offset + 4));
    for (const [tag, { offset, length, checksum }] of t) if (tag !== 'head') expect(sum(cut, offset, length), tag).toBe(checksum);
    expect(sum(cut, 0, cut.length)).toBe(0xb1b0afba);
    expect(u32(cut, t.get('post')!.offset)).toBe(0x00030000);
    for (const gone of ['fpgm', 'prep', 'cvt ', 'MATH']) expect(t.has(gone)).toBe(false);
    expect(t.has('kern')).toBe(true);
  });

  it('draws the characters it was cut for, and nothing for the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-font-'));
    const file = join(dir, 'cut.ttf');
    writeFileSync(file, subsetFont(readFileSync(regular!), codePointsOf('abc'))!);
    const blank = pixels('<svg xmlns="http://www.w3.org/2000/svg" width="420" height="34"/>', [file]);
    expect(pixels(textSvg(['xyz']), [file]).equals(blank)).toBe(true);
    expect(pixels(textSvg(['abc']), [file]).equals(blank)).toBe(false);
    expect(pixels(textSvg(['abc']), [file]).equals(pixels(textSvg(['abc']), [regular!]))).toBe(true);
  });

  it('refuses what it cannot cut: not TrueType outlines, a truncated file, no Unicode cmap subtable, glyph offsets out of order', () => {
    const original = readFileSync(regular!);
    const otto = Uint8Array.from(original);
    otto.set([0x4f, 0x54, 0x54, 0x4f], 0);
    expect(subsetFont(otto, [65])).toBeNull();
    expect(subsetFont(original.subarray(0, 10), [65])).toBeNull();
    expect(subsetFont(original.subarray(0, 4000), [65])).toBeNull();
    // cmap (OpenType cmap, encoding records): every subtable made a Macintosh one, none read.
    const mac = Uint8Array.from(original);
    const cmap = tables(mac).get('cmap')!.offset;
    for (let i = 0; i < u16(mac, cmap + 2); i++) new DataView(mac.buffer).setUint16(cmap + 4 + 8 * i, 1);
    expect(subsetFont(mac, [65])).toBeNull();
    // loca (long offsets, as head.indexToLocFormat says): glyph 10 ending before it starts.
    const swapped = Uint8Array.from(original);
    const loca = tables(swapped).get('loca')!.offset;
    const view = new DataView(swapped.buffer);
    view.setUint32(loca + 4 * 10, view.getUint32(loca + 4 * 12));
    expect(subsetFont(swapped, [65])).toBeNull();
    expect(subsetFont(original, [65])).not.toBeNull();
  });
});

describe.skipIf(!regular)('ChartFonts', () => {
  it('cuts the faces once for what the charts draw, again only for a character not yet covered, and removes its files (at exit too, until disposed)', () => {
    const exits = process.listenerCount('exit');
    const fonts = new ChartFonts(faces);
    const first = fonts.cover('<text>Attack 50%</text>');
    expect(process.listenerCount('exit')).toBe(exits + 1);
    expect(fonts.cover('<text>Defence − 12</text>')).toBe(first);
    const again = fonts.cover('<text>Württemberg</text>');
    expect(again).not.toBe(first);
    for (const f of [...first.fontFiles!, ...again.fontFiles!]) expect(existsSync(f)).toBe(true);
    fonts.dispose();
    expect(process.listenerCount('exit')).toBe(exits);
    for (const f of [...first.fontFiles!, ...again.fontFiles!]) expect(existsSync(f)).toBe(false);
  });

  it('falls back to the system fonts where the family is not installed', () => {
    const fonts = new ChartFonts([]);
    expect(fonts.cover('abc')).toMatchObject({ loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' });
    fonts.dispose();
  });
});
