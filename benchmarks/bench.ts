/**
 * `npm run bench`: the performance figures of issues 7 and 17, the lane systems' rates (19-21) and the command line's start-up (15) against their targets, measured on this machine,
 * printed and written to benchmarks/RESULTS.md with the scaling chart beside it. Figures are rates and
 * ratios; nothing here is a test. Run it on a quiet machine: RESULTS.md records the load average.
 *
 *   node dist/benchmarks/bench.js [--quick] [--out DIR] [--skip kernel,battle,pool,whole,tune,scaling,profile,lanes,startup,report]
 *
 * --quick cuts every count (for trying the script, not for figures); --out writes RESULTS.md and the
 * chart files elsewhere (default benchmarks/).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { specToSvg, svgToPng } from '../src/report/render.js';
import { scalingCsv, scalingSpec, type ScaleRow } from './chart.js';
import { measureKernel, type KernelFigures } from './kernel.js';
import { measurePool, measureSteady, planFor, type PoolFigures, type Spread, type SteadyFigures } from './pool.js';
import { profileRun, type Profile } from './profile.js';
import { REFERENCE, writeScaled } from './scale.js';
import type { ScaleRun } from './scaleRun.js';
import { measureTune, measureWhole, type ProcessUsage, type TuneFigures, type WholeFigures } from './wholeRun.js';
import { LANES, measureLaneApart, type LaneFigures } from './lanes.js';
import { measureBuildCheck, measureStartup, STARTUP_COMMAND, STARTUP_TARGET, type BuildCheckFigures, type StartupFigures } from './startup.js';
import { NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { measureReport, PNG_TARGET, REPORT_STUDY, type ReportFigures } from './report.js';
import { DICE_FORMAT } from '../src/core/dice.js';
import { playedOn } from '../src/core/words.js';

const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const OUT = opt('out', 'benchmarks');
const SKIP = new Set(opt('skip', '').split(',').filter(Boolean));
const q = (full: number, quick: number) => (QUICK ? quick : full);

const TOWN = 'sims/town-assault.experiment.yaml';
const TARGETS = { kernelShare: 0.5, referenceRate: 2000, scaling: 1.9, overhead: 0.03, wholeScaling: 1.8 };
/** Peak resident memory of the whole runs before issue 17 (MiB, `npm start` and the corps battle): not to be exceeded. */
const PEAK_BEFORE: Record<string, number> = { [TOWN]: 221, [REFERENCE]: 252 };

