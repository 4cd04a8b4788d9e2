/**
 * Steps 3 to 6 of the sequence of play (3): compulsory moves, assault declarations, manoeuvres and
 * reserve moves, and moving on the lane (5, 12).
 */
import { describe, expect, it } from 'vitest';
import { laneMove, MoveKind } from '../../src/rules/burt/play/moves.js';
import { ASSAULT, COLUMN, FIRE, LINE, MANOEUVRE, RESERVE, SQUARE } from '../../src/rules/burt/play/state.js';
import { setLevel } from '../../src/rules/burt/play/units.js';
import { faceAbout } from '../../src/rules/burt/play/lane.js';
import type { BurtEvent } from '../../src/rules/burt/events.js';
import { DISORDERED, FORMED, ROUT, SHAKEN, UNFORMED } from '../../src/rules/burt/tables.js';
import { step4Declare } from '../../src/rules/burt/turn/assault.js';
import { routMove, step3Compulsory } from '../../src/rules/burt/turn/compulsory.js';
import { changeFormation, fireOrderMove, step5Manoeuvre, step6Reserve } from '../../src/rules/burt/turn/manoeuvre.js';
import { mayFireNow } from '../../src/rules/burt/turn/fire.js';
import { step10Reactions } from '../../src/rules/burt/turn/reaction.js';
import { beginTurn } from '../../src/rules/burt/turn/index.js';
import { EXTRA_INDEX } from '../../src/rules/burt/vocabulary.js';
import { battalion, gameOf, ScriptedDice, unit } from './lane.js';

