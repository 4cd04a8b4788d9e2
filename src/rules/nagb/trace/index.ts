/**
 * The trace of a NAGB engagement (src/core/ruleset.ts, TraceSupport): its subject (./subject.ts), its
 * story (./narrate.ts), and a picture of the lane for every phase in which something happened, drawn
 * with src/table/draw.ts: terrain, the objective and its 4" ring, units as rectangles at their
 * footprints (front edge thick, formation and figures, a badge for disorder, shaken, blown, silenced,
 * broken, jubilant), commanders as dots, arrows for moves, charges, falls back, flights and fire.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceFrame, TracePicture, TraceSupport } from '../../../core/ruleset.js';
import { escapeHtml as esc } from '../../../core/escape.js';
import {
  arrowSvg,
  bodySvg,
  LANE_CSS,
  type LaneLayout,
  laneBackground,
  laneLayout,
  makeLane,
  px,
  py,
  terrainInterval,
  terrainLegend,
} from '../../../table/index.js';
import type { NagbEvent } from '../events.js';
import type { CompiledLane } from '../play/state.js';
import { type Arrow, type Mark, narrate, REASON_WORDS, type Step } from './narrate.js';
import { type NagbSubject, subjectOf } from './subject.js';

export const SIDE_FILL = ['#2f5fa7', '#8a3b2e'] as const;
const ARROW_COLOURS: Readonly<Record<Arrow['kind'], string>> = { move: '#333333', charge: '#d62828', retreat: '#f77f00', rout: '#9d0208', fire: '#6c757d' };
const BADGES: Readonly<Record<string, [string, string]>> = {
  disordered: ['D', '#e07a00'],
  shaken: ['S', '#9d0208'],
  blown: ['B', '#7b2cbf'],
  silenced: ['X', '#555555'],
  broken: ['R', '#c1121f'],
  jubilant: ['J', '#2d6a4f'],
};
const SHORT: Readonly<Record<string, string>> = { line: 'line', attackColumn: 'col', marchColumn: 'march', square: 'sq', column: 'col', battery: 'bty' };

function layoutOf(s: NagbSubject): LaneLayout {
  return laneLayout(makeLane(0, s.lane.length, s.lane.width), 960);
}

function markSvg(l: LaneLayout, s: NagbSubject, m: Mark): string {
  const u = s.units[m.unit];
  const badge = BADGES[m.cohesion];
  const title = `${u.id} (${s.sides[u.side].name}): ${u.cls} ${u.arm}, ${SHORT[m.formation] === 'col' ? 'column' : m.formation}, ${m.figures} of ${u.figures} ${u.arm === 'artillery' ? 'crew' : 'figures'}, ${m.cohesion}${m.sector ? ', in a village sector' : ''}; front at ${Math.round(m.front * 10) / 10}"`;
  return bodySvg(l, {
    body: { front: m.front, facing: m.facing, frontage: m.frontage, depth: m.depth, offset: m.offset },
    fill: SIDE_FILL[u.side],
    label: u.id,
    sublabel: `${SHORT[m.formation] ?? m.formation} ${m.figures}`,
    ...(badge ? { badge: badge[0], badgeFill: badge[1] } : {}),
    title,
    gone: m.removed,
  });
}

/** Arrows run between the middles of the unit's footprint before and after (fire: from its front to the target's). */
function arrowOf(l: LaneLayout, s: NagbSubject, a: Arrow, marks: readonly Mark[]): string {
  const colour = a.kind === 'move' ? SIDE_FILL[a.side] : ARROW_COLOURS[a.kind];
  if (a.kind === 'fire') return arrowSvg(l, { x: a.fromX, y: a.y }, { x: a.toX, y: a.toY ?? a.y }, colour, true, `${s.units[a.unit].id}: fire`);
  const m = marks[a.unit];
  const half = (m.facing * m.depth) / 2;
  return arrowSvg(l, { x: a.fromX - half, y: a.y }, { x: a.toX - half, y: a.y }, colour, a.kind === 'retreat' || a.kind === 'rout', `${s.units[a.unit].id}: ${a.kind}`);
}

function stepSvg(s: NagbSubject, st: Step): string {
  const l = layoutOf(s);
  const parts: string[] = [];
  for (const m of st.marks) if (!m.removed) parts.push(markSvg(l, s, m));
  // Units removed during this step, drawn faded where they were last.
  for (const m of st.marks) if (m.removed && st.lines.some((x) => x.text.startsWith(`${s.units[m.unit].id} is removed`))) parts.push(markSvg(l, s, m));
  for (const c of st.commanders) {
    const x = px(l, c.x);
    const y = py(l, c.y);
    parts.push(`<g class="cmd"><title>${esc(`${c.id} (brigade commander)`)}</title><path d="M${(x).toFixed(1)},${(y - 6).toFixed(1)}L${(x + 6).toFixed(1)},${y.toFixed(1)}L${x.toFixed(1)},${(y + 6).toFixed(1)}L${(x - 6).toFixed(1)},${y.toFixed(1)}z" fill="${SIDE_FILL[c.side]}" stroke="#fff" stroke-width="1.5"/></g>`);
  }
  for (const a of st.arrows) parts.push(arrowOf(l, s, a, st.marks));
  return parts.join('');
}

