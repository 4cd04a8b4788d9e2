/**
 * One configuration of the scaling benchmark, in a process of its own so that its peak memory is its
 * own: plays a scenario in this thread (after a warm-up) for about `seconds` and prints one JSON line.
 *
 *   node dist/benchmarks/scaleRun.js <scenario.yaml> [seconds]
 */
import { loadScenario, singleCell } from '../src/scenario/load.js';
import { BatchRunner } from '../src/sim/engine/batch.js';
import type { RunPlan } from '../src/sim/engine/plan.js';

export interface ScaleRun {
  file: string;
  units: number;
  hexes: number;
  engagements: number;
  engagementsPerSecond: number;
  meanTurns: number;
  /** Resident set size after loading and compiling, and its peak over the run (MB). */
  rssStartMB: number;
  peakRssMB: number;
  /** The largest V8 heap in use, sampled after every batch (MB). */
  peakHeapMB: number;
}

function main(): void {
  const file = process.argv[2];
  const seconds = Number(process.argv[3] ?? 4);
  const cell = singleCell(loadScenario(file).scenario);
  const sc = cell.scenario as unknown as { map: { width: number; height: number }; sides: { formations: { units: unknown[] }[] }[] };
  const units = sc.sides.reduce((n, s) => n + s.formations.reduce((m, f) => m + f.units.length, 0), 0);
  const plan: RunPlan = { rulesetId: 'aor', seed: 1, engagements: 1e9, batch: 50, cells: [{ index: 0, rngKey: cell.rngKey, scenario: cell.scenario, options: cell.options }], checkInvariants: false };
  const runner = new BatchRunner(plan);
  runner.run({ cell: 0, start: 0, count: 20 }); // compile and warm up
  const rssStart = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  let n = 0, turns = 0;
  const t0 = performance.now();
  const batch = 25;
  while ((performance.now() - t0) / 1000 < seconds) {
    const acc = runner.run({ cell: 0, start: 1000 + n, count: batch });
    n += batch;
    acc.turns.forEach((c, t) => (turns += c * t));
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  const elapsed = (performance.now() - t0) / 1000;
  const out: ScaleRun = {
    file,
    units: units / 2,
    hexes: sc.map.width * sc.map.height,
    engagements: n,
    engagementsPerSecond: n / elapsed,
    meanTurns: turns / n,
    rssStartMB: rssStart / 2 ** 20,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    peakHeapMB: peakHeap / 2 ** 20,
  };
  console.log(JSON.stringify(out));
}

main();
