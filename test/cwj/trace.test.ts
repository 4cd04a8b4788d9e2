import { describe, expect, it } from 'vitest';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { replayEngagement } from '../../src/sim/studies/trace.js';

describe('the CWJ trace: story, a picture per phase, the lane drawn to scale', () => {
  const r = replayEngagement({ file: 'sims/cwj/common-a-village.scenario.yaml', engagement: 3 });
  const events = r.events as CwjEvent[];
  const frames = r.trace.frames(r.events, r.subject, r.result);

  it('a step for the deployment, one per phase played, and one for the end', () => {
    const phases = events.filter((e) => e.type === 'phase').length;
    expect(frames.length).toBe(phases + 2);
    expect(frames[0].title).toBe('Deployment');
    expect(frames[frames.length - 1].end).toBe(true);
    expect(frames[1].title).toMatch(/^Turn 1, French brigade: rally$/);
  });
  it('rulings 11: every unit on the lane is a rectangle by frontage and depth; moves and retreats are arrows', () => {
    const pic = r.trace.picture(r.subject);
    expect(pic.background).toContain('the village');
    expect((frames[0].svg.match(/<g class="unit">/g) ?? []).length).toBe(7);
    const withMoves = frames.find((f) => /<g class="arrow"><title>[^<]*: move /.test(f.svg));
    expect(withMoves?.phase).toBe('movement');
    expect(frames.some((f) => /<g class="arrow"><title>[^<]*: retreat /.test(f.svg))).toBe(true);
  });
  it('the story cites the rules: [SoP] phases, [Contact], [Fire], [Melee], [Win]', () => {
    const text = r.trace.story(r.events, r.subject, r.result).map((l) => l.text).join('\n');
    for (const tag of ['[SoP] l.7-9', '[Contact]', '[Fire]', '[Melee]', '[Win]']) expect(text).toContain(tag);
    expect(text).toContain('Line infantry (french, fire 1, rally 1, melee 4; 720 men), column');
  });
  it('the outcome says who won, why, when, after how many minutes and at what cost in men', () => {
    // The turn is the engagement's own (its dice decide it), said as the result has it.
    expect(r.result.turns).toBeGreaterThan(0);
    expect(r.trace.outcome(r.result, r.subject)).toMatch(
      new RegExp(`^Winner: French brigade \\(the attacker carried the position\\) in turn ${r.result.turns}, after \\d+ minutes; French brigade lost [\\d,]+ men, Prussian battalions lost [\\d,]+ men$`),
    );
  });
});

describe('the CWJ story: a change into square cites [SoP] l.10 only where that rule made it', () => {
  // Random-legal play squares in its own movement phase too (a formation change of its move, [Move]).
  const r = replayEngagement({ file: 'sims/cwj/meeting.scenario.yaml', engagement: 1, settings: { set: ['attacker.doctrine=random-legal', 'defender.doctrine=random-legal'] } });
  const text = r.trace.story(r.events, r.subject, r.result).map((l) => l.text);
  it('[SoP] l.10-11: the defensive fire phase\'s squares are tagged, the movement phase\'s are not', () => {
    let phase = '';
    const tagged: string[] = [];
    for (const l of text) {
      if (/ phase \[SoP\]/.test(l)) phase = l;
      if (/ changes from .* to square/.test(l)) tagged.push(`${phase.startsWith('Defensive') ? 'defensive' : 'other'} ${l.endsWith(' [SoP] l.10')}`);
    }
    expect(tagged).toContain('defensive true');
    expect(tagged).toContain('other false');
    expect(tagged.every((t) => t === 'defensive true' || t === 'other false')).toBe(true);
  });
});