const fmt = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`;
const quartiles = (s: Spread, f: (x: number) => string) => `quartiles ${f(s.q1)} to ${f(s.q3)}`;
const times = (x: number) => `${x.toFixed(2)}x`;

/** A pool workload: whole runs of `engagements`, and steady rounds of `perRound` batches after `warm`. */
interface PoolWorkload {
  file: string;
  engagements: number;
  batch: number;
  perRound: number;
  rounds: number;
  warm: number;
}

// ---------------------------------------------------------------------------------------------- machine

interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGB: number;
  freeGB: number;
  os: string;
  node: string;
  loadBefore: number[];
  loadAfter: number[];
}

function machine(): Machine {
  const c = cpus();
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    cpu: c[0]?.model ?? 'unknown cpu',
    cores: c.length,
    memoryGB: totalmem() / 2 ** 30,
    freeGB: freemem() / 2 ** 30,
    os: `${platform()} ${release()}`,
    node: process.version,
    loadBefore: loadavg(),
    loadAfter: [],
  };
}

// --------------------------------------------------------------------------------- the reference battle

interface BattleFigures {
  file: string;
  /** Engagements per second as `volley run --quiet` reports them (results.json timing), by workers. */
  byWorkers: { workers: number; engagements: number; rate: number }[];
  /** The same without -w (the default: a worker on each core but one, the command's own thread playing beside them). */
  byDefault: { engagements: number; rate: number; workers: number; threads: number };
}

/** `volley run REFERENCE -n N -w W --quiet --no-report` (no -w for null), its rate and threads from results.json's timing. */
function cliRun(workers: number | null, engagements: number): { rate: number; workers: number; threads: number } {
  const dir = mkdtempSync(join(tmpdir(), 'volley-bench-'));
  try {
    const w = workers === null ? [] : ['-w', String(workers)];
    execFileSync(process.execPath, [...NODE_FLAGS, 'dist/cli/main.js', 'run', REFERENCE, '-n', String(engagements), ...w, '--quiet', '--no-report', '-o', dir, '--force'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const t = (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { timing: { wallSeconds: number; workers: number; threads: number } }).timing;
    return { rate: engagements / t.wallSeconds, workers: t.workers, threads: t.threads };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cliRate = (workers: number, engagements: number) => cliRun(workers, engagements).rate;

function measureBattle(): BattleFigures {
  const runs = [
    { workers: 2, engagements: q(12_000, 1000) },
    { workers: 1, engagements: q(6000, 500) },
    { workers: 0, engagements: q(6000, 500) },
  ];
  cliRate(2, q(1000, 100)); // file system and module caches warm
  const byWorkers = runs.map((r) => ({ ...r, rate: cliRate(r.workers, r.engagements) }));
  const engagements = q(12_000, 1000);
  return { file: REFERENCE, byWorkers, byDefault: { engagements, ...cliRun(null, engagements) } };
}

// ------------------------------------------------------------------------------------------- scaling

function measureScaling(dir: string): ScaleRow[] {
  const files = writeScaled(dir);
  return files.map(({ units, turns, file }) => {
    const line = execFileSync(process.execPath, ['dist/benchmarks/scaleRun.js', file, String(q(6, 1))], { encoding: 'utf8' }).trim().split('\n').pop()!;
    const run = JSON.parse(line) as ScaleRun;
    console.log(`  ${String(units).padStart(2)} units a side, ${String(turns).padStart(2)} turns: ${fmt(run.engagementsPerSecond)}/s, ${run.meanTurns.toFixed(1)} turns played, peak RSS ${fmt(run.peakRssMB)} MB, heap ${fmt(run.peakHeapMB)} MB`);
    return { ...run, turns };
  });
}

async function writeChart(rows: ScaleRow[]): Promise<void> {
  const spec = scalingSpec(rows);
  const svg = await specToSvg(spec);
  writeFileSync(join(OUT, 'scaling.vl.json'), `${JSON.stringify(spec, null, 2)}\n`);
  writeFileSync(join(OUT, 'scaling.svg'), svg);
  writeFileSync(join(OUT, 'scaling.png'), svgToPng(svg));
  writeFileSync(join(OUT, 'scaling.csv'), scalingCsv(rows));
}

// ------------------------------------------------------------------------------------------- profiles

const BATTLE_PHASES = ['updateCommandRange', 'commandPhase', 'moveSide', 'moveLeaders', 'chargeSegment', 'planBombardment', 'combatSegment', 'applySupply', 'costFieldMasked', 'settle', 'addResult'];
const KERNEL_PHASES = ['resolveAssaultRound', 'allocateHits', 'groupCheck', 'Alea', 'aleaStream', 'addResult'];

function measureProfiles(): { battle: Profile; kernel: Profile } {
  return {
    battle: profileRun(REFERENCE, q(3000, 200), BATTLE_PHASES, 14),
    kernel: profileRun(TOWN, q(600_000, 40_000), KERNEL_PHASES, 12),
  };
}

// --------------------------------------------------------------------------------------------- report

function status(met: boolean, detail: string): string {
  return met ? `**met** (${detail})` : `**not met** (${detail})`;
}

/** The overhead target: the pool's own time, and whether the wall clock agrees. */
function overheadStatus(st: SteadyFigures): string {
  const own = st.poolShare <= TARGETS.overhead;
  const wall = st.overheadWall.median <= TARGETS.overhead;
  if (own && wall) return "**met** (the pool's own time and the wall clock)";
  if (own) {
    return `**met for the pool's own time**; not on the wall clock (${pct(st.overheadWall.median)}, which adds the worker thread's own speed: the same batches took ${times(st.batchRatio.median)} their in-process time there)`;
  }
  return `**not met** (the pool's own time ${pct(st.poolShare - TARGETS.overhead)} over)`;
}

function profileTable(p: Profile): string {
  const rows = p.top.map((r) => `| ${r.where.replace(/\|/g, '\\|')} | ${pct(r.self)} | ${pct(r.total)} |`);
  const phases = p.phases.filter((x) => x.total > 0).map((x) => `\`${x.name}\` ${pct(x.total, 0)}`).join(', ');
  return ['| function | self | with callees |', '|---|---|---|', ...rows, '', phases ? `Time with each step on the stack: ${phases}.` : ''].join('\n');
}

const mib = (x: number) => `${fmt(x)} MiB`;
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
/** A figure of fresh processes, their median, written with `d` decimals. */
const medianUsage = (us: readonly ProcessUsage[], f: (u: ProcessUsage) => number, d = 2) => fmt(medianOf(us.map(f)), d);
const rateOf = (u: ProcessUsage) => u.engagements / u.runSeconds;

