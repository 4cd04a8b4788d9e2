/**
 * Cavalry charges on the map: 7.6 (geometry, squares, outcome, parallel charges), 7.7 (pursuit),
 * 7.8 (reaction charges), 7.10 (modifiers, Terrain Effects "Charge" column), 7.11 (retreat before
 * assault). Rulings: ../shared/rulings/age-of-rifles.md "Cavalry"; docs/rules/age-of-rifles.md.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice, type Purpose, type Uniform } from '../../src/core/dice.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { choosePursuit, moveSide, planCharges, reactionCharge } from '../../src/rules/aor/battle/ai.js';
import {
  carryOutCharge,
  chargeOptions,
  chargeSegment,
  expectedChargeFactor,
  pursuitRating,
  readyCavalry,
  resolveCharge,
  retreatBeforeAssault,
  pursuitTargets,
  squareFactor,
  type ChargeResult,
  type PursuitChoice,
  type PursuitTarget,
} from '../../src/rules/aor/battle/charges.js';
import { combatSegment } from '../../src/rules/aor/battle/combat.js';
import { chooseAdvancers } from '../../src/rules/aor/battle/ai.js';
import { narrate } from '../../src/rules/aor/trace/narrate.js';
import { subjectOf } from '../../src/rules/aor/trace/index.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { newRoundOutcome } from '../../src/rules/aor/assault.js';
import { PURPOSE } from '../../src/rules/aor/vocabulary.js';
import { battle, CLEAR_ROWS, collector, hexName, roll, ScriptedDice, type BattleDesc, type Built, type UnitDesc } from './helpers.js';

// Layout used throughout (9 x 5, clear unless said): the charger K at 2,2; an adjacent target at 3,2
// (its E neighbour); a two-hex target at 4,2, reached across 3,2 only. Neighbours of 3,2 (even row):
// E 4,2, NE 3,1, NW 2,1, W 2,2, SW 2,3, SE 3,3.

function mapWithAt(cells: Record<string, string>, width = 9, height = 5): string {
  const rows = CLEAR_ROWS(width, height).split('\n').map((l) => l.trim().split(' '));
  for (const [at, tok] of Object.entries(cells)) {
    const [c, r] = at.split(',').map(Number);
    rows[r][c] = tok;
  }
  return rows.map((r, i) => (i % 2 ? ' ' : '') + r.join(' ')).join('\n');
}

function setUp(units: UnitDesc[], extra: Partial<BattleDesc> = {}, cells: Record<string, string> = {}): Built {
  return battle({ map: mapWithAt(cells), supply: [['0,2'], ['8,2']], supplyRule: false, ...extra, units });
}

const cav = (id: string, side: 0 | 1, at: string, more: Partial<UnitDesc> = {}): UnitDesc => ({ id, side, at, kind: 'cavalry', strength: 4, ...more });
const inf = (id: string, side: 0 | 1, at: string, more: Partial<UnitDesc> = {}): UnitDesc => ({ id, side, at, strength: 4, ...more });

const targets = (t: Built, side: 0 | 1, from: string) => chargeOptions(t.b, side, t.h(from)).map((o) => o.target);

function fires(events: VolleyEvent[]) {
  return events.filter((e): e is Extract<VolleyEvent, { type: 'fire' }> => e.type === 'fire');
}

/** Resolve a charge of K from `from` into `target` and return the chargers' 'fire' event. */
function chargeFire(t: Built, dice: ScriptedDice, from = '2,2', target = '3,2', opts: Parameters<typeof resolveCharge>[6] = {}, chargers = ['K']) {
  const { sink, events } = collector();
  const res = t.res();
  const r = resolveCharge(t.b, chargers.map((c) => t.u(c)), t.h(from), t.h(target), dice, res, opts, sink);
  const side = t.b.spec(t.u(chargers[0])).side;
  const fire = fires(events).find((e) => e.side === side)!;
  return { r, res, events, fire };
}

/** Dice for one plain charge: optional square roll for the target's side, then each side's fire roll. */
const chargeDice = (chargerRoll: number, targetRoll: number, square?: number, chargerSide: 0 | 1 = 0) => {
  const morale: [number[], number[]] = [[], []];
  if (square !== undefined) morale[1 - chargerSide].push(square);
  const fire: [number[], number[]] = [[], []];
  fire[chargerSide] = roll(chargerRoll);
  fire[1 - chargerSide] = roll(targetRoll);
  return new ScriptedDice({ fire, morale });
};

/** Dice that give the same face for every draw of a purpose (and side), for integration runs. */
class FixedDice extends EngagementDice {
  constructor(private readonly faces: Partial<Record<Purpose, [number, number]>>) {
    super('fixed');
  }
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const f = this.faces[purpose]?.[side];
    if (f === undefined) return () => {
      throw new Error(`FixedDice: unexpected ${purpose} draw for side ${side}`);
    };
    return () => (f - 0.5) / 6;
  }
}

describe('7.6 charge geometry', () => {
  it('an adjacent enemy hex can be charged', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')]);
    expect(chargeOptions(t.b, 0, t.h('2,2'))).toEqual([{ target: t.h('3,2'), via: -1 }]);
  });

  it('two hexes away only across an empty clear hex', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '4,2')]);
    expect(chargeOptions(t.b, 0, t.h('2,2'))).toEqual([{ target: t.h('4,2'), via: t.h('3,2') }]);
    // The hex between holds a unit (even a friendly one): no charge.
    const blocked = setUp([cav('K', 0, '2,2'), inf('F', 0, '3,2'), cav('E', 1, '4,2')]);
    expect(targets(blocked, 0, '2,2')).toEqual([]);
    // The hex between is not clear (town, woods): no charge.
    for (const tok of ['T', 'W', 'F']) {
      const rough = setUp([cav('K', 0, '2,2'), cav('E', 1, '4,2')], {}, { '3,2': tok });
      expect(targets(rough, 0, '2,2'), tok).toEqual([]);
    }
    // Three hexes away: never.
    const far = setUp([cav('K', 0, '2,2'), cav('E', 1, '5,2')]);
    expect(targets(far, 0, '2,2')).toEqual([]);
  });

  it('a crest hexside on the way may be crossed ("clear and crest terrain")', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '4,2')], { crests: ['2,2/E'] });
    expect(targets(t, 0, '2,2')).toEqual([t.h('4,2')]);
  });

  it('not across a stream, a bridge or a wall on the way; a stream on the final hexside is allowed', () => {
    const units = [cav('K', 0, '2,2'), cav('E', 1, '4,2')];
    expect(targets(setUp(units, { streams: ['2,2/E'] }), 0, '2,2')).toEqual([]);
    expect(targets(setUp(units, { streams: ['2,2/E'], bridges: ['2,2/E'] }), 0, '2,2')).toEqual([]);
    expect(targets(setUp(units, { rivers: ['2,2/E'], bridges: ['2,2/E'] }), 0, '2,2')).toEqual([]);
    expect(targets(setUp(units, { fortified: ['2,2/E'] }), 0, '2,2')).toEqual([]);
    const last = setUp(units, { streams: ['3,2/E'] });
    expect(targets(last, 0, '2,2')).toEqual([last.h('4,2')]);
    // Adjacent across a stream: allowed; across a bridge (Charge N/A), a river or a wall: not.
    const adj = [cav('K', 0, '2,2'), cav('E', 1, '3,2')];
    const s = setUp(adj, { streams: ['2,2/E'] });
    expect(targets(s, 0, '2,2')).toEqual([s.h('3,2')]);
    expect(targets(setUp(adj, { streams: ['2,2/E'], bridges: ['2,2/E'] }), 0, '2,2')).toEqual([]);
    expect(targets(setUp(adj, { rivers: ['2,2/E'] }), 0, '2,2')).toEqual([]);
    expect(targets(setUp(adj, { fortified: ['2,2/E'] }), 0, '2,2')).toEqual([]);
  });

  it('no charging into a chateau (Charge N/A) or a fort (10.1); towns and woods may be charged', () => {
    for (const tok of ['C', 'X']) {
      expect(targets(setUp([cav('K', 0, '2,2'), inf('E', 1, '3,2')], {}, { '3,2': tok }), 0, '2,2'), tok).toEqual([]);
      expect(targets(setUp([cav('K', 0, '2,2'), inf('E', 1, '4,2')], {}, { '4,2': tok }), 0, '2,2'), `${tok} at two`).toEqual([]);
    }
    for (const tok of ['T', 'W']) {
      const t = setUp([cav('K', 0, '2,2'), inf('E', 1, '3,2')], {}, { '3,2': tok });
      expect(targets(t, 0, '2,2'), tok).toEqual([t.h('3,2')]);
    }
  });

  it('only cavalry of Attack and Defend formations may charge', () => {
    for (const orders of ['attack', 'defend'] as const) {
      const t = setUp([cav('K', 0, '2,2', { orders }), inf('I', 0, '1,2', { orders }), inf('E', 1, '3,2')]);
      expect(readyCavalry(t.b, 0), orders).toEqual([t.u('K')]);
    }
    for (const orders of ['march', 'reserve'] as const) {
      const t = setUp([cav('K', 0, '2,2', { orders }), inf('E', 1, '3,2')]);
      expect(readyCavalry(t.b, 0), orders).toEqual([]);
      expect(planCharges(t.b, 0), orders).toEqual([]);
    }
  });

  it('once a turn: a cavalry unit that charged is no longer ready (charged flag)', () => {
    const t = setUp([cav('K', 0, '2,2', { strength: 8 }), cav('E', 1, '3,2', { strength: 2 })], { options: { 'aor.pursuitRatingDefault': 'none' } });
    const plan = planCharges(t.b, 0);
    expect(plan).toEqual([{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }]);
    // 16 at 2: 0 hits; 2 at 2: 0 hits; a tie sends the charger back.
    chargeSegment(t.b, 0, plan, () => -1, chargeDice(2, 2), t.res());
    expect(t.b.charged[t.u('K')]).toBe(1);
    expect(readyCavalry(t.b, 0)).toEqual([]);
    expect(planCharges(t.b, 0)).toEqual([]);
  });

  it('a charge is planned only at good expected odds; stacked cavalry charges together', () => {
    const t = setUp([cav('K1', 0, '2,2', { strength: 3 }), cav('K2', 0, '2,2', { strength: 3 }), cav('E', 1, '3,2', { strength: 4 })]);
    // (3 + 3) x 2 / 4 = 3 >= 1.5
    expect(planCharges(t.b, 0)).toEqual([{ chargers: [t.u('K1'), t.u('K2')], from: t.h('2,2'), target: t.h('3,2') }]);
    const weak = setUp([cav('K', 0, '2,2', { strength: 2 }), cav('E', 1, '3,2', { strength: 4 })]);
    expect(planCharges(weak.b, 0)).toEqual([]); // 2 x 2 / 4 = 1 < 1.5
  });
});

