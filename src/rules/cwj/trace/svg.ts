/**
 * Drawing the lane of a CWJ trace (src/table/draw.ts is not on main yet, so the lane is drawn here):
 * the lane along x with its terrain intervals, the objective and a scale in cm and yards as a static
 * background, and per step an overlay of the units as rectangles by frontage and depth at their
 * positions (formation, cohesion, standing melee and generals marked), the corps commanders, and arrows
 * for the step's moves, charges and retreats. Strings only; every text is escaped.
 */
import { escapeHtml as esc } from '../../../core/escape.js';
import type { LaneUnit } from '../events.js';
import type { TraceArrow, TraceStep } from './narrate.js';
import type { TraceSubject } from './subject.js';

export const SIDE_COLOURS = ['#2b59a3', '#3a3a3a'] as const;
export const ARROW_COLOURS = { move: '#555555', charge: '#7b2cbf', retreat: '#f08a00' } as const;
export const TERRAIN_COLOURS: Readonly<Record<string, string>> = {
  village: '#e0c7a4',
  fortification: '#c9c9c9',
  woods: '#b2d69a',
  water: '#9cc9ef',
  slope: '#e7dcc0',
  wall: '#6b6b6b',
  hedge: '#4f8f3a',
};
const LOST = '#c1121f';

const f1 = (x: number) => String(Math.round(x * 10) / 10);

export interface LaneLayout {
  /** Pixels per cm. */
  scale: number;
  left: number;
  top: number;
  width: number;
  height: number;
  X(x: number): number;
  Y(y: number): number;
}

/** Where the lane goes in the picture: x along the page, the attacker on the left, y up the page. */
export function layoutOf(s: TraceSubject): LaneLayout {
  const length = s.lane.xMax - s.lane.xMin;
  const scale = Math.min(12, 900 / length, 560 / s.lane.width);
  const left = 34;
  const top = 34;
  const width = left + length * scale + 20;
  const height = top + s.lane.width * scale + 46;
  return {
    scale,
    left,
    top,
    width,
    height,
    X: (x) => left + (x - s.lane.xMin) * scale,
    Y: (y) => top + (s.lane.width / 2 - y) * scale,
  };
}

export function defs(): string {
  const marker = (id: string, colour: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`;
  return (
    `<defs>${marker('arr-move', ARROW_COLOURS.move)}${marker('arr-charge', ARROW_COLOURS.charge)}${marker('arr-retreat', ARROW_COLOURS.retreat)}` +
    `<pattern id="pat-village" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${TERRAIN_COLOURS.village}"/><rect x="1" y="1" width="3" height="3" fill="#b08a5a"/></pattern>` +
    `<pattern id="pat-woods" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${TERRAIN_COLOURS.woods}"/><circle cx="5" cy="5" r="2.5" fill="#6aa653"/></pattern>` +
    `<pattern id="pat-dis" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="none"/><line x1="0" y1="0" x2="0" y2="6" stroke="#fff" stroke-width="2" opacity="0.55"/></pattern>` +
    `</defs>`
  );
}

