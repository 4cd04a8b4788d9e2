/** Results from the real pipeline, run in this thread with few engagements, cached per file. */
import { fileURLToPath } from 'node:url';
import { prepareRun } from '../../src/sim/prepare.js';
import { buildResults, type Results } from '../../src/sim/results.js';
import { runPlan } from '../../src/sim/runner.js';

export const SIMS = {
  /** One factor with four values. */
  townAssault: fileURLToPath(new URL('../../sims/town-assault.experiment.yaml', import.meta.url)),
  /** Two factors, one of them held at a single value. */
  flank: fileURLToPath(new URL('../../sims/flank-vs-frontal.experiment.yaml', import.meta.url)),
  /** A single scenario: one cell, no factors. */
  scenario: fileURLToPath(new URL('../../sims/town-assault.scenario.yaml', import.meta.url)),
};

const cache = new Map<string, Promise<Results>>();

export function fixtureResults(file: string, engagements = 300): Promise<Results> {
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
