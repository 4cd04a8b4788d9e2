/**
 * Exact odds of one assault round (7.3, 7.4, 7.6) against the Monte Carlo of the same set-ups. Each
 * probability must fall within the 99% normal interval of the sampled share (z = 2.576 standard errors
 * of the exact p), with a fixed seed.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { compileAssault, playAssault } from '../../src/rules/aor/engagement.js';
import { AOR_ODDS, assaultOdds, assaultWorked, sideFate } from '../../src/rules/aor/odds.js';
import { AOR_OPTIONS, aorOptions } from '../../src/rules/aor/options.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RULESETS } from '../../src/rules/index.js';
import { loadScenario } from '../../src/scenario/load.js';
import { loadOddsRequest, tooManyPathsMessage } from '../../src/scenario/odds.js';
import { z } from 'zod';
import { scenarioOf, type SetUp } from '../helpers.js';

const inf = (id: string, strength: number, morale = 4, extra: object = {}) => ({ id, strength, reduced: Math.ceil(strength / 2), morale, ...extra });

const SETUPS: Record<string, SetUp> = {
  'even duel in the open': {
    attacker: { stacks: [{ hexside: 0, units: [inf('a1', 6), inf('a2', 6)] }] },
    defender: { units: [inf('d1', 6), inf('d2', 6)] },
  },
  'strong attack on a town, defender morale 5': {
    attacker: { stacks: [{ hexside: 0, units: [inf('a1', 8), inf('a2', 8)] }, { hexside: 1, units: [inf('a3', 6), { id: 'bty', kind: 'artillery', strength: 4 }] }] },
    defender: { terrain: 'town', units: [inf('d1', 6, 5), inf('d2', 4, 5)] },
  },
  'flank attack on woods, damaged and disrupted defender': {
    attacker: { stacks: [{ hexside: 0, units: [inf('a1', 6)] }, { hexside: 3, across: 'stream', units: [inf('a2', 6, 3)] }] },
    defender: { terrain: 'woods', units: [inf('d1', 8, 4, { damaged: true }), inf('d2', 6, 6, { disrupted: true })] },
  },
  'careful attacker moves adjacent; defender fires first': {
    attacker: { doctrine: 'careful', stacks: [{ hexside: 2, movedAdjacent: true, units: [inf('a1', 10), { id: 'c1', kind: 'cavalry', strength: 6 }] }] },
    defender: { terrain: 'clear', units: [inf('d1', 6, 3, { flags: ['repeating'] })] },
  },
  'random-legal on both sides, a unit each: coin flips to fire first (7.3) and to retreat (7.4)': {
    attacker: { doctrine: 'random-legal', stacks: [{ hexside: 0, movedAdjacent: true, units: [inf('a1', 8)] }] },
    defender: { doctrine: 'random-legal', units: [inf('d1', 6)] },
  },
  '7.11: random-legal cavalry out of the attackers\' ZOC slips away on a coin flip': {
    attacker: { stacks: [{ hexside: 0, movedAdjacent: true, units: [inf('a1', 8)] }, { hexside: 3, movedAdjacent: true, units: [inf('a2', 6)] }] },
    defender: { doctrine: { preset: 'random-legal', hitAllocation: 'leastStrength' }, units: [{ id: 'c1', kind: 'cavalry', strength: 6 }, { id: 'h1', kind: 'horseArtillery', strength: 2 }] },
  },
  'above 24: massed attack on a demoralized defender': {
    attacker: { stacks: [0, 1, 2].map((h) => ({ hexside: h, units: [inf(`a${h}x`, 9), inf(`a${h}y`, 9)] })) },
    defender: { demoralized: true, orders: 'reserve', units: [inf('d1', 7, 6), inf('d2', 7, 6)] },
  },
};

const N = 20_000;
const Z99 = 2.576;

describe('volley odds: exact enumeration agrees with the Monte Carlo (99% interval)', () => {
  for (const [name, setup] of Object.entries(SETUPS)) {
    it(name, () => {
      const scenario = scenarioOf(setup);
      const c = compileAssault(scenario, aorOptions(resolveOptions(AOR_OPTIONS, scenario.options)));
      const exact = assaultOdds(c);
      const total = (s: { holds: number; retreatsVoluntarily: number; retreatsOnFailedCheck: number; eliminated: number }) =>
        s.holds + s.retreatsVoluntarily + s.retreatsOnFailedCheck + s.eliminated;
      // Exact to the last bits (core/enumerate.ts, PathSum), not to the 1e-13 of a running sum.
      expect(Math.abs(total(exact.attacker) - 1)).toBeLessThan(1e-15);
      expect(Math.abs(total(exact.defender) - 1)).toBeLessThan(1e-15);

      const counts = { attackerRetreats: 0, defenderRetreats: 0, attackerEliminated: 0, defenderEliminated: 0 };
      let attHits = 0, defHits = 0;
      for (let i = 0; i < N; i++) {
        playAssault(c, EngagementDice.for('odds-test', name, i), { checkInvariants: true });
        const r = c.workspace.round;
        const fa = sideFate(c, 0, r.attackerRetreat);
        const fd = sideFate(c, 1, r.defenderRetreat);
        if (fa === 'voluntary' || fa === 'forced') counts.attackerRetreats++;
        if (fd === 'voluntary' || fd === 'forced') counts.defenderRetreats++;
        if (fa === 'eliminated') counts.attackerEliminated++;
        if (fd === 'eliminated') counts.defenderEliminated++;
        attHits += r.hitsOnAttacker;
        defHits += r.hitsOnDefender;
      }
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) {
        const p = exact[key];
        const se = Math.sqrt((p * (1 - p)) / N);
        const observed = counts[key] / N;
        expect(Math.abs(observed - p), `${key}: exact ${p}, sampled ${observed}`).toBeLessThanOrEqual(Z99 * se + 1e-12);
      }
      for (const [hits, odds, label] of [[attHits, exact.attacker, 'attacker hits'], [defHits, exact.defender, 'defender hits']] as const) {
        const mean = odds.expectedHits;
        const variance = odds.hits.reduce((s, p, h) => s + p * (h - mean) ** 2, 0);
        expect(Math.abs(hits / N - mean), label).toBeLessThanOrEqual(Z99 * Math.sqrt(variance / N) + 1e-12);
      }
    });
  }
});

describe('exact odds are exact fractions, to the last bit', () => {
  it('two 6s against two 6s in the open: each hit count a whole number of 36ths, as enumerated apart', () => {
    const scenario = scenarioOf(SETUPS['even duel in the open']);
    const o = assaultOdds(compileAssault(scenario, aorOptions(resolveOptions(AOR_OPTIONS, scenario.options))));
    for (const hits of [o.attackerHits, o.defenderHits]) {
      expect(hits.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 15);
      // Fire at 12 on the Fire Table is one 2d6 roll: every share is k/36 exactly, k a whole number.
      for (const p of hits) expect(Math.abs(p * 36 - Math.round(p * 36))).toBeLessThan(1e-13);
    }
  });
});

describe('exact odds read as the nearest double of the exact fraction', () => {
  // sims/town-assault.scenario.yaml, derived apart from the engine from the text (7.1-7.4, Fire Table,
  // Morale Modifiers): the attack fires at 17 (22 x 0.75, town), the garrison at 12.
  const town = (options: Record<string, unknown> = {}) => {
    const { scenario } = loadScenario('sims/town-assault.scenario.yaml');
    const withOptions = { ...scenario, options: { ...scenario.options, ...options } };
    return assaultOdds(compileAssault(withOptions as never, aorOptions(resolveOptions(AOR_OPTIONS, withOptions.options))));
  };

  it('town-assault: every share is its fraction to the last bit', () => {
    const o = town();
    expect(o.defenderHits).toEqual([11 / 216, 17 / 108, 5 / 18, 5 / 18, 17 / 72]);
    expect(o.attackerHits.slice(0, 4)).toEqual([1 / 12, 1 / 3, 4 / 9, 5 / 36]);
    expect(o.defender).toMatchObject({ holds: 13 / 36, retreatsVoluntarily: 0, retreatsOnFailedCheck: 29 / 72, eliminated: 17 / 72 });
    expect(o.attacker).toMatchObject({ holds: 7 / 12, retreatsVoluntarily: 1 / 6, retreatsOnFailedCheck: 1 / 4, eliminated: 0 });
    // Voluntary and forced together as one sum: 1/6 + 1/4 added as doubles would round twice.
    expect(o.attackerRetreats).toBe(5 / 12);
    expect(o.defenderRetreats).toBe(29 / 72);
  });

  it('7.4, aor.retreatCheckHits = beforeHalving: a garrison whose one hit the attack\'s voluntary retreat halved away checks too (5/432 more forced retreats)', () => {
    const o = town({ 'aor.retreatCheckHits': 'beforeHalving' });
    expect(o.defender.retreatsOnFailedCheck).toBe(179 / 432);
    expect(o.defender.holds).toBe(151 / 432);
    expect(o.defender.eliminated).toBe(17 / 72);
  });
});

describe('7.6 Armament in the exact odds', () => {
  it('10.1: a garrison attacking out of its fort ignores retreat results: hit, it holds, never forced back (6 against two 6s in the open)', () => {
    // Neither side retreats by choice (stubborn). Each side fires at 6 (the garrison 6; the defenders 12, halved into the fort, aor.fortDefenderFire):
    // 0, 1, 2 hits on 10, 16, 10 of 36 rolls. Two hits eliminate the garrison; any fewer, it holds (a
    // garrison that checked would fail at morale 3, a step lost, on half the one-hit rolls: 8/36 forced).
    const scenario = scenarioOf({
      attacker: { doctrine: 'stubborn', stacks: [{ hexside: 0, terrain: 'fort', units: [inf('g', 6)] }] },
      defender: { doctrine: 'stubborn', units: [inf('b1', 6), inf('b2', 6)] },
    });
    const o = assaultOdds(compileAssault(scenario, aorOptions(resolveOptions(AOR_OPTIONS, scenario.options))));
    expect(o.attackerHits).toEqual([10 / 36, 16 / 36, 10 / 36]);
    expect(o.attacker).toMatchObject({ holds: 26 / 36, retreatsVoluntarily: 0, retreatsOnFailedCheck: 0, eliminated: 10 / 36 });
  });

  it('repeating infantry 6 against a foot battery 4 flagged repeating: the battery is artillery, so the attack fires at 9 (+50%), not 6', () => {
    const scenario = scenarioOf({
      attacker: { stacks: [{ hexside: 0, units: [{ id: 'a1', strength: 6, flags: ['repeating'] }] }] },
      defender: { units: [{ id: 'd1', kind: 'artillery', strength: 4, flags: ['repeating'] }] },
    });
    const o = assaultOdds(compileAssault(scenario, aorOptions(resolveOptions(AOR_OPTIONS, {}))));
    expect(o.attackerStrength).toEqual([9, 9]);
    // Fire Table at 9: a hit on 5/12 of 2d6 rolls (at 6 it was 5/18); the battery then retreats and is lost (7.4).
    expect(o.defenderHits).toEqual([7 / 12, 5 / 12]);
    expect(o.defender.eliminated).toBe(85 / 144);
  });
});

describe('an odds file\'s assault params: the first round only', () => {
  const q = AOR_ODDS.questions[0];
  const body = { engagement: 'assault', attacker: { name: 'A', stacks: [{ hexside: 0, units: [inf('a1', 6)] }] }, defender: { name: 'D', units: [inf('d1', 6)] } };
  it('turns and onTime (when time runs out) are refused as unknown, as is any other field', () => {
    for (const extra of [{ turns: 3 }, { onTime: 'draw' }, { seed: 1 }]) {
      const r = q.params.safeParse({ ...body, ...extra });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: Object.keys(extra) });
    }
  });
  it('without them the answer is the scenario\'s first round', () => {
    const options = resolveOptions(AOR_OPTIONS, {});
    const fromFile = q.exact(q.params.parse(body), options);
    const fromScenario = q.exact(AOR_ODDS.ofScenario!(scenarioOf({ attacker: body.attacker, defender: body.defender, turns: 9 }))!.params, options);
    expect(fromFile.distributions).toEqual(fromScenario.distributions);
  });
});

describe('volley odds says what the round worked out before its dice (7.1, 7.3, 7.6)', () => {
  const worked = (name: string) => {
    const scenario = scenarioOf(SETUPS[name]);
    const o = assaultOdds(compileAssault(scenario, aorOptions(resolveOptions(AOR_OPTIONS, scenario.options))));
    return { o, text: assaultWorked(o) };
  };
  it('two 6s against two 6s in the open fire at 12 each', () => {
    expect(worked('even duel in the open').text).toBe('the attacker fires at strength 12; the defender fires at strength 12 (7.1)');
  });
  it('attackers on opposite hexsides flank the defender (7.6)', () => {
    const { o, text } = worked('flank attack on woods, damaged and disrupted defender');
    expect(o.flanked).toBe(true);
    expect(text).toContain(', the defender flanked (7.6)');
  });
  it('a stack that moved adjacent is fired on first (7.3), and replies with what is left: its strength is a range', () => {
    const { o, text } = worked('careful attacker moves adjacent; defender fires first');
    expect(o.defenderFiredFirst).toBe(true);
    expect(o.attackerStrength[0]).toBeLessThan(o.attackerStrength[1]);
    expect(text).toContain('(it fires first, 7.3; the attacker replies with what is left)');
  });
  it('7.3: a defender whose doctrine fires first on a coin flip (random-legal) fires first on half the dice, and the words say so', () => {
    const { o, text } = worked('random-legal on both sides, a unit each: coin flips to fire first (7.3) and to retreat (7.4)');
    expect(o.defenderFiresFirstChance).toBe(1 / 2);
    expect(text).toContain("(it fires first only when its doctrine's coin flip says so, 50% of the dice, 7.3;");
    expect(worked('careful attacker moves adjacent; defender fires first').o.defenderFiresFirstChance).toBe(1);
    expect(worked('even duel in the open').o.defenderFiresFirstChance).toBe(0);
  });
});

/** An assault odds file (kind: odds) and the same engagement as a scenario, written to a fresh folder. */
function oddsAndScenario(body: string): { odds: string; scenario: string } {
  const dir = mkdtempSync(join(tmpdir(), 'volley-odds-'));
  const odds = join(dir, 'q.odds.yaml');
  const scenario = join(dir, 'q.scenario.yaml');
  writeFileSync(odds, `kind: odds\nruleset: aor\nquestion: assault\nparams:\n${body.replace(/^/gm, '  ')}\n`);
  writeFileSync(scenario, `kind: scenario\nruleset: aor\nname: q\n${body}\n`);
  return { odds, scenario };
}

