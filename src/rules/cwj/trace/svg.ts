/**
 * Drawing the lane of a CWJ trace with src/table/draw.ts: the lane with its terrain and a ruler in cm
 * and yards as a static background (with the objective and which way slopes rise), and per step an
 * overlay of the units as rectangles by frontage and depth at their positions (formation, cohesion,
 * standing melee and generals marked), the corps commanders, and arrows for the step's moves, charges
 * and retreats. Strings only; every text is escaped.
 */
import { escapeHtml as esc } from '../../../core/escape.js';
import { arrowSvg, bodySvg, LANE_CSS, laneBackground, laneLayout, px, py, type LaneLayout as DrawLayout } from '../../../table/draw.js';
import { body, terrainInterval } from '../../../table/index.js';
import type { LaneUnit } from '../events.js';
import type { TraceArrow, TraceStep } from './narrate.js';
import type { TraceSubject } from './subject.js';

export const SIDE_COLOURS = ['#2b59a3', '#3a3a3a'] as const;
export const ARROW_COLOURS = { move: '#555555', charge: '#7b2cbf', retreat: '#f08a00' } as const;
export const TERRAIN_COLOURS: Readonly<Record<string, string>> = {
  village: '#c9a27a',
  fortification: '#cfcfcf',
  woods: '#7fae6e',
  water: '#3b8fd9',
  slope: '#d8c89b',
  wall: '#6b6b6b',
  hedge: '#3e7a2f',
};

const f1 = (x: number) => String(Math.round(x * 10) / 10);

export interface LaneLayout {
  draw: DrawLayout;
  scale: number;
  width: number;
  height: number;
  X(x: number): number;
  Y(y: number): number;
}

/** Where the lane goes in the picture (src/table/draw.ts laneLayout): the attacker on the left. */
export function layoutOf(s: TraceSubject): LaneLayout {
  const lane = { xMin: s.lane.xMin, xMax: s.lane.xMax, width: s.lane.width, anchoredLow: false, anchoredHigh: false };
  const d = laneLayout(lane, 960, 34);
  return { draw: d, scale: d.scale, width: d.width, height: d.height + 18, X: (x) => px(d, x), Y: (y) => py(d, y) };
}

/** draw.ts's names for the kinds it colours: a stream is water drawn as a line, a slope a hill. */
export function drawnKind(kind: string, line: boolean): string {
  return kind === 'water' && line ? 'stream' : kind === 'slope' ? 'hill' : kind === 'fortification' ? 'buildings' : kind;
}

export function defs(): string {
  const marker = (id: string, colour: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`;
  return (
    `<defs>${marker('arr-move', ARROW_COLOURS.move)}${marker('arr-charge', ARROW_COLOURS.charge)}${marker('arr-retreat', ARROW_COLOURS.retreat)}` +
    `<pattern id="pat-dis" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="none"/><line x1="0" y1="0" x2="0" y2="6" stroke="#fff" stroke-width="2" opacity="0.55"/></pattern>` +
    `</defs>`
  );
}

/** The lane, its terrain and ruler (draw.ts), the objective, which way slopes rise, the sides' names. */
export function background(s: TraceSubject, L: LaneLayout): string {
  const terrain = s.terrain.map((t) => terrainInterval(drawnKind(t.kind, t.from === t.to), t.from, t.to, t.yMin, t.yMax));
  const out: string[] = [laneBackground(L.draw, terrain, ' cm', s.yardsPerCm)];
  const y0 = L.Y(s.lane.width / 2);
  for (const t of s.terrain) {
    if (t.kind !== 'slope') continue;
    const ya = L.Y(t.yMax ?? s.lane.width / 2);
    const xm = (L.X(t.from) + L.X(t.to)) / 2;
    const dx = t.rises * Math.min(18, (L.X(t.to) - L.X(t.from)) / 3);
    out.push(`<path d="M${f1(xm - dx)},${f1(ya + 18)}L${f1(xm + dx)},${f1(ya + 18)}" stroke="#8a6440" stroke-width="2" marker-end="url(#arr-move)"/><text class="place sub" x="${f1(xm)}" y="${f1(ya + 30)}">uphill</text>`);
  }
  if (s.objective) {
    const o = s.objective;
    const ya = L.Y(o.yMax ?? s.lane.width / 2);
    const yb = L.Y(o.yMin ?? -s.lane.width / 2);
    out.push(`<rect x="${f1(L.X(o.from))}" y="${f1(ya)}" width="${f1(L.X(o.to) - L.X(o.from))}" height="${f1(yb - ya)}" fill="none" stroke="#c99700" stroke-width="2" stroke-dasharray="6 3"><title>${esc(`objective: ${o.name}`)}</title></rect>`);
    out.push(`<text class="place" x="${f1((L.X(o.from) + L.X(o.to)) / 2)}" y="${f1(ya - 5)}">${esc(o.name)}</text>`);
  }
  out.push(`<text class="side" x="${f1(L.X(s.lane.xMin) + 4)}" y="${f1(y0 - 10)}" fill="${SIDE_COLOURS[0]}">${esc(s.sides[0].name)} →</text>`);
  out.push(`<text class="side end" x="${f1(L.X(s.lane.xMax) - 4)}" y="${f1(y0 - 10)}" fill="${SIDE_COLOURS[1]}">← ${esc(s.sides[1].name)}</text>`);
  return out.join('');
}

const FORMATION_LETTERS: Readonly<Record<string, string>> = {
  line: 'L',
  column: 'C',
  square: 'Sq',
  skirmish: 'Sk',
  deployed: 'D',
  limbered: 'Lb',
  unlimbered: 'U',
};

const FORMATION_WORDS: Readonly<Record<string, string>> = { deployed: 'Deployed', limbered: 'limbered', unlimbered: 'unlimbered' };

/** The footprint of a unit on the page. */
function rectOf(u: LaneUnit, L: LaneLayout): { x: number; y: number; w: number; h: number } {
  const a = u.front;
  const b = u.front - u.facing * u.depth;
  const x = L.X(Math.min(a, b));
  const w = Math.max(2, Math.abs(a - b) * L.scale);
  const y = L.Y(u.offset + u.frontage / 2);
  const h = Math.max(2, u.frontage * L.scale);
  return { x, y, w, h };
}

function unitMarkup(u: LaneUnit, side: 0 | 1, s: TraceSubject, L: LaneLayout): string {
  const spec = s.units.find((x) => x.id === u.id);
  const title = `${u.id}: ${spec ? spec.type : ''} in ${u.formation}, ${u.cohesion}${u.engaged ? ', in a standing melee' : ''}${u.general ? `, general ${u.general}` : ''}; front ${f1(u.front)} cm`;
  const parts = [
    bodySvg(L.draw, {
      body: body(u.front, u.facing, u.frontage, u.depth, u.offset),
      fill: SIDE_COLOURS[side],
      label: u.id,
      sublabel: `${FORMATION_LETTERS[u.formation] ?? u.formation}${FORMATION_WORDS[u.formation] ? ` ${FORMATION_WORDS[u.formation]}` : ''}`,
      badge: u.cohesion === 'disordered' ? 'D' : u.cohesion === 'unformed' ? 'U' : undefined,
      badgeFill: u.cohesion === 'unformed' ? '#f08a00' : '#c1121f',
      title,
    }),
  ];
  const r = rectOf(u, L);
  if (u.cohesion !== 'good') parts.push(`<rect x="${f1(r.x)}" y="${f1(r.y)}" width="${f1(r.w)}" height="${f1(r.h)}" fill="url(#pat-dis)" pointer-events="none"/>`);
  if (u.engaged) parts.push(`<rect x="${f1(r.x - 1.5)}" y="${f1(r.y - 1.5)}" width="${f1(r.w + 3)}" height="${f1(r.h + 3)}" fill="none" stroke="#000" stroke-width="2.5" pointer-events="none"/>`);
  if (u.general) {
    const gx = L.X(u.front) - u.facing * 8;
    parts.push(`<path d="${star(gx, r.y + r.h - 7, 6)}" fill="#f4c430" stroke="#7a5c00" stroke-width="0.6"><title>${esc(`general ${u.general}`)}</title></path>`);
  }
  return parts.join('');
}

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${f1(cx + rr * Math.cos(a))},${f1(cy + rr * Math.sin(a))}`);
  }
  return `M${pts.join('L')}z`;
}

