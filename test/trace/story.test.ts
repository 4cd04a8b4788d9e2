/**
 * The story is a pure function of the events and the description of the engagement
 * (src/report/trace/story.ts): hand-made events, checked line by line.
 */
import { describe, expect, it } from 'vitest';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { narrate, tellingOrder } from '../../src/rules/aor/trace/narrate.js';
import { storyText } from '../../src/report/trace/story.js';
import { battleLayout, leaderFlags, SIDE_COLOURS } from '../../src/rules/aor/trace/svg.js';
import type { AssaultSubject, BattleSubject, TraceFinal, TraceSubject, TraceUnit } from '../../src/rules/aor/trace/subject.js';

const unit = (id: string, side: 0 | 1, extra: Partial<TraceUnit> = {}): TraceUnit => ({
  id,
  side,
  kind: 'infantry',
  full: 6,
  reduced: 3,
  maxSteps: 2,
  startSteps: 2,
  startDisrupted: false,
  morale: 4,
  flags: [],
  formation: side === 0 ? 'A' : 'B',
  ...extra,
});

/** A 4 x 3 map: hex index = row * 4 + col; a stream between 1,1 and 2,1 (hex 5, direction 0 E). */
const battle: BattleSubject = {
  kind: 'battle',
  name: 'tiny',
  title: 'A tiny battle',
  sides: [
    { name: 'Blue', role: 'attacker', doctrine: 'by-the-book', armyLevel: 10, supply: [4] },
    { name: 'Red', role: 'defender', doctrine: 'stubborn', armyLevel: 0, supply: [7] },
  ],
  units: [unit('B-1', 0, { start: 4, movement: 4 }), unit('B-Gun', 0, { kind: 'artillery', full: 4, reduced: 4, maxSteps: 1, startSteps: 1, start: 0 }), unit('R-1', 1, { start: 6, morale: 5 })],
  turns: 3,
  map: {
    width: 4,
    height: 3,
    terrain: ['clear', 'clear', 'clear', 'clear', 'clear', 'clear', 'town', 'clear', 'clear', 'clear', 'clear', 'clear'],
    hexsides: [{ hex: 5, dir: 0, features: ['stream'] }],
    roads: [],
  },
  formations: [
    { id: 'A', name: 'Blue brigade', side: 0, orders: 'attack', objective: 6, limit: 6 },
    { id: 'B', name: 'Red brigade', side: 1, orders: 'defend', objective: -1, limit: 0 },
  ],
  objectives: [{ name: 'Town', hex: 6, vp: 5, holder: 1 }],
  night: [],
  first: 0,
  victory: { eliminationVp: 1, drawMargin: 2, armyDemoralizedLoses: true },
};

const battleEvents: VolleyEvent[] = [
  { type: 'turn', turn: 1 },
  { type: 'playerTurn', turn: 1, side: 0, night: false },
  { type: 'phase', turn: 1, side: 0, phase: 'bombardment' },
  { type: 'bombard', side: 0, guns: ['B-Gun'], from: [0], target: 6 },
  { type: 'fire', side: 0, rawStrength: 1, strength: 1, roll: 12, hits: 1, modifiers: ['bombardment (8.1)'] },
  { type: 'cohesion', side: 1, unit: 'R-1', from: 'good', to: 'disrupted' },
  { type: 'phase', turn: 1, side: 0, phase: 'movement' },
  { type: 'move', side: 0, unit: 'B-1', path: [4, 5] },
  { type: 'phase', turn: 1, side: 0, phase: 'combat' },
  { type: 'assault', side: 0, attackers: [5], defender: 6, flanked: false, defenderFiresFirst: true },
  { type: 'fire', side: 1, rawStrength: 3, strength: 3, roll: 9, hits: 1, modifiers: ['fires first (7.3)'] },
  { type: 'hit', side: 0, unit: 'B-1', lost: 1, left: 1, eliminated: false },
  { type: 'fire', side: 0, rawStrength: 2.25, strength: 2, roll: 11, hits: 2, modifiers: [] },
  { type: 'hit', side: 1, unit: 'R-1', lost: 1, left: 1, eliminated: false },
  { type: 'hit', side: 1, unit: 'R-1', lost: 1, left: 0, eliminated: true },
  { type: 'check', side: 0, purpose: 'retreat', unit: 'B-1', target: 3, modifiers: ['step loss -1'], roll: 2, passed: true },
  { type: 'removed', side: 1, unit: 'R-1', at: 6, why: 'eliminated' },
  { type: 'relocate', side: 0, unit: 'B-1', from: 5, to: 6, why: 'advance' },
  { type: 'phase', turn: 1, side: 0, phase: 'turnEnd' },
  { type: 'end', winner: 0, reason: 'destroyed', turn: 1 },
];


