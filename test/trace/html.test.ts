/**
 * trace.html without a browser: self-contained, text escaped, and the embedded steps JSON parses with
 * one step per phase of a battle (one per round of an assault) after the start.
 */
import { describe, expect, it } from 'vitest';
import { replayEngagement } from '../../src/sim/studies/trace.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { tracePage } from '../../src/report/trace/html.js';
import { AOR_TRACE } from '../../src/rules/aor/trace/index.js';
import { newAorResult } from '../../src/rules/aor/results.js';
import type { AssaultSubject } from '../../src/rules/aor/trace/subject.js';
import { embeddedSteps } from './page.js';
import { foldQuiet } from '../../src/report/trace/fold.js';

describe('trace.html', () => {
  it('has one step per phase of a battle, each with its title, lines and overlay; the page embeds them with quiet runs folded', () => {
    const r = replayEngagement({ file: 'sims/village-assault.scenario.yaml', engagement: 7 });
    const html = tracePage(r);
    const steps = r.trace.frames(r.events, r.subject, r.result);
    expect(embeddedSteps(html)).toEqual(foldQuiet(steps));
    const phases = (r.events as VolleyEvent[]).filter((e) => e.type === 'phase');
    expect(steps.length).toBe(1 + phases.length);
    expect(steps[0].title).toBe('Start');
    phases.forEach((p, i) => {
      const st = steps[i + 1];
      expect(st.turn).toBe(p.type === 'phase' ? p.turn : -1);
      expect(st.phase).toBe(p.type === 'phase' ? p.phase : null);
      expect(st.svg).toMatch(/^<g>|^<g/);
    });
    expect(steps[steps.length - 1].end).toBe(true);
    // Every story line is in exactly one step.
    const all = steps.flatMap((s) => s.lines.map((l) => l.text));
    expect(all).toContain(steps[steps.length - 1].lines.find((l) => l.text.startsWith('End after'))!.text);
  });

  it('embeds one step per round of the map-free assault', () => {
    const r = replayEngagement({ file: 'sims/woods-vs-clear.experiment.yaml', cell: 2, engagement: 3 });
    const steps = embeddedSteps(tracePage(r));
    expect(steps.map((s) => s.title)).toEqual(['Start', ...(r.events as VolleyEvent[]).filter((e) => e.type === 'turn').map((e) => `Round ${(e as { turn: number }).turn}`)]);
  });

  it('works offline: no external scripts, styles, images or fonts', () => {
    const r = replayEngagement({ file: 'sims/town-assault.scenario.yaml', engagement: 0 });
    const html = tracePage(r);
    expect(html).not.toMatch(/<script[^>]+src=|<link\b|<img\b|@import|url\(["']?(https?:|\/\/)/i);
    const urls = [...html.matchAll(/https?:\/\/[^\s"')<]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(new Set(['http://www.w3.org/2000/svg']));
  });

  it('escapes names and text, in the markup and in the embedded JSON', () => {
    const nasty = '</script><script>alert(1)</script>&"\'';
    const subject: AssaultSubject = {
      kind: 'assault',
      name: 'x',
      title: nasty,
      sides: [
        { name: `<b>A</b>`, role: 'attacker', doctrine: 'by-the-book' },
        { name: 'D & co', role: 'defender', doctrine: 'stubborn' },
      ],
      units: [
        { id: '<i>a', side: 0, kind: 'infantry', full: 6, reduced: 3, maxSteps: 2, startSteps: 2, startDisrupted: false, morale: 4, flags: [], formation: '<b>A</b>' },
        { id: 'd</script>', side: 1, kind: 'infantry', full: 6, reduced: 3, maxSteps: 2, startSteps: 2, startDisrupted: false, morale: 4, flags: [], formation: 'D' },
      ],
      turns: 1,
      onTime: 'defender',
      defenderTerrain: 'clear',
      stacks: [{ direction: 0, across: 'none', terrain: 'clear', movedAdjacent: false, units: [0] }],
      defender: [1],
    };
    const events: VolleyEvent[] = [
      { type: 'turn', turn: 1 },
      { type: 'fire', side: 0, rawStrength: 6, strength: 6, roll: 7, hits: 1, modifiers: ['<odd>'] },
      { type: 'hit', side: 1, unit: 'd</script>', lost: 1, left: 1, eliminated: false },
      { type: 'end', winner: 1, reason: 'time', turn: 1 },
    ];
    const result = newAorResult(2);
    result.winner = 1;
    result.turns = 1;
    const provenance = { file: 'f<.yaml', cell: 0, label: 'base', engagement: 0, seed: '1/cell/0', version: '0' };
    const html = tracePage({ title: nasty, trace: AOR_TRACE as never, subject, events, result, provenance });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<i>a');
    expect(html).not.toContain('<b>A</b>');
    expect(html.match(/<\/script>/g)!.length).toBe(2); // the JSON and the page's script
    const steps = embeddedSteps(html);
    expect(steps[1].lines.map((l) => l.text).join('\n')).toContain('hit on d</script>');
    expect(steps[1].svg).toContain('&lt;i&gt;a');
  });
});
