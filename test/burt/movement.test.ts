import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  assaultAdvance,
  awayFromEnemy,
  batteryWalk,
  chargeReach,
  difficultGround,
  evadeDistance,
  evadeDistribution,
  fireOrderMoveLimit,
  formationChangeCost,
  formationChangeQuarters,
  frontageBases,
  interpenetrationLoss,
  limberCost,
  obliqueCost,
  obstacleCost,
  ratesOf,
  retreatMoveDistance,
  roadBonus,
  routMoveDistance,
  terrainLevelLoss,
  terrainRateFactor,
  troopType,
  turnAboutCost,
} from '../../src/rules/burt/movement.js';
import { DEFAULT_BURT_OPTIONS as O } from '../../src/rules/burt/options.js';

const inf = { arm: 'infantry', formation: 'line' } as const;
const col = { arm: 'infantry', formation: 'column' } as const;
const cav = { arm: 'cavalry', formation: 'line' } as const;
const skirm = { arm: 'skirmishers', formation: 'open' } as const;
const guns = { arm: 'guns', formation: 'line' } as const;

describe('Rates (5)', () => {
  it('5: the row by arm and formation: foot in column, line or square; cavalry heavy or light; guns foot or horse', () => {
    expect(troopType(col)).toBe('infantryColumn');
    expect(troopType(inf)).toBe('infantryLine');
    expect(troopType({ arm: 'infantry', formation: 'square' })).toBe('infantrySquare');
    expect(troopType(skirm)).toBe('skirmishers');
    expect(troopType(cav)).toBe('heavyCavalry');
    expect(troopType({ ...cav, lightCavalry: true })).toBe('lightCavalry');
    expect(troopType(guns)).toBe('footGuns');
    expect(troopType({ ...guns, horseGuns: true })).toBe('horseGuns');
  });
  it('5: a column moves 6", charges 8", reserve 12"; a square cannot charge', () => {
    expect(ratesOf(col)).toEqual({ move: 6, charge: 8, reserve: 12 });
    expect(chargeReach({ arm: 'infantry', formation: 'square' })).toBeNull();
    expect(chargeReach({ ...cav, lightCavalry: true })).toBe(16);
    expect(chargeReach(guns)).toBeNull();
  });
  it('5.1: assaulters move half the distance to their target', () => {
    expect(assaultAdvance(10)).toBe(5);
    expect(assaultAdvance(-1)).toBe(0);
  });
  it('4: FIRE orders allow half a move forward, a quarter back', () => {
    expect(fireOrderMoveLimit(4, 'forward')).toBe(2);
    expect(fireOrderMoveLimit(4, 'back')).toBe(1);
  });
});

describe('Terrain (5)', () => {
  it('5: woods halve formed infantry; skirmishers are not slowed', () => {
    expect(terrainRateFactor('woods', inf, O)).toBe(0.5);
    expect(terrainRateFactor('woods', col, O)).toBe(0.5);
    expect(terrainRateFactor('woods', skirm, O)).toBe(1);
  });
  it('5 (burt.woodsCavalry): cavalry in woods at a quarter, or three quarters, of its rate', () => {
    expect(terrainRateFactor('woods', cav, O)).toBe(0.25);
    expect(terrainRateFactor('woods', cav, { ...O, woodsCavalry: 'threeQuarters' })).toBe(0.75);
  });
  it('5 (burt.villageMovement): a village slows as woods, or not at all', () => {
    expect(terrainRateFactor('village', inf, O)).toBe(0.5);
    expect(terrainRateFactor('village', inf, { ...O, villageMovement: 'open' })).toBe(1);
  });
  it('5: a ford halves everyone and is closed to guns', () => {
    expect(terrainRateFactor('ford', inf, O)).toBe(0.5);
    expect(terrainRateFactor('ford', skirm, O)).toBe(0.5);
    expect(terrainRateFactor('ford', guns, O)).toBe(0);
    expect(terrainRateFactor('open', guns, O)).toBe(1);
  });
  it('5: a hedge or wall takes half a move to cross and is closed to guns', () => {
    expect(obstacleCost('hedge', inf)).toBe(0.5);
    expect(obstacleCost('wall', cav)).toBe(0.5);
    expect(obstacleCost('wall', guns)).toBe(Infinity);
  });
  it('5: a road adds 2" to troops in column only (and limbered guns)', () => {
    expect(roadBonus(col)).toBe(2);
    expect(roadBonus(inf)).toBe(0);
    expect(roadBonus(skirm)).toBe(0);
    expect(roadBonus(guns, true)).toBe(2);
    expect(roadBonus(guns, false)).toBe(0);
  });
  it('5: limbering takes half a move; obliquing counts double', () => {
    expect(limberCost(6)).toBe(3);
    expect(obliqueCost(2)).toBe(4);
  });
  it('5: formed troops lose one level a move crossing an obstacle or in difficult ground; skirmishers and guns never', () => {
    expect(terrainLevelLoss(inf, true, false)).toBe(1);
    expect(terrainLevelLoss(cav, false, true)).toBe(1);
    expect(terrainLevelLoss(inf, true, true)).toBe(1);
    expect(terrainLevelLoss(inf, false, false)).toBe(0);
    expect(terrainLevelLoss(skirm, true, true)).toBe(0);
    expect(terrainLevelLoss(guns, false, true)).toBe(0);
  });
  it('5: woods and fords are difficult ground; a village only when it is read as woods', () => {
    expect(difficultGround('woods', 'asWoods')).toBe(true);
    expect(difficultGround('ford', 'open')).toBe(true);
    expect(difficultGround('village', 'asWoods')).toBe(true);
    expect(difficultGround('village', 'open')).toBe(false);
    expect(difficultGround('open', 'asWoods')).toBe(false);
  });
});

