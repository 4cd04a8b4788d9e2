/** Results from the real pipeline, run in this thread with few engagements, cached per file. */
import { fileURLToPath } from 'node:url';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { buildResults, type Results } from '../../src/results/results.js';
import { runPlan } from '../../src/sim/engine/runner.js';

export const SIMS = {
  /** One factor with four values. */
  townAssault: fileURLToPath(new URL('../../sims/town-assault.experiment.yaml', import.meta.url)),
  /** Two factors, one of them held at a single value. */
  flank: fileURLToPath(new URL('../../sims/flank-vs-frontal.experiment.yaml', import.meta.url)),
  /** A single scenario: one cell, no factors. */
  scenario: fileURLToPath(new URL('../../sims/town-assault.scenario.yaml', import.meta.url)),
  /** A battle on the map: one cell, formations, objectives, strength by turn. */
  village: fileURLToPath(new URL('../../sims/village-assault.scenario.yaml', import.meta.url)),
  /** A battle experiment: three cells varying one formation's morale. */
  villageExperiment: fileURLToPath(new URL('../../sims/village-assault.experiment.yaml', import.meta.url)),
  /** A battle with cavalry charges: four cells, aor.squareEffect x the supporting brigade's orders. */
  cavalry: fileURLToPath(new URL('../../sims/cavalry-vs-squares.experiment.yaml', import.meta.url)),
  /** A battle that states its scale against history (`history`): one cell, losses per hour. */
  ligny: fileURLToPath(new URL('../../sims/ligny-like.scenario.yaml', import.meta.url)),
};

/** Battles are slower than assaults: the battle fixtures play this many engagements per cell. */
export const BATTLE_ENGAGEMENTS = 100;

/** The cavalry fixture plays this many engagements per cell. */
export const CAVALRY_ENGAGEMENTS = 150;

/** The charts only battle results have. */
export const BATTLE_CHARTS = ['objectives', 'strength-by-turn', 'formation-losses', 'demoralization'] as const;

/** The ligny fixture (a large battle) plays this many engagements. */
export const LIGNY_ENGAGEMENTS = 20;

/** The charts only battles that give their scale against history have. */
export const HISTORY_CHARTS = ['history'] as const;

/** The charts only battles with cavalry charges have. */
export const CHARGE_CHARTS = ['cavalry'] as const;

const cache = new Map<string, Promise<Results>>();

const BATTLE_FILES = new Set<string>([SIMS.village, SIMS.villageExperiment]);

/** Results of `file` from the real pipeline (300 engagements per cell, fewer for the battles). */
export function fixtureResults(
  file: string,
  engagements = file === SIMS.cavalry ? CAVALRY_ENGAGEMENTS : file === SIMS.ligny ? LIGNY_ENGAGEMENTS : BATTLE_FILES.has(file) ? BATTLE_ENGAGEMENTS : 300,
): Promise<Results> {
  const key = `${file}#${engagements}`;
  let p = cache.get(key);
  if (!p) {
    p = (async () => {
      const prep = prepareRun({ file, engagements, batch: 100 });
      const accumulators = await runPlan(prep.plan, { workers: 0 });
      return buildResults({ ...prep.meta, accumulators });
    })();
    cache.set(key, p);
  }
  return p;
}