describe('3.3 compulsory moves', () => {
  it('3.3 (burt.routMove reserveRate): a router runs 8" (a line\'s reserve rate) away, facing away', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', -5)] });
    const d = unit(g, 'D');
    setLevel(g, d, ROUT, 'test');
    expect(g.body[d].facing).toBe(-1);
    const rear = g.body[d].front;
    routMove(g, d);
    expect(g.body[d].front).toBeCloseTo(rear - 8, 9);
  });

  it('3.3: a router leaving the lane is removed; its figures are men dispersed, not casualties', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', -20)] });
    const d = unit(g, 'D');
    setLevel(g, d, ROUT, 'test');
    routMove(g, d);
    expect(g.present[d]).toBe(0);
    const side = g.res.sides[1];
    expect(side.strengthLost).toBe(24);
    expect(side.stepsLost).toBe(0);
    expect(g.counters[2 * EXTRA_INDEX.figuresDispersed + 1]).toBe(24);
    expect(side.rungs[4]).toBe(1);
  });

  it('3.3, 8 (burt.retreatMove normalMove): a unit that became shaken retreats in step 3 of the next turn, facing the enemy', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    const a = unit(g, 'A');
    setLevel(g, a, SHAKEN, 'test');
    step3Compulsory(g);
    expect(g.body[a].front).toBe(10);
    g.turn = 2;
    step3Compulsory(g);
    expect(g.body[a].front).toBeCloseTo(14, 9);
    expect(g.body[a].facing).toBe(-1);
    expect(g.res.sides[0].retreatsForced).toBe(1);
  });

  describe('3.3, 5 (burt.gunsCompulsoryMove): an unlimbered battery\'s compulsory moves', () => {
    /** A 6pdr foot battery (move 6", reserve 12"), unlimbered with FIRE orders 16" from a Prussian line. */
    const battery = (options: Record<string, string> = {}, events?: BurtEvent[]) => gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 16, orders: 'fire' }], defender: [battalion('D', 0)], options }, undefined, events);
    /** The battery made shaken, then step 3 of the next turn: its compulsory retreat. */
    const shakenRetreat = (options: Record<string, string> = {}, events?: BurtEvent[]) => {
      const g = battery(options, events);
      const b = unit(g, 'Bty');
      setLevel(g, b, SHAKEN, 'test');
      g.turn = 2;
      step3Compulsory(g);
      return { g, b };
    };

    it('asTheyStand (default): shaken, it goes back its whole move, 6", still unlimbered, and may fire that turn', () => {
      const { g, b } = shakenRetreat();
      expect(g.body[b].front).toBeCloseTo(22, 9);
      expect(g.limbered[b]).toBe(0);
      expect(mayFireNow(g, b)).toBe(true);
    });

    it('limberFirst: shaken, it limbers (half its 6" move) and goes back the other 3", limbered: it may not fire (4, 6)', () => {
      const events: BurtEvent[] = [];
      const { g, b } = shakenRetreat({ 'burt.gunsCompulsoryMove': 'limberFirst' }, events);
      expect(g.body[b].front).toBeCloseTo(19, 9);
      expect(g.limbered[b]).toBe(1);
      expect(mayFireNow(g, b)).toBe(false);
      expect(events.filter((e) => e.type === 'limber')).toEqual([{ type: 'limber', side: 0, unit: 'Bty', limbered: true }]);
    });

    it('limberFirst with burt.retreatMove halfMove: the shaken retreat of half a move (3") is all spent limbering; it stays where it stood, limbered (5)', () => {
      const { g, b } = shakenRetreat({ 'burt.gunsCompulsoryMove': 'limberFirst', 'burt.retreatMove': 'halfMove' });
      expect(g.body[b].front).toBeCloseTo(16, 9);
      expect(g.limbered[b]).toBe(1);
    });

    it('limberFirst: routing, it limbers and runs 9" (its 12" reserve rate less 3"); a limbered battery runs the whole 12"', () => {
      const g = battery({ 'burt.gunsCompulsoryMove': 'limberFirst' });
      const b = unit(g, 'Bty');
      setLevel(g, b, ROUT, 'test');
      const rear = g.body[b].front; // turned about: its front is its old rear
      routMove(g, b);
      expect(g.body[b].front).toBeCloseTo(rear + 9, 9);
      expect(g.limbered[b]).toBe(1);
      routMove(g, b);
      expect(g.body[b].front).toBeCloseTo(rear + 21, 9);
    });
  });

  it('3.3, 8: a shaken unit facing away (an evader, 9.r3) turns to face the enemy and retreats away from it, not toward it', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    const d = unit(g, 'D');
    faceAbout(g, d); // front at its old rear, -1, facing -x
    setLevel(g, d, SHAKEN, 'test');
    g.turn = 2;
    step3Compulsory(g);
    expect(g.body[d].facing).toBe(1);
    expect(g.body[d].front).toBeCloseTo(-4, 9); // turned back (front at 0) and a line's 4" away from A
  });

  it('3.3, 12, 7: a shaken unit that routs on the way (passing through a friend) stops just past it, where it routed, and its move is told as it went, 10" to 13.5", not to the front its rout turned it to', () => {
    const events: BurtEvent[] = [];
    const g = gameOf({ attacker: [battalion('A', 10), battalion('F', 12, { formation: 'column' })], defender: [battalion('D', -10)] }, undefined, events);
    const a = unit(g, 'A');
    setLevel(g, a, SHAKEN, 'test');
    g.turn = 2;
    step3Compulsory(g);
    expect(g.level[a]).toBe(ROUT); // passing wholly through F cost it a level (12)
    // Its front came to 13.5" (its body clear of F's rear), not the 14" of its full move (7: a router's only move is its rout);
    // turned about, its front is its old rear.
    expect(g.body[a].front).toBeCloseTo(14.5, 9);
    const move = events.find((e) => e.type === 'move' && e.unit === 'A');
    expect(move).toMatchObject({ why: 'shaken retreat', path: [10, 13.5] });
  });

  it('3.3, 9: a pursuer moves its charge distance after the routers; catching one it follows up into a melee', () => {
    const g = gameOf({ attacker: [{ id: 'Cav', arm: 'cavalry', figures: 16, at: 1.5, formation: 'line' }], defender: [battalion('D', 0, { figures: 24 })] });
    const cav = unit(g, 'Cav');
    const d = unit(g, 'D');
    g.body[cav].front = 0; // in contact
    setLevel(g, d, ROUT, 'broken');
    g.pursuing[cav] = d;
    g.turn = 2;
    step3Compulsory(g);
    // The router ran 8" (its line's reserve rate); the heavy cavalry charged 12" after it and caught it.
    expect(g.followingUp[cav]).toBe(1);
    expect(g.contactTurn[cav]).toBe(2);
  });
});