describe('Formation changes and interpenetration (12)', () => {
  it('12: 24 figures line (3 bases) to column (2 bases): one base of frontage, a quarter move', () => {
    expect(frontageBases('line', 24, 4)).toBe(3);
    expect(frontageBases('column', 24, 4)).toBe(2);
    expect(formationChangeQuarters('line', 'column', 24, 4)).toBe(1);
    expect(formationChangeQuarters('column', 'line', 24, 4)).toBe(1);
  });
  it('12: 32 figures line (4 bases) to column (2 bases): two quarters', () => {
    expect(formationChangeQuarters('line', 'column', 32, 4)).toBe(2);
  });
  it('12: to or from square a half move (rulings guess); no change costs nothing', () => {
    expect(formationChangeQuarters('line', 'square', 24, 4)).toBe(2);
    expect(formationChangeQuarters('square', 'column', 24, 4)).toBe(2);
    expect(formationChangeQuarters('line', 'line', 24, 4)).toBe(0);
  });
  it('12: a change with no frontage difference still costs a quarter', () => {
    expect(frontageBases('line', 8, 4)).toBe(frontageBases('column', 8, 4));
    expect(formationChangeQuarters('line', 'column', 8, 4)).toBe(1);
  });
  it('12: the quarters are of the move of the formation it starts in: a quarter of a 4" line move is 1"', () => {
    expect(formationChangeCost(1, 4)).toBe(1);
    expect(formationChangeCost(2, 6)).toBe(3);
  });
  it('12: close-order bodies passing through each other both lose a level; skirmishers pass and are passed freely', () => {
    expect(interpenetrationLoss('infantry', 'infantry')).toBe(1);
    expect(interpenetrationLoss('cavalry', 'guns')).toBe(1);
    expect(interpenetrationLoss('skirmishers', 'infantry')).toBe(0);
    expect(interpenetrationLoss('infantry', 'skirmishers')).toBe(0);
  });
});

describe('Batteries (4, 5)', () => {
  it('4, 5: a battery moves limbered: standing unlimbered, a foot battery walks 3" of its 6" (half to limber), and nothing if it must unlimber again', () => {
    expect(batteryWalk(6, false, false)).toBe(3);
    expect(batteryWalk(6, false, true)).toBe(0);
  });
  it('4, 5: limbered, a horse battery walks its 9", or 4.5" and unlimbers', () => {
    expect(batteryWalk(9, true, false)).toBe(9);
    expect(batteryWalk(9, true, true)).toBe(4.5);
  });
});

describe('Facing (4, 9.r3, 12; 3.3, 8, 9)', () => {
  it('12 (burt.turnAboutCost quarterMove): turning about is a change of formation at the least rate, a quarter move (1.5" of a column\'s 6"); none: free', () => {
    expect(turnAboutCost(6, 'quarterMove')).toBe(1.5);
    expect(turnAboutCost(4, 'quarterMove')).toBe(1);
    expect(turnAboutCost(6, 'none')).toBe(0);
  });
  it('3.3, 8, 9: a retreat or push-back goes away from the enemy: backwards facing it, forwards facing away', () => {
    expect(awayFromEnemy(true)).toBe(-1);
    expect(awayFromEnemy(false)).toBe(1);
  });
});

describe('Evade and compulsory moves (9.r3, 3.3)', () => {
  it('9.r3: an evader moves its normal move plus a d6 minus a d6, never below 0', () => {
    const dist = evadeDistribution(4);
    expect(dist[0]).toEqual([0, expect.closeTo(3 / 36, 14)]); // 4 + a - b <= 0: b - a >= 4: (5,1)(6,1)(6,2)
    expect(dist.find(([d]) => d === 4)![1]).toBeCloseTo(6 / 36, 14);
    expect(dist.find(([d]) => d === 9)![1]).toBeCloseTo(1 / 36, 14);
    expect(dist.reduce((s, [, p]) => s + p, 0)).toBeCloseTo(1, 14);
  });
  it('9.r3: evadeDistance over every dice path gives evadeDistribution', () => {
    const by = new Map<number, number>();
    enumerateDice((d) => evadeDistance(12, d.fire(0)), (q, v) => by.set(v, (by.get(v) ?? 0) + q));
    for (const [d, p] of evadeDistribution(12)) expect(by.get(d), `${d}`).toBeCloseTo(p, 14);
  });
  it('9.r3: 50000 seeded evades of a 4" mover average within 4 standard errors of the exact mean', () => {
    const exact = evadeDistribution(4).reduce((s, [d, p]) => s + d * p, 0);
    const u = aleaStream('burt-evade');
    const n = 50_000;
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const d = evadeDistance(4, u);
      s += d;
      s2 += d * d;
    }
    const m = s / n;
    expect(Math.abs(m - exact)).toBeLessThan(4 * Math.sqrt((s2 / n - m * m) / n));
  });
  it('3.3 (burt.routMove): routers run at the reserve rate or the normal move', () => {
    expect(routMoveDistance(ratesOf(inf), 'reserveRate')).toBe(8);
    expect(routMoveDistance(ratesOf(inf), 'normalMove')).toBe(4);
  });
  it('3.3, 8 (burt.retreatMove): a shaken unit retreats a normal move or half', () => {
    expect(retreatMoveDistance(ratesOf(col), 'normalMove')).toBe(6);
    expect(retreatMoveDistance(ratesOf(col), 'halfMove')).toBe(3);
  });
});