const answer = (file: string) => {
  const r = loadOddsRequest(file);
  return r.question.exact(r.params, r.options).distributions;
};
const fate = (d: ReturnType<typeof answer>, name: string) => Object.fromEntries(d.find((x) => x.name === name)!.values.map((v) => [v.value, v.p]));

describe('an odds file\'s assault units take the quality ladder as a scenario\'s (2.2, Morale Modifiers)', () => {
  const body = (guard: string) => `engagement: assault
attacker:
  name: A
  doctrine: stubborn
  stacks:
    - hexside: 0
      units:
        - { id: a1, strength: 12, ${guard} }
defender:
  name: D
  doctrine: stubborn
  units:
    - { id: d1, strength: 6, quality: conscript }`;

  it('guard 12 against conscripts 6: the odds file answers as the scenario, the conscripts checking at morale 1 (3, -1 attacked by the Old Guard, -1 after a step lost)', () => {
    const { odds, scenario } = oddsAndScenario(body('quality: guard'));
    const fromFile = answer(odds);
    expect(fromFile).toEqual(answer(scenario));
    // The defender checks only after exactly one step lost (2 eliminate it); it fails on 2-6 at morale 1.
    expect(fate(fromFile, 'defenderFate')).toEqual({ holds: 5 / 36, voluntary: 0, forced: 5 / 18, eliminated: 7 / 12 });
    // The guard (morale 6, -1 after a step lost) fails only on a 6; the rung's morale 4 would fail on 4-6.
    expect(fate(fromFile, 'attackerFate')).toEqual({ holds: 35 / 54, voluntary: 0, forced: 2 / 27, eliminated: 5 / 18 });
  });

  it('a rung and a morale that disagree are refused at the unit\'s field, naming the line', () => {
    const { odds } = oddsAndScenario(body('quality: guard, morale: 4'));
    expect(() => loadOddsRequest(odds)).toThrow(/q\.odds\.yaml:12: params\.attacker\.stacks\[0\]\.units\[0\]\.morale: morale 4 disagrees with quality guard/);
  });

  it('every odds question whose parameters name a quality field expands it (OddsQuestion.qualityUnits); the others refuse the field as unknown', () => {
    const namesQuality = (schema: unknown): boolean => JSON.stringify(schema).includes('"quality"');
    for (const rs of RULESETS) {
      for (const q of rs.odds?.questions ?? []) {
        expect(namesQuality(z.toJSONSchema(q.params, { io: 'input', unrepresentable: 'any' })), `${rs.id} ${q.id}`).toBe(q.qualityUnits !== undefined);
      }
    }
  });
});

