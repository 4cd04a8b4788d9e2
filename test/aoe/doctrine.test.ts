/**
 * Doctrines (src/rules/aoe/doctrine.ts, orders.ts): presets and overrides, the orders a real doctrine
 * gives on the lane, the random-legal baseline's orders being legal, and each real doctrine beating the
 * baseline in `volley tournament` (fixed seed; a bound from the sampling error at the test's size).
 */
import { describe, expect, it } from 'vitest';
import { newOrder, O_ADVANCE, O_CHARGE, O_HOLD, O_PROLONGE, O_WITHDRAW } from '../../src/rules/aoe/context.js';
import { DOCTRINE_PRESETS, doctrineName, doctrineOf, resolveDoctrine } from '../../src/rules/aoe/doctrine.js';
import { chargeRoute } from '../../src/rules/aoe/geometry.js';
import { fullMoveOf } from '../../src/rules/aoe/effects.js';
import { decideOrder } from '../../src/rules/aoe/orders.js';
import { startPlay } from '../../src/rules/aoe/play.js';
import { FORMATIONS } from '../../src/rules/aoe/units.js';
import { aoe } from '../../src/rules/aoe/index.js';
import { prepareTournament, runTournament } from '../../src/sim/studies/tournament.js';
import { wilson, zFor } from '../../src/stats/intervals.js';
import { compile, ScriptedDice, sides, VILLAGE } from './helpers.js';

describe('Presets and overrides', () => {
  it('four real doctrines and the random-legal baseline, listed by the Ruleset with the baseline marked', () => {
    expect(Object.keys(DOCTRINE_PRESETS)).toEqual(['column-assault', 'fire-and-charge', 'stand-fast', 'counterattack', 'random-legal']);
    expect(aoe.doctrines.list.filter((d) => d.baseline).map((d) => d.name)).toEqual(['random-legal']);
    expect(aoe.doctrines.path({ engagement: 'lane' }, 1)).toBe('sides[1].doctrine');
    const assigned = aoe.doctrines.assign({ sides: [{ doctrine: 'x' }, { doctrine: 'y' }] }, 1, 'counterattack') as { sides: { doctrine: string }[] };
    expect(assigned.sides.map((s) => s.doctrine)).toEqual(['x', 'counterattack']);
  });
  it('a scenario names a preset or overrides its parameters; traces name it back', () => {
    expect(doctrineOf('stand-fast')).toEqual(DOCTRINE_PRESETS['stand-fast'].params);
    const d = doctrineOf({ preset: 'stand-fast', square: false });
    expect(d.square).toBe(false);
    expect(doctrineName(d)).toBe('stand-fast with square false');
    expect(() => resolveDoctrine('reckless')).toThrow(/unknown doctrine 'reckless'/);
  });
});

describe('The orders of real doctrines on the lane (p1 March phase b1)', () => {
  it('column-assault charges the village as soon as a full move (9") reaches it; stand-fast’s garrison holds', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    p.turn = 1;
    expect(decideOrder(p, 0, newOrder())).toMatchObject({ kind: O_CHARGE, target: 3, face: 0 });
    // Orders are given one unit at a time; the front face is taken only once Fr-1 is in contact.
    expect(decideOrder(p, 1, newOrder())).toMatchObject({ kind: O_CHARGE, target: 3, face: 0 });
    expect(decideOrder(p, 3, newOrder()).kind).toBe(O_HOLD);
  });
  it('fire-and-charge deploys into Line within 8" and halts at musket range (3") rather than charge a fresh target', () => {
    const c = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 17 }], 'fire-and-charge') });
    const p = startPlay(c, new ScriptedDice({}));
    p.turn = 1;
    const o = decideOrder(p, 0, newOrder());
    expect(o.kind).toBe(O_ADVANCE);
    expect(FORMATIONS[o.formation]).toBe('line');
    expect(o.stopAt).toBe(14);
    p.st.disordered[1] = 1; // a weakened target is charged
    expect(decideOrder(p, 0, newOrder()).kind).toBe(O_CHARGE);
  });
  it('counterattack’s defenders charge out at a disordered attacker within reach; stand-fast’s do not', () => {
    const make = (d: string) => compile({ sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, disordered: true }], [{ id: 'P', formation: 'fieldColumn', front: 15 }], 'column-assault', d) });
    const c = make('counterattack');
    const p = startPlay(c, new ScriptedDice({}));
    expect(decideOrder(p, 1, newOrder())).toMatchObject({ kind: O_CHARGE, target: 0 });
    const s = make('stand-fast');
    expect(decideOrder(startPlay(s, new ScriptedDice({})), 1, newOrder()).kind).toBe(O_HOLD);
  });
  it('units in contact hold (they fight where they stand)', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    p.st.chargeTarget[0] = 3;
    expect(decideOrder(p, 0, newOrder()).kind).toBe(O_HOLD);
    expect(decideOrder(p, 3, newOrder()).kind).toBe(O_HOLD);
  });
});

