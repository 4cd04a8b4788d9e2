/**
 * Long check (`npm run test:long`): every real CWJ doctrine beats random-legal in scenario A and in the
 * meeting engagement on more engagements than `npm test` plays (test/cwj/doctrines.test.ts keeps a
 * fast representative check).
 */
import { describe, expect, it } from 'vitest';
import { CWJ_DOCTRINE_PRESETS } from '../../src/rules/cwj/doctrine.js';
import { scoreAgainstRandom } from '../cwj/versusRandom.js';

const REAL = Object.keys(CWJ_DOCTRINE_PRESETS).filter((d) => !CWJ_DOCTRINE_PRESETS[d].params.random);

describe('cwj doctrines against random-legal, long', () => {
  for (const [file, n] of [
    ['sims/cwj/common-a-village.scenario.yaml', 200],
    ['sims/cwj/meeting.scenario.yaml', 100],
  ] as const) {
    for (const d of REAL) {
      it(`${d} beats random-legal in ${file}, both ways round on the same dice: its score exceeds 1/2 by 4 standard errors (${2 * n} engagements)`, async () => {
        expect(await scoreAgainstRandom(file, d, n)).toBeGreaterThan(0);
      });
    }
  }
});
