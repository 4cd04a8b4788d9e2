import { describe, expect, it } from 'vitest';
import type { TraceFrame } from '../../src/core/ruleset.js';
import { foldQuiet, isQuiet, spanTitle } from '../../src/report/trace/fold.js';
import { replayEngagement } from '../../src/sim/studies/trace.js';
import { tracePage } from '../../src/report/trace/html.js';
import { embeddedSteps } from './page.js';

const frame = (title: string, phase: string | null, events: string[], svg = '<g/>', heads: TraceFrame['lines'] = []): TraceFrame => ({
  title,
  turn: 1,
  side: 0,
  phase,
  end: false,
  lines: [...heads, ...(phase ? [{ depth: 2, kind: 'phase' as const, text: phase }] : []), ...events.map((text) => ({ depth: 3, kind: 'event' as const, text }))],
  svg,
});

describe('quiet steps folded', () => {
  it('names a span of steps once: the common head, then first to last', () => {
    expect(spanTitle('Turn 1, French: Command', 'Turn 1, French: Combat')).toBe('Turn 1, French: Command to Combat');
    expect(spanTitle('Turn 1, Prussians: Combat', 'Turn 2, French: Charges')).toBe('Turn 1, Prussians: Combat to Turn 2, French: Charges');
    expect(spanTitle('Turn 1, French: Combat', 'Turn 1, Prussians: Charges')).toBe('Turn 1, French: Combat to Prussians: Charges');
    expect(spanTitle('Round 3', 'Round 5')).toBe('Round 3 to Round 5');
    expect(spanTitle('Round 3', 'Round 3')).toBe('Round 3');
  });

  it('folds a run of quiet steps into one, keeps steps where something happens and the start and end', () => {
    const start = { ...frame('Start', null, []), lines: [{ depth: 0, kind: 'title' as const, text: 'x' }] };
    const end = { ...frame('End', 'end', []), end: true };
    const frames = [
      start,
      frame('Turn 1, French: Command', 'Command', [], '<g/>', [{ depth: 0, kind: 'turn', text: 'Turn 1' }]),
      frame('Turn 1, French: Bombardment', 'Bombardment', [], '<g/>', [{ depth: 1, kind: 'player', text: 'French player turn' }]),
      frame('Turn 1, French: Charges', 'Charges', []),
      frame('Turn 1, French: Movement', 'Movement', ['A moves'], '<g>moved</g>'),
      frame('Turn 1, French: Combat', 'Combat', [], '<g>moved</g>'),
      end,
    ];
    expect(frames.map(isQuiet)).toEqual([false, true, true, true, false, true, false]);
    const folded = foldQuiet(frames);
    expect(folded.map((f) => f.title)).toEqual(['Start', 'Turn 1, French: Command to Charges', 'Turn 1, French: Movement', 'Turn 1, French: Combat', 'End']);
    // The headings stay, the phases' names share a line.
    expect(folded[1].lines.map((l) => l.text)).toEqual(['Turn 1', 'Command', 'French player turn', 'Bombardment, Charges']);
    expect(folded[1].phase).toBe('Command');
  });

  it('does not fold quiet steps whose pictures differ', () => {
    const folded = foldQuiet([frame('a', 'A', [], '<g>1</g>'), frame('b', 'B', [], '<g>2</g>')]);
    expect(folded.map((f) => f.title)).toEqual(['a', 'b']);
  });

  it('on the village assault: fewer steps, no two quiet steps in a row with the same picture, every event kept once', () => {
    const r = replayEngagement({ file: 'sims/village-assault.scenario.yaml', engagement: 7 });
    const all = r.trace.frames(r.events, r.subject, r.result);
    const steps = embeddedSteps(tracePage(r));
    expect(steps.length).toBeLessThan(all.length / 2);
    for (let i = 1; i < steps.length; i++) expect(isQuiet(steps[i]) && isQuiet(steps[i - 1]) && steps[i].svg === steps[i - 1].svg).toBe(false);
    const events = (fs: readonly TraceFrame[]) => fs.flatMap((f) => f.lines.filter((l) => l.kind === 'event').map((l) => l.text));
    expect(events(steps)).toEqual(events(all));
  });
});
