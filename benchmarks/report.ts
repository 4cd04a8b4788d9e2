/**
 * The default study's report (issue 17, item 5: fonts loaded once per run, all PNGs in under 0.3 s
 * together). `volley run sims/town-assault.experiment.yaml --no-report` writes results.json; then, in
 * a fresh process (a report is written once per process, so the first is what a user waits for),
 * its charts are laid out by Vega and drawn as `volley run` draws them (src/report/render.ts,
 * PngDrawer: the fonts cut to the charts' characters, each PNG drawn and compressed on libuv's
 * threads in turn, a full collection every two charts to free their pixels), the first time and then
 * round after round. Beside them the same SVGs drawn the way reports
 * were drawn before (resvg reading the installed faces, resvg's PNG encoder), in the same rounds.
 *
 *   npm run build && node dist/benchmarks/report.js [rounds]
 */
import { renderAsync } from '@resvg/resvg-js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCharts } from '../src/report/index.js';
import { chartFaceFiles, PngDrawer, specToSvg } from '../src/report/render.js';
import type { Results } from '../src/results/results.js';
import type { TopLevelSpec } from 'vega-lite';

export const REPORT_STUDY = 'sims/town-assault.experiment.yaml';
/** All PNGs of the default report together, seconds (issue 17, item 5). */
export const PNG_TARGET = 0.3;

export interface ReportFigures {
  charts: number;
  rounds: number;
  /** The first report of a fresh process (cold), median of `processes`: Vega's layout of every
   * chart, and every PNG drawn. */
  processes: number;
  firstLayout: number;
  firstPngs: number;
  /** Medians over the later rounds: layout, layout and PNGs as a report interleaves them, PNGs (wall
   * and CPU), and the earlier way's PNGs (wall and CPU). */
  layout: number;
  layoutAndPngs: number;
  pngs: number;
  pngsCpu: number;
  before: number;
  beforeCpu: number;
  /** Bytes of all PNGs, now and before. */
  bytes: number;
  bytesBefore: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Time `f` by the wall clock and by the process's CPU (every thread), after a full collection (the
 * child runs with --expose-gc) so that no garbage of the call before is collected inside it. */
async function timed<T>(f: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const value = await f();
  return { value, wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0 };
}

/** As the report draws them (src/report/render.ts, PngDrawer). */
async function drawAll(svgs: string[]): Promise<Uint8Array[]> {
  const drawer = new PngDrawer();
  try {
    return await Promise.all(svgs.map((svg) => drawer.draw(svg)));
  } finally {
    await drawer.close();
  }
}

/** As reports were drawn before: resvg reading the installed faces for every chart, and its encoder. */
async function drawBefore(svgs: string[], faces: string[]): Promise<Uint8Array[]> {
  const font = { loadSystemFonts: faces.length === 0, fontFiles: faces, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };
  return Promise.all(svgs.map(async (svg) => (await renderAsync(svg, { fitTo: { mode: 'zoom', value: 2 }, font, background: 'white' })).asPng()));
}

/** As ReportFiles.charts does: each chart laid out in turn, its PNG drawn while the next is laid out. */
async function layOutAndDraw(specs: TopLevelSpec[]): Promise<Uint8Array[]> {
  const drawer = new PngDrawer();
  const pngs: Promise<Uint8Array>[] = [];
  try {
    for (const spec of specs) pngs.push(drawer.draw(await specToSvg(spec)));
    return await Promise.all(pngs);
  } finally {
    await Promise.allSettled(pngs);
    await drawer.close();
  }
}

/** In this process: lay out and draw the charts of `results`, `rounds` times after the first. */
export async function measureReportHere(results: Results, rounds: number): Promise<ReportFigures> {
  const specs = buildCharts(results).map((c) => c.spec);
  const layout = () => timed(async () => Promise.all(specs.map((s) => specToSvg(s))));
  const first = await layout();
  const svgs = first.value;
  const firstPngs = await timed(() => drawAll(svgs));
  const faces = chartFaceFiles();
  const lay: number[] = [];
  const both: number[] = [];
  const now: { wall: number; cpu: number }[] = [];
  const before: { wall: number; cpu: number }[] = [];
  let bytesBefore = 0;
  for (let r = 0; r < rounds; r++) {
    lay.push((await layout()).wall);
    // The order alternates, so that a burst of load on a shared machine falls on both alike.
    const a = r % 2 ? null : await timed(() => drawAll(svgs));
    const b = await timed(() => drawBefore(svgs, faces));
    const c = a ?? (await timed(() => drawAll(svgs)));
    now.push(c);
    before.push(b);
    both.push((await timed(() => layOutAndDraw(specs))).wall);
    bytesBefore = b.value.reduce((n, p) => n + p.length, 0);
  }
  return {
    charts: svgs.length,
    rounds,
    processes: 1,
    firstLayout: first.wall,
    firstPngs: firstPngs.wall,
    layout: median(lay),
    layoutAndPngs: median(both),
    pngs: median(now.map((x) => x.wall)),
    pngsCpu: median(now.map((x) => x.cpu)),
    before: median(before.map((x) => x.wall)),
    beforeCpu: median(before.map((x) => x.cpu)),
    bytes: firstPngs.value.reduce((n, p) => n + p.length, 0),
    bytesBefore,
  };
}

/**
 * Run the default study without a report, then measure its report in `processes` fresh processes:
 * the first report's figures are their medians, the later rounds' those of the last process.
 */
export function measureReport(rounds: number, processes = 3): ReportFigures {
  const dir = mkdtempSync(join(tmpdir(), 'volley-report-bench-'));
  try {
    const run = spawnSync(process.execPath, ['dist/cli/main.js', 'run', REPORT_STUDY, '--quiet', '--no-report', '--force', '--out', dir], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`volley run ${REPORT_STUDY} exited ${run.status}: ${run.stderr}`);
    const each: ReportFigures[] = [];
    for (let p = 0; p < processes; p++) {
      const later = p === processes - 1 ? rounds : 0;
      const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--measure', join(dir, 'results.json'), String(later)], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`the report benchmark exited ${child.status}: ${child.stderr}`);
      each.push(JSON.parse(child.stdout) as ReportFigures);
    }
    const last = each[each.length - 1];
    return { ...last, processes, firstLayout: median(each.map((f) => f.firstLayout)), firstPngs: median(each.map((f) => f.firstPngs)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--measure') {
    const results = JSON.parse(readFileSync(process.argv[3], 'utf8')) as Results;
    console.log(JSON.stringify(await measureReportHere(results, Number(process.argv[4]))));
  } else {
    const f = measureReport(Number(process.argv[2] ?? 9));
    const ms = (s: number) => `${Math.round(1000 * s)} ms`;
    console.log(`${REPORT_STUDY}, ${f.charts} charts: the first report of a fresh process (median of ${f.processes}) laid out in ${ms(f.firstLayout)}, its PNGs drawn in ${ms(f.firstPngs)}`);
    console.log(`later rounds (median of ${f.rounds}): layout ${ms(f.layout)}; PNGs ${ms(f.pngs)} (CPU ${ms(f.pngsCpu)}), drawn as before ${ms(f.before)} (CPU ${ms(f.beforeCpu)}): ${(f.before / f.pngs).toFixed(2)}x; layout and PNGs interleaved as a report does ${ms(f.layoutAndPngs)}`);
    console.log(`PNG bytes ${Math.round(f.bytes / 1024)} KB (before ${Math.round(f.bytesBefore / 1024)} KB); issue 17 asks under ${ms(PNG_TARGET)} together`);
  }
}
