/**
 * Steps 10 and 11 of the sequence of play (3): assault reactions and melee (8, 9, 11), played with
 * scripted dice (a face per die, in the order the rules throw them).
 */
import { describe, expect, it } from 'vitest';
import { ASSAULT, COLUMN, FIRE, MANOEUVRE, REGROUP, RESERVE } from '../../src/rules/burt/play/state.js';
import { bodyMoved, edgeDistance, engagedUnits, faceAbout, facesEnemy, inContactWithEnemy } from '../../src/rules/burt/play/lane.js';
import { loseFigures, moraleModifierOf } from '../../src/rules/burt/play/units.js';
import { DISORDERED, FORMED, MELEE_TO_HIT, ROUT, SHAKEN, UNFORMED } from '../../src/rules/burt/tables.js';
import { axialMin } from '../../src/table/index.js';
import type { BurtEvent } from '../../src/rules/burt/events.js';
import { step4Declare } from '../../src/rules/burt/turn/assault.js';
import { fighterOf, meleeToHitOf, step11Melee } from '../../src/rules/burt/turn/melee.js';
import type { MeleeFighter } from '../../src/rules/burt/melee.js';
import { canCountercharge, canReactFire, chargeEvent, countercharge, evade, feasibleReactions, step10Reactions } from '../../src/rules/burt/turn/reaction.js';
import { manoeuvre } from '../../src/rules/burt/turn/manoeuvre.js';
import { legalTargets } from '../../src/rules/burt/turn/fire.js';
import { wantedOrder } from '../../src/rules/burt/doctrine/choose.js';
import { EXTRA_INDEX } from '../../src/rules/burt/vocabulary.js';
import { narrate } from '../../src/rules/burt/trace/narrate.js';
import { subjectOf } from '../../src/rules/burt/trace/subject.js';
import { battalion, gameOf, ScriptedDice, unit, type Setup } from './lane.js';

/** A French column 8" from a Prussian line, with ASSAULT orders: step 4 brings it to 4". */
const assault = (defender: Record<string, unknown> = {}, extra: Partial<Setup> = {}): Setup => ({
  attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' })],
  defender: [battalion('D', 0, defender)],
  ...extra,
});

describe('3.10 assault reactions (9)', () => {
  it('9, 8 (burt.routBeforeContact meleeRouters): the assaulted unit tests first; failing, it routs in place and the assault goes in against its rear', () => {
    const dice = new ScriptedDice({ '1.morale': [3], '0.morale': [1] });
    const g = gameOf(assault(), dice);
    step4Declare(g);
    step10Reactions(g);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    expect(g.level[d]).toBe(ROUT);
    expect(g.body[d].facing).toBe(-1);
    expect(inContactWithEnemy(g, a)).toBe(true);
    expect(g.res.sides[0].chargesHome).toBe(1);
    expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
  });

  it('9 (burt.routBeforeContact fleeAtOnce): a target failing its test flees at once and no melee follows', () => {
    const dice = new ScriptedDice({ '1.morale': [3] });
    const g = gameOf(assault({}, { options: { 'burt.routBeforeContact': 'fleeAtOnce' } }), dice);
    step4Declare(g);
    step10Reactions(g);
    expect(g.body[unit(g, 'D')].front).toBeCloseTo(-9, 9); // turned about (front at its old rear, -1) and ran 8"
    expect(inContactWithEnemy(g, unit(g, 'A'))).toBe(false);
    expect(g.counters[2 * EXTRA_INDEX.assaultsFailed]).toBe(1);
  });

  it('9.r1: a FIRE unit that stands fires at its assaulter (first volley: 4+), then the assaulter tests and goes in', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '1.fire': [1, 1, 1, 1, 1, 1], '0.morale': [3] });
    const g = gameOf(assault(), dice);
    step4Declare(g);
    step10Reactions(g);
    expect(g.counters[2 * EXTRA_INDEX.reactionVolleys + 1]).toBe(1);
    expect(inContactWithEnemy(g, unit(g, 'A'))).toBe(true);
    expect(g.charging[unit(g, 'A')]).toBe(1);
  });

  it('9: an assaulter its target has already run into (the target\'s own charge stopped against it) has arrived: no test on either side, no reaction, no charge counted', () => {
    const events: BurtEvent[] = [];
    const dice = new ScriptedDice({}); // any die thrown would be one too many
    const g = gameOf(assault(), dice, events);
    step4Declare(g);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    // D has come up to A's front (its own move in this step ran into A).
    g.body[d].front = g.body[a].front;
    bodyMoved(g, d);
    expect(inContactWithEnemy(g, a)).toBe(true);
    const home = g.res.sides[0].chargesHome;
    events.length = 0;
    step10Reactions(g);
    expect(events.filter((e) => e.type === 'check' || e.type === 'reaction' || e.type === 'charge')).toEqual([]);
    expect(g.res.sides[0].chargesHome).toBe(home);
    expect(g.assaultTarget[a]).toBe(-1);
    expect(inContactWithEnemy(g, a)).toBe(true);
  });

  it('8, 9: an assaulter failing its test loses a level and does not go in', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '1.fire': [1, 1, 1, 1, 1, 1], '0.morale': [2] });
    const g = gameOf(assault(), dice);
    step4Declare(g);
    step10Reactions(g);
    const a = unit(g, 'A');
    expect(g.level[a]).toBe(UNFORMED);
    expect(g.body[a].front).toBeCloseTo(4, 9);
    expect(g.res.sides[0].chargesHome).toBe(0);
  });

  it('9.r2: a MANOEUVER unit countercharges (counter-attack doctrine): the two meet half way, both charging', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const g = gameOf(assault({ orders: 'manoeuvre' }, { defenderDoctrine: 'counter-attack' }), dice);
    step4Declare(g);
    step10Reactions(g);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    expect(g.body[d].front).toBeCloseTo(2, 9);
    expect(g.body[a].front).toBeCloseTo(2, 9);
    expect(g.charging[a] + g.charging[d]).toBe(2);
    expect(g.res.sides[1].chargesDeclared).toBe(1);
  });

  it('9: a unit with ASSAULT orders must countercharge, whatever its doctrine', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const g = gameOf(assault(), dice);
    step4Declare(g);
    g.order[unit(g, 'D')] = ASSAULT; // as if it had been given ASSAULT orders with no enemy yet in reach
    step10Reactions(g);
    expect(g.body[unit(g, 'D')].front).toBeCloseTo(2, 9);
  });

  it('9.r1, 6: a FIRE unit facing away cannot fire at an assaulter behind it: it holds', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const events: BurtEvent[] = [];
    const g = gameOf(assault(), dice, events);
    faceAbout(g, unit(g, 'D'));
    step4Declare(g);
    step10Reactions(g);
    expect(events.flatMap((e) => (e.type === 'reaction' ? [e.reaction] : []))).toEqual(['hold']);
    expect(g.counters[2 * EXTRA_INDEX.reactionVolleys + 1]).toBe(0);
  });

  it('9.r3, 11: an evader turns about and falls back a normal move plus a die less a die (4 + 5 - 2), with REGROUP orders; the evade event carries the dice', () => {
    const dice = new ScriptedDice({ '1.morale': [5, 2] });
    const events: BurtEvent[] = [];
    const g = gameOf(assault({ orders: 'manoeuvre' }), dice, events);
    const d = unit(g, 'D');
    evade(g, d);
    expect(g.body[d].facing).toBe(-1);
    expect(g.body[d].front).toBeCloseTo(-1 - 7, 9);
    expect(g.order[d]).toBe(REGROUP);
    expect(g.res.sides[1].retreatsVoluntary).toBe(1);
    expect(events.filter((e) => e.type === 'evade')).toEqual([{ type: 'evade', side: 1, unit: 'D', dice: [5, 2], distance: 7 }]);
  });
});

