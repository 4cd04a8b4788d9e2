/**
 * A TrueType font cut down to the characters a set of charts draws, for resvg.
 *
 * resvg (as @resvg/resvg-js 2.6 builds it) keeps a font loaded from a file as that file's path and
 * reads the whole file again for every glyph it shapes or outlines: with DejaVu Sans (760 KB) a chart's
 * few hundred glyphs cost more than drawing the chart. A copy whose unused outlines are empty is a
 * fifth of the size and draws the same pixels.
 *
 * Glyph numbers are kept as they are, so every table that speaks of glyphs (cmap, hmtx, GSUB, GPOS,
 * kern, GDEF) is copied unchanged and shaping, kerning and metrics are exactly the original's. What
 * changes: `glyf` keeps the outlines of the glyphs the characters can reach (through cmap, through any
 * GSUB substitution, ignoring context so as to keep too many rather than too few, and through
 * composite glyphs' components) and `loca` points the others at nothing; `post` drops its glyph names
 * (version 3); tables only a hinting rasterizer or a maths layout reads are left out (the outlines
 * keep their instructions, so the cut is for resvg, which does not hint, not for a hinting rasterizer).
 *
 * Only fonts with TrueType outlines are cut (`glyf`); for any other, or a file this does not
 * understand, `subsetFont` returns null and the caller uses the original.
 */

import { glyphIn, Reader, tablesOf, unicodeSubtables, type Table } from './trueType.js';

/**
 * Tables no one drawing with resvg reads: hinting programs and their tables (resvg does not hint; a
 * hinting rasterizer would find the glyphs' instructions without them), maths layout, tool stamps.
 */
const DROPPED = new Set(['cvt ', 'fpgm', 'prep', 'gasp', 'hdmx', 'LTSH', 'VDMX', 'MATH', 'FFTM', 'DSIG']);

/** Where each glyph's outline starts and ends in `glyf` (numGlyphs + 1 offsets). */
function glyphOffsets(r: Reader, loca: Table, longFormat: boolean, numGlyphs: number): number[] {
  const offsets: number[] = [];
  for (let g = 0; g <= numGlyphs; g++) offsets.push(longFormat ? r.u32(loca.offset + 4 * g) : 2 * r.u16(loca.offset + 2 * g));
  return offsets;
}

/**
 * The glyph of each wanted code point, from every Unicode subtable of `cmap` in format 4 (the Basic
 * Multilingual Plane) or 12 (all planes); null when there is none in those formats.
 */
function cmapGlyphs(r: Reader, cmap: Table, codePoints: Iterable<number>): Set<number> | null {
  const subtables = unicodeSubtables(r, cmap);
  // No Unicode subtable this reads: every character's glyph unknown, so no cut.
  if (subtables.length === 0) return null;
  const found = new Set<number>();
  const wanted = [...codePoints];
  for (const sub of subtables) {
    for (const cp of wanted) {
      const g = glyphIn(r, sub, cp);
      if (g !== 0) found.add(g);
    }
  }
  return found;
}

/** The glyphs a Coverage table lists, in coverage order (formats 1 and 2). */
function coverage(r: Reader, at: number): number[] {
  const format = r.u16(at);
  const glyphs: number[] = [];
  if (format === 1) {
    const n = r.u16(at + 2);
    for (let i = 0; i < n; i++) glyphs.push(r.u16(at + 4 + 2 * i));
  } else if (format === 2) {
    const n = r.u16(at + 2);
    for (let i = 0; i < n; i++) {
      const rec = at + 4 + 6 * i;
      for (let g = r.u16(rec); g <= r.u16(rec + 2); g++) glyphs.push(g);
    }
  }
  return glyphs;
}

/** A list of u16 offsets (from `base`) counted at `at`. */
function offsets16(r: Reader, base: number, at: number): number[] {
  const n = r.u16(at);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(base + r.u16(at + 2 + 2 * i));
  return out;
}

function u16s(r: Reader, at: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(r.u16(at + 2 * i));
  return out;
}

/**
 * Add to `keep` every glyph a substitution of one of GSUB's lookups can produce from glyphs already
 * kept, until nothing more is added. Context (lookup types 5 and 6) is ignored: the lookups they call
 * are in the same list and are followed as if any context matched.
 */