function frames(events: readonly NagbEvent[], s: NagbSubject, r: EngagementResult): TraceFrame[] {
  return narrate(events, s, r).steps.map((st) => ({
    title: st.title,
    turn: st.turn,
    side: st.side,
    phase: st.phase,
    end: st.end,
    lines: st.lines.map((x) => ({ depth: x.depth, kind: x.kind, text: x.text })),
    svg: stepSvg(s, st),
  }));
}

function swatch(inner: string, w = 34, h = 22): string {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">${inner}</svg>`;
}

function picture(s: NagbSubject): TracePicture {
  const l = layoutOf(s);
  const terrain = s.terrain.map((t) => terrainInterval(t.kind, t.from, t.to, t.yMin, t.yMax));
  const ox = px(l, s.objective.x);
  const oy = py(l, s.objective.y);
  const objective =
    `<g class="obj"><title>${esc(`${s.objective.name}: held by an unbroken unit within 4" with no enemy within 6" (p37)`)}</title>` +
    `<circle cx="${ox.toFixed(1)}" cy="${oy.toFixed(1)}" r="${(4 * l.scale).toFixed(1)}" fill="none" stroke="#f4c430" stroke-width="2" stroke-dasharray="5 4"/>` +
    `<circle cx="${ox.toFixed(1)}" cy="${oy.toFixed(1)}" r="5" fill="#f4c430" stroke="#222"/>` +
    `<text class="olbl" x="${ox.toFixed(1)}" y="${(oy - 4 * l.scale - 4).toFixed(1)}">${esc(s.objective.name)}</text></g>`;
  const legend: TracePicture['legend'] = [...terrainLegend(s.terrain.map((t) => t.kind))];
  for (const side of [0, 1] as const) legend.push({ svg: swatch(`<rect x="2" y="4" width="30" height="14" fill="${SIDE_FILL[side]}" stroke="#222"/><line x1="${side === 0 ? 32 : 2}" y1="4" x2="${side === 0 ? 32 : 2}" y2="18" stroke="#111" stroke-width="3"/>`), text: `${s.sides[side].name}: front edge thick; formation and figures` });
  for (const [word, [letter, fill]] of Object.entries(BADGES)) legend.push({ svg: swatch(`<circle cx="17" cy="11" r="7" fill="${fill}"/><text x="17" y="14.5" font-size="10" font-weight="800" fill="#fff" text-anchor="middle">${letter}</text>`), text: word });
  legend.push({ svg: swatch(`<path d="M17,4L24,11L17,18L10,11z" fill="${SIDE_FILL[0]}" stroke="#fff" stroke-width="1.5"/>`), text: 'brigade commander (in his side\'s colour)' });
  legend.push({ svg: swatch(`<circle cx="17" cy="11" r="9" fill="none" stroke="#f4c430" stroke-width="2" stroke-dasharray="4 3"/><circle cx="17" cy="11" r="3" fill="#f4c430" stroke="#222"/>`), text: 'objective and its 4" ring (p37)' });
  for (const k of ['move', 'charge', 'retreat', 'rout', 'fire'] as const) {
    const c = k === 'move' ? SIDE_FILL[0] : ARROW_COLOURS[k];
    legend.push({ svg: swatch(`<path d="M3,11H25" stroke="${c}" stroke-width="3"${k === 'retreat' || k === 'rout' || k === 'fire' ? ' stroke-dasharray="5 3"' : ''}/><path d="M24,5L32,11L24,17z" fill="${c}"/>`), text: k === 'rout' ? 'flight' : k === 'retreat' ? 'falling back' : k });
  }
  return {
    width: l.width,
    height: l.height,
    defs: '',
    background: laneBackground(l, terrain, '"', s.scale.yardsPerInch) + objective,
    legend,
    caption: `The lane seen from above: ${s.sides[0].name} from the left, ${s.sides[1].name} from the right, ${s.scale.yardsPerInch} yd to the inch. Point at a unit for its state.`,
    label: 'the engagement lane',
    css: `${LANE_CSS}.olbl{font-size:10px;fill:#333;text-anchor:middle;font-weight:600}`,
  };
}

function outcome(r: EngagementResult, s: NagbSubject): string {
  return `${r.winner === null ? 'Draw' : `Winner: ${s.sides[r.winner].name}`} (${REASON_WORDS[r.reason] ?? r.reason}) after turn ${r.turns}; VP ${s.sides[0].name} ${r.sides[0].victoryPoints}, ${s.sides[1].name} ${r.sides[1].victoryPoints}`;
}

export const NAGB_TRACE: TraceSupport<CompiledLane, NagbSubject, NagbEvent> = {
  subject: subjectOf,
  story: (events, subject, result) => narrate(events, subject, result).lines,
  frames,
  picture,
  outcome,
};