describe('3.4 assault declarations (4, 5.1)', () => {
  const facing = (at: number, extra: Record<string, unknown> = {}) => ({ attacker: [battalion('A', at, { formation: 'column', orders: 'assault', ...extra })], defender: [battalion('D', 0)] });

  it('5.1: an ASSAULT unit with an enemy in charge reach names it, both are marked, and it closes half the gap', () => {
    const g = gameOf(facing(8));
    step4Declare(g);
    const a = unit(g, 'A');
    expect(g.assaultTarget[a]).toBe(unit(g, 'D'));
    expect(g.assaultedBy[unit(g, 'D')]).toBe(1);
    expect(g.body[a].front).toBeCloseTo(4, 9);
    expect(g.res.sides[0].chargesDeclared).toBe(1);
  });

  it('4 (burt.assaultOutOfReach): with no enemy in reach it advances a normal move (6" in column), or stands', () => {
    const advance = gameOf(facing(14));
    step4Declare(advance);
    expect(advance.body[0].front).toBeCloseTo(8, 9);
    expect(advance.assaultTarget[0]).toBe(-1);
    const stand = gameOf({ ...facing(14), options: { 'burt.assaultOutOfReach': 'stand' } });
    step4Declare(stand);
    expect(stand.body[0].front).toBe(14);
  });

  it('4, 12: a friend in the way blocks the assault on the lane (charging through friends needs the 2-D table)', () => {
    const g = gameOf({ attacker: [battalion('F', 3, { formation: 'column', orders: 'fire' }), battalion('A', 7, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0)] });
    step4Declare(g);
    expect(g.assaultTarget[unit(g, 'A')]).toBe(-1);
    expect(g.res.sides[0].chargesDeclared).toBe(0);
  });

  it('4, 12: an ASSAULT unit facing away with no enemy in reach stands: it cannot turn (a change of formation) and will not advance away from the enemy', () => {
    const g = gameOf({ attacker: [battalion('A', 20, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0)] });
    const a = unit(g, 'A');
    faceAbout(g, a);
    const front = g.body[a].front;
    step4Declare(g);
    expect(g.body[a].front).toBe(front);
  });

  it('11, 10 (burt.assaultedReserveOrders atDeclaration): an assaulted RESERVE unit becomes MANOEUVER when the assault is declared, and its army loses a point of morale', () => {
    const g = gameOf({ attacker: [battalion('A', 6, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'reserve' })], options: { 'burt.assaultedReserveOrders': 'atDeclaration' } });
    const before = g.armyMorale[1];
    step4Declare(g);
    expect(g.order[unit(g, 'D')]).toBe(MANOEUVRE);
    expect(g.armyMorale[1]).toBe(before - 1);
  });

  it('11 (burt.assaultedReserveOrders afterReaction): it keeps RESERVE until it has reacted in step 10, and marked, makes no reserve move in step 6 (burt.assaultedTargetManoeuvre formationOnly)', () => {
    const g = gameOf(
      { attacker: [battalion('A', 6, { formation: 'column', orders: 'assault' })], defender: [battalion('D', -2, { orders: 'reserve' })], defenderDoctrine: 'random-legal' },
      new ScriptedDice({}), // random-legal would draw its move from the AI stream, which has no faces
    );
    const d = unit(g, 'D');
    const before = g.armyMorale[1];
    step4Declare(g);
    step6Reserve(g);
    expect(g.order[d]).toBe(RESERVE);
    expect(g.armyMorale[1]).toBe(before);
    expect(g.body[d].front).toBe(-2);
  });
});

