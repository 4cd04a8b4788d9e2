/**
 * p28's jubilance on the lane: who earns it (a unit in good order that destroyed an enemy, made it run,
 * retreat or retire, or took its standard), by charge, by fire and in hand to hand; and p16, p23: the
 * winner's recall or test to stand is taken before the jubilance its win brings.
 */
import { describe, expect, it } from 'vitest';
import { CHARGE_ENDINGS, chargeMakesJubilant } from '../../src/rules/nagb/charge.js';
import { recallLd } from '../../src/rules/nagb/cavalry.js';
import { compiled, duel, type Ev, play } from './lane.js';

const line = (id: string, front: number, offset: number, extra: Record<string, unknown> = {}) => ({ id, formation: 'line', front, offset, ...extra });

/** Each unit's cohesion word as the events leave it (good until told otherwise). */
function cohesionTracker() {
  const now = new Map<string, string>();
  return {
    see(e: Ev): void {
      if (e.type === 'cohesion') now.set(e.unit as string, e.to as string);
    },
    of: (unit: string) => now.get(unit) ?? 'good',
  };
}

describe('p28: jubilance', () => {
  it('p28: a charge whose target ran from it (caught or escaped) makes the chargers jubilant; no other ending does', () => {
    expect(CHARGE_ENDINGS.filter(chargeMakesJubilant)).toEqual(['caught', 'escaped']);
  });

  it('p28, p19: cuirassiers whose charge a battery flees become jubilant, whether they catch it or not', () => {
    const c = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }], [{ id: 'Bty', arm: 'artillery', guns: ['medium', 'medium', 'medium'], front: 27, offset: 0 }]));
    const seen = { caught: 0, escaped: 0 };
    for (let i = 0; i < 200; i++) {
      const events: Ev[] = [];
      play(c, 'jubilant-charge', i, events);
      const coh = cohesionTracker();
      events.forEach((e, k) => {
        coh.see(e);
        if (e.type !== 'charge' || e.units[0] !== 'Cuir' || (e.ending !== 'caught' && e.ending !== 'escaped')) return;
        if (coh.of('Cuir') !== 'good') return;
        const rest = events.slice(k + 1);
        const end = rest.findIndex((x) => x.type === 'declare' || x.type === 'phase');
        const after = end < 0 ? rest : rest.slice(0, end);
        seen[e.ending as 'caught' | 'escaped']++;
        expect(after.some((x) => x.type === 'cohesion' && x.unit === 'Cuir' && x.to === 'jubilant'), `engagement ${i}`).toBe(true);
      });
    }
    expect(seen.caught).toBeGreaterThan(5);
    expect(seen.escaped).toBeGreaterThan(5);
  });

  it('p28: a unit whose fire makes its target run (or destroys it) becomes jubilant if it is in good order after the fire step; fire that breaks nobody makes nobody jubilant', () => {
    // Two lines of veterans at 5" from a disordered militia line: a failed test breaks it (p11, p27).
    const s = duel(
      [line('L1', 20, -6, { class: 'veteran' }), line('L2', 20, 6, { class: 'veteran' })],
      [line('Mil', 25, 0, { class: 'militia', disordered: true })],
      {},
      [{ preset: 'hold-and-volley', holdFire: false, volleyWithin: 0 }, { preset: 'hold-and-volley', holdFire: false }],
    );
    const c = compiled(s);
    let jubilant = 0;
    for (let i = 0; i < 150; i++) {
      const events: Ev[] = [];
      play(c, 'jubilant-fire', i, events);
      const coh = cohesionTracker();
      let inFire = false;
      let firedAt = new Map<string, string>();
      let ran = new Set<string>();
      const closePhase = () => {
        for (const [f, t] of firedAt) if (ran.has(t) && coh.of(f) === 'good') expect.fail(`engagement ${i}: ${f} drove ${t} off by fire and is not jubilant`);
      };
      for (const e of events) {
        if (e.type === 'phase') {
          if (inFire) closePhase();
          inFire = e.phase === 'fire';
          firedAt = new Map();
          ran = new Set();
        }
        if (inFire && e.type === 'cohesion' && e.to === 'jubilant') {
          jubilant++;
          expect(ran.has(firedAt.get(e.unit as string) ?? ''), `engagement ${i}: ${e.unit} jubilant in a fire phase whose target did not run`).toBe(true);
        }
        coh.see(e);
        if (!inFire) continue;
        if (e.type === 'fire') firedAt.set(e.units[0] as string, e.target as string);
        if (e.type === 'rout' || e.type === 'removed') ran.add(e.unit as string);
      }
    }
    expect(jubilant).toBeGreaterThan(20);
  });

  it('p28: a target whose stand-and-shoot fire destroys its chargers becomes jubilant', () => {
    // A column of 4 figures is shattered (p27: over 75% lost) by 3 casualties.
    const s = duel([{ id: 'Col', formation: 'attackColumn', figures: 4, front: 20, offset: 0 }], [line('Ln', 27, 0, { class: 'veteran' })], {}, ['column-assault', { preset: 'hold-and-volley', influence: false }]);
    const c = compiled(s);
    let destroyed = 0;
    for (let i = 0; i < 300; i++) {
      const events: Ev[] = [];
      play(c, 'jubilant-volley', i, events);
      const coh = cohesionTracker();
      events.forEach((e, k) => {
        coh.see(e);
        if (e.type !== 'charge' || e.units[0] !== 'Col' || e.reaction !== 'standAndShoot' || coh.of('Ln') !== 'good') return;
        const rest = events.slice(k + 1);
        const end = rest.findIndex((x) => x.type === 'declare' || x.type === 'phase');
        const after = end < 0 ? rest : rest.slice(0, end);
        if (!after.some((x) => x.type === 'removed' && x.unit === 'Col')) return;
        destroyed++;
        expect(after.some((x) => x.type === 'cohesion' && x.unit === 'Ln' && x.to === 'jubilant')).toBe(true);
      });
    }
    expect(destroyed).toBeGreaterThan(3);
  });
});

