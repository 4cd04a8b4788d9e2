/**
 * Golden transcripts of CWJ (STYLE.md 8): seeded engagements of the shipped scenarios are replayed and
 * their stories compared with the committed ones in test/cwj/, so any change in how engagements play or
 * are told shows as a diff. After an intended change: CWJ_GOLDEN_UPDATE=1 npx vitest run test/cwj/golden.test.ts,
 * and commit the transcripts with the reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storyText } from '../../src/report/trace/story.js';
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';

const CASES = [
  { file: 'a-village-e3.story.txt', source: 'sims/cwj/common-a-village.scenario.yaml', cell: 0, engagement: 3 },
  { file: 'c-caught-e1.story.txt', source: 'sims/cwj/c-caught.scenario.yaml', cell: 0, engagement: 1 },
  { file: 'meeting-e1.story.txt', source: 'sims/cwj/meeting.scenario.yaml', cell: 0, engagement: 1 },
  { file: 'c-cavalry-cap-c3-e2.story.txt', source: 'sims/cwj/c-cavalry-cap.experiment.yaml', cell: 3, engagement: 2 },
] as const;

describe('CWJ golden transcripts', () => {
  for (const c of CASES) {
    it(`${c.source} cell ${c.cell} engagement ${c.engagement} tells the committed story (test/cwj/${c.file})`, () => {
      const r = replayEngagement({ file: c.source, cell: c.cell, engagement: c.engagement });
      const actual = storyText(replayStoryLines(r), r.provenance.seed);
      const path = join(process.cwd(), 'test', 'cwj', c.file);
      if (process.env.CWJ_GOLDEN_UPDATE === '1') writeFileSync(path, actual);
      expect(actual, `the story differs from test/cwj/${c.file}; if intended, rerun with CWJ_GOLDEN_UPDATE=1 and commit it`).toBe(readFileSync(path, 'utf8'));
    });
  }
});
