/**
 * The trace of a Burt engagement (src/core/ruleset.ts, TraceSupport): its subject (./subject.ts), its
 * story (./narrate.ts), and a picture of the lane for every step in which something happened (drawn
 * with src/table/draw.ts): units as rectangles by frontage and depth at their positions, the front edge
 * thick, formation, figures and orders written on them, the order class as a badge, terrain and the
 * objective, arrows for the step's moves and charges, and the distance from each attacking unit to
 * the enemy ahead of it.
 */
import { escapeHtml as esc } from '../../../core/escape.js';
import type { EngagementResult } from '../../../core/result.js';
import type { TraceFrame, TracePicture, TraceSupport } from '../../../core/ruleset.js';
import { arrowSvg, axialMax, axialMin, body, bodySvg, distanceSvg, firstInPath, laneBackground, laneLayout, LANE_CSS, makeLane, px, py, TABLE_FILL, terrainLegend, type Body, type LaneLayout } from '../../../table/index.js';
import type { CompiledLane } from '../play/state.js';
import type { BurtEvent, UnitSnapshot } from '../events.js';
import { BURT_SCALE } from '../vocabulary.js';
import { narrate, reasonText, type TraceStep } from './narrate.js';
import { subjectOf, type TraceSubject } from './subject.js';

export const SIDE_FILL = ['#2b5fb3', '#3d3d3d'] as const;
/** The order class as a badge: letter and colour (7). */
export const LEVEL_BADGE: Readonly<Record<string, { letter: string; fill: string } | null>> = {
  formed: null,
  unformed: { letter: 'U', fill: '#8a8a8a' },
  disordered: { letter: 'D', fill: '#d68a00' },
  shaken: { letter: 'S', fill: '#d0451b' },
  rout: { letter: 'R', fill: '#c1121f' },
};
const ORDER_SHORT: Readonly<Record<string, string>> = { reserve: 'RES', manoeuvre: 'MAN', fire: 'FIRE', assault: 'ASLT', regroup: 'REG' };
const FORMATION_SHORT: Readonly<Record<string, string>> = { line: 'line', column: 'col', square: 'sq', open: 'open' };

function layoutOf(s: TraceSubject): LaneLayout {
  return laneLayout(makeLane(s.lane.xMin, s.lane.xMax, s.lane.width, s.lane.anchoredLow, s.lane.anchoredHigh), 1300, 30);
}

function bodyOf(u: UnitSnapshot): Body {
  return body(u.front, u.facing, u.frontage, u.depth, u.offset);
}

/** The direction along x in which each side's enemy lies, from where the sides start. */
function towardEnemy(s: TraceSubject): [number, number] {
  const mean = (side: number) => {
    const own = s.units.filter((u) => u.side === side);
    return own.reduce((a, u) => a + u.at, 0) / own.length;
  };
  const d = Math.sign(mean(1) - mean(0)) || 1;
  return [d, -d];
}

/**
 * The units of a step, as the lane draws them: every body first, then every unit's words, so that a
 * unit standing behind another (a second line, a reserve) does not cover its neighbour's words; the
 * words have a halo of the table's colour, readable over a body.
 */