describe('7.6/7.10 squares', () => {
  it('squareFactor: 7.6 formed 1, not formed 2; 7.10 formed 0.5, not formed 1', () => {
    expect(squareFactor('7.6', true)).toBe(1);
    expect(squareFactor('7.6', false)).toBe(2);
    expect(squareFactor('7.10', true)).toBe(0.5);
    expect(squareFactor('7.10', false)).toBe(1);
  });

  it('7.6 reading: square formed (morale 4, roll 4) normal strength; failed (roll 5) double', () => {
    const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')]);
    const formed = chargeFire(t, chargeDice(2, 2, 4));
    expect(formed.r.squareFormed).toBe(true);
    expect(formed.events.find((e) => e.type === 'square')).toMatchObject({ side: 1, hex: t.h('3,2'), formed: true });
    expect(formed.fire.rawStrength).toBe(4);
    expect(formed.res.extras.squareChecks).toBe(1);
    expect(formed.res.extras.squaresFormed).toBe(1);
    const t2 = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')]);
    const broken = chargeFire(t2, chargeDice(2, 2, 5));
    expect(broken.r.squareFormed).toBe(false);
    expect(broken.fire.rawStrength).toBe(8);
    expect(broken.res.extras.squaresFormed).toBe(0);
  });

  it('7.6: a square check is filed under its own purpose, not among the morale checks that decide retreats (by rating, by class)', () => {
    for (const roll of [4, 5]) {
      const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')]);
      const { res } = chargeFire(t, chargeDice(2, 2, roll));
      const s = res.sides[1];
      expect(s.checksTaken[PURPOSE.square]).toBe(1);
      expect(s.checksFailed[PURPOSE.square]).toBe(roll > 4 ? 1 : 0);
      expect(s.checksTaken[PURPOSE.retreat]).toBe(0);
      expect(s.moraleChecks).toBe(0);
      expect(s.moraleChecksFailed).toBe(0);
      expect(s.checksByRating.reduce((a, b) => a + b, 0)).toBe(0);
      expect(s.checksByClass.reduce((a, b) => a + b, 0)).toBe(0);
    }
  });

  it('7.10 reading: square formed halves the charge; not formed, normal strength', () => {
    const opts = { options: { 'aor.squareEffect': '7.10' } };
    const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')], opts);
    expect(chargeFire(t, chargeDice(2, 2, 4)).fire.rawStrength).toBe(2);
    const t2 = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')], opts);
    expect(chargeFire(t2, chargeDice(2, 2, 5)).fire.rawStrength).toBe(4);
  });

  it('the square check uses the infantry morale of the target stack, not its cavalry (2.3)', () => {
    // Infantry morale 3 with cavalry morale 6: a roll of 4 fails.
    const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2', { morale: 3 }), cav('C', 1, '3,2', { morale: 6 })]);
    expect(chargeFire(t, chargeDice(2, 2, 4)).r.squareFormed).toBe(false);
  });

  it('disrupted infantry cannot form square: no check, charged as if the check failed', () => {
    for (const [effect, raw] of [['7.6', 8], ['7.10', 4]] as const) {
      const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2', { disrupted: true })], { options: { 'aor.squareEffect': effect } });
      const out = chargeFire(t, chargeDice(2, 2)); // no morale die scripted: a check would throw
      expect(out.r.squareFormed, effect).toBe(false);
      expect(out.fire.rawStrength, effect).toBe(raw);
      expect(out.res.extras.squareChecks).toBe(0);
    }
  });

  it('7.6 (aor.chargeWithoutInfantry = normal): a target without infantry is charged at normal strength; disrupted infantry is still charged as a failed square', () => {
    const opts = { options: { 'aor.chargeWithoutInfantry': 'normal' } };
    const cavalry = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], opts);
    expect(chargeFire(cavalry, chargeDice(2, 2)).fire.rawStrength).toBe(4);
    const guns = setUp([cav('K', 0, '2,2'), { id: 'G', side: 1, at: '3,2', kind: 'artillery', strength: 3 }], opts);
    expect(chargeFire(guns, chargeDice(2, 2)).fire.rawStrength).toBe(4);
    expect(expectedChargeFactor(guns.b, guns.h('3,2'))).toBe(1);
    const disrupted = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2', { disrupted: true })], opts);
    expect(chargeFire(disrupted, chargeDice(2, 2)).fire.rawStrength).toBe(8);
  });

  it('one disrupted infantry unit in the stack is enough to prevent the square ("all of it undisrupted")', () => {
    const t = setUp([cav('K', 0, '2,2'), inf('I1', 1, '3,2'), inf('I2', 1, '3,2', { disrupted: true })]);
    const out = chargeFire(t, chargeDice(2, 2));
    expect(out.res.extras.squareChecks).toBe(0);
    expect(out.fire.rawStrength).toBe(8);
  });

  it('no infantry in the target (cavalry, artillery): no square check, double strength under 7.6', () => {
    for (const kind of ['cavalry', 'artillery', 'horseArtillery'] as const) {
      const t = setUp([cav('K', 0, '2,2'), { id: 'E', side: 1, at: '3,2', kind, strength: 4 }]);
      const out = chargeFire(t, chargeDice(2, 2));
      expect(out.fire.rawStrength, kind).toBe(8);
      expect(out.res.extras.squareChecks, kind).toBe(0);
    }
  });

  it('expectedChargeFactor weighs the two outcomes by morale/6 (doctrine input)', () => {
    const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')]);
    expect(expectedChargeFactor(t.b, t.h('3,2'))).toBeCloseTo((4 / 6) * 1 + (2 / 6) * 2, 12);
    const t10 = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2')], { options: { 'aor.squareEffect': '7.10' } });
    expect(expectedChargeFactor(t10.b, t10.h('3,2'))).toBeCloseTo((4 / 6) * 0.5 + (2 / 6) * 1, 12);
    const d = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2', { disrupted: true })]);
    expect(expectedChargeFactor(d.b, d.h('3,2'))).toBe(2);
  });
});

describe('7.10 charge modifiers and the Terrain Effects "Charge" column', () => {
  it('flank charge x2: the target is already adjacent to a friendly unit in another hex', () => {
    const t = setUp([cav('K', 0, '2,2'), inf('F', 0, '4,2'), cav('E', 1, '3,2')]);
    const out = chargeFire(t, chargeDice(2, 2));
    expect(out.fire.rawStrength).toBe(16);
    expect(out.res.extras.flankCharges).toBe(1);
  });

  it('no flank charge from a friendly unit in the chargers own hex, nor with no friendly unit adjacent', () => {
    const own = setUp([cav('K', 0, '2,2'), inf('F', 0, '2,2'), cav('E', 1, '3,2')]);
    expect(chargeFire(own, chargeDice(2, 2)).fire.rawStrength).toBe(8);
    const none = setUp([cav('K', 0, '2,2'), inf('F', 0, '5,2'), cav('E', 1, '3,2')]);
    expect(chargeFire(none, chargeDice(2, 2)).res.extras.flankCharges).toBe(0);
  });

  it('no flank charge against a town: town -50% only', () => {
    const t = setUp([cav('K', 0, '2,2'), inf('F', 0, '4,2'), cav('E', 1, '3,2')], {}, { '3,2': 'T' });
    const out = chargeFire(t, chargeDice(2, 2));
    expect(out.fire.rawStrength).toBe(4); // 4 x 2 (no square possible) x 0.5
    expect(out.res.extras.flankCharges).toBe(0);
  });

  it('backhand blow x2', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')]);
    const out = chargeFire(t, chargeDice(2, 2), '2,2', '3,2', { reaction: true, backhand: true });
    expect(out.fire.rawStrength).toBe(16);
    expect(out.fire.modifiers).toContain('backhand blow x2 (7.10)');
  });

  it('Charge column: town -50%, woods -75%, stream on the final hexside -25%, crest no effect', () => {
    const cases: [Partial<BattleDesc>, Record<string, string>, number][] = [
      [{}, { '3,2': 'T' }, 4],
      [{}, { '3,2': 'W' }, 2],
      [{}, { '3,2': 'F' }, 2], // forest read as woods
      [{ streams: ['2,2/E'] }, {}, 6],
      [{ crests: ['2,2/E'] }, {}, 8],
      [{}, {}, 8],
    ];
    for (const [extra, cells, raw] of cases) {
      const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], extra, cells);
      expect(chargeFire(t, chargeDice(2, 2)).fire.rawStrength, JSON.stringify([extra, cells])).toBe(raw);
    }
  });

  it('a two-hex charge over a stream on the final hexside is also -25%', () => {
    // K at 2,2 charges E at 4,2 across the empty 3,2; the stream is on 3,2/E, the hexside it charges across.
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '4,2')], { streams: ['3,2/E'] });
    expect(targets(t, 0, '2,2')).toEqual([t.h('4,2')]);
    expect(chargeFire(t, chargeDice(2, 2), '2,2', '4,2').fire.rawStrength).toBe(6);
  });

  it('disrupted chargers charge at half strength (6.2)', () => {
    const t = setUp([cav('K', 0, '2,2', { disrupted: true }), cav('E', 1, '3,2')]);
    expect(chargeFire(t, chargeDice(2, 2)).fire.rawStrength).toBe(4);
  });
});

