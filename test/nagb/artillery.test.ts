import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  artilleryHitNeeded,
  nationalGunneryModifier,
  ballBand,
  ballCrewKills,
  ballFigures,
  batteryActionsAllowed,
  batteryHitLocation,
  canisterAllowed,
  canisterDice,
  canisterInRange,
  type GunneryModifiers,
  gunDestroyed,
  gunsManned,
  isNearMiss,
  nearMissFigures,
  nearMissShellDice,
  rollBallShot,
  rollLineKills,
  rollShellShot,
  scatterDistance,
  scatterDirection,
  shellBursts,
  shellDice,
  shellInRange,
  shellLong,
  shotMayStrike,
} from '../../src/rules/nagb/artillery.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';

const g: GunneryModifiers = { crewClass: 'line', disordered: false, longRange: false, cover: 'none', movedOrUnlimbered: false, targetSkirmishers: false, targetCharging: false };

describe('Ranges (p21)', () => {
  it('p21: medium ball short to 18", long to 36"; howitzers fire none', () => {
    expect(ballBand('medium', 18)).toBe('short');
    expect(ballBand('medium', 19)).toBe('long');
    expect(ballBand('medium', 37)).toBe('out');
    expect(ballBand('howitzer', 10)).toBe('out');
  });
  it('p21: canister medium 10", heavy 12"; shell howitzer 8-36" for all, guns British only', () => {
    expect(canisterInRange('medium', 10)).toBe(true);
    expect(canisterInRange('medium', 10.5)).toBe(false);
    expect(canisterInRange('heavy', 12)).toBe(true);
    expect(shellInRange('howitzer', 8, false)).toBe(true);
    expect(shellInRange('howitzer', 7, false)).toBe(false);
    expect(shellInRange('medium', 20, false)).toBe(false);
    expect(shellInRange('medium', 20, true)).toBe(true);
  });
});

