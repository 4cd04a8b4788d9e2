/**
 * `npm run bench`: throughput of the assault kernel against its dice floor, and engagements per second
 * in-process and on 1 and 2 workers. Figures are rates and ratios; nothing here is a test.
 *
 *   node dist/benchmarks/bench.js [--rounds N] [--engagements N]
 */
import { cpus } from 'node:os';
import { aleaStream, EngagementDice, type Purpose, type Uniform } from '../src/core/dice.js';
import { emptyResult } from '../src/core/result.js';
import { resolveAssaultRound } from '../src/rules/aor/assault.js';
import { compileAssault } from '../src/rules/aor/engagement.js';
import { aorOptions } from '../src/rules/aor/options.js';
import { loadExperiment, loadScenario, singleCell } from '../src/scenario/load.js';
import type { RunPlan } from '../src/sim/plan.js';
import { runPlan } from '../src/sim/runner.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROUNDS = arg('rounds', 2_000_000);
const ENGAGEMENTS = arg('engagements', 400_000);
const BATTLES = arg('battles', 4_000);

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

function kernelRounds(n: number, count: boolean): { seconds: number; draws: number } {
  const { scenario } = loadScenario('sims/town-assault.scenario.yaml');
  if (scenario.engagement !== 'assault') throw new Error('the kernel benchmark needs an assault scenario');
  const cell = singleCell(scenario);
  const c = compileAssault(scenario, aorOptions(cell.options));
  const res = emptyResult(c.specs.length);
  const dice = new OneStreamDice('bench', count);
  const { st, round } = c.workspace;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    st.reset();
    resolveAssaultRound(st, c.firstTurn, c.options, c.doctrines, dice, res, round);
  }
  return { seconds: (performance.now() - t0) / 1000, draws: dice.draws };
}

function diceFloor(draws: number): number {
  const u = aleaStream('floor');
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < draws; i++) sink += 1 + Math.floor(u() * 6);
  const s = (performance.now() - t0) / 1000;
  if (sink === 42) console.log('');
  return s;
}

async function engagementsPerSecond(workers: number, file = 'sims/town-assault.experiment.yaml', engagements = ENGAGEMENTS, batch = 5000): Promise<number> {
  const e = loadExperiment(file);
  const cell = e.cells[0];
  const plan: RunPlan = {
    rulesetId: 'aor',
    seed: 1,
    engagements,
    batch,
    cells: [{ index: 0, rngKey: cell.rngKey, scenario: cell.scenario, options: cell.options }],
    checkInvariants: false,
  };
  const t0 = performance.now();
  await runPlan(plan, { workers });
  return engagements / ((performance.now() - t0) / 1000);
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

async function main() {
  console.log(`volley benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}\n`);
  kernelRounds(50_000, false); // warm up
  const { draws } = kernelRounds(ROUNDS, true);
  const kernel = kernelRounds(ROUNDS, false);
  diceFloor(1_000_000);
  const floor = diceFloor(draws);
  const roundsPerSec = ROUNDS / kernel.seconds;
  const floorRoundsPerSec = ROUNDS / floor;
  console.log('Assault kernel (town-assault, first round, single thread)');
  console.log(`  rounds per second        ${fmt(roundsPerSec)}`);
  console.log(`  dice draws per round     ${(draws / ROUNDS).toFixed(2)}`);
  console.log(`  dice floor (same draws)  ${fmt(floorRoundsPerSec)} rounds/s  (${fmt(draws / floor)} alea draws/s)`);
  console.log(`  kernel / floor           ${((100 * roundsPerSec) / floorRoundsPerSec).toFixed(1)}%\n`);

  console.log(`Engagements (town-assault, ${fmt(ENGAGEMENTS)} engagements, batch 5000)`);
  const inProcess = await engagementsPerSecond(0);
  const one = await engagementsPerSecond(1);
  const two = await engagementsPerSecond(2);
  console.log(`  in-process               ${fmt(inProcess)}/s`);
  console.log(`  1 worker                 ${fmt(one)}/s  (pool overhead ${(100 * (1 - one / inProcess)).toFixed(1)}%)`);
  console.log(`  2 workers                ${fmt(two)}/s  (${(two / one).toFixed(2)}x one worker)`);

  console.log(`\nBattles (village-assault: 21 units, 10 turns; ${fmt(BATTLES)} engagements, batch 250)`);
  const v = 'sims/village-assault.experiment.yaml';
  const b0 = await engagementsPerSecond(0, v, BATTLES, 250);
  const b1 = await engagementsPerSecond(1, v, BATTLES, 250);
  const b2 = await engagementsPerSecond(2, v, BATTLES, 250);
  console.log(`  in-process               ${fmt(b0)}/s`);
  console.log(`  1 worker                 ${fmt(b1)}/s  (pool overhead ${(100 * (1 - b1 / b0)).toFixed(1)}%)`);
  console.log(`  2 workers                ${fmt(b2)}/s  (${(b2 / b1).toFixed(2)}x one worker)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
