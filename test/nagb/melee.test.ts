import { describe, expect, it } from 'vitest';
import {
  type BonusCase,
  breakTestLd,
  casualtyPerDie,
  breakThroughMoves,
  cavalryBreakThrough,
  facingFigures,
  freeHackDice,
  laneOverlappedEnds,
  loserBreaksOutright,
  mayPursue,
  meleeBonus,
  meleeDice,
  meleeFlightDice,
  meleeHitNeeded,
  meleeHitProbability,
  meleeKillOn,
  meleeSaveOn,
  type MeleeSpec,
  newMeleeResult,
  outnumberBonus,
  resolveMeleeRound,
  rollStrike,
  sideScore,
  figuresCounted,
  strikeOrder,
  type StrikeOrderCase,
  winnerMove,
} from '../../src/rules/nagb/melee.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import { faces } from './helpers.js';

describe('Dice in hand to hand (p14)', () => {
  it('p14: the Russians fight with 8 (column front); the wider French line with 8 facing + 2 overlaps = 10', () => {
    const w = 0.8;
    expect(meleeDice(8, w, 12 * w, 0, O)).toBe(8);
    const facing = facingFigures(8 * w, w);
    expect(facing).toBe(8);
    const ends = laneOverlappedEnds(12, facing);
    expect(ends).toBe(2);
    expect(meleeDice(12, w, 8 * w, ends, O)).toBe(10);
  });
  it('p14 (nagb.overlapDice plusOne): the wider unit adds one die in all: 9', () => {
    expect(meleeDice(12, 0.8, 6.4, 2, withOptions({ overlapDice: 'plusOne' }))).toBe(9);
  });
  it('p14: never more dice than the front rank; one surplus figure overlaps one end', () => {
    expect(meleeDice(9, 0.8, 6.4, laneOverlappedEnds(9, 8), O)).toBe(9);
    expect(laneOverlappedEnds(9, 8)).toBe(1);
    expect(laneOverlappedEnds(8, 8)).toBe(0);
  });
  it('rulings 6: 8 cuirassiers (1" each) against a 12-figure line (9.6"): all 8 fight; the line faces with 10 + 2', () => {
    expect(meleeDice(8, 1, 9.6, 0, O)).toBe(8);
    expect(meleeDice(12, 0.8, 8, laneOverlappedEnds(12, facingFigures(8, 0.8)), O)).toBe(12);
  });
});

describe('To hit, to kill, saves (p14, p24-25, p31, p40)', () => {
  const base = { cls: 'line' as const, disordered: false, assaulting: 'none' as const, freeHack: false };
  it('p14: 4+; veterans +1, raw -1, disordered -1; p16: the free hack +1', () => {
    expect(meleeHitNeeded(base, O)).toBe(4);
    expect(meleeHitNeeded({ ...base, cls: 'veteran' }, O)).toBe(3);
    expect(meleeHitNeeded({ ...base, cls: 'conscripts' }, O)).toBe(5);
    expect(meleeHitNeeded({ ...base, disordered: true }, O)).toBe(5);
    expect(meleeHitNeeded({ ...base, freeHack: true }, O)).toBe(3);
  });
  it('p31 (nagb.buildingAssault): assaulters of hard cover hit on 6s; soft cover at normal numbers; always6: any building', () => {
    expect(meleeHitNeeded({ ...base, cls: 'veteran', assaulting: 'hard' }, O)).toBe(6);
    expect(meleeHitNeeded({ ...base, assaulting: 'soft' }, O)).toBe(4);
    expect(meleeHitNeeded({ ...base, assaulting: 'soft' }, withOptions({ buildingAssault: 'always6' }))).toBe(6);
  });
  it('p14, p24, p40: kill on 4+; charging sabres 3+, lancers 2+, Cossack lancers 3+; not charging 4+', () => {
    expect(meleeKillOn('infantry', null, true)).toBe(4);
    expect(meleeKillOn('cavalry', 'sabre', true)).toBe(3);
    expect(meleeKillOn('cavalry', 'lance', true)).toBe(2);
    expect(meleeKillOn('cavalry', 'cossackLance', true)).toBe(3);
    expect(meleeKillOn('cavalry', 'lance', false)).toBe(4);
  });
  it('p25: saves: cuirassier 4+, heavy 5+, light 6+; foot none', () => {
    expect(meleeSaveOn('cavalry', 'cuirassier')).toBe(4);
    expect(meleeSaveOn('cavalry', 'light')).toBe(6);
    expect(meleeSaveOn('infantry', null)).toBe(7);
  });
  it('p5, p39: a joined commander rerolls misses: 4+ becomes 3/4', () => {
    expect(meleeHitProbability(4, false)).toBe(0.5);
    expect(meleeHitProbability(4, true)).toBe(0.75);
    expect(meleeHitProbability(7, true)).toBe(0);
  });
  it('a die against cuirassiers: hit 1/2, kill 1/2, unsaved 1/2: 1/8', () => {
    expect(casualtyPerDie(4, false, 4, 4)).toBeCloseTo(1 / 8, 14);
    expect(casualtyPerDie(4, false, 4, 7)).toBeCloseTo(1 / 4, 14);
  });
});