describe('The score to hit (p20, p21)', () => {
  it('p20: 4+; long -1, soft -1, hard -2, unlimbered or moved -1, skirmishers -1, veteran crews +1, raw -1', () => {
    expect(artilleryHitNeeded(g, O)).toBe(4);
    expect(artilleryHitNeeded({ ...g, longRange: true }, O)).toBe(5);
    expect(artilleryHitNeeded({ ...g, cover: 'hard' }, O)).toBe(6);
    expect(artilleryHitNeeded({ ...g, movedOrUnlimbered: true, targetSkirmishers: true }, O)).toBe(6);
    expect(artilleryHitNeeded({ ...g, crewClass: 'veteran' }, O)).toBe(3);
    expect(artilleryHitNeeded({ ...g, crewClass: 'guard' }, O)).toBe(3);
    expect(artilleryHitNeeded({ ...g, crewClass: 'conscripts' }, O)).toBe(5);
  });
  it('p20 (nagb.eliteFireBonus veteranOnly): "Veterans/Guard firing +1": guard crews keep the +1, elite crews lose it', () => {
    const veteranOnly = withOptions({ eliteFireBonus: 'veteranOnly' });
    expect(artilleryHitNeeded({ ...g, crewClass: 'guard' }, veteranOnly)).toBe(3);
    expect(artilleryHitNeeded({ ...g, crewClass: 'veteran' }, veteranOnly)).toBe(3);
    expect(artilleryHitNeeded({ ...g, crewClass: 'elite' }, veteranOnly)).toBe(4);
    expect(artilleryHitNeeded({ ...g, crewClass: 'elite' }, O)).toBe(3);
  });
  it('p35 (nagb.russianArtillery, nagb.scenarioYear): Russian guns before 1812 need one less to hit, or take -1 by option; others and later years nothing', () => {
    const harder = withOptions({ russianArtillery: 'harder' });
    expect(nationalGunneryModifier('russian', 1811, O)).toBe(1);
    expect(nationalGunneryModifier('russian', 1811, harder)).toBe(-1);
    expect(nationalGunneryModifier('russian', 1812, O)).toBe(0);
    expect(nationalGunneryModifier('russian', 1815, harder)).toBe(0);
    for (const n of ['french', 'british', 'austrian', 'prussian', 'portuguese', 'minor'] as const) expect(nationalGunneryModifier(n, 1805, O)).toBe(0);
    expect(artilleryHitNeeded({ ...g, national: 1 }, O)).toBe(3);
    expect(artilleryHitNeeded({ ...g, national: -1, longRange: true }, O)).toBe(6);
  });
  it('p21 (nagb.shellModifiers p21): shell takes its own list (veterans +1, raw -1, long range -1), not p20\'s cover, moved or skirmisher modifiers', () => {
    const shell: GunneryModifiers = { ...g, shell: true };
    // A target in hard cover, a battery that moved: p20's -2 and -1 are ball's, not shell's.
    expect(artilleryHitNeeded({ ...shell, cover: 'hard' }, O)).toBe(4);
    expect(artilleryHitNeeded({ ...shell, movedOrUnlimbered: true }, O)).toBe(4);
    expect(artilleryHitNeeded({ ...shell, cover: 'hard', movedOrUnlimbered: true, targetSkirmishers: true }, O)).toBe(4);
    expect(artilleryHitNeeded({ ...shell, cover: 'soft', longRange: true }, O)).toBe(5);
    expect(artilleryHitNeeded({ ...shell, crewClass: 'veteran', cover: 'hard' }, O)).toBe(3);
    expect(artilleryHitNeeded({ ...shell, crewClass: 'conscripts', movedOrUnlimbered: true }, O)).toBe(5);
    expect(artilleryHitNeeded({ ...shell, crewClass: 'elite' }, withOptions({ eliteFireBonus: 'veteranOnly' }))).toBe(4);
    expect(artilleryHitNeeded({ ...shell, crewClass: 'guard' }, withOptions({ eliteFireBonus: 'veteranOnly' }))).toBe(3);
    // p27 (disordered -1 to shooting) and p35 (national) apply to every roll.
    expect(artilleryHitNeeded({ ...shell, disordered: true, cover: 'hard' }, O)).toBe(5);
    expect(artilleryHitNeeded({ ...shell, national: 1, movedOrUnlimbered: true }, O)).toBe(3);
    // Ball keeps p20's whole list.
    expect(artilleryHitNeeded({ ...g, cover: 'hard', movedOrUnlimbered: true }, O)).toBe(7);
  });
  it('p20 (nagb.shellModifiers asBall, rulings 3.9.2): shell takes p20\'s whole list as ball does', () => {
    const asBall = withOptions({ shellModifiers: 'asBall' });
    const shell: GunneryModifiers = { ...g, shell: true };
    expect(artilleryHitNeeded({ ...shell, cover: 'hard' }, asBall)).toBe(6);
    expect(artilleryHitNeeded({ ...shell, movedOrUnlimbered: true }, asBall)).toBe(5);
    expect(artilleryHitNeeded({ ...shell, cover: 'hard', movedOrUnlimbered: true }, asBall)).toBe(7);
    expect(artilleryHitNeeded({ ...shell, cover: 'soft', longRange: true }, asBall)).toBe(6);
  });
  it('p12, p20: canister at chargers: -1 and no cover (p12 for all fire at chargers), under either nagb.canisterModifiers', () => {
    expect(artilleryHitNeeded({ ...g, canister: true, targetCharging: true, cover: 'hard' }, O)).toBe(5);
    expect(artilleryHitNeeded({ ...g, canister: true, targetCharging: true, cover: 'hard' }, withOptions({ canisterModifiers: 'asBall' }))).toBe(5);
  });
  it('p20 (nagb.canisterModifiers p20): canister takes its own list (veterans/guard +1, raw -1), not ball\'s cover, moved or skirmisher modifiers', () => {
    const can: GunneryModifiers = { ...g, canister: true };
    // A target in hard cover, a battery that moved, skirmishers: p20's -2, -1 and -1 are ball's, not canister's.
    expect(artilleryHitNeeded({ ...can, cover: 'hard' }, O)).toBe(4);
    expect(artilleryHitNeeded({ ...can, cover: 'soft', movedOrUnlimbered: true }, O)).toBe(4);
    expect(artilleryHitNeeded({ ...can, cover: 'hard', movedOrUnlimbered: true, targetSkirmishers: true }, O)).toBe(4);
    expect(artilleryHitNeeded({ ...can, crewClass: 'veteran', cover: 'hard' }, O)).toBe(3);
    expect(artilleryHitNeeded({ ...can, crewClass: 'guard', movedOrUnlimbered: true }, withOptions({ eliteFireBonus: 'veteranOnly' }))).toBe(3);
    expect(artilleryHitNeeded({ ...can, crewClass: 'elite' }, withOptions({ eliteFireBonus: 'veteranOnly' }))).toBe(4);
    expect(artilleryHitNeeded({ ...can, crewClass: 'conscripts', cover: 'soft' }, O)).toBe(5);
    // p27 (disordered -1) and p35 (national) apply to every roll.
    expect(artilleryHitNeeded({ ...can, disordered: true, cover: 'hard' }, O)).toBe(5);
    expect(artilleryHitNeeded({ ...can, national: 1, movedOrUnlimbered: true }, O)).toBe(3);
    // Ball keeps p20's whole list.
    expect(artilleryHitNeeded({ ...g, cover: 'hard', movedOrUnlimbered: true, targetSkirmishers: true }, O)).toBe(8);
  });
  it('p20 (nagb.canisterModifiers asBall, rulings 3.9.2): canister takes ball\'s whole list', () => {
    const asBall = withOptions({ canisterModifiers: 'asBall' });
    const can: GunneryModifiers = { ...g, canister: true };
    expect(artilleryHitNeeded({ ...can, cover: 'hard' }, asBall)).toBe(6);
    expect(artilleryHitNeeded({ ...can, cover: 'soft', movedOrUnlimbered: true }, asBall)).toBe(6);
    expect(artilleryHitNeeded({ ...can, cover: 'hard', movedOrUnlimbered: true, targetSkirmishers: true }, asBall)).toBe(8);
    expect(artilleryHitNeeded({ ...can, crewClass: 'veteran', cover: 'hard' }, asBall)).toBe(5);
  });
  it('p20: a roll missing by exactly 1 is a near miss; a 6 against 7 only under nagb.nearMissAtSeven onSix (and near misses played)', () => {
    expect(isNearMiss(3, 4, O)).toBe(true);
    expect(isNearMiss(2, 4, O)).toBe(false);
    expect(isNearMiss(6, 7, O)).toBe(false);
    expect(isNearMiss(6, 7, withOptions({ nearMissAtSeven: 'onSix' }))).toBe(true);
    expect(isNearMiss(6, 7, withOptions({ nearMissAtSeven: 'onSix', nearMiss: 'off' }))).toBe(false);
    expect(isNearMiss(6, 8, withOptions({ nearMissAtSeven: 'onSix' }))).toBe(false);
    expect(shotMayStrike(6, O)).toBe(true);
    expect(shotMayStrike(7, O)).toBe(false);
    expect(shotMayStrike(7, withOptions({ nearMissAtSeven: 'onSix' }))).toBe(true);
    expect(shotMayStrike(8, withOptions({ nearMissAtSeven: 'onSix', nearMiss: 'full' }))).toBe(false);
  });
});