describe('9.r3 (burt.evadeInContact): evading from a melee', () => {
  /**
   * D (MANOEUVER, a line 6" wide) is in melee with A1, a column touching the left of its front; A2, a
   * column 8" off on its right, assaults it: D is the first body in A2's path.
   */
  const pinned = (options: Record<string, string> = {}): Setup => ({
    attacker: [battalion('A1', 0, { formation: 'column', orders: 'manoeuvre', offset: -4 }), battalion('A2', 8, { formation: 'column', orders: 'assault', offset: 4 })],
    defender: [battalion('D', 0, { orders: 'manoeuvre' })],
    defenderDoctrine: 'random-legal',
    options,
  });

  it('allowed (default): 9.r3 names no exception, so a MANOEUVER target in contact with another enemy may still evade', () => {
    const g = gameOf(pinned());
    const [a2, d] = [unit(g, 'A2'), unit(g, 'D')];
    expect(inContactWithEnemy(g, d)).toBe(true);
    step4Declare(g);
    expect(g.assaultTarget[a2]).toBe(d);
    expect(feasibleReactions(g, d, a2, [])).toEqual(['evade', 'hold']);
  });

  it('barred: a target in contact with another enemy may not evade: it holds, with no choice to draw (no AI die), and stays in the melee', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] }); // D stands, A2 goes in; no '1.ai' die
    const events: BurtEvent[] = [];
    const g = gameOf(pinned({ 'burt.evadeInContact': 'barred' }), dice, events);
    const [a1, a2, d] = [unit(g, 'A1'), unit(g, 'A2'), unit(g, 'D')];
    step4Declare(g);
    expect(feasibleReactions(g, d, a2, [])).toEqual(['hold']);
    step10Reactions(g);
    expect(events.flatMap((e) => (e.type === 'reaction' ? [e.reaction] : []))).toEqual(['hold']);
    expect(g.counters[2 * EXTRA_INDEX.evades + 1]).toBe(0);
    expect(engagedUnits(g, d, a1)).toBe(true);
    expect(engagedUnits(g, d, a2)).toBe(true);
    expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
  });

  it('barred: a target in no contact may still evade (9.r3)', () => {
    const g = gameOf(assault({ orders: 'manoeuvre' }, { options: { 'burt.evadeInContact': 'barred' } }));
    step4Declare(g);
    expect(feasibleReactions(g, unit(g, 'D'), unit(g, 'A'), [])).toEqual(['countercharge', 'evade', 'hold']);
  });
});

describe('3.10: an assault with no assaulter left (9)', () => {
  /** Two shaken columns assault two lines; the attacker's army morale is 1. */
  const twoAssaults = (): Setup => ({
    attacker: [battalion('A1', 8, { formation: 'column', orders: 'assault', offset: -4 }), battalion('A2', 8, { formation: 'column', orders: 'assault', offset: 4 })],
    defender: [battalion('D1', 0, { offset: -4 }), battalion('D2', 0, { offset: 4 })],
    attackerMorale: 1,
  });

  it('9, 10: A1 fails its assault test and routs, the army morale test routs A2: D2, assaulted by nobody now, takes no test', () => {
    // D1 stands (6) and fires six dice of 1; A1 fails (1), routs; army morale 0: A2 fails (1), routs.
    // One face is left for a test of D2's that must not be taken (a 1 would rout it).
    const dice = new ScriptedDice({ '1.morale': [6, 1], '1.fire': [1, 1, 1, 1, 1, 1], '0.morale': [1, 1] });
    const events: BurtEvent[] = [];
    const g = gameOf(twoAssaults(), dice, events);
    const [a1, a2, d2] = [unit(g, 'A1'), unit(g, 'A2'), unit(g, 'D2')];
    g.level[a1] = SHAKEN;
    g.level[a2] = SHAKEN;
    step4Declare(g);
    expect(g.assaultTarget[a2]).toBe(d2);
    step10Reactions(g);
    expect(g.level[a1]).toBe(ROUT);
    expect(g.level[a2]).toBe(ROUT);
    expect(g.level[d2]).toBe(0);
    expect(dice.left(1, 'morale')).toBe(1);
    expect(events.filter((e) => e.type === 'check' && e.unit === 'D2')).toEqual([]);
    expect(events.filter((e) => e.type === 'reaction' && e.unit === 'D2')).toEqual([]);
  });
});

describe('3.10: an assaulter engaged by another enemy before its turn (9, 4)', () => {
  it('9: X assaults T, and C charges X home first: X, fighting C where it stands, cannot move into contact with T; its assault is called off untested, and T, no longer assaulted, takes no test', () => {
    // X (a Prussian line 6" wide) overlaps both French columns: T, its target, and C, which assaults it.
    const events: BurtEvent[] = [];
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] }); // X's test as assaulted, C's to assault: no more
    const g = gameOf(
      {
        attacker: [battalion('C', 6, { formation: 'column', orders: 'assault', offset: 5 }), battalion('T', 5.5, { formation: 'column', orders: 'regroup', offset: -1 })],
        defender: [battalion('X', 0, { orders: 'assault', offset: 3 })],
      },
      dice,
      events,
    );
    const [c, t, x] = [unit(g, 'C'), unit(g, 'T'), unit(g, 'X')];
    g.first = 1; // X declares first, on T (5.5" away, nearer than C), then C on X
    step4Declare(g);
    expect([g.assaultTarget[x], g.assaultTarget[c]]).toEqual([t, x]);
    g.first = 0; // C's assault on X is resolved first
    step10Reactions(g);
    expect(engagedUnits(g, c, x)).toBe(true);
    expect(events.flatMap((e) => (e.type === 'check' ? [`${e.unit} ${e.purpose}`] : []))).toEqual(['X assaulted', 'C assault']);
    expect(events.filter((e) => e.type === 'reaction' && e.unit === 'T')).toEqual([]);
    expect(g.assaultTarget[x]).toBe(-1);
    expect(g.counters[2 * EXTRA_INDEX.assaultsFailed + 1]).toBe(1); // X's, called off
    expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
  });
});