describe('an odds file\'s assault params: the scenario\'s checks across fields (5.3, 10.1)', () => {
  const units = (defender: string, second: string) => `engagement: assault
attacker:
  name: A
  stacks:
    - hexside: 0
      units: [{ id: a1, strength: 6 }]
    - hexside: ${second}
      units: [{ id: a2, strength: 6 }]
defender:
  name: D
${defender}`;
  for (const [what, body, error] of [
    ['10.1: a fort holding two units', units('  terrain: fort\n  units: [{ id: d1, strength: 4 }, { id: d2, strength: 4 }]', '1'), /q\.odds\.yaml:16: params\.defender\.units: a fort holds one unit \(10\.1\)/],
    ['two stacks through one hexside', units('  units: [{ id: d1, strength: 4 }]', '0'), /q\.odds\.yaml:11: params\.attacker\.stacks\[1\]\.hexside: hexside 0 is already used by params\.attacker\.stacks\[0\]; /],
    ['a unit id used twice', units('  units: [{ id: a1, strength: 4 }]', '1'), /q\.odds\.yaml:15: params\.defender\.units\[0\]\.id: duplicate unit id 'a1' \(first used at params\.attacker\.stacks\[0\]\.units\[0\]\.id\)$/],
  ] as const) {
    it(`${what} is refused as in a scenario, naming the file, line and field`, () => {
      const { odds, scenario } = oddsAndScenario(body);
      expect(() => loadOddsRequest(odds)).toThrow(error);
      expect(() => loadOddsRequest(scenario)).toThrow();
    });
  }
  it('a message naming another field names it as the file has it: under params in an odds file, at the top of a scenario', () => {
    const twice = oddsAndScenario(units('  units: [{ id: a1, strength: 4 }]', '1'));
    expect(() => loadOddsRequest(twice.scenario)).toThrow(/q\.scenario\.yaml:\d+: defender\.units\[0\]\.id: duplicate unit id 'a1' \(first used at attacker\.stacks\[0\]\.units\[0\]\.id\)$/);
    const side = oddsAndScenario(units('  units: [{ id: d1, strength: 4 }]', '0'));
    expect(() => loadOddsRequest(side.scenario)).toThrow(/q\.scenario\.yaml:\d+: attacker\.stacks\[1\]\.hexside: hexside 0 is already used by attacker\.stacks\[0\]; /);
  });
});

