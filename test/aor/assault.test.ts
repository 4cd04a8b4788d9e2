import { newAorResult } from '../../src/rules/aor/results.js';
import { describe, expect, it } from 'vitest';
import { resolveDoctrine, type AssaultDoctrine } from '../../src/rules/aor/doctrine/assault.js';
import {
  FORCED,
  newRoundOutcome,
  NO_RETREAT,
  onlyAcrossFortified,
  resolveAssaultRound,
  VOLUNTARY,
  type AssaultSituation,
  type AttackingStack,
} from '../../src/rules/aor/assault.js';
import { DEFAULT_AOR_OPTIONS, type AorOptions } from '../../src/rules/aor/options.js';
import type { HexTerrain } from '../../src/rules/aor/terrain.js';
import type { UnitSpec } from '../../src/rules/aor/units.js';
import { doctrine, options, roll2d6, ScriptedDice, spec, state, type DiceScript } from './helpers.js';

/** An attacking stack with defaults: hexside 0, no hexside terrain, clear hex, did not move adjacent. */
function stack(units: number[], o: Partial<AttackingStack> = {}): AttackingStack {
  return { units, direction: 0, hexside: 'none', terrain: 'clear', movedAdjacentInLos: false, ...o };
}

interface RoundSetup {
  specs: UnitSpec[];
  stacks: AttackingStack[];
  defender: number[];
  defenderTerrain?: HexTerrain;
  attacker?: 0 | 1;
  /** 2d6 sums per side (side 0, side 1); converted to die faces. */
  fire: [number[], number[]];
  /** d6 faces per side for morale checks. */
  morale?: [number[], number[]];
  doctrines?: [AssaultDoctrine, AssaultDoctrine];
  opts?: Partial<AorOptions>;
  /** Uniforms per side for doctrine choices (the AI stream). */
  ai?: [number[], number[]];
  /** More of the situation (defenderOnObjective, defenderFiresFirst). */
  sit?: Partial<AssaultSituation>;
}

function play(s: RoundSetup) {
  const st = state(...s.specs);
  const res = newAorResult(s.specs.length);
  const script: DiceScript = {
    fire: [s.fire[0].flatMap(roll2d6), s.fire[1].flatMap(roll2d6)],
    morale: s.morale ?? [[], []],
    ai: s.ai,
  };
  const dice = new ScriptedDice(script);
  const sit: AssaultSituation = {
    attacker: s.attacker ?? 0,
    stacks: s.stacks,
    defender: s.defender,
    defenderTerrain: s.defenderTerrain ?? 'clear',
    ...s.sit,
  };
  const out = resolveAssaultRound(st, sit, options(s.opts), s.doctrines ?? [doctrine(), doctrine()], dice.asDice, res, newRoundOutcome());
  return { st, res, out, dice };
}

const inf = (id: string, side: 0 | 1, full: number, o: Parameters<typeof spec>[4] = {}) => spec(id, side, 'infantry', full, o);

describe('Assault round: simultaneous losses (7.3)', () => {
  it('7.3: both sides fire from their starting strength; the defender fires even though it is destroyed', () => {
    const { st, res, out, dice } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0])],
      defender: [1],
      fire: [[12], [8]], // 6 @ 12 -> 3 hits; 6 @ 8 -> 1 hit
      morale: [[1], []],
    });
    expect(out.attackerStrength).toBe(6);
    expect(out.defenderStrength).toBe(6);
    expect(out.attackerRoll).toBe(12);
    expect(out.defenderRoll).toBe(8);
    expect(out.defenderFiredFirst).toBe(false);
    expect(out.hitsOnDefender).toBe(2); // 3 hits, only 2 steps to lose
    expect(out.hitsOnAttacker).toBe(1);
    expect(Array.from(st.steps)).toEqual([1, 0]);
    expect(res.sides[1]).toMatchObject({ stepsLost: 2, unitsEliminated: 1, strengthLost: 6, moraleChecks: 0 });
    expect(res.sides[0]).toMatchObject({ stepsLost: 1, strengthLost: 3, moraleChecks: 1 });
    expect(dice.used.morale).toEqual([1, 0]);
    expect(out.attackerRetreat).toBe(NO_RETREAT);
  });

  it('7.4: each side that took a hit checks morale once; passing keeps both in place', () => {
    const { res, out, dice } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0])],
      defender: [1],
      fire: [[7], [7]], // 1 hit each
      morale: [[3], [3]], // morale 4 - 1 for the lost step = 3: a 3 passes
    });
    expect(out.hitsOnAttacker).toBe(1);
    expect(out.hitsOnDefender).toBe(1);
    expect(dice.used.morale).toEqual([1, 1]);
    expect(res.sides[0].moraleChecks).toBe(1);
    expect(res.sides[1].moraleChecks).toBe(1);
    expect(res.sides[0].checksByRating[3]).toBe(1);
    expect(out.attackerRetreat).toBe(NO_RETREAT);
    expect(out.defenderRetreat).toBe(NO_RETREAT);
  });

  it('7.3: the sides are indexed by the situation (attacker on side 1 uses side 1 dice)', () => {
    const { st, out } = play({
      attacker: 1,
      specs: [inf('d', 0, 6), inf('a', 1, 10)],
      stacks: [stack([1])],
      defender: [0],
      fire: [[2], [12]], // defender (side 0) misses; attacker (side 1) 10 @ 12 -> 5
    });
    expect(out.attackerStrength).toBe(10);
    expect(out.attackerRoll).toBe(12);
    expect(out.defenderRoll).toBe(2);
    expect(st.steps[0]).toBe(0);
    expect(st.steps[1]).toBe(2);
  });
});