function unitsSvg(l: LaneLayout, s: TraceSubject, units: readonly UnitSnapshot[]): string {
  const toward = towardEnemy(s);
  const words: string[] = [];
  const bodies = units
    .map((u, i) => {
      const x = s.units[i];
      const badge = LEVEL_BADGE[u.level];
      const strength = x.arm === 'guns' ? `${u.guns}/${x.guns} guns` : `${u.figures}/${x.figures}`;
      // The words go on the side away from the enemy, clear of what the unit fights.
      const b = bodyOf(u);
      const away = -toward[x.side];
      const rearX = px(l, away > 0 ? axialMax(b) : axialMin(b)) + away * 4;
      const anchor = away > 0 ? 'start' : 'end';
      words.push(
        `<text class="uname" x="${f(rearX)}" y="${f(py(l, u.offset) - 2)}" text-anchor="${anchor}"${u.present ? '' : ' opacity="0.4"'}>${esc(x.id)}</text>` +
        `<text class="ustate" x="${f(rearX)}" y="${f(py(l, u.offset) + 9)}" text-anchor="${anchor}"${u.present ? '' : ' opacity="0.4"'}>${esc(`${x.arm === 'guns' ? 'bty' : FORMATION_SHORT[u.formation]} ${strength} ${ORDER_SHORT[u.order]}`)}</text>`,
      );
      return bodySvg(l, {
        body: b,
        fill: SIDE_FILL[x.side],
        label: '',
        ...(badge ? { badge: badge.letter, badgeFill: badge.fill } : {}),
        title: `${x.id} (${s.sides[x.side].name}): ${x.arm}, ${x.arm === 'guns' ? `${u.guns} of ${x.guns} guns in action` : `${u.figures} of ${x.figures} figures, ${u.formation}`}, ${u.level}, ${u.order.toUpperCase()} orders; front at ${Math.round(u.front * 10) / 10}"${u.present ? '' : ' (gone)'}`,
        gone: !u.present,
      });
    })
    .join('');
  return bodies + words.join('');
}

/** From each attacking unit on the lane to the enemy first in its path: the gap, in inches. */
function distancesSvg(l: LaneLayout, s: TraceSubject, units: readonly UnitSnapshot[]): string {
  const out: string[] = [];
  const bodies = units.map(bodyOf);
  units.forEach((u, i) => {
    if (!u.present || u.level === 'rout' || s.units[i].side !== 0) return;
    const k = firstInPath(bodies[i], 1, bodies);
    if (k < 0 || !units[k].present || s.units[k].side === s.units[i].side) return;
    const e = bodies[k];
    const near = e.facing === bodies[i].facing ? e.front - e.facing * e.depth : e.front;
    if (Math.abs(near - u.front) < 0.05) return;
    out.push(distanceSvg(l, u.front, near, u.offset, '"'));
  });
  return out.join('');
}

const MOVE_COLOUR = ['#2b5fb3', '#3d3d3d'] as const;
const f = (v: number) => Math.round(v * 10) / 10;

function arrowsSvg(l: LaneLayout, s: TraceSubject, st: TraceStep): string {
  const out: string[] = [];
  for (const m of st.moves) {
    const y = s.units[m.unit].offset - s.lane.width / 40;
    const dashed = m.why === 'rout' || m.why === 'shaken retreat' || m.why === 'evade';
    out.push(arrowSvg(l, { x: m.from, y }, { x: m.to, y }, dashed ? '#c1121f' : MOVE_COLOUR[s.units[m.unit].side], dashed, `${s.units[m.unit].id}: ${m.why}`));
  }
  for (const c of st.charges) {
    const y = s.units[c.unit].offset;
    out.push(arrowSvg(l, { x: c.from, y }, { x: c.to, y }, '#e0a100', false, `${s.units[c.unit].id} charges ${s.units[c.target].id}`));
  }
  return out.join('');
}

export function frames(events: readonly BurtEvent[], s: TraceSubject, result: EngagementResult): TraceFrame[] {
  const l = layoutOf(s);
  return narrate(events, s, result).steps.map((st) => ({
    title: st.title,
    turn: st.turn,
    side: st.side,
    phase: st.phase,
    end: st.end,
    lines: st.lines.map((x) => ({ depth: x.depth, kind: x.kind, text: x.text })),
    svg: unitsSvg(l, s, st.units) + arrowsSvg(l, s, st) + distancesSvg(l, s, st.units),
  }));
}

function objectiveSvg(l: LaneLayout, s: TraceSubject): string {
  const o = s.objective;
  if (!o) return '';
  const y1 = Math.min(s.lane.width / 2, o.yMax ?? s.lane.width / 2);
  const y0 = Math.max(-s.lane.width / 2, o.yMin ?? -s.lane.width / 2);
  return `<g class="objective"><title>objective: ${o.name}</title><rect x="${f(px(l, o.from))}" y="${f(py(l, y1))}" width="${f((o.to - o.from) * l.scale)}" height="${f((y1 - y0) * l.scale)}" fill="none" stroke="#f4c430" stroke-width="3" stroke-dasharray="8 4"/></g>`;
}

