/**
 * The four miniatures systems on the engagement lane: each one's common scenario A on one thread, as
 * a run plays it (one compiled cell, one reused result, the engagement's dice reset from (seed, cell
 * key, index)), against the floor its dice set (the same keys, the same streams seeded and the same
 * number of draws from each, with the engine's own generator, and no rules). The targets are those of
 * issues 19 (Burt), 20 (NAGB) and 21 (Age of Eagles, CWJ).
 *
 * Times are CPU time of this thread (process.cpuUsage), best of `tries`: on a shared machine the wall
 * clock also counts the time other processes hold the cores, which says nothing of the engine. Each
 * system plays in a process of its own (measureLaneApart).
 *
 *   npm run build && node dist/benchmarks/lanes.js [engagements]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EngagementDice, type Purpose } from '../src/core/dice.js';
import { CountingDice } from './kernel.js';
import { findRuleset } from '../src/rules/index.js';
import { loadScenario, singleCell } from '../src/scenario/load.js';

/** Each system's scenario A and the rate its issue asks for, engagements per second on one thread. */
export const LANES: readonly { id: string; title: string; issue: number; file: string; target: number }[] = [
  { id: 'burt', title: "Burt's rules", issue: 19, file: 'sims/burt/common-a-village.scenario.yaml', target: 20_000 },
  { id: 'nagb', title: 'Napoleonic Avant-garde Battles', issue: 20, file: 'sims/nagb/common-a-village.scenario.yaml', target: 10_000 },
  { id: 'aoe', title: 'Age of Eagles regimental', issue: 21, file: 'sims/aoe/common-a-village.scenario.yaml', target: 20_000 },
  { id: 'cwj', title: 'CWJ-based rules', issue: 21, file: 'sims/cwj/common-a-village.scenario.yaml', target: 20_000 },
];

export interface LaneFigures {
  file: string;
  engagements: number;
  /** Per second of CPU time (the figure the targets are read against). */
  engagementsPerSecond: number;
  /** Per second by the clock, which also counts the time other processes hold the cores. */
  wallPerSecond: number;
  meanTurns: number;
  streamsPerEngagement: number;
  drawsPerEngagement: number;
  floorPerSecond: number;
  /** The floor's time over the engine's: 1 would be an engine that costs nothing but its dice. */
  shareOfFloor: number;
}

let sink = 0;

