/**
 * Drawing a trace: the map (or, for the map-free assault, the defender's hex with the attacking stacks
 * around it) as a static SVG background, and per step an overlay of counters, objective markers and
 * arrows. Strings only; every text is escaped.
 */
import { centre, corner, DIR_Q, DIR_R, type Point } from '../../../hex/coords.js';
import { HexGrid } from '../../../hex/grid.js';
import type { TraceArrow, TraceStep, UnitView } from './narrate.js';
import { DIRECTION_NAMES, hexName, type AssaultSubject, type BattleSubject, type TraceSubject } from './subject.js';

import { escapeHtml as esc } from '../../../core/escape.js';
export { esc };

export const SIDE_COLOURS = ['#2b59a3', '#3a3a3a'] as const;
export const TERRAIN_COLOURS: Readonly<Record<string, string>> = {
  clear: '#f1eed8',
  town: '#e0c7a4',
  chateau: '#caa47c',
  woods: '#b2d69a',
  forest: '#86b873',
  fort: '#cfcfcf',
};
export const ARROW_COLOURS: Readonly<Record<string, string>> = {
  assault: '#d62828',
  retreat: '#f08a00',
  advance: '#1f9e4a',
  stacking: '#7d7d7d',
  bombard: '#b8860b',
  charge: '#7b2cbf',
  pursuit: '#7b2cbf',
};
const STREAM = '#3b8fd9';
const RIVER = '#2a6fb8';
const BROWN = '#8a6440';
const LOST = '#c1121f';

const f1 = (x: number) => String(Math.round(x * 10) / 10);
const pt = (p: Point) => `${f1(p.x)},${f1(p.y)}`;

/** Geometry of a drawing: where each place is, the hex size and the view box. */
export interface Layout {
  size: number;
  width: number;
  height: number;
  /** Centre of a place (hex index, or assault place). */
  at(place: number): Point;
  /** Corner k of a place's hex. */
  corner(place: number, k: number): Point;
}

export function battleLayout(s: BattleSubject, size = 36): Layout {
  const g = new HexGrid(s.map.width, s.map.height);
  const pad = size * 0.6;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let h = 0; h < g.size; h++) {
    for (let k = 0; k < 6; k++) {
      const c = corner(g.axial(h), k, size);
      minX = Math.min(minX, c.x);
      minY = Math.min(minY, c.y);
      maxX = Math.max(maxX, c.x);
      maxY = Math.max(maxY, c.y);
    }
  }
  const dx = pad - minX, dy = pad - minY;
  return {
    size,
    width: maxX - minX + 2 * pad,
    height: maxY - minY + 2 * pad,
    at: (h) => {
      const c = centre(g.axial(h), size);
      return { x: c.x + dx, y: c.y + dy };
    },
    corner: (h, k) => {
      const c = corner(g.axial(h), k, size);
      return { x: c.x + dx, y: c.y + dy };
    },
  };
}

/** The assault diagram: place 0 is the defender's hex at the middle, place k + 1 the hex of stack k. */
export function assaultLayout(s: AssaultSubject, size = 110): Layout {
  const axial = (place: number) => {
    if (place === 0) return { q: 0, r: 0 };
    const d = s.stacks[place - 1].direction;
    return { q: DIR_Q[d], r: DIR_R[d] };
  };
  const w = size * Math.sqrt(3) * 3 + size * 0.8;
  const h = size * 5 + size * 0.8;
  const o = { x: w / 2, y: h / 2 };
  return {
    size,
    width: w,
    height: h,
    at: (p) => {
      const c = centre(axial(p), size);
      return { x: c.x + o.x, y: c.y + o.y };
    },
    corner: (p, k) => {
      const c = corner(axial(p), k, size);
      return { x: c.x + o.x, y: c.y + o.y };
    },
  };
}

export function layoutOf(s: TraceSubject): Layout {
  return s.kind === 'battle' ? battleLayout(s) : assaultLayout(s);
}

