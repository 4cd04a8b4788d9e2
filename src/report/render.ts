/** From a Vega-Lite spec to SVG (Vega's string renderer, no canvas) and from SVG to PNG (resvg). */
import { renderAsync, Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { collectGarbage } from './collect.js';
import { codePointsOf, subsetFont } from './fontSubset.js';
import { encodePng, PngEncoder } from './png.js';
import { measureWithFaces } from './textWidth.js';

export async function specToSvg(spec: TopLevelSpec): Promise<string> {
  // Laid out with the widths of the faces resvg draws the text in (src/report/textWidth.ts).
  measureWithFaces(chartFaceFiles());
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The family every chart is drawn in (Vega's generic sans-serif becomes it). */
const FAMILY = 'DejaVu Sans';
/** Its regular, bold and oblique faces: all the charts use. */
const FACE_FILE = /^DejaVuSans(-Bold|-Oblique|-BoldOblique)?\.ttf$/;

/** Where fonts live on Linux, macOS and in a user's home. */
export function fontDirs(home: string): string[] {
  return ['/usr/share/fonts', '/usr/local/share/fonts', join(home, '.local/share/fonts'), join(home, '.fonts'), '/Library/Fonts', '/System/Library/Fonts'];
}

/** Files under `dirs` (to `depth` levels) whose name matches `name`; unreadable folders are skipped. */
export function findFiles(dirs: string[], name: RegExp, depth = 4): string[] {
  const found: string[] = [];
  const walk = (dir: string, left: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory() && left > 0) walk(join(dir, e.name), left - 1);
      else if (e.isFile() && name.test(e.name)) found.push(join(dir, e.name));
    }
  };
  for (const d of dirs) walk(d, depth);
  return found;
}

type FontOptions = NonNullable<ResvgRenderOptions['font']>;

let faceFiles: string[] | null = null;

/** The chart family's face files on this machine, looked for once per process. */
export function chartFaceFiles(): string[] {
  faceFiles ??= findFiles(fontDirs(homedir()), FACE_FILE);
  return faceFiles;
}

/**
 * The fonts a set of charts is drawn with. Where the chart family is installed, its faces are cut
 * to the characters of the charts drawn so far (src/report/fontSubset.ts: resvg reads a font file
 * whole for every glyph it draws, so a small file draws the same pixels several times faster) and
 * written to a temporary folder, removed by `dispose`; a chart with a character not yet covered
 * gets faces cut anew. Where the family is not installed, resvg loads the system's fonts (and picks
 * its own default).
 */
export class ChartFonts {
  private readonly originals: { name: string; bytes: Uint8Array }[];
  /**
   * What every cut covers: printable ASCII and the punctuation charts are written with, so that a
   * report's charts are usually drawn with one cut; the dotted circle a shaper draws under a combining
   * mark with no letter; the mirrored pairs of brackets and quotes right-to-left text draws.
   */
  private readonly covered = codePointsOf(' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~–—‘’“”…•−×≤≥±·°\u25cc«»‹›');
  private dir: string | null = null;
  private cuts = 0;
  private options: FontOptions;

  constructor(private readonly files: string[] = chartFaceFiles()) {
    this.originals = files.map((f) => ({ name: basename(f), bytes: readFileSync(f) }));
    this.options =
      files.length > 0
        ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: FAMILY, sansSerifFamily: FAMILY }
        : { loadSystemFonts: true, defaultFontFamily: FAMILY, sansSerifFamily: FAMILY };
  }

  /**
   * Font options that draw every character of `svg`. Where the cut faces cannot be written (no
   * temporary folder, a full disk), the installed faces: slower, the same pixels.
   */
  cover(svg: string): FontOptions {
    if (this.originals.length === 0) return this.options;
    const before = this.covered.size;
    codePointsOf(svg, this.covered);
    if (this.covered.size === before && this.cuts > 0) return this.options;
    const cut = ++this.cuts;
    try {
      if (!this.dir) {
        this.dir = mkdtempSync(join(tmpdir(), 'volley-fonts-'));
        // A run stopped while it draws (Ctrl-C ends the process with process.exit) removes them too.
        process.once('exit', this.removeOnExit);
      }
      // Each face by its index as well as its name: two folders may hold files of one name.
      const fontFiles = this.originals.map(({ name, bytes }, k) => {
        const file = join(this.dir!, `${cut}-${k}-${name}`);
        writeFileSync(file, subsetFont(bytes, this.covered) ?? bytes);
        return file;
      });
      this.options = { ...this.options, fontFiles };
    } catch (e) {
      // Only the file system's refusals (a code such as ENOENT, ENOSPC): anything else is a fault to see.
      if (!(e instanceof Error && 'code' in e)) throw e;
      this.options = { ...this.options, fontFiles: this.files };
    }
    return this.options;
  }

  /** Remove the cut faces (once every chart drawn with them is done). */
  dispose(): void {
    process.removeListener('exit', this.removeOnExit);
    this.removeOnExit();
  }

  private readonly removeOnExit = (): void => {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  };
}

