import { PURPOSE } from '../../src/rules/aor/vocabulary.js';
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import type { EngagementResult } from '../../src/core/result.js';
import { checkAssaultInvariants, compileAssault, playAssault, turnEndSegments, type AssaultScenario } from '../../src/rules/aor/engagement.js';
import type { AorOptions } from '../../src/rules/aor/options.js';
import type { AssaultUnit } from '../../src/rules/aor/schema.js';
import { options, roll2d6, ScriptedDice } from './helpers.js';

function unit(id: string, strength: number, o: Partial<AssaultUnit> = {}): AssaultUnit {
  return { id, kind: 'infantry', strength, damaged: false, disrupted: false, morale: 4, flags: [], ...o };
}

type Stack = AssaultScenario['attacker']['stacks'][number];
function stack(units: AssaultUnit[], o: Partial<Stack> = {}): Stack {
  return { hexside: 0, across: 'none', terrain: 'clear', movedAdjacent: false, units, ...o };
}

function scenario(o: {
  stacks: Stack[];
  defender: AssaultUnit[];
  terrain?: AssaultScenario['defender']['terrain'];
  turns?: number;
  attackerDoctrine?: AssaultScenario['attacker']['doctrine'];
  defenderDoctrine?: AssaultScenario['defender']['doctrine'];
  defenderOrders?: AssaultScenario['defender']['orders'];
  onTime?: 'defender' | 'draw';
}): AssaultScenario {
  return {
    turns: o.turns ?? 6,
    onTime: o.onTime ?? 'defender',
    attacker: { name: 'Blue', orders: 'attack', demoralized: false, doctrine: o.attackerDoctrine ?? 'by-the-book', stacks: o.stacks },
    defender: {
      name: 'Grey',
      orders: o.defenderOrders ?? 'defend',
      demoralized: false,
      doctrine: o.defenderDoctrine ?? 'by-the-book',
      terrain: o.terrain ?? 'clear',
      units: o.defender,
    },
  };
}

/** Several set-ups that exercise most of the kernel: flanks, fire-first, cavalry, artillery, forts, woods. */
const SETUPS: [string, AssaultScenario, Partial<AorOptions>][] = [
  [
    'two infantry stacks flanking a mixed stack in clear',
    scenario({
      stacks: [stack([unit('a1', 6), unit('a2', 5)], { hexside: 0, movedAdjacent: true }), stack([unit('a3', 4), unit('g', 3, { kind: 'artillery' })], { hexside: 2 })],
      defender: [unit('d1', 6), unit('d2', 4, { kind: 'cavalry' })],
    }),
    {},
  ],
  [
    'cavalry defending alone against careful attackers in woods',
    scenario({
      stacks: [stack([unit('a1', 8, { disrupted: true }), unit('c', 4, { kind: 'cavalry' })], { terrain: 'woods', across: 'stream' })],
      defender: [unit('dc', 6, { kind: 'cavalry', damaged: true })],
      attackerDoctrine: 'careful',
      defenderDoctrine: 'stubborn',
    }),
    { terrainReductions: 'multiply', hexsideFire: 'both' },
  ],
  [
    'fort defender with foot artillery, many stacks, fire-first at all stacks',
    scenario({
      stacks: [
        stack([unit('a1', 7, { flags: ['repeating'] }), unit('a2', 3, { steps: 1 })], { hexside: 0, movedAdjacent: true }),
        stack([unit('a3', 9, { flags: ['oldGuard'] })], { hexside: 3, movedAdjacent: true }),
        stack([unit('h', 2, { kind: 'horseArtillery' })], { hexside: 4, across: 'fortified' }),
      ],
      defender: [unit('d1', 5, { flags: ['steadfast'] }), unit('gd', 4, { kind: 'artillery' })],
      terrain: 'fort',
      defenderOrders: 'reserve',
      turns: 10,
    }),
    { fireFirstTargets: 'allStacks', fireFirstRetreat: 'beforeReply', moraleBounds: '1-5', hitAllocation: 'infantryFirst' },
  ],
  [
    'town defenders against a big attack with random hit allocation',
    scenario({
      stacks: [
        stack([unit('a1', 12), unit('a2', 12)], { hexside: 1, movedAdjacent: true }),
        stack([unit('a3', 10, { damaged: true, reduced: 4 }), unit('a4', 8)], { hexside: 4 }),
      ],
      defender: [unit('d1', 8, { morale: 5 }), unit('d2', 6, { morale: 3, disrupted: true })],
      terrain: 'town',
      attackerDoctrine: { preset: 'stubborn', hitAllocation: 'random' },
      defenderDoctrine: { preset: 'careful', hitAllocation: 'random', retreatHits: 1 },
      onTime: 'draw',
    }),
    { groupMoraleFallback: 'fails', oldGuardEffect: 'attackingOrDefending', cavalryAloneRetreat: 'unlessAttackerRetreats' },
  ],
];