describe('p16, p23, p28: the winner decides before its jubilance', () => {
  /** Each melee with the events after it in its phase, and the winner's cohesion before it. */
  const melees = (units: [Record<string, unknown>, Record<string, unknown>], doctrines: [unknown, unknown], seed: string, n: number) => {
    const c = compiled(duel([units[0]], [units[1]], {}, doctrines));
    const out: { melee: Ev; after: Ev[]; before: (u: string) => string }[] = [];
    for (let i = 0; i < n; i++) {
      const events: Ev[] = [];
      play(c, seed, i, events);
      const coh = cohesionTracker();
      events.forEach((e, k) => {
        coh.see(e);
        if (e.type !== 'melee') return;
        const was = new Map([[e.attacker as string, coh.of(e.attacker as string)], [e.defender as string, coh.of(e.defender as string)]]);
        const rest = events.slice(k + 1);
        const end = rest.findIndex((x) => x.type === 'melee' || x.type === 'phase');
        out.push({ melee: e, after: end < 0 ? rest : rest.slice(0, end), before: (u) => was.get(u) ?? 'good' });
      });
    }
    return out;
  };

  it('p23: cavalry recalled after winning tests at its Ld less the margin, without the +1 its win brings (the worked example: Ld 9 winning by 3 recalls on 6 or less)', () => {
    expect(recallLd(9, 3, false, 0, 0)).toBe(6);
    const fights = melees(
      [{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }, line('Bn', 26, 0)],
      [{ preset: 'column-assault', recall: true }, 'hold-and-volley'],
      'recall-before-jubilance',
      120,
    );
    let recalls = 0;
    for (const { melee, after, before } of fights) {
      const [a, b] = melee.scores as [number, number];
      if (melee.attacker !== 'Cuir' || a <= b || before('Cuir') !== 'good') continue;
      const check = after.find((e) => e.type === 'check' && e.purpose === 'recall');
      if (!check) continue;
      recalls++;
      // Line cavalry, Ld 8 (p40), good order before the melee, less the margin; the commander's +1 if he adds it.
      expect(check.target).toBe(8 - (a - b) + (check.influence ? 1 : 0));
      // The win still makes it jubilant (p28), after the test.
      const k = after.indexOf(check);
      expect(after.slice(k).some((e) => e.type === 'cohesion' && e.unit === 'Cuir' && e.to === 'jubilant')).toBe(true);
    }
    expect(recalls).toBeGreaterThan(10);
  });

  it('p16, p23: an infantry winner tests to stand at the Ld it fought at, not with the jubilance its win brings', () => {
    const fights = melees(
      [{ id: 'Col', class: 'veteran', formation: 'attackColumn', front: 20, offset: 0 }, line('Ln', 27, 0, { class: 'conscripts' })],
      [{ preset: 'column-assault', stand: true }, 'hold-and-volley'],
      'stand-before-jubilance',
      120,
    );
    let stands = 0;
    for (const { melee, after, before } of fights) {
      const [a, b] = melee.scores as [number, number];
      if (melee.attacker !== 'Col' || a <= b || before('Col') !== 'good') continue;
      const check = after.find((e) => e.type === 'check' && e.purpose === 'stand');
      if (!check) continue;
      stands++;
      // Veteran, Ld 9 (p39), in good order before the melee; the commander's +1 if he adds it.
      expect(check.target).toBe(9 + (check.influence ? 1 : 0));
    }
    expect(stands).toBeGreaterThan(10);
  });
});