const pngOptions = (font: FontOptions): ResvgRenderOptions => ({ fitTo: { mode: 'zoom', value: 2 }, font, background: 'white' });

/** PNG at twice the SVG's size, on white, with DejaVu Sans for Vega's generic sans-serif. */
export function svgToPng(svg: string): Uint8Array {
  const fonts = new ChartFonts();
  try {
    const image = new Resvg(svg, pngOptions(fonts.cover(svg))).render();
    return encodePng(image.pixels, image.width, image.height);
  } finally {
    fonts.dispose();
  }
}

/**
 * resvg's drawing of `svg`, its pixels copied out. Once this returns, resvg's image is out of reach
 * while the copy is compressed (a variable that held it would keep it until the compression ends).
 */
async function drawPixels(svg: string, font: FontOptions): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const image = await renderAsync(svg, pngOptions(font));
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/**
 * A report's PNGs, drawn and compressed on libuv's thread pool `atOnce` charts at a time, with the
 * fonts cut once for all of them. Each chart in hand holds its pixels twice (resvg's own and the
 * copy it hands out, 12 MB apiece for a large chart): two at a time draw a report's charts about as
 * fast as seven did, for the memory of two. Both are freed only by full collections (a young one
 * leaves resvg's objects alone), which V8, not counting resvg's memory, would start only after
 * several charts: the drawer asks for one each
 * time `atOnce` more charts are drawn (collect.ts), so that no more than a few charts' pixels are
 * held at once. That takes 40-70 MB off the peak of the default study and of the corps battle, for
 * 15-40 ms of CPU a collection (one after every chart cost the default report's PNGs 70-100 ms more
 * and took no more off; one every 8 MB of pixels left the corps battle's higher). `close` waits for
 * every chart asked for, then removes the fonts.
 */
export class PngDrawer {
  private readonly fonts: ChartFonts;
  private readonly ownFonts: boolean;
  private readonly idle: PngEncoder[];
  private readonly waiting: ((encoder: PngEncoder) => void)[] = [];
  private readonly pending = new Set<Promise<Uint8Array>>();
  private closed = false;
  /** Charts drawn so far. */
  private drawn = 0;

  /**
   * `fonts`: fonts shared with other drawers of the run (their owner removes them); else its own.
   * `collect`: the full collection asked for every `atOnce` charts (collect.ts; tests count the calls).
   */
  constructor(
    private readonly atOnce = 2,
    fonts?: ChartFonts,
    private readonly collect: () => void = collectGarbage,
  ) {
    this.idle = Array.from({ length: atOnce }, () => new PngEncoder());
    this.fonts = fonts ?? new ChartFonts();
    this.ownFonts = !fonts;
  }

  /** The PNG of `svg`; charts start in the order asked for. */
  draw(svg: string): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('PngDrawer: drawing after close'));
    // Fonts are cut now, in the order charts are asked for (a later chart's characters wait for it).
    let font: FontOptions;
    try {
      font = this.fonts.cover(svg);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    const png = this.encoder()
      .then(async (encoder) => {
        try {
          const { pixels, width, height } = await drawPixels(svg, font);
          return await encoder.encode(pixels, width, height);
        } finally {
          const next = this.waiting.shift();
          if (next) next(encoder);
          else this.idle.push(encoder);
        }
      })
      // Out here this chart's pixels are out of reach (the function above has returned): a
      // collection now frees what the charts finished so far left (the chart still being drawn
      // keeps its own).
      .finally(() => {
        if (++this.drawn % this.atOnce === 0) this.collect();
      });
    this.pending.add(png);
    void png.finally(() => this.pending.delete(png)).catch(() => undefined);
    return png;
  }

  private encoder(): Promise<PngEncoder> {
    const free = this.idle.pop();
    return free ? Promise.resolve(free) : new Promise((take) => this.waiting.push(take));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
    if (this.ownFonts) this.fonts.dispose();
  }
}
