import { describe, expect, it } from 'vitest';
import { D10, D10_ZERO } from '../../src/rules/aoe/dice.js';
import { DEFAULT_AOE_OPTIONS } from '../../src/rules/aoe/options.js';
import {
  applyGunEffect,
  BATTERY_FIRE_POINTS,
  blockEntryChangesFormation,
  batteryFirePoints,
  batteryMayFireAt,
  combineVolleys,
  DAMAGED,
  DESULTORY,
  firePointDrm,
  FIRE_POINT_STEPS,
  firePointFactor,
  firingStands,
  GALLING,
  GUNS_DAMAGED,
  GUNS_SILENCED,
  GUNS_UNHARMED,
  GUNS_WRECKED,
  isSkirmishRange,
  LIVELY,
  maySkirmish,
  musketFirePoints,
  rangeBand,
  rollVolley,
  SILENCED,
  targetDrm,
  TELLING,
  volleyChecksCharge,
  volleyDisorders,
  volleyGunEffect,
  volleyHits,
  volleyModifier,
  volleyResult,
  WITHERING,
  WRECKED,
  type BatteryFirer,
  type MusketFirer,
  type VolleyTarget,
} from '../../src/rules/aoe/volley.js';

describe('Ranges (p2 Fire Points at Range; p3 Volley and Cannonade)', () => {
  it('p2: bands up to 3", 6", 12", 18", 24"; contact is within 3"; beyond 24" nothing', () => {
    expect([0, 3, 3.1, 6, 6.1, 12, 18, 24, 24.1].map(rangeBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 4, -1]);
  });
  it('p2: skirmish fire is 3.1" to 6"', () => {
    expect([3, 3.1, 6, 6.1].map(isSkirmishRange)).toEqual([false, true, true, false]);
  });
});