describe('Ball (p8, p20)', () => {
  it('p20 (nagb.ballFigures): a bounce of 1 through a 2-deep line kills along 1 figure; 4 through a square 4', () => {
    expect(ballFigures(1, 2, O)).toBe(1);
    expect(ballFigures(5, 2, O)).toBe(2);
    expect(ballFigures(4, 4, O)).toBe(4);
    expect(ballFigures(1, 3, withOptions({ ballFigures: 'ranks' }))).toBe(3);
  });
  it('p20: scatter direction 1-2 over, 3 left, 4 right, 5-6 short', () => {
    expect([1, 2, 3, 4, 5, 6].map(scatterDirection)).toEqual(['over', 'over', 'left', 'right', 'short', 'short']);
  });
  it('p20 (nagb.nearMiss): an undershot 2" short with a 5" trail crosses 3 ranks (2 in a line); over and wide miss', () => {
    expect(nearMissFigures('short', 2, 5, 4, O)).toBe(3);
    expect(nearMissFigures('short', 2, 5, 2, O)).toBe(2);
    expect(nearMissFigures('short', 3, 2, 2, O)).toBe(0);
    expect(nearMissFigures('over', 1, 5, 4, O)).toBe(0);
    expect(nearMissFigures('left', 1, 5, 4, O)).toBe(0);
    expect(nearMissFigures('over', 1, 5, 4, withOptions({ nearMiss: 'full' }))).toBe(3);
    expect(nearMissFigures('short', 1, 5, 4, withOptions({ nearMiss: 'off' }))).toBe(0);
  });
  it('p20: one medium gun at 4+ on a 2-deep line, near misses off: P(kills) by enumeration equals the hand count', () => {
    // Hit 1/2; bounce 1 (1/6): one figure, else two; each dies on 2+ (5/6).
    const k = 5 / 6;
    const want = [
      1 / 2 + (1 / 2) * ((1 / 6) * (1 - k) + (5 / 6) * (1 - k) ** 2),
      (1 / 2) * ((1 / 6) * k + (5 / 6) * 2 * k * (1 - k)),
      (1 / 2) * (5 / 6) * k * k,
    ];
    const got = [0, 0, 0];
    const off = withOptions({ nearMiss: 'off' });
    enumerateDice((d) => rollBallShot(d.stream(0, 'fire'), 4, 'short', 2, off), (p, v) => (got[v] += p));
    for (let i = 0; i < 3; i++) expect(got[i]).toBeCloseTo(want[i], 12);
  });
  it('p20: with near misses (shortOnly) a roll of 3 against 4+ can still kill: more kills than with them off', () => {
    let withNear = 0, without = 0;
    enumerateDice((d) => rollBallShot(d.stream(0, 'fire'), 4, 'short', 2, O), (p, v) => (withNear += p * v));
    enumerateDice((d) => rollBallShot(d.stream(0, 'fire'), 4, 'short', 2, withOptions({ nearMiss: 'off' })), (p, v) => (without += p * v));
    // The extra: a 3 (1/6), short (2/6), d3 distance, d6 trail, figures min(2, trail - distance), each 5/6.
    let extra = 0;
    for (let dist = 1; dist <= 3; dist++) for (let t = 1; t <= 6; t++) extra += (1 / 3) * (1 / 6) * Math.max(0, Math.min(2, t - dist)) * (5 / 6);
    expect(withNear - without).toBeCloseTo((1 / 6) * (2 / 6) * extra, 12);
  });
});