/** The story of Age of Rifles events, as `volley trace` writes it. */
const aorStory = (events: readonly VolleyEvent[], subject: TraceSubject, o: { seed?: string; final?: TraceFinal } = {}) => storyText(narrate(events, subject, o.final).lines, o.seed);

describe('storyText on a battle', () => {
  const text = aorStory(battleEvents, battle, { seed: '1/cell/0', final: { victoryPoints: [11, 0], objectives: [0] } });
  const lines = text.split('\n');

  it('starts with the title, the seed and the order of battle with hexes as col,row', () => {
    expect(lines[0]).toBe('A tiny battle (tiny)');
    expect(lines[1]).toBe('Seed 1/cell/0');
    expect(text).toContain('      B-1: infantry 6/3, morale 4, MA 4 at 0,1');
    expect(text).toContain('  Town at 2,1: 5 VP, held by Red');
  });

  it('indents turn, player turn, phase and events, and says when a phase is empty', () => {
    expect(text).toContain('\nTurn 1\n  Blue player turn\n    Bombardment\n      B-Gun (0,0) bombards 2,1 (town) [R-1]\n');
    expect(text).toContain('    Movement\n      B-1 0,1 -> 1,1\n');
    expect(text).toContain('    Turn end: nothing\n');
  });

  it('tells fire with raw and rounded strength, the roll and the hits, and the first fire of 7.3', () => {
    expect(text).toContain('Bombardment fire: strength 1, 2d6 roll 12: 1 hit');
    expect(text).toContain('R-1 is disrupted by the first hit of the bombardment (8.1)');
    expect(text).toContain('Assault on 2,1 (town) [R-1] from 1,1 across the stream [B-1]: the defender fires first (7.3)');
    expect(text).toContain('First fire (7.3) by the Red (defenders): strength 3, 2d6 roll 9: 1 hit');
    expect(text).toContain('Fire by the Blue (attackers): strength 2.25 -> 2, 2d6 roll 11: 2 hits');
  });

  it('tells where hits went, the morale check with its modifiers, removals, advances and objectives', () => {
    expect(text).toContain('        hit on B-1: flipped to its reduced side, strength 3 (1 step left)');
    expect(text).toContain('        hit on R-1: eliminated');
    expect(text).toContain('morale check (7.4) of the Blue, by B-1: morale 3 (rating 4; step loss -1), roll 2: passes, they stand');
    expect(text).toContain('R-1 is taken off the map at 2,1');
    expect(text).toContain('B-1 advances after combat (7.5) 1,1 -> 2,1');
    expect(text).toContain('Town (2,1) is now held by the Blue');
  });

  it('ends with the winner, the reason, the victory points and the losses', () => {
    expect(text).toContain('\nEnd after turn 1: winner the Blue; no unit of the Red is left\n');
    expect(text).toContain('  Victory points: Blue 11, Red 0\n');
    expect(text).toContain('  Objectives: Town (2,1) Blue\n');
    expect(text).toContain('  Blue: lost 3 of 10 strength, 0 units eliminated\n  Red: lost 6 of 6 strength, 1 unit eliminated\n');
  });

  it('is pure: the same text twice and the events untouched', () => {
    const copy = structuredClone(battleEvents);
    expect(aorStory(battleEvents, battle, { seed: '1/cell/0', final: { victoryPoints: [11, 0], objectives: [0] } })).toBe(text);
    expect(battleEvents).toEqual(copy);
  });

  it('cuts the play into one step per phase, with the state at its end and its arrows', () => {
    const n = narrate(battleEvents, battle);
    expect(n.steps.length).toBe(1 + battleEvents.filter((e) => e.type === 'phase').length);
    const combat = n.steps.find((s) => s.phase === 'combat')!;
    expect(combat.title).toBe('Turn 1, Blue: Combat');
    expect(combat.arrows.map((a) => a.kind)).toEqual(['assault', 'advance']);
    expect(combat.units).toEqual([
      { unit: 0, place: 6, steps: 1, disrupted: false, out: false },
      { unit: 1, place: 0, steps: 1, disrupted: false, out: false },
    ]);
    expect(combat.lost).toEqual([{ unit: 2, place: 6 }]);
    expect(combat.holders).toEqual([0]);
    // The turn and player-turn headings belong to the first phase's step.
    expect(n.steps[1].lines.map((l) => l.kind).slice(0, 3)).toEqual(['turn', 'player', 'phase']);
  });
});