describe('Assault round: morale checks and retreats (7.4)', () => {
  it('7.4: a side that took no hits does not check morale', () => {
    const { res, dice } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0])],
      defender: [1],
      fire: [[2], [8]], // attacker misses; defender 1 hit
      morale: [[1], []], // a defender check would throw
    });
    expect(dice.used.morale).toEqual([1, 0]);
    expect(res.sides[1].moraleChecks).toBe(0);
    expect(res.sides[0].moraleChecks).toBe(1);
  });

  it('7.4: a failed check forces a retreat, and the retreating units are disrupted (6.2)', () => {
    const { st, res, out } = play({
      specs: [inf('a', 0, 6), inf('d1', 1, 6), inf('d2', 1, 4)],
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[7], [2]], // 6 @ 7 -> 1 hit on the defenders; defender misses
      morale: [[], [5]], // best defender morale is 4 (d2 undamaged): a 5 fails
    });
    expect(out.defenderRetreat).toBe(FORCED);
    expect(out.attackerRetreat).toBe(NO_RETREAT);
    expect(Array.from(st.retreated)).toEqual([0, 1, 1]);
    expect(Array.from(st.disrupted)).toEqual([0, 1, 1]);
    expect(res.sides[1]).toMatchObject({ retreatsForced: 2, retreatsVoluntary: 0, disruptions: 2, moraleChecks: 1, moraleChecksFailed: 1 });
    expect(res.units[1]).toMatchObject({ retreated: true, checksFailed: 1 });
    expect(res.units[0].retreated).toBe(false);
  });

  it('7.4 / 2.2: the damaged unit checks at morale 3: a 3 passes, a 4 fails', () => {
    const setup = (roll: number) =>
      play({
        specs: [inf('a', 0, 6), inf('d', 1, 6)],
        stacks: [stack([0])],
        defender: [1],
        fire: [[7], [2]],
        morale: [[], [roll]],
      });
    expect(setup(3).out.defenderRetreat).toBe(NO_RETREAT);
    expect(setup(4).out.defenderRetreat).toBe(FORCED);
  });

  it('Morale Modifiers: a steadfast unit keeps morale 4 after losing a step (a 4 passes)', () => {
    const { out } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6, { steadfast: true })],
      stacks: [stack([0])],
      defender: [1],
      fire: [[7], [2]],
      morale: [[], [4]],
    });
    expect(out.defenderRetreat).toBe(NO_RETREAT);
  });

  it('Morale Modifiers: a side fired at by artillery in normal combat checks at -1', () => {
    const setup = (withGuns: boolean) =>
      play({
        specs: [inf('a', 0, 6), inf('d', 1, 6), spec('g', 1, withGuns ? 'artillery' : 'infantry', 3, { maxSteps: 1 })],
        stacks: [stack([0])],
        defender: [1, 2],
        fire: [[2], [7]], // defender 9 @ 7 -> 1 hit on the attacker
        morale: [[3], []], // attacker: 4 - 1 (step) [- 1 (guns)]
      });
    expect(setup(false).out.attackerRetreat).toBe(NO_RETREAT);
    expect(setup(true).out.attackerRetreat).toBe(FORCED);
  });

  it('Morale Modifiers: a side attacked by Old Guard infantry checks at -1', () => {
    const setup = (oldGuard: boolean) =>
      play({
        specs: [inf('a', 0, 6, { oldGuard }), inf('d', 1, 6)],
        stacks: [stack([0])],
        defender: [1],
        fire: [[7], [2]],
        morale: [[], [3]],
      });
    expect(setup(false).out.defenderRetreat).toBe(NO_RETREAT);
    expect(setup(true).out.defenderRetreat).toBe(FORCED);
  });

  it('Morale Modifiers / 7.3: a battery eliminated by the defender firing first never fires: no -1 for artillery fire', () => {
    // The battery moved adjacent in LOS and takes the first fire (6 @ 8 -> 1 hit, its only step); the
    // infantry beside it (an adjacent hexside: no flank) then fires alone, 6 @ 8 -> 1 hit.
    const setup = (battery: boolean) =>
      play({
        specs: [spec('g', 0, battery ? 'artillery' : 'infantry', 2, { maxSteps: 1 }), inf('a', 0, 6), inf('d', 1, 6)],
        stacks: [stack([0], { direction: 0, movedAdjacentInLos: true }), stack([1], { direction: 1 })],
        defender: [2],
        fire: [[8], [8]],
        morale: [[1], [3]], // defender: 4 - 1 (step) = 3 passes; a -1 for artillery fire would fail it
        doctrines: [doctrine(), doctrine({ fireFirst: true })],
      });
    for (const battery of [false, true]) {
      const { st, out } = setup(battery);
      expect(out.defenderFiredFirst).toBe(true);
      expect(st.steps[0]).toBe(0);
      expect(out.attackerStrength).toBe(6);
      expect(out.hitsOnDefender).toBe(1);
      expect(out.defenderRetreat, battery ? 'battery' : 'infantry').toBe(NO_RETREAT);
    }
  });

  it('Morale Modifiers / 7.3: Old Guard eliminated by the defender firing first does not count as attacking', () => {
    const { st, out } = play({
      specs: [inf('og', 0, 2, { maxSteps: 1, oldGuard: true }), inf('a', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0], { direction: 0, movedAdjacentInLos: true }), stack([1], { direction: 1 })],
      defender: [2],
      fire: [[8], [8]],
      morale: [[1], [3]],
      doctrines: [doctrine(), doctrine({ fireFirst: true })],
    });
    expect(st.steps[0]).toBe(0);
    expect(out.defenderRetreat).toBe(NO_RETREAT);
  });

  it('aor.moraleBounds: 1-5 lifts a modified morale of 0 to 1 (a roll of 1 passes)', () => {
    // Defender damaged (3), flanked (-2), fired on by artillery (-1): 0.
    const setup = (bounds: 'none' | '1-5') =>
      play({
        specs: [inf('a1', 0, 4), spec('g', 0, 'artillery', 4), inf('d', 1, 12, { reduced: 6 })],
        stacks: [stack([0], { direction: 0 }), stack([1], { direction: 3 })],
        defender: [2],
        fire: [[5], [2]], // (4+4)*1.5 = 12 @ 5 -> 1 hit
        morale: [[], [1]],
        opts: { moraleBounds: bounds },
      });
    const none = setup('none');
    expect(none.out.flanked).toBe(true);
    expect(none.out.hitsOnDefender).toBe(1);
    expect(none.out.defenderRetreat).toBe(FORCED);
    expect(none.res.sides[1].checksByRating[0]).toBe(1);
    const bounded = setup('1-5');
    expect(bounded.out.defenderRetreat).toBe(NO_RETREAT);
    expect(bounded.res.sides[1].checksByRating[1]).toBe(1);
  });

  it("2.3 (aor.groupMoraleFallback): an artillery-only stack checks with its artillery, or fails outright under 'fails'", () => {
    const setup = (fallback: 'artillery' | 'fails') =>
      play({
        specs: [inf('a', 0, 6), spec('h', 1, 'horseArtillery', 4, { maxSteps: 2, reduced: 2 })],
        stacks: [stack([0])],
        defender: [1],
        fire: [[7], [2]],
        morale: [[], [1]],
        opts: { groupMoraleFallback: fallback },
      });
    expect(setup('artillery').out.defenderRetreat).toBe(NO_RETREAT);
    expect(setup('fails').out.defenderRetreat).toBe(FORCED);
  });

  it('7.4: foot artillery that must retreat is eliminated instead; the infantry with it retreats', () => {
    const { st, res, out } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6), spec('g', 1, 'artillery', 3)],
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[7], [2]], // 1 hit: first hit to infantry (7.1)
      morale: [[], [5]], // infantry morale 3: fails
    });
    expect(out.defenderRetreat).toBe(FORCED);
    expect(st.steps[1]).toBe(1);
    expect(st.retreated[1]).toBe(1);
    expect(st.disrupted[1]).toBe(1);
    expect(st.steps[2]).toBe(0);
    expect(st.disrupted[2]).toBe(0);
    expect(res.units[2]).toMatchObject({ eliminated: true, retreated: false });
    expect(res.sides[1]).toMatchObject({ strengthLost: 3 + 3, stepsLost: 2, unitsEliminated: 1, retreatsForced: 1, disruptions: 1 });
  });

  it('7.4: horse artillery retreats like other units (only foot artillery is destroyed)', () => {
    const { st, res } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6), spec('h', 1, 'horseArtillery', 3)],
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[7], [2]],
      morale: [[], [5]],
    });
    expect(st.steps[2]).toBe(1);
    expect(st.retreated[2]).toBe(1);
    expect(st.disrupted[2]).toBe(1);
    expect(res.sides[1]).toMatchObject({ unitsEliminated: 0, retreatsForced: 2 });
  });
});