describe('7.6 charge outcome', () => {
  const noPursuit = { options: { 'aor.pursuitRatingDefault': 'none' } };

  function charge(t: Built, dice: ScriptedDice, pursue: PursuitChoice = () => -1) {
    const { sink, events } = collector();
    const res = t.res();
    chargeSegment(t.b, 0, [{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }], pursue, dice, res, sink);
    return { res, events };
  }

  it('the target loses more steps: it retreats one hex away, disrupted; the winner moves into the emptied hex', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], noPursuit);
    // K 8 at 6: 1 hit; E 4 at 2: 0 hits.
    const { res } = charge(t, chargeDice(6, 2));
    expect(t.b.st.steps[t.u('E')]).toBe(1);
    expect(t.grid.distance(t.pos('E'), t.h('3,2'))).toBe(1);
    expect(t.grid.distance(t.pos('E'), t.h('2,2'))).toBe(2);
    expect(t.b.st.disrupted[t.u('E')]).toBe(1);
    expect(t.pos('K')).toBe(t.h('3,2'));
    expect(t.b.st.disrupted[t.u('K')]).toBe(0);
    expect(res.extras['chargesWon.0']).toBe(1);
  });

  it('the charger loses more steps: it stays at its start hex, disrupted; the target stays', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], noPursuit);
    // K 8 at 2: 0 hits; E 4 at 7: 1 hit.
    const { res } = charge(t, chargeDice(2, 7));
    expect(t.b.st.steps[t.u('K')]).toBe(1);
    expect(t.pos('K')).toBe(t.h('2,2'));
    expect(t.b.st.disrupted[t.u('K')]).toBe(1);
    expect(t.pos('E')).toBe(t.h('3,2'));
    expect(t.b.st.disrupted[t.u('E')]).toBe(0);
    expect(res.extras['chargesLost.0']).toBe(1);
  });

  it('tie under aor.chargeTie=chargerReturns (default): the charger falls back disrupted, the target holds', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], noPursuit);
    charge(t, chargeDice(6, 7)); // 1 hit each
    expect(t.b.st.steps[t.u('K')]).toBe(1);
    expect(t.b.st.steps[t.u('E')]).toBe(1);
    expect(t.pos('K')).toBe(t.h('2,2'));
    expect(t.b.st.steps[t.u('K')]).toBe(1);
    expect(t.b.st.disrupted[t.u('K')]).toBe(1);
    expect(t.pos('E')).toBe(t.h('3,2'));
    expect(t.b.st.disrupted[t.u('E')]).toBe(0);
  });

  it('tie under aor.chargeTie=bothStay: both stay where they are, neither disrupted', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], { options: { 'aor.chargeTie': 'bothStay', 'aor.pursuitRatingDefault': 'none' } });
    charge(t, chargeDice(6, 7));
    expect(t.pos('K')).toBe(t.h('2,2'));
    expect(t.pos('E')).toBe(t.h('3,2'));
    expect(t.b.st.disrupted[t.u('K')]).toBe(0);
    expect(t.b.st.disrupted[t.u('E')]).toBe(0);
  });

  it('a retreat after a charge never halves losses (2 and 1 hits stay 2 and 1)', () => {
    // K 8 at 8: 2 hits on a 2-step E (eliminated); E 4 at 7: 1 hit on K.
    const t = setUp([cav('K', 0, '2,2'), inf('E', 1, '3,2', { disrupted: true, strength: 8 })], noPursuit);
    const dice = chargeDice(8, 9); // E fires 4 (disrupted 8) at 9: 1 hit
    const res = t.res();
    const r = resolveCharge(t.b, [t.u('K')], t.h('2,2'), t.h('3,2'), dice, res);
    expect(r).toMatchObject({ chargerLost: 1, targetLost: 2, winner: 'charger' } satisfies Partial<ChargeResult>);
    // And through the whole segment (falling back, moving in): still 2 and 1.
    const t2 = setUp([cav('K', 0, '2,2'), inf('E', 1, '3,2', { disrupted: true, strength: 8 })], noPursuit);
    const { res: res2 } = charge(t2, chargeDice(8, 9));
    expect(t2.b.st.steps[t2.u('E')]).toBe(0);
    expect(t2.b.st.steps[t2.u('K')]).toBe(1);
    expect(res2.sides[0].stepsLost).toBe(1);
    expect(res2.sides[1].stepsLost).toBe(2);
  });

  it('the side losing more steps loses: a charger that loses more steps than the target is beaten', () => {
    // K 8 at 6: 1 hit on E; E (disrupted: 2) at 12: 2 hits on K, which loses both steps.
    const t = setUp([cav('K', 0, '2,2'), inf('E', 1, '3,2', { disrupted: true })], noPursuit);
    const r = resolveCharge(t.b, [t.u('K')], t.h('2,2'), t.h('3,2'), chargeDice(6, 12), t.res());
    expect(r).toMatchObject({ chargerLost: 2, targetLost: 1, winner: 'target' });
  });

  it('all charges of the segment are declared before any is resolved; a charge whose target has gone does nothing', () => {
    // K at 2,2 charges E at 3,2; K2 at 5,2 charges E too, across the empty 4,2. K's charge comes first,
    // wins, and E retreats; K2's charge then finds no enemy in 3,2 and draws no dice.
    const t = setUp([cav('K', 0, '2,2'), cav('K2', 0, '5,2'), cav('E', 1, '3,2')], noPursuit);
    const { sink, events } = collector();
    // K: 4 x2 (no square) = 8 at 6: 1 hit; E 4 at 2: 0.
    const dice = chargeDice(6, 2);
    chargeSegment(
      t.b,
      0,
      [
        { chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') },
        { chargers: [t.u('K2')], from: t.h('5,2'), target: t.h('3,2') },
      ],
      () => -1,
      dice,
      t.res(),
      sink,
    );
    const kinds = events.map((e) => e.type);
    expect(kinds.filter((k) => k === 'charge').length).toBe(2);
    expect(kinds.lastIndexOf('charge')).toBeLessThan(kinds.indexOf('fire'));
    expect(fires(events).length).toBe(2); // one charge resolved, both sides fired once
    expect(t.b.charged[t.u('K2')]).toBe(1);
    expect(t.pos('K')).toBe(t.h('3,2'));
    expect(t.pos('K2')).toBe(t.h('5,2'));
    expect(dice.used.fire).toEqual([2, 2]);
  });

  it('7.6 "all move, then all attack": a charge won earlier in the segment does not make a later one a flank charge (7.10)', () => {
    // K1 at 2,2 charges E1 at 3,2; K2 at 4,0 charges E2 at 3,1. Before any charge resolves, E2 has no
    // friendly unit of the chargers next to it. K1 wins and rides into 3,2, next to E2: resolved one after
    // another, K2's charge would then count as a flank charge (x2) that the parallel charges never had.
    const t = setUp([cav('K1', 0, '2,2'), cav('K2', 0, '4,0'), cav('E1', 1, '3,2'), cav('E2', 1, '3,1')], noPursuit);
    const { sink, events } = collector();
    const res = t.res();
    // K1: 4 x2 (no infantry) = 8 at 6: 1 hit; E1 4 at 2: 0. K2: 4 x2 = 8 at 2; E2 4 at 2: 0.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2)], [...roll(2), ...roll(2)]] });
    chargeSegment(
      t.b,
      0,
      [
        { chargers: [t.u('K1')], from: t.h('2,2'), target: t.h('3,2') },
        { chargers: [t.u('K2')], from: t.h('4,0'), target: t.h('3,1') },
      ],
      () => -1,
      dice,
      res,
      sink,
    );
    expect(t.pos('K1')).toBe(t.h('3,2')); // it won and stands next to E2 now
    const k2 = fires(events).filter((e) => e.side === 0)[1];
    expect(k2.rawStrength).toBe(8);
    expect(res.extras.flankCharges).toBe(0);
  });

  it('7.6/7.10: another charger of the same segment next to the target is engaged in its own charge and gives no flank', () => {
    // K2 at 3,3 stands next to E1 (3,2) but charges E2 at 4,3 itself; K1's charge on E1 is not doubled.
    const t = setUp([cav('K1', 0, '2,2'), cav('K2', 0, '3,3'), cav('E1', 1, '3,2'), cav('E2', 1, '4,3')], noPursuit);
    const { sink, events } = collector();
    const dice = new ScriptedDice({ fire: [[...roll(2), ...roll(2)], [...roll(2), ...roll(2)]] });
    const res = t.res();
    chargeSegment(
      t.b,
      0,
      [
        { chargers: [t.u('K1')], from: t.h('2,2'), target: t.h('3,2') },
        { chargers: [t.u('K2')], from: t.h('3,3'), target: t.h('4,3') },
      ],
      () => -1,
      dice,
      res,
      sink,
    );
    expect(fires(events).filter((e) => e.side === 0).map((e) => e.rawStrength)).toEqual([8, 8]);
    expect(res.extras.flankCharges).toBe(0);
  });
});

