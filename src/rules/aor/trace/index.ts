/**
 * The trace of an Age of Rifles engagement (src/core/ruleset.ts, TraceSupport): what it is about (the
 * units, the formations, the map or the assault's hexsides), its story (./narrate.ts), and its pictures
 * (./svg.ts): the hex map, or the defender's hex with the attacking stacks around it.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceFrame, TracePicture, TraceSupport } from '../../../core/ruleset.js';
import { DOCTRINE_PRESETS, type AssaultDoctrine } from '../doctrine/assault.js';
import { BATTLE_DOCTRINE_PRESETS, type BattleDoctrine } from '../doctrine/battle.js';
import type { CompiledBattle } from '../battle/compile.js';
import type { CompiledAssault } from '../engagement.js';
import type { AorEvent } from '../events.js';
import { BRIDGE, CREST, FORTIFIED, RIVER, ROAD, STREAM, TRAIL } from '../map.js';
import { HEX_TERRAIN } from '../terrain.js';
import type { UnitSpec } from '../units.js';
import { narrate, reasonText, type TraceStep } from './narrate.js';
import type { HexsideFeature, TraceFinal, TraceSubject, TraceUnit } from './subject.js';
import { ARROW_COLOURS, background, defs, layoutOf, shortLabels, SIDE_COLOURS, stepOverlay, TERRAIN_COLOURS } from './svg.js';

type AorCompiled = CompiledAssault | CompiledBattle;

/** The description of a compiled aor engagement the story and the page read. */
export function subjectOf(c: AorCompiled, name: string, title?: string): TraceSubject {
  return c.kind === 'battle' ? battleSubject(c, name, title) : assaultSubject(c, name, title);
}

function unitOf(s: UnitSpec, formation: string): TraceUnit {
  const flags = [s.steadfast && 'steadfast', s.oldGuard && 'oldGuard', s.repeating && 'repeating'].filter((f): f is string => typeof f === 'string');
  return {
    id: s.id,
    side: s.side,
    kind: s.kind,
    full: s.full,
    reduced: s.reduced,
    maxSteps: s.maxSteps,
    startSteps: s.startSteps,
    startDisrupted: s.startDisrupted,
    morale: s.morale,
    flags,
    formation,
  };
}

/** A preset's name when the doctrine is one, else its parameters. */
function doctrineName(d: AssaultDoctrine): string {
  const same = (q: AssaultDoctrine) => (Object.keys(d) as (keyof AssaultDoctrine)[]).every((k) => q[k] === d[k]);
  for (const [name, p] of Object.entries(DOCTRINE_PRESETS)) if (same(p.params)) return name;
  return Object.entries(d)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
}

/** A battle doctrine's preset name when it is one, else the nearest preset's name and what differs. */
function battleDoctrineName(d: BattleDoctrine): string {
  let best = '', diff: string[] = [];
  for (const [name, p] of Object.entries(BATTLE_DOCTRINE_PRESETS)) {
    const q = p.params as unknown as Record<string, unknown>;
    const differs = Object.entries(d).filter(([k, v]) => q[k] !== v).map(([k, v]) => `${k} ${String(v)}`);
    if (!best || differs.length < diff.length) [best, diff] = [name, differs];
  }
  return diff.length ? `${best} with ${diff.join(', ')}` : best;
}

const FEATURE_BITS: [number, HexsideFeature][] = [
  [STREAM, 'stream'],
  [RIVER, 'river'],
  [BRIDGE, 'bridge'],
  [CREST, 'crest'],
  [FORTIFIED, 'fortified'],
];