/** Rows of the targets table for whole runs (issue 17, items 3 and 7). */
function wholeRows(wh: WholeFigures[]): string[] {
  const out: string[] = [];
  for (const w of wh) {
    const name = w.file.replace(/^sims\//, '').replace(/\.(scenario|experiment)\.yaml$/, '');
    const s = w.scalingRun;
    out.push(
      `| issue 17, 3. both cores >= 1.8x one thread, whole run as \`volley run\` plays it: **${name}** (${fmt(w.engagements)} engagements) | run time (results.json, pool start-up included) with the default workers over \`-w 0\`, median of ${w.rounds} paired rounds: **${times(s.median)}** (${quartiles(s, times)}); the whole process (Node's start-up and loading included): ${times(w.scalingProcess.median)}; CPU time, default over one thread: ${times(w.cpuRatio.median)} | ${status(s.median >= TARGETS.wholeScaling, s.median >= TARGETS.wholeScaling ? 'run time' : `${pct(1 - s.median / TARGETS.wholeScaling)} short`)} |`,
    );
    const before = PEAK_BEFORE[w.file];
    const started = w.asStarted.map((u) => u.maxRssMiB);
    const peak = medianOf(started);
    const peaks = [...w.one, ...w.two].map((u) => u.maxRssMiB);
    out.push(
      `| issue 17, 7. peak memory of **${name}** not above ${before ? mib(before) : 'before'} | as \`npm start\` runs it (the default workers, the report written), median of ${started.length} fresh processes: **${mib(peak)}** resident (${mib(Math.min(...started))} to ${mib(Math.max(...started))}), at ${fmt(medianOf(w.asStarted.map(rateOf)))} engagements/s; without the report: ${mib(medianOf(w.one.map((u) => u.maxRssMiB)))} on one thread at ${fmt(medianOf(w.one.map(rateOf)))}/s, ${mib(medianOf(w.two.map((u) => u.maxRssMiB)))} with the default workers at ${fmt(medianOf(w.two.map(rateOf)))}/s (highest ${mib(Math.max(...peaks))}) | ${before ? status(peak <= before, peak <= before ? `${mib(before - peak)} below` : `${mib(peak - before)} above`) : 'measured'} |`,
    );
  }
  return out;
}

/** The section of the README's `volley tune` line, one thread and every core (no target: what the second core gives a search). */
function tuneSection(t: TuneFigures): string[] {
  const rows = ([['one (-w 0)', t.one], ['every core (default)', t.two]] as const).map(
    ([n, us]) => `| ${n} | ${medianUsage(us, (u) => u.runSeconds)} s | ${medianUsage(us, (u) => u.wallSeconds)} s | ${medianUsage(us, (u) => u.cpuSeconds)} s | ${medianUsage(us, (u) => u.maxRssMiB, 0)} MiB |`,
  );
  return [
    '## A search: the README\'s `volley tune` line, one thread and every core',
    '',
    `\`${t.command}\` (${fmt(t.engagements)} engagements in its rounds; no target): every core over one thread, median of ${t.rounds} paired rounds, **${times(t.scalingRun.median)}** on the search's time (tune.json's \`timing.wallSeconds\`; ${quartiles(t.scalingRun, times)}), ${times(t.scalingProcess.median)} on the whole process; CPU time, default over one thread: ${times(t.cpuRatio.median)}.`,
    '',
    '| threads | search time (tune.json) | process wall time | CPU time, all threads | peak resident memory |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    "benchmarks/wholeRun.ts (measureTune): the line with `--quiet --no-report` in fresh processes, as whole runs are measured (below). Its rounds are runs of one plan each on the ordinary runner: the first round's workers, once it starts them, serve the later rounds (RunOptions.keepPool), and a round's last batch held by a worker is played beside it by the command's thread (benchmarks/analysis.md, the eighth round).",
    '',
  ];
}

/** The row of the targets table for the command line's start-up (issue 15). */
function startupRow(f: StartupFigures): string {
  const ms = (x: number) => `${fmt(1000 * x)} ms`;
  return `| issue 15. the command line starts no slower than about ${ms(STARTUP_TARGET)} (\`volley ${STARTUP_COMMAND.join(' ')}\`, everything loaded, nothing played) | **${ms(f.volley)}** (median of ${f.runs} fresh processes, quartiles ${ms(f.q1)} to ${ms(f.q3)}); bare Node (\`node -e 0\`) ${ms(f.node)} in the same rounds, so volley's own ${ms(f.volley - f.node)} | ${status(f.volley <= STARTUP_TARGET, f.volley <= STARTUP_TARGET ? 'within it' : `${times(f.volley / STARTUP_TARGET)} of it`)} |`;
}

/** The row of the targets table for the build's check before a second `npm start` (issue 17, item 1). */
function buildCheckRow(f: BuildCheckFigures): string {
  const ms = (x: number) => `${fmt(1000 * x)} ms`;
  return `| issue 17, 1. a second \`npm start\` with nothing changed does not run the compiler | the build's check (src/build/build.mjs, what \`npm start\` and \`npm test\` run first), median of ${f.runs} fresh processes: **${ms(f.check)}**, ${f.built ? 'and it built something' : 'nothing built'}; \`tsc -b\` finding the same (the check before) ${ms(f.tsc)}: ${times(f.tsc / f.check)} | ${status(!f.built, f.built ? 'it built' : 'the compiler not loaded')} |`;
}

/** The row of the targets table for the default report's PNGs (issue 17, item 5). */
function reportRow(f: ReportFigures): string {
  const ms = (x: number) => `${fmt(1000 * x)} ms`;
  const met = f.firstPngs <= PNG_TARGET;
  return `| issue 17, 5. fonts loaded once per run; all PNGs of the default report in under ${ms(PNG_TARGET)} together | the ${f.charts} PNGs of ${REPORT_STUDY}'s report, the first report of a fresh process (median of ${f.processes}): **${ms(f.firstPngs)}** (its layout by Vega ${ms(f.firstLayout)}); later reports, median of ${f.rounds}: ${ms(f.pngs)} (CPU ${ms(f.pngsCpu)}); layout and PNGs interleaved as a report does ${ms(f.layoutAndPngs)} (layout alone ${ms(f.layout)}); drawn as before (resvg reading the installed faces for every chart, its own PNG encoder, every chart at once) ${ms(f.before)} (CPU ${ms(f.beforeCpu)}): ${times(f.before / f.pngs)}; ${fmt(f.bytes / 1024)} KB of PNG (${fmt(f.bytesBefore / 1024)} KB before) | ${status(met, met ? `${ms(PNG_TARGET - f.firstPngs)} within it` : `${ms(f.firstPngs - PNG_TARGET)} over`)} |`;
}

/** Rows of the targets table for the lane systems' scenario A (issues 19, 20, 21). */
function laneRows(lanes: LaneFigures[]): string[] {
  return lanes.map((f) => {
    const lane = LANES.find((l) => l.file === f.file)!;
    const r = f.engagementsPerSecond;
    return `| issue ${lane.issue}. ${lane.title}, scenario A (${f.file}) >= ${fmt(lane.target)} engagements/s on one thread | **${fmt(r)}/s** of CPU time (${fmt(f.engagements)} engagements, ${f.meanTurns.toFixed(2)} turns each, best of 3); ${pct(f.shareOfFloor)} of its dice floor (${f.streamsPerEngagement.toFixed(2)} streams, ${f.drawsPerEngagement.toFixed(1)} draws an engagement) | ${status(r >= lane.target, r >= lane.target ? `${pct(r / lane.target - 1)} above` : `${fmt(lane.target / r, 2)}x short`)} |`;
  });
}

function results(m: Machine, k: KernelFigures | null, bt: BattleFigures | null, pools: { whole: PoolFigures; steady: SteadyFigures }[], scale: ScaleRow[], prof: { battle: Profile; kernel: Profile } | null, wh: WholeFigures[] = [], lanes: LaneFigures[] = [], startup: StartupFigures | null = null, report: ReportFigures | null = null, buildCheck: BuildCheckFigures | null = null, tune: TuneFigures | null = null): string {
  const out: string[] = [];
  const quiet = Math.max(...m.loadBefore.slice(0, 1), ...m.loadAfter.slice(0, 1)) < 0.5;
  out.push('# Benchmark results', '');
  out.push(
    `Written by \`npm run bench\` (benchmarks/bench.ts) on ${m.date} UTC${QUICK ? ' with --quick (counts cut: not figures to quote)' : ''}: ${m.cores} x ${m.cpu}, ${fmt(m.memoryGB, 1)} GB of memory (${fmt(m.freeGB, 1)} GB free), ${m.os}, Node ${m.node}.`,
    `Load average (1, 5, 15 min) before: ${m.loadBefore.map((x) => x.toFixed(2)).join(', ')}; after: ${m.loadAfter.map((x) => x.toFixed(2)).join(', ')}.` +
      (quiet ? '' : ' **The machine was not quiet: rates and the 2-worker scaling are low by an unknown amount; the shares from profiles stand.**'),
    '',
    'Definitions, and what was done about each figure, follow the table; benchmarks/analysis.md is the text of those sections.',
    '',
  );
  out.push('## Targets (issues 7 and 17, performance; 19-21, the lane systems; 15, start-up)', '', '| target | figure | status |', '|---|---|---|');
  if (k) {
    out.push(
      `| 1. assault kernel >= 50% of its dice floor, single thread: **rounds** | ${fmt(k.roundsPerSecond)} rounds/s against a floor of ${fmt(k.roundFloorPerSecond)} (${k.drawsPerRound.toFixed(2)} alea draws a round): **${pct(k.roundShare)}** | ${status(k.roundShare >= TARGETS.kernelShare, k.roundShare >= TARGETS.kernelShare ? `${pct(k.roundShare)} >= 50%` : `the round would have to be ${fmt(TARGETS.kernelShare / k.roundShare, 1)}x faster`)} |`,
      `| 1. the same, **engagements** (seeding their streams included, as a run plays them; issue 17, 2: dice \`${DICE_FORMAT}\`) | ${fmt(k.engagementsPerSecond)} engagements/s against a floor of ${fmt(k.engagementFloorPerSecond)} (${k.streamsPerEngagement.toFixed(2)} streams seeded and ${k.drawsPerEngagement.toFixed(2)} draws an engagement; seeding ${pct(k.seedingShareOfFloor, 0)} of the floor): **${pct(k.engagementShare)}** | ${status(k.engagementShare >= TARGETS.kernelShare, k.engagementShare >= TARGETS.kernelShare ? `${pct(k.engagementShare - TARGETS.kernelShare)} above` : `the engagement would have to be ${fmt(TARGETS.kernelShare / k.engagementShare, 2)}x faster`)} |`,
    );
  }
  if (bt) {
    const two = bt.byWorkers.find((r) => r.workers === 2)!;
    const one = bt.byWorkers.find((r) => r.workers === 1);
    const zero = bt.byWorkers.find((r) => r.workers === 0);
    const d = bt.byDefault;
    // The better of the two ways of playing on both cores: 2 workers (-w 2), or the default.
    const best = Math.max(two.rate, d.rate);
    out.push(
      `| 2. reference corps battle (sims/corps-battle.scenario.yaml, 20 units a side, 12 turns) >= 2,000 engagements/s on 2 cores (2 workers, or the default: 1 worker and this thread), \`volley run --quiet\` | **${fmt(two.rate)}/s** on 2 workers (${fmt(two.engagements)} engagements); **${fmt(d.rate)}/s** without -w (${playedOn(d.workers, d.threads)}, ${fmt(d.engagements)} engagements); ${one ? `${fmt(one.rate)}/s on 1` : ''}${zero ? `, ${fmt(zero.rate)}/s in-process` : ''} | ${status(best >= TARGETS.referenceRate, best >= TARGETS.referenceRate ? `${pct(best / TARGETS.referenceRate - 1)} above` : `${pct(best / TARGETS.referenceRate, 0)} of the target: ${fmt(TARGETS.referenceRate / best, 1)}x short`)} |`,
    );
  }
  for (const { whole: p, steady: st } of pools) {
    const name = p.file.replace(/^sims\//, '').replace(/\.(scenario|experiment)\.yaml$/, '');
    const how = `${st.rounds} rounds of the same ${st.batchesPerRound} batches of ${fmt(p.batch)} on warm threads`;
    out.push(
      `| 3. two workers >= 1.9x one worker: **${name}**, steady state | ${fmt(st.twoWorkers)} / ${fmt(st.oneWorker)} per s; median of ${how}: **${times(st.scaling.median)}** (${quartiles(st.scaling, times)}); whole runs of ${fmt(p.engagements)} engagements, start-up and warm-up included: ${times(p.scaling)} | ${status(st.scaling.median >= TARGETS.scaling, st.scaling.median >= TARGETS.scaling ? 'steady state' : `${pct(1 - st.scaling.median / TARGETS.scaling)} short in steady state; ${times(st.scalingNoTail)} without the rounds' waits for their last batch`)} |`,
      `| 3. pool overhead <= 3% against an in-process loop of the same batches: **${name}**, steady state | the pool's own time (a worker's wall time not spent in batches, less the same in-process): **${pct(st.poolShare)}**; the wall clock, median of ${how}: ${pct(st.overheadWall.median)} (${quartiles(st.overheadWall, (x) => pct(x))}), where the same batches took ${times(st.batchRatio.median)} their in-process time inside the worker; whole runs, start-up included: ${pct(p.overhead)} | ${overheadStatus(st)} |`,
    );
  }
  if (scale.length) out.push(`| 4. cost against units and turns, with memory | table and chart below | measured |`);
  out.push(...wholeRows(wh));
  out.push(...laneRows(lanes));
  if (startup) out.push(startupRow(startup));
  if (buildCheck) out.push(buildCheckRow(buildCheck));
  if (report) out.push(reportRow(report));
  out.push('');
  if (lanes.length) {
    out.push(
      'Lane systems (issues 19-21): benchmarks/lanes.ts plays each scenario A engagement after engagement as a run does (one compiled cell, one reused result, the dice reset per engagement), each system in a fresh process of its own, one thread; CPU time, best of three passes. The floor is the same dice without the rules: the same keys, streams and number of draws.',
      '',
    );
  }
  if (tune) out.push(...tuneSection(tune));
  if (wh.length) {
    out.push(
      '## Whole runs, one thread and every core (issue 17)',
      '',
      '| workload | threads | run time (results.json) | engagements/s | process wall time | CPU time, all threads | peak resident memory |',
      '|---|---|---|---|---|---|---|',
    );
    for (const w of wh) {
      const row = (what: string, n: string, us: readonly ProcessUsage[]) =>
        `| ${what} | ${n} | ${medianUsage(us, (u) => u.runSeconds)} s | ${medianUsage(us, rateOf, 0)} | ${medianUsage(us, (u) => u.wallSeconds)} s | ${medianUsage(us, (u) => u.cpuSeconds)} s | ${medianUsage(us, (u) => u.maxRssMiB, 0)} MiB |`;
      out.push(row(w.file, 'one (-w 0)', w.one), row(w.file, 'every core (default)', w.two));
      out.push(row(`${w.file}, as \`npm start\` runs it (report written)`, 'every core (default)', w.asStarted));
    }
    out.push(
      '',
      'benchmarks/wholeRun.ts: `node dist/cli/main.js run FILE (the command as `npm start` and `volley` run it) [-w 0] --quiet --no-report` in fresh processes, one thread (`-w 0`) and the default (every core: a worker on each but one, started only when the command\'s own thread, once warm, finds the run long enough, that thread then playing beside them: src/sim/engine/runner.ts, autoStart) one after the other in each round (order alternating), medians over the rounds; ratios are paired by round. Run time is what results.json records (from the plan prepared to every batch merged, the pool\'s start-up included); process wall time adds Node\'s start-up, loading the modules, preparing the plan and writing results.json. CPU time and peak memory are the whole process\'s, every thread included (benchmarks/usage.ts, preloaded). On a loaded machine wall-time ratios fall short of what free cores give; the CPU ratio says what the other threads cost in all.',
      '',
    );
  }

  if (pools.length) {
    out.push('## The pool, in detail', '', '### Whole runs, each in a fresh process', '', '| workload | in-process | 1 worker | 2 workers | pool start-up, 1 / 2 workers | one batch in-process | its accumulator: JSON size, structured clone |', '|---|---|---|---|---|---|---|');
    for (const { whole: p } of pools) {
      out.push(
        `| ${p.file} (${fmt(p.engagements)} engagements) | ${fmt(p.inProcess)}/s | ${fmt(p.oneWorker)}/s | ${fmt(p.twoWorkers)}/s | ${fmt(p.startup1 * 1000)} / ${fmt(p.startup2 * 1000)} ms | ${fmt(p.batchMs, 1)} ms | ${fmt(p.accBytes)} bytes, ${fmt(p.cloneMs * 1000)} µs |`,
      );
    }
    out.push(
      '',
      'Each rate is the median of three back-to-back rounds (in-process, 1 worker, 2 workers), every run in a fresh process so that each pays its own JIT warm-up as a real run does. Start-up is a pool running one batch of one engagement: threads started, modules loaded, the cell compiled, the pool shut down.',
      '',
      '### Steady state, warm threads',
      '',
      '| workload | rounds | in-process | 1 worker | 2 workers | scaling (median, quartiles) | scaling without the rounds\' ends | wall-clock overhead (median, quartiles) | pool\'s own time | batch time in a worker / in-process | both workers busy | batch time, 2 workers / 1 |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const { whole: p, steady: st } of pools) {
      out.push(
        `| ${p.file} | ${st.rounds} x ${st.batchesPerRound} batches of ${fmt(p.batch)} | ${fmt(st.inProcess)}/s | ${fmt(st.oneWorker)}/s | ${fmt(st.twoWorkers)}/s | ${times(st.scaling.median)} (${times(st.scaling.q1)}-${times(st.scaling.q3)}) | ${times(st.scalingNoTail)} | ${pct(st.overheadWall.median)} (${pct(st.overheadWall.q1)} to ${pct(st.overheadWall.q3)}) | ${pct(st.poolShare)} | ${times(st.batchRatio.median)} (${times(st.batchRatio.q1)}-${times(st.batchRatio.q3)}) | ${pct(st.busyTwo)} | ${times(st.contention.median)} (${times(st.contention.q1)}-${times(st.contention.q3)}) |`,
      );
    }
    out.push(
      '',
      'benchmarks/poolSteady.ts in a fresh process: an in-process runner, a pool of 1 worker and a pool of 2, each warmed on the same batches first, then round after round the very same batches in all three, the order rotating. Rates are over all rounds; ratios are per round (paired), as medians with their quartiles. Batch time is what the batches took inside the threads that played them (summed over workers), apart from dispatch, transfer, merging and waiting. Every round ends by waiting for its last batch, with one worker idle: "scaling without the rounds\' ends" is the 1-worker wall time over the 2-worker batch time shared by two, what a long run, which waits once, comes near.',
      '',
    );
  }

  if (scale.length) {
    out.push('## How cost grows (item 4)', '', '![scaling](scaling.png)', '', 'Numbers: scaling.csv; spec: scaling.vl.json. Generated by benchmarks/scale.ts from the reference battle (half of it is its north sector; 40 and 80 units repeat its map southward). Each configuration runs in a process of its own, in-process (one thread), for a few seconds after a warm-up.', '');
    out.push('| units a side | turns | hexes | engagements/s | ms per engagement | turns played (mean) | peak RSS | peak heap |', '|---|---|---|---|---|---|---|---|');
    for (const r of scale) {
      out.push(`| ${r.units} | ${r.turns} | ${fmt(r.hexes)} | ${fmt(r.engagementsPerSecond)} | ${(1000 / r.engagementsPerSecond).toFixed(2)} | ${r.meanTurns.toFixed(1)} | ${fmt(r.peakRssMB)} MB | ${fmt(r.peakHeapMB)} MB |`);
    }
    const ten = scale.find((r) => r.units === 10 && r.turns === 12);
    const eighty = scale.find((r) => r.units === 80 && r.turns === 12);
    if (ten && eighty) out.push('', `From 10 to 80 units a side the cost of an engagement grows ${fmt(ten.engagementsPerSecond / eighty.engagementsPerSecond, 1)}x for 8x the units (and 8x the map).`);
    out.push('');
  }

  if (prof) {
    out.push('## What dominates the cost (profiles of this run)', '', `### The reference corps battle, in-process`, '', profileTable(prof.battle), '', '### Town-assault engagements (the assault kernel as a run plays it), in-process', '', profileTable(prof.kernel), '');
  }

  try {
    out.push(readFileSync('benchmarks/analysis.md', 'utf8').trim(), '');
  } catch {
    // analysis.md is part of the repository; without it RESULTS.md still has every figure.
  }
  return out.join('\n');
}

// ----------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const m = machine();
  mkdirSync(OUT, { recursive: true });
  console.log(`volley benchmark on ${m.cores} x ${m.cpu}, node ${m.node}; load average ${m.loadBefore.map((x) => x.toFixed(2)).join(' ')}${QUICK ? ' (--quick)' : ''}\n`);

  let k: KernelFigures | null = null;
  if (!SKIP.has('kernel')) {
    k = measureKernel(q(2_000_000, 200_000), q(300_000, 20_000));
    console.log('1. Assault kernel, single thread');
    console.log(`  rounds       ${fmt(k.roundsPerSecond)}/s; floor ${fmt(k.roundFloorPerSecond)}/s (${k.drawsPerRound.toFixed(2)} draws a round): ${pct(k.roundShare)}`);
    console.log(`  engagements  ${fmt(k.engagementsPerSecond)}/s; floor ${fmt(k.engagementFloorPerSecond)}/s (${k.streamsPerEngagement.toFixed(2)} streams, ${k.drawsPerEngagement.toFixed(2)} draws): ${pct(k.engagementShare)}\n`);
  }

  let bt: BattleFigures | null = null;
  if (!SKIP.has('battle')) {
    console.log(`2. Reference corps battle, volley run --quiet`);
    bt = measureBattle();
    for (const r of bt.byWorkers) console.log(`  ${r.workers === 0 ? 'in-process' : `${r.workers} worker${r.workers > 1 ? 's' : ' '}`}   ${fmt(r.rate)}/s (${fmt(r.engagements)} engagements)`);
    console.log(`  without -w (${playedOn(bt.byDefault.workers, bt.byDefault.threads)})   ${fmt(bt.byDefault.rate)}/s (${fmt(bt.byDefault.engagements)} engagements)`);
    console.log('');
  }

  const pools: { whole: PoolFigures; steady: SteadyFigures }[] = [];
  if (!SKIP.has('pool')) {
    console.log('3. Pool against an in-process loop of the same batches');
    const workloads: PoolWorkload[] = [
      // Rounds of several batches a worker: the wait for the last batch of a round stays small.
      { file: TOWN, engagements: q(400_000, 40_000), batch: 5000, perRound: 24, rounds: q(15, 3), warm: 8 },
      { file: REFERENCE, engagements: q(4000, 400), batch: 250, perRound: 8, rounds: q(8, 2), warm: 8 },
    ];
    for (const w of workloads) {
      const p = await measurePool(w.file, w.engagements, w.batch, QUICK ? 1 : 3);
      const st = measureSteady(w.file, w.batch, w.perRound, w.rounds, w.warm);
      pools.push({ whole: p, steady: st });
      console.log(`  ${w.file}, whole runs of ${fmt(w.engagements)}: in-process ${fmt(p.inProcess)}/s, 1 worker ${fmt(p.oneWorker)}/s (overhead ${pct(p.overhead)}), 2 workers ${fmt(p.twoWorkers)}/s (${times(p.scaling)})`);
      console.log(`    start-up ${fmt(p.startup1 * 1000)} ms (1 worker), ${fmt(p.startup2 * 1000)} ms (2); a batch ${fmt(p.batchMs, 1)} ms, its accumulator ${fmt(p.accBytes)} bytes cloned in ${fmt(p.cloneMs * 1000)} µs`);
      console.log(`    steady, ${st.rounds} rounds: 2 workers ${times(st.scaling.median)} one (${quartiles(st.scaling, times)}); the pool's own time ${pct(st.poolShare)}; wall-clock overhead ${pct(st.overheadWall.median)} (${quartiles(st.overheadWall, (x) => pct(x))})`);
    }
    console.log('');
  }

  const wh: WholeFigures[] = [];
  if (!SKIP.has('whole')) {
    console.log('6. Whole runs as volley run plays them, one thread (-w 0) and every core (default), fresh processes');
    for (const file of [TOWN, REFERENCE]) {
      const w = measureWhole(file, q(5, 1));
      wh.push(w);
      const med = (us: ProcessUsage[], f: (u: ProcessUsage) => number) => medianOf(us.map(f));
      console.log(`  ${file} (${fmt(w.engagements)} engagements): run ${med(w.one, (u) => u.runSeconds).toFixed(2)} s on one thread, ${med(w.two, (u) => u.runSeconds).toFixed(2)} s on every core: ${times(w.scalingRun.median)} (${quartiles(w.scalingRun, times)}); process ${times(w.scalingProcess.median)}; CPU default/one ${times(w.cpuRatio.median)}`);
      console.log(`    peak memory ${fmt(med(w.asStarted, (u) => u.maxRssMiB))} MiB as npm start runs it (median of ${w.asStarted.length}; before: ${PEAK_BEFORE[file] ?? '?'} MiB); without the report ${fmt(med(w.one, (u) => u.maxRssMiB))} / ${fmt(med(w.two, (u) => u.maxRssMiB))} MiB on one thread / every core`);
    }
    console.log('');
  }

  let tune: TuneFigures | null = null;
  if (!SKIP.has('tune')) {
    console.log("6b. The README's volley tune line, one thread (-w 0) and every core (default), fresh processes");
    tune = measureTune(q(5, 1));
    console.log(`  search ${medianOf(tune.one.map((u) => u.runSeconds)).toFixed(2)} s on one thread, ${medianOf(tune.two.map((u) => u.runSeconds)).toFixed(2)} s on every core: ${times(tune.scalingRun.median)} (${quartiles(tune.scalingRun, times)}); process ${times(tune.scalingProcess.median)}`);
    console.log('');
  }

  let scale: ScaleRow[] = [];
  if (!SKIP.has('scaling')) {
    console.log('4. Scaling: the reference battle at 10-80 units a side and 6-24 turns, one thread');
    const dir = mkdtempSync(join(tmpdir(), 'volley-scaled-'));
    try {
      scale = measureScaling(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await writeChart(scale);
    console.log(`  chart: ${join(OUT, 'scaling.png')}\n`);
  }

  let prof: { battle: Profile; kernel: Profile } | null = null;
  if (!SKIP.has('profile')) {
    prof = measureProfiles();
    console.log('5. Profiles (share of samples, self time)');
    for (const [name, p] of [['corps battle', prof.battle], ['town-assault engagements', prof.kernel]] as const) {
      console.log(`  ${name}: ${p.top.slice(0, 6).map((r) => `${r.where.split(' ')[0]} ${pct(r.self, 0)}`).join(', ')}`);
    }
    console.log('');
  }

  const lanes: LaneFigures[] = [];
  if (!SKIP.has('lanes')) {
    console.log('7. Lane systems, scenario A on one thread (CPU time)');
    for (const lane of LANES) {
      const f = measureLaneApart(lane.file, q(30_000, 3_000));
      lanes.push(f);
      console.log(`  ${lane.title}: ${fmt(f.engagementsPerSecond)}/s (issue ${lane.issue} asks ${fmt(lane.target)}); ${pct(f.shareOfFloor)} of its dice floor`);
    }
    console.log('');
  }

  let startup: StartupFigures | null = null;
  let buildCheck: BuildCheckFigures | null = null;
  if (!SKIP.has('startup')) {
    console.log('8. The command line\'s start-up, and the build\'s check before it');
    startup = measureStartup(q(15, 3));
    console.log(`  volley ${STARTUP_COMMAND.join(' ')}: ${fmt(1000 * startup.volley)} ms (bare Node ${fmt(1000 * startup.node)} ms); issue 15 allows about ${fmt(1000 * STARTUP_TARGET)} ms`);
    buildCheck = measureBuildCheck(q(9, 3));
    console.log(`  the build's check with nothing changed: ${fmt(1000 * buildCheck.check)} ms, ${buildCheck.built ? 'it BUILT something' : 'nothing built'}; tsc -b finding the same ${fmt(1000 * buildCheck.tsc)} ms`);
    console.log('');
  }

  let report: ReportFigures | null = null;
  if (!SKIP.has('report')) {
    console.log("9. The default study's report");
    report = measureReport(q(9, 2));
    console.log(`  ${report.charts} PNGs: ${fmt(1000 * report.firstPngs)} ms in the first report of a process, ${fmt(1000 * report.pngs)} ms later (${fmt(1000 * report.before)} ms drawn as before); issue 17 asks under ${fmt(1000 * PNG_TARGET)} ms`);
    console.log('');
  }

  m.loadAfter = loadavg();
  writeFileSync(join(OUT, 'RESULTS.md'), results(m, k, bt, pools, scale, prof, wh, lanes, startup, report, buildCheck, tune));
  console.log(`written: ${join(OUT, 'RESULTS.md')}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
