/**
 * "Across doctrines": when an experiment plays every cell under several battle doctrines for both
 * sides (acrossDoctrines), does its conclusion hold under all of them? The conclusion is the effect of
 * the experiment's first other factor, from its first to its last value, on each key figure; under each
 * pairing the difference and its 95% interval. The run pairs the two cells engagement by engagement on
 * the same dice (results.json `robustness`, src/results/robustness.ts); results written before it did,
 * and precision runs, combine the two cells' intervals as if independent, which is conservative under
 * common random numbers. The verdict: it holds when every pairing shows an effect of the same sign
 * whose interval excludes zero.
 */
import { pairedMetricLabel, type Results } from '../results/results.js';
import { pairedMetrics, type PairedMetricDef } from '../stats/pairedMetrics.js';
import { escapeHtml } from '../results/html.js';
import { robustnessPlan, type RobustnessComparisons } from '../results/robustness.js';
import { factorTitle } from './labels.js';
import { attackerOf } from './question.js';
import { counted, interval, signed } from './words.js';


interface Metric {
  label: (r: Results) => string;
  value: (c: Results['cells'][number]) => { est: number; half: number };
  unit: 'points' | 'strength';
}

/** The difference's half-width from an interval that need not be symmetric: the wider side. */
const fromShare = (o: { p: number; lo: number; hi: number }) => ({ est: 100 * o.p, half: 100 * Math.max(o.p - o.lo, o.hi - o.p) });
const share = (side: 0 | 1) => (c: Results['cells'][number]) => fromShare(c.summary.outcome[side]);
const lost = (side: 0 | 1) => (c: Results['cells'][number]) => {
  const l = c.summary.sides[side].strengthLost;
  return { est: l.mean, half: l.hi - l.mean };
};
const none = { est: NaN, half: NaN };

/**
 * The figures the verdict is given for: each side's wins and losses and, in a battle with objectives,
 * how often the attacker held every objective it attacked at the end and how often each objective ended in the hands of
 * the side that held it at the start (the defender's, where the start is not known).
 */
function metricsFor(r: Results): Metric[] {
  const a = attackerOf(r);
  const keeper = (o: Results['objectives'][number]): 0 | 1 => (o.holder === 0 || o.holder === 1 ? o.holder : a === null ? 1 : a === 0 ? 1 : 0);
  const out: Metric[] = [
    { label: (x) => `${x.sides[0].name} win share`, value: share(0), unit: 'points' },
    { label: (x) => `${x.sides[1].name} win share`, value: share(1), unit: 'points' },
  ];
  if (a !== null && r.cells.every((c) => c.summary.sides[a].carried)) {
    out.push({ label: (x) => `${x.sides[a].name} held every objective at the end`, value: (c) => (c.summary.sides[a].carried ? fromShare(c.summary.sides[a].carried) : none), unit: 'points' });
  }
  r.objectives.forEach((o, i) => {
    const k = keeper(o);
    out.push({ label: (x) => `${o.name} held by ${x.sides[k].name}`, value: (c) => (c.summary.objectives[i] ? fromShare(c.summary.objectives[i].heldBy[k]) : none), unit: 'points' });
  });
  out.push({ label: (x) => `${x.sides[0].name} strength lost`, value: lost(0), unit: 'strength' });
  out.push({ label: (x) => `${x.sides[1].name} strength lost`, value: lost(1), unit: 'strength' });
  return out;
}

export interface RobustnessRow {
  metric: string;
  unit: Metric['unit'];
  /** Per pairing: the difference (last value minus first) and its 95% interval. */
  effects: { pairing: string; diff: number; lo: number; hi: number }[];
  /**
   * holds: every pairing's effect of one sign, its interval clear of zero; reverses: clear effects of
   * both signs; unclear: clear under some pairings only; none: clear under none; unchanged: the same in
   * every engagement of every pairing (paired results only).
   */
  verdict: 'holds' | 'reverses' | 'unclear' | 'none' | 'unchanged';
}

/** Whether the effects of every pairing agree: all of one sign with intervals clear of zero, or some each way. */
function verdictOf(effects: readonly { lo: number; hi: number }[]): 'holds' | 'reverses' | 'unclear' | 'none' {
  const up = effects.every((e) => e.lo > 0), down = effects.every((e) => e.hi < 0);
  const mixed = effects.some((e) => e.lo > 0) && effects.some((e) => e.hi < 0);
  const clear = effects.some((e) => e.lo > 0 || e.hi < 0);
  return up || down ? 'holds' : mixed ? 'reverses' : clear ? 'unclear' : 'none';
}

export interface Robustness {
  factor: string;
  from: unknown;
  to: unknown;
  /** paired: engagement by engagement on the same dice; independent: the cells' intervals combined. */
  method: 'paired' | 'independent';
  rows: RobustnessRow[];
}

export function robustness(r: Results): Robustness | null {
  if (r.robustness) return pairedRobustness(r, r.robustness);
  const plan = robustnessPlan(r.provenance.factors, r.cells);
  if (!plan) return null;
  const rows = metricsFor(r).map((m) => {
    const effects = plan.groups.map((g) => {
      const x = m.value(r.cells[g.cells[0]]), y = m.value(r.cells[g.cells[1]]);
      const diff = y.est - x.est;
      const half = Math.sqrt(x.half ** 2 + y.half ** 2);
      return { pairing: g.label, diff, lo: diff - half, hi: diff + half };
    });
    return { metric: m.label(r), unit: m.unit, effects, verdict: verdictOf(effects) };
  });
  return { factor: plan.factor, from: plan.from, to: plan.to, method: 'independent', rows };
}