function battleSubject(c: CompiledBattle, name: string, title?: string): TraceSubject {
  const g = c.map.grid;
  const hexsides: { hex: number; dir: number; features: HexsideFeature[] }[] = [];
  const roads: { hex: number; dir: number; kind: 'road' | 'trail' }[] = [];
  for (let id = 0; id < g.hexsideCount; id++) {
    const [hex, dir] = g.hexsideHexes(id);
    const f = c.map.sides[id];
    if (f) hexsides.push({ hex, dir, features: FEATURE_BITS.filter(([bit]) => f & bit).map(([, n]) => n) });
    const r = c.map.roads[id];
    if (r === ROAD || r === TRAIL) roads.push({ hex, dir, kind: r === ROAD ? 'road' : 'trail' });
  }
  const sideAtStart = (hex: number) => {
    const u = Array.from(c.startHex).indexOf(hex);
    return u < 0 ? -1 : c.specs[u].side;
  };
  const night: number[] = [];
  for (let t = 1; t <= c.turns; t++) if (c.night[t]) night.push(t);
  return {
    kind: 'battle',
    name,
    title,
    sides: [0, 1].map((s) => ({
      name: c.sides[s].name,
      role: c.sides[s].role,
      doctrine: doctrineName(c.sides[s].doctrine),
      battleDoctrine: battleDoctrineName(c.sides[s].battle),
      armyLevel: c.sides[s].armyLevel,
      supply: c.sides[s].supply.slice(),
    })) as [TraceSubject['sides'][0], TraceSubject['sides'][1]],
    units: c.specs.map((s, u) => ({
      ...unitOf(s, c.formations[c.formationOf[u]].id),
      movement: c.movement[u],
      start: c.startHex[u],
      ...(c.arrives && c.arrives[u] > 1 ? { arrives: c.arrives[u] } : {}),
    })),
    turns: c.turns,
    map: { width: g.width, height: g.height, terrain: Array.from(c.map.terrain, (t) => HEX_TERRAIN[t]), hexsides, roads },
    formations: c.formations.map((f) => ({ id: f.id, name: f.name, side: f.side, orders: f.orders, objective: f.objective, limit: f.limit })),
    leaders: c.leaders.map((l) => ({
      id: l.id,
      name: l.name,
      side: l.side,
      role: l.role,
      ...(l.role === 'leader' ? { formation: c.formations[l.formation].id } : {}),
      rating: l.rating,
      start: l.startHex,
    })),
    objectives: c.objectives.map((o) => ({ name: o.name, hex: o.hex, vp: o.vp, holder: o.holder >= 0 ? o.holder : sideAtStart(o.hex) })),
    night,
    first: c.first,
    victory: { ...c.victory },
    options: { ...c.options },
  };
}

function assaultSubject(c: CompiledAssault, name: string, title?: string): TraceSubject {
  return {
    kind: 'assault',
    name,
    title,
    sides: [0, 1].map((s) => ({ name: c.sideNames[s], role: s === 0 ? 'attacker' : 'defender', doctrine: doctrineName(c.doctrines[s]) })) as [
      TraceSubject['sides'][0],
      TraceSubject['sides'][1],
    ],
    units: c.specs.map((s) => unitOf(s, s.formation)),
    turns: c.turns,
    onTime: c.onTime,
    defenderTerrain: c.firstTurn.defenderTerrain,
    stacks: c.firstTurn.stacks.map((s) => ({
      direction: s.direction,
      across: s.hexside2 && s.hexside2 !== 'none' ? `${s.hexside} and ${s.hexside2}` : s.hexside,
      terrain: s.terrain,
      movedAdjacent: s.movedAdjacentInLos,
      units: s.units.slice(),
    })),
    defender: c.defenderUnits.slice(),
    options: { ...c.options },
  };
}


/** What only the result knows: victory points and who holds each objective at the end. */
export function finalOf(r: EngagementResult): TraceFinal {
  return { victoryPoints: [r.sides[0].victoryPoints, r.sides[1].victoryPoints], objectives: Array.from(r.objectives) };
}

/** The steps of the page: each with its overlay of counters, markers and arrows. */
export function pageSteps(steps: readonly TraceStep[], subject: TraceSubject): TraceFrame[] {
  const layout = layoutOf(subject);
  const labels = shortLabels(subject);
  return steps.map((st) => ({
    title: st.title,
    turn: st.turn,
    side: st.side,
    phase: st.phase,
    end: st.end,
    lines: st.lines.map((l) => ({ depth: l.depth, kind: l.kind, text: l.text })),
    svg: stepOverlay(subject, layout, labels, st),
  }));
}

function swatch(inner: string, w = 34, h = 22): string {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">${inner}</svg>`;
}