describe('Fire points (p2 Fire Points at Range, Fire Point Modifiers, notes; p3 Fire Points)', () => {
  // p2 table transcribed by hand: 3", 6", 12", 18", 24" as heavy/light.
  const TEXT = { 8: '24/20 18/12 14/10 10/8 8/6', 6: '18/14 14/10 10/8 8/6 6/4' } as const;
  for (const guns of [8, 6] as const) {
    it(`p2: a ${guns}-gun battery's fire points at each range, heavy and light`, () => {
      const cells = TEXT[guns].split(' ').map((c) => c.split('/').map(Number));
      expect(BATTERY_FIRE_POINTS[guns].heavy).toEqual(cells.map((c) => c[0]));
      expect(BATTERY_FIRE_POINTS[guns].light).toEqual(cells.map((c) => c[1]));
    });
  }
  const bat: BatteryFirer = { guns: 8, weight: 'light', limbered: false, silenced: false, damaged: false, inBua: false };
  it('p2: an 8-gun light battery has 20 points at 3", 10 at 12", 6 at 24", none at 25"', () => {
    expect([2, 10, 24, 25].map((d) => batteryFirePoints(bat, d, 'half'))).toEqual([20, 10, 6, 0]);
  });
  it('rulings 3.5: limbered or silenced guns do not fire', () => {
    expect(batteryFirePoints({ ...bat, limbered: true }, 5, 'half')).toBe(0);
    expect(batteryFirePoints({ ...bat, silenced: true }, 5, 'half')).toBe(0);
  });
  it('p2 (aoe.disorderedFire): a damaged gun fires at half, or at full under none', () => {
    expect(batteryFirePoints({ ...bat, damaged: true }, 5, 'half')).toBe(6);
    expect(batteryFirePoints({ ...bat, damaged: true }, 5, 'none')).toBe(12);
  });
  it('p2 notes: multipliers multiply: disordered and in a BUA is a quarter', () => {
    expect(firePointFactor(true, true, 'half')).toBe(0.25);
    expect(firePointFactor(false, true, 'half')).toBe(0.5);
    expect(firePointFactor(true, false, 'none')).toBe(1);
  });
  it('p3 Volley and Cannonade: at most two batteries on a unit unless it is the only target', () => {
    expect(batteryMayFireAt(1, true)).toBe(true);
    expect(batteryMayFireAt(2, true)).toBe(false);
    expect(batteryMayFireAt(2, false)).toBe(true);
  });

  const inf = (f: Partial<MusketFirer>): MusketFirer => ({ ranks: 3, stands: 6, formation: 'line', disordered: false, ...f });
  const o = DEFAULT_AOE_OPTIONS;
  it('p2: 3-rank musket 2 points a firing stand, 2-rank 2.5, within 3": a 6-stand line 12 or 15', () => {
    expect(musketFirePoints(inf({}), 3, o)).toBe(12);
    expect(musketFirePoints(inf({ ranks: 2 }), 0, o)).toBe(15);
  });
  it('rulings 3.5 [gap]: Field Column and Masse fire with 2 stands, March Column with 1', () => {
    expect(musketFirePoints(inf({ formation: 'fieldColumn' }), 2, o)).toBe(4);
    expect(musketFirePoints(inf({ formation: 'masse' }), 2, o)).toBe(4);
    expect(musketFirePoints(inf({ formation: 'marchColumn' }), 2, o)).toBe(2);
    expect(musketFirePoints(inf({ formation: 'openOrder' }), 2, o)).toBe(12);
  });
  it('p2 notes: a square fires 1 point a stand: 6 (aoe.squareFire allStands) or 2 for the face (facingFace)', () => {
    expect(firingStands('square', 6, 'allStands')).toBe(6);
    expect(firingStands('square', 6, 'facingFace')).toBe(2);
    expect(musketFirePoints(inf({ formation: 'square' }), 1, o)).toBe(6);
    expect(musketFirePoints(inf({ formation: 'square', ranks: 2 }), 1, { ...o, squareFire: 'facingFace' })).toBe(2);
  });
  it('p3 Built Up Areas: all stands in a BUA fire at half: 6 stands of 3-rank musket give 6', () => {
    expect(musketFirePoints(inf({ formation: 'none' }), 2, o)).toBe(6);
  });
  it('p2 (aoe.disorderedFire half): a disordered line fires 6 points', () => {
    expect(musketFirePoints(inf({ disordered: true }), 2, o)).toBe(6);
    expect(musketFirePoints(inf({ disordered: true }), 2, { ...o, disorderedFire: 'none' })).toBe(12);
  });
  it('p2 "1 Sk" (aoe.skirmishFire perStand): 1 point a front stand at 3.1"-6"; perUnit: 1 point a unit', () => {
    expect(musketFirePoints(inf({}), 5, o)).toBe(6);
    expect(musketFirePoints(inf({ formation: 'fieldColumn' }), 5, o)).toBe(2);
    expect(musketFirePoints(inf({}), 5, { ...o, skirmishFire: 'perUnit' })).toBe(1);
  });
  it('p3 (and rulings 4): no skirmish fire from a BUA, a square or March Column; no musketry beyond 6"', () => {
    expect(maySkirmish('none')).toBe(false);
    expect(musketFirePoints(inf({ formation: 'none' }), 5, o)).toBe(0);
    expect(musketFirePoints(inf({ formation: 'square' }), 5, o)).toBe(0);
    expect(musketFirePoints(inf({ formation: 'marchColumn' }), 5, o)).toBe(0);
    expect(musketFirePoints(inf({}), 6.1, o)).toBe(0);
  });
});