describe('7.7 pursuit', () => {
  function winAndPursue(t: Built, dice: ScriptedDice, pursue: boolean) {
    const { sink, events } = collector();
    const res = t.res();
    chargeSegment(t.b, 0, [{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }], () => (pursue ? 0 : -1), dice, res, sink);
    return { res, events };
  }

  it('a chosen pursuit attacks the retreated units, which do not fire back', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')]);
    // Charge: K 8 at 6 -> 1 hit, E 4 at 2 -> 0. Pursuit: K 8 (E has no infantry) at 6 -> 1 hit. E has no second roll.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(6)], roll(2)] });
    const { res, events } = winAndPursue(t, dice, true);
    const p = events.find((e) => e.type === 'pursuit');
    expect(p).toMatchObject({ side: 0, units: ['K'] });
    const f = fires(events);
    expect(f.map((e) => e.side)).toEqual([0, 1, 0]);
    expect(f[2].modifiers).toContain('pursuit: no return fire (7.7)');
    expect(t.b.st.steps[t.u('E')]).toBe(0);
    expect(t.b.st.steps[t.u('K')]).toBe(2);
    expect(res.extras['pursuitsChosen.0']).toBe(1);
    expect(t.pos('K')).toBe(t.h('3,2')); // stops after one round of pursuit
    expect(dice.used.fire).toEqual([4, 2]);
  });

  it('7.7 (aor.pursuedHexFire othersFire): units standing where the pursued retreated fire back, the pursued do not; the beaten hex falls back', () => {
    // E retreats into 4,2, where I stands. Charge: K 8 at 6 -> 1 hit (E keeps a step), E 4 at 2 -> 0.
    // Pursuit: I (undisrupted infantry) tests for square, 6 fails; K 8 at 6 -> 1 hit; I alone replies, 4 at 2 -> 0.
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2'), inf('I', 1, '4,2')]);
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(6)], [...roll(2), ...roll(2)]], morale: [[], [6]] });
    const { res, events } = winAndPursue(t, dice, true);
    expect(events.find((e) => e.type === 'pursuit')).toMatchObject({ target: t.h('4,2'), returnFire: true, retreated: true });
    const f = fires(events);
    expect(f.map((e) => e.side)).toEqual([0, 1, 0, 1]);
    expect(f[2].modifiers).toContain('pursuit: the retreated do not fire back, the others in the hex do (7.7)');
    expect(f[3].rawStrength).toBe(4); // I only: E, disrupted and retreated, would add 2
    expect(events.some((e) => e.type === 'check' && e.purpose === 'square' && e.side === 1)).toBe(true);
    // K won the round: the hex falls back, I disrupted with it (7.6 as 7.7 applies it).
    expect(t.b.st.disrupted[t.u('I')]).toBe(1);
    expect(t.pos('I')).not.toBe(t.h('4,2'));
    expect(t.pos('K')).toBe(t.h('3,2'));
    expect(res.extras['pursuitsChosen.0']).toBe(1);
    expect([res.sides[0].chargesDeclared, res.sides[0].chargesWon, res.sides[0].chargesHome]).toEqual([1, 1, 1]);
    const told = narrate(events, subjectOf(t.c, 'x')).lines.map((l) => l.text);
    expect(told.some((l) => l.startsWith('Pursuit (7.7) by K into 4,2') && l.includes('the others in the hex do'))).toBe(true);
  });

  it('7.7 (aor.pursuedHexFire none): nobody in the hex the pursued entered fires back, and nobody falls back', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2'), inf('I', 1, '4,2')], { options: { 'aor.pursuedHexFire': 'none' } });
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(6)], roll(2)], morale: [[], [6]] });
    const { events } = winAndPursue(t, dice, true);
    expect(events.find((e) => e.type === 'pursuit')).not.toHaveProperty('returnFire');
    const f = fires(events);
    expect(f.map((e) => e.side)).toEqual([0, 1, 0]);
    expect(f[2].modifiers).toContain('pursuit: no return fire (7.7)');
    expect(t.pos('I')).toBe(t.h('4,2'));
    expect(dice.used.fire).toEqual([4, 2]);
  });

  it('declined pursuit: a d6 above the unit pursuit rating pursues anyway', () => {
    const t = setUp([cav('K', 0, '2,2', { pursuit: 3 }), cav('E', 1, '3,2')]);
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2)], roll(2)], morale: [[4], []] });
    const { res, events } = winAndPursue(t, dice, false);
    expect(events.find((e) => e.type === 'check' && e.purpose === 'pursuit')).toMatchObject({ target: 3, roll: 4 });
    expect(events.some((e) => e.type === 'pursuit')).toBe(true);
    expect(res.extras['pursuitsForced.0']).toBe(1);
    expect(dice.used.fire[0]).toBe(4);
  });

  /**
   * K charges E and pursues; R (side 1, two hexes from K across the empty clear 2,1) reaction-charges the
   * pursuit. K 8 at 6 -> 1 hit on E, E 4 at 2 -> 0: E retreats and K pursues by choice. R reacts (check 1),
   * charges K: 4 x 2 (no square) x 2 (backhand) = 16 at 12 -> hits; K 8 at 2 -> 0. K is beaten and falls back.
   */
  const pursuitReactedTo = (r: Partial<UnitDesc> = {}, extra: Partial<BattleDesc> = {}) => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2'), cav('R', 1, '2,0', r)], extra);
    const { sink, events } = collector();
    const res = t.res();
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2), ...roll(2)], [...roll(2), ...roll(12), ...roll(2), ...roll(2)]], morale: [[6, 6], [1, 6, 6]] });
    const onlyPursuits = (u: number, path: number[], backhand: boolean) => {
      if (backhand && reactionCharge(t.b, u, path, dice, res, sink, true)) t.b.computeZoc();
    };
    chargeSegment(t.b, 0, [{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }], () => 0, dice, res, sink, onlyPursuits);
    return { t, res, events };
  };

  it('7.8 / 7.10: enemy cavalry may reaction-charge a pursuit, doubled by the backhand blow; a beaten pursuer pursues no more', () => {
    const { t, res, events } = pursuitReactedTo({}, { objectives: [{ at: '3,2', vp: 1, holder: 1 }] });
    const kinds = events.map((e) => (e.type === 'check' ? `check:${e.purpose}` : e.type));
    expect(kinds.indexOf('check:reaction')).toBeGreaterThan(kinds.indexOf('pursuit'));
    expect(events.find((e) => e.type === 'check' && e.purpose === 'reaction')).toMatchObject({ side: 1, unit: 'R', passed: true });
    const f = fires(events);
    const backhand = f.find((e) => e.side === 1 && e.modifiers.includes('backhand blow x2 (7.10)'));
    expect(backhand).toMatchObject({ rawStrength: 16 });
    // K fired twice (its charge and its reply to R), never the pursuit's round.
    expect(f.filter((e) => e.side === 0).some((e) => e.modifiers.includes('pursuit: no return fire (7.7)'))).toBe(false);
    expect(t.pos('K')).not.toBe(t.h('3,2'));
    expect(res.extras['reactionCharges.1']).toBe(1);
    // Nobody of K's side entered 3,2: the objective there is still side 1's (18).
    expect(t.b.holder[0]).toBe(1);
  });

  it('7.8, 2.2 (aor.moraleBounds 1-5): the reaction test\'s morale is kept within 1-5 like every other check', () => {
    const target = (options: Record<string, string>) => {
      const { events } = pursuitReactedTo({ morale: 6 }, { options });
      return events.find((e): e is Extract<VolleyEvent, { type: 'check' }> => e.type === 'check' && e.purpose === 'reaction')!.target;
    };
    expect(target({})).toBe(6);
    expect(target({ 'aor.moraleBounds': '1-5' })).toBe(5);
  });

  it('declined pursuit: a roll equal to the rating does not pursue', () => {
    const t = setUp([cav('K', 0, '2,2', { pursuit: 3 }), cav('E', 1, '3,2')]);
    const dice = new ScriptedDice({ fire: [roll(6), roll(2)], morale: [[3], []] });
    const { res, events } = winAndPursue(t, dice, false);
    expect(events.some((e) => e.type === 'pursuit')).toBe(false);
    expect(res.extras['pursuitsForced.0']).toBe(0);
    expect(t.b.st.steps[t.u('E')]).toBe(1);
  });

  it('the unit pursuit rating comes before its morale', () => {
    // Morale 5 would hold on a 3; a pursuit rating of 2 pursues.
    const t = setUp([cav('K', 0, '2,2', { morale: 5, pursuit: 2 }), cav('E', 1, '3,2')]);
    expect(pursuitRating(t.b, [t.u('K')])).toBe(2);
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2)], roll(2)], morale: [[3], []] });
    expect(winAndPursue(t, dice, false).events.some((e) => e.type === 'pursuit')).toBe(true);
  });

  it('no pursuit rating: morale by default (aor.pursuitRatingDefault=morale)', () => {
    const t = setUp([cav('K', 0, '2,2', { morale: 2 }), cav('E', 1, '3,2')]);
    expect(pursuitRating(t.b, [t.u('K')])).toBe(2);
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2)], roll(2)], morale: [[3], []] });
    const { events } = winAndPursue(t, dice, false);
    expect(events.find((e) => e.type === 'check' && e.purpose === 'pursuit')).toMatchObject({ target: 2 });
    expect(events.some((e) => e.type === 'pursuit')).toBe(true);
  });

  it('no pursuit rating under aor.pursuitRatingDefault=none: no test, no pursuit', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2')], { options: { 'aor.pursuitRatingDefault': 'none' } });
    expect(pursuitRating(t.b, [t.u('K')])).toBe(-1);
    const dice = new ScriptedDice({ fire: [roll(6), roll(2)] }); // any morale draw throws
    const { events } = winAndPursue(t, dice, false);
    expect(events.some((e) => e.type === 'pursuit')).toBe(false);
  });

  it('choosePursuit: the doctrine pursues with fresh cavalry only, the retreated units first', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('D', 0, '2,3', { disrupted: true }), cav('R', 0, '2,1', { damaged: true }), cav('E', 1, '3,2')]);
    const fled = [{ hex: t.h('4,2'), retreated: false }, { hex: t.h('3,2'), retreated: true }];
    expect(choosePursuit(t.b, [t.u('K')], t.h('2,2'), fled, false)).toBe(1);
    expect(choosePursuit(t.b, [t.u('D')], t.h('2,2'), fled, false)).toBe(-1);
    expect(choosePursuit(t.b, [t.u('R')], t.h('2,2'), fled, false)).toBe(-1);
    // Forced (a roll above the rating), the tired pursue too (7.7).
    expect(choosePursuit(t.b, [t.u('D')], t.h('2,2'), fled, true)).toBe(1);
  });

  it('choosePursuit: another enemy only at the odds the side charges at; forced, the one with the best odds', () => {
    // K (8 against a stack without infantry) at 2,2; the weak W (1) at 3,1, the strong S (8) at 3,3.
    const t = setUp([cav('K', 0, '2,2'), cav('W', 1, '3,1', { strength: 1 }), cav('S', 1, '3,3', { strength: 8 })]);
    const others = [{ hex: t.h('3,3'), retreated: false }, { hex: t.h('3,1'), retreated: false }];
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,2'), others, false)).toBe(1);
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,2'), others.slice(0, 1), false)).toBe(-1); // 8 against 8: below by-the-book's 1.5
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,2'), others.slice(0, 1), true)).toBe(0);
  });
});

