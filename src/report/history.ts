/**
 * Simulated losses per hour against the historical record of Napoleonic battles (1792-1815, the CDB90
 * database): the side hit harder lost a median 2.7% of its strength an hour (middle half 1.8-3.75%),
 * the side hit less 1.5% (0.6-2.0%). Shown when a battle scenario gives its scale (`history`).
 */
import type { Results } from '../results/results.js';
import { escapeHtml } from '../results/html.js';

export const CDB90 = {
  worse: { median: 2.7, q1: 1.8, q3: 3.75 },
  less: { median: 1.5, q1: 0.6, q3: 2.0 },
} as const;

interface History {
  hoursPerTurn: number;
  menPerStrengthPoint: number;
  note?: string;
  actual: { side: 0 | 1; lossPercent: number; hours: number }[];
}

export interface HourlyLoss {
  side: 0 | 1;
  name: string;
  /** Per cent of the starting strength lost per hour of battle: the mean, and its 95% interval. */
  rate: number;
  lo: number;
  hi: number;
  worse: boolean;
}

/**
 * Mean day turns played in a cell: the turns each engagement played, less the night turns among them (no
 * combat at night, 16), over the turns histogram.
 */
export function meanDayTurns(r: Results, cellIndex: number): number {
  const cell = r.cells[cellIndex];
  const night = [...new Set((cell.scenario as { night?: number[] } | undefined)?.night ?? [])];
  const t = cell.summary.turns;
  // Results without the histogram's counts: the night turns up to the mean turns played, an estimate.
  if (!t.counts || t.n === 0) return t.mean - night.filter((n) => n <= t.mean).length;
  let sum = 0;
  for (const [turns, count] of t.counts) sum += count * (turns - night.filter((n) => n <= turns).length);
  return sum / t.n;
}

/** Loss per hour for each side of one cell: mean strength lost / starting strength / (mean day turns played x hours per turn). */
export function hourlyLosses(r: Results, cellIndex: number, h: History): HourlyLoss[] {
  const s = r.cells[cellIndex].summary;
  const hours = Math.max(1e-9, meanDayTurns(r, cellIndex) * h.hoursPerTurn);
  const rows = s.sides.map((side, i) => {
    const start = Math.max(1e-9, side.startStrength.mean);
    const k = 100 / start / hours;
    return { side: i as 0 | 1, name: side.name, rate: side.strengthLost.mean * k, lo: side.strengthLost.lo * k, hi: side.strengthLost.hi * k, worse: false };
  });
  rows[rows[0].rate >= rows[1].rate ? 0 : 1].worse = true;
  return rows;
}

function place(rate: number, ref: { q1: number; q3: number }): string {
  return rate < ref.q1 ? 'below the middle half' : rate > ref.q3 ? 'above the middle half' : 'within the middle half';
}

const f = (x: number) => x.toFixed(2);

/** The report section, or '' when the scenario gives no scale. */
export function historySection(r: Results): string {
  const h = (r.cells[0]?.scenario as { history?: History } | undefined)?.history;
  if (!h) return '';
  const men = r.cells[0].summary.sides.map((s) => Math.round(s.startStrength.mean * h.menPerStrengthPoint).toLocaleString('en-GB'));
  const rows = r.cells
    .map((c, i) =>
      hourlyLosses(r, i, h)
        .map((l) => {
          const ref = l.worse ? CDB90.worse : CDB90.less;
          const actual = h.actual.find((a) => a.side === l.side);
          return `<tr><td>${escapeHtml(c.label)}</td><td>${escapeHtml(l.name)} (${l.worse ? 'hit harder' : 'hit less'})</td><td>${f(l.rate)}% <span class="ci">[${f(l.lo)}, ${f(l.hi)}]</span></td><td>${f(ref.median)}% (middle half ${f(ref.q1)}-${f(ref.q3)}%): ${place(l.rate, ref)}</td><td>${actual ? `${f(actual.lossPercent / actual.hours)}% (${actual.lossPercent}% in ${actual.hours} h)` : ''}</td></tr>`;
        })
        .join('\n'),
    )
    .join('\n');
  return `<section id="history">
<h2>Losses per hour against the historical record</h2>
<p class="definition">${escapeHtml(
    `Each side's strength lost as a share of its starting strength, per hour of battle, set against Napoleonic battles of 1792-1815 (the CDB90 database: the side hit harder lost a median 2.7% an hour, the middle half 1.8-3.75%; the side hit less 1.5%, the middle half 0.6-2.0%). Scale assumed: one turn is ${h.hoursPerTurn} hour${h.hoursPerTurn === 1 ? '' : 's'} and one strength point ${h.menPerStrengthPoint} men, so the armies start with about ${men[0]} and ${men[1]} men; hours are the day turns actually played (night turns have no combat, 16). ${h.note ?? ''}`,
  )}</p>
<table class="history"><tr><th>cell</th><th>side</th><th>simulated loss per hour [95% interval]</th><th>CDB90 (median, middle half)</th><th>this battle, historically</th></tr>
${rows}
</table>
</section>`;
}
