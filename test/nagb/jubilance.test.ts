/**
 * p28's jubilance on the lane. p16, p23: a melee winner's recall or test to stand is taken before the
 * jubilance its win brings.
 */
import { describe, expect, it } from 'vitest';
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