describe('7.7 pursuit of another adjacent enemy', () => {
  // K at 2,2 wins its charge on E at 3,2 (one step: the charge eliminates it); I stands at 4,2, next to 3,2.
  const beatenGone = (more: Partial<UnitDesc> = {}, extra: Partial<BattleDesc> = {}) =>
    setUp([cav('K', 0, '2,2', more), cav('E', 1, '3,2', { steps: 1 }), inf('I', 1, '4,2')], extra);

  function play(t: Built, dice: ScriptedDice, pursue: PursuitChoice) {
    const { sink, events } = collector();
    const res = t.res();
    chargeSegment(t.b, 0, [{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }], pursue, dice, res, sink);
    return { res, events };
  }

  it('pursuitTargets: the retreated units first, then enemies next to the won hex a charge could reach from it', () => {
    const t = setUp(
      [cav('K', 0, '2,2'), cav('F', 1, '4,2'), inf('N', 1, '3,1'), inf('C', 1, '3,3'), inf('V', 1, '2,1'), inf('Far', 1, '5,2')],
      { rivers: ['3,2/NW'] },
      { '3,3': 'C' },
    );
    // F retreated to 4,2; the chateau 3,3 cannot be charged (N/A), the river hexside to 2,1 cannot be crossed (7.6).
    expect(pursuitTargets(t.b, 0, t.h('3,2'), [t.u('F')])).toEqual([
      { hex: t.h('4,2'), retreated: true },
      { hex: t.h('3,1'), retreated: false },
    ]);
    expect(pursuitTargets(t.b, 0, t.h('3,2'), [])).toEqual([
      { hex: t.h('3,1'), retreated: false },
      { hex: t.h('4,2'), retreated: false },
    ]);
  });

  it('pursuitTargets: retreated units a charge from the won hex cannot reach (into a chateau, three hexes off) are not pursued; two hexes off across clear ground they are', () => {
    const targets = (fAt: string, cells: Record<string, string> = {}) => {
      const t = setUp([cav('K', 0, '2,2'), cav('F', 1, fAt)], {}, cells);
      return pursuitTargets(t.b, 0, t.h('3,2'), [t.u('F')]).map((x) => `${hexName(t.grid, x.hex)}${x.retreated ? ' retreated' : ''}`);
    };
    expect(targets('4,2', { '4,2': 'C' })).toEqual([]);
    expect(targets('5,2')).toEqual(['5,2 retreated']);
    expect(targets('6,2')).toEqual([]);
  });

  it('7.6, 7.10: a pursuit is no flank charge for standing next to a charger of the same segment (gone into its own target)', () => {
    // K1 wins on E (3,2) and pursues I (4,2); K2, charging from 5,2 on E2 at 6,2 later in the segment, stands next to I.
    const t = setUp([cav('K1', 0, '2,2'), cav('E', 1, '3,2', { steps: 1 }), inf('I', 1, '4,2'), cav('K2', 0, '5,2'), cav('E2', 1, '6,2')]);
    const { sink, events } = collector();
    // K1 8 at 6 -> E gone, E 4 at 2; pursuit: square 6 fails, K1 8 at 2, I 4 at 2; K2 8 at 2, E2 4 at 2.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2), ...roll(2)], [...roll(2), ...roll(2), ...roll(2)]], morale: [[], [6]] });
    const plan = [
      { chargers: [t.u('K1')], from: t.h('2,2'), target: t.h('3,2') },
      { chargers: [t.u('K2')], from: t.h('5,2'), target: t.h('6,2') },
    ];
    chargeSegment(t.b, 0, plan, (_c, _w, targets) => targets.findIndex((x) => x.hex === t.h('4,2')), dice, t.res(), sink);
    const pursuit = fires(events).find((e) => e.modifiers.includes('pursuit: a charge on another enemy (7.7)'))!;
    expect(pursuit.modifiers).toContain('x2 in all'); // the failed square's x2 only, no flank x2
    expect(pursuit.rawStrength).toBe(8);
  });

  it('with the beaten gone, the pursuit charges I as usual: a square test, I fires back, and beaten I falls back', () => {
    const t = beatenGone();
    // Charge: K 8 at 6 -> 1 hit, E gone; E 4 at 2 -> 0. Pursuit on I: square test 6 fails (morale 4), K 8 at 6 -> 1 hit, I 4 at 2 -> 0.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(6)], [...roll(2), ...roll(2)]], morale: [[], [6]] });
    const { res, events } = play(t, dice, () => 0);
    expect(events.find((e) => e.type === 'pursuit')).toMatchObject({ side: 0, units: ['K'], target: t.h('4,2'), returnFire: true });
    const f = fires(events);
    expect(f.map((e) => e.side)).toEqual([0, 1, 0, 1]);
    expect(f[2].modifiers).toContain('pursuit: a charge on another enemy (7.7)');
    expect(f[2].rawStrength).toBe(8);
    expect(events.some((e) => e.type === 'check' && e.purpose === 'square' && e.side === 1)).toBe(true);
    expect(t.b.st.steps[t.u('I')]).toBe(1);
    expect(t.b.st.disrupted[t.u('I')]).toBe(1);
    expect(t.grid.distance(t.pos('I'), t.h('3,2'))).toBe(2);
    expect(t.pos('K')).toBe(t.h('3,2')); // one round, then it stays in the hex it won (7.6, 7.7)
    expect(res.extras['pursuitsChosen.0']).toBe(1);
    // One charge declared, one won: the pursuit's round is neither (7.6).
    expect([res.sides[0].chargesDeclared, res.sides[0].chargesWon, res.sides[0].chargesHome]).toEqual([1, 1, 1]);
    const told = narrate(events, subjectOf(t.c, 'x')).lines.map((l) => l.text);
    expect(told.some((l) => l.startsWith('Pursuit (7.7) by K into 4,2') && l.includes('charged as usual'))).toBe(true);
  });

  it('a pursuit beaten by another enemy falls back disrupted and does not take the won hex', () => {
    const t = beatenGone();
    // Pursuit on I: square 6 fails, K 8 at 2 -> 0; I 4 at 7 -> 1 hit.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2)], [...roll(2), ...roll(7)]], morale: [[], [6]] });
    play(t, dice, () => 0);
    expect(t.pos('K')).toBe(t.h('2,2'));
    expect(t.b.st.steps[t.u('K')]).toBe(1);
    expect(t.b.st.disrupted[t.u('K')]).toBe(1);
    expect(t.pos('I')).toBe(t.h('4,2'));
    expect(t.b.count[t.h('3,2')]).toBe(0);
  });

  it('a declined pursuit still tests against the pursuit rating when only another enemy is left to pursue', () => {
    const t = beatenGone({ pursuit: 3 });
    // K does not mean to pursue; a 4 is above its rating: it must, and I (the only target) is charged.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(6)], [...roll(2), ...roll(2)]], morale: [[4], [6]] });
    const { res, events } = play(t, dice, (_c, _w, _t, forced) => (forced ? 0 : -1));
    expect(events.find((e) => e.type === 'check' && e.purpose === 'pursuit')).toMatchObject({ target: 3, roll: 4, passed: false });
    expect(events.find((e) => e.type === 'pursuit')).toMatchObject({ target: t.h('4,2') });
    expect(res.extras['pursuitsForced.0']).toBe(1);
  });

  it('7.8 during such a pursuit: R reacts and ties, then K\'s pursuit goes on and wins; the story tells both in order', () => {
    const t = setUp([cav('K', 0, '2,2'), cav('E', 1, '3,2', { steps: 1 }), inf('I', 1, '4,2'), cav('R', 1, '2,0')]);
    const { sink, events } = collector();
    const res = t.res();
    // Charge: K 8 at 6 -> E gone; E 4 at 2 -> 0. Reaction: R passes (1); R 16 (x2 no square, x2 backhand) at 2 -> 0,
    // K 8 at 2 -> 0: a tie, R returns. Pursuit on I: square 6 fails, K 8 at 6 -> 1 hit, I 4 at 2 -> 0.
    const dice = new ScriptedDice({ fire: [[...roll(6), ...roll(2), ...roll(6)], [...roll(2), ...roll(2), ...roll(2)]], morale: [[], [1, 6]] });
    const reactions = (u: number, path: number[], backhand: boolean) => {
      if (backhand && reactionCharge(t.b, u, path, dice, res, sink, true)) t.b.computeZoc();
    };
    const other = (_c: readonly number[], _w: number, targets: readonly PursuitTarget[]) => targets.findIndex((x) => x.hex === t.h('4,2'));
    chargeSegment(t.b, 0, [{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }], other, dice, res, sink, reactions);
    expect(res.extras['reactionCharges.1']).toBe(1);
    expect(t.b.st.steps[t.u('I')]).toBe(1);
    expect(t.pos('K')).toBe(t.h('3,2'));
    expect(t.b.st.disrupted[t.u('K')]).toBe(0);
    const told = narrate(events, subjectOf(t.c, 'x')).lines.map((l) => l.text);
    const at = (f: (l: string) => boolean) => told.findIndex(f);
    const pursuit = at((l) => l.startsWith('Pursuit (7.7) by K into 4,2'));
    const tie = at((l) => l.startsWith('a tie (7.6)'));
    const won = at((l) => l.startsWith('the pursuit wins (7.6)'));
    expect(pursuit).toBeGreaterThanOrEqual(0);
    expect(tie).toBeGreaterThan(pursuit);
    expect(won).toBeGreaterThan(tie);
    expect(told[tie]).toContain('R returns');
    expect(told.some((l) => l.includes('K falls back'))).toBe(false);
  });

  it('nobody left next to the won hex: no pursuit and no test', () => {
    const t = setUp([cav('K', 0, '2,2', { pursuit: 3 }), cav('E', 1, '3,2', { steps: 1 })]);
    const dice = new ScriptedDice({ fire: [roll(6), roll(2)] }); // a morale draw would throw
    const { events } = play(t, dice, () => -1);
    expect(events.some((e) => e.type === 'pursuit' || (e.type === 'check' && e.purpose === 'pursuit'))).toBe(false);
  });
});