function gsubClosure(r: Reader, gsub: Table, keep: Set<number>): void {
  const lookupList = gsub.offset + r.u16(gsub.offset + 8);
  const subtables: { type: number; at: number }[] = [];
  for (const lookup of offsets16(r, lookupList, lookupList)) {
    const type = r.u16(lookup);
    for (let at of offsets16(r, lookup, lookup + 4)) {
      let t = type;
      if (t === 7) {
        t = r.u16(at + 2);
        at += r.u32(at + 4);
      }
      if (t <= 4 || t === 8) subtables.push({ type: t, at });
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    const add = (g: number) => {
      if (!keep.has(g)) {
        keep.add(g);
        grew = true;
      }
    };
    for (const { type, at } of subtables) {
      const format = r.u16(at);
      const covered = coverage(r, at + r.u16(at + 2));
      if (type === 1 && format === 1) {
        const delta = r.i16(at + 4);
        for (const g of covered) if (keep.has(g)) add((g + delta) & 0xffff);
      } else if (type === 1 && format === 2) {
        covered.forEach((g, i) => keep.has(g) && add(r.u16(at + 6 + 2 * i)));
      } else if (type === 2 || type === 3) {
        // A sequence (multiple) or a set of alternates per covered glyph: a count and the glyphs.
        const sets = offsets16(r, at, at + 4);
        covered.forEach((g, i) => {
          if (keep.has(g)) for (const out of u16s(r, sets[i] + 2, r.u16(sets[i]))) add(out);
        });
      } else if (type === 4) {
        const sets = offsets16(r, at, at + 4);
        covered.forEach((g, i) => {
          if (!keep.has(g)) return;
          for (const lig of offsets16(r, sets[i], sets[i])) {
            const components = u16s(r, lig + 4, r.u16(lig + 2) - 1);
            if (components.every((c) => keep.has(c))) add(r.u16(lig));
          }
        });
      } else if (type === 8) {
        const backtrack = r.u16(at + 4);
        const lookahead = r.u16(at + 6 + 2 * backtrack);
        const subs = at + 10 + 2 * backtrack + 2 * lookahead;
        covered.forEach((g, i) => keep.has(g) && add(r.u16(subs + 2 * i)));
      }
    }
  }
}

/** Add the components of every kept composite glyph (and theirs), so that each draws whole. */
function componentClosure(r: Reader, glyf: Table, offsets: number[], keep: Set<number>): void {
  const todo = [...keep];
  while (todo.length) {
    const g = todo.pop()!;
    const start = glyf.offset + offsets[g];
    if (offsets[g + 1] <= offsets[g] || r.i16(start) >= 0) continue;
    let at = start + 10;
    for (let more = true; more; ) {
      const flags = r.u16(at);
      const component = r.u16(at + 2);
      if (component < offsets.length - 1 && !keep.has(component)) {
        keep.add(component);
        todo.push(component);
      }
      at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
      more = (flags & 0x0020) !== 0;
    }
  }
}

function checksum(bytes: Uint8Array, from: number, length: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  const end = from + ((length + 3) & ~3);
  for (let at = from; at < end; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

/** A sfnt file from its tables: the directory sorted by tag, each table 4-byte aligned, checksums set. */
function writeFont(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const n = tags.length;
  let size = 12 + 16 * n;
  for (const t of tags) size += (tables.get(t)!.length + 3) & ~3;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const selector = Math.floor(Math.log2(n));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, n);
  view.setUint16(6, 16 << selector);
  view.setUint16(8, selector);
  view.setUint16(10, 16 * n - (16 << selector));
  let at = 12 + 16 * n;
  let headAt = -1;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const rec = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
    out.set(data, at);
    if (tag === 'head') {
      headAt = at;
      view.setUint32(at + 8, 0);
    }
    view.setUint32(rec + 4, checksum(out, at, data.length));
    view.setUint32(rec + 8, at);
    view.setUint32(rec + 12, data.length);
    at += (data.length + 3) & ~3;
  });
  if (headAt >= 0) view.setUint32(headAt + 8, (0xb1b0afba - checksum(out, 0, size)) >>> 0);
  return out;
}

/**
 * A copy of the TrueType font `ttf` that draws exactly as it does every character in `codePoints`
 * and nothing else (see the module's comment); null when `ttf` has no TrueType outlines or is not
 * understood.
 */
export function subsetFont(ttf: Uint8Array, codePoints: Iterable<number>): Uint8Array | null {
  try {
    return ttf.length < 12 ? null : subset(new Reader(ttf), codePoints);
  } catch (e) {
    // A table pointing outside the file: not a font this can cut.
    if (e instanceof RangeError) return null;
    throw e;
  }
}

