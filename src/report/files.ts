/**
 * Writing a report folder: every file atomically (temp file and rename), and the list of what was
 * written. A chart is written as its Vega-Lite spec, SVG, PNG and, beside it, the numbers it draws as
 * CSV (DESIGN.md, "Files").
 */
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { writeFileAtomic } from '../results/files.js';
import { chartCsv } from './chartCsv.js';
import { specToSvg, svgToPng } from './render.js';

export class ReportFiles {
  readonly written: string[] = [];

  constructor(readonly dir: string) {}

  put(name: string, data: string | Uint8Array): void {
    const file = join(this.dir, name);
    writeFileAtomic(file, data);
    this.written.push(file);
  }

  /** `<name>.vl.json`, `.svg`, `.png`, and `<name>.csv` when the spec has inline data. */
  async chart(name: string, spec: TopLevelSpec): Promise<void> {
    this.put(`${name}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`);
    const svg = await specToSvg(spec);
    this.put(`${name}.svg`, svg);
    this.put(`${name}.png`, svgToPng(svg));
    const csv = chartCsv(spec);
    if (csv !== null) this.put(`${name}.csv`, csv);
  }
}