function polygon(l: Layout, place: number): string {
  return [0, 1, 2, 3, 4, 5].map((k) => pt(l.corner(place, k))).join(' ');
}

/** Pattern fills and arrowheads the drawings refer to. */
export function defs(): string {
  const head = (id: string, colour: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`;
  return [
    '<defs>',
    head('ah-0', SIDE_COLOURS[0]),
    head('ah-1', SIDE_COLOURS[1]),
    ...Object.entries(ARROW_COLOURS).map(([k, c]) => head(`ah-${k}`, c)),
    '<pattern id="pat-town" width="16" height="16" patternUnits="userSpaceOnUse"><rect x="2" y="3" width="5" height="4" fill="#9c6b45"/><rect x="10" y="10" width="4" height="4" fill="#9c6b45"/></pattern>',
    '<pattern id="pat-chateau" width="10" height="10" patternUnits="userSpaceOnUse"><rect x="1" y="1" width="5" height="5" fill="#7a5233"/></pattern>',
    '<pattern id="pat-woods" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="3" fill="#6fa457"/><circle cx="11" cy="11" r="2.5" fill="#6fa457"/></pattern>',
    '<pattern id="pat-forest" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="3" fill="#4f8a3c"/><circle cx="8" cy="8" r="2.6" fill="#4f8a3c"/></pattern>',
    '<pattern id="pat-fort" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="8" fill="#8f8f8f"/></pattern>',
    '</defs>',
  ].join('');
}

function hexFill(l: Layout, place: number, terrain: string, title: string): string {
  const poly = polygon(l, place);
  const pat = terrain !== 'clear' && TERRAIN_COLOURS[terrain] ? `<polygon points="${poly}" fill="url(#pat-${esc(terrain)})" opacity="0.7"/>` : '';
  return `<g><title>${esc(title)}</title><polygon points="${poly}" fill="${TERRAIN_COLOURS[terrain] ?? '#eee'}" stroke="#b9b39a" stroke-width="1"/>${pat}</g>`;
}

/** A hexside feature drawn along side d of a place's hex (side d runs from corner d-1 to corner d). */
function hexsideFeature(l: Layout, place: number, d: number, features: readonly string[], across: Point | null): string {
  const a = l.corner(place, (d + 5) % 6);
  const b = l.corner(place, d);
  const line = (stroke: string, width: number, extra = '') =>
    `<line x1="${f1(a.x)}" y1="${f1(a.y)}" x2="${f1(b.x)}" y2="${f1(b.y)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
  const out: string[] = [];
  if (features.includes('river')) out.push(line(RIVER, 8));
  if (features.includes('stream') || (features.includes('bridge') && !features.includes('river'))) out.push(line(STREAM, 4.5));
  if (features.includes('crest')) out.push(line(BROWN, 2), line(BROWN, 8, ' stroke-dasharray="1.5 4" stroke-linecap="butt"'));
  if (features.includes('fortified')) out.push(line('#4a4a4a', 6, ' stroke-dasharray="5 3" stroke-linecap="butt"'));
  if (features.includes('bridge')) {
    const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const c = l.at(place);
    const o = across ?? { x: 2 * m.x - c.x, y: 2 * m.y - c.y };
    const n = { x: (o.x - c.x) / 2, y: (o.y - c.y) / 2 };
    const len = Math.hypot(n.x, n.y) || 1;
    const u = { x: (n.x / len) * l.size * 0.3, y: (n.y / len) * l.size * 0.3 };
    out.push(
      `<line x1="${f1(m.x - u.x)}" y1="${f1(m.y - u.y)}" x2="${f1(m.x + u.x)}" y2="${f1(m.y + u.y)}" stroke="${BROWN}" stroke-width="9"/>`,
      `<line x1="${f1(m.x - u.x)}" y1="${f1(m.y - u.y)}" x2="${f1(m.x + u.x)}" y2="${f1(m.y + u.y)}" stroke="#d8c09a" stroke-width="4"/>`,
    );
  }
  return out.join('');
}

/** The battle map: terrain, hexsides, roads and trails, hex coordinates. */
export function battleBackground(s: BattleSubject, l: Layout): string {
  const g = new HexGrid(s.map.width, s.map.height);
  const out: string[] = [];
  for (let h = 0; h < g.size; h++) out.push(hexFill(l, h, s.map.terrain[h], `${hexName(s.map.width, h)} ${s.map.terrain[h]}`));
  for (const r of s.map.roads) {
    const a = l.at(r.hex);
    const n = g.neighbor(r.hex, r.dir);
    if (n < 0) continue;
    const b = l.at(n);
    const d = `M${pt(a)}L${pt(b)}`;
    out.push(
      r.kind === 'road'
        ? `<path d="${d}" stroke="${BROWN}" stroke-width="5" stroke-linecap="round"/><path d="${d}" stroke="#efe1c4" stroke-width="1.6" stroke-linecap="round"/>`
        : `<path d="${d}" stroke="${BROWN}" stroke-width="2.2" stroke-dasharray="5 4" stroke-linecap="round"/>`,
    );
  }
  for (const x of s.map.hexsides) {
    const n = g.neighbor(x.hex, x.dir);
    out.push(hexsideFeature(l, x.hex, x.dir, x.features, n >= 0 ? l.at(n) : null));
  }
  for (let h = 0; h < g.size; h++) {
    const c = l.at(h);
    out.push(`<text x="${f1(c.x)}" y="${f1(c.y - l.size * 0.62)}" class="coord">${hexName(s.map.width, h)}</text>`);
  }
  return `<g class="map">${out.join('')}</g>`;
}

/** The assault diagram: the defender's hex, the six around it (the attacking stacks' in terrain colour). */
export function assaultBackground(s: AssaultSubject, l: Layout): string {
  const out: string[] = [];
  const used = new Map(s.stacks.map((st, k) => [st.direction, k]));
  for (const [d, k] of used) {
    out.push(hexFill(l, k + 1, s.stacks[k].terrain, `stack ${k + 1}: hexside ${d} (${DIRECTION_NAMES[d]}), ${s.stacks[k].terrain}`));
  }
  // Empty neighbours, faint, so the ring of six reads as a hex map.
  const empty: string[] = [];
  for (let d = 0; d < 6; d++) {
    if (used.has(d)) continue;
    const c0 = l.at(0);
    const c = centre({ q: DIR_Q[d], r: DIR_R[d] }, l.size);
    const base = centre({ q: 0, r: 0 }, l.size);
    const off = { x: c0.x + c.x - base.x, y: c0.y + c.y - base.y };
    const poly = [0, 1, 2, 3, 4, 5]
      .map((k) => {
        const a = corner({ q: 0, r: 0 }, k, l.size);
        return pt({ x: off.x + a.x, y: off.y + a.y });
      })
      .join(' ');
    empty.push(`<polygon points="${poly}" fill="#fafaf5" stroke="#d6d2c0" stroke-dasharray="4 3"/>`);
  }
  out.unshift(...empty);
  out.push(hexFill(l, 0, s.defenderTerrain, `the defender's hex: ${s.defenderTerrain}`));
  const c0 = l.at(0);
  for (const [d, k] of used) {
    const features = s.stacks[k].across.split(' and ').filter((f) => f !== 'none');
    if (features.length) out.push(hexsideFeature(l, 0, d, features, l.at(k + 1)));
    // The stack's label on its outer side, away from the defender.
    const c = l.at(k + 1);
    const len = Math.hypot(c.x - c0.x, c.y - c0.y) || 1;
    const u = { x: (c.x - c0.x) / len, y: (c.y - c0.y) / len };
    const y = c.y + (u.y >= 0 ? l.size * 0.62 : -l.size * 0.5);
    const x = c.x + u.x * l.size * 0.1;
    const across = s.stacks[k].across !== 'none' ? `, across ${s.stacks[k].across}` : '';
    out.push(`<text x="${f1(x)}" y="${f1(y)}" class="place">${esc(`stack ${k + 1}: hexside ${d} ${DIRECTION_NAMES[d]}${across}`)}</text>`);
    out.push(`<text x="${f1(x)}" y="${f1(y + 16)}" class="place sub">${esc(`from ${s.stacks[k].terrain}`)}</text>`);
  }
  return `<g class="map">${out.join('')}</g>`;
}

export function background(s: TraceSubject, l: Layout): string {
  return s.kind === 'battle' ? battleBackground(s, l) : assaultBackground(s, l);
}

/**
 * Short counter labels: the formation's common id prefix ("Foy-") dropped when every unit of the
 * formation has it, so "Foy-1-Leger" reads "1-Leger".
 */
export function shortLabels(s: TraceSubject): string[] {
  if (s.kind === 'assault') return s.units.map((u) => u.id);
  const byFormation = new Map<string, string[]>();
  for (const u of s.units) byFormation.set(u.formation, [...(byFormation.get(u.formation) ?? []), u.id]);
  const prefix = new Map<string, string>();
  for (const [f, ids] of byFormation) {
    const first = ids[0].split('-')[0] + '-';
    prefix.set(f, ids.length > 1 && ids.every((id) => id.startsWith(first) && id.length > first.length) ? first : '');
  }
  return s.units.map((u) => u.id.slice(prefix.get(u.formation)!.length));
}

export interface CounterStyle {
  w: number;
  row: number;
  font: number;
}

/**
 * The counters of a stack of `n` (lost units' tags included) inside a hex of radius `size`, pointy
 * side up: as wide as `width` of the hex (never over its sides), rows of at most `row` high, and the whole
 * column at most 1.5 × size - 4 high, so it stays clear of the stacks of the hexes above and below
 * (their centres are 1.5 × size apart). The font follows the row.
 */
export function counterStyle(n: number, size: number, row: number, font: number, width = 0.9): CounterStyle {
  const r = Math.min(row, (1.5 * size - 4) / Math.max(1, n));
  return { w: Math.sqrt(3) * size * width, row: r, font: Math.min(font, r * 0.62) };
}

function glyph(kind: string, x: number, y: number, h: number): string {
  const w = h * 1.45;
  const box = `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="none" stroke="#fff" stroke-width="1"/>`;
  if (kind === 'infantry') {
    return `${box}<path d="M${f1(x)},${f1(y)}L${f1(x + w)},${f1(y + h)}M${f1(x + w)},${f1(y)}L${f1(x)},${f1(y + h)}" stroke="#fff" stroke-width="1"/>`;
  }
  if (kind === 'cavalry') return `${box}<path d="M${f1(x)},${f1(y + h)}L${f1(x + w)},${f1(y)}" stroke="#fff" stroke-width="1"/>`;
  return `${box}<circle cx="${f1(x + w / 2)}" cy="${f1(y + h / 2)}" r="${f1(h * 0.22)}" fill="#fff"/>`;
}

function fitText(text: string, x: number, y: number, avail: number, font: number, cls: string, anchor = 'start'): string {
  const est = text.length * font * 0.56;
  const fit = est > avail ? ` textLength="${f1(avail)}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${f1(x)}" y="${f1(y)}" class="${cls}" font-size="${font}" text-anchor="${anchor}"${fit}>${esc(text)}</text>`;
}

/**
 * The units of one hex as a column of counters inside it: type, label, strength (white box: reduced
 * side), a red border and a red D in place of the type: disrupted; under them a white tag per unit lost
 * there in this step.
 */
function stackCounters(s: TraceSubject, labels: string[], units: UnitView[], lost: readonly number[], c: Point, st: CounterStyle): string {
  const n = units.length + lost.length;
  const h = n * st.row;
  const x0 = c.x - st.w / 2;
  let y = c.y - h / 2;
  const out: string[] = [];
  const g = st.row * 0.34;
  for (const v of units) {
    const u = s.units[v.unit];
    const full = v.steps >= u.maxSteps;
    const strength = full ? u.full : u.reduced;
    const colour = SIDE_COLOURS[u.side];
    const state = [
      `${u.id}: ${u.kind}, strength ${strength}`,
      u.maxSteps > 1 ? `${v.steps} of ${u.maxSteps} steps` : '',
      v.disrupted ? 'disrupted' : '',
      v.out ? 'retreated out of the fight' : '',
    ].filter((t) => t);
    const sx = x0 + st.w - st.font * 0.95;
    const mark = v.disrupted
      ? `<circle cx="${f1(x0 + 3 + g * 0.72)}" cy="${f1(y + st.row / 2)}" r="${f1(Math.min(st.row * 0.4, g * 0.72 + 1.5))}" fill="${LOST}" stroke="#fff" stroke-width="1"/><text x="${f1(x0 + 3 + g * 0.72)}" y="${f1(y + st.row / 2 + st.font * 0.3)}" class="dis" font-size="${f1(st.font * 0.85)}" text-anchor="middle">D</text>`
      : glyph(u.kind, x0 + 3, y + (st.row - g) / 2, g);
    out.push(
      `<g${v.out ? ' opacity="0.45"' : ''}><title>${esc(state.join(', '))}</title>`,
      `<rect x="${f1(x0)}" y="${f1(y)}" width="${f1(st.w)}" height="${f1(st.row)}" rx="2" fill="${colour}" stroke="${v.disrupted ? LOST : '#fff'}" stroke-width="${v.disrupted ? 2 : 1}"/>`,
      mark,
      fitText(labels[v.unit], x0 + 4 + g * 1.45 + 2, y + st.row / 2 + st.font * 0.36, st.w - (g * 1.45 + 9) - st.font * 1.3, st.font, 'lbl'),
      full
        ? ''
        : `<rect x="${f1(sx - st.font * 0.55)}" y="${f1(y + st.row * 0.12)}" width="${f1(st.font * 1.1 + 2)}" height="${f1(st.row * 0.76)}" rx="1.5" fill="#fff"/>`,
      `<text x="${f1(sx + 1)}" y="${f1(y + st.row / 2 + st.font * 0.38)}" class="str" font-size="${f1(st.font * 1.1)}" text-anchor="middle" fill="${full ? '#fff' : colour}">${strength}</text>`,
      '</g>',
    );
    y += st.row;
  }
  for (const unit of lost) {
    out.push(
      `<g class="lost"><title>${esc(`${s.units[unit].id} lost`)}</title><rect x="${f1(x0)}" y="${f1(y + 1)}" width="${f1(st.w)}" height="${f1(st.row - 2)}" rx="2" fill="#fff" stroke="${LOST}" opacity="0.95"/>` +
        fitText(`✕ ${labels[unit]}`, c.x, y + st.row / 2 + st.font * 0.34, st.w - 6, st.font * 0.9, 'lost', 'middle') +
        '</g>',
    );
    y += st.row;
  }
  return out.join('');
}

function shorten(a: Point, b: Point, t0: number, t1: number): [Point, Point] {
  return [
    { x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0 },
    { x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1 },
  ];
}

function arrowSvg(s: TraceSubject, l: Layout, a: TraceArrow): string {
  const pts = a.places.map((p) => l.at(p));
  if (a.kind === 'move') {
    if (pts.length < 2) return '';
    const last = pts.length - 1;
    const [, end] = shorten(pts[last - 1], pts[last], 0, 1 - (l.size * 0.5) / Math.hypot(pts[last].x - pts[last - 1].x, pts[last].y - pts[last - 1].y));
    const d = `M${pts.slice(0, last).map(pt).join('L')}L${pt(end)}`;
    return `<path d="${d}" class="arrow move" stroke="${SIDE_COLOURS[a.side]}" marker-end="url(#ah-${a.side})"/>`;
  }
  const colour = ARROW_COLOURS[a.kind];
  if (pts.length === 1) {
    // Assault engagement: a retreat out of a place, away from the middle (or, for the defender, from the attackers).
    const p = pts[0];
    let dir: Point;
    if (a.places[0] === 0 && s.kind === 'assault') {
      const m = s.stacks.reduce((acc, _, k) => {
        const q = l.at(k + 1);
        return { x: acc.x + q.x - p.x, y: acc.y + q.y - p.y };
      }, { x: 0, y: 0 });
      dir = Math.hypot(m.x, m.y) < 1e-6 ? { x: 0, y: -1 } : { x: -m.x, y: -m.y };
    } else {
      const o = l.at(0);
      dir = { x: p.x - o.x, y: p.y - o.y };
    }
    const len = Math.hypot(dir.x, dir.y) || 1;
    const u = { x: dir.x / len, y: dir.y / len };
    const from = { x: p.x + u.x * l.size * 0.55, y: p.y + u.y * l.size * 0.55 };
    const to = { x: p.x + u.x * l.size * 1.25, y: p.y + u.y * l.size * 1.25 };
    return `<path d="M${pt(from)}L${pt(to)}" class="arrow ${a.kind}" stroke="${colour}" marker-end="url(#ah-${a.kind})"/>`;
  }
  // On the map an assault arrow spans the hexside, from the edge of the attacker's counters to the edge
  // of the defender's, so it covers as little of either as it can.
  const [from, to] = a.kind === 'assault' ? shorten(pts[0], pts[1], s.kind === 'assault' ? 0.33 : 0.32, s.kind === 'assault' ? 0.68 : 0.64) : shorten(pts[0], pts[1], 0.18, 0.84);
  const burst =
    a.kind === 'bombard'
      ? `<path d="${starPath(pts[1], l.size * 0.22)}" fill="${colour}" stroke="#fff" stroke-width="1" opacity="0.9"/>`
      : '';
  return `<path d="M${pt(from)}L${pt(to)}" class="arrow ${a.kind}" stroke="${colour}" marker-end="url(#ah-${a.kind})"/>${burst}`;
}

function starPath(c: Point, r: number): string {
  const p: string[] = [];
  for (let k = 0; k < 16; k++) {
    const rad = k % 2 ? r * 0.45 : r;
    const a = (Math.PI * k) / 8;
    p.push(pt({ x: c.x + rad * Math.cos(a), y: c.y + rad * Math.sin(a) }));
  }
  return `M${p.join('L')}Z`;
}

/** Objective markers: a ring in the holder's colour (dashed: nobody) and the VP. */
function objectives(s: BattleSubject, l: Layout, holders: number[]): string {
  return s.objectives
    .map((o, i) => {
      const c = l.at(o.hex);
      const h = holders[i] ?? o.holder;
      const colour = h >= 0 ? SIDE_COLOURS[h] : '#b8860b';
      const held = h >= 0 ? `held by ${s.sides[h].name}` : 'held by nobody';
      const star = { x: c.x + l.size * 0.56, y: c.y - l.size * 0.5 };
      return (
        `<g><title>${esc(`${o.name} (${hexName(s.map.width, o.hex)}): ${o.vp} VP, ${held}`)}</title>` +
        `<circle cx="${f1(c.x)}" cy="${f1(c.y)}" r="${f1(l.size * 0.78)}" fill="none" stroke="${colour}" stroke-width="3"${h >= 0 ? '' : ' stroke-dasharray="5 4"'} opacity="0.9"/>` +
        `<path d="${starPath(star, l.size * 0.24)}" fill="#f4c430" stroke="${colour}" stroke-width="1.2"/>` +
        `<text x="${f1(star.x)}" y="${f1(star.y + 3.5)}" class="vp" text-anchor="middle">${o.vp}</text></g>`
      );
    })
    .join('');
}

/**
 * Leaders (11) as flags in their side's colour at the upper left of their hex, the rating on the flag;
 * several in one hex side by side. A formation leader's flag is square, a commander's swallow-tailed.
 */
export function leaderFlags(s: BattleSubject, l: Layout, at: readonly { leader: number; place: number; rating: number }[]): string {
  const inHex = new Map<number, number>();
  return at
    .map(({ leader, place, rating }) => {
      const x = s.leaders?.[leader];
      if (!x) return '';
      const k = inHex.get(place) ?? 0;
      inHex.set(place, k + 1);
      const c = l.at(place);
      const w = l.size * 0.46, h = l.size * 0.34;
      const pole = { x: c.x - l.size * 0.7 + k * (w + 3), y: c.y - l.size * 0.95 };
      const cloth = x.role === 'leader' ? `M${f1(pole.x)},${f1(pole.y)}h${f1(w)}v${f1(h)}h${f1(-w)}z` : `M${f1(pole.x)},${f1(pole.y)}h${f1(w)}l${f1(-w * 0.3)},${f1(h / 2)}l${f1(w * 0.3)},${f1(h / 2)}h${f1(-w)}z`;
      const role = x.role === 'leader' ? `leader of ${x.formation ?? 'his formation'}` : x.role === 'oc' ? 'overall commander' : 'wing commander';
      return (
        `<g class="leader"><title>${esc(`${x.name}, ${role} (${s.sides[x.side].name}), rating ${rating}, at ${hexName(s.map.width, place)}`)}</title>` +
        `<path d="M${f1(pole.x)},${f1(pole.y)}v${f1(h * 2)}" stroke="#222" stroke-width="1.4"/>` +
        `<path d="${cloth}" fill="${SIDE_COLOURS[x.side]}" stroke="#fff" stroke-width="0.8"/>` +
        `<text x="${f1(pole.x + w * 0.42)}" y="${f1(pole.y + h * 0.8)}" class="flag">${rating}</text></g>`
      );
    })
    .join('');
}

/** The overlay of one step: objective markers, moves, counters, combat arrows, units lost. */
export function stepOverlay(s: TraceSubject, l: Layout, labels: string[], step: TraceStep): string {
  const out: string[] = [];
  if (s.kind === 'battle') out.push(objectives(s, l, step.holders));
  for (const a of step.arrows) if (a.kind === 'move') out.push(arrowSvg(s, l, a));
  const byPlace = new Map<number, UnitView[]>();
  for (const v of step.units) byPlace.set(v.place, [...(byPlace.get(v.place) ?? []), v]);
  const lostAt = new Map<number, number[]>();
  for (const x of step.lost) lostAt.set(x.place, [...(lostAt.get(x.place) ?? []), x.unit]);
  const [row, font] = s.kind === 'battle' ? [20, 12] : [26, 13];
  for (const place of new Set([...byPlace.keys(), ...lostAt.keys()])) {
    const units = byPlace.get(place) ?? [];
    const lost = lostAt.get(place) ?? [];
    // The assault diagram's hexes are large: its counters take two thirds of the hex's width.
    const style = counterStyle(units.length + lost.length, l.size, row, font, s.kind === 'battle' ? 0.9 : 0.66);
    out.push(stackCounters(s, labels, units, lost, l.at(place), style));
  }
  if (s.kind === 'battle') out.push(leaderFlags(s, l, step.leaders));
  const drawn = new Set<string>();
  for (const a of step.arrows) {
    const key = `${a.kind} ${a.places.join(' ')}`;
    if (a.kind === 'move' || drawn.has(key)) continue;
    drawn.add(key);
    out.push(arrowSvg(s, l, a));
  }
  return out.join('');
}