function legend(s: TraceSubject): TracePicture['legend'] {
  const items: TracePicture['legend'] = [];
  const add = (svg: string, text: string) => items.push({ svg, text });
  const terrains = new Set(s.kind === 'battle' ? s.map.terrain : [s.defenderTerrain, ...s.stacks.map((x) => x.terrain)]);
  for (const t of Object.keys(TERRAIN_COLOURS)) {
    if (!terrains.has(t)) continue;
    const pat = t === 'clear' ? '' : `<rect width="34" height="22" fill="url(#pat-${t})" opacity="0.7"/>`;
    add(swatch(`<rect width="34" height="22" fill="${TERRAIN_COLOURS[t]}" stroke="#b9b39a"/>${pat}`), t);
  }
  const features = new Set(s.kind === 'battle' ? s.map.hexsides.flatMap((x) => x.features) : s.stacks.flatMap((x) => x.across.split(' and ')));
  if (features.has('stream')) add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#3b8fd9" stroke-width="4.5" stroke-linecap="round"/>'), 'stream (hexside)');
  if (features.has('river')) add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#2a6fb8" stroke-width="8"/>'), 'river (hexside)');
  if (features.has('bridge'))
    add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#3b8fd9" stroke-width="4.5"/><line x1="17" y1="3" x2="17" y2="19" stroke="#8a6440" stroke-width="9"/><line x1="17" y1="3" x2="17" y2="19" stroke="#d8c09a" stroke-width="4"/>'), 'bridge');
  if (features.has('crest'))
    add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#8a6440" stroke-width="2"/><line x1="2" y1="11" x2="32" y2="11" stroke="#8a6440" stroke-width="8" stroke-dasharray="1.5 4"/>'), 'crest (hexside)');
  if (features.has('fortified')) add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#4a4a4a" stroke-width="6" stroke-dasharray="5 3"/>'), 'fortified hexside');
  if (s.kind === 'battle') {
    const kinds = new Set(s.map.roads.map((r) => r.kind));
    if (kinds.has('road')) add(swatch('<path d="M2,11H32" stroke="#8a6440" stroke-width="5"/><path d="M2,11H32" stroke="#efe1c4" stroke-width="1.6"/>'), 'road');
    if (kinds.has('trail')) add(swatch('<path d="M2,11H32" stroke="#8a6440" stroke-width="2.2" stroke-dasharray="5 4"/>'), 'trail');
    if (s.objectives.length) {
      add(swatch(`<circle cx="17" cy="11" r="9" fill="none" stroke="${SIDE_COLOURS[0]}" stroke-width="3"/><circle cx="27" cy="5" r="4.5" fill="#f4c430"/>`), 'objective: ring in the holder\'s colour, star with its VP');
    }
  }
  if (s.kind === 'battle' && s.leaders?.length) {
    const flag = (d: string) => swatch(`<path d="M10,2v19" stroke="#222" stroke-width="1.4"/><path d="${d}" fill="${SIDE_COLOURS[0]}" stroke="#fff" stroke-width="0.8"/><text x="16.5" y="10.5" font-size="8.5" font-weight="800" fill="#fff" text-anchor="middle">2</text>`);
    add(flag('M10,2h14v10h-14z'), "formation leader (11), his rating on the flag");
    if (s.leaders.some((l) => l.role !== 'leader')) add(flag('M10,2h14l-4,5l4,5h-14z'), 'overall or wing commander (12)');
  }
  for (const side of [0, 1]) add(swatch(`<rect x="2" y="3" width="30" height="16" rx="2" fill="${SIDE_COLOURS[side]}"/>`), `${s.sides[side].name} counter: type, name, strength`);
  add(swatch(`<rect x="2" y="3" width="30" height="16" rx="2" fill="${SIDE_COLOURS[0]}"/><rect x="18" y="5.5" width="12" height="11" rx="1.5" fill="#fff"/><text x="24" y="15" font-size="10" font-weight="700" text-anchor="middle" fill="${SIDE_COLOURS[0]}">3</text>`), 'strength on white: reduced side (a step lost)');
  add(swatch(`<rect x="2" y="3" width="30" height="16" rx="2" fill="${SIDE_COLOURS[0]}" stroke="#c1121f" stroke-width="2"/><circle cx="9" cy="11" r="5.5" fill="#c1121f" stroke="#fff"/><text x="9" y="14" font-size="8" fill="#fff" text-anchor="middle" font-weight="700">D</text>`), 'disrupted (the D in place of the type)');
  add(swatch('<rect x="6" y="6" width="16" height="11" fill="#555"/><path d="M6,6L22,17M22,6L6,17" stroke="#fff"/>'), 'infantry');
  add(swatch('<rect x="6" y="6" width="16" height="11" fill="#555"/><path d="M6,17L22,6" stroke="#fff"/>'), 'cavalry');
  add(swatch('<rect x="6" y="6" width="16" height="11" fill="#555"/><circle cx="14" cy="11.5" r="2.5" fill="#fff"/>'), 'artillery');
  const arrow = (colour: string, dash = '') =>
    swatch(`<path d="M3,11H25" stroke="${colour}" stroke-width="3.5"${dash}/><path d="M24,5L32,11L24,17z" fill="${colour}"/>`);
  add(arrow(SIDE_COLOURS[0]), 'move (along its path)');
  add(arrow(ARROW_COLOURS.assault), 'assault');
  add(arrow(ARROW_COLOURS.retreat, ' stroke-dasharray="5 3"'), 'retreat');
  add(arrow(ARROW_COLOURS.advance), 'advance after combat');
  if (s.kind === 'battle') {
    add(arrow(ARROW_COLOURS.bombard, ' stroke-dasharray="2 3"'), 'bombardment');
    add(arrow(ARROW_COLOURS.stacking), 'out of an overstacked hex');
    if (s.units.some((u) => u.kind === 'cavalry')) {
      add(arrow(ARROW_COLOURS.charge), 'cavalry charge');
      add(arrow(ARROW_COLOURS.pursuit, ' stroke-dasharray="5 3"'), 'pursuit');
    }
  }
  add(swatch('<rect x="2" y="5" width="30" height="12" rx="2" fill="#fff" stroke="#c1121f"/><text x="17" y="14.5" font-size="9" fill="#c1121f" text-anchor="middle">✕</text>'), 'unit lost in this step');
  return items;
}