describe('7.8 reaction charges', () => {
  // M (side 0) walks 1,2 -> 2,2 -> 3,2; R (side 1, Defend orders) waits at 5,2, two hexes from 3,2 across the empty 4,2.
  function walked(rAt = '5,2', more: Partial<UnitDesc> = {}) {
    const t = setUp([inf('M', 0, '1,2', { strength: 2, reduced: 1 }), cav('R', 1, rAt, { strength: 6, ...more })]);
    t.b.moveTo(t.u('M'), t.h('3,2'));
    t.b.computeZoc();
    return t;
  }
  const path = (t: Built) => ['1,2', '2,2', '3,2'].map((h) => t.h(h));

  it('non-phasing cavalry within two hexes reacts after a passed morale check and charges the mover', () => {
    const t = walked();
    const { sink, events } = collector();
    const res = t.res();
    // Reaction check 4 (morale 4: pass); M's square check 5 (fails); R 12 at 4 -> 1 hit; M 2 at 2 -> 0.
    // M retreats; R pursues by choice: 12 at 2 -> 0 hits.
    const dice = new ScriptedDice({ morale: [[5], [4]], fire: [roll(2), [...roll(4), ...roll(2)]] });
    expect(reactionCharge(t.b, t.u('M'), path(t), dice, res, sink)).toBe(true);
    const check = events.find((e) => e.type === 'check' && e.purpose === 'reaction');
    expect(check).toMatchObject({ side: 1, unit: 'R', passed: true });
    expect(events.find((e) => e.type === 'charge')).toMatchObject({ side: 1, units: ['R'], from: t.h('5,2'), target: t.h('3,2'), reaction: true });
    expect(fires(events)[0]).toMatchObject({ side: 1, rawStrength: 12 });
    expect(res.extras['reactionCharges.1']).toBe(1);
    expect(t.b.charged[t.u('R')]).toBe(1);
    expect(t.b.st.steps[t.u('M')]).toBe(1);
    expect(t.grid.distance(t.pos('M'), t.h('5,2'))).toBe(3);
    expect(t.pos('R')).toBe(t.h('3,2'));
  });

  it('7.8: a failed morale check means no reaction charge, but the cavalry may still charge in its own segment (7.6)', () => {
    const t = walked();
    const { sink, events } = collector();
    const res = t.res();
    const dice = new ScriptedDice({ morale: [[], [5]] }); // any fire draw throws
    expect(reactionCharge(t.b, t.u('M'), path(t), dice, res, sink)).toBe(false);
    expect(events.some((e) => e.type === 'charge')).toBe(false);
    expect(t.b.charged[t.u('R')]).toBe(0);
    expect(readyCavalry(t.b, 1)).toEqual([t.u('R')]);
    expect(res.extras['reactionCharges.1']).toBe(0);
    expect(res.sides[1].checksFailed[PURPOSE.reaction]).toBe(1);
    expect(t.pos('M')).toBe(t.h('3,2'));
  });

  it("the reaction test is taken against the unit's own morale: a demoralized formation -1 (14.1) is counted and told", () => {
    const t = walked();
    t.b.st.demoralized[t.u('R')] = 1;
    const { sink, events } = collector();
    const dice = new ScriptedDice({ morale: [[], [4]] }); // 4 passes at morale 4, fails at 3
    expect(reactionCharge(t.b, t.u('M'), path(t), dice, t.res(), sink)).toBe(false);
    expect(events.find((e) => e.type === 'check' && e.purpose === 'reaction')).toMatchObject({
      target: 3,
      roll: 4,
      passed: false,
      modifiers: ['reaction charge test (7.8)', 'demoralized formation -1'],
    });
  });

  it('+1 to the reaction test when a leader is stacked with the cavalry: a 5 fails at morale 4, passes with him', () => {
    const withLeader = (leaderAt: string) => {
      const t = setUp([inf('M', 0, '1,2', { strength: 2, reduced: 1 }), cav('R', 1, '5,2', { strength: 6 })], {
        formations: [{ id: '1-defend', leader: { id: 'L', rating: 2, at: leaderAt } }],
      });
      t.b.moveTo(t.u('M'), t.h('3,2'));
      t.b.computeZoc();
      const { sink, events } = collector();
      // Reaction check 5; then (if it charges) M's square check 5 fails, R 12 at 4 -> 1 hit, M 2 at 2 -> 0.
      const dice = new ScriptedDice({ morale: [[5], [5]], fire: [roll(2), [...roll(4), ...roll(2)]] });
      const charged = reactionCharge(t.b, t.u('M'), path(t), dice, t.res(), sink);
      return { charged, check: events.find((e) => e.type === 'check' && e.purpose === 'reaction') };
    };
    const apart = withLeader('6,2');
    expect(apart.check).toMatchObject({ target: 4, roll: 5, passed: false });
    expect(apart.charged).toBe(false);
    const stacked = withLeader('5,2');
    expect(stacked.check).toMatchObject({ target: 5, roll: 5, passed: true, modifiers: ['reaction charge test (7.8)', 'leader stacked with it +1 (7.8)'] });
    expect(stacked.charged).toBe(true);
  });

  it('7.7: units a pursuit goes after (exclude) do not react to it; no die is drawn for them', () => {
    const t = walked();
    const dice = new ScriptedDice({}); // any draw throws
    expect(reactionCharge(t.b, t.u('M'), path(t), dice, t.res(), undefined, true, undefined, [t.u('R')])).toBe(false);
    expect(t.b.charged[t.u('R')]).toBe(0); // free to charge in its own turn
  });

  it('cavalry more than two hexes from every hex of the path does not react', () => {
    const t = walked('6,2');
    const dice = new ScriptedDice({}); // any draw throws
    expect(reactionCharge(t.b, t.u('M'), path(t), dice, t.res())).toBe(false);
    expect(t.b.charged[t.u('R')]).toBe(0);
  });

  it('cavalry that already charged this turn does not react', () => {
    const t = walked();
    t.b.charged[t.u('R')] = 1;
    expect(reactionCharge(t.b, t.u('M'), path(t), new ScriptedDice({}), t.res())).toBe(false);
  });

  it('7.8, 7.7: a unit that a reaction charge\'s pursuit takes off the map before its turn to move in the segment moves no more', () => {
    // C (its own formation, bound for 0,4) moves first and leaves the reach of its kind cached; M, moving
    // through ZOCs, marks the cache empty. M and Y stand together; M steps east and draws R's reaction
    // charge, which wins (M fails its square, 6) and pursues into 2,2, taking Y off the map before Y's
    // move. Moved from hex -1, Y matched the cache's empty mark and walked M's field: 'pathTo: no step back'.
    const t = battle({
      map: CLEAR_ROWS(9, 5),
      supply: [['0,2'], ['8,2']],
      supplyRule: false,
      formations: [{ id: 'E', objective: '0,4' }],
      units: [cav('C', 0, '0,0', { formation: 'E' }), inf('M', 0, '2,2', { movement: 1 }), cav('Y', 0, '2,2'), cav('R', 1, '5,2', { strength: 8 })],
    });
    const { sink, events } = collector();
    const dice = new ScriptedDice({ morale: [[6], [1, 6]], fire: [[...roll(2), ...roll(2)], [...roll(12), ...roll(12)]] });
    moveSide(t.b, 0, false, dice, t.res(), sink);
    expect([t.b.pos[t.u('M')], t.b.pos[t.u('Y')], t.pos('R')]).toEqual([-1, -1, t.h('3,2')]);
    expect(events.filter((e) => e.type === 'move').map((e) => (e as { unit: string }).unit)).toEqual(['C', 'M']);
  });

  it('in the movement segment (moveSide), a move that ends within reach draws a reaction charge', () => {
    // M (Attack orders, objective R's hex) walks east toward R; R reacts. Every morale die passes (1),
    // every fire roll is 2 (no hits): square formed, no hits, the reaction charger falls back disrupted.
    const t = battle({
      map: CLEAR_ROWS(9, 5),
      supply: [['0,2'], ['8,2']],
      supplyRule: false,
      units: [inf('M', 0, '0,2', { movement: 3 }), cav('R', 1, '5,2', { strength: 8 })],
    });
    const { sink, events } = collector();
    moveSide(t.b, 0, false, new FixedDice({ morale: [1, 1], fire: [1, 1] }), t.res(), sink);
    const move = events.find((e) => e.type === 'move');
    expect(move).toBeDefined();
    const at = t.pos('M');
    expect(t.grid.distance(at, t.h('5,2'))).toBeLessThanOrEqual(2);
    const charge = events.find((e) => e.type === 'charge');
    expect(charge).toMatchObject({ side: 1, units: ['R'], target: at, reaction: true });
    expect(events.indexOf(move!)).toBeLessThan(events.indexOf(charge!));
    expect(t.b.st.disrupted[t.u('R')]).toBe(1);
  });
});

