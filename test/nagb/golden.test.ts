/**
 * Golden transcripts of NAGB (STYLE.md 8): seeded engagements of the shipped scenarios replayed and
 * their stories compared with the committed ones, so any change in how an engagement plays (or is told)
 * shows as a diff. After an intended change: NAGB_GOLDEN_UPDATE=1 npx vitest run test/nagb/golden.test.ts,
 * then review and commit the transcripts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storyText } from '../../src/report/trace/story.js';
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';

const CASES = [
  // Scenario A: columns assault the village (charges, stand and shoot, hand to hand with the garrison first).
  { file: 'common-a-village-e1.story.txt', source: 'sims/nagb/common-a-village.scenario.yaml', engagement: 1 },
  // Scenario B: columns against a line in the open (volleys, a draw, breaking, proximity tests).
  { file: 'common-b-open-e2.story.txt', source: 'sims/nagb/common-b-open.scenario.yaml', engagement: 2 },
  // Scenario C: a square formed early, an aggressive charge, blown cavalry.
  { file: 'common-c-cavalry-e0.story.txt', source: 'sims/nagb/common-c-cavalry.scenario.yaml', engagement: 0 },
];

describe('NAGB story words', () => {
  it("p19-20: a battery's fire as it flees is told as canister", () => {
    // Scenario C's cuirassiers at a battery of three medium guns whose doctrine fires and flees.
    const text = readFileSync('sims/nagb/common-c-cavalry.scenario.yaml', 'utf8')
      .replace('doctrine: hold-and-volley', 'doctrine: { preset: hold-and-volley, battery: fireAndFlee }')
      .replace('- { id: IR-12-I, quality: line, formation: line, front: 28, offset: 0 }', '- { id: Bty-1, arm: artillery, quality: line, guns: [medium, medium, medium], front: 24, offset: 0 }');
    const file = join(mkdtempSync(join(tmpdir(), 'volley-nagb-story-')), 'battery.scenario.yaml');
    writeFileSync(file, text);
    const r = replayEngagement({ file, engagement: 0 });
    const story = storyText(replayStoryLines(r), r.provenance.seed);
    expect(story).toContain('Bty-1 fires and flees');
    expect(story).toMatch(/charge of 5-Cuirassiers[^\n]*; canister at 8": \d+ casualt/);
  });
});

describe('NAGB story words (p12)', () => {
  it('p12: defensive fire at a range of 0 or less is told at point blank, at contact (it was told as no fire)', () => {
    // Guard battalions in line (fire range d6 - 3) against the French columns of scenario B.
    let story = '';
    for (let e = 0; e < 20 && !/a volley at point blank \(0"/.test(story); e++) {
      const r = replayEngagement({ file: 'sims/cross/open-quality.experiment.yaml', cell: 8, engagement: e });
      story = storyText(replayStoryLines(r), r.provenance.seed);
    }
    expect(story).toMatch(/charge of [^\n]*; a volley at point blank \(0", p12\): \d+ casualt/);
  });
});

describe('NAGB story words (p23)', () => {
  it('p23: cavalry against cavalry with nobody broken is told breaking through, each ride with its 2d6', () => {
    // Scenario C's cuirassiers against a regiment of hussars in place of the battalion, neither recalled.
    const text = readFileSync('sims/nagb/common-c-cavalry.scenario.yaml', 'utf8')
      .replace('doctrine: hold-and-volley', 'doctrine: { preset: hold-and-volley, recall: false }')
      .replace(/doctrine: column-assault\b/, 'doctrine: { preset: column-assault, recall: false }')
      .replace('- { id: IR-12-I, quality: line, formation: line, front: 28, offset: 0 }', '- { id: Hus, arm: cavalry, quality: line, figures: 16, cavalryType: light, front: 28, offset: 0 }');
    expect(text).toContain('id: Hus');
    const file = join(mkdtempSync(join(tmpdir(), 'volley-nagb-story-')), 'cavalry.scenario.yaml');
    writeFileSync(file, text);
    let story = '';
    for (let e = 0; e < 40 && !story.includes('breaks through'); e++) {
      const r = replayEngagement({ file, engagement: e });
      story = storyText(replayStoryLines(r), r.provenance.seed);
    }
    expect(story).toMatch(/score (\d+) to \1: a draw: cavalry against cavalry, both break through 2d6 \(p23\)|is beaten but not broken: cavalry against cavalry, both break through 2d6 \(p23\)/);
    expect(story).toMatch(/5-Cuirassiers breaks through Hus \(p23\): 2d6 = \d+, rides [\d.]+" on/);
    expect(story).toMatch(/Hus breaks through 5-Cuirassiers \(p23\): 2d6 = \d+, rides [\d.]+" on/);
  });
});

describe('NAGB golden transcripts (STYLE.md 8)', () => {
  for (const c of CASES) {
    it(`${c.source} engagement ${c.engagement} tells the committed story (test/nagb/${c.file})`, () => {
      const r = replayEngagement({ file: c.source, engagement: c.engagement });
      const story = storyText(replayStoryLines(r), r.provenance.seed);
      const path = join(process.cwd(), 'test', 'nagb', c.file);
      if (process.env.NAGB_GOLDEN_UPDATE) writeFileSync(path, story);
      expect(story, `the story differs from test/nagb/${c.file}; if the change is intended, rerun with NAGB_GOLDEN_UPDATE=1 and commit the transcript`).toBe(readFileSync(path, 'utf8'));
    });
  }
});
