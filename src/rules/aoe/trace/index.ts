/**
 * The trace of an Age of Eagles engagement (src/core/ruleset.ts, TraceSupport): its subject, its story
 * (./narrate.ts) and a picture of the lane for every step (src/table/draw.ts): the terrain and the
 * objective, every unit as a rectangle at its footprint with its front edge thick, its formation, hits
 * and disorder, and arrows for the moves, charges and retreats of the step.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceFrame, TracePicture, TraceSupport } from '../../../core/ruleset.js';
import { escapeHtml as esc } from '../../../core/escape.js';
import { arrowSvg, bodySvg, laneBackground, laneLayout, LANE_CSS, px, py, terrainLegend, type LaneLayout } from '../../../table/draw.js';
import { fireLine, makeLane, terrainInterval } from '../../../table/index.js';
import type { CompiledLane } from '../compile.js';
import type { AoeEvent, LaneUnitView } from '../events.js';
import { narrate, reasonText, type TraceStep } from './narrate.js';
import { subjectOf, type TraceSubject } from './subject.js';

export const SIDE_FILL = ['#2f5fa8', '#a23b2c'] as const;
const ARROW: Record<string, string> = { move: '#555555', charge: '#d4570b', retreat: '#c1121f', recall: '#7a4fb0', short: '#999999' };

const FORMATION_SHORT: Record<string, string> = {
  line: 'line',
  fieldColumn: 'column',
  masse: 'masse',
  marchColumn: 'march col.',
  openOrder: 'open order',
  square: 'square',
  bua: 'village',
  battery: 'battery',
  limbered: 'limbered',
};

/** 44 pixels an inch: a 1"-deep line is wide enough for its name. */
function layoutOf(s: TraceSubject): LaneLayout {
  return laneLayout(makeLane(0, s.lane.length, s.lane.width), Math.round(s.lane.length * 44 + 60), 30);
}

function unitMarks(s: TraceSubject, l: LaneLayout, units: readonly LaneUnitView[], lost: readonly string[]): string {
  const out: string[] = [];
  for (const v of units) {
    const gone = v.removed && lost.includes(v.id);
    if (v.removed && !gone) continue;
    const u = s.units.find((x) => x.id === v.id)!;
    const state = v.disordered ? (u.arm === 'artillery' ? 'silenced' : 'disordered') : 'good order';
    out.push(
      bodySvg(l, {
        body: { front: v.front, facing: v.facing, frontage: v.frontage, depth: v.depth, offset: v.offset },
        fill: SIDE_FILL[u.side],
        label: v.id,
        // The words fit inside deep bodies; a line (1" deep) shows its name only, the rest in its tooltip.
        sublabel: v.depth * l.scale >= 60 ? `${FORMATION_SHORT[v.formation] ?? v.formation}${u.arm !== 'artillery' ? `, ${v.hits} hit${v.hits === 1 ? '' : 's'}` : ''}` : undefined,
        badge: v.disordered ? (u.arm === 'artillery' ? 'S' : 'D') : v.hits >= u.threshold - 2 && v.hits > 0 ? String(v.hits) : undefined,
        badgeFill: v.disordered ? '#c1121f' : '#7a4fb0',
        title: `${v.id} (${s.sides[u.side].name}): ${u.arm}, ${FORMATION_SHORT[v.formation] ?? v.formation}, ${v.hits} of ${u.threshold} hits, ${state}; front at ${Math.round(v.front * 10) / 10}"`,
        gone,
      }),
    );
  }
  return out.join('');
}

/** A step's picture: its units where they stand at its end, and its arrows. */
function overlay(s: TraceSubject, l: LaneLayout, st: TraceStep): string {
  const parts: string[] = [];
  for (const f of st.fires) {
    const a = st.units.find((x) => x.id === f.from);
    const b = st.units.find((x) => x.id === f.to);
    if (!a || !b) continue;
    const [x0, y0, x1, y1] = fireLine(a, b);
    const hit = f.result === 'telling' || f.result === 'withering';
    parts.push(
      `<g class="fire"><title>${esc(`${f.from} fires at ${f.to}: ${f.result}`)}</title><line x1="${px(l, x0).toFixed(1)}" y1="${py(l, y0).toFixed(1)}" x2="${px(l, x1).toFixed(1)}" y2="${py(l, y1).toFixed(1)}" stroke="${hit ? '#c1121f' : '#d89b00'}" stroke-width="${hit ? 2.5 : 1.5}" stroke-dasharray="2 3"/></g>`,
    );
  }
  parts.push(unitMarks(s, l, st.units, st.lost));
  for (const a of st.arrows) {
    const v = st.units.find((x) => x.id === a.unit);
    if (!v) continue;
    const y = v.offset;
    parts.push(arrowSvg(l, { x: a.from, y }, { x: a.to, y }, ARROW[a.kind], a.kind === 'retreat' || a.kind === 'recall', `${a.unit}: ${a.kind} from ${Math.round(a.from * 10) / 10}" to ${Math.round(a.to * 10) / 10}"`));
  }
  return parts.join('');
}