function arrowMarkup(a: TraceArrow, u: LaneUnit | undefined, L: LaneLayout): string {
  if (!u) return '';
  const colour = a.kind === 'move' ? ARROW_COLOURS.move : ARROW_COLOURS[a.kind];
  return arrowSvg(L.draw, { x: a.from, y: u.offset }, { x: a.to, y: u.offset }, colour, a.kind === 'retreat', `${a.unit}: ${a.kind} ${f1(Math.abs(a.to - a.from))} cm`);
}

/** One step's overlay: units, lost units, commanders, the objective's holder, arrows. */
export function stepOverlay(s: TraceSubject, L: LaneLayout, st: TraceStep): string {
  const sideOf = new Map(s.units.map((u) => [u.id, u.side]));
  const out: string[] = [];
  if (s.objective && st.holder >= 0) {
    const o = s.objective;
    const ya = L.Y(o.yMax ?? s.lane.width / 2);
    out.push(`<circle cx="${f1((L.X(o.from) + L.X(o.to)) / 2)}" cy="${f1(ya - 18)}" r="5" fill="${SIDE_COLOURS[st.holder]}"><title>${esc(`${o.name} held by ${s.sides[st.holder].name}`)}</title></circle>`);
  }
  for (const u of st.units) if (u.alive) out.push(unitMarkup(u, sideOf.get(u.id) ?? 0, s, L));
  for (const u of st.lost) {
    out.push(
      bodySvg(L.draw, { body: body(u.front, u.facing, u.frontage, u.depth, u.offset), fill: SIDE_COLOURS[sideOf.get(u.id) ?? 0], label: u.id, title: `${u.id} left the table`, gone: true }),
    );
  }
  for (const c of st.commanders) out.push(`<circle cx="${f1(L.X(c.x))}" cy="${f1(L.Y(c.y))}" r="4" fill="#fff" stroke="${SIDE_COLOURS[c.side]}" stroke-width="2.2"><title>${esc(`corps commander of ${s.sides[c.side].name}`)}</title></circle>`);
  const byId = new Map(st.units.map((u) => [u.id, u]));
  for (const u of st.lost) byId.set(u.id, u);
  for (const a of st.arrows) out.push(arrowMarkup(a, byId.get(a.unit), L));
  return out.join('');
}

export const CSS = `${LANE_CSS}
.place{font-size:12px;fill:#6b5200;text-anchor:middle;font-weight:600}
.place.sub{font-size:10px;font-weight:400;fill:#6b5200}
.side{font-size:12px;font-weight:700}
.side.end{text-anchor:end}
`;