/** The best (least disturbed) of `tries` runs of `f`: CPU seconds of this process, and by the clock. */
function best(tries: number, f: () => void): { cpu: number; wall: number } {
  let cpu = Infinity;
  let wall = Infinity;
  for (let i = 0; i < tries; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    wall = Math.min(wall, (performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / 1e6);
  }
  return { cpu, wall };
}

export function measureLane(file: string, engagements: number, tries = 3): LaneFigures {
  const { scenario } = loadScenario(file);
  const cell = singleCell(scenario);
  const rs = findRuleset(scenario.ruleset)!;
  const c = rs.compile(cell.scenario, cell.options);
  const out = rs.newResult(c);
  const key = cell.rngKey;
  const dice = new EngagementDice('');
  const play = () => {
    for (let i = 0; i < engagements; i++) rs.play(c, dice.resetTo(1, key, i), { out });
  };
  // A pass to warm up, then the timed ones, with the dice a run plays with: the counting dice below,
  // met first, would leave the engine's calls into the dice polymorphic, as no run has them.
  play();
  const seconds = best(tries, play);
  // The dice each engagement draws, stream by stream.
  const plan: { side: 0 | 1; purpose: Purpose; draws: number }[][] = [];
  let turns = 0;
  for (let i = 0; i < engagements; i++) {
    const d = new CountingDice('').resetTo(1, key, i);
    turns += rs.play(c, d, { out }).turns;
    plan.push(d.made);
  }
  const floorDice = new EngagementDice('');
  const floor = () => {
    let s = 0;
    for (let i = 0; i < engagements; i++) {
      const d = floorDice.resetTo(1, key, i);
      for (const st of plan[i]) {
        const u = d.stream(st.side, st.purpose);
        for (let k = 0; k < st.draws; k++) s += u();
      }
    }
    sink += s;
  };
  floor();
  const floorSeconds = best(tries, floor).cpu;
  let draws = 0;
  let streams = 0;
  for (const p of plan) for (const st of p) (streams++, (draws += st.draws));
  return {
    file,
    engagements,
    engagementsPerSecond: engagements / seconds.cpu,
    wallPerSecond: engagements / seconds.wall,
    meanTurns: turns / engagements,
    streamsPerEngagement: streams / engagements,
    drawsPerEngagement: draws / engagements,
    floorPerSecond: engagements / floorSeconds,
    shareOfFloor: floorSeconds / seconds.cpu,
  };
}

/**
 * One system measured in a fresh Node process, as a run plays it: in a process that has played other
 * rule systems (or the rest of the benchmark) the lane code they share (src/table/, the dice) has met
 * other shapes and is slower for all of them.
 */
export function measureLaneApart(file: string, engagements: number): LaneFigures {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--json', file, String(engagements)], { encoding: 'utf8' });
  return JSON.parse(out) as LaneFigures;
}

/**
 * One system's benchmark script (benchmarks/<id>.ts): its scenario A, or `--file F`, for
 * `--engagements N` (or a first bare number), in this process, printed with its issue's target.
 */
export function laneMain(id: string, args = process.argv.slice(2)): void {
  const lane = LANES.find((l) => l.id === id)!;
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const file = flag('file') ?? lane.file;
  const n = Number(flag('engagements') ?? args.find((a) => /^\d+$/.test(a)) ?? 30_000);
  const f = measureLane(file, n);
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const met = f.engagementsPerSecond >= lane.target;
  console.log(`${lane.title}: ${file}, ${fmt(n)} engagements on one thread, ${f.meanTurns.toFixed(2)} turns each (best of 3)`);
  console.log(`  ${fmt(f.engagementsPerSecond)} engagements per CPU second (${(1e6 / f.engagementsPerSecond).toFixed(1)} µs each); ${fmt(f.wallPerSecond)}/s by the clock, which counts other load too`);
  console.log(`  dice: ${f.streamsPerEngagement.toFixed(2)} streams and ${f.drawsPerEngagement.toFixed(1)} draws an engagement; floor ${fmt(f.floorPerSecond)} engagements per CPU second, share ${(100 * f.shareOfFloor).toFixed(1)}%`);
  if (file === lane.file) console.log(`  issue ${lane.issue} asks ${fmt(lane.target)}: ${met ? 'met' : `${(lane.target / f.engagementsPerSecond).toFixed(2)}x short`}`);
  if (sink === 42) console.log('');
}

const isMain = process.argv[1] !== undefined && /lanes\.(js|ts)$/.test(process.argv[1]);
if (isMain && process.argv[2] === '--json') {
  process.stdout.write(JSON.stringify(measureLane(process.argv[3], Number(process.argv[4]))));
} else if (isMain) {
  const n = Number(process.argv[2] ?? 30_000);
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  for (const lane of LANES) {
    const f = measureLaneApart(lane.file, n);
    const met = f.engagementsPerSecond >= lane.target;
    console.log(`${lane.title} (${lane.file}), ${fmt(n)} engagements, ${f.meanTurns.toFixed(2)} turns each`);
    console.log(`  ${fmt(f.engagementsPerSecond)} engagements per CPU second (issue ${lane.issue} asks ${fmt(lane.target)}: ${met ? 'met' : `${(lane.target / f.engagementsPerSecond).toFixed(2)}x short`}); dice floor ${fmt(f.floorPerSecond)}/s, share ${(100 * f.shareOfFloor).toFixed(1)}%`);
  }
  if (sink === 42) console.log('');
}