describe('Assault round: voluntary retreat halves the hits (7.4)', () => {
  const specs = () => [inf('a', 0, 10, { reduced: 5 }), inf('d1', 1, 6), inf('d2', 1, 6)];

  it('7.4: when the attacker retreats voluntarily both sides halve their hits (5 -> 3, 2 -> 1)', () => {
    const { st, res, out, dice } = play({
      specs: specs(),
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[12], [8]], // 10 @ 12 -> 5 hits; 12 @ 8 -> 2 hits
      morale: [[], [1]],
      doctrines: [doctrine({ retreatWhen: 'hitsAtLeast', retreatHits: 1 }), doctrine()],
    });
    expect(out.attackerRetreat).toBe(VOLUNTARY);
    expect(out.hitsOnDefender).toBe(3);
    expect(out.hitsOnAttacker).toBe(1);
    expect(res.sides[1].stepsLost).toBe(3);
    expect(res.sides[0].stepsLost).toBe(1);
    expect(st.retreated[0]).toBe(1);
    expect(st.disrupted[0]).toBe(1);
    expect(res.sides[0]).toMatchObject({ retreatsVoluntary: 1, retreatsForced: 0, moraleChecks: 0 });
    // The attacker retreated voluntarily, so only the defender checks.
    expect(dice.used.morale).toEqual([0, 1]);
  });

  it('7.4: the same dice without a voluntary retreat apply all the hits', () => {
    const { out } = play({
      specs: specs(),
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[12], [8]],
      morale: [[1], []],
    });
    expect(out.hitsOnDefender).toBe(4); // 5 hits, 4 steps
    expect(out.hitsOnAttacker).toBe(2);
  });

  it('7.4: a single hit halved becomes 0 (defender retreats voluntarily)', () => {
    const { st, res, out, dice } = play({
      specs: [inf('a', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0])],
      defender: [1],
      fire: [[7], [9]], // 1 hit on the defender -> 0; 2 hits on the attacker -> 1
      morale: [[1], []],
      doctrines: [doctrine(), doctrine({ retreatWhen: 'hitsAtLeast', retreatHits: 1 })],
    });
    expect(out.defenderRetreat).toBe(VOLUNTARY);
    expect(out.hitsOnDefender).toBe(0);
    expect(st.steps[1]).toBe(2);
    expect(out.hitsOnAttacker).toBe(1);
    expect(st.steps[0]).toBe(1);
    expect(res.sides[1]).toMatchObject({ retreatsVoluntary: 1, disruptions: 1, stepsLost: 0 });
    expect(dice.used.morale).toEqual([1, 0]); // the attacker still took a hit and checks
  });
});

describe('Assault round: which hits call for the retreat check (7.4, aor.retreatCheckHits)', () => {
  // The attacker scores 2 hits, the defender 1; the defender gives ground voluntarily, so 2 -> 1 and 1 -> 0.
  const setup = (opts: Partial<AorOptions>, morale: number[]) =>
    play({
      specs: [inf('a', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0])],
      defender: [1],
      fire: [[9], [7]],
      morale: [morale, []],
      doctrines: [doctrine(), doctrine({ retreatWhen: 'hitsAtLeast', retreatHits: 1 })],
      opts,
    });

  it('afterHalving (default): the attacker, whose one hit halved to none, does not check', () => {
    const { out, dice, res } = setup({}, []);
    expect(out.defenderRetreat).toBe(VOLUNTARY);
    expect(out.hitsOnAttacker).toBe(0);
    expect(out.attackerRetreat).toBe(NO_RETREAT);
    expect(dice.used.morale).toEqual([0, 0]);
    expect(res.sides[0].moraleChecks).toBe(0);
  });

  it('beforeHalving: "each side that suffered at least one hit" checks; a 6 sends it back with no step lost', () => {
    const { out, dice, st } = setup({ retreatCheckHits: 'beforeHalving' }, [6]);
    expect(out.defenderRetreat).toBe(VOLUNTARY);
    expect(out.hitsOnAttacker).toBe(0);
    expect(dice.used.morale).toEqual([1, 0]);
    expect(out.attackerRetreat).toBe(FORCED);
    expect(st.steps[0]).toBe(2);
    // A check passed leaves it where it stands.
    expect(setup({ retreatCheckHits: 'beforeHalving' }, [1]).out.attackerRetreat).toBe(NO_RETREAT);
  });
});