describe('7.11 cavalry retreat before assault', () => {
  // The cavalry's side plays by the book, which takes the retreat when it may (aor.retreatBeforeAssault = chosen).
  const mayRetreat = { doctrine: ['stubborn', 'by-the-book'] as [unknown, unknown] };
  it('a cavalry stack not in enemy ZOC at the start of the player turn slips away before an assault without cavalry', () => {
    const t = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], mayRetreat);
    const res = t.res();
    expect(retreatBeforeAssault(t.b, t.h('3,2'), [t.h('2,2')], new ScriptedDice({}), res)).toBe(true);
    expect(t.grid.distance(t.pos('C'), t.h('2,2'))).toBe(2);
    expect(t.grid.distance(t.pos('C'), t.h('3,2'))).toBe(1);
    expect(t.b.st.disrupted[t.u('C')]).toBe(0); // aor.retreatBeforeAssaultCohesion kept: no disruption
    expect(res.extras['retreatsBeforeAssault.1']).toBe(1);
  });

  it('7.11, 7.4 (aor.retreatBeforeAssaultCohesion disrupted): the unit that slipped away is disrupted like any retreating unit', () => {
    const t = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], { ...mayRetreat, options: { 'aor.retreatBeforeAssaultCohesion': 'disrupted' } });
    const res = t.res();
    expect(retreatBeforeAssault(t.b, t.h('3,2'), [t.h('2,2')], new ScriptedDice({}), res)).toBe(true);
    expect(t.b.st.disrupted[t.u('C')]).toBe(1);
    expect(res.sides[1].disruptions).toBe(1);
  });

  it('horse artillery, alone or with cavalry, may retreat too; foot artillery may not', () => {
    const ha = setUp([inf('A', 0, '2,2'), { id: 'H', side: 1, at: '3,2', kind: 'horseArtillery', strength: 3 }, cav('C', 1, '3,2')], mayRetreat);
    expect(retreatBeforeAssault(ha.b, ha.h('3,2'), [ha.h('2,2')], new ScriptedDice({}), ha.res())).toBe(true);
    expect(ha.pos('H')).toBe(ha.pos('C'));
    const foot = setUp([inf('A', 0, '2,2'), { id: 'G', side: 1, at: '3,2', kind: 'artillery', strength: 3 }], mayRetreat);
    expect(retreatBeforeAssault(foot.b, foot.h('3,2'), [foot.h('2,2')], new ScriptedDice({}), foot.res())).toBe(false);
  });

  it('7.11 (aor.retreatBeforeAssaultMixed cavalryAlone): the cavalry of a stack with infantry slips away alone; the infantry stays to be assaulted', () => {
    const mixed = setUp([inf('A', 0, '2,2'), inf('I', 1, '3,2'), cav('C', 1, '3,2')], mayRetreat);
    const res = mixed.res();
    const { sink, events } = collector();
    expect(retreatBeforeAssault(mixed.b, mixed.h('3,2'), [mixed.h('2,2')], new ScriptedDice({}), res, sink)).toBe(false);
    expect(mixed.pos('I')).toBe(mixed.h('3,2'));
    expect(mixed.grid.distance(mixed.pos('C'), mixed.h('3,2'))).toBe(1);
    expect(mixed.grid.distance(mixed.pos('C'), mixed.h('2,2'))).toBe(2);
    expect(res.extras['retreatsBeforeAssault.1']).toBe(1);
    expect(events).toContainEqual({ type: 'retreat', side: 1, forced: false, units: ['C'], beforeAssault: true });
    // A stubborn side keeps it there, as it keeps a cavalry stack.
    const stubborn = setUp([inf('A', 0, '2,2'), inf('I', 1, '3,2'), cav('C', 1, '3,2')]);
    expect(retreatBeforeAssault(stubborn.b, stubborn.h('3,2'), [stubborn.h('2,2')], new ScriptedDice({}), stubborn.res())).toBe(false);
    expect(stubborn.pos('C')).toBe(stubborn.h('3,2'));
  });

  it('7.11 "one hex": cavalry with no hex to fall back to (every hex away from the attacker held by the enemy) stays and is assaulted, alone or beside infantry; none is lost in a blocked retreat (7.4)', () => {
    for (const withInfantry of [false, true]) {
      const units = [inf('A', 0, '2,2'), cav('C', 1, '3,2'), inf('X', 0, '4,2'), inf('Y', 0, '3,1'), inf('Z', 0, '3,3')];
      if (withInfantry) units.push(inf('I', 1, '3,2'));
      const t = setUp(units, mayRetreat);
      const res = t.res();
      const { sink, events } = collector();
      const steps = t.b.st.steps[t.u('C')];
      expect(retreatBeforeAssault(t.b, t.h('3,2'), [t.h('2,2')], new ScriptedDice({}), res, sink)).toBe(false);
      expect([t.pos('C'), t.b.st.steps[t.u('C')], res.sides[1].unitsEliminated, res.extras['retreatsBeforeAssault.1']]).toEqual([t.h('3,2'), steps, 0, 0]);
      expect(events).toEqual([]);
    }
  });

  it('7.11 (aor.retreatBeforeAssaultMixed wholeStack): a stack with infantry is offered no retreat; only a stack wholly of cavalry and horse artillery is', () => {
    const whole = { ...mayRetreat, options: { 'aor.retreatBeforeAssaultMixed': 'wholeStack' } };
    const mixed = setUp([inf('A', 0, '2,2'), inf('I', 1, '3,2'), cav('C', 1, '3,2')], whole);
    const res = mixed.res();
    expect(retreatBeforeAssault(mixed.b, mixed.h('3,2'), [mixed.h('2,2')], new ScriptedDice({}), res)).toBe(false);
    expect([mixed.pos('C'), res.extras['retreatsBeforeAssault.1']]).toEqual([mixed.h('3,2'), 0]);
    const cavalry = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], whole);
    expect(retreatBeforeAssault(cavalry.b, cavalry.h('3,2'), [cavalry.h('2,2')], new ScriptedDice({}), cavalry.res())).toBe(true);
  });

  it('7.11 (cavalryAlone), in the combat segment: the infantry left behind is assaulted and replies alone; no one advances into its hex', () => {
    const t = setUp([inf('A', 0, '2,2'), inf('I', 1, '3,2', { strength: 4 }), cav('C', 1, '3,2', { strength: 4 })], mayRetreat);
    const { sink, events } = collector();
    const res = t.res();
    // Both sides roll 2: no hits, no checks.
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), (d, a) => chooseAdvancers(t.b, d, a), new ScriptedDice({ fire: [roll(2), roll(2)] }), res, newRoundOutcome(), sink);
    expect(res.extras.assaults).toBe(1);
    const assault = events.findIndex((e) => e.type === 'assault');
    expect(events.findIndex((e) => e.type === 'retreat' && e.beforeAssault)).toBeGreaterThanOrEqual(0);
    expect(events.findIndex((e) => e.type === 'retreat' && e.beforeAssault)).toBeLessThan(assault);
    // The infantry's 4 alone (with the cavalry it would be 4 + 4 halved, 7.3).
    expect(fires(events).map((f) => [f.side, f.strength])).toEqual([[0, 4], [1, 4]]);
    expect([t.pos('A'), t.pos('I')]).toEqual([t.h('2,2'), t.h('3,2')]);
    expect(t.grid.distance(t.pos('C'), t.h('3,2'))).toBe(1);
  });

  it('not when there is cavalry among the attackers', () => {
    const t = setUp([inf('A', 0, '2,2'), cav('K', 0, '2,1'), cav('C', 1, '3,2')], mayRetreat);
    expect(retreatBeforeAssault(t.b, t.h('3,2'), [t.h('2,2'), t.h('2,1')], new ScriptedDice({}), t.res())).toBe(false);
    expect(t.pos('C')).toBe(t.h('3,2'));
  });

  it('not when it started the player turn in an enemy ZOC', () => {
    const t = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], mayRetreat);
    t.b.startedInZoc[t.u('C')] = 1;
    expect(retreatBeforeAssault(t.b, t.h('3,2'), [t.h('2,2')], new ScriptedDice({}), t.res())).toBe(false);
    expect(t.pos('C')).toBe(t.h('3,2'));
  });

  it('in the combat segment: no fire at all, and the attackers may advance into the vacated hex', () => {
    const t = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], mayRetreat);
    const { sink, events } = collector();
    const res = t.res();
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), (d, a) => chooseAdvancers(t.b, d, a), new ScriptedDice({}), res, newRoundOutcome(), sink);
    expect(fires(events)).toEqual([]);
    expect(res.extras.assaults).toBe(0);
    expect(t.pos('A')).toBe(t.h('3,2'));
    expect(t.grid.distance(t.pos('C'), t.h('2,2'))).toBe(2);
    // The story tells it as 7.11's retreat, not a retreat by choice after combat (7.4).
    expect(events).toContainEqual({ type: 'retreat', side: 1, forced: false, units: ['C'], beforeAssault: true });
    const told = narrate(events, subjectOf(t.c, 'x')).lines.map((l) => l.text);
    expect(told).toContain('Retreat before the assault (7.11) of the Red: C');
  });

  it('7.5: a leader in the attacking hex with two units goes forward with both, and the trace says so', () => {
    const t = setUp([inf('A', 0, '2,2', { formation: 'F' }), inf('B', 0, '2,2', { formation: 'F' }), cav('C', 1, '3,2')], {
      ...mayRetreat,
      formations: [{ id: 'F', leader: { id: 'L', rating: 3, at: '2,2' } }],
    });
    const { sink, events } = collector();
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), (d, a) => chooseAdvancers(t.b, d, a), new ScriptedDice({}), t.res(), newRoundOutcome(), sink);
    expect([t.pos('A'), t.pos('B'), t.b.leaderPos[t.c.leaders.findIndex((l) => l.id === 'L')]]).toEqual([t.h('3,2'), t.h('3,2'), t.h('3,2')]);
    expect(events).toContainEqual({ type: 'leader', side: 0, leader: 'L', from: t.h('2,2'), to: t.h('3,2'), why: 'advance' });
    const told = narrate(events, subjectOf(t.c, 'x')).lines.map((l) => l.text);
    expect(told).toContain('L goes forward with them into 3,2 (7.5)');
  });

  it('in a played battle: the start of the player turn decides (moved adjacent: retreats; started adjacent: fights)', () => {
    const desc = (aAt: string): BattleDesc => ({
      map: CLEAR_ROWS(9, 5),
      supply: [['0,2'], ['8,2']],
      supplyRule: false,
      turns: 1,
      ...mayRetreat,
      units: [inf('A', 0, aAt), cav('C', 1, '4,2', { strength: 2 })],
    });
    const away = battle(desc('1,2'));
    const r1 = playBattle(away.c, new EngagementDice('7.11/away'));
    expect(r1.extras['retreatsBeforeAssault.1']).toBe(1);
    const adjacent = battle(desc('3,2'));
    const r2 = playBattle(adjacent.c, new EngagementDice('7.11/adjacent'));
    expect(r2.extras['retreatsBeforeAssault.1']).toBe(0);
    expect(r2.extras.assaults).toBeGreaterThanOrEqual(1);
  });

  it('7.11 "may retreat": the side chooses (aor.retreatBeforeAssault = chosen): a stubborn side stands, a side defending its objective stands; under always it must go', () => {
    const stubborn = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')]);
    expect(retreatBeforeAssault(stubborn.b, stubborn.h('3,2'), [stubborn.h('2,2')], new ScriptedDice({}), stubborn.res())).toBe(false);
    expect(stubborn.pos('C')).toBe(stubborn.h('3,2'));
    const holding = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], { ...mayRetreat, objectives: [{ at: '3,2', vp: 1, holder: 1 }] });
    expect(retreatBeforeAssault(holding.b, holding.h('3,2'), [holding.h('2,2')], new ScriptedDice({}), holding.res())).toBe(false);
    const always = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], { options: { 'aor.retreatBeforeAssault': 'always' } });
    expect(retreatBeforeAssault(always.b, always.h('3,2'), [always.h('2,2')], new ScriptedDice({}), always.res())).toBe(true);
  });

  it('7.11: random-legal retreats before an assault on a coin flip, one draw from its AI dice', () => {
    const coin = (face: number) => {
      const t = setUp([inf('A', 0, '2,2'), cav('C', 1, '3,2')], { doctrine: ['stubborn', 'random-legal'] });
      const dice = new ScriptedDice({ ai: [[], [face]] });
      const went = retreatBeforeAssault(t.b, t.h('3,2'), [t.h('2,2')], dice, t.res());
      expect(dice.used.ai[1]).toBe(1);
      return went;
    };
    expect(coin(1)).toBe(true); // a draw below 1/2
    expect(coin(6)).toBe(false);
  });
});