describe('3.10: a mutual assault (9; burt.mutualAssault)', () => {
  /** A column 8" from a line, both with ASSAULT orders: A closes to 4", then D to 2". */
  const mutual = (options: Record<string, string> = {}): Setup => ({
    attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' })],
    defender: [battalion('D', 0, { orders: 'assault' })],
    options,
  });
  const checks = (events: BurtEvent[]) => events.flatMap((e) => (e.type === 'check' ? [`${e.unit} ${e.purpose}`] : []));

  it('bothRoles: each is assaulted and assaulting: both test as assaulted, then both to assault, before either moves; both pass and they meet half way', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 6, 6], '1.morale': [6, 6, 6] });
    const events: BurtEvent[] = [];
    const g = gameOf(mutual(), dice, events);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step4Declare(g);
    expect([g.assaultTarget[a], g.assaultTarget[d], g.body[a].front, g.body[d].front]).toEqual([d, a, 4, 2]);
    step10Reactions(g);
    expect(checks(events)).toEqual(['D assaulted', 'A assaulted', 'A assault', 'D assault']);
    expect(g.body[a].front).toBeCloseTo(3, 9);
    expect(g.body[d].front).toBeCloseTo(3, 9);
    expect([g.charging[a], g.charging[d]]).toEqual([1, 1]);
    expect(inContactWithEnemy(g, a)).toBe(true);
    // One charge declared and one home each: the two declarations, not counted again as countercharges.
    expect(g.res.sides.map((s) => [s.chargesDeclared, s.chargesHome])).toEqual([[1, 1], [1, 1]]);
    expect([dice.left(0, 'morale'), dice.left(1, 'morale')]).toEqual([1, 1]);
  });

  it('bothRoles: A fails its test to assault (a level, no assault); D passes and goes in with the rest of its reach, to A where it stands', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 1], '1.morale': [6, 6] });
    const g = gameOf(mutual(), dice);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step4Declare(g);
    step10Reactions(g);
    expect(g.level[a]).toBe(UNFORMED);
    expect(g.body[a].front).toBeCloseTo(4, 9);
    expect(g.body[d].front).toBeCloseTo(4, 9);
    expect([g.charging[a], g.charging[d]]).toEqual([0, 1]);
    expect(g.res.sides.map((s) => s.chargesHome)).toEqual([0, 1]);
  });

  it('bothRoles, 9, 7: D fails its being-assaulted test and routs: its assault is over, so A takes no being-assaulted test, and goes in against the router', () => {
    const dice = new ScriptedDice({ '1.morale': [1], '0.morale': [6] });
    const events: BurtEvent[] = [];
    const g = gameOf(mutual(), dice, events);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step4Declare(g);
    step10Reactions(g);
    expect(checks(events)).toEqual(['D assaulted', 'A assault']);
    expect(g.level[d]).toBe(ROUT);
    expect(inContactWithEnemy(g, a)).toBe(true);
    expect(g.charging[a]).toBe(1);
  });

  it('bothRoles, 5: each comes on with what its step-4 advance left of its reach: D, its 6" spent crossing a hedge in a wood, stays short; A meets it half way', () => {
    // A hedge at 1 in a wood from 0 to 4: D's 2" advance cost half a move for the hedge and double for the wood, 6" in all.
    const dice = new ScriptedDice({ '0.morale': [6, 6, 6], '1.morale': [6, 6, 6] });
    const events: BurtEvent[] = [];
    const g = gameOf({ ...mutual(), terrain: [{ kind: 'hedge', from: 1, to: 1 }, { kind: 'woods', from: 0, to: 4 }] }, dice, events);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step4Declare(g);
    expect(g.assaultSpent[d]).toBeCloseTo(6, 9);
    step10Reactions(g);
    expect(events.filter((e) => e.type === 'charge')).toMatchObject([
      { units: ['A'], from: 4, to: 3, ended: 'meets' },
      { units: ['D'], from: 2, to: 2, ended: 'short', gap: 1 },
    ]);
    expect(inContactWithEnemy(g, a)).toBe(false);
    expect(g.res.sides.map((s) => s.chargesHome)).toEqual([0, 0]);
  });

  it('firstDeclared: the first declaration (A\'s) is resolved; D, with ASSAULT orders, countercharges; A tests and goes in; D\'s own assault is spent, no test of A as assaulted', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 6], '1.morale': [6, 6] });
    const events: BurtEvent[] = [];
    const g = gameOf(mutual({ 'burt.mutualAssault': 'firstDeclared' }), dice, events);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step4Declare(g);
    step10Reactions(g);
    expect(checks(events)).toEqual(['D assaulted', 'A assault']);
    expect(g.body[a].front).toBeCloseTo(3, 9);
    expect(g.body[d].front).toBeCloseTo(3, 9);
    expect(g.assaultTarget[d]).toBe(-1);
    expect(g.res.sides.map((s) => [s.chargesDeclared, s.chargesHome])).toEqual([[1, 1], [1, 1]]);
    expect([dice.left(0, 'morale'), dice.left(1, 'morale')]).toEqual([1, 1]);
  });
});

describe('3.10: an assaulted reserve (4, 9, 11; burt.assaultedReserveOrders, burt.reserveReaction)', () => {
  /** A column 8" from a line with RESERVE orders (army morale 5: leaving RESERVE calls no army test). */
  const reserve = (options: Record<string, string> = {}): Setup => ({ ...assault({ orders: 'reserve' }), defenderMorale: 5, options });
  const run = (options: Record<string, string> = {}) => {
    const dice = new ScriptedDice({ '1.morale': [6], '1.fire': [1, 1, 1, 1, 1, 1], '0.morale': [6] });
    const events: BurtEvent[] = [];
    const g = gameOf(reserve(options), dice, events);
    const d = unit(g, 'D');
    step4Declare(g);
    const afterDeclaring = g.order[d];
    step10Reactions(g);
    const said = events.flatMap((e) => (e.type === 'reaction' ? [`reacts ${e.reaction}`] : e.type === 'orders' ? [`${e.from} -> ${e.to}`] : []));
    return { g, d, afterDeclaring, said };
  };

  it('afterReaction, section9: the reserve reacts as a reserve, firing (9.r1), and then takes MANOEUVER orders (11)', () => {
    const { g, d, afterDeclaring, said } = run();
    expect(afterDeclaring).toBe(RESERVE);
    expect(said).toEqual(['reacts fire', 'reserve -> manoeuvre']);
    expect(g.order[d]).toBe(MANOEUVRE);
    expect(g.counters[2 * EXTRA_INDEX.reactionVolleys + 1]).toBe(1);
  });

  it('afterReaction, section4: the reserve may not fire or fight (4): it holds, then takes MANOEUVER orders', () => {
    const { said } = run({ 'burt.reserveReaction': 'section4' });
    expect(said).toEqual(['reacts hold', 'reserve -> manoeuvre']);
  });

  it('atDeclaration: the reserve takes MANOEUVER orders when the assault is declared, and reacts as MANOEUVER (hold: no fire)', () => {
    const { afterDeclaring, said } = run({ 'burt.assaultedReserveOrders': 'atDeclaration' });
    expect(afterDeclaring).toBe(MANOEUVRE);
    expect(said).toEqual(['reserve -> manoeuvre', 'reacts hold']);
  });
});

