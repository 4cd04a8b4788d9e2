/**
 * Rewrites the golden transcripts: `npm run golden:update` (run from the repository root). Review the
 * diff before committing it: every change in it is a change in how engagements play or are told.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_CASES, goldenStory } from './cases.js';

const dir = join(process.cwd(), 'test', 'golden');
for (const c of GOLDEN_CASES) {
  const path = join(dir, c.file);
  const story = goldenStory(c);
  let old = '';
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    // a new case
  }
  writeFileSync(path, story);
  console.log(`${old === story ? 'unchanged' : old ? 'updated  ' : 'created  '} test/golden/${c.file}`);
}