describe('an assault whose doctrine allocates hits at random (7.1) has no exact odds: refused at the doctrine, naming file and line', () => {
  const body = (doctrine: string) => `engagement: assault
attacker:
  name: A
  doctrine: ${doctrine}
  stacks:
    - hexside: 0
      units: [{ id: a1, strength: 6 }, { id: a2, strength: 6 }]
defender:
  name: D
  units: [{ id: d1, strength: 4 }]`;
  it('random-legal, in an odds file and in a scenario', () => {
    const { odds, scenario } = oddsAndScenario(body('random-legal'));
    expect(() => loadOddsRequest(odds)).toThrow(/q\.odds\.yaml:8: params\.attacker\.doctrine: the doctrine random-legal allocates hits at random \(7\.1\)/);
    expect(() => loadOddsRequest(scenario)).toThrow(/q\.scenario\.yaml:7: attacker\.doctrine: the doctrine random-legal allocates hits at random/);
  });
  it('the refusal says what works: a deterministic allocation, or the assault as a scenario of one turn played by volley run (never volley run of the odds file, which it refuses)', () => {
    const { odds } = oddsAndScenario(body('random-legal'));
    expect(() => loadOddsRequest(odds)).toThrow(/give \{ preset: random-legal, hitAllocation: leastStrength \} or lowestMorale; to sample the round instead, play the assault as a scenario file with turns: 1 \(npm run volley -- run\)$/);
    expect(() => loadOddsRequest(odds)).not.toThrow(/play the scenario \(volley run\)|for sampled odds/);
  });
  it('too many dice paths: the refusal ends with the same way to sample it; a question with no way says none', () => {
    const q = AOR_ODDS.questions[0];
    expect(tooManyPathsMessage(q, 5_000_000)).toBe(
      'too large for exact odds: the assault question here has more than 5,000,000 dice paths (fewer units, or doctrines that choose without coin flips, bring it down); to sample the round instead, play the assault as a scenario file with turns: 1 (npm run volley -- run)',
    );
    expect(tooManyPathsMessage({ ...q, sampling: undefined }, 10)).not.toContain('run');
  });
  it('a scenario of one turn samples the first round: its mean steps lost match the exact odds within 4 standard errors (20,000 engagements)', () => {
    const { scenario } = oddsAndScenario(`turns: 1\n${body('{ preset: random-legal, hitAllocation: leastStrength }')}`);
    const c = compileAssault(loadScenario(scenario).scenario as never, aorOptions(resolveOptions(AOR_OPTIONS, {})));
    const exact = assaultOdds(c);
    const n = 20_000;
    for (const side of [0, 1] as const) {
      const odds = side === 0 ? exact.attacker : exact.defender;
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < n; i++) {
        const lost = playAssault(c, EngagementDice.for(7, 'cell', i)).sides[side].stepsLost;
        sum += lost;
        sq += lost * lost;
      }
      const mean = sum / n;
      const se = Math.sqrt((sq / n - mean * mean) / n);
      expect(Math.abs(mean - odds.expectedHits), `side ${side}`).toBeLessThan(4 * se);
    }
  });
  it('its coin flips alone are answered: random-legal with hitAllocation leastStrength', () => {
    const { odds } = oddsAndScenario(body('{ preset: random-legal, hitAllocation: leastStrength }'));
    expect(answer(odds).length).toBe(4);
  });
});