describe('7.6/7.7 statistics (fixed seed, 4 standard errors)', () => {
  it('the square forms with probability morale/6 over many charges on the same infantry', () => {
    for (const morale of [3, 5]) {
      const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2', { morale })]);
      const dice = new EngagementDice(`square-rate/${morale}`);
      const res = t.res();
      const n = 4000;
      for (let i = 0; i < n; i++) {
        t.b.reset();
        resolveCharge(t.b, [t.u('K')], t.h('2,2'), t.h('3,2'), dice, res);
      }
      expect(res.extras.squareChecks).toBe(n);
      const p = morale / 6;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(res.extras.squaresFormed / n - p), `morale ${morale}`).toBeLessThan(4 * se);
    }
  });

  it('a declined pursuit is forced with probability (6 - rating)/6', () => {
    // Fire always rolls 3+3: the charge puts 1 hit on E (8 at 6), E puts none on K (4 at 6).
    class Dice extends EngagementDice {
      override stream(side: 0 | 1, purpose: Purpose): Uniform {
        return purpose === 'fire' ? () => 2.5 / 6 : super.stream(side, purpose);
      }
    }
    const t = setUp([cav('K', 0, '2,2', { pursuit: 2 }), cav('E', 1, '3,2')]);
    const dice = new Dice('forced-pursuit');
    const res = t.res();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      t.b.reset();
      t.b.charged.fill(0);
      chargeSegment(t.b, 0, [{ chargers: [t.u('K')], from: t.h('2,2'), target: t.h('3,2') }], () => -1, dice, res);
    }
    expect(res.extras['chargesWon.0']).toBe(n);
    const p = 4 / 6;
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(res.extras['pursuitsForced.0'] / n - p)).toBeLessThan(4 * se);
  });
});

describe('7.6 carryOutCharge directly', () => {
  it('the whole beaten target stack retreats together, disrupted, and the winner moves in', () => {
    // Target stack E1 + E2: both retreat together when the charge is lost (the stack is the target).
    const t = setUp([cav('K', 0, '2,2'), cav('E1', 1, '3,2'), cav('E2', 1, '3,2')], { options: { 'aor.pursuitRatingDefault': 'none' } });
    const r: ChargeResult = { chargerLost: 0, targetLost: 1, winner: 'charger', squareFormed: false };
    carryOutCharge(t.b, [t.u('K')], t.h('2,2'), t.h('3,2'), r, () => -1, new ScriptedDice({}), t.res());
    expect(t.pos('E1')).toBe(t.pos('E2'));
    expect(t.pos('E1')).not.toBe(t.h('3,2'));
    expect(t.b.st.disrupted[t.u('E1')] + t.b.st.disrupted[t.u('E2')]).toBe(2);
    expect(t.pos('K')).toBe(t.h('3,2'));
  });
  it('7.4: beaten foot artillery cannot retreat and is destroyed, for good once the winner enters its hex; the infantry with it retreats', () => {
    const t = setUp([cav('K', 0, '2,2'), inf('I', 1, '3,2'), { id: 'G', side: 1, at: '3,2', kind: 'artillery', strength: 3 }], { options: { 'aor.pursuitRatingDefault': 'none' } });
    const { sink, events } = collector();
    const res = t.res();
    const r: ChargeResult = { chargerLost: 0, targetLost: 1, winner: 'charger', squareFormed: false };
    carryOutCharge(t.b, [t.u('K')], t.h('2,2'), t.h('3,2'), r, () => -1, new ScriptedDice({}), res, sink);
    const g = t.u('G');
    expect(t.b.st.steps[g]).toBe(0);
    expect(t.pos('G')).toBe(-1);
    expect(res.units[g].eliminated).toBe(true);
    expect(res.units[g].retreated).toBe(false);
    expect(t.b.permanent[g]).toBe(1);
    expect(events.some((e) => e.type === 'eliminated' && e.unit === 'G')).toBe(true);
    expect(t.pos('I')).not.toBe(t.h('3,2'));
    expect(t.pos('I')).toBeGreaterThanOrEqual(0);
    expect(t.pos('K')).toBe(t.h('3,2'));
  });
});
