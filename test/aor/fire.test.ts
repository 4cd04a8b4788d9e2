import { describe, expect, it } from 'vitest';
import { hasRifledOrArtillery, includesArtillery, includesOldGuard, rawFireStrength, unitFireFactor, type FireMods } from '../../src/rules/aor/fire.js';
import { hexsidesBetween, isFlankAttack } from '../../src/rules/aor/flanking.js';
import { roundHalfUp } from '../../src/rules/aor/numbers.js';
import { ATTACK_ACROSS_HEXSIDE, ATTACK_INTO_HEX, canBeFlanked, defenderFireOutOf } from '../../src/rules/aor/terrain.js';
import { spec, state } from './helpers.js';

/** No percentage changes; disruption halves by the units' markers now (6.2). */
const plain = (st: { disrupted: Uint8Array }): FireMods => ({ flanking: false, firesFirst: false, targetHasRifledOrArtillery: false, disrupted: st.disrupted });

describe('Unit fire factor (6.2, 7.3, 7.6)', () => {
  it('7.6: an undisrupted infantry unit fires at its printed strength', () => {
    const st = state(spec('i', 0, 'infantry', 6));
    expect(unitFireFactor(st, 0, plain(st))).toBe(1);
  });
  it('6.2 / 7.6 Disruption: a disrupted unit fires at half strength', () => {
    const st = state(spec('i', 0, 'infantry', 6, { disrupted: true }));
    expect(unitFireFactor(st, 0, plain(st))).toBe(0.5);
  });
  it('7.6 Disruption: in an assault, the markers the segment began with halve, not those gained since', () => {
    const st = state(spec('i', 0, 'infantry', 6), spec('j', 0, 'infantry', 6, { disrupted: true }));
    st.disrupted[0] = 1; // disrupted during the segment (an earlier assault's retreat)
    const atStart = Uint8Array.of(0, 1);
    expect(unitFireFactor(st, 0, { ...plain(st), disrupted: atStart })).toBe(1);
    expect(unitFireFactor(st, 1, { ...plain(st), disrupted: atStart })).toBe(0.5);
  });
  it('7.3: cavalry in normal combat is halved; disrupted cavalry is quartered', () => {
    const st = state(spec('c', 0, 'cavalry', 4), spec('c2', 0, 'cavalry', 4, { disrupted: true }));
    expect(unitFireFactor(st, 0, plain(st))).toBe(0.5);
    expect(unitFireFactor(st, 1, plain(st))).toBe(0.25);
  });
  it('7.3: artillery and horse artillery are not halved like cavalry', () => {
    const st = state(spec('g', 0, 'artillery', 3), spec('h', 0, 'horseArtillery', 2));
    expect(unitFireFactor(st, 0, plain(st))).toBe(1);
    expect(unitFireFactor(st, 1, plain(st))).toBe(1);
  });
  it('7.6 Armament: repeating weapons get +50% against a stack with rifled muskets or artillery', () => {
    const st = state(spec('r', 0, 'infantry', 4, { repeating: true }));
    expect(unitFireFactor(st, 0, { ...plain(st), targetHasRifledOrArtillery: true })).toBe(1.5);
  });
  it('7.6 Armament: repeating weapons get +50% when the enemy losses are applied first', () => {
    const st = state(spec('r', 0, 'infantry', 4, { repeating: true }));
    expect(unitFireFactor(st, 0, { ...plain(st), firesFirst: true })).toBe(1.5);
    // The two conditions do not stack: still +50%.
    expect(unitFireFactor(st, 0, { ...plain(st), firesFirst: true, targetHasRifledOrArtillery: true })).toBe(1.5);
  });
  it('7.6 Armament: repeating weapons get no bonus against an all-repeating stack fired at simultaneously', () => {
    const st = state(spec('r', 0, 'infantry', 4, { repeating: true }));
    expect(unitFireFactor(st, 0, plain(st))).toBe(1);
  });
  it('7.6 Armament: rifled-musket units never get the +50%', () => {
    const st = state(spec('i', 0, 'infantry', 4));
    expect(unitFireFactor(st, 0, { ...plain(st), firesFirst: true, targetHasRifledOrArtillery: true })).toBe(1);
  });
  it('7.6 Flanking: +50%, multiplying with the other changes', () => {
    const st = state(spec('i', 0, 'infantry', 4), spec('c', 0, 'cavalry', 4, { disrupted: true }), spec('r', 0, 'infantry', 4, { repeating: true }));
    const m = { ...plain(st), flanking: true, targetHasRifledOrArtillery: true };
    expect(unitFireFactor(st, 0, m)).toBe(1.5);
    expect(unitFireFactor(st, 1, m)).toBeCloseTo(0.375, 12);
    expect(unitFireFactor(st, 2, m)).toBeCloseTo(2.25, 12);
  });
});