describe('3.11 melee (9, 11)', () => {
  /** A column in contact with a line, charging home this turn. */
  const contact = (extra: Partial<Setup> = {}, attacker: Record<string, unknown> = battalion('A', 0, { formation: 'column', orders: 'assault' })) => (dice: ScriptedDice) => {
    const g = gameOf({ attacker: [attacker], defender: [battalion('D', 0)], ...extra }, dice);
    g.contactTurn.fill(1);
    g.charging[unit(g, 'A')] = 1;
    return g;
  };

  it('9, 8: casualties on a battery\'s crews in melee count as casualties this turn though no gun is lost (6: a die per casualty against the crew)', () => {
    // The column's 8 figures: 2 dice on 3+ (charging, deeper) hit; the crews save on 6+ (unformed): 1 1; the guns roll 1 1 (none out).
    const dice = new ScriptedDice({ '0.fire': [3, 3, 1, 1, 1, 1], '1.fire': [1, 1, 1, 1, 1, 1, 1, 1] });
    const g = contact({ defender: [{ id: 'D', arm: 'guns', guns: 4, at: 0, orders: 'fire' }] })(dice);
    const d = unit(g, 'D');
    step11Melee(g);
    expect(dice.left(0, 'fire')).toBe(0);
    expect(g.guns[d]).toBe(4);
    expect(g.casualtiesTurn[d]).toBe(1);
    expect(g.casualtiesTurn[unit(g, 'A')]).toBe(0);
  });

  it('9 (burt.zeroCasualtyBreak true): the column (8 figures, 2 dice, hit on 3+: charging, deeper) removes one, the line none: the line breaks and the winner takes its ground', () => {
    const g = contact()(new ScriptedDice({ '0.fire': [3, 1, 1], '1.fire': [1, 1] }));
    step11Melee(g);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    expect(g.level[d]).toBe(ROUT);
    expect(g.takeGround[a]).toBe(d);
    expect(g.groundX[a]).toBeCloseTo(-1, 9);
    expect(g.res.sides[0].chargesWon).toBe(1);
  });

  it('9 (burt.zeroCasualtyBreak false, burt.pushBack halfMove): one against none pushes the line back 2" and the column follows up', () => {
    const g = contact({ options: { 'burt.zeroCasualtyBreak': false } })(new ScriptedDice({ '0.fire': [3, 1, 1], '1.fire': [1, 1] }));
    step11Melee(g);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    expect(g.level[d]).toBe(0);
    expect(g.body[d].front).toBeCloseTo(-2, 9);
    expect(g.body[a].front).toBeCloseTo(-2, 9);
    expect(g.followingUp[a]).toBe(1);
    expect(g.pushedBack[d]).toBe(1);
    expect(g.meleeTest[a] + g.meleeTest[d]).toBe(2); // burt.indecisiveMelee noBreak: a push-back is indecisive too
  });

  it('9, 11: after a push-back not followed up the sides part, and both come out of the melee with REGROUP orders', () => {
    const g = contact({ options: { 'burt.zeroCasualtyBreak': false }, attackerDoctrine: { preset: 'column-assault', followUp: false } })(new ScriptedDice({ '0.fire': [3, 1, 1], '1.fire': [1, 1] }));
    step11Melee(g);
    expect(g.order[unit(g, 'A')]).toBe(REGROUP);
    expect(g.order[unit(g, 'D')]).toBe(REGROUP);
  });

  /**
   * The column charges home and misses twice; the line (FIRE orders, 8 figures in contact: 2 dice on 5)
   * hits once and the column's save of 1 fails: one against none pushes the column back 3" (half a
   * column's move).
   */
  const fireWinner = (options: Record<string, string | boolean>, defenderDoctrine?: unknown, ai: number[] = []) => {
    const dice = new ScriptedDice({ '0.fire': [1, 1], '1.fire': [5, 1, 1], '1.ai': ai });
    const g = contact({ options: { 'burt.zeroCasualtyBreak': false, ...options }, ...(defenderDoctrine ? { defenderDoctrine } : {}) })(dice);
    step11Melee(g);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    expect(g.pushedBack[a]).toBe(1);
    expect(g.body[a].front).toBeCloseTo(3, 9);
    expect(dice.left(1, 'ai')).toBe(0);
    return { g, a, d };
  };

  it('4, 9 (burt.followUpOrders anyOrders): a winner with FIRE orders follows up the column it pushed back, and fights on', () => {
    const { g, a, d } = fireWinner({});
    expect(g.body[d].front).toBeCloseTo(3, 9);
    expect(g.followingUp[d]).toBe(1);
    expect(engagedUnits(g, a, d)).toBe(true);
    expect(g.order[d]).toBe(FIRE); // still in melee (11)
  });

  it('4, 9 (burt.followUpOrders assaultOrders): a winner with FIRE orders may not engage in combat (4): it stays where it fought, and both come out of the melee with REGROUP orders (11)', () => {
    const { g, a, d } = fireWinner({ 'burt.followUpOrders': 'assaultOrders' });
    expect(g.body[d].front).toBeCloseTo(0, 9);
    expect(g.followingUp[d]).toBe(0);
    expect(inContactWithEnemy(g, a)).toBe(false);
    expect([g.order[a], g.order[d]]).toEqual([REGROUP, REGROUP]);
  });

  it('4, 9 (burt.followUpOrders): random-legal chooses whether to follow up only where its orders let it: a coin under anyOrders, none under assaultOrders', () => {
    expect(fireWinner({}, 'random-legal', [1]).g.followingUp[1]).toBe(1); // a coin under 0.5 follows up
    expect(fireWinner({ 'burt.followUpOrders': 'assaultOrders' }, 'random-legal').g.followingUp[1]).toBe(0);
  });

  it('4, 9 (burt.followUpOrders assaultOrders): a winner with ASSAULT orders still follows up', () => {
    const g = contact({ options: { 'burt.zeroCasualtyBreak': false, 'burt.followUpOrders': 'assaultOrders' } })(new ScriptedDice({ '0.fire': [3, 1, 1], '1.fire': [1, 1] }));
    step11Melee(g);
    expect(g.followingUp[unit(g, 'A')]).toBe(1);
    expect(g.body[unit(g, 'A')].front).toBeCloseTo(-2, 9);
  });

  it('9 (burt.pushBack halfMove): a loser hit in the rear (facing away) is pushed back away from the winner, forwards 2"', () => {
    const dice = new ScriptedDice({ '0.fire': [3, 1, 1], '1.fire': [1, 1] });
    const g = gameOf({ attacker: [battalion('A', 0, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0)], options: { 'burt.zeroCasualtyBreak': false } }, dice);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    faceAbout(g, d); // D's rear at 0, against A's front; its front at -1, facing -x
    g.contactTurn.fill(1);
    g.charging[a] = 1;
    step11Melee(g);
    expect(g.pushedBack[d]).toBe(1);
    expect(g.body[d].front).toBeCloseTo(-3, 9);
    expect(g.body[a].front).toBeCloseTo(-2, 9); // A followed up, to D's rear
  });

  it('9: no casualties either side is indecisive: both test in step 12, and fight on next turn in contact', () => {
    const g = contact()(new ScriptedDice({ '0.fire': [1, 1], '1.fire': [1, 1] }));
    step11Melee(g);
    expect(g.meleeTest[unit(g, 'A')]).toBe(1);
    expect(g.meleeTest[unit(g, 'D')]).toBe(1);
    expect(inContactWithEnemy(g, unit(g, 'A'))).toBe(true);
    expect(g.order[unit(g, 'D')]).toBe(FIRE);
  });

  it('3.3, 9 (burt.pursuit cavalryMust): armoured cavalry (hit on 2+ at first contact) breaking the line must pursue it', () => {
    const cav = { id: 'A', arm: 'cavalry', figures: 16, armoured: true, at: 0, formation: 'line', orders: 'assault' };
    const g = contact({}, cav)(new ScriptedDice({ '0.fire': [2, 1, 1], '1.fire': [1, 1, 1] }));
    step11Melee(g);
    expect(g.level[unit(g, 'D')]).toBe(ROUT);
    expect(g.pursuing[unit(g, 'A')]).toBe(unit(g, 'D'));
    expect(g.counters[2 * EXTRA_INDEX.pursuits]).toBe(1);
  });

  it('9 (burt.lightCavalryFormed attacking): light cavalry charged by a column does not attack: it hits the formed column on 5, not 6', () => {
    // The column (8 figures in 4") on 3+ misses twice; the hussars' 5 figures in it roll a die on 5 and
    // the left-over die on 6: the 5 hits and the column's save of 1 fails. Under fighting they need 6.
    const hussars = { id: 'D', arm: 'cavalry', light: true, figures: 16, at: 0, formation: 'line', orders: 'fire' };
    const play = (lightCavalryFormed: string) => {
      const dice = new ScriptedDice({ '0.fire': [1, 1], '1.fire': [5, 1, 1] });
      const g = contact({ defender: [hussars], options: { 'burt.lightCavalryFormed': lightCavalryFormed } })(dice);
      step11Melee(g);
      return { g, lost: 24 - g.figures[unit(g, 'A')], left: dice.left(1, 'fire') };
    };
    const attacking = play('attacking');
    expect(attacking.lost).toBe(1);
    expect(attacking.left).toBe(0);
    const fighting = play('fighting');
    expect(fighting.lost).toBe(0);
    expect(fighting.left).toBe(1);
  });

  it('9 (burt.lightCavalryFormed attacking): light cavalry that charged a formed line hits on 6 (+1), and still does in a later round of the melee', () => {
    const hussars = { id: 'A', arm: 'cavalry', light: true, figures: 16, at: 0, formation: 'line', orders: 'assault' };
    // 8 hussars in contact (2 dice), 12 of the line (3 dice); the first round misses on both sides.
    const dice = new ScriptedDice({ '0.fire': [1, 1, 5, 1], '1.fire': [1, 1, 1, 1, 1, 1] });
    const g = contact({}, hussars)(dice);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step11Melee(g);
    expect(g.attacking[a]).toBe(1);
    expect(inContactWithEnemy(g, a)).toBe(true);
    // The next turn: no longer charging, not following up, but still the attacker: a 5 no longer hits (5 + 1).
    g.turn = 2;
    g.charging[a] = 0;
    step11Melee(g);
    expect(g.figures[d]).toBe(24);
    expect(dice.left(0, 'fire')).toBe(0);
  });

  it('9: figures in contact are those inside the shared frontage: a 4" column against a 6" line fights with 8 figures each way', () => {
    const dice = new ScriptedDice({ '0.fire': [1, 1], '1.fire': [1, 1] });
    const g = contact()(dice);
    expect(g.formation[unit(g, 'A')]).toBe(COLUMN);
    step11Melee(g);
    expect(dice.left(0, 'fire') + dice.left(1, 'fire')).toBe(0);
  });
});

