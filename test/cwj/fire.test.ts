import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  combinedBatteryFireMod,
  coverModifier,
  downgradeFire,
  FIRE_DISORDER,
  FIRE_ELIMINATE,
  FIRE_NONE,
  FIRE_RETREAT,
  FIRING_TABLE,
  fireModifier,
  firerModifier,
  firingTableResult,
  generalMustTryDowngrade,
  mayFire,
  mayFireAtContact,
  mayFireOver,
  newFireRoll,
  rangeBand,
  resolveFire,
  targetModifier,
  withinFireArc,
  type Firer,
  type FireTarget,
} from '../../src/rules/cwj/fire.js';
import { DEFAULT_CWJ_OPTIONS } from '../../src/rules/cwj/options.js';

const O = DEFAULT_CWJ_OPTIONS;

describe('Firing Table ([Fire] l.145-158)', () => {
  // l.148-158 by hand: 2-6 none, 7-9 disordered, 10-11 retreat, 12+ eliminated.
  const TEXT: Record<number, number> = { 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 1, 8: 1, 9: 1, 10: 2, 11: 2, 12: 3 };
  for (let t = 2; t <= 12; t++) {
    it(`[Fire] l.148-158: a modified ${t} is ${['no effect', 'disordered', 'retreat 30 cm', 'eliminated'][TEXT[t]]}`, () => {
      expect(firingTableResult(t)).toBe(TEXT[t]);
    });
  }
  it('[Fire] l.156: "12+": anything above 12 eliminates; anything below 2 does nothing', () => {
    for (const t of [13, 16, 30]) expect(firingTableResult(t)).toBe(FIRE_ELIMINATE);
    for (const t of [1, -4]) expect(firingTableResult(t)).toBe(FIRE_NONE);
  });
  it('[Fire] l.145-158: the data bands agree with the function for every total -3..16; the retreat is 30 cm', () => {
    for (let t = -3; t <= 16; t++) expect(FIRING_TABLE.bands.find((b) => t <= b.upTo)!.result).toBe(firingTableResult(t));
    expect(FIRING_TABLE.retreatCm).toBe(30);
  });
});

describe('Ranges ([Fire] l.140-142, l.163-183)', () => {
  it('[Fire] l.140: musket range is 5 cm, with no longer bands', () => {
    expect(rangeBand(5, undefined)).toBe(0);
    expect(rangeBand(5.1, undefined)).toBe(-1);
  });
  it('[Fire] l.140-141: heavy 20, medium 15, light 10 cm normal range ("l0m" read as 10 cm)', () => {
    expect(rangeBand(20, 'heavy')).toBe(0);
    expect(rangeBand(15, 'medium')).toBe(0);
    expect(rangeBand(10, 'light')).toBe(0);
    expect(rangeBand(10.5, 'light')).toBe(1);
  });
  it('[Fire] l.141-142: out to double range (band 1) and triple range (band 2), then nothing', () => {
    expect(rangeBand(40, 'heavy')).toBe(1);
    expect(rangeBand(41, 'heavy')).toBe(2);
    expect(rangeBand(60, 'heavy')).toBe(2);
    expect(rangeBand(61, 'heavy')).toBe(-1);
    expect(rangeBand(30, 'medium')).toBe(1);
    expect(rangeBand(45, 'medium')).toBe(2);
    expect(rangeBand(46, 'medium')).toBe(-1);
  });
});

describe('Who may fire and at what ([Fire] l.130-139, [Melee] l.254)', () => {
  it('[Fire] l.140, [FrT]: infantry and unlimbered artillery fire; cavalry and limbered batteries do not', () => {
    expect(mayFire('infantry', 'line', false)).toBe(true);
    expect(mayFire('artillery', 'unlimbered', false)).toBe(true);
    expect(mayFire('artillery', 'limbered', false)).toBe(false);
    expect(mayFire('cavalry', 'line', false)).toBe(false);
  });
  it('[Melee] l.254: a unit in a standing melee neither fires nor is fired upon', () => {
    expect(mayFire('infantry', 'line', true)).toBe(false);
    expect(mayFireAtContact(true, true, 'freshContact')).toBe(false);
  });
  it('[Fire] l.133-134, cwj.fireIntoContact: a fresh contact is a target for the unit it contacted; for all under freshContact', () => {
    expect(mayFireAtContact(false, true, 'contactedOnly')).toBe(true);
    expect(mayFireAtContact(false, false, 'contactedOnly')).toBe(false);
    expect(mayFireAtContact(false, false, 'freshContact')).toBe(true);
  });
  it('[Fire] l.131-133, cwj.fireArc: 45 degrees each side of the front, or 45 in all', () => {
    expect(withinFireArc(45, '45each')).toBe(true);
    expect(withinFireArc(-46, '45each')).toBe(false);
    expect(withinFireArc(22.5, '45total')).toBe(true);
    expect(withinFireArc(-30, '45total')).toBe(false);
  });
  it('[Fire] l.137-139: only artillery on higher ground fires over units: over artillery, or at a target 10 cm behind others', () => {
    expect(mayFireOver('artillery', true, 'artillery', 1)).toBe(true);
    expect(mayFireOver('artillery', true, 'infantry', 10)).toBe(true);
    expect(mayFireOver('artillery', true, 'infantry', 9)).toBe(false);
    expect(mayFireOver('artillery', false, 'artillery', 20)).toBe(false);
    expect(mayFireOver('infantry', true, 'artillery', 20)).toBe(false);
  });
});

