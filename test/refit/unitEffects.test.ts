/**
 * What `volley refit check` shows beyond the rated unit: the units of both sides an exception moves
 * (src/sim/studies/refitCheck.ts, unitEffects), and the duel chart's labels, which wrap instead of
 * being cut (src/report/charts/refit.ts).
 */
import { describe, expect, it } from 'vitest';
import { duelAxisLabel, DUEL_LABEL_LINE, refitDuelsSpec } from '../../src/report/charts/refit.js';
import { specToSvg } from '../../src/report/render.js';
import type { RefitCheckResults } from '../../src/results/refitCheck.js';
import { unitEffects, type UnitPairAccs } from '../../src/sim/studies/refitCheck.js';
import { addPair, emptyPaired } from '../../src/stats/paired.js';
import { inverseNormal } from '../../src/stats/intervals.js';

/** A watched unit over n engagements: `moved` engagements in which it retreated (eliminated) only with the exception, `back` only without. */
function unit(id: string, side: 0 | 1, n: number, figure: 'retreated' | 'eliminated', moved: number, back: number): UnitPairAccs {
  const u: UnitPairAccs = { id, side, retreated: emptyPaired(), eliminated: emptyPaired(), withSums: { retreated: 0, eliminated: 0 } };
  for (let i = 0; i < n; i++) {
    const [a, b] = i < moved ? [1, 0] : i < moved + back ? [0, 1] : [0, 0];
    addPair(u[figure], a, b);
    u.withSums[figure] += a;
    const other = figure === 'retreated' ? 'eliminated' : 'retreated';
    addPair(u[other], 0, 0);
  }
  return u;
}

describe('the units an exception moves', () => {
  const x = { unit: 'IR-12-I', sideNames: ['French', 'Prussians'] as [string, string] };

  it('lists a neighbour that takes the eliminations instead, the rated unit, and nobody whose change is within the interval', () => {
    const n = 400;
    const { effects, level } = unitEffects(
      [
        unit('IR-12-I', 1, n, 'retreated', 20, 100), // retreats 80 points less often... by 80/400
        unit('IR-12-II', 1, n, 'eliminated', 190, 0), // eliminated in 190 more engagements
        unit('Fr-1', 0, n, 'retreated', 10, 8), // +2 of 400: luck
      ],
      x,
    );
    // Bonferroni over 3 units x 2 figures.
    expect(level).toBeCloseTo(1 - 0.05 / 6, 12);
    expect(effects.map((e) => [e.unit, e.sideName, e.rated, e.figure])).toEqual([
      ['IR-12-II', 'Prussians', false, 'eliminated'],
      ['IR-12-I', 'Prussians', true, 'retreated'],
    ]);
    // Shares with and without: 190 of 400 with, 0 without; 20 with, 100 without.
    expect(effects[0]).toMatchObject({ with: 190 / n, without: 0 });
    expect(effects[1].with).toBeCloseTo(20 / n, 12);
    expect(effects[1].without).toBeCloseTo(100 / n, 12);
    // The interval is the paired mean ± z·s/√n at the simultaneous level.
    const d = 190 / n;
    const s = Math.sqrt((190 - n * d * d) / (n - 1));
    const z = inverseNormal(1 - (1 - level) / 2);
    expect(effects[0].difference.lo).toBeCloseTo(d - (z * s) / Math.sqrt(n), 10);
  });

  it('a change a single 95% interval would call real, but not the simultaneous one, is not listed', () => {
    // 30 more, 10 fewer of 400: mean 0.05, s ≈ 0.316, half-width 0.031 at 95% (listed alone), 0.047 at 1 - 0.05/40.
    const units = [unit('A', 0, 400, 'retreated', 30, 10), ...Array.from({ length: 19 }, (_, i) => unit(`U${i}`, 1, 400, 'retreated', 0, 0))];
    expect(unitEffects(units, x).effects).toEqual([]);
    expect(unitEffects(units.slice(0, 1), { unit: null, sideNames: x.sideNames }).effects.map((e) => e.unit)).toEqual(['A']);
  });
});

describe('the duel chart', () => {
  const duel = (units: string[], label: string) => ({ units, label });

  it('wraps the units, each whole, and puts the counter on its own line', () => {
    expect(duelAxisLabel(duel(['Stein-IR-12-I'], 'infantry 6, morale 6'))).toBe('Stein-IR-12-I\n(infantry 6, morale 6)');
    const long = duelAxisLabel(duel(['Pirch-IR-2-I', 'Pirch-IR-2-II', 'Pirch-IR-2-III', 'Pirch-IR-2-IV'], 'infantry 6, morale 4, steadfast'));
    const lines = long.split('\n');
    expect(lines).toEqual(['Pirch-IR-2-I, Pirch-IR-2-II,', 'Pirch-IR-2-III, Pirch-IR-2-IV', '(infantry 6, morale 4, steadfast)']);
    for (const l of lines.slice(0, -1)) expect(l.length).toBeLessThanOrEqual(DUEL_LABEL_LINE);
  });

  it('renders every label whole: no ellipsis in the SVG, each line a text of its own', async () => {
    const figures = { sideWon: { p: 0.4, lo: 0.3, hi: 0.5 }, retreated: { p: 0.2, lo: 0.1, hi: 0.3 }, eliminated: { p: 0.1, lo: 0.05, hi: 0.2 }, checksFailed: 0 };
    const d = { mean: 0.05, sd: 0.2, lo: 0.01, hi: 0.09, n: 100, containsZero: false };
    const r = {
      engagements: 100,
      standard: { kind: 'infantry', strength: 6 },
      duels: ['attacking', 'defending'].map((role) => ({
        units: ['Pirch-IR-2-I', 'Pirch-IR-2-II'],
        label: 'infantry 6, morale 4, steadfast, oldGuard',
        role,
        figuresRated: figures,
        figuresAtDefaults: figures,
        difference: { sideWon: d, retreated: d, eliminated: d, checksFailed: d },
      })),
    } as unknown as RefitCheckResults;
    const svg = await specToSvg(refitDuelsSpec(r));
    expect(svg).not.toContain('…');
    expect(svg).toContain('(infantry 6, morale 4, steadfast, oldGuard)');
    expect(svg).toContain('Pirch-IR-2-I, Pirch-IR-2-II');
  });
});