describe("a move's passing fire (7.12) is told after the move it interrupted", () => {
  const passing: VolleyEvent[] = [
    { type: 'turn', turn: 1 },
    { type: 'playerTurn', turn: 1, side: 0, night: false },
    { type: 'phase', turn: 1, side: 0, phase: 'movement' },
    { type: 'fire', side: 1, rawStrength: 3, strength: 3, roll: 10, hits: 1, modifiers: ['passing fire at half strength on the move into 1,1 (7.12)'] },
    { type: 'hit', side: 0, unit: 'B-1', lost: 1, left: 1, eliminated: false },
    { type: 'check', side: 0, purpose: 'passingFire', unit: 'B-1', target: 3, modifiers: ['step loss -1'], roll: 2, passed: true },
    { type: 'move', side: 0, unit: 'B-1', path: [4, 5] },
    { type: 'move', side: 0, unit: 'B-Gun', path: [0, 1] },
  ];

  it('in the story: the move line, then the fire, its hit and the check', () => {
    const text = narrate(passing, battle).lines.map((l) => l.text);
    const at = (start: string) => text.findIndex((t) => t.startsWith(start));
    expect(at('B-1 0,1 -> 1,1')).toBeGreaterThan(0);
    expect(at('Passing fire by the Red')).toBe(at('B-1 0,1 -> 1,1') + 1);
    expect(at('hit on B-1')).toBeGreaterThan(at('Passing fire by the Red'));
    expect(at('B-Gun 0,0 -> 1,0')).toBeGreaterThan(at('hit on B-1'));
  });

  it('tellingOrder moves only such a block: a retreat\'s passing fire, or a block no move follows, keeps its place', () => {
    expect(tellingOrder(passing)).toEqual([0, 1, 2, 6, 3, 4, 5, 7]);
    const retreat = passing.map((e) => (e.type === 'fire' ? { ...e, modifiers: ['passing fire at half strength on the retreat into 1,1 (7.12)'] } : e));
    expect(tellingOrder(retreat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const cut: VolleyEvent[] = [...passing.slice(0, 6), { type: 'phase', turn: 1, side: 0, phase: 'combat' }, ...passing.slice(6)];
    expect(tellingOrder(cut)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('leaders in the story and on the page (11, 12.2, 7.5)', () => {
  const withLeaders: BattleSubject = {
    ...battle,
    leaders: [
      { id: 'LB', name: 'General Blue', side: 0, role: 'leader', formation: 'A', rating: 3, start: 4 },
      { id: 'LR', name: 'General Red', side: 1, role: 'leader', formation: 'B', rating: 2, start: 6 },
      { id: 'OC', name: 'Marshal Red', side: 1, role: 'oc', rating: 4, start: 7 },
    ],
  };
  const events: VolleyEvent[] = [
    { type: 'turn', turn: 1 },
    { type: 'playerTurn', turn: 1, side: 0, night: false },
    { type: 'phase', turn: 1, side: 0, phase: 'movement' },
    { type: 'move', side: 0, unit: 'B-1', path: [4, 5] },
    { type: 'leader', side: 0, leader: 'LB', from: 4, to: 5, why: 'moved' },
    { type: 'leader', side: 1, leader: 'OC', from: 7, to: 3, why: 'moved' },
    { type: 'phase', turn: 1, side: 0, phase: 'combat' },
    { type: 'check', side: 1, purpose: 'leader', unit: 'LR', target: 1, modifiers: ['left alone: dies on a 1 (11)'], roll: 4, passed: true },
    { type: 'leader', side: 1, leader: 'LR', from: 6, to: 7, why: 'joined' },
    { type: 'leader', side: 0, leader: 'LB', from: 5, to: 6, why: 'advance' },
    { type: 'check', side: 0, purpose: 'leader', unit: 'LB', target: 1, modifiers: ['left alone: dies on a 1 (11)'], roll: 1, passed: false },
    { type: 'leader', side: 0, leader: 'LB', from: 6, to: -1, why: 'killed' },
    { type: 'leader', side: 1, leader: 'OC', from: 3, to: 2, why: 'joined' },
    { type: 'turn', turn: 2 },
    { type: 'phase', turn: 2, side: 0, phase: 'command' },
    { type: 'leader', side: 0, leader: 'LB', from: -1, to: 4, why: 'returned' },
  ];
  const n = narrate(events, withLeaders);
  const text = n.lines.map((l) => l.text);

  it('names each formation leader with his formation, and the commanders under their side, with rating and hex', () => {
    expect(text).toContain('Blue brigade (A): attack orders, objective 2,1, demoralized at 6, led by General Blue (LB) (rating 3) at 0,1');
    expect(text).toContain('Overall commander Marshal Red (OC) (rating 4) at 3,1');
  });

  it('tells the leaders who follow their formations in one line, and why any other leader changed hex', () => {
    expect(text).toContain('Leaders follow their formations (11): General Blue to 1,1; Marshal Red to 3,0');
    expect(text.filter((t) => t.startsWith('Leaders follow'))).toHaveLength(1);
    expect(text).toContain('General Red, left alone (11): roll 4: he survives');
    expect(text).toContain('General Red joins the nearest friendly unit at 3,1 (11)');
    expect(text).toContain('General Blue goes forward with them into 2,1 (7.5)');
    expect(text).toContain('General Blue, left alone (11): roll 1: he falls');
    expect(text).toContain('Marshal Red, alone at 3,0 when the enemy entered, joins the nearest friendly unit at 2,0 (11)');
    expect(text).toContain('General Blue returns, rated 1, with his formation at 0,1 (11)');
  });

  it('keeps where each living leader stands, and his rating, at the end of every step', () => {
    const at = (phase: string, turn: number) => n.steps.find((s) => s.phase === phase && s.turn === turn)!.leaders;
    expect(n.steps[0].leaders).toEqual([
      { leader: 0, place: 4, rating: 3 },
      { leader: 1, place: 6, rating: 2 },
      { leader: 2, place: 7, rating: 4 },
    ]);
    expect(at('movement', 1)).toEqual([
      { leader: 0, place: 5, rating: 3 },
      { leader: 1, place: 6, rating: 2 },
      { leader: 2, place: 3, rating: 4 },
    ]);
    expect(at('combat', 1)).toEqual([
      { leader: 1, place: 7, rating: 2 },
      { leader: 2, place: 2, rating: 4 },
    ]);
    expect(at('command', 2)[0]).toEqual({ leader: 0, place: 4, rating: 1 });
  });

  it('draws a flag per leader in his hex, in his side\'s colour with his rating, side by side when two share a hex', () => {
    const layout = battleLayout(withLeaders);
    const svg = leaderFlags(withLeaders, layout, [
      { leader: 1, place: 7, rating: 2 },
      { leader: 2, place: 7, rating: 4 },
    ]);
    expect(svg.match(/<g class="leader">/g)).toHaveLength(2);
    expect(svg).toContain('<title>General Red, leader of B (Red), rating 2, at 3,1</title>');
    expect(svg).toContain('<title>Marshal Red, overall commander (Red), rating 4, at 3,1</title>');
    expect(svg).toContain(`fill="${SIDE_COLOURS[1]}"`);
    const poles = [...svg.matchAll(/<path d="M([\d.]+),([\d.]+)v/g)].map((m) => Number(m[1]));
    expect(poles).toHaveLength(2);
    expect(poles[1]).toBeGreaterThan(poles[0]);
    expect(leaderFlags(battle, layout, [{ leader: 0, place: 4, rating: 3 }])).toBe(''); // an older trace without leaders
  });
});

const assault: AssaultSubject = {
  kind: 'assault',
  name: 'duel',
  sides: [
    { name: 'Attackers', role: 'attacker', doctrine: 'by-the-book' },
    { name: 'Defenders', role: 'defender', doctrine: 'careful' },
  ],
  units: [unit('A1', 0), unit('D1', 1)],
  turns: 2,
  onTime: 'defender',
  defenderTerrain: 'woods',
  stacks: [{ direction: 3, across: 'crest', terrain: 'clear', movedAdjacent: false, units: [0] }],
  defender: [1],
};

describe('storyText on the map-free assault', () => {
  const events: VolleyEvent[] = [
    { type: 'turn', turn: 1 },
    { type: 'fire', side: 0, rawStrength: 2.25, strength: 2, roll: 12, hits: 2, modifiers: [] },
    { type: 'fire', side: 1, rawStrength: 3, strength: 3, roll: 4, hits: 0, modifiers: [] },
    { type: 'voluntaryRetreat', side: 1 },
    { type: 'halved', side: 1, before: 2, after: 1 },
    { type: 'halved', side: 0, before: 0, after: 0 },
    { type: 'hit', side: 1, unit: 'D1', lost: 1, left: 1, eliminated: false },
    { type: 'cohesion', side: 1, unit: 'D1', from: 'good', to: 'disrupted' },
    { type: 'retreat', side: 1, forced: false, units: ['D1'] },
    { type: 'end', winner: 0, reason: 'retreat', turn: 1 },
  ];
  const text = aorStory(events, assault);

  it('tells each round by the stacks and hexsides, with no map coordinates', () => {
    expect(text).toContain('    Stack 1: hexside 3 (W), across crest, from clear');
    expect(text).toContain('\nRound 1\n  Assault by the Attackers on the woods hex [D1] through hexside 3 W [A1]\n');
  });

  it('tells voluntary retreats, halved hits (not the 0 -> 0 ones) and the retreat with its disruption', () => {
    expect(text).toContain('  Voluntary retreat by the Defenders (7.4): the hits of this round are halved\n  hits on the Defenders halved: 2 -> 1\n');
    expect(text).not.toContain('0 -> 0');
    expect(text).toContain('  Retreat by choice of the Defenders (7.4): D1 (disrupted)\n');
    expect(text).toContain('End after round 1: winner the Attackers; the Defenders retreated');
  });

  it('has one step per round after the start, the retreated unit out of the fight', () => {
    const n = narrate(events, assault);
    expect(n.steps.map((s) => s.title)).toEqual(['Start', 'Round 1']);
    expect(n.steps[1].units.find((v) => v.unit === 1)).toEqual({ unit: 1, place: 0, steps: 1, disrupted: true, out: true });
    expect(n.steps[1].arrows).toEqual([
      { kind: 'assault', side: 0, places: [1, 0] },
      { kind: 'retreat', side: 1, places: [0] },
    ]);
  });
});