describe('Side fire strength (7.1)', () => {
  it('7.1: strengths are summed after each unit is reduced; eliminated and retreated units do not fire', () => {
    const st = state(
      spec('i', 0, 'infantry', 5, { disrupted: true }), // 2.5
      spec('c', 0, 'cavalry', 3), // 1.5
      spec('g', 0, 'artillery', 3), // 3
      spec('gone', 0, 'infantry', 9),
      spec('away', 0, 'infantry', 9),
    );
    st.steps[3] = 0;
    st.retreated[4] = 1;
    expect(rawFireStrength(st, [0, 1, 2, 3, 4], 5, 1, plain(st))).toBeCloseTo(7, 12);
    expect(rawFireStrength(st, [0, 1, 2, 3, 4], 3, 1, plain(st))).toBeCloseTo(7, 12);
    expect(rawFireStrength(st, [0, 1], 2, 1, plain(st))).toBeCloseTo(4, 12);
  });
  it('7.1: a flipped unit fires with its reduced strength', () => {
    const st = state(spec('i', 0, 'infantry', 7, { reduced: 4, damaged: true }));
    expect(rawFireStrength(st, [0], 1, 1, plain(st))).toBe(4);
  });
  it('7.1 / 7.6 Terrain: add reduced strengths, then round once (3 + 3 at -25% is 4.5 -> 5, not 2 + 2)', () => {
    const st = state(spec('a', 0, 'infantry', 3), spec('b', 0, 'infantry', 3));
    const raw = rawFireStrength(st, [0, 1], 2, 0.75, plain(st));
    expect(raw).toBeCloseTo(4.5, 12);
    expect(roundHalfUp(raw)).toBe(5);
  });
  it('7.6: armament targets: a stack "contains rifled muskets or artillery" unless every present unit has repeaters', () => {
    const st = state(
      spec('r1', 1, 'infantry', 4, { repeating: true }),
      spec('r2', 1, 'cavalry', 4, { repeating: true }),
      spec('i', 1, 'infantry', 4),
      spec('g', 1, 'artillery', 3),
    );
    expect(hasRifledOrArtillery(st, [0, 1], 2)).toBe(false);
    expect(hasRifledOrArtillery(st, [0, 2], 2)).toBe(true);
    expect(hasRifledOrArtillery(st, [0, 3], 2)).toBe(true);
    st.steps[2] = 0;
    expect(hasRifledOrArtillery(st, [0, 2], 2)).toBe(false);
  });
  it('7.6: a battery flagged repeating is still artillery: the stack holding it is a target for the +50%', () => {
    const st = state(spec('r', 1, 'infantry', 4, { repeating: true }), spec('g', 1, 'artillery', 3, { repeating: true }), spec('h', 1, 'horseArtillery', 2, { repeating: true }));
    expect(hasRifledOrArtillery(st, [0], 1)).toBe(false);
    expect(hasRifledOrArtillery(st, [0, 1], 2)).toBe(true);
    expect(hasRifledOrArtillery(st, [0, 2], 2)).toBe(true);
  });
  it('Morale Modifiers: artillery (foot or horse) and Old Guard infantry are detected among present units only', () => {
    const st = state(spec('h', 0, 'horseArtillery', 2), spec('og', 0, 'infantry', 6, { oldGuard: true }), spec('ogc', 0, 'cavalry', 6, { oldGuard: true }));
    expect(includesArtillery(st, [0], 1)).toBe(true);
    expect(includesArtillery(st, [1, 2], 2)).toBe(false);
    expect(includesOldGuard(st, [1], 1)).toBe(true);
    expect(includesOldGuard(st, [2], 1)).toBe(false); // Old Guard *infantry* only
    st.retreated[1] = 1;
    st.steps[0] = 0;
    expect(includesOldGuard(st, [1], 1)).toBe(false);
    expect(includesArtillery(st, [0], 1)).toBe(false);
  });
});

