/**
 * `npm run invariants`: play many engagements of every shipped battle with every invariant checked
 * after each phase, on the worker pool, and print how many broke an invariant (must be 0). A
 * violation stops that scenario's run and is printed with the engagement's seed and the trace command.
 *
 *   npm run invariants [-- --engagements N]   (default 100,000 in all, shared among the battles)
 */
import { availableParallelism } from 'node:os';
import { loadScenario, singleCell } from '../../src/scenario/load.js';
import { EngagementError } from '../../src/sim/engine/batch.js';
import type { RunPlan } from '../../src/sim/engine/plan.js';
import { runPlan } from '../../src/sim/engine/runner.js';

const BATTLES = [
  'sims/village-assault.scenario.yaml',
  'sims/cavalry-vs-squares.scenario.yaml',
  'sims/night-and-morning.scenario.yaml',
  'sims/meeting-engagement.scenario.yaml',
  'sims/ligny-like.scenario.yaml',
  'sims/corps-battle.scenario.yaml',
];

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

async function main(): Promise<number> {
  const total = arg('engagements', 100_000);
  const each = Math.ceil(total / BATTLES.length);
  const workers = availableParallelism();
  let played = 0;
  let violations = 0;
  for (const file of BATTLES) {
    const cell = singleCell(loadScenario(file).scenario);
    const plan: RunPlan = {
      rulesetId: cell.scenario.ruleset,
      seed: 'invariants',
      engagements: each,
      batch: 500,
      cells: [{ index: 0, rngKey: cell.rngKey, scenario: cell.scenario, options: cell.options }],
      checkInvariants: true,
    };
    const t0 = performance.now();
    try {
      await runPlan(plan, { workers });
      played += each;
      console.log(`${file}: ${each.toLocaleString('en-US')} engagements, 0 violations (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    } catch (e) {
      if (!(e instanceof EngagementError) && !(e instanceof Error && /invariant/.test(e.message))) throw e;
      violations++;
      console.log(`${file}: VIOLATION ${e.message}`);
      if (e instanceof EngagementError) console.log(`  replay: volley trace ${file} --engagement ${e.engagement} --seed invariants -n ${each}`);
    }
  }
  console.log(`\n${played.toLocaleString('en-US')} engagements across ${BATTLES.length} battles with invariant checks on: ${violations} violations`);
  return violations === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