function subset(r: Reader, codePoints: Iterable<number>): Uint8Array | null {
  const ttf = r.bytes;
  const tables = tablesOf(r);
  const head = tables?.get('head');
  const maxp = tables?.get('maxp');
  const loca = tables?.get('loca');
  const glyf = tables?.get('glyf');
  const cmap = tables?.get('cmap');
  if (!tables || !head || !maxp || !loca || !glyf || !cmap || head.length < 54) return null;
  const numGlyphs = r.u16(maxp.offset + 4);
  const longLoca = r.i16(head.offset + 50) === 1;
  if (loca.length < (numGlyphs + 1) * (longLoca ? 4 : 2)) return null;
  const offsets = glyphOffsets(r, loca, longLoca, numGlyphs);
  if (offsets[numGlyphs] > glyf.length) return null;
  for (let g = 0; g < numGlyphs; g++) if (offsets[g + 1] < offsets[g]) return null;

  const keep = cmapGlyphs(r, cmap, codePoints);
  if (!keep) return null;
  keep.add(0);
  const gsub = tables.get('GSUB');
  if (gsub) gsubClosure(r, gsub, keep);
  for (const g of keep) if (g >= numGlyphs) keep.delete(g);
  componentClosure(r, glyf, offsets, keep);

  // The kept outlines, each 4-byte aligned; loca in the short format when it fits.
  let size = 0;
  for (const g of keep) size += (offsets[g + 1] - offsets[g] + 3) & ~3;
  const newGlyf = new Uint8Array(size);
  const starts = new Uint32Array(numGlyphs + 1);
  let at = 0;
  for (let g = 0; g < numGlyphs; g++) {
    starts[g] = at;
    if (!keep.has(g)) continue;
    newGlyf.set(ttf.subarray(glyf.offset + offsets[g], glyf.offset + offsets[g + 1]), at);
    at += (offsets[g + 1] - offsets[g] + 3) & ~3;
  }
  starts[numGlyphs] = at;
  const shortLoca = at < 0x20000;
  const newLoca = new Uint8Array((numGlyphs + 1) * (shortLoca ? 2 : 4));
  const locaView = new DataView(newLoca.buffer);
  for (let g = 0; g <= numGlyphs; g++) {
    if (shortLoca) locaView.setUint16(2 * g, starts[g] / 2);
    else locaView.setUint32(4 * g, starts[g]);
  }

  // Copies (a Buffer's `slice` would share the file's memory), each with a buffer of its own.
  const copy = (from: number, length: number) => new Uint8Array(ttf.subarray(from, from + length));
  const out = new Map<string, Uint8Array>();
  for (const [tag, t] of tables) if (!DROPPED.has(tag)) out.set(tag, copy(t.offset, t.length));
  const newHead = out.get('head')!;
  new DataView(newHead.buffer).setInt16(50, shortLoca ? 0 : 1);
  out.set('glyf', newGlyf);
  out.set('loca', newLoca);
  const post = tables.get('post');
  if (post && post.length >= 32) {
    const newPost = copy(post.offset, 32);
    new DataView(newPost.buffer).setUint32(0, 0x00030000);
    out.set('post', newPost);
  }
  return writeFont(out);
}

/**
 * Every character of `text`, XML character references decoded, as code points; and, where it has
 * characters beyond ASCII, those of its canonical compositions and decompositions (NFC and NFD), since
 * a shaper draws a letter and its combining accent as the precomposed letter where the font has one,
 * and a precomposed letter as letter and accent where it has not.
 */
export function codePointsOf(text: string, into: Set<number> = new Set()): Set<number> {
  // A chart's SVG is mostly ASCII: each ASCII character is added once, without a set lookup per byte.
  const ascii = new Uint8Array(128);
  let beyond = false;
  const scan = (t: string) => {
    for (let i = 0; i < t.length; i++) {
      const unit = t.charCodeAt(i);
      if (unit < 128) {
        if (ascii[unit] === 0) {
          ascii[unit] = 1;
          into.add(unit);
        }
        continue;
      }
      beyond = true;
      const cp = t.codePointAt(i)!;
      into.add(cp);
      if (cp > 0xffff) i++;
    }
  };
  scan(text);
  if (text.indexOf('&#') >= 0) {
    const refs = [...text.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)].map((m) => (m[1][0] === 'x' ? parseInt(m[1].slice(1), 16) : parseInt(m[1], 10)));
    const decoded = String.fromCodePoint(...refs.filter((cp) => cp <= 0x10ffff));
    scan(decoded);
    text = `${text} ${decoded}`;
  }
  if (beyond) {
    scan(text.normalize('NFC'));
    scan(text.normalize('NFD'));
  }
  return into;
}
