/**
 * The bad-input corpus in npm test: every file through `volley validate` (the built program) and
 * through `volley run` in this process (test/cli/here.ts); every file through run as the built program,
 * one process each, is in npm run test:long (test/long/corpus-run.test.ts). See ./corpus.ts.
 */
import { corpusSuite } from './corpus.js';

corpusSuite(() => true, true);