describe('Die roll modifiers (p2 Die Roll Modifiers)', () => {
  // p2 transcribed: (fire points, modifier) at each threshold and just under it.
  it('p2: the fire point scale, at each threshold and just below it', () => {
    const rows: [number, number][] = [[4, -4], [6, -3], [8, -2], [10, -1], [12, 0], [16, 1], [22, 2], [30, 3], [40, 4], [50, 5]];
    let below = -5;
    for (const [pts, m] of rows) {
      expect(firePointDrm(pts), `${pts} points`).toBe(m);
      expect(firePointDrm(pts - 0.5), `${pts - 0.5} points`).toBe(below);
      below = m;
    }
    expect(firePointDrm(0)).toBe(-5);
    expect(firePointDrm(3.5)).toBe(-5);
    expect(firePointDrm(120)).toBe(5);
  });
  it('p2: firePointDrm (written out for speed) agrees with the FIRE_POINT_STEPS table at every quarter point from 0 to 60', () => {
    for (let q = 0; q <= 240; q++) {
      const pts = q / 4;
      const step = FIRE_POINT_STEPS.find(([t]) => pts >= t);
      expect(firePointDrm(pts), `${pts} points`).toBe(step ? step[1] : -5);
    }
  });
  it('rulings 3.5: no rounding: 15 points is the 12 step, 2.5-point stands included', () => {
    expect(firePointDrm(15)).toBe(0);
    expect(firePointDrm(7.5)).toBe(-3);
  });
  const t = (x: Partial<VolleyTarget>): VolleyTarget => ({ formation: 'line', aboutFaced: false, limbered: false, changedFormation: false, enfiladed: false, cover: 0, ...x });
  it('p2/p3: +1 at a target in Field Column, about-faced, limbered or that changed formation', () => {
    for (const x of [{ formation: 'fieldColumn' as const }, { aboutFaced: true }, { limbered: true }, { changedFormation: true }]) expect(targetDrm(t(x), false, 'either')).toBe(1);
    expect(targetDrm(t({ formation: 'fieldColumn', aboutFaced: true }), false, 'either')).toBe(1); // one line
  });
  it('p2: +2 at a target in March Column, Masse, Square or enfiladed', () => {
    for (const x of [{ formation: 'marchColumn' as const }, { formation: 'masse' as const }, { formation: 'square' as const }, { enfiladed: true }]) expect(targetDrm(t(x), false, 'either')).toBe(2);
  });
  it('rulings 3.5 [gap]: the lines add: a square that changed formation this turn is +3', () => {
    expect(targetDrm(t({ formation: 'square', changedFormation: true }), false, 'either')).toBe(3);
  });
  it('p2 (aoe.skirmishPenalty either): -2 at Open Order or for skirmish fire; openOrderOnly: only Open Order', () => {
    expect(targetDrm(t({ formation: 'openOrder' }), false, 'either')).toBe(-2);
    expect(targetDrm(t({}), true, 'either')).toBe(-2);
    expect(targetDrm(t({ formation: 'openOrder' }), true, 'either')).toBe(-2); // one line
    expect(targetDrm(t({}), true, 'openOrderOnly')).toBe(0);
    expect(targetDrm(t({ formation: 'openOrder' }), false, 'openOrderOnly')).toBe(-2);
  });
  it('p2 +1 changed formation, p1/p3 Built Up Areas: occupying a block is no formation change (aoe.buaEntry noChange); changedFormation counts it as one', () => {
    expect(DEFAULT_AOE_OPTIONS.buaEntry).toBe('noChange');
    expect(blockEntryChangesFormation('noChange')).toBe(false);
    expect(blockEntryChangesFormation('changedFormation')).toBe(true);
  });
  it('p2: cover -1/-2/-3 per level (a BUA block is aoe.buaCover, default 2)', () => {
    expect([1, 2, 3].map((c) => targetDrm(t({ cover: c }), false, 'either'))).toEqual([-1, -2, -3]);
    expect(targetDrm(t({ formation: 'none', cover: DEFAULT_AOE_OPTIONS.buaCover }), false, 'either')).toBe(-2);
  });
  it('p2 Die Roll Modifiers: a volley modifier is the fire point step plus the target lines', () => {
    expect(volleyModifier({ firePoints: 20, cannonade: true, skirmish: false }, t({ formation: 'fieldColumn' }), 'either')).toBe(1 + 1);
    expect(volleyModifier({ firePoints: 6, cannonade: false, skirmish: true }, t({ formation: 'none', cover: 2 }), 'either')).toBe(-3 - 2 - 2);
  });
  it('aoe.combineFire combined: points add; cannonade if any battery fires; skirmish only if all parts are', () => {
    const v = combineVolleys([
      { firePoints: 12, cannonade: false, skirmish: false },
      { firePoints: 10, cannonade: true, skirmish: false },
    ]);
    expect(v).toEqual({ firePoints: 22, cannonade: true, skirmish: false });
    expect(combineVolleys([{ firePoints: 6, cannonade: false, skirmish: true }, { firePoints: 2, cannonade: false, skirmish: true }]).skirmish).toBe(true);
  });
});