describe('Strike order (p5, p8, p14, p24, p31)', () => {
  const c: StrikeOrderCase = { chargerArm: 'infantry', chargerLancers: false, targetFormation: 'line', targetDisordered: false, targetInBuilding: false, targetDefendsObstacle: false, counterCharge: false };
  it('p14: chargers strike first', () => expect(strikeOrder(c)).toBe('charger'));
  it('p14, p31: building defenders strike first', () => expect(strikeOrder({ ...c, targetInBuilding: true })).toBe('target'));
  it('p8: a square strikes first against cavalry unless disordered; p24: lancers still strike first', () => {
    const cav = { ...c, chargerArm: 'cavalry' as const, targetFormation: 'square' as const };
    expect(strikeOrder(cav)).toBe('target');
    expect(strikeOrder({ ...cav, targetDisordered: true })).toBe('charger');
    expect(strikeOrder({ ...cav, chargerLancers: true })).toBe('charger');
  });
  it('p14, p32: defenders of walls and hedges strike with the chargers; p5: counter-charges on initiative', () => {
    expect(strikeOrder({ ...c, targetDefendsObstacle: true })).toBe('simultaneous');
    expect(strikeOrder({ ...c, counterCharge: true })).toBe('initiative');
  });
});

describe('Bonus points and the score (p14, p15, p22)', () => {
  const b: BonusCase = { arm: 'infantry', formation: 'attackColumn', enemyArm: 'infantry', enemyFormation: 'line', flankAttack: false, rearAttack: false, higherGround: false, standard: false, flankSupport: false, rearSupport: false, lapFlank: false, lapRear: false };
  it('p14: standard +1, higher ground +1, flank support +1, rear support +1', () => {
    expect(meleeBonus({ ...b, standard: true, higherGround: true, flankSupport: true, rearSupport: true })).toBe(4);
  });
  it('p14: flank +1, rear +2, both +3; not against a square', () => {
    expect(meleeBonus({ ...b, flankAttack: true })).toBe(1);
    expect(meleeBonus({ ...b, rearAttack: true })).toBe(2);
    expect(meleeBonus({ ...b, flankAttack: true, rearAttack: true })).toBe(3);
    expect(meleeBonus({ ...b, flankAttack: true, enemyFormation: 'square' })).toBe(0);
  });
  it('p14: a square against cavalry +4; march column -1', () => {
    expect(meleeBonus({ ...b, formation: 'square', enemyArm: 'cavalry' })).toBe(4);
    expect(meleeBonus({ ...b, formation: 'marchColumn' })).toBe(-1);
  });
  it('p15: support counts nothing for infantry against cavalry (cavalry keeps its own)', () => {
    expect(meleeBonus({ ...b, enemyArm: 'cavalry', flankSupport: true, rearSupport: true })).toBe(0);
    expect(meleeBonus({ ...b, arm: 'cavalry', formation: 'line', flankSupport: true })).toBe(1);
  });
  it('p22, p24: cavalry lapping an infantry front +1, to the rear +2; nothing against a square', () => {
    const cav = { ...b, arm: 'cavalry' as const, formation: 'line' as const };
    expect(meleeBonus({ ...cav, lapFlank: true })).toBe(1);
    expect(meleeBonus({ ...cav, lapFlank: true, lapRear: true })).toBe(2);
    expect(meleeBonus({ ...cav, lapFlank: true, enemyFormation: 'square' })).toBe(0);
  });
  it('p14: outnumbering after the combat +1; a cavalry figure counts 2 (13 horse outnumber 25 foot)', () => {
    expect(outnumberBonus(13, 2, 25, 1)).toBe(1);
    expect(outnumberBonus(12, 2, 24, 1)).toBe(0);
    expect(outnumberBonus(20, 1, 20, 1)).toBe(0);
  });
});