describe('Assault round: cavalry (7.3)', () => {
  it('7.3: cavalry defending alone always retreats voluntarily (halving both sides) and fires at half strength', () => {
    const { st, res, out, dice } = play({
      specs: [inf('a', 0, 6), spec('c', 1, 'cavalry', 4, { reduced: 2 })],
      stacks: [stack([0])],
      defender: [1],
      fire: [[9], [12]], // 6 @ 9 -> 2 -> 1; cavalry 4/2 = 2 @ 12 -> 2 -> 1
      morale: [[1], []],
      doctrines: [doctrine(), doctrine({ retreatWhen: 'never' })],
    });
    expect(out.defenderStrength).toBe(2);
    expect(out.defenderRetreat).toBe(VOLUNTARY);
    expect(out.hitsOnDefender).toBe(1);
    expect(out.hitsOnAttacker).toBe(1);
    expect(st.steps[1]).toBe(1);
    expect(st.retreated[1]).toBe(1);
    expect(st.disrupted[1]).toBe(1);
    expect(res.sides[1].retreatsVoluntary).toBe(1);
    expect(dice.used.morale).toEqual([1, 0]);
  });

  it('7.3: cavalry stacked with infantry does not retreat automatically', () => {
    const { out } = play({
      specs: [inf('a', 0, 6), spec('c', 1, 'cavalry', 4), inf('d', 1, 4)],
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[9], [2]], // 2 hits: infantry flipped, then eliminated (damaged first)
      morale: [[], [1]],
    });
    expect(out.defenderRetreat).toBe(NO_RETREAT);
    expect(out.hitsOnDefender).toBe(2);
  });

  it('7.3: attacking cavalry is halved as well', () => {
    const { out } = play({
      specs: [spec('c', 0, 'cavalry', 6), spec('c2', 0, 'cavalry', 5), inf('d', 1, 6)],
      stacks: [stack([0, 1])],
      defender: [2],
      fire: [[2], [2]],
    });
    expect(out.attackerStrength).toBe(6); // 3 + 2.5 = 5.5 -> 6
  });
});

describe('Assault round: the defender fires first (7.3, 7.6 Armament)', () => {
  const base = (moved: boolean, fireFirst = true): RoundSetup => ({
    specs: [inf('a1', 0, 6), inf('a2', 0, 6), inf('d', 1, 12, { reduced: 6 })],
    stacks: [stack([0, 1], { movedAdjacentInLos: moved })],
    defender: [2],
    fire: [[12], [8]], // defender 12 @ 8 -> 2 hits
    morale: [[4], [1]],
    doctrines: [doctrine(), doctrine({ fireFirst })],
  });

  it("7.3: against a stack that moved adjacent in LOS, the attacker's losses are applied before its strength is counted", () => {
    const { st, out } = play(base(true));
    expect(out.defenderFiredFirst).toBe(true);
    expect(out.hitsOnAttacker).toBe(2);
    expect(Array.from(st.steps.slice(0, 2))).toEqual([0, 2]); // first hit flips a1, the second must finish it
    expect(out.attackerStrength).toBe(6);
    expect(out.hitsOnDefender).toBe(2); // a2 alone: 6 @ 12 -> 3 hits, 2 steps to lose
  });

  it('7.3 "these units" (aor.fireFirstTargets = movedUnits): only the unit that moved up takes the first fire, not its stack-mate already adjacent', () => {
    // a2 moved adjacent in LOS and joined a1, which stood there already.
    const mixed = (fireFirstTargets: AorOptions['fireFirstTargets']) => play({ ...base(true), stacks: [stack([0, 1], { movedAdjacentInLos: true, movedUnits: [1] })], opts: { fireFirstTargets } });
    const units = mixed('movedUnits');
    expect(units.out.defenderFiredFirst).toBe(true);
    expect(Array.from(units.st.steps.slice(0, 2))).toEqual([2, 0]); // both hits on a2: flipped, then eliminated
    expect(units.out.attackerStrength).toBe(6); // a1 alone replies
    // The whole stack under the default: the same two hits, the first on a1 (the owner allocates among the stack, 7.1).
    const stacks = mixed('movedStacks');
    expect(Array.from(stacks.st.steps.slice(0, 2))).toEqual([0, 2]);
    // A stack whose every unit moved up is the same under both readings.
    expect(Array.from(play({ ...base(true), opts: { fireFirstTargets: 'movedUnits' } }).st.steps.slice(0, 2))).toEqual([0, 2]);
  });

  it('7.3: with the same dice and no move adjacent, losses are simultaneous and the attacker fires at 12', () => {
    const { out } = play(base(false));
    expect(out.defenderFiredFirst).toBe(false);
    expect(out.attackerStrength).toBe(12);
  });

  it('7.3: the defender may decline to fire first (doctrine)', () => {
    const { out } = play(base(true, false));
    expect(out.defenderFiredFirst).toBe(false);
    expect(out.attackerStrength).toBe(12);
  });

  it('7.3: a stack destroyed by the first fire does not fire back', () => {
    const { st, out } = play({
      specs: [inf('a1', 0, 6), inf('d', 1, 12, { reduced: 6 })],
      stacks: [stack([0], { movedAdjacentInLos: true })],
      defender: [1],
      fire: [[12], [9]], // 12 @ 9 -> 3 hits: the attacker's 2 steps are gone
      doctrines: [doctrine(), doctrine({ fireFirst: true })],
    });
    expect(out.attackerStrength).toBe(0);
    expect(out.hitsOnDefender).toBe(0);
    expect(st.steps[1]).toBe(2);
  });

  it('7.6 Armament: repeating weapons get +50% when firing first, even at an all-repeating stack', () => {
    const mk = (moved: boolean) =>
      play({
        specs: [inf('a', 0, 4, { repeating: true }), inf('d', 1, 8, { repeating: true })],
        stacks: [stack([0], { movedAdjacentInLos: moved })],
        defender: [1],
        fire: [[2], [2]],
        doctrines: [doctrine(), doctrine({ fireFirst: true })],
      });
    expect(mk(true).out.defenderStrength).toBe(12);
    expect(mk(false).out.defenderStrength).toBe(8);
    expect(mk(false).out.attackerStrength).toBe(4);
  });

  it('7.6 Armament: repeating weapons get +50% against a stack holding rifled muskets', () => {
    const { out } = play({
      specs: [inf('a', 0, 4, { repeating: true }), inf('d', 1, 8, { repeating: true }), inf('d2', 1, 2)],
      stacks: [stack([0])],
      defender: [1, 2],
      fire: [[2], [2]],
    });
    expect(out.attackerStrength).toBe(6);
    expect(out.defenderStrength).toBe(10); // the attacking stack is all repeaters: no bonus
  });
});