describe('Fire results (p2 Die Result)', () => {
  it('p2: 11 or more Withering, 8-10 Telling, 6-7 Galling, 5 Lively, 4 or less Desultory', () => {
    const expected = (m: number) => (m >= 11 ? WITHERING : m >= 8 ? TELLING : m >= 6 ? GALLING : m === 5 ? LIVELY : DESULTORY);
    for (let m = -6; m <= 16; m++) expect(volleyResult(m), `modified ${m}`).toBe(expected(m));
  });
  it('p2: troops take 2 hits from Withering, 1 from Telling, none otherwise', () => {
    expect([DESULTORY, LIVELY, GALLING, TELLING, WITHERING].map(volleyHits)).toEqual([0, 0, 0, 1, 2]);
  });
  it('p2: Galling or better disorders troops; Lively only from cannonade (musketry no effect)', () => {
    expect([DESULTORY, LIVELY, GALLING, TELLING, WITHERING].map((r) => volleyDisorders(r, false))).toEqual([false, false, true, true, true]);
    expect([DESULTORY, LIVELY, GALLING, TELLING, WITHERING].map((r) => volleyDisorders(r, true))).toEqual([false, true, true, true, true]);
  });
  it('p2, p3: Telling and Withering check a charge', () => {
    expect([DESULTORY, LIVELY, GALLING, TELLING, WITHERING].map(volleyChecksCharge)).toEqual([false, false, false, true, true]);
  });
  it('p2: at guns, Withering wrecks, Telling damages, Galling silences, Lively silences only from cannonade', () => {
    expect([DESULTORY, LIVELY, GALLING, TELLING, WITHERING].map((r) => volleyGunEffect(r, false))).toEqual([GUNS_UNHARMED, GUNS_UNHARMED, GUNS_SILENCED, GUNS_DAMAGED, GUNS_WRECKED]);
    expect(volleyGunEffect(LIVELY, true)).toBe(GUNS_SILENCED);
  });
  it('rulings 3.5 [gap]: a damaged gun damaged again is wrecked; silence and damage are separate (aoe.tellingGuns damaged)', () => {
    expect(applyGunEffect(0, GUNS_DAMAGED, 'damaged')).toBe(DAMAGED);
    expect(applyGunEffect(DAMAGED, GUNS_DAMAGED, 'damaged') & WRECKED).toBe(WRECKED);
    expect(applyGunEffect(0, GUNS_SILENCED, 'damaged')).toBe(SILENCED);
    expect(applyGunEffect(SILENCED, GUNS_DAMAGED, 'damaged')).toBe(SILENCED | DAMAGED);
    expect(applyGunEffect(0, GUNS_WRECKED, 'damaged') & WRECKED).toBe(WRECKED);
    expect(applyGunEffect(DAMAGED, GUNS_UNHARMED, 'damaged')).toBe(DAMAGED);
  });
  it('p2 Telling at guns (aoe.tellingGuns): damaged only by default; silencedToo damages and silences, as Galling silences', () => {
    expect(DEFAULT_AOE_OPTIONS.tellingGuns).toBe('damaged');
    expect(applyGunEffect(0, GUNS_DAMAGED, 'silencedToo')).toBe(SILENCED | DAMAGED);
    expect(applyGunEffect(DAMAGED, GUNS_DAMAGED, 'silencedToo')).toBe(SILENCED | DAMAGED | WRECKED);
    expect(applyGunEffect(0, GUNS_SILENCED, 'silencedToo')).toBe(SILENCED);
  });
  it('p2 Die Result: rollVolley: a 6-stand line at 3" (12 points, 0) on a face of 8 of a 1-10 d10 is Telling; on the 0-9 die 7 is Galling', () => {
    expect(rollVolley(() => 0.75, D10, 0)).toBe(TELLING);
    expect(rollVolley(() => 0.75, D10_ZERO, 0)).toBe(GALLING);
  });
});