describe('Losing (p8, p15, p27, p39, p40)', () => {
  const l = { disordered: false, stubborn: false, formation: 'line' as const, beatenByChargingHeavyCavalry: false };
  it('p15: a good-order loser tests; p8: a march column breaks outright; p40: so does a unit beaten by charging heavy cavalry', () => {
    expect(loserBreaksOutright(l, O)).toBe(false);
    expect(loserBreaksOutright({ ...l, formation: 'marchColumn' }, O)).toBe(true);
    expect(loserBreaksOutright({ ...l, beatenByChargingHeavyCavalry: true }, O)).toBe(true);
  });
  it('p8, p40 vs p39 (nagb.stubbornAutobreak): a stubborn loser in march column or beaten by charging heavy cavalry breaks too, or tests', () => {
    const stubborn = { ...l, stubborn: true };
    expect(loserBreaksOutright({ ...stubborn, formation: 'marchColumn' }, O)).toBe(true);
    expect(loserBreaksOutright({ ...stubborn, beatenByChargingHeavyCavalry: true }, O)).toBe(true);
    const tests = withOptions({ stubbornAutobreak: 'tests' });
    expect(loserBreaksOutright({ ...stubborn, formation: 'marchColumn' }, tests)).toBe(false);
    expect(loserBreaksOutright({ ...stubborn, beatenByChargingHeavyCavalry: true }, tests)).toBe(false);
    // Only the stubborn: any other loser still breaks outright.
    expect(loserBreaksOutright({ ...l, formation: 'marchColumn' }, tests)).toBe(true);
    expect(loserBreaksOutright({ ...l, beatenByChargingHeavyCavalry: true }, tests)).toBe(true);
  });
  it('p27 vs p39 (nagb.disorderedLoser): a disordered loser breaks unless stubborn; breaks; or tests', () => {
    expect(loserBreaksOutright({ ...l, disordered: true }, O)).toBe(true);
    expect(loserBreaksOutright({ ...l, disordered: true, stubborn: true }, O)).toBe(false);
    expect(loserBreaksOutright({ ...l, disordered: true, stubborn: true }, withOptions({ disorderedLoser: 'breaks' }))).toBe(true);
    expect(loserBreaksOutright({ ...l, disordered: true }, withOptions({ disorderedLoser: 'tests' }))).toBe(false);
  });
  it('p15: the break test is at Ld less the margin; p39: stubborn at plain Ld with influence', () => {
    expect(breakTestLd(8, 2, false, false, 0, 0)).toBe(6);
    expect(breakTestLd(8, 2, false, true, 0, 1)).toBe(6);
    expect(breakTestLd(10, 5, true, true, 0, 1)).toBe(11);
  });
  it('p15, p16: flight and pursuit 2d6, cavalry 3d6; p8: squares never pursue; p16 (nagb.freeHack)', () => {
    expect(meleeFlightDice('infantry')).toBe(2);
    expect(meleeFlightDice('cavalry')).toBe(3);
    expect(mayPursue('square')).toBe(false);
    expect(mayPursue('line')).toBe(true);
    expect(freeHackDice(8, O)).toBe(8);
    expect(freeHackDice(8, withOptions({ freeHack: 'singleHit' }))).toBe(1);
  });
  it('p16: the winner pursues a broken enemy and falls back from a retiring one, unless it passes a test to stand; p8: a square stands', () => {
    expect(winnerMove(true, 'line', false, false)).toBe('pursue');
    expect(winnerMove(true, 'line', true, false)).toBe('pursue');
    expect(winnerMove(true, 'line', true, true)).toBe('stand');
    expect(winnerMove(false, 'attackColumn', false, false)).toBe('fallBack');
    expect(winnerMove(false, 'attackColumn', true, true)).toBe('stand');
    expect(winnerMove(true, 'square', false, false)).toBe('stand');
  });
  it('p23: cavalry against cavalry, drawn or unbroken, both break through', () => {
    expect(cavalryBreakThrough(true, true, false)).toBe(true);
    expect(cavalryBreakThrough(true, false, false)).toBe(true);
    expect(cavalryBreakThrough(true, false, true)).toBe(false);
    expect(cavalryBreakThrough(false, true, false)).toBe(false);
  });
  describe('p23 on the lane (nagb.cavalryBreakThrough): how far each rides through the other', () => {
    const rider = (roll: number, depth: number, room = Infinity, goes = true) => ({ roll, depth, room, goes });
    const moves = (a: ReturnType<typeof rider>, b: ReturnType<typeof rider>, cavalryBreakThrough: 'fromContact' | 'beyondEnemy' | 'off') => breakThroughMoves(a, b, { cavalryBreakThrough }, [NaN, NaN]);
    it('p22-23, fromContact: each front goes its 2d6 on from the point of contact', () => {
      expect(moves(rider(7, 4), rider(5, 4), 'fromContact')).toEqual([7, 5]);
      expect(moves(rider(2, 4), rider(6, 4), 'fromContact')).toEqual([2, 6]);
    });
    it('p23, fromContact: rolls falling short of the two depths together would leave them on each other: both go on by half the shortfall', () => {
      // Two lines 4" deep, 2 and 3 rolled: 3" short of clearing each other.
      expect(moves(rider(2, 4), rider(3, 4), 'fromContact')).toEqual([3.5, 4.5]);
      // A column 16" deep against a line 4" deep, 7 and 5: 8" short.
      expect(moves(rider(7, 16), rider(5, 4), 'fromContact')).toEqual([11, 9]);
    });
    it("p23, beyondEnemy: through the enemy's whole depth and the 2d6 beyond", () => {
      expect(moves(rider(7, 4), rider(5, 16), 'beyondEnemy')).toEqual([23, 9]);
    });
    it('p23, rulings 6: never beyond its room (1" short of another unit); the other goes on until the two are clear, within its own room', () => {
      expect(moves(rider(7, 4, 2), rider(3, 4), 'fromContact')).toEqual([2, 6]);
      expect(moves(rider(7, 4, 2), rider(3, 4, 5), 'fromContact')).toEqual([2, 5]);
      expect(moves(rider(3, 4), rider(9, 4, 0), 'beyondEnemy')).toEqual([8, 0]);
    });
    it('p23: a unit recalled instead rides nowhere; the other rides its 2d6 (beyondEnemy: and the depth the enemy had)', () => {
      expect(moves(rider(7, 4), rider(5, 4, Infinity, false), 'fromContact')).toEqual([7, 0]);
      expect(moves(rider(2, 4), rider(5, 4, Infinity, false), 'fromContact')).toEqual([2, 0]);
      expect(moves(rider(7, 4, Infinity, false), rider(5, 4), 'beyondEnemy')).toEqual([0, 9]);
    });
    it('nagb.cavalryBreakThrough off: nobody rides through (p15-16 fall backs instead)', () => {
      expect(moves(rider(7, 4), rider(5, 4), 'off')).toEqual([0, 0]);
    });
  });
});