describe('3.11: contact kept while a unit closes its ranks (9; docs/rules/burt.md, "Contact and melee")', () => {
  /**
   * A French column (24 figures, 4") with its front against the rear of a routing Prussian column of 9
   * figures (one base wide, three ranks: 2" by 1.5", facing away, rear at 0): 4 figures a side in
   * contact, a die each. The French hit on 1 or better (charging, rear, routers: 5 - 1 - 1 - 2), the
   * routers save on 6 (+1, routing) and hit on 7 (a 6, then 4 or more).
   */
  const router = (options: Record<string, boolean> = {}) => (dice: ScriptedDice) => {
    const g = gameOf({ attacker: [battalion('A', 0, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { formation: 'column', figures: 9 })], options }, dice);
    const d = unit(g, 'D');
    faceAbout(g, d);
    g.level[d] = ROUT;
    g.contactTurn.fill(1);
    g.charging[unit(g, 'A')] = 1;
    return g;
  };

  it('9 (burt.zeroCasualtyBreak false): a router losing a rank (9 -> 8 figures, 1.5" -> 1" deep) keeps its rear against the winner, which follows it up 3" into contact', () => {
    const dice = new ScriptedDice({ '0.fire': [3, 1], '1.fire': [1] });
    const g = router({ 'burt.zeroCasualtyBreak': false })(dice);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step11Melee(g);
    expect(g.figures[d]).toBe(8);
    expect(g.body[d].depth).toBe(1);
    expect(g.pushedBack[d]).toBe(1);
    // Pushed 3" (half a column's move) from its rear at 0: rear at -3, front at -4.
    expect(g.body[d].front).toBeCloseTo(-4, 9);
    expect(g.body[a].front).toBeCloseTo(-3, 9);
    expect(g.followingUp[a]).toBe(1);
    expect(engagedUnits(g, a, d)).toBe(true);
    expect(g.order[a]).toBe(ASSAULT); // still in melee: no REGROUP (11)
    expect(dice.left(0, 'fire') + dice.left(1, 'fire')).toBe(0);
  });

  it('9: an indecisive round (one each) leaves the router in contact, its ranks closed toward the winner; the melee goes on', () => {
    const dice = new ScriptedDice({ '0.fire': [3, 1], '1.fire': [6, 4, 1] });
    const g = router()(dice);
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    step11Melee(g);
    expect(g.figures[a]).toBe(23);
    expect(g.figures[d]).toBe(8);
    expect(g.body[d].front).toBeCloseTo(-1, 9); // rear kept at 0
    expect(inContactWithEnemy(g, a)).toBe(true);
    expect(g.meleeTest[a]).toBe(1);
    expect(g.order[a]).toBe(ASSAULT);
  });

  it('a line touched at its edge (0.5" shared) closes its frontage (24 -> 20 figures, 6" -> 5") toward the enemy, keeping one figure in contact', () => {
    const g = gameOf({ attacker: [battalion('A', 0, { formation: 'column', offset: 4.5 })], defender: [battalion('D', 0)] });
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    expect(engagedUnits(g, a, d)).toBe(true);
    loseFigures(g, d, 4, false, false);
    expect(g.body[d].frontage).toBe(5);
    // Centred it would span -2.5 to 2.5 and lose the column (2.5 to 6.5); it spans -2 to 3.
    expect(g.body[d].offset).toBeCloseTo(0.5, 9);
    expect(engagedUnits(g, a, d)).toBe(true);
  });

  it('with no enemy touching it, a line closes its frontage on its centre', () => {
    const g = gameOf({ attacker: [battalion('A', 10, { formation: 'column', offset: 4.5 })], defender: [battalion('D', 0)] });
    const d = unit(g, 'D');
    loseFigures(g, d, 4, false, false);
    expect(g.body[d].frontage).toBe(5);
    expect(g.body[d].offset).toBe(0);
  });
});

describe('3.10: where a charge ended, as the story tells it (9)', () => {
  /**
   * A French column assaults a Prussian line at 0 from 8" (step 4 brings it to 4"); a second Prussian
   * battalion, E, stands off its path until it steps in front of the line (front at 2", between them).
   */
  const blocked = (eFront: number, eOrders = 'regroup') => {
    const events: BurtEvent[] = [];
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const g = gameOf({ attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'regroup' }), battalion('E', 0, { offset: 5, formation: 'column', orders: eOrders })] }, dice, events);
    step4Declare(g);
    const e = unit(g, 'E');
    g.body[e].offset = 0;
    g.body[e].front = eFront;
    bodyMoved(g, e);
    events.length = 0;
    step10Reactions(g);
    const story = narrate(events, subjectOf(g.c, 'test'), g.res).lines.map((l) => l.text);
    return { g, events, story };
  };

  it('9: a charge stopped by another enemy in its path ends against that enemy, which it has charged: charging and first contact for the melee, a charge home, and the story names it', () => {
    const { g, events, story } = blocked(2);
    const [a, e] = [unit(g, 'A'), unit(g, 'E')];
    const charge = events.find((x) => x.type === 'charge');
    expect(charge).toMatchObject({ units: ['A'], target: 'D', from: 4, to: 2, ended: 'blocked', by: 'E', gap: 2 });
    expect(story).toContain('A charges D: front 4" -> 2", stopped: E is in the way, and it charged that enemy instead; D is 2" away beyond it (9)');
    expect(engagedUnits(g, a, e)).toBe(true);
    // 9: "charging" is the charger's own move into contact; the text ties it to no target.
    expect(g.charging[a]).toBe(1);
    expect(fighterOf(g, a, e, {} as MeleeFighter).chargingOrFollowingUp).toBe(true);
    expect([g.contactTurn[a], g.contactTurn[e]]).toEqual([g.turn, g.turn]); // first contact (deeper, armoured or lancers)
    expect(g.res.sides[0].chargesHome).toBe(1);
    expect(g.counters[2 * EXTRA_INDEX.assaultsFailed]).toBe(0);
  });

  it('11, 10: a RESERVE unit a charge stopped against and charged home on is itself assaulted: it takes MANOEUVER orders at contact, and its army loses a point of morale for leaving RESERVE', () => {
    const { g, events, story } = blocked(2, 'reserve');
    const [a, e] = [unit(g, 'A'), unit(g, 'E')];
    expect(engagedUnits(g, a, e)).toBe(true);
    expect(g.order[e]).toBe(MANOEUVRE);
    expect(g.armyMorale[1]).toBe(1); // 2 units: 2, less 1 for leaving RESERVE (10)
    expect(events.filter((x) => x.type === 'check' && x.unit === 'E')).toEqual([]); // still no being-assaulted test: it was not designated (5.1)
    expect(story.some((l) => l.includes('E') && l.includes('assaulted (11)'))).toBe(true);
  });

  it('11: a RESERVE unit standing off the charge\'s path keeps its orders', () => {
    const { g } = blocked(-20, 'reserve');
    expect(g.order[unit(g, 'E')]).toBe(RESERVE);
    expect(g.armyMorale[1]).toBe(2);
  });

  it('9, 4: an assaulter already touching another enemy when its assault comes up is fighting it: no test on either side, no charge (called off)', () => {
    const { g, events } = blocked(4);
    expect(events.filter((e) => e.type === 'check' || e.type === 'reaction' || e.type === 'charge')).toEqual([]);
    expect(g.charging[unit(g, 'A')]).toBe(0);
    expect(g.assaultTarget[unit(g, 'A')]).toBe(-1);
    expect(g.res.sides[0].chargesHome).toBe(0);
    expect(g.counters[2 * EXTRA_INDEX.assaultsFailed]).toBe(1);
  });

  it.each(['bothRoles', 'firstDeclared'])('9, 4 (burt.mutualAssault %s): one of a mutual pair that another enemy charged home on earlier in step 10 has its own assault called off: its partner takes no being-assaulted test from it, and it makes no reaction against it', (rule) => {
    // C's charge at Z runs into X, which stands in its path; X and Y assault each other, X coming up first as a target.
    const events: BurtEvent[] = [];
    const dice = new ScriptedDice({ '1.morale': [6, 6, 6, 6], '0.morale': [6, 6, 6, 6] });
    const g = gameOf(
      {
        attacker: [battalion('C', 20, { formation: 'column', orders: 'assault', offset: 4 }), battalion('Y', 20, { formation: 'column', orders: 'assault', offset: -3 })],
        options: { 'burt.mutualAssault': rule },
        defender: [battalion('Z', 0, { formation: 'column', orders: 'regroup', offset: 4 }), battalion('X', -10, { orders: 'assault', offset: 0 })],
      },
      dice,
      events,
    );
    const [c, y, z, x] = ['C', 'Y', 'Z', 'X'].map((id) => unit(g, id));
    const place = (u: number, front: number) => ((g.body[u].front = front), bodyMoved(g, u));
    place(c, 4);
    place(y, 5);
    place(x, 2);
    g.assaultTarget[c] = z;
    g.assaultTarget[y] = x;
    g.assaultTarget[x] = y;
    g.first = 0;
    step10Reactions(g);
    expect(events.find((e) => e.type === 'charge' && e.units[0] === 'C')).toMatchObject({ ended: 'blocked', by: 'X' });
    expect(events.filter((e) => e.type === 'check' && e.purpose === 'assaulted').map((e) => (e as { unit: string }).unit)).toEqual(['Z', 'X']); // not Y
    expect(events.filter((e) => e.type === 'reaction' && e.unit === 'X').map((e) => (e as { reaction: string }).reaction)).not.toContain('mutual assault');
    expect(g.assaultTarget[x]).toBe(-1);
    expect(engagedUnits(g, y, x)).toBe(true); // Y still goes in on X
  });

  it('7, 9: a charger that has routed is told as routed, not as its reach spent short', () => {
    const { g } = blocked(-20);
    const events: BurtEvent[] = [];
    g.sink = (e) => events.push(e as BurtEvent);
    const a = unit(g, 'A');
    g.level[a] = ROUT;
    g.moveEnd = 2;
    chargeEvent(g, a, unit(g, 'D'), 4, 'short');
    expect(events[0]).toMatchObject({ type: 'charge', ended: 'routed', from: 4, to: 2 });
    const story = narrate(events, subjectOf(g.c, 'test'), g.res).lines.map((l) => l.text);
    expect(story.some((l) => l.includes('A charges D: front 4" -> 2": it routed (7) and did not reach it (9)'))).toBe(true);
  });

  it('9: a charge that reaches its target is home, told as before', () => {
    const { events, story } = blocked(-20); // E behind the line, off the path
    expect(events.find((e) => e.type === 'charge')).toMatchObject({ from: 4, to: 0, ended: 'home', by: null, gap: 0 });
    expect(story).toContain('A charges D: front 4" -> 0" (9)');
  });
});