describe('The random-legal baseline', () => {
  it('over 2,000 seeded orders every one is legal: a formation the arm may take, a charge at a reachable free face, a distance within a full move', () => {
    const c = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }, { id: 'L', light: true, front: 10, offset: 5 }, { id: 'C', arm: 'cavalry', front: 8, offset: -5 }], [{ id: 'P', formation: 'bua', front: 15 }], 'random-legal') });
    const kinds = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const p = startPlay(c, new ScriptedDice({}, `random-${i}`));
      const u = i % 3;
      const o = decideOrder(p, u, newOrder());
      kinds.add(o.kind);
      if (o.formation >= 0) {
        const f = FORMATIONS[o.formation];
        expect(f).not.toBe('none');
        if (u === 2) expect(['line', 'fieldColumn', 'marchColumn']).toContain(f);
        if (f === 'openOrder') expect(u).toBe(1);
      }
      if (o.kind === O_CHARGE) {
        const r = { face: -1, distance: Infinity, passed: 0 };
        chargeRoute(c, p.st, u, o.target, r);
        expect(r.face).toBe(o.face);
        expect(r.distance).toBeLessThanOrEqual(fullMoveOf(p, u));
      }
      if (o.kind === O_ADVANCE || o.kind === O_WITHDRAW) expect(o.distance).toBeLessThanOrEqual(fullMoveOf(p, u));
    }
    expect([...kinds].sort()).toEqual([O_HOLD, O_ADVANCE, O_WITHDRAW, O_CHARGE]);
  });
  it('an unlimbered battery: hold, limber, or a prolonge of up to 1" forward or back (p1 movement notes, aoe.prolonge); under prolonge off no prolonge', () => {
    const orders = (options: Record<string, string>) => {
      const c = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }, { id: 'G', arm: 'artillery', front: 10, offset: -4 }], [{ id: 'P', formation: 'bua', front: 15 }], 'random-legal') }, options);
      const out = [];
      for (let i = 0; i < 600; i++) out.push({ ...decideOrder(startPlay(c, new ScriptedDice({}, `battery-${i}`)), 1, newOrder()) });
      return out;
    };
    const on = orders({});
    const prolonges = on.filter((o) => o.kind === O_PROLONGE);
    expect(prolonges.length).toBeGreaterThan(100);
    for (const o of prolonges) expect(Math.abs(o.distance)).toBeLessThanOrEqual(1);
    expect(prolonges.some((o) => o.distance > 0) && prolonges.some((o) => o.distance < 0)).toBe(true);
    expect(new Set(on.map((o) => o.kind))).toEqual(new Set([O_HOLD, O_PROLONGE]));
    expect(on.some((o) => o.limber === 1)).toBe(true);
    expect(orders({ 'aoe.prolonge': 'off' }).some((o) => o.kind !== O_HOLD)).toBe(false);
  });
});

/**
 * A tournament of `d` against random-legal without the self-play cells volley tournament adds (what a
 * seat is worth is not the question here): half the engagements of the full n x n tournament.
 */
