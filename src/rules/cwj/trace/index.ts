/**
 * The trace of a CWJ engagement (src/core/ruleset.ts, TraceSupport): what it is about (./subject.ts),
 * its story and steps (./narrate.ts) and its pictures of the lane (./svg.ts).
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceFrame, TracePicture, TraceSupport } from '../../../core/ruleset.js';
import type { CompiledLane } from '../compile.js';
import type { CwjEvent } from '../events.js';
import { narrate, reasonText } from './narrate.js';
import { subjectOf, type TraceSubject } from './subject.js';
import { terrainLegend } from '../../../table/draw.js';
import { ARROW_COLOURS, background, CSS, defs, drawnKind, layoutOf, SIDE_COLOURS, stepOverlay } from './svg.js';

function frames(events: readonly CwjEvent[], s: TraceSubject, r: EngagementResult): TraceFrame[] {
  const L = layoutOf(s);
  return narrate(events, s, r).steps.map((st) => ({
    title: st.title,
    turn: st.turn,
    side: st.side,
    phase: st.phase,
    end: st.end,
    lines: st.lines,
    svg: stepOverlay(s, L, st),
  }));
}

function swatch(inner: string, w = 34, h = 22): string {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">${inner}</svg>`;
}

function legend(s: TraceSubject): TracePicture['legend'] {
  const items: TracePicture['legend'] = [];
  const add = (svg: string, text: string) => items.push({ svg, text });
  items.push(...terrainLegend(s.terrain.map((t) => drawnKind(t.kind, t.from === t.to))));
  if (s.objective) add(swatch('<rect x="2" y="3" width="30" height="16" fill="none" stroke="#c99700" stroke-width="2" stroke-dasharray="6 3"/><circle cx="29" cy="5" r="4" fill="#2b59a3"/>'), 'objective; the dot above it in its holder’s colour');
  for (const side of [0, 1]) add(swatch(`<rect x="2" y="5" width="30" height="12" fill="${SIDE_COLOURS[side]}" stroke="#222"/><line x1="${side === 0 ? 32 : 2}" y1="5" x2="${side === 0 ? 32 : 2}" y2="17" stroke="#111" stroke-width="3"/>`), `${s.sides[side].name}: a unit by frontage and depth, its front edge thick; L line, C column, Sq square, Sk skirmish, D Deployed, Lb limbered, U unlimbered`);
  add(swatch('<rect x="2" y="5" width="30" height="12" fill="#2b59a3" stroke="#c1121f" stroke-width="2"/><circle cx="7" cy="10" r="4.5" fill="#c1121f"/>'), 'disordered (D) or unformed (U, orange)');
  add(swatch('<rect x="2" y="5" width="30" height="12" fill="#2b59a3" stroke="#000" stroke-width="2.5"/>'), 'in a standing melee');
  add(swatch('<path d="M27,4L28.3,7.9L32.4,7.9L29.1,10.3L30.3,14.2L27,11.8L23.7,14.2L24.9,10.3L21.6,7.9L25.7,7.9z" fill="#f4c430" stroke="#7a5c00" stroke-width="0.6"/>'), 'divisional general attached');
  add(swatch('<rect x="2" y="5" width="30" height="12" fill="#2b59a3" opacity="0.3" stroke="#222"/><path d="M2,5L32,17M32,5L2,17" stroke="#c1121f" stroke-width="2"/>'), 'unit that left the table in this step');
  add(swatch('<circle cx="17" cy="11" r="5" fill="#fff" stroke="#2b59a3" stroke-width="2.2"/>'), 'corps commander (morale passes reach 30 cm)');
  const arrow = (colour: string, dash = '') => swatch(`<path d="M3,11H25" stroke="${colour}" stroke-width="3"${dash}/><path d="M24,5L32,11L24,17z" fill="${colour}"/>`);
  add(arrow(ARROW_COLOURS.move), 'move');
  add(arrow(ARROW_COLOURS.charge), 'charge (cavalry into contact)');
  add(arrow(ARROW_COLOURS.retreat, ' stroke-dasharray="5 3"'), 'retreat or withdrawal');
  return items;
}

function picture(s: TraceSubject): TracePicture {
  const L = layoutOf(s);
  return {
    width: Math.round(L.width),
    height: Math.round(L.height),
    defs: defs(),
    background: background(s, L),
    legend: legend(s),
    caption: `The lane seen from above, ${s.sides[0].name} attacking from the left; units drawn to scale by frontage and depth. Point at a unit for its state.`,
    label: 'the lane, its terrain and the units on it',
    css: CSS,
  };
}

function outcome(r: EngagementResult, s: TraceSubject): string {
  const who = r.winner === null ? 'Draw' : `Winner: ${s.sides[r.winner].name}`;
  const men = r.sides.map((x, k) => `${s.sides[k].name} lost ${x.menLost.toLocaleString('en-GB')} men`).join(', ');
  return `${who} (${reasonText(r.reason)}) in turn ${r.turns}, after ${r.minutes} minutes; ${men}`;
}

export const CWJ_TRACE: TraceSupport<CompiledLane, TraceSubject, CwjEvent> = {
  subject: subjectOf,
  story: (events, subject, result) => narrate(events, subject, result).lines,
  frames,
  picture,
  outcome,
};