describe('Assault round: flanking (7.6 Flanking)', () => {
  const flankSetup = (dirs: [number, number], terrain: HexTerrain, attackerRoll: number) =>
    play({
      specs: [inf('a1', 0, 4), inf('a2', 0, 4), inf('d', 1, 6)],
      stacks: [stack([0], { direction: dirs[0] }), stack([1], { direction: dirs[1] })],
      defender: [2],
      defenderTerrain: terrain,
      fire: [[attackerRoll], [2]],
      morale: [[], [2]], // defender after a step loss: 3; flanked: 1
    });

  it('7.6: two stacks with a hexside between them give the attacker +50% and the defender -2 morale', () => {
    const { out } = flankSetup([0, 2], 'clear', 6); // 12 @ 6 -> 1 hit
    expect(out.flanked).toBe(true);
    expect(out.attackerStrength).toBe(12);
    expect(out.hitsOnDefender).toBe(1);
    expect(out.defenderRetreat).toBe(FORCED); // 2 > 1
  });

  it('7.6: stacks on adjacent hexsides do not flank: no bonus, no morale penalty', () => {
    const { out } = flankSetup([0, 1], 'clear', 6); // 8 @ 6 -> 1 hit
    expect(out.flanked).toBe(false);
    expect(out.attackerStrength).toBe(8);
    expect(out.hitsOnDefender).toBe(1);
    expect(out.defenderRetreat).toBe(NO_RETREAT); // 2 <= 3
  });

  it('7.6: defenders in a town cannot be flanked (and fire into town is -25%)', () => {
    const { out } = flankSetup([0, 3], 'town', 6); // 8 * 0.75 = 6 @ 6 -> 1 hit
    expect(out.flanked).toBe(false);
    expect(out.attackerStrength).toBe(6);
    expect(out.hitsOnDefender).toBe(1);
    expect(out.defenderRetreat).toBe(NO_RETREAT);
  });

  it('7.6: the defender does not get the flank bonus on its own fire', () => {
    const { out } = flankSetup([0, 3], 'clear', 2);
    expect(out.flanked).toBe(true);
    expect(out.defenderStrength).toBe(6);
  });

  it('7.3 / 7.6: a flanking stack destroyed by the defender firing first no longer flanks when the attacker strength is counted', () => {
    // Stack 1 (hexside 0) moved adjacent in LOS; stack 2 (hexside 3) was already adjacent.
    // The defender fires first at stack 1 and eliminates its one-step unit; only then is the attacker's
    // strength determined (7.3), and a single remaining stack attacking through one hexside cannot flank.
    const { st, out } = play({
      specs: [inf('a1', 0, 2, { maxSteps: 1 }), inf('a2', 0, 6), inf('d', 1, 6)],
      stacks: [stack([0], { direction: 0, movedAdjacentInLos: true }), stack([1], { direction: 3 })],
      defender: [2],
      fire: [[2], [8]], // defender 6 @ 8 -> 1 hit on a1
      morale: [[1], []],
      doctrines: [doctrine(), doctrine({ fireFirst: true })],
    });
    expect(out.defenderFiredFirst).toBe(true);
    expect(st.steps[0]).toBe(0);
    expect(out.attackerStrength).toBe(6);
    expect(out.flanked).toBe(false);
  });
});

describe('Assault round: forts (10.1)', () => {
  it('10.1: a fort halves attacker strength, cannot be flanked, and its defender ignores retreat results', () => {
    const { st, res, out, dice } = play({
      specs: [inf('a1', 0, 4), inf('a2', 0, 4), inf('d', 1, 6)],
      stacks: [stack([0], { direction: 0 }), stack([1], { direction: 3 })],
      defender: [2],
      defenderTerrain: 'fort',
      fire: [[7], [2]], // 8 * 0.5 = 4 @ 7 -> 1 hit
      morale: [[], []], // no defender check
    });
    expect(out.flanked).toBe(false);
    expect(out.attackerStrength).toBe(4);
    expect(out.hitsOnDefender).toBe(1);
    expect(out.defenderRetreat).toBe(NO_RETREAT);
    expect(st.retreated[2]).toBe(0);
    expect(res.sides[1].moraleChecks).toBe(0);
    expect(dice.used.morale).toEqual([0, 0]);
  });

  it('10.2 (aor.fortifiedHexsideRetreat): attacked only across fortified hexsides, the defender ignores retreats by default, checks under normal', () => {
    const mk = (mode: 'ignore' | 'normal') =>
      play({
        specs: [inf('a', 0, 8), inf('d', 1, 6)],
        stacks: [stack([0], { hexside: 'fortified' })],
        defender: [1],
        fire: [[7], [2]], // 8 * 0.5 = 4 @ 7 -> 1 hit
        morale: [[], mode === 'normal' ? [6] : []],
        opts: { fortifiedHexsideRetreat: mode },
      });
    const ignore = mk('ignore');
    expect(ignore.out.attackerStrength).toBe(4);
    expect(ignore.out.defenderRetreat).toBe(NO_RETREAT);
    expect(mk('normal').out.defenderRetreat).toBe(FORCED);
  });
});

