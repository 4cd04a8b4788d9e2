/** The bad-input corpus with every file through `volley run` too, one process each (../reliability/corpus.ts). */
import { corpusSuite } from '../reliability/corpus.js';

corpusSuite(() => true);
