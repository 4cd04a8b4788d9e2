/** Golden transcripts of Age of Eagles engagements (STYLE.md 8; test/aoe/golden.ts): any change in play or wording shows as a diff. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AOE_GOLDEN, aoeGoldenStory, goldenPath } from './golden.js';

describe('Age of Eagles golden transcripts', () => {
  for (const c of AOE_GOLDEN) {
    it(`${c.source} engagement ${c.engagement} tells the committed story (test/aoe/${c.file})`, () => {
      expect(aoeGoldenStory(c), `the story differs from ${goldenPath(c)}; if the change is intended, run \`npx tsx test/aoe/golden.ts\` and commit the transcripts with the reason`).toBe(readFileSync(goldenPath(c), 'utf8'));
    });
  }
});