describe('Assault round: a garrison attacking out of its fort (10.1, 7.4)', () => {
  it('10.1: attackers in a fort ignore retreat results: hit, they make no check, neither retreat nor are disrupted (7.4 disrupts retreating units)', () => {
    const { st, res, out, dice } = play({
      specs: [inf('g', 0, 6), inf('d', 1, 8)],
      stacks: [stack([0], { terrain: 'fort' })],
      defender: [1],
      fire: [[2], [7]], // the garrison scores nothing; 8 * 0.5 (aor.fortDefenderFire halved) = 4 @ 7 -> 1 hit
      morale: [[6], []], // a check, were one made, would fail
    });
    expect(out.hitsOnAttacker).toBe(1);
    expect(out.attackerRetreat).toBe(NO_RETREAT);
    expect(st.retreated[0]).toBe(0);
    expect(st.disrupted[0]).toBe(0);
    expect(res.sides[0].moraleChecks).toBe(0);
    expect(dice.used.morale).toEqual([0, 0]);
  });

  it('10.1, 7.3: a check over a garrison and a stack in the open is made over both; failed, only the stack outside the fort retreats', () => {
    const { st, out, dice } = play({
      specs: [inf('g', 0, 4), inf('o', 0, 4), inf('d', 1, 8)],
      stacks: [stack([0], { terrain: 'fort', direction: 0 }), stack([1], { direction: 1 })],
      defender: [2],
      fire: [[2], [7]], // the defender fires at 8 (aor.defenderTargetTerrain: the open stack's factor) @ 7 -> 1 hit
      morale: [[6], []],
    });
    expect(out.hitsOnAttacker).toBe(1);
    expect(st.steps[0] + st.steps[1]).toBe(3);
    expect(dice.used.morale).toEqual([1, 0]);
    expect(out.attackerRetreat).toBe(FORCED);
    expect(st.retreated[0]).toBe(0);
    expect(st.disrupted[0]).toBe(0);
    expect(st.retreated[1]).toBe(1);
    expect(st.disrupted[1]).toBe(1);
  });

  it('10.1: the garrison may still retreat by choice (7.4 voluntary retreat is no retreat result)', () => {
    const { st, out } = play({
      specs: [inf('g', 0, 6), inf('d', 1, 8)],
      stacks: [stack([0], { terrain: 'fort' })],
      defender: [1],
      fire: [[2], [7]],
      doctrines: [doctrine({ retreatWhen: 'hitsAtLeast', retreatHits: 1 }), doctrine()],
    });
    expect(out.attackerRetreat).toBe(VOLUNTARY);
    expect(st.retreated[0]).toBe(1);
  });
});

describe('Assault round: fortified hexsides and flanking (10.1, 10.2, 7.6)', () => {
  // Two stacks with a hexside between them (a flank, 7.6), crossing the hexsides given.
  const flank = (hexsides: [AttackingStack['hexside'], AttackingStack['hexside']], mode: 'likeFort' | 'flankable') =>
    play({
      specs: [inf('a1', 0, 4), inf('a2', 0, 4), inf('d', 1, 6)],
      stacks: [stack([0], { direction: 0, hexside: hexsides[0] }), stack([1], { direction: 2, hexside: hexsides[1] })],
      defender: [2],
      fire: [[2], [2]],
      morale: [[], []],
      opts: { fortifiedHexsideFlank: mode },
    }).out.flanked;

  it('aor.fortifiedHexsideFlank likeFort (default): attacked only across fortified hexsides, the defender is not flanked, as in a fort', () => {
    expect(DEFAULT_AOR_OPTIONS.fortifiedHexsideFlank).toBe('likeFort');
    expect(flank(['fortified', 'fortified'], 'likeFort')).toBe(false);
    // One attack that does not cross a wall flanks as 7.6 says.
    expect(flank(['fortified', 'none'], 'likeFort')).toBe(true);
    expect(flank(['none', 'none'], 'likeFort')).toBe(true);
  });

  it('aor.fortifiedHexsideFlank flankable: the defender\'s hex alone decides (7.6), whatever the hexsides', () => {
    expect(flank(['fortified', 'fortified'], 'flankable')).toBe(true);
  });

  it('onlyAcrossFortified: every stack still in the fight crosses a fortified hexside (either of a stack\'s two)', () => {
    const st = state(inf('a1', 0, 4), inf('a2', 0, 4), inf('d', 1, 6));
    const sit = (sides: [AttackingStack['hexside'], AttackingStack['hexside2']][]) => ({ stacks: sides.map(([h, h2], i) => stack([i], { hexside: h, hexside2: h2 })) }) as unknown as AssaultSituation;
    expect(onlyAcrossFortified(st, sit([['fortified', undefined], ['stream', 'fortified']]))).toBe(true);
    expect(onlyAcrossFortified(st, sit([['fortified', undefined], ['stream', undefined]]))).toBe(false);
    // The stack across the stream gone (it retreated): the one left crosses the wall alone.
    st.retreated[1] = 1;
    expect(onlyAcrossFortified(st, sit([['fortified', undefined], ['stream', undefined]]))).toBe(true);
  });
});