describe('A gun needing exactly 7 (p20, p21 vs p10; nagb.nearMissAtSeven)', () => {
  const onSix = withOptions({ nearMissAtSeven: 'onSix' });
  /** Exact P(kills = k) of one shot by enumeration of its dice, and the number of dice it rolls on its longest path. */
  const shot = (roll: (u: () => number) => number, size: number) => {
    const got = new Array(size).fill(0);
    let deepest = 0;
    enumerateDice(
      (d) => roll(d.stream(0, 'fire')),
      (p, v, depth) => {
        got[v] += p;
        deepest = Math.max(deepest, depth);
      },
    );
    return { got, deepest };
  };
  it('p20 (onSix): one ball needing 7 at short range on a 2-deep line kills only on a 6, an undershot (5-6) d3 short with a d6 trail, each figure on the lane on 2+: P(kills) by enumeration equals the hand count', () => {
    // The hand count: a 6 (1/6), short (2/6), distance d3, trail d6: figures min(2, trail - distance), each dying on 2+.
    const k = 5 / 6;
    const want = [0, 0, 0];
    for (let dist = 1; dist <= 3; dist++) {
      for (let trail = 1; trail <= 6; trail++) {
        const n = Math.max(0, Math.min(2, trail - dist));
        const p = (1 / 6) * (2 / 6) * (1 / 3) * (1 / 6);
        const b = n === 0 ? [1] : n === 1 ? [1 - k, k] : [(1 - k) ** 2, 2 * k * (1 - k), k * k];
        b.forEach((q, i) => (want[i] += p * q));
      }
    }
    want[0] += 1 - (1 / 6) * (2 / 6);
    const { got } = shot((u) => rollBallShot(u, 7, 'short', 2, onSix), 3);
    for (let i = 0; i < 3; i++) expect(got[i]).toBeCloseTo(want[i], 12);
    expect(got[1] + got[2]).toBeGreaterThan(0.02);
  });
  it('p10 (none, the default): a ball or shell needing 7 rolls no die and kills nothing; nor under onSix with nagb.nearMiss off, nor needing 8', () => {
    for (const [need, opts] of [[7, O], [7, withOptions({ nearMissAtSeven: 'onSix', nearMiss: 'off' })], [8, onSix]] as const) {
      const ball = shot((u) => rollBallShot(u, need, 'short', 2, opts), 3);
      expect(ball).toEqual({ got: [1, 0, 0], deepest: 0 });
      const shell = shot((u) => rollShellShot(u, need, 'short', 2.4, opts), 7);
      expect(shell).toEqual({ got: [1, 0, 0, 0, 0, 0, 0], deepest: 0 });
    }
  });
  it('p21 (onSix): one shell needing 7 at short range on a column (depth 2.4") kills only when a 6 undershoots (2/6) by 1" on its d3 (1/3): 2 dice, each killing on 4+ then 3+; exact by enumeration', () => {
    const q = (1 / 2) * (4 / 6);
    const p = (1 / 6) * (2 / 6) * (1 / 3);
    const want = [1 - p + p * (1 - q) ** 2, p * 2 * q * (1 - q), p * q * q];
    const { got } = shot((u) => rollShellShot(u, 7, 'short', 2.4, onSix), 7);
    for (let i = 0; i < 3; i++) expect(got[i]).toBeCloseTo(want[i], 12);
    for (let i = 3; i < 7; i++) expect(got[i]).toBe(0);
  });
  it('p20 (onSix): a ball needing 7 kills exactly as the near-miss part of one needing 4 (a 6 against 7 as a 3 against 4), at short and long range, under nagb.nearMiss shortOnly and full', () => {
    for (const nearMiss of ['shortOnly', 'full'] as const) {
      for (const band of ['short', 'long'] as const) {
        const o = withOptions({ nearMissAtSeven: 'onSix', nearMiss });
        const at7 = shot((u) => rollBallShot(u, 7, band, 4, o), 5).got;
        const at4 = shot((u) => rollBallShot(u, 4, band, 4, o), 5).got;
        const at4NoNear = shot((u) => rollBallShot(u, 4, band, 4, withOptions({ nearMiss: 'off' })), 5).got;
        // at4 = hits and plain misses (at4NoNear, its zero less the near-miss share) + the near-miss share: the same share at 7.
        const near = at4.map((p, i) => p - at4NoNear[i]);
        near[0] += 1 / 6;
        expect(at7[0]).toBeCloseTo(5 / 6 + near[0], 12);
        for (let i = 1; i < 5; i++) expect(at7[i]).toBeCloseTo(near[i], 12);
        expect(at7[1]).toBeGreaterThan(0);
      }
    }
  });
});