describe('Firer modifiers ([Fire] l.165-216)', () => {
  const col: Firer = { arm: 'infantry', formation: 'column', disordered: false };
  it('[Fire] l.165-166: a column at normal range has no firer modifier (the fire mod is added apart)', () => {
    expect(firerModifier(col, 0, false, O)).toBe(0);
  });
  it('[Fire] l.172-179: artillery at double range -2, triple -4', () => {
    const bat: Firer = { arm: 'artillery', formation: 'unlimbered', disordered: false };
    expect(firerModifier(bat, 1, false, O)).toBe(-2);
    expect(firerModifier(bat, 2, false, O)).toBe(-4);
  });
  it('[Fire] l.184-216: square -2, deployed in an area -1, line +1, skirmish +2, disordered -1', () => {
    expect(firerModifier({ ...col, formation: 'square' }, 0, false, O)).toBe(-2);
    expect(firerModifier({ ...col, formation: 'deployed' }, 0, false, O)).toBe(-1);
    expect(firerModifier({ ...col, formation: 'line' }, 0, false, O)).toBe(1);
    expect(firerModifier({ ...col, formation: 'skirmish' }, 0, false, O)).toBe(2);
    expect(firerModifier({ ...col, disordered: true }, 0, false, O)).toBe(-1);
    expect(firerModifier({ ...col, formation: 'line', disordered: true }, 0, false, O)).toBe(0);
  });
  it('[Fire] l.202-204: at cavalry in contact, -2 unless in square or an area', () => {
    expect(firerModifier({ ...col, formation: 'line' }, 0, true, O)).toBe(-1);
    expect(firerModifier({ ...col, formation: 'square' }, 0, true, O)).toBe(-2); // square's own -2 only
    expect(firerModifier({ ...col, formation: 'deployed' }, 0, true, O)).toBe(-1);
  });
  it('[Fire] l.202-204: the row names no arm: a battery at cavalry in contact takes the -2 too (cwj.cavalryContactFire anyFirer, the default)', () => {
    expect(O.cavalryContactFire).toBe('anyFirer');
    expect(firerModifier({ arm: 'artillery', formation: 'unlimbered', disordered: false }, 0, true, O)).toBe(-2);
  });
  it('[Fire] l.202-204, rulings 4: under cwj.cavalryContactFire infantryOnly the battery fires at cavalry in contact without it; infantry keeps it', () => {
    const I = { ...O, cavalryContactFire: 'infantryOnly' as const };
    expect(firerModifier({ arm: 'artillery', formation: 'unlimbered', disordered: false }, 0, true, I)).toBe(0);
    expect(firerModifier({ ...col, formation: 'line' }, 0, true, I)).toBe(-1);
    expect(firerModifier({ ...col, formation: 'column' }, 0, true, I)).toBe(-2);
  });
});

