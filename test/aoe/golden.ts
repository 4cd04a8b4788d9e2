/**
 * The golden transcripts of Age of Eagles (STYLE.md 8): seeded engagements whose stories are committed
 * beside this file and diffed by test/aoe/golden.test.ts. After an intended change in play or wording:
 *   npx tsx test/aoe/golden.ts
 * rewrites them; commit the new transcripts with the reason.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storyText } from '../../src/report/trace/story.js';
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';

export interface AoeGoldenCase {
  file: string;
  source: string;
  engagement: number;
}

export const AOE_GOLDEN: readonly AoeGoldenCase[] = [
  // Common scenario A: a charge, the village stormed.
  { file: 'village-e0.story.txt', source: 'sims/aoe/common-a-village.scenario.yaml', engagement: 0 },
  // Common scenario C: a square formed, the cuirassiers thrown back and broken.
  { file: 'cuirassiers-e2.story.txt', source: 'sims/aoe/common-c-cavalry.scenario.yaml', engagement: 2 },
  // The meeting engagement: fire, charges checked, breakthroughs, an army broken.
  { file: 'meeting-e3.story.txt', source: 'sims/aoe/meeting.scenario.yaml', engagement: 3 },
];

export function aoeGoldenStory(c: AoeGoldenCase): string {
  const r = replayEngagement({ file: c.source, engagement: c.engagement });
  return storyText(replayStoryLines(r), r.provenance.seed);
}

export const goldenPath = (c: AoeGoldenCase) => join('test', 'aoe', c.file);

if (process.argv[1]?.endsWith('golden.ts')) {
  for (const c of AOE_GOLDEN) {
    writeFileSync(goldenPath(c), aoeGoldenStory(c));
    console.log(`wrote ${goldenPath(c)}`);
  }
}