describe('7.11 in the exact odds: cavalry and horse artillery not starting in the attackers\' ZOC fall back before the assault', () => {
  const odds = (doctrine: unknown, movedAdjacent: boolean[]) =>
    assaultOdds(
      compileAssault(
        scenarioOf({
          attacker: { stacks: movedAdjacent.map((m, i) => ({ hexside: i * 3, movedAdjacent: m, units: [inf(`a${i}`, 8)] })) },
          defender: { doctrine, units: [{ id: 'c1', kind: 'cavalry', strength: 6 }, { id: 'h1', kind: 'horseArtillery', strength: 2 }] },
        }),
        aorOptions(resolveOptions(AOR_OPTIONS, {})),
      ),
    );
  it('every stack moved adjacent, by-the-book: the defender always goes before a die is rolled', () => {
    const o = odds('by-the-book', [true, true]);
    expect(o.paths).toBe(1);
    expect(o.defender).toMatchObject({ hits: [1], holds: 0, retreatsVoluntarily: 1 });
    expect(o.attackerHits).toEqual([1]);
    expect(o.defenderStrength).toEqual([0, 0]);
  });
  it('random-legal: half the time (its coin flip) before any fire', () => {
    const o = odds({ preset: 'random-legal', hitAllocation: 'leastStrength' }, [true, true]);
    // The fire first is the defender's second coin flip: it fires first on half the dice where it stayed.
    expect(o.defenderFiresFirstChance).toBe(1 / 4);
    expect(o.defender.hits[0]).toBeGreaterThan(1 / 2);
  });
  it('a stack that started adjacent puts the defender in its ZOC: no retreat before the assault, the fire is exchanged', () => {
    const o = odds('by-the-book', [true, false]);
    expect(o.paths).toBeGreaterThan(1);
    expect(o.defenderStrength[1]).toBeGreaterThan(0);
  });
  it('the worked line says the defender falls back before the assault: always (by-the-book), on half the dice (random-legal), never when it started in the ZOC', () => {
    const always = odds('by-the-book', [true, true]);
    expect(always.defenderFallsBackChance).toBe(1);
    expect(assaultWorked(always)).toBe('the defender always falls back before the assault (7.11): no one fires');
    const half = odds({ preset: 'random-legal', hitAllocation: 'leastStrength' }, [true, true]);
    expect(half.defenderFallsBackChance).toBe(1 / 2);
    expect(assaultWorked(half)).toMatch(/^the defender falls back before the assault \(7\.11\) on 50% of the dice; otherwise the attacker fires at strength/);
    const never = odds('by-the-book', [true, false]);
    expect(never.defenderFallsBackChance).toBe(0);
    expect(assaultWorked(never)).not.toContain('7.11');
  });
  it('7.11 (aor.retreatBeforeAssaultMixed): the cavalry of a stack with infantry falls back alone and the infantry fires alone (cavalryAlone); under wholeStack it stays and fires halved', () => {
    const mixed = (mode: string) =>
      assaultOdds(
        compileAssault(
          scenarioOf({
            attacker: { stacks: [{ hexside: 0, movedAdjacent: true, units: [inf('a0', 8)] }] },
            defender: { doctrine: 'by-the-book', units: [inf('i1', 4), { id: 'c1', kind: 'cavalry', strength: 6 }] },
          }),
          aorOptions(resolveOptions(AOR_OPTIONS, { 'aor.retreatBeforeAssaultMixed': mode })),
        ),
      );
    const alone = mixed('cavalryAlone');
    expect([alone.defenderFallsBackChance, alone.defenderPartFallsBackChance, alone.defenderStrength[1]]).toEqual([0, 1, 4]);
    expect(assaultWorked(alone)).toMatch(/^the defender's cavalry and horse artillery fall back before the assault \(7\.11\), the others stand; the attacker fires at strength /);
    // The infantry held or fell back on its own: the side never counts as falling back before the assault.
    expect(alone.defender.holds + alone.defender.retreatsVoluntarily + alone.defender.retreatsOnFailedCheck + alone.defender.eliminated).toBeCloseTo(1, 12);
    const whole = mixed('wholeStack');
    expect([whole.defenderFallsBackChance, whole.defenderPartFallsBackChance, whole.defenderStrength[1]]).toEqual([0, 0, 7]);
    expect(assaultWorked(whole)).not.toContain('7.11');
  });
  it('a played assault counts the retreat before it under retreatsBeforeAssault.1, as a battle does, and not under a 7.4 retreat; an assault that cannot offer it has no such extra', () => {
    const scenario = (movedAdjacent: boolean[]) =>
      scenarioOf({
        attacker: { stacks: movedAdjacent.map((m, i) => ({ hexside: i * 3, movedAdjacent: m, units: [inf(`a${i}`, 8)] })) },
        defender: { doctrine: 'by-the-book', units: [{ id: 'c1', kind: 'cavalry', strength: 6 }] },
      });
    const play = (movedAdjacent: boolean[]) => playAssault(compileAssault(scenario(movedAdjacent), aorOptions(resolveOptions(AOR_OPTIONS, {}))), EngagementDice.for(1, 'cell', 0));
    const fell = play([true]);
    expect(fell.sides[1].retreatsVoluntary).toBe(1);
    expect(fell.extras['retreatsBeforeAssault.1']).toBe(1);
    expect(fell.extras['retreatsBeforeAssault.0']).toBe(0);
    expect(play([false]).extras).not.toHaveProperty('retreatsBeforeAssault.1');
  });
});