function against(file: string, d: string, engagements = 80) {
  const t = prepareTournament({ file, doctrines: [d, 'random-legal'], engagements, seed: 1813, workers: 0 });
  const keep = t.pairs.map((p, i) => [p, i] as const).filter(([[a, b]]) => a !== b);
  return runTournament({
    ...t,
    pairs: keep.map(([p]) => p),
    plan: { ...t.plan, cells: keep.map(([, i], index) => ({ ...t.plan.cells[i], index })) },
  });
}

/**
 * The claims, with a tolerance from the sampling error at the test's size rather than a floor under a
 * day's figure (the floors once here, 70% on the meeting engagement and 30 points above the reverse on
 * A, were fitted and lowered as play changed). Six checks; each holds at one-sided 1 - 0.05/6
 * (Bonferroni, z = 2.39), so for doctrines no better than random-legal the chance that any passes is
 * under 5%. The fuller claim, at 300 a pairing with the self-play seats: test/long/aoe-doctrines.test.ts.
 */
const CHECKS = 6;
const LEVEL = 1 - (2 * 0.05) / CHECKS;

/**
 * The lower bound of (wins - losses) / n over n engagements, each won, lost or drawn: the difference of
 * two shares of one multinomial sample, standard error sqrt(((w + l) / n - d^2) / n).
 */
function marginBound(wins: number, losses: number, n: number, level: number): number {
  const d = (wins - losses) / n;
  return d - zFor(level) * Math.sqrt(((wins + losses) / n - d * d) / n);
}

describe('volley tournament: each real doctrine beats random-legal', () => {
  const REAL = ['column-assault', 'fire-and-charge', 'stand-fast', 'counterattack'];
  // The four real doctrines on both scenarios at 300 a pairing, in the full tournament with self-play
  // seats: test/long/aoe-doctrines.test.ts (npm run test:long).
  it(`meeting engagement, 160 engagements a pairing both ways round (seed 1813): an attacking and a defending doctrine each win more than half of their 320 against random-legal (Wilson bound at one-sided ${((1 - (1 - LEVEL) / 2) * 100).toFixed(2)}%)`, async () => {
    for (const d of ['column-assault', 'stand-fast']) {
      const t = await against('sims/aoe/meeting.scenario.yaml', d, 160);
      const m = t.matches.find((x) => x.doctrine === d)!;
      expect(m.n).toBe(320);
      const w = wilson(m.wins, m.n, LEVEL);
      expect(w.lo, `${d} against random-legal: ${m.wins} of ${m.n} (${m.p}), bound ${w.lo}`).toBeGreaterThan(0.5);
    }
  });
  // On A a real doctrine draws a fifth of its engagements with random-legal (the time limit) and
  // stand-fast, which forms Line, wins about 62% of 600 (docs/rules/aoe.md): at 160, more than half won is
  // at the edge of what the sample can show (98 of 160, Wilson bound 51.8%; 95 and 49.9% while formation
  // changes did not make room beside friends). The claim here is that it wins more of them than
  // random-legal wins against it, which a fifth of draws does not blur.
  it(`village assault (common scenario A), 80 a pairing both ways round (seed 1813): each wins more of its 160 than random-legal wins against it (the difference's bound at one-sided ${((1 - (1 - LEVEL) / 2) * 100).toFixed(2)}% above 0)`, async () => {
    for (const d of REAL) {
      const t = await against('sims/aoe/common-a-village.scenario.yaml', d);
      const m = t.matches.find((x) => x.doctrine === d)!;
      const back = t.matches.find((x) => x.doctrine === 'random-legal')!;
      expect(m.n).toBe(160);
      expect([back.wins, back.losses, back.draws]).toEqual([m.losses, m.wins, m.draws]);
      const lo = marginBound(m.wins, m.losses, m.n, LEVEL);
      expect(lo, `${d}: ${m.wins} won, ${m.losses} lost, ${m.draws} drawn of ${m.n}; bound ${lo}`).toBeGreaterThan(0);
    }
  });
});