describe('3.5 manoeuvres (4, 5, 12)', () => {
  it('12: line to column costs a quarter move (one base of frontage), to square a half; the rest may be walked', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    const a = unit(g, 'A');
    expect(changeFormation(g, a, COLUMN)).toBeCloseTo(0.75, 12);
    expect(g.formation[a]).toBe(COLUMN);
    expect(changeFormation(g, a, SQUARE)).toBeCloseTo(0.5, 12);
    expect(g.res.sides[0].squaresFormed).toBe(1);
  });

  const charged = (mode: string) =>
    gameOf({
      attacker: [{ id: 'Cav', arm: 'cavalry', figures: 16, armoured: true, at: 4, formation: 'line', orders: 'assault' }],
      defender: [battalion('D', 0, { orders: 'manoeuvre' })],
      options: { 'burt.assaultedTargetManoeuvre': mode },
    });

  it('5 (burt.assaultedTargetManoeuvre formationOnly): a charged MANOEUVER battalion forms square in step 5 but does not move', () => {
    const g = charged('formationOnly');
    g.assaultedBy[unit(g, 'D')] = 1;
    step5Manoeuvre(g);
    expect(g.formation[unit(g, 'D')]).toBe(SQUARE);
    expect(g.body[unit(g, 'D')].front).toBe(0);
  });

  it('5 (burt.assaultedTargetManoeuvre none): a marked target does nothing in step 5', () => {
    const g = charged('none');
    g.assaultedBy[unit(g, 'D')] = 1;
    step5Manoeuvre(g);
    expect(g.formation[unit(g, 'D')]).toBe(LINE);
  });

  it('4, 12 (burt.turnAboutCost quarterMove): a MANOEUVER column facing away turns to face the enemy (1.5" of its 6") and walks the 4.5" left toward it', () => {
    const events: BurtEvent[] = [];
    const g = gameOf({ attacker: [battalion('A', 20, { formation: 'column', orders: 'manoeuvre' })], defender: [battalion('D', 0)] }, undefined, events);
    const a = unit(g, 'A');
    faceAbout(g, a); // facing +x, away from D
    step5Manoeuvre(g);
    expect(g.body[a].facing).toBe(-1);
    expect(g.body[a].front).toBeCloseTo(15.5, 9);
    expect(events.filter((e) => e.type === 'face')).toEqual([{ type: 'face', side: 0, unit: 'A', quarters: 1 }]);
  });

  it('4, 12 (burt.turnAboutCost none): turning costs nothing; the whole 6" is walked', () => {
    const g = gameOf({ attacker: [battalion('A', 20, { formation: 'column', orders: 'manoeuvre' })], defender: [battalion('D', 0)], options: { 'burt.turnAboutCost': 'none' } });
    const a = unit(g, 'A');
    faceAbout(g, a);
    step5Manoeuvre(g);
    expect(g.body[a].front).toBeCloseTo(14, 9);
  });

  /** A foot battery (6") 20" from a line, with MANOEUVER orders, played by random-legal with scripted AI dice. */
  const battery = (limbered: boolean, ai: number[], events?: BurtEvent[]) => {
    const dice = new ScriptedDice({ '0.ai': ai });
    const g = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 20, limbered, orders: 'manoeuvre' }], defender: [battalion('D', 0)], attackerDoctrine: 'random-legal' }, dice, events);
    return { g, b: unit(g, 'Bty'), dice };
  };

  it('4, 5: a battery with MANOEUVER orders that moves limbers (half of its 6") and walks the 3" left; it ends limbered', () => {
    // AI: choice 2 of 3 (move: a 5), forward (a 1), as far as 0.92 of a move (a 6), ending limbered (a 1).
    const events: BurtEvent[] = [];
    const { g, b, dice } = battery(false, [5, 1, 6, 1], events);
    step5Manoeuvre(g);
    expect(g.body[b].front).toBeCloseTo(17, 9);
    expect(g.limbered[b]).toBe(1);
    expect(dice.left(0, 'ai')).toBe(0);
    expect(events.filter((e) => e.type === 'limber' || e.type === 'move').map((e) => e.type)).toEqual(['limber', 'move']);
  });

  it('4, 5: limbered, it walks its whole 6"', () => {
    const { g, b } = battery(true, [5, 1, 6, 1]);
    step5Manoeuvre(g);
    expect(g.body[b].front).toBeCloseTo(14.5, 9); // 0.917 of 6" wanted, all of it in reach
  });

  it('4, 5: random-legal may end a move unlimbered where half a move is left: 1.5" of a limbered 6", then unlimbered', () => {
    const { g, b, dice } = battery(true, [5, 1, 2, 6]); // move, forward, 0.25 of a move, ending unlimbered (a 6)
    step5Manoeuvre(g);
    expect(g.body[b].front).toBeCloseTo(18.5, 9);
    expect(g.limbered[b]).toBe(0);
    expect(dice.left(0, 'ai')).toBe(0);
  });

  it('4, 5: standing, it limbers or unlimbers (half a move) and does not move; a real doctrine\'s limbered battery unlimbers to fire', () => {
    const { g, b } = battery(true, [3]); // choice 1 of 3: unlimber
    step5Manoeuvre(g);
    expect([g.limbered[b], g.body[b].front]).toEqual([0, 20]);
    const h = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 20, limbered: true, orders: 'manoeuvre' }], defender: [battalion('D', 0)] });
    step5Manoeuvre(h);
    expect([h.limbered[unit(h, 'Bty')], h.body[unit(h, 'Bty')].front]).toEqual([0, 20]);
  });

  it('4: a FIRE unit moves at most half a move forward (2" in line), however far it wants to go', () => {
    const g = gameOf({ attacker: [battalion('A', 12, { orders: 'fire' })], defender: [battalion('D', 0)], attackerDoctrine: 'firefight' });
    const a = unit(g, 'A');
    step5Manoeuvre(g);
    expect(g.body[a].front).toBeCloseTo(10, 9);
  });
});