function run(sc: AssaultScenario, opts: Partial<AorOptions>, seed: string, withLog = false) {
  const c = compileAssault(sc, options(opts));
  const log: VolleyEvent[] = [];
  const res = playAssault(c, new EngagementDice(seed), withLog ? { sink: (e) => log.push(e) } : {});
  return { c, res, log };
}

describe('Engagement: determinism (7.3, 7.4 with seeded dice)', () => {
  for (const [name, sc, opts] of SETUPS) {
    it(`7.3: the same seed gives the same result and event log (${name})`, () => {
      for (let i = 0; i < 20; i++) {
        const seed = `determinism/${name}/${i}`;
        const a = run(sc, opts, seed, true);
        const aJson = JSON.stringify(a.res);
        const b = run(sc, opts, seed, true);
        expect(JSON.stringify(b.res)).toBe(aJson);
        expect(b.log).toEqual(a.log);
        // Playing without a sink draws the same dice and gives the same result.
        expect(JSON.stringify(run(sc, opts, seed).res)).toBe(aJson);
      }
    });
  }

  it('7.3: reusing one compiled cell and one result object gives the same result as a fresh one', () => {
    const [, sc, opts] = SETUPS[0];
    const c = compileAssault(sc, options(opts));
    let out: EngagementResult | undefined;
    for (let i = 0; i < 30; i++) {
      const seed = `reuse/${i}`;
      out = playAssault(c, new EngagementDice(seed), { out });
      const fresh = run(sc, opts, seed).res;
      expect(JSON.stringify(out)).toBe(JSON.stringify(fresh));
    }
  });

  it('7.3: different seeds do not all give the same result', () => {
    const [, sc, opts] = SETUPS[0];
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) seen.add(JSON.stringify(run(sc, opts, `variety/${i}`).res));
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('Engagement: bookkeeping (7.2, 7.4)', () => {
  for (const [name, sc, opts] of SETUPS) {
    it(`7.2: strength lost per side equals the units' lost strength over 200 seeds (${name})`, () => {
      const c = compileAssault(sc, options(opts));
      for (let i = 0; i < 200; i++) {
        const res = playAssault(c, EngagementDice.for('invariants', name, i), { checkInvariants: true });
        const st = c.workspace.st;
        const lost = [0, 0];
        const steps = [0, 0];
        const elim = [0, 0];
        const start = [0, 0];
        for (let u = 0; u < c.specs.length; u++) {
          const s = c.specs[u];
          const startStrength = s.startSteps === s.maxSteps ? s.full : s.reduced;
          const now = st.steps[u] <= 0 ? 0 : st.steps[u] === s.maxSteps ? s.full : s.reduced;
          start[s.side] += startStrength;
          lost[s.side] += startStrength - now;
          steps[s.side] += s.startSteps - st.steps[u];
          if (st.steps[u] === 0) elim[s.side]++;
          expect(res.units[u].eliminated).toBe(st.steps[u] === 0);
          if (st.steps[u] === 0) expect(st.disrupted[u]).toBe(0);
        }
        for (const side of [0, 1] as const) {
          expect(res.sides[side].strengthLost).toBe(lost[side]);
          expect(res.sides[side].stepsLost).toBe(steps[side]);
          expect(res.sides[side].unitsEliminated).toBe(elim[side]);
          expect(res.sides[side].startStrength).toBe(start[side]);
          expect(res.sides[side].moraleChecksFailed).toBeLessThanOrEqual(res.sides[side].moraleChecks);
          expect(res.sides[side].checksFailed[PURPOSE.recovery]).toBeLessThanOrEqual(res.sides[side].checksTaken[PURPOSE.recovery]);
        }
        expect(res.turns).toBeGreaterThanOrEqual(1);
        expect(res.turns).toBeLessThanOrEqual(c.turns);
        expect(() => checkAssaultInvariants(c, res)).not.toThrow();
      }
    });
  }

  it('7.4: an engagement ends as soon as a side has left the fight; a destroyed side loses, a side that fell back loses to one that stayed', () => {
    for (const [name, sc, opts] of SETUPS) {
      const c = compileAssault(sc, options(opts));
      for (let i = 0; i < 200; i++) {
        const res = playAssault(c, EngagementDice.for('ending', name, i));
        const st = c.workspace.st;
        const attIn = c.attackerUnits.some((u) => st.present(u));
        const defIn = c.defenderUnits.some((u) => st.present(u));
        const attDead = c.attackerUnits.every((u) => !st.alive(u));
        const defDead = c.defenderUnits.every((u) => !st.alive(u));
        if (attIn && defIn) {
          expect(res.reason).toBe('time');
          expect(res.turns).toBe(c.turns);
          expect(res.winner).toBe(c.onTime === 'defender' ? 1 : null);
        } else if (attDead && defDead) {
          expect(res).toMatchObject({ winner: null, reason: 'destroyed' });
        } else if (defDead) {
          expect(res).toMatchObject({ winner: 0, reason: 'destroyed' });
        } else if (attDead) {
          expect(res).toMatchObject({ winner: 1, reason: 'destroyed' });
        } else if (attIn) {
          expect(res).toMatchObject({ winner: 0, reason: 'retreat' });
        } else if (defIn) {
          expect(res).toMatchObject({ winner: 1, reason: 'retreat' });
        } else {
          expect(res).toMatchObject({ winner: null, reason: 'bothRetreated' });
        }
      }
    }
  });
});

describe('Engagement: scripted turns (7.4, 6.2)', () => {
  it('7.4: a forced retreat of the defender ends the engagement in turn 1 with the attacker winning', () => {
    const c = compileAssault(
      scenario({ stacks: [stack([unit('a', 6)])], defender: [unit('d', 6)], attackerDoctrine: 'stubborn', defenderDoctrine: 'stubborn' }),
      options(),
    );
    const dice = new ScriptedDice({ fire: [roll2d6(7), roll2d6(2)], morale: [[], [6]] });
    const res = playAssault(c, dice.asDice, { checkInvariants: true });
    expect(res).toMatchObject({ winner: 0, reason: 'retreat', turns: 1 });
    expect(res.sides[1]).toMatchObject({ retreatsForced: 1, stepsLost: 1, strengthLost: 3 });
  });

  it('6.2: a disrupted unit that passes its turn-end check fires at full strength next turn', () => {
    const c = compileAssault(
      scenario({ stacks: [stack([unit('a', 8, { disrupted: true })])], defender: [unit('d', 6)], turns: 2 }),
      options(),
    );
    const dice = new ScriptedDice({ fire: [[...roll2d6(2), ...roll2d6(2)], [...roll2d6(2), ...roll2d6(2)]], morale: [[4], []] });
    const log: VolleyEvent[] = [];
    const res = playAssault(c, dice.asDice, { sink: (e) => log.push(e) });
    const fires = log.filter((e) => e.type === 'fire' && e.side === 0) as Extract<VolleyEvent, { type: 'fire' }>[];
    expect(fires.map((f) => f.strength)).toEqual([4, 8]);
    expect([res.sides[0].checksTaken[PURPOSE.recovery], res.sides[0].checksFailed[PURPOSE.recovery]]).toEqual([1, 0]);
    expect(res).toMatchObject({ reason: 'time', winner: 1, turns: 2 });
  });

  it('6.2: a disrupted unit that fails its turn-end check stays disrupted', () => {
    const c = compileAssault(
      scenario({ stacks: [stack([unit('a', 8, { disrupted: true })])], defender: [unit('d', 6)], turns: 2 }),
      options(),
    );
    // aor.turnEndRecovery allUnits: it fails in both Turn End segments of turn 1, and again in turn 2.
    const dice = new ScriptedDice({ fire: [[...roll2d6(2), ...roll2d6(2)], [...roll2d6(2), ...roll2d6(2)]], morale: [[5, 6, 5, 6], []] });
    const log: VolleyEvent[] = [];
    const res = playAssault(c, dice.asDice, { sink: (e) => log.push(e) });
    const fires = log.filter((e) => e.type === 'fire' && e.side === 0) as Extract<VolleyEvent, { type: 'fire' }>[];
    expect(fires.map((f) => f.strength)).toEqual([4, 4]);
    expect([res.sides[0].checksTaken[PURPOSE.recovery], res.sides[0].checksFailed[PURPOSE.recovery]]).toEqual([4, 4]);
  });

  it('4, 6.2 / aor.turnEndRecovery allUnits: every disrupted unit checks in both player turns\' Turn End, the phasing side first; a unit that fails in the attacker\'s recovers in the defender\'s', () => {
    const c = compileAssault(
      scenario({ stacks: [stack([unit('a', 8, { disrupted: true })])], defender: [unit('d', 6, { disrupted: true })], turns: 2 }),
      options({ turnEndRecovery: 'allUnits' }),
    );
    // Attacker's Turn End: a fails (5), d fails (6); defender's Turn End: d passes (1), then a passes (2).
    const dice = new ScriptedDice({ fire: [[...roll2d6(2), ...roll2d6(2)], [...roll2d6(2), ...roll2d6(2)]], morale: [[5, 2], [6, 1]] });
    const log: VolleyEvent[] = [];
    const res = playAssault(c, dice.asDice, { sink: (e) => log.push(e) });
    const checks = log.filter((e) => e.type === 'check' && e.purpose === 'recovery') as Extract<VolleyEvent, { type: 'check' }>[];
    expect(checks.map((e) => [e.unit, e.roll, e.passed])).toEqual([['a', 5, false], ['d', 6, false], ['d', 1, true], ['a', 2, true]]);
    const fires = log.filter((e) => e.type === 'fire') as Extract<VolleyEvent, { type: 'fire' }>[];
    expect(fires.map((f) => [f.side, f.strength])).toEqual([[0, 4], [1, 3], [0, 8], [1, 6]]);
    expect(res.sides.map((s) => s.checksTaken[PURPOSE.recovery])).toEqual([2, 2]);
  });

  it('4, 6.2 / aor.turnEndRecovery phasingSide: a disrupted unit checks once a game turn, in its own side\'s Turn End', () => {
    const c = compileAssault(
      scenario({ stacks: [stack([unit('a', 8, { disrupted: true })])], defender: [unit('d', 6, { disrupted: true })], turns: 2 }),
      options({ turnEndRecovery: 'phasingSide' }),
    );
    const dice = new ScriptedDice({ fire: [[...roll2d6(2), ...roll2d6(2)], [...roll2d6(2), ...roll2d6(2)]], morale: [[5, 5], [6, 6]] });
    const log: VolleyEvent[] = [];
    const res = playAssault(c, dice.asDice, { sink: (e) => log.push(e) });
    const checks = log.filter((e) => e.type === 'check' && e.purpose === 'recovery') as Extract<VolleyEvent, { type: 'check' }>[];
    expect(checks.map((e) => e.unit)).toEqual(['a', 'd', 'a', 'd']);
    expect(res.sides.map((s) => [s.checksTaken[PURPOSE.recovery], s.checksFailed[PURPOSE.recovery]])).toEqual([[2, 2], [2, 2]]);
  });

  it('4, 6.2: turnEndSegments lists both player turns\' Turn End segments, the phasing side first', () => {
    expect(turnEndSegments('allUnits')).toEqual([[0, 1], [1, 0]]);
    expect(turnEndSegments('phasingSide')).toEqual([[0], [1]]);
  });

  it('6.2 / aor.moraleBounds: under 1-5 a disruption recovery check is made against bounded morale (6 counts as 5)', () => {
    // A morale-6 unit (e.g. a refit exception) is held to 5 under aor.moraleBounds = 1-5, so a roll of 6
    // on its turn-end recovery check fails and it stays disrupted.
    const c = compileAssault(
      scenario({ stacks: [stack([unit('a', 8, { disrupted: true, morale: 6 })])], defender: [unit('d', 6)], turns: 1 }),
      options({ moraleBounds: '1-5' }),
    );
    const dice = new ScriptedDice({ fire: [roll2d6(2), roll2d6(2)], morale: [[6, 6], []] });
    const res = playAssault(c, dice.asDice);
    // Both Turn End segments of the turn (aor.turnEndRecovery allUnits).
    expect(res.sides[0].checksTaken[PURPOSE.recovery]).toBe(2);
    expect(res.sides[0].checksFailed[PURPOSE.recovery]).toBe(2);
    expect(c.workspace.st.disrupted[0]).toBe(1);
  });
});

describe('Engagement: exact odds of a one-turn fight (7.1, 7.4, Fire Table)', () => {
  // One turn, both sides stubborn (no voluntary retreats), 6 against a two-step infantry unit (6/3, morale 4).
  // The defender retreats only if it takes exactly one hit (two hits eliminate it) and then fails its check
  // at morale 3 (4 - 1 for the lost step): P = P(1 hit at strength 6) * 1/2.
  // Strength 6 gives exactly one hit on rolls 6, 7, 8: (5 + 6 + 5) / 36 = 16/36, so P = 8/36 = 2/9.
  // It is eliminated on rolls 9-12: (4 + 3 + 2 + 1) / 36 = 10/36.
  const N = 4000;
  const c = compileAssault(
    scenario({ stacks: [stack([unit('a', 6)])], defender: [unit('d', 6)], turns: 1, attackerDoctrine: 'stubborn', defenderDoctrine: 'stubborn' }),
    options(),
  );
  let retreats = 0, destroyed = 0;
  for (let i = 0; i < N; i++) {
    const res = playAssault(c, EngagementDice.for(20240607, 'exact-odds', i), { checkInvariants: true });
    if (res.units[1].retreated) retreats++;
    if (res.units[1].eliminated) destroyed++;
  }
  const within4se = (count: number, p: number) => {
    const se = Math.sqrt((p * (1 - p)) / N);
    return Math.abs(count / N - p) / se;
  };

  it('7.4: the defender retreats in 2/9 of engagements (within 4 standard errors over 4000)', () => {
    expect(within4se(retreats, 2 / 9)).toBeLessThan(4);
  });

  it('7.2: the defender is destroyed in 10/36 of engagements (within 4 standard errors over 4000)', () => {
    expect(within4se(destroyed, 10 / 36)).toBeLessThan(4);
  });
});