describe('3.10: a charger that routs on the way stops where it routed (5, 7, 8, 12; 3.3)', () => {
  /**
   * A shaken French column (charge reach 8") assaults a Prussian line at 0 from `at`: step 4 brings it
   * half way. Both pass their tests; the column goes in with the reach left, and a level lost on the
   * way routs it.
   */
  const shakenCharge = (at: number, setup: Partial<Setup>, place?: (g: ReturnType<typeof gameOf>) => void) => {
    const events: BurtEvent[] = [];
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const g = gameOf({ attacker: [battalion('A', at, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'regroup' })], ...setup }, dice, events);
    g.level[unit(g, 'A')] = SHAKEN;
    step4Declare(g);
    place?.(g);
    events.length = 0;
    step10Reactions(g);
    expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
    return { g, a: unit(g, 'A'), charge: events.find((e) => e.type === 'charge') };
  };
  const wood = { terrain: [{ kind: 'woods', from: -4, to: 1 }] }; // D's front at 0 stands 1" inside it

  it('5, 7: entering difficult ground costs the shaken charger its last level at the edge: it routs there, short of its target, no charge home', () => {
    // From 2" with 6" of reach left it would have reached D: 1" of open ground, then 1" of wood at half rate.
    const { g, a, charge } = shakenCharge(4, wood);
    expect(g.level[a]).toBe(ROUT);
    expect(charge).toMatchObject({ units: ['A'], target: 'D', from: 2, to: 1, ended: 'routed' });
    expect(axialMin(g.body[a])).toBeCloseTo(1, 9); // turned about where it routed (3.3: its rout move comes next turn)
    expect(inContactWithEnemy(g, a)).toBe(false);
    expect(g.charging[a]).toBe(0);
    expect(g.res.sides[0].chargesHome).toBe(0);
  });

  it('12, 7: passing wholly through a friend costs the shaken charger its last level: it routs just beyond the friend, not at the end of its reach', () => {
    // F, a French column 1.5" deep, steps into A's path with its front at 2.5" (its rear at 4", against A's front).
    const { g, a, charge } = shakenCharge(8, { attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' }), battalion('F', 8, { formation: 'column', offset: 5, orders: 'regroup' })] }, (g) => {
      const f = unit(g, 'F');
      g.body[f].offset = 0;
      g.body[f].front = 2.5;
      bodyMoved(g, f);
    });
    expect(g.level[a]).toBe(ROUT);
    expect(g.level[unit(g, 'F')]).toBe(UNFORMED); // 12: both bodies lose a level
    expect(charge).toMatchObject({ from: 4, to: 1, ended: 'routed' }); // its rear (5.5") come to F's front (2.5")
    expect(axialMin(g.body[a])).toBeCloseTo(1, 9);
    expect(inContactWithEnemy(g, a)).toBe(false);
    expect(g.res.sides[0].chargesHome).toBe(0);
  });

  it('5: a level lost on the way that does not rout the charger leaves its charge as it was: home, charging', () => {
    const { g, a, charge } = shakenCharge(4, wood, (g) => (g.level[unit(g, 'A')] = UNFORMED));
    expect(g.level[a]).toBe(DISORDERED);
    expect(charge).toMatchObject({ from: 2, to: 0, ended: 'home' });
    expect(g.charging[a]).toBe(1);
    expect(g.res.sides[0].chargesHome).toBe(1);
  });
});

describe('3.10: a countercharge needs a clear path (9.r2)', () => {
  /**
   * A Prussian line with MANOEUVER orders, assaulted by a column from 8" (4" after step 4), with a
   * friend (a column, E) stepped in front of it (front at 2.5", rear at 1"): the line may not
   * countercharge through it.
   */
  const reactions = (eFront: number | null) => {
    const g = gameOf({ attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'manoeuvre' }), battalion('E', -20, { offset: 5, formation: 'column', orders: 'regroup' })] });
    step4Declare(g);
    const e = unit(g, 'E');
    if (eFront !== null) {
      g.body[e].offset = 0;
      g.body[e].front = eFront;
      bodyMoved(g, e);
    }
    return feasibleReactions(g, unit(g, 'D'), unit(g, 'A'), []);
  };

  it('9.r2: with the path clear the line may countercharge (4" away, in its 6" reach)', () => {
    expect(reactions(null)).toContain('countercharge');
  });

  it('9.r2: with a friend in the way it may not, as a friend blocks an assault', () => {
    expect(reactions(2.5)).not.toContain('countercharge');
  });
});

