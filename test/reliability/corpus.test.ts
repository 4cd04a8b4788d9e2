/**
 * The bad-input corpus in npm test: every file through `volley validate`, and every sixth file (and
 * each kind of file: scenario, experiment, refit, odds) through `volley run` as well; the run of every
 * file is in npm run test:long (test/long/corpus-run.test.ts). See ./corpus.ts.
 */
import { corpusSuite } from './corpus.js';

const seenKinds = new Set<string>();
corpusSuite((file, i) => {
  const kind = file.replace(/^.*?\.(\w+)\.ya?ml$/, '$1');
  const first = !seenKinds.has(kind);
  seenKinds.add(kind);
  return first || i % 6 === 0;
});