function frames(events: readonly AoeEvent[], s: TraceSubject, r: EngagementResult): TraceFrame[] {
  const l = layoutOf(s);
  return narrate(events, s, r).steps.map((st) => ({
    title: st.title,
    turn: st.turn,
    side: st.side,
    phase: st.phase,
    end: st.end,
    lines: st.lines,
    svg: overlay(s, l, st),
  }));
}

function swatch(inner: string, w = 34, h = 22): string {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">${inner}</svg>`;
}

function picture(s: TraceSubject): TracePicture {
  const l = layoutOf(s);
  const terrain = s.terrain.map((t) => terrainInterval(t.kind, t.from, t.to, t.yMin, t.yMax));
  const o = s.objective;
  const zone =
    `<g class="objective"><title>${esc(`${o.name}: the objective, ${o.held ? 'held by the defender at the start' : 'held by nobody at the start'}`)}</title>` +
    `<rect x="${px(l, o.from)}" y="${py(l, Math.min(o.yMax, s.lane.width / 2))}" width="${(o.to - o.from) * l.scale}" height="${(Math.min(o.yMax, s.lane.width / 2) - Math.max(o.yMin, -s.lane.width / 2)) * l.scale}" fill="none" stroke="#e0a800" stroke-width="2.5" stroke-dasharray="8 4"/></g>`;
  const legend: TracePicture['legend'] = [
    ...terrainLegend(s.terrain.map((t) => t.kind)),
    { svg: swatch('<rect x="2" y="3" width="30" height="16" fill="none" stroke="#e0a800" stroke-width="2.5" stroke-dasharray="6 3"/>'), text: `objective: ${o.name}` },
    ...[0, 1].map((k) => ({ svg: swatch(`<rect x="2" y="4" width="30" height="14" fill="${SIDE_FILL[k]}" stroke="#222"/>`), text: `${s.sides[k].name} (${s.sides[k].role}): a unit at its footprint, its front edge thick` })),
    { svg: swatch('<circle cx="17" cy="11" r="7" fill="#c1121f"/><text x="17" y="15" font-size="10" font-weight="800" fill="#fff" text-anchor="middle">D</text>'), text: 'disordered (S: a silenced battery)' },
    { svg: swatch('<circle cx="17" cy="11" r="7" fill="#7a4fb0"/><text x="17" y="15" font-size="10" font-weight="800" fill="#fff" text-anchor="middle">3</text>'), text: 'hits, within two of removal (shaken)' },
    ...(['move', 'charge', 'retreat', 'recall'] as const).map((k) => ({
      svg: swatch(`<path d="M3,11H25" stroke="${ARROW[k]}" stroke-width="3"${k === 'retreat' || k === 'recall' ? ' stroke-dasharray="5 3"' : ''}/><path d="M24,5L32,11L24,17z" fill="${ARROW[k]}"/>`),
      text: k === 'move' ? 'advance' : k === 'charge' ? 'charge into contact' : k === 'retreat' ? 'retreat (forced) or withdrawal' : 'cavalry recall',
    })),
    { svg: swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#d89b00" stroke-width="1.5" stroke-dasharray="2 3"/>'), text: 'fire (red: Telling or Withering)' },
    { svg: swatch('<rect x="4" y="4" width="26" height="14" fill="#888" opacity="0.3" stroke="#222"/><path d="M4,4L30,18M30,4L4,18" stroke="#c1121f" stroke-width="2"/>'), text: 'removed in this step' },
  ];
  return {
    width: l.width,
    height: l.height,
    defs: '',
    background: laneBackground(l, terrain, '"') + zone,
    legend,
    caption: `The lane from the ${s.sides[0].name} table edge (left) to the ${s.sides[1].name} (right), in inches at 80 yards to the inch (5" = 400 yards). Point at a unit or a zone for details.`,
    label: 'the engagement lane',
    css: LANE_CSS,
  };
}

function outcome(r: EngagementResult, s: TraceSubject): string {
  return `${r.winner === null ? 'No winner' : `Winner: ${s.sides[r.winner].name}`} (${reasonText(r.reason)}) after turn ${r.turns} of ${s.turns}, ${r.minutes} minutes`;
}

export const AOE_TRACE: TraceSupport<CompiledLane, TraceSubject, AoeEvent> = {
  subject: subjectOf,
  story: (events, subject, result) => narrate(events, subject, result).lines,
  frames,
  picture,
  outcome,
};
