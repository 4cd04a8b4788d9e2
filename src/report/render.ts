/** From a Vega-Lite spec to SVG (Vega's string renderer, no canvas) and from SVG to PNG (resvg). */
import { renderAsync, Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

export async function specToSvg(spec: TopLevelSpec): Promise<string> {
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

let fontOptions: ResvgRenderOptions['font'] | null = null;

/**
 * The font options, worked out once per process. Loading every system font costs resvg about 0.2 s a
 * chart; the charts use one family, so its files are found once and handed to each render. Where the
 * family is not installed, resvg loads the system's fonts as before (and picks its own default).
 */
function fonts(): ResvgRenderOptions['font'] {
  if (fontOptions) return fontOptions;
  const files = findFiles(fontDirs(homedir()), FACE_FILE);
  fontOptions =
    files.length > 0
      ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: FAMILY, sansSerifFamily: FAMILY }
      : { loadSystemFonts: true, defaultFontFamily: FAMILY, sansSerifFamily: FAMILY };
  return fontOptions;
}

const pngOptions = (): ResvgRenderOptions => ({ fitTo: { mode: 'zoom', value: 2 }, font: fonts(), background: 'white' });

/** PNG at twice the SVG's size, on white, with DejaVu Sans for Vega's generic sans-serif. */
export function svgToPng(svg: string): Uint8Array {
  return new Resvg(svg, pngOptions()).render().asPng();
}

/** The same PNG, drawn on libuv's thread pool: a report's charts are drawn side by side. */
export async function svgToPngAsync(svg: string): Promise<Uint8Array> {
  return (await renderAsync(svg, pngOptions())).asPng();
}