describe('3.10: the charge goes in with the reach the step-4 advance left, at its cost (5, 9)', () => {
  /**
   * A French column (move 6", charge reach 8") at 8" assaults a Prussian line at 0 (REGROUP: it holds).
   * Step 4 closes half the gap, 4" of ground; step 10 gives the column what is left of its 8" budget.
   */
  const goIn = (terrain: Setup['terrain']) => {
    const events: BurtEvent[] = [];
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const g = gameOf(assault({ orders: 'regroup' }, { terrain }), dice, events);
    const a = unit(g, 'A');
    step4Declare(g);
    const advanced = g.body[a].front;
    step10Reactions(g);
    expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
    return { g, a, advanced, charge: events.find((e) => e.type === 'charge') };
  };

  it('9: in the open the advance costs its ground (4"), and the 4" left take the column home', () => {
    const { g, a, advanced, charge } = goIn([]);
    expect(advanced).toBe(4);
    expect(g.assaultSpent[a]).toBe(4);
    expect(charge).toMatchObject({ from: 4, to: 0, ended: 'home' });
    expect(inContactWithEnemy(g, a)).toBe(true);
  });

  it('5: a hedge crossed in the advance costs half a move (3") besides the 4" of ground: 1" is left, and the charge falls short', () => {
    const { g, a, advanced, charge } = goIn([{ kind: 'hedge', from: 6, to: 6 }]);
    expect(advanced).toBe(4);
    expect(g.assaultSpent[a]).toBeCloseTo(7, 9);
    expect(charge).toMatchObject({ from: 4, to: 3, ended: 'short' }); // 8" of reach in all: 4 + 3 + 1
    expect(inContactWithEnemy(g, a)).toBe(false);
    expect(g.res.sides[0].chargesHome).toBe(0);
  });

  it('5: woods at half rate make the advance cost 7" (1" open, 3" of wood): the 1" left goes half an inch into the wood', () => {
    const { g, a, charge } = goIn([{ kind: 'woods', from: 2, to: 7 }]);
    expect(g.assaultSpent[a]).toBeCloseTo(7, 9);
    expect(charge).toMatchObject({ from: 4, to: 3.5, ended: 'short' });
    expect(inContactWithEnemy(g, a)).toBe(false);
  });
});

describe('3.10: a countercharge has only what the step-4 advance left of the charge reach (5, 9.r2)', () => {
  /**
   * A column (reach 8") at 8 and a line (move 4", reach 6") at 0, both with ASSAULT orders
   * (burt.mutualAssault firstDeclared: A's assault is resolved, and D must countercharge it, 9). Step 4
   * closes A to 4 and D to 2: in the open D's 2" cost 2" of its reach; with a hedge at 1 in a wood from
   * 0 to 4 they cost all 6" (half a move for the hedge, double for the wood, 5).
   */
  const setup = (terrain: Setup['terrain'], dice?: ScriptedDice, events?: BurtEvent[]) => {
    const g = gameOf({ ...assault({ orders: 'assault' }, { terrain }), options: { 'burt.mutualAssault': 'firstDeclared' } }, dice, events);
    step4Declare(g);
    return { g, a: unit(g, 'A'), d: unit(g, 'D') };
  };
  const spent = [{ kind: 'hedge', from: 1, to: 1 }, { kind: 'woods', from: 0, to: 4 }] as Setup['terrain'];

  it('9.r2, 5: in the open D has 4" left, enough for the 2" gap; with its whole reach spent it cannot countercharge', () => {
    const open = setup([]);
    expect([open.g.body[open.d].front, open.g.assaultSpent[open.d]]).toEqual([2, 2]);
    expect(canCountercharge(open.g, open.d, open.a)).toBe(true);
    const wood = setup(spent);
    expect(wood.g.body[wood.d].front).toBeCloseTo(2, 9);
    expect(wood.g.assaultSpent[wood.d]).toBeCloseTo(6, 9);
    expect(canCountercharge(wood.g, wood.d, wood.a)).toBe(false);
  });

  it('9, 5: so D, its reach spent, holds (it cannot countercharge), and A goes in with its 4" left, home at 2', () => {
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
    const events: BurtEvent[] = [];
    const { g, a, d } = setup(spent, dice, events);
    step10Reactions(g);
    expect(events.flatMap((e) => (e.type === 'reaction' ? [`${e.unit} ${e.reaction}`] : []))).toEqual(['D hold']);
    expect(g.body[d].front).toBeCloseTo(2, 9);
    expect(g.assaultSpent[d]).toBeCloseTo(6, 9);
    expect(events.find((e) => e.type === 'charge')).toMatchObject({ units: ['A'], from: 4, to: 2, ended: 'home' });
    expect(inContactWithEnemy(g, a)).toBe(true);
  });

  it('9.r2: a countercharge spends its cost from the reach: in the open D meets A at 3, 1" more spent (3" of 6")', () => {
    const { g, a, d } = setup([]);
    countercharge(g, d, a);
    expect(g.body[d].front).toBeCloseTo(3, 9);
    expect(g.assaultSpent[d]).toBeCloseTo(3, 9);
  });
});

describe('3.10: after a countercharge each side comes on with the rest of its reach, at its cost (5, 9.r2)', () => {
  /**
   * A column (reach 8") at 8 assaults a line (reach 6") at 0 with MANOEUVER orders that countercharges
   * (counter-attack doctrine); a wood from 3 to 4. Step 4 closes A to 4 (4" spent); D meets it half
   * way, at 2 (2" spent). The 2" between them cost 3" (the wood's inch double, 5).
   */
  const play = (aDice: number[]) => {
    const dice = new ScriptedDice({ '1.morale': [6], '0.morale': aDice });
    const events: BurtEvent[] = [];
    const g = gameOf(assault({ orders: 'manoeuvre' }, { defenderDoctrine: 'counter-attack', terrain: [{ kind: 'woods', from: 3, to: 4 }] }), dice, events);
    step4Declare(g);
    step10Reactions(g);
    expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
    return { g, a: unit(g, 'A'), d: unit(g, 'D'), charges: events.filter((e) => e.type === 'charge') };
  };

  it('9, 5: A passes and goes in with 4" of reach left: the 3" the gap costs take it home at 2', () => {
    const { g, a, charges } = play([6]);
    expect(charges).toMatchObject([
      { units: ['D'], from: 0, to: 2, ended: 'meets' },
      { units: ['A'], from: 4, to: 2, ended: 'home' },
    ]);
    expect(inContactWithEnemy(g, a)).toBe(true);
    expect(g.res.sides.map((s) => s.chargesHome)).toEqual([1, 1]);
  });

  it('9.r2, 5: A fails its test; the countercharge comes on with its 4" left and reaches A at 4 through the wood', () => {
    const { g, d, charges } = play([1]);
    expect(charges).toMatchObject([
      { units: ['D'], from: 0, to: 2, ended: 'meets' },
      { units: ['D'], from: 2, to: 4, ended: 'home' },
    ]);
    expect(inContactWithEnemy(g, d)).toBe(true);
  });
});