/** The styles of the map's counters, labels and arrows. */
const CSS = `
.coord{font-size:8.5px;fill:#00000080;text-anchor:middle;pointer-events:none}
.place{font-size:13px;fill:#333;text-anchor:middle;font-weight:600}
.place.sub{font-weight:400;fill:#555}
.lbl{fill:#fff;font-weight:600;font-family:"Arial Narrow",Arial,sans-serif}
.str{font-weight:800;font-family:Arial,sans-serif}
.dis{fill:#fff;font-weight:800;font-family:Arial,sans-serif}
.vp{font-size:8.5px;font-weight:800;fill:#222;font-family:Arial,sans-serif}
.flag{font-size:10px;font-weight:800;fill:#fff;text-anchor:middle;font-family:Arial,sans-serif;pointer-events:none}
.lost{fill:#c1121f;font-weight:700;font-family:"Arial Narrow",Arial,sans-serif}
.arrow{fill:none;stroke-linecap:round;stroke-linejoin:round}
.arrow.move{stroke-width:3;opacity:.75}
.arrow.assault{stroke-width:4.5;opacity:.9}
.arrow.retreat{stroke-width:4;stroke-dasharray:7 4;opacity:.95}
.arrow.advance{stroke-width:4;opacity:.95}
.arrow.stacking{stroke-width:3;opacity:.9}
.arrow.bombard{stroke-width:3;stroke-dasharray:2 4;opacity:.95}
.arrow.charge{stroke-width:5;opacity:.9}
.arrow.pursuit{stroke-width:4;stroke-dasharray:7 4;opacity:.9}
`;

function picture(s: TraceSubject): TracePicture {
  const layout = layoutOf(s);
  return {
    width: Math.round(layout.width),
    height: Math.round(layout.height),
    defs: defs(),
    background: background(s, layout),
    legend: legend(s),
    caption:
      s.kind === 'battle'
        ? 'Hexes are labelled col,row as in the scenario file. Point at a hex, a counter or an objective for details.'
        : `In the middle the defender's hex (${s.defenderTerrain}); around it the attacking stacks, each on the hexside it attacks through. Point at a counter for details.`,
    label: s.kind === 'battle' ? 'the battle map' : "the defender's hex and the attacking stacks",
    css: CSS,
  };
}

/** How the engagement ended, in one line: the winner, why, when, and the victory points of a battle. */
function outcome(r: EngagementResult, s: TraceSubject): string {
  return (
    `${r.winner === null ? 'Draw' : `Winner: ${s.sides[r.winner].name}`} (${reasonText(r.reason)}) after ${s.kind === 'battle' ? 'turn' : 'round'} ${r.turns}` +
    (s.kind === 'battle' ? `; VP ${s.sides[0].name} ${r.sides[0].victoryPoints}, ${s.sides[1].name} ${r.sides[1].victoryPoints}` : '')
  );
}

export const AOR_TRACE: TraceSupport<AorCompiled, TraceSubject, AorEvent> = {
  subject: subjectOf,
  story: (events, subject, result) => narrate(events, subject, finalOf(result)).lines,
  frames: (events, subject, result) => pageSteps(narrate(events, subject, finalOf(result)).steps, subject),
  picture,
  outcome,
};
