/**
 * The assault kernel against its dice floor, single-threaded, two ways (benchmarks/RESULTS.md,
 * "Definitions"):
 *
 * - round: one assault round (7.3, 7.4) on the first turn of town-assault, state reset between rounds,
 *   every draw from one alea stream; its floor is the same number of alea draws turned into d6 faces.
 * - engagement: whole town-assault engagements as a run plays them (one EngagementDice reset for each,
 *   as BatchRunner does), each seeding its own sub-streams (seed, cell, engagement, side, purpose) and
 *   drawing from them; its floor seeds the same streams from the same keys, with the same code, and
 *   draws the same number from each, without the rules.
 *
 * Both floors use the engine's own alea generator (src/core/dice.ts), so they are what the dice cost
 * the engine, not what some other generator would.
 */
import { newAorResult } from '../src/rules/aor/results.js';
import { aleaStream, EngagementDice, type Purpose, type Uniform } from '../src/core/dice.js';
import { resolveAssaultRound } from '../src/rules/aor/assault.js';
import { compileAssault, playAssault, type AssaultScenario } from '../src/rules/aor/engagement.js';
import { aorOptions } from '../src/rules/aor/options.js';
import { internAll } from '../src/core/intern.js';
import { loadScenario, singleCell } from '../src/scenario/load.js';

const FILE = 'sims/town-assault.scenario.yaml';

/** Dice whose every stream is one alea generator, optionally counting draws. */
class OneStreamDice extends EngagementDice {
  draws = 0;
  private readonly u: Uniform;
  constructor(seed: string, count: boolean) {
    super(seed);
    const a = aleaStream(seed);
    this.u = count ? () => (this.draws++, a()) : a;
  }
  override stream(_side: 0 | 1, _purpose: Purpose): Uniform {
    return this.u;
  }
}

/** Engagement dice that record each stream they create and the draws taken from it. */
export class CountingDice extends EngagementDice {
  readonly made: { side: 0 | 1; purpose: Purpose; draws: number }[] = [];
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const inner = super.stream(side, purpose);
    let rec = this.made.find((m) => m.side === side && m.purpose === purpose);
    if (!rec) this.made.push((rec = { side, purpose, draws: 0 }));
    const r = rec;
    return () => (r.draws++, inner());
  }
}

function compiled() {
  const { scenario } = loadScenario(FILE);
  if (scenario.engagement !== 'assault') throw new Error(`${FILE} is not an assault`);
  const cell = singleCell(scenario);
  // Words interned as the runner interns a cell's before compiling it (src/sim/engine/batch.ts).
  internAll(cell.scenario);
  internAll(cell.options);
  return { cell, c: compileAssault(cell.scenario as unknown as AssaultScenario, aorOptions(cell.options)) };
}

let sink = 0;
const keep = (x: number) => {
  sink += x;
};

function roundKernel(n: number, count: boolean): { seconds: number; draws: number } {
  const { c } = compiled();
  const res = newAorResult(c.specs.length);
  const dice = new OneStreamDice('bench', count);
  const { st, round } = c.workspace;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    st.reset();
    resolveAssaultRound(st, c.firstTurn, c.options, c.doctrines, dice, res, round);
  }
  return { seconds: (performance.now() - t0) / 1000, draws: dice.draws };
}

function drawFloor(draws: number): number {
  const u = aleaStream('floor');
  let s = 0;
  const t0 = performance.now();
  for (let i = 0; i < draws; i++) s += 1 + Math.floor(u() * 6);
  const seconds = (performance.now() - t0) / 1000;
  keep(s);
  return seconds;
}

export interface KernelFigures {
  rounds: number;
  roundsPerSecond: number;
  drawsPerRound: number;
  roundFloorPerSecond: number;
  /** Rounds per second as a share of the floor's. */
  roundShare: number;
  engagements: number;
  engagementsPerSecond: number;
  streamsPerEngagement: number;
  drawsPerEngagement: number;
  engagementFloorPerSecond: number;
  engagementShare: number;
  /** The engagement floor's time split: seeding streams, and drawing. */
  seedingShareOfFloor: number;
}

/** Best of `tries` timings (least disturbed by other load). */
function best(tries: number, f: () => number): number {
  let t = Infinity;
  for (let i = 0; i < tries; i++) t = Math.min(t, f());
  return t;
}

export function measureKernel(rounds = 2_000_000, engagements = 300_000, tries = 3): KernelFigures {
  // Round kernel.
  roundKernel(50_000, false);
  const { draws } = roundKernel(rounds, true);
  const roundSeconds = best(tries, () => roundKernel(rounds, false).seconds);
  drawFloor(1_000_000);
  const floorSeconds = best(tries, () => drawFloor(draws));

  // Engagement kernel: as BatchRunner plays them (seed 1, the cell's key).
  const { cell, c } = compiled();
  const out = newAorResult(c.specs.length);
  const key = cell.rngKey;
  const plan: { seed: string; streams: { side: 0 | 1; purpose: Purpose; draws: number }[] }[] = [];
  for (let i = 0; i < engagements; i++) {
    const d = new CountingDice('').resetTo(1, key, i);
    playAssault(c, d, { out });
    plan.push({ seed: d.seed, streams: d.made });
  }
  const dice = new EngagementDice('');
  const play = () => {
    const t0 = performance.now();
    for (let i = 0; i < engagements; i++) playAssault(c, dice.resetTo(1, key, i), { out });
    return (performance.now() - t0) / 1000;
  };
  play();
  const engSeconds = best(tries, play);
  let streams = 0, engDraws = 0;
  for (const p of plan) for (const s of p.streams) (streams++, (engDraws += s.draws));
  // The floor: the same streams seeded from the same keys, the same draws taken.
  const floorDice = new EngagementDice('');
  const floor = (draw: boolean) => {
    let s = 0;
    const t0 = performance.now();
    for (let i = 0; i < engagements; i++) {
      const d = floorDice.resetTo(1, key, i);
      for (const st of plan[i].streams) {
        const u = d.stream(st.side, st.purpose);
        if (draw) for (let k = 0; k < st.draws; k++) s += 1 + Math.floor(u() * 6);
        else s += u === null ? 1 : 0;
      }
    }
    keep(s);
    return (performance.now() - t0) / 1000;
  };
  floor(true);
  const engFloor = best(tries, () => floor(true));
  const seedOnly = best(tries, () => floor(false));
  if (sink === 42) console.log('');
  return {
    rounds,
    roundsPerSecond: rounds / roundSeconds,
    drawsPerRound: draws / rounds,
    roundFloorPerSecond: rounds / floorSeconds,
    roundShare: floorSeconds / roundSeconds,
    engagements,
    engagementsPerSecond: engagements / engSeconds,
    streamsPerEngagement: streams / engagements,
    drawsPerEngagement: engDraws / engagements,
    engagementFloorPerSecond: engagements / engFloor,
    engagementShare: engFloor / engSeconds,
    seedingShareOfFloor: Math.min(1, seedOnly / engFloor),
  };
}
