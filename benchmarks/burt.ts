/**
 * Burt's scenario A (sims/burt/common-a-village.scenario.yaml: a French brigade attacks two Prussian battalions
 * in a village) on one thread: engagements per second, and the share of its dice floor.
 *
 * Times are CPU time of this thread (process.cpuUsage), not wall time: on a shared machine the wall
 * clock also counts the time other processes hold the cores, which says nothing of the engine. On an
 * idle machine the two agree.
 *
 * The floor is what the dice alone cost (benchmarks/RESULTS.md, "Definitions"): the same keys
 * built, the same sub-streams seeded and the same number of uniforms drawn from each, as the
 * engagements drew them, with the engine's own generator (src/core/dice.ts), and no rules. The share
 * is the floor's time over the engine's: 1 would be an engine that costs nothing but its dice.
 *
 *   npm run build && node dist/benchmarks/burt.js [engagements]
 */
import { EngagementDice, type Purpose, type Uniform } from '../src/core/dice.js';
import { findRuleset } from '../src/rules/index.js';
import { loadScenario, singleCell } from '../src/scenario/load.js';

const FILE = 'sims/burt/common-a-village.scenario.yaml';

/** Engagement dice that record each stream they create and the draws taken from it. */
class CountingDice extends EngagementDice {
  readonly made: { side: 0 | 1; purpose: Purpose; draws: number }[] = [];
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const inner = super.stream(side, purpose);
    let rec = this.made.find((m) => m.side === side && m.purpose === purpose);
    if (!rec) this.made.push((rec = { side, purpose, draws: 0 }));
    const r = rec;
    return () => (r.draws++, inner());
  }
}

let sink = 0;

/** CPU time of this process so far, milliseconds (user and system). */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Best of `tries` timings (least disturbed by other load). */
function best(tries: number, f: () => number): number {
  let t = Infinity;
  for (let i = 0; i < tries; i++) t = Math.min(t, f());
  return t;
}

export interface BurtBenchmark {
  engagements: number;
  engagementsPerSecond: number;
  drawsPerEngagement: number;
  streamsPerEngagement: number;
  floorPerSecond: number;
  /** The floor's time over the engine's. */
  shareOfFloor: number;
  meanTurns: number;
}

export function measureBurt(engagements = 100_000, tries = 3): BurtBenchmark {
  const { scenario } = loadScenario(FILE);
  const rs = findRuleset('burt')!;
  const cell = singleCell(scenario);
  const c = rs.compile(cell.scenario, cell.options);
  const out = rs.newResult(c);
  const key = cell.rngKey;
  // Count the dice each engagement draws, stream by stream.
  const plan: { side: 0 | 1; purpose: Purpose; draws: number }[][] = [];
  let turns = 0;
  for (let i = 0; i < engagements; i++) {
    const d = new CountingDice('').resetTo(1, key, i);
    turns += rs.play(c, d, { out }).turns;
    plan.push(d.made);
  }
  // The engine, as a run plays it: one dice object reset for each engagement.
  const dice = new EngagementDice('');
  const play = () => {
    const t0 = cpuNow();
    for (let i = 0; i < engagements; i++) rs.play(c, dice.resetTo(1, key, i), { out });
    return (cpuNow() - t0) / 1000;
  };
  play();
  const seconds = best(tries, play);
  // The floor: the same streams seeded from the same keys, the same draws taken.
  const floorDice = new EngagementDice('');
  const floor = () => {
    let s = 0;
    const t0 = cpuNow();
    for (let i = 0; i < engagements; i++) {
      const d = floorDice.resetTo(1, key, i);
      for (const st of plan[i]) {
        const u = d.stream(st.side, st.purpose);
        for (let k = 0; k < st.draws; k++) s += u();
      }
    }
    sink += s;
    return (cpuNow() - t0) / 1000;
  };
  floor();
  const floorSeconds = best(tries, floor);
  let draws = 0;
  let streams = 0;
  for (const p of plan) for (const st of p) (streams++, (draws += st.draws));
  return {
    engagements,
    engagementsPerSecond: engagements / seconds,
    drawsPerEngagement: draws / engagements,
    streamsPerEngagement: streams / engagements,
    floorPerSecond: engagements / floorSeconds,
    shareOfFloor: floorSeconds / seconds,
    meanTurns: turns / engagements,
  };
}

const isMain = process.argv[1] !== undefined && /burt\.(js|ts)$/.test(process.argv[1]);
if (isMain) {
  const n = Number(process.argv[2] ?? 100_000);
  const b = measureBurt(n);
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(`Burt scenario A (${FILE}), ${fmt(b.engagements)} engagements on one thread, ${b.meanTurns.toFixed(2)} turns each`);
  console.log(`  engine: ${fmt(b.engagementsPerSecond)} engagements per CPU second`);
  console.log(`  dice:   ${b.drawsPerEngagement.toFixed(1)} draws from ${b.streamsPerEngagement.toFixed(2)} streams an engagement; floor ${fmt(b.floorPerSecond)} engagements/s`);
  console.log(`  share of the dice floor: ${(100 * b.shareOfFloor).toFixed(1)}%`);
  if (sink === 42) console.log('');
}
