/**
 * Writing a report folder: every file atomically (temp file and rename, not synced to disk: the report
 * is made again from results.json by `volley report`), and the list of what was
 * written. A chart is written as its Vega-Lite spec, SVG, PNG and, beside it, the numbers it draws as
 * CSV (DESIGN.md, "Files").
 */
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { type FileData, writeFileAtomic } from '../results/files.js';
import { chartCsv } from './chartCsv.js';
import { type ChartFonts, PngDrawer, specToSvg } from './render.js';

export class ReportFiles {
  readonly written: string[] = [];

  /** `fonts`: the fonts of a run that writes several reports (ChartFonts), removed by their owner. */
  constructor(
    readonly dir: string,
    private readonly fonts?: ChartFonts,
  ) {}

  put(name: string, data: FileData): void {
    const file = join(this.dir, name);
    // Not synced to disk: a report is written again from its results.json (`volley report`).
    writeFileAtomic(file, data, { durable: false });
    this.written.push(file);
  }

  /** `<name>.vl.json`, `.svg`, `.png`, and `<name>.csv` when the spec has inline data. */
  async chart(name: string, spec: TopLevelSpec): Promise<void> {
    await this.charts([{ name, spec }]);
  }

  /**
   * Several charts: Vega lays each out in turn on this thread while resvg draws the PNGs of those
   * already laid out on its own threads (render.ts, PngDrawer); the files are written in the order
   * given.
   */
  async charts(list: readonly { name: string; spec: TopLevelSpec }[], onChart?: (done: number, total: number) => void): Promise<void> {
    if (list.length === 0) return;
    const pngs: Promise<Uint8Array>[] = [];
    const svgs: string[] = [];
    let done = 0;
    const drawer = new PngDrawer(undefined, this.fonts);
    let drawn: Uint8Array[];
    try {
      for (const { spec } of list) {
        const svg = await specToSvg(spec);
        svgs.push(svg);
        // A chart is done when its PNG is drawn.
        pngs.push(drawer.draw(svg).then((png) => (onChart?.(++done, list.length), png)));
      }
      drawn = await Promise.all(pngs);
    } finally {
      // Every chart asked for is drawn (or has failed, its failure handled) before the fonts are
      // removed, after a failure too.
      await Promise.allSettled(pngs);
      await drawer.close();
    }
    list.forEach(({ name, spec }, i) => {
      this.put(`${name}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`);
      this.put(`${name}.svg`, svgs[i]);
      this.put(`${name}.png`, drawn[i]);
      const csv = chartCsv(spec);
      if (csv !== null) this.put(`${name}.csv`, csv);
    });
  }
}