describe('12: a square faces every way (9.r3, 6, 9)', () => {
  /** A Prussian square (or line) at 0 turned about (an evader of old, a router), a French column behind it. */
  const turned = (formation: string, at: number) => {
    const g = gameOf({ attacker: [battalion('A', at, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'fire', formation })] });
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    faceAbout(g, d);
    return { g, a, d };
  };

  it('6, 9.r1: a square facing away still fires at the enemy behind it, and may fire as its reaction; a line may not', () => {
    const sq = turned('square', 6);
    expect(legalTargets(sq.g, sq.d, [])).toEqual([sq.a]);
    expect(canReactFire(sq.g, sq.d, sq.a)).toBe(true);
    const line = turned('line', 6);
    expect(legalTargets(line.g, line.d, [])).toEqual([]);
    expect(canReactFire(line.g, line.d, line.a)).toBe(false);
  });

  it('9: a column touching the side of a square away from the enemy fights no flank or rear; touching a line\'s rear it does', () => {
    const sq = turned('square', 0);
    expect(engagedUnits(sq.g, sq.a, sq.d)).toBe(true);
    expect(fighterOf(sq.g, sq.a, sq.d, {} as MeleeFighter).againstFlankOrRear).toBe(false);
    const line = turned('line', 0);
    expect(engagedUnits(line.g, line.a, line.d)).toBe(true);
    expect(fighterOf(line.g, line.a, line.d, {} as MeleeFighter).againstFlankOrRear).toBe(true);
  });

  /** The same, turned about or not. */
  const placed = (formation: string, at: number, turn: boolean) => {
    const g = gameOf({ attacker: [battalion('A', at, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'fire', formation })] });
    const [a, d] = [unit(g, 'A'), unit(g, 'D')];
    if (turn) faceAbout(g, d);
    return { g, a, d };
  };

  it('9 (the roll to hit): a column touching the side of a square away from the enemy hits as it would its front; a line\'s rear gives it the flank or rear modifier', () => {
    const toHit = (formation: string, turn: boolean) => {
      const s = placed(formation, 0, turn);
      expect(engagedUnits(s.g, s.a, s.d)).toBe(true);
      return meleeToHitOf(s.g, s.a, s.d, true);
    };
    expect(toHit('square', true)).toBe(toHit('square', false));
    expect(toHit('line', true) - toHit('line', false)).toBe(MELEE_TO_HIT.againstFlankOrRear);
  });

  it('8: testing to assault a square facing away is no charge at its flank or rear (no +2); at a line\'s rear it is', () => {
    const mod = (formation: string, turn: boolean) => {
      const s = placed(formation, 8, turn);
      return moraleModifierOf(s.g, s.a, 'assault', s.d);
    };
    expect(mod('square', true)).toBe(mod('square', false));
    expect(mod('line', true) - mod('line', false)).toBe(2);
  });

  it('6, 9.r1: a square\'s ranges run from its face nearer the enemy: facing away, an enemy 8" or 9" behind its front is in musket range (9") and may be fired on as its reaction', () => {
    for (const at of [8, 9]) {
      const s = placed('square', at, true);
      expect(edgeDistance(s.g, s.d, s.a)).toBeCloseTo(at, 9);
      expect(edgeDistance(s.g, s.a, s.d)).toBeCloseTo(at, 9);
      expect(legalTargets(s.g, s.d, [])).toEqual([s.a]);
      expect(canReactFire(s.g, s.d, s.a)).toBe(true);
    }
    // Past 9" it is out of range, facing either way.
    for (const turn of [false, true]) expect(legalTargets(placed('square', 9.5, turn).g, 1, [])).toEqual([]);
  });

  it('9.r3: an evading square has no about to face: it falls back 6" (3 + 5 - 2) still facing the enemy', () => {
    const dice = new ScriptedDice({ '1.morale': [5, 2] });
    const g = gameOf({ attacker: [battalion('A', 16, { formation: 'column' })], defender: [battalion('D', 0, { orders: 'manoeuvre', formation: 'square' })] }, dice);
    const d = unit(g, 'D');
    evade(g, d);
    expect(facesEnemy(g, d)).toBe(true);
    expect(g.body[d].front).toBeCloseTo(-6, 9);
    expect(g.movedAway[d]).toBeCloseTo(6, 9);
  });
});

describe('9.r3, 5 (burt.evaders): batteries and squares evade too', () => {
  const battery = (extra: Record<string, unknown>) => ({ id: 'D', arm: 'guns', at: 0, offset: 0, ...extra });
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['a square with MANOEUVER orders', battalion('D', 0, { orders: 'manoeuvre', formation: 'square' }), ['evade', 'hold']],
    ['a square with RESERVE orders', battalion('D', 0, { orders: 'reserve', formation: 'square' }), ['fire', 'evade', 'hold']],
    ['a limbered battery with MANOEUVER orders', battery({ orders: 'manoeuvre', limbered: true }), ['evade', 'hold']],
    ['a limbered battery with RESERVE orders', battery({ orders: 'reserve', limbered: true }), ['evade', 'hold']],
  ];
  for (const [name, d, reactions] of cases) {
    it(`anyOrdered (default; 9.r3 names no exception): ${name} may evade; notGunsOrSquares: it may not`, () => {
      for (const evaders of ['anyOrdered', 'notGunsOrSquares']) {
        const g = gameOf({ attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' })], defender: [d], options: { 'burt.evaders': evaders } });
        step4Declare(g);
        const want = evaders === 'anyOrdered' ? reactions : reactions.filter((r) => r !== 'evade');
        expect(feasibleReactions(g, unit(g, 'D'), unit(g, 'A'), []), evaders).toEqual(want);
      }
    });
  }

  const evadeOf = (d: Record<string, unknown>) => {
    const dice = new ScriptedDice({ '1.morale': [5, 2] });
    const events: BurtEvent[] = [];
    const g = gameOf({ attacker: [battalion('A', 16, { formation: 'column' })], defender: [d] }, dice, events);
    const u = unit(g, 'D');
    evade(g, u);
    expect(g.order[u]).toBe(REGROUP);
    return { g, u, event: events.find((e) => e.type === 'evade') };
  };

  it('5: a square falls back at a square\'s move: 3 + 5 - 2 = 6"', () => {
    const { g, u, event } = evadeOf(battalion('D', 0, { orders: 'manoeuvre', formation: 'square' }));
    expect(g.movedAway[u]).toBeCloseTo(6, 9);
    expect(event).toMatchObject({ dice: [5, 2], distance: 6 });
  });

  it('5: a limbered foot battery falls back at its gun rate: 6 + 5 - 2 = 9"', () => {
    const { g, u, event } = evadeOf(battery({ orders: 'manoeuvre', limbered: true }));
    expect(g.movedAway[u]).toBeCloseTo(9, 9);
    expect(event).toMatchObject({ distance: 9 });
  });

  it('5: an unlimbered foot battery limbers first (half its 6" move) and goes the rest: 6 + 5 - 2 - 3 = 6", ending limbered', () => {
    const { g, u, event } = evadeOf(battery({ orders: 'manoeuvre' }));
    expect(g.limbered[u]).toBe(1);
    expect(g.movedAway[u]).toBeCloseTo(6, 9);
    expect(event).toMatchObject({ distance: 6 });
  });

  it('4, 5, 12: an evaded battery takes MANOEUVER, turns to face the enemy (a quarter move) and unlimbers (half a move) in one turn, and then has FIRE orders and a target again', () => {
    const { g, u } = evadeOf(battery({ orders: 'manoeuvre' }));
    const a = unit(g, 'A');
    expect([g.limbered[u], facesEnemy(g, u), legalTargets(g, u, []).length]).toEqual([1, false, 0]);
    expect(wantedOrder(g, u, [])).toBe(MANOEUVRE);
    g.order[u] = MANOEUVRE;
    manoeuvre(g, u);
    expect([g.limbered[u], facesEnemy(g, u)]).toEqual([0, true]);
    expect(g.body[u].front).toBeCloseTo(-6, 9); // turned in place: its rear edge (-6) is its front now
    expect(wantedOrder(g, u, [])).toBe(FIRE);
    g.order[u] = FIRE;
    expect(legalTargets(g, u, [])).toEqual([a]);
  });

  it('12, 5: an unlimbered battery facing away with MANOEUVER orders turns to face in place (a quarter move) and stays unlimbered', () => {
    const g = gameOf({ attacker: [battalion('A', 16, { formation: 'column' })], defender: [battery({ orders: 'manoeuvre' })] });
    const u = unit(g, 'D');
    faceAbout(g, u);
    expect(g.body[u].front).toBeCloseTo(-g.body[u].depth, 9);
    manoeuvre(g, u);
    expect([g.limbered[u], facesEnemy(g, u)]).toEqual([0, true]);
    expect(g.body[u].front).toBeCloseTo(0, 9); // turned in place: its front edge is where it began
  });
});
