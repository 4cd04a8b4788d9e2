import { Resvg } from '@resvg/resvg-js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, PngEncoder, scanlines } from '../../src/report/png.js';
import { chartFaceFiles, PngDrawer } from '../../src/report/render.js';

interface Chunk {
  type: string;
  data: Uint8Array;
  crcOk: boolean;
}

/** Split a PNG file into its chunks, checking each one's CRC (PNG specification, section 5.3). */
function chunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: Chunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    out.push({ type, data, crcOk: view.getUint32(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length)) });
    at += 12 + length;
  }
  return out;
}

/** The pixels of a PNG written by encodePng: 8-bit RGBA, every row unfiltered. */
function decode(png: Uint8Array): { width: number; height: number; rgba: Uint8Array } {
  const cs = chunks(png);
  const header = new DataView(cs[0].data.buffer, cs[0].data.byteOffset);
  const width = header.getUint32(0);
  const height = header.getUint32(4);
  const raw = inflateSync(Buffer.concat(cs.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    rgba.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, rgba };
}

const image = (() => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="37" height="21"><rect x="3" y="2" width="20" height="9" fill="#4c78a8"/><circle cx="28" cy="14" r="6" fill="#f58518" fill-opacity="0.5"/></svg>';
  const r = new Resvg(svg, { background: 'white', font: { loadSystemFonts: false } }).render();
  return { width: r.width, height: r.height, rgba: new Uint8Array(r.pixels) };
})();

describe('encodePng', () => {
  it('writes the signature, a header for 8-bit RGBA, the pixels and an end, every chunk with its CRC', () => {
    const png = encodePng(image.rgba, image.width, image.height);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const cs = chunks(png);
    expect(cs.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(cs.every((c) => c.crcOk)).toBe(true);
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, not interlaced.
    expect([...cs[0].data.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    expect(cs[2].data.length).toBe(0);
  });

  it('gives back exactly the pixels it was given, in both forms, an encoder reusing its rows for a smaller image', async () => {
    const encoder = new PngEncoder();
    const large = new Uint8Array(40 * 30 * 4).fill(7);
    expect(decode(await encoder.encode(large, 40, 30)).rgba.every((b) => b === 7)).toBe(true);
    for (const png of [encodePng(image.rgba, image.width, image.height), await encoder.encode(image.rgba, image.width, image.height)]) {
      const back = decode(png);
      expect([back.width, back.height]).toEqual([37, 21]);
      expect(Buffer.from(back.rgba).equals(Buffer.from(image.rgba))).toBe(true);
    }
  });

  it('hands zlib the rows a strip at a time, the last strip shorter, each row its own', async () => {
    // 1000 x 70: 4,001 bytes a row, 65 rows a 256 KB strip, so two strips of 65 and 5 rows.
    const [w, h] = [1000, 70];
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < rgba.length; i++) rgba[i] = (i * 7 + Math.floor(i / (w * 4)) * 13) & 255;
    const back = decode(await new PngEncoder().encode(rgba, w, h));
    expect([back.width, back.height]).toEqual([w, h]);
    expect(Buffer.from(back.rgba).equals(Buffer.from(rgba))).toBe(true);
  });

  it('refuses pixels that do not fill the image, and a second file while one is being compressed', async () => {
    expect(() => scanlines(image.rgba, image.width + 1, image.height)).toThrow(/38x21 RGBA image/);
    const encoder = new PngEncoder();
    const first = encoder.encode(image.rgba, image.width, image.height);
    await expect(encoder.encode(image.rgba, image.width, image.height)).rejects.toThrow(/one file at a time/);
    await first;
  });
});

describe('PngDrawer', () => {
  const chart = (text: string, colour: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><rect x="2" y="2" width="30" height="30" fill="${colour}"/><text x="40" y="24" font-family="sans-serif" font-size="13">${text}</text></svg>`;

  it('draws each chart with exactly the pixels resvg draws with the installed faces, at twice the size, in the order asked', async () => {
    const svgs = [chart('Attacker wins 61.3%', '#4c78a8'), chart('Württemberg − 3', '#f58518'), chart('Défense ≤ 2', '#54a24b')];
    const drawer = new PngDrawer();
    const pngs = await Promise.all(svgs.map((s) => drawer.draw(s)));
    await drawer.close();
    const font = { loadSystemFonts: chartFaceFiles().length === 0, fontFiles: chartFaceFiles(), defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };
    pngs.forEach((png, i) => {
      const expected = new Resvg(svgs[i], { font, background: 'white', fitTo: { mode: 'zoom', value: 2 } }).render();
      const got = decode(png);
      expect([got.width, got.height]).toEqual([320, 80]);
      expect(Buffer.from(got.rgba).equals(expected.pixels)).toBe(true);
    });
  });

  it('fails only the chart resvg cannot read; the others are drawn, close waits for them, and a chart asked for after close is refused', async () => {
    const drawer = new PngDrawer();
    const good = drawer.draw(chart('one', '#4c78a8'));
    const bad = drawer.draw('<svg this is not');
    const after = drawer.draw(chart('three', '#f58518'));
    let settled = 0;
    void good.then(() => settled++);
    void after.then(() => settled++);
    await expect(bad).rejects.toThrow();
    await drawer.close();
    expect(settled).toBe(2);
    expect(decode(await good).width).toBe(320);
    expect(decode(await after).width).toBe(320);
    await expect(drawer.draw(chart('four', '#000'))).rejects.toThrow(/after close/);
  });

  it('starts the charts in the order asked, two at a time', async () => {
    const drawer = new PngDrawer(2);
    const finished: number[] = [];
    // The first chart is much the largest: with two at a time the second and third end before it.
    const big = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900" fill="#4c78a8"/></svg>`;
    const all = [big, chart('b', '#f58518'), chart('c', '#54a24b')].map((s, i) => drawer.draw(s).then(() => finished.push(i)));
    await Promise.all(all);
    await drawer.close();
    expect(finished[finished.length - 1]).toBe(0);
    const one = new PngDrawer(1);
    const inTurn: number[] = [];
    await Promise.all([big, chart('b', '#f58518'), chart('c', '#54a24b')].map((s, i) => one.draw(s).then(() => inTurn.push(i))));
    await one.close();
    expect(inTurn).toEqual([0, 1, 2]);
  });

  it('draws with the installed faces when the cut ones cannot be written (no temporary folder)', async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = join(tmpdir(), 'no-such-folder', 'below');
    try {
      const drawer = new PngDrawer();
      const png = await drawer.draw(chart('Württemberg', '#4c78a8'));
      await drawer.close();
      expect(decode(png).width).toBe(320);
    } finally {
      process.env.TMPDIR = saved;
    }
  });
});