describe('3.6 reserve moves (5.3, 11)', () => {
  it('5.3, 11: a reserve 6" behind an assaulted friend is committed: it takes ASSAULT orders (attacking) and its army loses a point', () => {
    const g = gameOf({ attacker: [battalion('A', 10, { formation: 'column', orders: 'manoeuvre' }), battalion('R', 14, { formation: 'column', orders: 'reserve' })], defender: [battalion('D', 0, { orders: 'assault' })] });
    const a = unit(g, 'A');
    const r = unit(g, 'R');
    g.assaultedBy[a] = 1;
    const before = g.armyMorale[0];
    step6Reserve(g);
    expect(g.supporting[r]).toBe(a);
    expect(g.order[r]).toBe(ASSAULT);
    expect(g.armyMorale[0]).toBe(before - 1);
  });

  it('5: a RESERVE unit moves at its reserve rate (12" in column) and the second line keeps 3" behind the first', () => {
    const g = gameOf({ attacker: [battalion('A', 10, { formation: 'column' }), battalion('R', 30, { formation: 'column', orders: 'reserve' })], defender: [battalion('D', 0)] });
    const r = unit(g, 'R');
    step6Reserve(g);
    expect(g.body[r].front).toBeCloseTo(18, 9); // 12" of a 28.5" gap to the friend's rear less 3
    expect(g.order[r]).toBe(RESERVE);
  });
});