describe('Target modifiers ([Fire] l.168-224)', () => {
  const line: FireTarget = { arm: 'infantry', formation: 'line', disordered: false, flankOrRear: false, cover: 'none' };
  it('[Fire] l.168-199: line 0; flank/rear +2; disordered +1; column +1; square +2; skirmish -1', () => {
    expect(targetModifier(line, O)).toBe(0);
    expect(targetModifier({ ...line, flankOrRear: true }, O)).toBe(2);
    expect(targetModifier({ ...line, disordered: true }, O)).toBe(1);
    expect(targetModifier({ ...line, formation: 'column' }, O)).toBe(1);
    expect(targetModifier({ ...line, formation: 'square' }, O)).toBe(2);
    expect(targetModifier({ ...line, formation: 'skirmish' }, O)).toBe(-1);
  });
  it('[Fire] l.180-187: mounted +1; cavalry in column is mounted and in column, +2', () => {
    expect(targetModifier({ ...line, arm: 'cavalry' }, O)).toBe(1);
    expect(targetModifier({ ...line, arm: 'cavalry', formation: 'column' }, O)).toBe(2);
  });
  it('[Fire] l.205-212, cwj.artilleryTargetMods: a limbered battery -1; unlimbered -2 (stack) or -1 (single)', () => {
    const bat: FireTarget = { ...line, arm: 'artillery', formation: 'limbered' };
    expect(targetModifier(bat, O)).toBe(-1);
    expect(targetModifier({ ...bat, formation: 'unlimbered' }, O)).toBe(-2);
    expect(targetModifier({ ...bat, formation: 'unlimbered' }, { ...O, artilleryTargetMods: 'single' })).toBe(-1);
    expect(targetModifier(bat, { ...O, artilleryTargetMods: 'single' })).toBe(-1);
  });
  it('[Fire] l.217-224, cwj.villageCover: soft -1, hard -2, a village hard by default or soft', () => {
    expect(coverModifier('soft', 'hard')).toBe(-1);
    expect(coverModifier('hard', 'soft')).toBe(-2);
    expect(coverModifier('village', 'hard')).toBe(-2);
    expect(coverModifier('village', 'soft')).toBe(-1);
    expect(coverModifier('none', 'hard')).toBe(0);
    expect(targetModifier({ ...line, formation: 'deployed', cover: 'village' }, O)).toBe(-2);
  });
  it('[Fire] l.159-224: the whole modifier sums fire mod, firer and target', () => {
    // French Line (fire 1) in line at a disordered column in the flank: 1 + 1 + (2 + 1 + 1) = 6.
    const f: Firer = { arm: 'infantry', formation: 'line', disordered: false };
    const t: FireTarget = { ...line, formation: 'column', disordered: true, flankOrRear: true };
    expect(fireModifier(1, f, 0, false, t, O)).toBe(6);
    // A medium battery (1) at triple range on a Deployed battalion in a village: 1 - 4 - 2 = -5.
    expect(fireModifier(1, { arm: 'artillery', formation: 'unlimbered', disordered: false }, 2, false, { ...line, formation: 'deployed', cover: 'village' }, O)).toBe(-5);
  });
});

describe('Combined batteries ([Fire] l.134-136)', () => {
  it('[Fire] l.134-135: two batteries add their fire mods, a 0 counting 1', () => {
    expect(combinedBatteryFireMod(2, 1)).toBe(3);
    expect(combinedBatteryFireMod(0, 0)).toBe(2);
    expect(combinedBatteryFireMod(0, 2)).toBe(3);
    expect(combinedBatteryFireMod(3, 0)).toBe(4);
  });
});

describe('The attached general\'s downgrade ([Gen] l.286-290)', () => {
  it('[Gen] l.287: he must try against any 7+ result, and only if he serves the target', () => {
    expect(generalMustTryDowngrade(FIRE_NONE, true)).toBe(false);
    for (const r of [FIRE_DISORDER, FIRE_RETREAT, FIRE_ELIMINATE] as const) {
      expect(generalMustTryDowngrade(r, true)).toBe(true);
      expect(generalMustTryDowngrade(r, false)).toBe(false);
    }
  });
  it('[Gen] l.288-289: on 5 or 6 the result drops one level; on 1-4 it stands', () => {
    expect(downgradeFire(FIRE_ELIMINATE, 5)).toBe(FIRE_RETREAT);
    expect(downgradeFire(FIRE_RETREAT, 6)).toBe(FIRE_DISORDER);
    expect(downgradeFire(FIRE_DISORDER, 5)).toBe(FIRE_NONE);
    for (let d = 1; d <= 4; d++) expect(downgradeFire(FIRE_ELIMINATE, d)).toBe(FIRE_ELIMINATE);
    expect(downgradeFire(FIRE_NONE, 6)).toBe(FIRE_NONE);
  });
  it('[Fire] [Gen]: resolveFire draws 2d6, then (a 7+ and a general) his try, then his death die; replayed on a second stream of the same seed', () => {
    const u = aleaStream('cwj-fire-replay');
    const v = aleaStream('cwj-fire-replay');
    const out = newFireRoll();
    const d = () => 1 + Math.floor(v() * 6);
    let tries = 0;
    let deaths = 0;
    for (let i = 0; i < 3000; i++) {
      const general = i % 2 === 0;
      const got = resolveFire(u, 1, general, out);
      const dice = d() + d();
      let want = firingTableResult(dice + 1);
      expect(out.dice).toBe(dice);
      expect(out.tableResult).toBe(want);
      if (general && want !== FIRE_NONE) {
        const t = d();
        if (t >= 5) want = (want - 1) as typeof want;
        const dies = d() === 1;
        expect(out.generalTried).toBe(true);
        expect(out.generalDied).toBe(dies);
        tries++;
        if (dies) deaths++;
      } else {
        expect(out.generalTried).toBe(false);
        expect(out.generalDied).toBe(false);
      }
      expect(got).toBe(want);
    }
    expect(tries).toBeGreaterThan(500);
    expect(deaths).toBeGreaterThan(0);
  });
});
