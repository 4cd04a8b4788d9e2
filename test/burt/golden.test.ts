/**
 * Golden transcripts of Burt engagements (STYLE.md 8): seeded engagements replayed as `volley trace`
 * replays them, their stories compared with the committed ones, so any change in how engagements play
 * (or are told) shows as a diff. After an intended change:
 *   BURT_GOLDEN_UPDATE=1 npx vitest run test/burt/golden.test.ts
 * and commit the transcripts with the reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storyText } from '../../src/report/trace/story.js';
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';

const CASES = [
  { file: 'village-e3.story.txt', source: 'sims/burt/common-a-village.scenario.yaml', engagement: 3 },
  { file: 'cuirassiers-e1.story.txt', source: 'sims/burt/common-c-cavalry.scenario.yaml', engagement: 1 },
];

describe('Burt golden transcripts', () => {
  for (const c of CASES) {
    it(`${c.source} engagement ${c.engagement} tells the committed story (test/burt/${c.file})`, () => {
      const r = replayEngagement({ file: c.source, engagement: c.engagement });
      const story = storyText(replayStoryLines(r), r.provenance.seed);
      const path = join(process.cwd(), 'test', 'burt', c.file);
      if (process.env.BURT_GOLDEN_UPDATE === '1') writeFileSync(path, story);
      expect(story, `the story differs from test/burt/${c.file}; if intended, BURT_GOLDEN_UPDATE=1 npx vitest run test/burt/golden.test.ts`).toBe(readFileSync(path, 'utf8'));
    });
  }

  it('the trace draws a picture per step that saw anything, each with every unit as a rectangle, and the lane with its ruler', () => {
    const r = replayEngagement({ file: 'sims/burt/common-a-village.scenario.yaml', engagement: 3 });
    const frames = r.trace.frames(r.events, r.subject, r.result);
    expect(frames[0].title).toBe('The start');
    expect(frames[frames.length - 1].end).toBe(true);
    for (const f of frames) expect((f.svg.match(/<g class="unit">/g) ?? []).length).toBe(7);
    const pic = r.trace.picture(r.subject);
    expect(pic.background).toContain('village');
    expect(pic.background).toContain('(375 yd)');
    expect(r.trace.outcome(r.result, r.subject)).toMatch(/^(Winner: .+|Draw) \(.+\) after turn \d+, \d+ minutes$/);
  });
});