describe('One round with the dice (p14-15)', () => {
  const side = { dice: 2, need: 4, rerollMisses: false, killOn: 4, saveOn: 7, figures: 10, countFigures: 10, weight: 1, backRanksFirst: false, bonus: 0, autoBreak: false, breakLd: 8, marginModifies: true, cavalry: false };
  it('p14: the second striker rolls one die fewer per casualty it took', () => {
    const s: MeleeSpec = { a: side, b: side, order: 'a' };
    // a: hit 5 kill 6, hit 4 kill 4 -> 2 casualties on b; b has 0 dice left; scores a 2 + outnumber 1 = 3 v 0; b tests at 8 - 3 = 5: 6+6 fails
    const u = faces(5, 6, 4, 4, 6, 6);
    const r = resolveMeleeRound(u, s, newMeleeResult());
    expect(u.used()).toBe(6);
    expect(r).toMatchObject({ onA: 0, onB: 2, scoreA: 3, scoreB: 0, ending: 'bBreaks' });
  });
  it('p15: a loser passing its test falls back; p16: equal scores are a draw', () => {
    const s: MeleeSpec = { a: side, b: side, order: 'simultaneous' };
    expect(resolveMeleeRound(faces(1, 1, 5, 5, 5, 5, 1, 1), s, newMeleeResult())).toMatchObject({ onA: 2, onB: 0, ending: 'aFallsBack' }); // a misses twice; b kills 2; a tests 8 - 3 at 2
    expect(resolveMeleeRound(faces(1, 1, 1, 1), s, newMeleeResult())).toMatchObject({ scoreA: 0, scoreB: 0, ending: 'draw' });
  });
  it('p14: a side scores its casualties inflicted, its bonus, and +1 for outnumbering after the round', () => {
    const a = { ...side, bonus: 2, countFigures: 10 };
    const b = { ...side, countFigures: 10 };
    expect(sideScore(a, b, 0, 3)).toBe(3 + 2 + 1);
    expect(sideScore(b, a, 3, 0)).toBe(0);
    expect(sideScore(a, b, 3, 0)).toBe(2);
  });
  it('p8, p14 (nagb.outnumberBasis inContact): an attack column counts the figures it fights with while it has back ranks to lose; a line loses them one for one', () => {
    // A column of 24 fighting 8 wide, a line of 10 fighting 10: the line outnumbers 10 to 8 before the round.
    const column = { ...side, figures: 24, countFigures: 8, dice: 8, backRanksFirst: true };
    const line = { ...side, figures: 10, countFigures: 10, dice: 10 };
    expect([0, 2, 16, 17, 20, 24, 30].map((k) => figuresCounted(column, k))).toEqual([8, 8, 8, 7, 4, 0, 0]);
    expect([0, 2, 10, 12].map((k) => figuresCounted(line, k))).toEqual([10, 8, 0, 0]);
    // Two casualties each: the column still fights with 8, the line with 8: nobody outnumbers.
    expect(sideScore(column, line, 2, 2)).toBe(2);
    expect(sideScore(line, column, 2, 2)).toBe(2);
    // Three on the line, one on the column: 8 against 7, the column outnumbers.
    expect(sideScore(column, line, 1, 3)).toBe(3 + 1);
    // Under wholeUnit the count is the unit's figures, which lose one for one either way.
    expect(figuresCounted({ ...column, countFigures: 24 }, 5)).toBe(19);
  });
  it('p25: rollStrike: a kill saved on the save number does not count', () => {
    expect(rollStrike(faces(4, 4, 4), 1, 4, false, 4, 4, 10)).toBe(0);
    expect(rollStrike(faces(4, 4, 3), 1, 4, false, 4, 4, 10)).toBe(1);
  });
  it('p5: a joined commander rerolls a missed hit once', () => {
    expect(rollStrike(faces(2, 5, 4), 1, 4, true, 4, 7, 10)).toBe(1);
    expect(rollStrike(faces(2, 3), 1, 4, true, 4, 7, 10)).toBe(0);
  });
});