describe('Flanking geometry (7.6 Flanking)', () => {
  it('7.6: same or adjacent hexsides have no hexside between them', () => {
    expect(hexsidesBetween(0, 0)).toBe(0);
    expect(hexsidesBetween(0, 1)).toBe(0);
    expect(hexsidesBetween(5, 0)).toBe(0);
    expect(hexsidesBetween(0, 5)).toBe(0);
    expect(hexsidesBetween(3, 4)).toBe(0);
  });
  it('7.6: hexsides two apart have one between them; opposite hexsides two', () => {
    expect(hexsidesBetween(0, 2)).toBe(1);
    expect(hexsidesBetween(4, 0)).toBe(1);
    expect(hexsidesBetween(5, 1)).toBe(1);
    expect(hexsidesBetween(0, 3)).toBe(2);
    expect(hexsidesBetween(2, 5)).toBe(2);
  });
  it('7.6: hexsidesBetween is symmetric for all pairs', () => {
    for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) expect(hexsidesBetween(a, b)).toBe(hexsidesBetween(b, a));
  });
  it('7.6: attacks through adjacent hexsides do not flank', () => {
    expect(isFlankAttack([0, 1], 2)).toBe(false);
    expect(isFlankAttack([5, 0], 2)).toBe(false);
  });
  it('7.6: one hexside between the attacks flanks; so do opposite hexsides', () => {
    expect(isFlankAttack([0, 2], 2)).toBe(true);
    expect(isFlankAttack([1, 5], 2)).toBe(true);
    expect(isFlankAttack([0, 3], 2)).toBe(true);
  });
  it('7.6: a single attacking stack never flanks; a chain of adjacent hexsides flanks through its ends', () => {
    expect(isFlankAttack([2], 1)).toBe(false);
    expect(isFlankAttack([0, 1, 2], 3)).toBe(true);
    expect(isFlankAttack([0, 1, 2], 2)).toBe(false); // only the first two count
  });
  it('7.6: a defender in a town or fort is never flanked; in other terrain it can be', () => {
    expect(canBeFlanked('town')).toBe(false);
    expect(canBeFlanked('fort')).toBe(false);
    for (const t of ['clear', 'woods', 'forest', 'chateau'] as const) expect(canBeFlanked(t)).toBe(true);
  });
});

describe('Terrain Effects on Combat, Attack column (7.6 Terrain)', () => {
  it('Terrain Effects: town -25%, chateau -50%, woods -50%, clear none', () => {
    expect(ATTACK_INTO_HEX.town).toBe(0.25);
    expect(ATTACK_INTO_HEX.chateau).toBe(0.5);
    expect(ATTACK_INTO_HEX.woods).toBe(0.5);
    expect(ATTACK_INTO_HEX.clear).toBe(0);
  });
  it('Terrain Effects: stream -25%, crest -25%, bridge -50% across hexsides', () => {
    expect(ATTACK_ACROSS_HEXSIDE.stream).toBe(0.25);
    expect(ATTACK_ACROSS_HEXSIDE.crest).toBe(0.25);
    expect(ATTACK_ACROSS_HEXSIDE.bridge).toBe(0.5);
    expect(ATTACK_ACROSS_HEXSIDE.none).toBe(0);
  });
  it('10.1: attacker strength against a fort is halved', () => expect(ATTACK_INTO_HEX.fort).toBe(0.5));
  it("Terrain Effects footnote: the defender's fire out of woods is -50%; out of town or clear it is not reduced", () => {
    expect(defenderFireOutOf('woods')).toBe(0.5);
    expect(defenderFireOutOf('town')).toBe(0);
    expect(defenderFireOutOf('clear')).toBe(0);
  });
});
