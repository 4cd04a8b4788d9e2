/**
 * Golden transcripts (STYLE.md 8): three seeded engagements are replayed and their stories compared
 * with the committed ones, so any change in how engagements play (or are told) shows up as a diff.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES, goldenStory } from '../golden/cases.js';

describe('golden transcripts', () => {
  for (const c of GOLDEN_CASES) {
    it(`${c.source} cell ${c.cell} engagement ${c.engagement} tells the committed story (test/golden/${c.file})`, () => {
      const expected = readFileSync(join(process.cwd(), 'test', 'golden', c.file), 'utf8');
      const actual = goldenStory(c);
      expect(
        actual,
        `the story of ${c.source} cell ${c.cell} engagement ${c.engagement} differs from test/golden/${c.file}. ` +
          'If the change in play or wording is intended, run `npm run golden:update` and commit the updated transcript with an explanation.',
      ).toBe(expected);
    });
  }
});