describe('Canister, shell, fire at batteries (p19-21)', () => {
  it('p21: canister dice: 6 shots a medium gun; two guns 12', () => {
    expect(canisterDice('medium', 2)).toBe(12);
    expect(canisterDice('howitzer', 1)).toBe(5);
  });
  it('p21: a shell bursts on 2+; at the front (or within the depth) it throws 6 dice (nagb.shellHits 5); 1.5" beyond, 2', () => {
    expect(shellBursts(1)).toBe(false);
    expect(shellBursts(2)).toBe(true);
    expect(shellDice(0, 2, O)).toBe(6);
    expect(shellDice(0, 2, withOptions({ shellHits: 5 }))).toBe(5);
    expect(shellDice(3, 2.4, O)).toBe(2);
    expect(shellDice(4, 2.4, O)).toBe(0);
    expect(nearMissShellDice('short', 1, 2, O)).toBe(2);
    expect(nearMissShellDice('short', 2, 2, O)).toBe(0);
  });
  it('p21: one howitzer shell at 4+ into a 3-rank column (depth 2.4"), near misses off: mean kills of 200,000 seeded shells within 4 standard errors of the hand count', () => {
    const off = withOptions({ nearMiss: 'off' });
    // Hit 1/2; bursts 5/6 at the front (6 dice), 1/6 runs on d6: 1-2 inside (6), 3 partial (2), 4-6 none.
    // Each die kills with 1/2 * 4/6.
    const q = (1 / 2) * (4 / 6);
    const dice = [
      { p: 1 / 2 + (1 / 2) * (1 / 6) * (3 / 6), n: 0 },
      { p: (1 / 2) * ((5 / 6) + (1 / 6) * (2 / 6)), n: 6 },
      { p: (1 / 2) * (1 / 6) * (1 / 6), n: 2 },
    ];
    const mean = dice.reduce((s, x) => s + x.p * x.n * q, 0);
    const second = dice.reduce((s, x) => s + x.p * (x.n * q * (1 - q) + (x.n * q) ** 2), 0);
    const sd = Math.sqrt(second - mean * mean);
    const u = aleaStream('nagb-shell');
    const n = 200_000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += rollShellShot(u, 4, 'short', 2.4, off);
    expect(Math.abs(sum / n - mean)).toBeLessThan((4 * sd) / Math.sqrt(n));
  });
  it('p21: casualties on a battery: 1-5 crew, 6 the gun, destroyed only by ball; ball kills one crew a hit', () => {
    expect([1, 5, 6].map(batteryHitLocation)).toEqual(['crew', 'crew', 'gun']);
    expect(gunDestroyed('gun', true)).toBe(true);
    expect(gunDestroyed('gun', false)).toBe(false);
    expect(ballCrewKills(2)).toBe(1);
    expect(ballCrewKills(0)).toBe(0);
  });
  it('p19: unlimber and fire, or move and unlimber, never all three', () => {
    expect(batteryActionsAllowed(false, true, true)).toBe(true);
    expect(batteryActionsAllowed(true, true, false)).toBe(true);
    expect(batteryActionsAllowed(true, true, true)).toBe(false);
  });
  it('p21 (a reading): shell at the far half of its span is long range: howitzer 8-36", long beyond 22"', () => {
    expect(shellLong('howitzer', 22)).toBe(false);
    expect(shellLong('howitzer', 23)).toBe(true);
  });
  it('p20: no canister with friends in range and arc', () => {
    expect(canisterAllowed(true)).toBe(false);
    expect(canisterAllowed(false)).toBe(true);
  });
  it('p21: the near-miss distance is a d3 at short range, a d6 at long (enumerated)', () => {
    for (const [band, top] of [['short', 3], ['long', 6]] as const) {
      const seen = new Array(7).fill(0);
      enumerateDice((d) => scatterDistance(d.stream(0, 'fire'), band), (p, v) => (seen[v] += p));
      for (let v = 1; v <= 6; v++) expect(seen[v], `${band} ${v}`).toBeCloseTo(v <= top ? 1 / top : 0, 12);
    }
  });
  it('p20: figures on the line each die on 2+: 2 figures give 0, 1, 2 kills with 1/36, 10/36, 25/36', () => {
    const got = [0, 0, 0];
    enumerateDice((d) => rollLineKills(d.stream(0, 'fire'), 2, 2), (p, v) => (got[v] += p));
    expect(got.map((x) => Math.round(x * 36))).toEqual([1, 10, 25]);
  });
  it('a gun needs a crew figure to fire', () => {
    expect(gunsManned(3, 12)).toBe(3);
    expect(gunsManned(3, 2)).toBe(2);
  });
});

