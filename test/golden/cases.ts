/**
 * The golden transcripts (STYLE.md 8): seeded engagements whose stories are committed here and diffed
 * by test/trace/golden.test.ts. `npm run golden:update` rewrites them after an intended change.
 */
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';
import { storyText } from '../../src/report/trace/story.js';

export interface GoldenCase {
  /** The committed file, in test/golden/. */
  file: string;
  source: string;
  cell: number;
  engagement: number;
}

export const GOLDEN_CASES: readonly GoldenCase[] = [
  { file: 'town-assault-e0.story.txt', source: 'sims/town-assault.scenario.yaml', cell: 0, engagement: 0 },
  { file: 'village-assault-e7.story.txt', source: 'sims/village-assault.scenario.yaml', cell: 0, engagement: 7 },
  { file: 'woods-vs-clear-c2-e3.story.txt', source: 'sims/woods-vs-clear.experiment.yaml', cell: 2, engagement: 3 },
  // Battles of other doctrines and kinds: aggressive against careful, cavalry charges and squares, and
  // the army battle (commanders, a plan, reserves, night).
  { file: 'meeting-engagement-c5-e0.story.txt', source: 'sims/meeting-engagement.experiment.yaml', cell: 5, engagement: 0 },
  { file: 'cavalry-vs-squares-e0.story.txt', source: 'sims/cavalry-vs-squares.experiment.yaml', cell: 0, engagement: 0 },
  { file: 'ligny-like-e0.story.txt', source: 'sims/ligny-like.experiment.yaml', cell: 0, engagement: 0 },
];

/** The story `volley trace` writes to story.txt for the case. */
export function goldenStory(c: GoldenCase): string {
  const r = replayEngagement({ file: c.source, cell: c.cell, engagement: c.engagement });
  return storyText(replayStoryLines(r), r.provenance.seed);
}