/** The lane, its terrain, the objective, the table edges and a scale. */
export function background(s: TraceSubject, L: LaneLayout): string {
  const out: string[] = [];
  const x0 = L.X(s.lane.xMin);
  const x1 = L.X(s.lane.xMax);
  const y0 = L.Y(s.lane.width / 2);
  const y1 = L.Y(-s.lane.width / 2);
  out.push(`<rect x="${f1(x0)}" y="${f1(y0)}" width="${f1(x1 - x0)}" height="${f1(y1 - y0)}" fill="#f1eed8" stroke="#b9b39a"/>`);
  for (const t of s.terrain) {
    const ya = L.Y(t.yMax ?? s.lane.width / 2);
    const yb = L.Y(t.yMin ?? -s.lane.width / 2);
    if (t.from === t.to) {
      const x = L.X(t.from);
      const dash = t.kind === 'hedge' ? ' stroke-dasharray="3 2"' : '';
      const w = t.kind === 'water' ? 5 : t.kind === 'wall' ? 4 : 3.5;
      out.push(`<line x1="${f1(x)}" y1="${f1(ya)}" x2="${f1(x)}" y2="${f1(yb)}" stroke="${TERRAIN_COLOURS[t.kind]}" stroke-width="${w}"${dash}><title>${esc(`${t.kind} at ${f1(t.from)} cm`)}</title></line>`);
      continue;
    }
    const fill = t.kind === 'village' ? 'url(#pat-village)' : t.kind === 'woods' ? 'url(#pat-woods)' : TERRAIN_COLOURS[t.kind];
    out.push(`<rect x="${f1(L.X(t.from))}" y="${f1(ya)}" width="${f1(L.X(t.to) - L.X(t.from))}" height="${f1(yb - ya)}" fill="${fill}" opacity="0.85"><title>${esc(`${t.kind} from ${f1(t.from)} to ${f1(t.to)} cm`)}</title></rect>`);
    if (t.kind === 'slope') {
      const xm = (L.X(t.from) + L.X(t.to)) / 2;
      const dx = t.rises * Math.min(18, (L.X(t.to) - L.X(t.from)) / 3);
      out.push(`<path d="M${f1(xm - dx)},${f1(ya + 10)}L${f1(xm + dx)},${f1(ya + 10)}" stroke="#8a6440" stroke-width="2" marker-end="url(#arr-move)"/><text class="place sub" x="${f1(xm)}" y="${f1(ya + 24)}">uphill</text>`);
    }
  }
  if (s.objective) {
    const o = s.objective;
    const ya = L.Y(o.yMax ?? s.lane.width / 2);
    const yb = L.Y(o.yMin ?? -s.lane.width / 2);
    out.push(`<rect x="${f1(L.X(o.from))}" y="${f1(ya)}" width="${f1(L.X(o.to) - L.X(o.from))}" height="${f1(yb - ya)}" fill="none" stroke="#c99700" stroke-width="2" stroke-dasharray="6 3"><title>${esc(`objective: ${o.name}`)}</title></rect>`);
    out.push(`<text class="place" x="${f1((L.X(o.from) + L.X(o.to)) / 2)}" y="${f1(ya - 5)}">${esc(o.name)}</text>`);
  }
  // The scale: every 10 cm, with yards.
  const step = 10;
  for (let x = Math.ceil(s.lane.xMin / step) * step; x <= s.lane.xMax + 1e-9; x += step) {
    out.push(`<line x1="${f1(L.X(x))}" y1="${f1(y1)}" x2="${f1(L.X(x))}" y2="${f1(y1 + 5)}" stroke="#777"/><text class="tick" x="${f1(L.X(x))}" y="${f1(y1 + 16)}">${x}</text>`);
  }
  out.push(`<text class="tick" x="${f1((x0 + x1) / 2)}" y="${f1(y1 + 32)}">cm along the lane (1 cm = ${s.yardsPerCm} yards); table edges at both ends</text>`);
  out.push(`<text class="side" x="${f1(x0 + 4)}" y="${f1(y0 - 8)}" fill="${SIDE_COLOURS[0]}">${esc(s.sides[0].name)} →</text>`);
  out.push(`<text class="side end" x="${f1(x1 - 4)}" y="${f1(y0 - 8)}" fill="${SIDE_COLOURS[1]}">← ${esc(s.sides[1].name)}</text>`);
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

/** The footprint of a unit on the page. */
function rectOf(u: LaneUnit, L: LaneLayout): { x: number; y: number; w: number; h: number } {
  const a = u.front;
  const b = u.front - u.facing * u.depth;
  const x = L.X(Math.min(a, b));
  const w = Math.max(1.5, Math.abs(a - b) * L.scale);
  const y = L.Y(u.offset + u.frontage / 2);
  const h = Math.max(1.5, u.frontage * L.scale);
  return { x, y, w, h };
}

function unitMarkup(u: LaneUnit, side: 0 | 1, s: TraceSubject, L: LaneLayout): string {
  const r = rectOf(u, L);
  const spec = s.units.find((x) => x.id === u.id);
  const stroke = u.engaged ? '#000' : u.cohesion === 'disordered' ? '#c1121f' : u.cohesion === 'unformed' ? '#f08a00' : '#fff';
  const sw = u.engaged ? 2.5 : u.cohesion === 'good' ? 0.8 : 2;
  const dash = u.cohesion === 'unformed' ? ' stroke-dasharray="3 2"' : '';
  const tip = `${u.id}: ${spec ? spec.type : ''} in ${u.formation}, ${u.cohesion}${u.engaged ? ', in a standing melee' : ''}${u.general ? `, general ${u.general}` : ''}; front ${f1(u.front)} cm`;
  const parts = [
    `<g class="unit"><title>${esc(tip)}</title>`,
    `<rect x="${f1(r.x)}" y="${f1(r.y)}" width="${f1(r.w)}" height="${f1(r.h)}" fill="${SIDE_COLOURS[side]}" stroke="${stroke}" stroke-width="${sw}"${dash}/>`,
  ];
  if (u.cohesion !== 'good') parts.push(`<rect x="${f1(r.x)}" y="${f1(r.y)}" width="${f1(r.w)}" height="${f1(r.h)}" fill="url(#pat-dis)"/>`);
  // The front edge, thicker.
  const fx = L.X(u.front);
  parts.push(`<line x1="${f1(fx)}" y1="${f1(r.y)}" x2="${f1(fx)}" y2="${f1(r.y + r.h)}" stroke="#f4c430" stroke-width="2"/>`);
  const label = `${FORMATION_LETTERS[u.formation] ?? u.formation} ${u.id}`;
  const horizontal = r.w >= r.h;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  parts.push(
    horizontal
      ? `<text class="lbl" x="${f1(cx)}" y="${f1(cy + 3)}">${esc(label)}</text>`
      : `<text class="lbl" x="${f1(cx)}" y="${f1(cy)}" transform="rotate(-90 ${f1(cx)} ${f1(cy)})" dy="3">${esc(label)}</text>`,
  );
  if (u.general) parts.push(`<path d="${star(r.x + r.w - 1, r.y + 1, 5)}" fill="#f4c430" stroke="#7a5c00" stroke-width="0.6"><title>${esc(`general ${u.general}`)}</title></path>`);
  if (u.cohesion !== 'good') parts.push(`<circle cx="${f1(r.x + 5)}" cy="${f1(r.y + 5)}" r="4.5" fill="${u.cohesion === 'unformed' ? '#f08a00' : '#c1121f'}"/><text class="dis" x="${f1(r.x + 5)}" y="${f1(r.y + 8)}">${u.cohesion === 'unformed' ? 'U' : 'D'}</text>`);
  parts.push('</g>');
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
  const y = L.Y(u.offset);
  const x0 = L.X(a.from);
  const x1 = L.X(a.to);
  if (Math.abs(x1 - x0) < 1) return '';
  const colour = a.kind === 'move' ? ARROW_COLOURS.move : ARROW_COLOURS[a.kind];
  return `<path class="arrow ${a.kind}" d="M${f1(x0)},${f1(y)}L${f1(x1)},${f1(y)}" stroke="${colour}" marker-end="url(#arr-${a.kind})"/>`;
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
    const r = rectOf(u, L);
    out.push(`<g><title>${esc(`${u.id} left the table`)}</title><rect x="${f1(r.x)}" y="${f1(r.y)}" width="${f1(r.w)}" height="${f1(r.h)}" fill="#fff" fill-opacity="0.6" stroke="${LOST}" stroke-dasharray="3 2"/><path d="M${f1(r.x)},${f1(r.y)}L${f1(r.x + r.w)},${f1(r.y + r.h)}M${f1(r.x + r.w)},${f1(r.y)}L${f1(r.x)},${f1(r.y + r.h)}" stroke="${LOST}" stroke-width="1.5"/></g>`);
  }
  for (const c of st.commanders) out.push(`<circle cx="${f1(L.X(c.x))}" cy="${f1(L.Y(c.y))}" r="4" fill="#fff" stroke="${SIDE_COLOURS[c.side]}" stroke-width="2.2"><title>${esc(`corps commander of ${s.sides[c.side].name}`)}</title></circle>`);
  const byId = new Map(st.units.map((u) => [u.id, u]));
  for (const u of st.lost) byId.set(u.id, u);
  for (const a of st.arrows) out.push(arrowMarkup(a, byId.get(a.unit), L));
  return out.join('');
}

export const CSS = `
.place{font-size:12px;fill:#6b5200;text-anchor:middle;font-weight:600}
.place.sub{font-size:10px;font-weight:400;fill:#6b5200}
.tick{font-size:10px;fill:#555;text-anchor:middle}
.side{font-size:12px;font-weight:700}
.side.end{text-anchor:end}
.lbl{fill:#fff;font-size:9px;font-weight:600;text-anchor:middle;font-family:"Arial Narrow",Arial,sans-serif;pointer-events:none}
.dis{fill:#fff;font-size:7px;font-weight:800;text-anchor:middle;font-family:Arial,sans-serif}
.arrow{fill:none;stroke-linecap:round}
.arrow.move{stroke-width:2;opacity:.8}
.arrow.charge{stroke-width:3.5;opacity:.9}
.arrow.retreat{stroke-width:2.5;stroke-dasharray:6 3;opacity:.95}
`;