describe('moving on the lane (4, 5, 12)', () => {
  it('4: an ordinary move stops an inch short of the enemy; a charge stops in contact', () => {
    const g = gameOf({ attacker: [battalion('A', 5, { formation: 'column' })], defender: [battalion('D', 0)] });
    const a = unit(g, 'A');
    laneMove(g, a, 1, 6, MoveKind.Move);
    expect(g.body[a].front).toBeCloseTo(1, 9);
    laneMove(g, a, 1, 6, MoveKind.Charge);
    expect(g.body[a].front).toBeCloseTo(0, 9);
  });

  it('12: passing wholly through a friend costs both a level; skirmishers pass and are passed freely', () => {
    const g = gameOf({ attacker: [battalion('A', 20, { formation: 'column' }), battalion('F', 15, { formation: 'column' })], defender: [battalion('D', 0)] });
    laneMove(g, unit(g, 'A'), 1, 8, MoveKind.Move);
    expect(g.body[unit(g, 'A')].front).toBeCloseTo(12, 9);
    expect(g.level[unit(g, 'A')]).toBe(UNFORMED);
    expect(g.level[unit(g, 'F')]).toBe(UNFORMED);
    const s = gameOf({ attacker: [battalion('A', 20, { formation: 'column' }), { id: 'S', arm: 'skirmishers', figures: 8, at: 15 }], defender: [battalion('D', 0)] });
    laneMove(s, unit(s, 'A'), 1, 8, MoveKind.Move);
    expect(s.body[unit(s, 'A')].front).toBeCloseTo(12, 9);
    expect(s.level[unit(s, 'A')]).toBe(FORMED);
  });

  it('12: a move that cannot get wholly past a friend stops at its edge', () => {
    const g = gameOf({ attacker: [battalion('A', 20, { formation: 'column' }), battalion('F', 16, { formation: 'column' })], defender: [battalion('D', 0)] });
    laneMove(g, unit(g, 'A'), 1, 3, MoveKind.Move);
    expect(g.body[unit(g, 'A')].front).toBeCloseTo(17.5, 9); // the friend's rear
    expect(g.level[unit(g, 'A')]).toBe(FORMED);
  });

  it('5 (burt.villageMovement asWoods): formed foot moving in a village moves at half rate and loses a level', () => {
    const g = gameOf({ attacker: [battalion('A', 2, { formation: 'column' })], defender: [battalion('D', -12)], terrain: [{ kind: 'village', from: -8, to: 0 }] });
    const a = unit(g, 'A');
    laneMove(g, a, 1, 6, MoveKind.Move);
    expect(g.body[a].front).toBeCloseTo(-2, 9); // 2" in the open, then 4" of move for 2" of village
    expect(g.level[a]).toBe(UNFORMED);
  });

  describe('5 (burt.terrainLoss): a level a turn to terrain, or a level a move', () => {
    const village = (terrainLoss: string) => {
      const g = gameOf({ attacker: [battalion('A', 2, { formation: 'column' })], defender: [battalion('D', -12)], terrain: [{ kind: 'village', from: -8, to: 0 }], options: { 'burt.terrainLoss': terrainLoss } });
      return { g, a: unit(g, 'A') };
    };

    it('perTurn (the text\'s "move" is the turn): a second move in the village in the same turn costs no second level; the next turn\'s does', () => {
      const { g, a } = village('perTurn');
      laneMove(g, a, 1, 6, MoveKind.Move);
      laneMove(g, a, 1, 2, MoveKind.Move);
      expect(g.body[a].front).toBeCloseTo(-3, 9);
      expect(g.level[a]).toBe(UNFORMED);
      g.turn = 2;
      beginTurn(g);
      laneMove(g, a, 1, 2, MoveKind.Move);
      expect(g.level[a]).toBe(DISORDERED);
    });

    it('perMove: each move in the village costs a level', () => {
      const { g, a } = village('perMove');
      laneMove(g, a, 1, 6, MoveKind.Move);
      laneMove(g, a, 1, 2, MoveKind.Move);
      expect(g.level[a]).toBe(DISORDERED);
    });

    /** A French column at 8" assaults a Prussian line at 0 through a wood from 2" to 7": step 4 enters it, step 10 moves on in it. */
    const woodsAssault = (terrainLoss: string) => {
      const dice = new ScriptedDice({ '1.morale': [6], '0.morale': [6] });
      const g = gameOf({ attacker: [battalion('A', 8, { formation: 'column', orders: 'assault' })], defender: [battalion('D', 0, { orders: 'regroup' })], terrain: [{ kind: 'woods', from: 2, to: 7 }], options: { 'burt.terrainLoss': terrainLoss } }, dice);
      const a = unit(g, 'A');
      step4Declare(g);
      expect(g.level[a]).toBe(UNFORMED);
      step10Reactions(g);
      expect(g.body[a].front).toBeCloseTo(3.5, 9); // the reach left after the advance's cost (5, 9)
      expect(dice.left(0, 'morale') + dice.left(1, 'morale')).toBe(0);
      return g.level[a];
    };

    it('perTurn: the step-4 advance and the step-10 charge through a wood cost one level in all', () => {
      expect(woodsAssault('perTurn')).toBe(UNFORMED);
    });

    it('perMove: they cost a level each', () => {
      expect(woodsAssault('perMove')).toBe(DISORDERED);
    });
  });

  it('5, 7, 3.3: a shaken unit routed by the level it loses entering a village stops at its edge, where it routed, facing away', () => {
    const g = gameOf({ attacker: [battalion('A', 2, { formation: 'column' })], defender: [battalion('D', -12)], terrain: [{ kind: 'village', from: -8, to: 0 }] });
    const a = unit(g, 'A');
    setLevel(g, a, SHAKEN, 'test');
    expect(laneMove(g, a, 1, 6, MoveKind.Move)).toBeCloseTo(2, 9); // not 4: the last 2" were in the village
    expect(g.level[a]).toBe(ROUT);
    expect(g.moveEnd).toBeCloseTo(0, 9);
    expect(g.body[a].facing).toBe(1);
    expect(g.body[a].front).toBeCloseTo(1.5, 9); // the column's old rear: it turned about at the edge
    expect(g.advanced[a]).toBeCloseTo(2, 9);
  });
});

