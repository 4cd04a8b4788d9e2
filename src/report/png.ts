/**
 * PNG files from RGBA pixels (as resvg draws them), compressed by Node's zlib.
 *
 * resvg's own encoder takes longer to compress a chart than resvg takes to draw it; zlib at a low
 * level, on libuv's thread pool, writes files of about the same size in a fraction of the time. Every
 * row is stored unfiltered (filter type 0): a chart is mostly flat colour, which deflate alone packs
 * well, and choosing a filter per row would cost a pass over every byte in JavaScript.
 */
import { promisify } from 'node:util';
import { crc32, deflate, deflateSync, type ZlibOptions } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Level 3: a tenth larger than level 6 on the report's charts, in a third of the time. */
const DEFLATE: ZlibOptions = { level: 3 };
const deflateAsync = promisify(deflate);

/**
 * The rows of an RGBA image as a PNG's IDAT holds them before compression: a filter byte (0) and the
 * row; written into `into` when it is large enough (a report reuses one buffer for all its charts).
 */
export function scanlines(rgba: Uint8Array, width: number, height: number, into?: Uint8Array): Uint8Array {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`${rgba.length} bytes of pixels for a ${width}x${height} RGBA image (${stride * height} expected)`);
  const size = (stride + 1) * height;
  // Every byte is written below, so the buffer need not be zeroed first (a chart's is megabytes).
  const out = into && into.length >= size ? into.subarray(0, size) : Buffer.allocUnsafe(size);
  for (let y = 0; y < height; y++) {
    out[y * (stride + 1)] = 0;
    out.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The file: signature, header (8-bit RGBA, not interlaced), the compressed rows, end. */
export function pngFile(width: number, height: number, compressed: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', compressed), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  return pngFile(width, height, deflateSync(scanlines(rgba, width, height), DEFLATE));
}

/**
 * PNG files compressed on libuv's thread pool, one at a time, their rows laid out in one buffer kept
 * from file to file (so that a report's charts do not each leave megabytes for the collector).
 */
export class PngEncoder {
  private rows = new Uint8Array(0);
  private busy = false;

  async encode(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
    if (this.busy) throw new Error('PngEncoder: one file at a time');
    this.busy = true;
    try {
      const size = (width * 4 + 1) * height;
      if (this.rows.length < size) this.rows = Buffer.allocUnsafe(size);
      return pngFile(width, height, await deflateAsync(scanlines(rgba, width, height, this.rows), DEFLATE));
    } finally {
      this.busy = false;
    }
  }
}
