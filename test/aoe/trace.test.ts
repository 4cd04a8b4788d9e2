/**
 * The trace of an Age of Eagles engagement (src/rules/aoe/trace/): the story's shape (title, order of
 * battle, turns, player turns, phases, the end in men), one frame per phase with the lane drawn at the
 * units' footprints, the picture's fixed parts, and the quality ladder's words (rulings 7).
 */
import { describe, expect, it } from 'vitest';
import { QUALITY_LADDER } from '../../src/core/ruleset.js';
import { AOE_QUALITY } from '../../src/rules/aoe/quality.js';
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';

describe('The trace of scenario A, engagement 0', () => {
  const r = replayEngagement({ file: 'sims/aoe/common-a-village.scenario.yaml', engagement: 0 });
  const lines = replayStoryLines(r);
  const frames = r.trace.frames(r.events, r.subject, r.result);
  it('the story: a title, the order of battle, each turn with its initiative, player turns and phases, and the end in men', () => {
    expect(lines[0]).toMatchObject({ kind: 'title', depth: 0 });
    expect(lines.some((l) => l.kind === 'section' && l.text === 'Order of battle')).toBe(true);
    expect(lines.some((l) => l.text.startsWith('Fr-1: 6-stand infantry (1,440 men), regular'))).toBe(true);
    expect(lines.filter((l) => l.kind === 'turn').length).toBe(r.result.turns);
    expect(lines.filter((l) => l.kind === 'event' && l.text.startsWith('Initiative (p1)')).length).toBe(r.result.turns);
    expect(lines.some((l) => l.kind === 'phase' && l.text === 'Bayonet & Sabre phase (p2)')).toBe(true);
    expect(lines.some((l) => l.kind === 'section' && l.text.startsWith('End: '))).toBe(true);
    expect(lines.some((l) => /of 2,880 men lost/.test(l.text))).toBe(true);
  });
  it('frames: the deployment, one per phase played, the end; each draws every unit still in play at its footprint', () => {
    const phases = r.events.filter((e) => e.type === 'lane').length;
    expect(frames.length).toBe(phases);
    expect(frames[0].title).toBe('Deployment');
    expect(frames[frames.length - 1].end).toBe(true);
    for (const f of frames.slice(0, 1)) for (const id of ['Fr-1', 'Fr-2', 'Fr-Bty', 'Pr-IR']) expect(f.svg).toContain(`>${id}<`);
    expect(frames.some((f) => f.svg.includes('class="arrow"'))).toBe(true);
  });
  it('the picture: the lane with its village and the objective, a legend, and words for the outcome', () => {
    const pic = r.trace.picture(r.subject);
    expect(pic.background).toContain('village');
    expect(pic.background).toContain('class="objective"');
    expect(pic.legend.some((x) => x.text.startsWith('French (attacker)'))).toBe(true);
    expect(r.trace.outcome(r.result, r.subject)).toMatch(/^(Winner: (French|Prussians)|No winner) \(.+\) after turn \d of 6, \d+ minutes$/);
  });
});

describe('The quality ladder (rulings 7)', () => {
  it('conscript, line, veteran, guard map to Conscript, Regular, Elite and guard; the ladder’s elite is guard too', () => {
    expect(QUALITY_LADDER.map((q) => AOE_QUALITY.fields(q, {}).troops)).toEqual(['conscript', 'regular', 'elite', 'guard', 'guard']);
    for (const q of QUALITY_LADDER) expect(AOE_QUALITY.describe[q].length).toBeGreaterThan(5);
  });
});