describe('3.5: a FIRE unit facing away makes its short move (4, 9.r3; burt.fireMoveFrame)', () => {
  /**
   * A Prussian line (4" move) turned round (an evader, 9.r3: front at -1", facing away from the French
   * 20" off) with FIRE orders, played by random-legal: an AI face of 6 wants 0.4375 of a move forwards
   * (1.75"), a face of 1 0.1875 backwards (0.75").
   */
  const walk = (face: number, frame?: string) => {
    const g = gameOf({ attacker: [battalion('A', 20, { formation: 'column' })], defender: [battalion('D', 0, { orders: 'fire' })], defenderDoctrine: 'random-legal', options: frame ? { 'burt.fireMoveFrame': frame } : {} }, new ScriptedDice({ '1.ai': [face] }));
    const d = unit(g, 'D');
    faceAbout(g, d);
    fireOrderMove(g, d);
    return { front: g.body[d].front, facing: g.body[d].facing, g };
  };

  it('4, 9.r3 (towardEnemy): forwards is toward the enemy: 1.75" toward the French, rear first, still facing away', () => {
    const { front, facing } = walk(6);
    expect(front).toBeCloseTo(0.75, 9);
    expect(facing).toBe(-1);
  });

  it('4 (towardEnemy): backwards is away from the enemy, a quarter move at most: 0.75" away, a voluntary retreat', () => {
    const { front, g } = walk(1);
    expect(front).toBeCloseTo(-1.75, 9);
    expect(g.res.sides[1].retreatsVoluntary).toBe(1);
  });

  it('4 (ownFront): forwards by its own front: 1.75" away from the enemy, a voluntary retreat', () => {
    const { front, g } = walk(6, 'ownFront');
    expect(front).toBeCloseTo(-2.75, 9);
    expect(g.res.sides[1].retreatsVoluntary).toBe(1);
  });
});