describe('What a shot struck (p20, p21; p23 by nagb.recoveryReset)', () => {
  /** A Uniform throwing the scripted d6 faces in turn (a d3 reads faces 1-2 as 1); it fails when the shot asks for more. */
  const script = (...faces: number[]) => {
    let i = 0;
    return () => {
      if (i >= faces.length) throw new Error(`the shot asked for die ${i + 1} of ${faces.length}`);
      return (faces[i++] - 0.5) / 6;
    };
  };
  const record = () => ({ n: 0, struck: 0 });
  it('p20: a ball that misses by 1 and falls short on the lane (5: short, d3 1, trail 6) reaches two ranks and kills nobody (two 1s): struck, not a hit', () => {
    const r = record();
    expect(rollBallShot(script(3, 5, 1, 6, 1, 1), 4, 'short', 2, O, r)).toBe(0);
    expect(r).toEqual({ n: 0, struck: 1 });
    // Wide (3: left) it reaches no figure: neither.
    const wide = record();
    expect(rollBallShot(script(3, 3, 1, 6), 4, 'short', 2, O, wide)).toBe(0);
    expect(wide).toEqual({ n: 0, struck: 0 });
    // A ball that hits always has a figure on its line (a bounce of 1 reaches the front rank): both, killing nobody.
    const hit = record();
    expect(rollBallShot(script(4, 1, 1), 4, 'short', 2, O, hit)).toBe(0);
    expect(hit).toEqual({ n: 1, struck: 1 });
  });
  it('p21: a shell that hits, fails to burst (1) and runs on 6" past a column 2.4" deep bursts clear of it (no template on it): a hit, not struck', () => {
    const r = record();
    expect(rollShellShot(script(4, 1, 6), 4, 'short', 2.4, O, r)).toBe(0);
    expect(r).toEqual({ n: 1, struck: 0 });
    // Bursting at the front (2+), its dice scoring no 4+ on the target: a hit that struck nothing.
    const missed = record();
    expect(rollShellShot(script(4, 2, 1, 2, 3, 1, 2, 3), 4, 'short', 2.4, O, missed)).toBe(0);
    expect(missed).toEqual({ n: 1, struck: 0 });
  });
  it('p21: a shell missing by 1 that falls 1" short (the template\'s edge on the target: 2 dice) with a die of 4+ that kills nobody (1 against 3+): struck, not a hit', () => {
    const r = record();
    expect(rollShellShot(script(3, 5, 1, 4, 1, 1), 4, 'short', 2.4, O, r)).toBe(0);
    expect(r).toEqual({ n: 0, struck: 1 });
  });
});