describe('Assault round: terrain (7.6 Terrain, Terrain Effects table)', () => {
  const woods = (attackerHex: HexTerrain, hexside: AttackingStack['hexside'], opts: Partial<AorOptions> = {}) =>
    play({
      specs: [inf('a', 0, 8), inf('d', 1, 8)],
      stacks: [stack([0], { terrain: attackerHex, hexside })],
      defender: [1],
      defenderTerrain: 'woods',
      fire: [[2], [2]],
      opts,
    });

  it("Terrain Effects: a defender in woods: attacker fire -50%, and the defender's fire out of woods -50%", () => {
    const { out } = woods('clear', 'none');
    expect(out.attackerStrength).toBe(4);
    expect(out.defenderStrength).toBe(4);
  });

  it('7.6 (aor.terrainReductions): woods and a stream hexside: largest keeps -50%, multiply gives 8 * 0.375 = 3', () => {
    expect(woods('clear', 'stream').out.attackerStrength).toBe(4);
    expect(woods('clear', 'stream', { terrainReductions: 'multiply' }).out.attackerStrength).toBe(3);
  });

  it("7.6 (aor.terrainReductions): the woods defender firing at an attacker in town: largest 4, multiply 3", () => {
    expect(woods('town', 'none').out.defenderStrength).toBe(4);
    expect(woods('town', 'none', { terrainReductions: 'multiply' }).out.defenderStrength).toBe(3);
  });

  it('Terrain Effects: a defender in clear firing at an attacker in woods is reduced by 50%; into town by 25%', () => {
    const mk = (t: HexTerrain) =>
      play({ specs: [inf('a', 0, 8), inf('d', 1, 8)], stacks: [stack([0], { terrain: t })], defender: [1], fire: [[2], [2]] });
    expect(mk('woods').out.defenderStrength).toBe(4);
    expect(mk('town').out.defenderStrength).toBe(6);
    expect(mk('woods').out.attackerStrength).toBe(8);
  });

  it('Terrain Effects: stream -25%, crest -25%, bridge -50% on the attacker firing across the hexside', () => {
    const mk = (h: AttackingStack['hexside'], hexsideFire: 'attackerOnly' | 'both' = 'attackerOnly') =>
      play({
        specs: [inf('a', 0, 8), inf('d', 1, 8)],
        stacks: [stack([0], { hexside: h })],
        defender: [1],
        fire: [[2], [2]],
        opts: { hexsideFire },
      }).out;
    expect(mk('stream').attackerStrength).toBe(6);
    expect(mk('crest').attackerStrength).toBe(6);
    expect(mk('bridge').attackerStrength).toBe(4);
    expect(mk('stream').defenderStrength).toBe(8);
    expect(mk('stream', 'both').defenderStrength).toBe(6);
  });

  it('7.1 / 7.6: reduced strengths are added before rounding (two 3s into a town: 4.5 -> 5)', () => {
    const { out } = play({
      specs: [inf('a1', 0, 3), inf('a2', 0, 3), inf('d', 1, 6)],
      stacks: [stack([0], { direction: 0 }), stack([1], { direction: 1 })],
      defender: [2],
      defenderTerrain: 'town',
      fire: [[2], [2]],
    });
    expect(out.attackerStrength).toBe(5);
  });

  it('6.2 / 7.6 Disruption: a unit disrupted at the start of the assault fires at half strength', () => {
    const { out } = play({
      specs: [inf('a', 0, 8, { disrupted: true }), inf('d', 1, 5, { disrupted: true })],
      stacks: [stack([0])],
      defender: [1],
      fire: [[2], [2]],
    });
    expect(out.attackerStrength).toBe(4);
    expect(out.defenderStrength).toBe(3); // 2.5 -> 3
  });
});

describe('Assault round: doctrine choices (7.3 fire first, 7.4 voluntary retreat, 7.1 hits)', () => {
  // The defender's single 2-step unit is about to take 1 hit: by-the-book's heavyLoss retreats (1 * 2 >= 2).
  const setup = (o: Partial<RoundSetup>): RoundSetup => ({
    specs: [inf('a', 0, 6), inf('d', 1, 6)],
    stacks: [stack([0])],
    defender: [1],
    fire: [[7], [2]], // 6 @ 7 -> 1 hit on the defender; 6 @ 2 -> none on the attacker
    morale: [[], [1]],
    ...o,
  });
  const book = resolveDoctrine('by-the-book');

  it('7.4: by-the-book gives up an ordinary hex when the hit would cost half its steps', () => {
    const { out, dice } = play(setup({ doctrines: [book, book], morale: [[], []] }));
    expect(out.defenderRetreat).toBe(VOLUNTARY);
    expect(dice.used.ai).toEqual([0, 0]);
  });

  it('7.4: ...but not an objective hex it defends (holdObjective): it takes the hit and checks morale', () => {
    const { out, dice } = play(setup({ doctrines: [book, book], sit: { defenderOnObjective: true } }));
    expect(out.defenderRetreat).toBe(NO_RETREAT);
    expect(out.hitsOnDefender).toBe(1);
    expect(dice.used.morale).toEqual([0, 1]);
  });

  it('7.4: careful gives up even an objective when outshot', () => {
    const careful = resolveDoctrine('careful', { retreatHits: 1 });
    const { out } = play(setup({ doctrines: [book, careful], morale: [[], []], sit: { defenderOnObjective: true } }));
    expect(out.defenderRetreat).toBe(VOLUNTARY);
  });

  it('random-legal: the retreat is a coin flip from the side\'s AI dice, drawn only when retreating is a choice', () => {
    const random = resolveDoctrine('random-legal');
    // Attacker takes no hit: no choice, no draw. Defender: 0.4 < 0.5 retreats; 0.6 stands.
    const flee = play(setup({ doctrines: [random, random], morale: [[], []], ai: [[], [0.4]] }));
    expect(flee.out.defenderRetreat).toBe(VOLUNTARY);
    expect(flee.dice.used.ai).toEqual([0, 1]);
    const stand = play(setup({ doctrines: [random, random], ai: [[], [0.6]] }));
    expect(stand.out.defenderRetreat).toBe(NO_RETREAT);
    // The hit needs no draw to place: one eligible unit.
    expect(stand.dice.used.ai).toEqual([0, 1]);
    // The fire and morale dice are the same streams as any doctrine's: only the AI stream differs.
    expect(stand.dice.used.fire).toEqual([2, 2]);
  });

  it('7.3 random-legal: the defender fires first on a coin flip', () => {
    const random = resolveDoctrine('random-legal', { retreatWhen: 'never', hitAllocation: 'leastStrength' });
    const moved = [stack([0], { movedAdjacentInLos: true })];
    const fires = play(setup({ stacks: moved, doctrines: [book, random], ai: [[], [0.2]], morale: [[], [6]] }));
    expect(fires.out.defenderFiredFirst).toBe(true);
    const holds = play(setup({ stacks: moved, doctrines: [book, random], ai: [[], [0.7]], morale: [[], [6]] }));
    expect(holds.out.defenderFiredFirst).toBe(false);
    // A choice made by the caller (the battle decides before it tells the story) is not drawn again.
    const told = play(setup({ stacks: moved, doctrines: [book, random], sit: { defenderFiresFirst: false }, morale: [[], [6]] }));
    expect(told.out.defenderFiredFirst).toBe(false);
    expect(told.dice.used.ai).toEqual([0, 0]);
  });
});