/** The figures of the paired verdict, in the order shown: each side's wins, each objective held by side 0, each side's losses. */
function pairedFigures(objectives: number): PairedMetricDef[] {
  const all = pairedMetrics(objectives);
  const pick = (id: string) => all.filter((m) => m.id === id);
  return [...pick('won'), ...pick('objectiveHeld'), ...pick('strengthLost')];
}

/**
 * The verdict from the paired effects. A pairing leaves out of its comparison a figure with the same
 * value in every engagement of both cells: it changed by exactly nothing there; a figure left out by
 * every pairing never changed at all.
 */
function pairedRobustness(r: Results, p: RobustnessComparisons): Robustness {
  const same = (x: { metric: string; side: 0 | 1 | null; objective: number | null }, m: PairedMetricDef) =>
    x.metric === m.id && x.side === m.side && x.objective === (m.objective ?? null);
  const rows = pairedFigures(r.objectives.length).map((m): RobustnessRow => {
    const unit = m.kind === 'share' ? 'points' : 'strength';
    const scale = unit === 'points' ? 100 : 1;
    const found = p.comparisons.map((c) => c.metrics.find((x) => same(x, m))?.difference);
    const effects = found.map((d, i) => {
      const pairing = p.comparisons[i].group;
      if (!d) return { pairing, diff: 0, lo: 0, hi: 0 };
      // No interval (a single engagement): nothing can be told from zero.
      return { pairing, diff: scale * d.mean, lo: d.lo === null ? -Infinity : scale * d.lo, hi: d.hi === null ? Infinity : scale * d.hi };
    });
    const verdict = found.every((d) => d === undefined) ? 'unchanged' : verdictOf(effects);
    return { metric: pairedMetricLabel(m, r.sides, r.objectives), unit, effects, verdict };
  });
  return { factor: p.factor, from: p.from, to: p.to, method: 'paired', rows };
}

const VERDICT = {
  holds: 'holds under every pairing',
  reverses: 'reverses with the doctrines',
  unclear: 'clear under some pairings only',
  none: 'told from zero under no pairing',
  unchanged: 'the same in every engagement',
} as const;

/** The factor in words, as the charts title it, in lower case: "morale of Steinmetz's brigade units". */
function factorWords(r: Results, factor: string): string {
  const t = factorTitle(factor, new Set(Object.keys(r.cells[0]?.options ?? {})), { sides: r.sides, formations: r.formations });
  return t.charAt(0).toLowerCase() + t.slice(1);
}

export function robustnessSection(r: Results): string {
  const rb = robustness(r);
  if (!rb) return '';
  const pairings = rb.rows[0]?.effects.map((e) => e.pairing) ?? [];
  const f = (x: number) => signed(x, 1);
  const body = rb.rows
    .map(
      (row) =>
        `<tr><th>${escapeHtml(row.metric)}</th>${row.effects
          .map((e) => `<td>${escapeHtml(f(e.diff))} <span class="ci">${escapeHtml(interval(e.lo, e.hi, f))}</span></td>`)
          .join('')}<td><strong>${escapeHtml(VERDICT[row.verdict])}</strong></td></tr>`,
    )
    .join('\n');
  return `<section id="robustness">
<h2>Does the conclusion hold across doctrines?</h2>
<p class="definition">${escapeHtml(
    `The effect of ${factorWords(r, rb.factor)} going from ${String(rb.from)} to ${String(rb.to)}, under every pairing of battle doctrines (A: ${r.sides[0].name}, B: ${r.sides[1].name}): the change in each figure with its 95% interval (shares in percentage points, losses in strength points), ${rb.method === 'paired' ? 'taken engagement by engagement: the two cells of a pairing are played with the same dice' : 'from the two cells’ intervals combined as if independent (results written before the run paired them, or a precision run): wider than a paired interval'}. A conclusion holds when every pairing shows a change of the same sign whose interval excludes zero.`,
  )}</p>
<table class="robustness"><tr><th>figure</th>${pairings.map((p) => `<th>${escapeHtml(p)}</th>`).join('')}<th>verdict</th></tr>
${body}
</table>
</section>`;
}

/** The verdict for the console: the effect studied, then each figure's verdict and the range of its changes. */
export function robustnessText(r: Results): string {
  const rb = robustness(r);
  if (!rb) return '';
  const f = (x: number) => signed(x, 1);
  const factor = factorWords(r, rb.factor);
  const pairings = rb.rows[0]?.effects.length ?? 0;
  const holds = rb.rows.filter((x) => x.verdict === 'holds').length;
  const lines = rb.rows.map((row) => {
    const d = row.effects.map((e) => e.diff);
    const unit = row.unit === 'points' ? 'percentage points' : 'strength points';
    // Where nothing is told from zero, how small the effect must be: every pairing's interval lies within these bounds.
    const lo = Math.min(...row.effects.map((e) => e.lo)), hi = Math.max(...row.effects.map((e) => e.hi));
    const bound = row.verdict === 'none' && Number.isFinite(lo) && Number.isFinite(hi) ? `; every interval within ${interval(lo, hi, f)}` : '';
    return `  ${row.metric}: ${VERDICT[row.verdict]} (changes from ${f(Math.min(...d))} to ${f(Math.max(...d))} ${unit}${bound})`;
  });
  return [
    `Across doctrines: the effect of ${factor} going from ${String(rb.from)} to ${String(rb.to)}, under ${counted(pairings, 'pairing')} of battle doctrines; it holds for ${holds} of ${counted(rb.rows.length, 'figure')}:`,
    ...lines,
  ].join('\n');
}