function swatch(inner: string): string {
  return `<svg width="34" height="22" viewBox="0 0 34 22" aria-hidden="true">${inner}</svg>`;
}

function picture(s: TraceSubject): TracePicture {
  const l = layoutOf(s);
  const legend: TracePicture['legend'] = [...terrainLegend(s.terrain.map((t) => t.kind))];
  if (s.objective) legend.push({ svg: swatch('<rect x="2" y="3" width="30" height="16" fill="none" stroke="#f4c430" stroke-width="3" stroke-dasharray="8 4"/>'), text: `objective: ${s.objective.name}` });
  s.sides.forEach((sd, k) => legend.push({ svg: swatch(`<rect x="2" y="4" width="30" height="14" fill="${SIDE_FILL[k]}"/><line x1="${k === 0 ? 3 : 31}" y1="4" x2="${k === 0 ? 3 : 31}" y2="18" stroke="#111" stroke-width="3"/>`), text: `${sd.name}: a unit at its frontage and depth, its front edge thick` }));
  for (const [level, b] of Object.entries(LEVEL_BADGE)) {
    if (b) legend.push({ svg: swatch(`<circle cx="17" cy="11" r="7" fill="${b.fill}"/><text x="17" y="14.5" font-size="9" font-weight="800" fill="#fff" text-anchor="middle">${b.letter}</text>`), text: level });
  }
  legend.push({ svg: swatch(`<path d="M3,11H25" stroke="${MOVE_COLOUR[0]}" stroke-width="3"/><path d="M24,5L32,11L24,17z" fill="${MOVE_COLOUR[0]}"/>`), text: 'move' });
  legend.push({ svg: swatch('<path d="M3,11H25" stroke="#e0a100" stroke-width="3"/><path d="M24,5L32,11L24,17z" fill="#e0a100"/>'), text: 'charge' });
  legend.push({ svg: swatch('<path d="M3,11H25" stroke="#c1121f" stroke-width="3" stroke-dasharray="6 4"/><path d="M24,5L32,11L24,17z" fill="#c1121f"/>'), text: 'rout, retreat or evade' });
  legend.push({ svg: swatch('<line x1="3" y1="14" x2="31" y2="14" stroke="#555" stroke-dasharray="2 2"/><text x="17" y="10" font-size="8" text-anchor="middle">8"</text>'), text: 'gap to the enemy ahead' });
  return {
    width: l.width,
    height: l.height,
    defs: '',
    background: laneBackground(l, s.terrain, '"', BURT_SCALE.yardsPerUnit) + objectiveSvg(l, s),
    legend,
    caption: `The lane seen from above, ${s.lane.width}" (${s.lane.width * BURT_SCALE.yardsPerUnit} yards) wide: ${s.sides[0].name} and ${s.sides[1].name} as rectangles at their frontage and depth, the front edge thick; formation, figures and orders on each; a badge for a unit out of formed order. Point at a unit for details.`,
    label: 'the engagement lane',
    css: `${LANE_CSS}.uname{font-size:10.5px;font-weight:700;fill:#222;font-family:"Arial Narrow",Arial,sans-serif;pointer-events:none;paint-order:stroke;stroke:${TABLE_FILL};stroke-width:3px;stroke-linejoin:round}.ustate{font-size:9.5px;fill:#333;font-family:"Arial Narrow",Arial,sans-serif;pointer-events:none;paint-order:stroke;stroke:${TABLE_FILL};stroke-width:3px;stroke-linejoin:round}`,
  };
}

function outcome(r: EngagementResult, s: TraceSubject): string {
  return `${r.winner === null ? 'Draw' : `Winner: ${s.sides[r.winner].name}`} (${reasonText(r.reason)}) after turn ${r.turns}, ${r.minutes} minutes`;
}

export const BURT_TRACE: TraceSupport<CompiledLane, TraceSubject, BurtEvent> = {
  subject: subjectOf,
  story: (events, subject, result) => narrate(events, subject, result).lines,
  frames,
  picture,
  outcome,
};