describe('Assault round: retreat before assault (7.11)', () => {
  const cav = (id: string, side: 0 | 1, full: number) => spec(id, side, 'cavalry', full);
  const moved = (units: number[]) => stack(units, { movedAdjacentInLos: true });
  const book = resolveDoctrine('by-the-book');

  it('7.11: cavalry out of enemy ZOC, attacked by infantry only, falls back before any fire (by-the-book chooses to)', () => {
    const { st, res, out, dice } = play({ specs: [inf('a', 0, 6), cav('c', 1, 4), spec('h', 1, 'horseArtillery', 2)], stacks: [moved([0])], defender: [1, 2], fire: [[], []], doctrines: [book, book], sit: { defenderOutOfZoc: true } });
    expect(out.defenderRetreat).toBe(VOLUNTARY);
    expect([out.hitsOnDefender, out.hitsOnAttacker, out.defenderStrength]).toEqual([0, 0, 0]);
    expect(dice.used.fire).toEqual([0, 0]);
    expect([st.retreated[1], st.retreated[2], st.disrupted[1]]).toEqual([1, 1, 0]); // aor.retreatBeforeAssaultCohesion kept
    expect(res.sides[1].retreatsVoluntary).toBe(2);
  });

  it('7.11: no offer when the defender started in a ZOC or when cavalry attacks', () => {
    const fight = (s: Partial<RoundSetup>) => play({ specs: [inf('a', 0, 6), cav('c', 1, 4)], stacks: [moved([0])], defender: [1], fire: [[7], [7]], morale: [[6], [6]], ...s }).out;
    expect(fight({ doctrines: [book, book] }).defenderStrength).toBeGreaterThan(0);
    expect(fight({ doctrines: [book, book], specs: [cav('a', 0, 6), cav('c', 1, 4)], sit: { defenderOutOfZoc: true } }).defenderStrength).toBeGreaterThan(0);
  });

  it('7.11 (aor.retreatBeforeAssaultMixed cavalryAlone): the cavalry of a stack with infantry falls back alone; the infantry is assaulted and fires alone', () => {
    // The stack did not move adjacent in LOS, so the defender does not fire first (7.3).
    const mixed = { specs: [inf('a', 0, 6), cav('c', 1, 4), inf('i', 1, 4)], stacks: [stack([0])], defender: [1, 2], fire: [[7], [7]] as [number[], number[]], morale: [[6], [6]] as [number[], number[]], doctrines: [book, book] as [AssaultDoctrine, AssaultDoctrine], sit: { defenderOutOfZoc: true } };
    const { st, res, out } = play(mixed);
    expect([st.retreated[1], st.retreated[2]]).toEqual([1, 0]);
    expect([out.defenderPartFellBack, out.defenderFellBack, out.defenderRetreat]).toEqual([true, false, NO_RETREAT]);
    // The infantry's 4 alone; with the cavalry beside it, 4 + 4 halved (7.3) = 6.
    expect([out.attackerStrength, out.defenderStrength]).toEqual([6, 4]);
    expect(res.sides[1].retreatsVoluntary).toBe(1);
    // A stubborn side keeps its cavalry with the infantry, as it keeps a cavalry stack in place.
    expect(play({ ...mixed, doctrines: [book, resolveDoctrine('stubborn')] }).out.defenderStrength).toBe(6);
  });

  it('7.11 (aor.retreatBeforeAssaultMixed wholeStack): a stack with infantry is offered no retreat before the assault; its cavalry fights beside the infantry', () => {
    const { st, out } = play({ specs: [inf('a', 0, 6), cav('c', 1, 4), inf('i', 1, 4)], stacks: [stack([0])], defender: [1, 2], fire: [[7], [7]], morale: [[6], [6]], doctrines: [book, book], sit: { defenderOutOfZoc: true }, opts: { retreatBeforeAssaultMixed: 'wholeStack' } });
    expect([st.retreated[1], out.defenderPartFellBack, out.defenderStrength]).toEqual([0, false, 6]);
  });

  it('7.11 (aor.retreatBeforeAssault chosen): a stubborn side stands; random-legal flips a coin from its AI dice; always goes whatever the doctrine', () => {
    const base = { specs: [inf('a', 0, 6), cav('c', 1, 4)], stacks: [moved([0])], defender: [1], fire: [[7], [7]] as [number[], number[]], morale: [[6], [6]] as [number[], number[]], sit: { defenderOutOfZoc: true } };
    const stubborn = resolveDoctrine('stubborn');
    expect(play({ ...base, doctrines: [book, stubborn] }).out.defenderStrength).toBeGreaterThan(0);
    expect(play({ ...base, doctrines: [book, stubborn], opts: { retreatBeforeAssault: 'always' } }).out.defenderStrength).toBe(0);
    const random = resolveDoctrine('random-legal');
    const goes = play({ ...base, doctrines: [book, random], ai: [[], [0.4]] });
    expect([goes.out.defenderRetreat, goes.out.defenderStrength, goes.dice.used.ai[1]]).toEqual([VOLUNTARY, 0, 1]);
    expect(play({ ...base, doctrines: [book, random], ai: [[], [0.6, 0.9, 0.9]] }).out.defenderStrength).toBeGreaterThan(0);
  });

  it('7.11 (aor.retreatBeforeAssaultCohesion disrupted): the units fall back disrupted', () => {
    const { st, res } = play({ specs: [inf('a', 0, 6), cav('c', 1, 4)], stacks: [moved([0])], defender: [1], fire: [[], []], doctrines: [book, book], sit: { defenderOutOfZoc: true }, opts: { retreatBeforeAssaultCohesion: 'disrupted' } });
    expect(st.disrupted[1]).toBe(1);
    expect(res.sides[1].disruptions).toBe(1);
  });
});
