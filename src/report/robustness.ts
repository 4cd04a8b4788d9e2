/**
 * "Across doctrines": when an experiment plays every cell under several battle doctrines for both
 * sides (acrossDoctrines), does its conclusion hold under all of them? The conclusion is the effect of
 * the experiment's first other factor, from its first to its last value, on each key figure; under each
 * pairing the difference and its 95% interval (the two cells' intervals combined as independent, which
 * is conservative under common random numbers). The verdict: it holds when every pairing shows an
 * effect of the same sign whose interval excludes zero.
 */
import type { Results } from '../results/results.js';
import { escapeHtml } from '../results/html.js';
import { factorTitle } from './labels.js';
import { attackerOf } from './question.js';
import { counted, interval } from './words.js';

const D0 = 'sides[0].battleDoctrine', D1 = 'sides[1].battleDoctrine';

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
 * how often the attacker carried every objective and how often each objective ended in the hands of
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
    out.push({ label: (x) => `${x.sides[a].name} carried every objective`, value: (c) => (c.summary.sides[a].carried ? fromShare(c.summary.sides[a].carried) : none), unit: 'points' });
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
  verdict: 'holds' | 'reverses' | 'unclear';
}

export function robustness(r: Results): { factor: string; from: unknown; to: unknown; rows: RobustnessRow[] } | null {
  const factors = r.provenance.factors;
  if (!(D0 in factors) || !(D1 in factors)) return null;
  const main = Object.keys(factors).find((k) => k !== D0 && k !== D1 && factors[k].length >= 2);
  if (!main) return null;
  const values = factors[main];
  const [from, to] = [values[0], values[values.length - 1]];
  const others = Object.keys(factors).filter((k) => k !== main);
  const key = (c: Results['cells'][number]) => others.map((k) => `${k === D0 ? 'A' : k === D1 ? 'B' : k}=${String(c.factors[k])}`).join(', ');
  const groups = new Map<string, { a?: Results['cells'][number]; b?: Results['cells'][number] }>();
  for (const c of r.cells) {
    const g = groups.get(key(c)) ?? {};
    if (JSON.stringify(c.factors[main]) === JSON.stringify(from)) g.a = c;
    if (JSON.stringify(c.factors[main]) === JSON.stringify(to)) g.b = c;
    groups.set(key(c), g);
  }
  const rows = metricsFor(r).map((m) => {
    const effects = [...groups]
      .filter(([, g]) => g.a && g.b)
      .map(([pairing, g]) => {
        const x = m.value(g.a!), y = m.value(g.b!);
        const diff = y.est - x.est;
        const half = Math.sqrt(x.half ** 2 + y.half ** 2);
        return { pairing, diff, lo: diff - half, hi: diff + half };
      });
    const up = effects.every((e) => e.lo > 0), down = effects.every((e) => e.hi < 0);
    const mixed = effects.some((e) => e.lo > 0) && effects.some((e) => e.hi < 0);
    return { metric: m.label(r), unit: m.unit, effects, verdict: up || down ? 'holds' : mixed ? 'reverses' : 'unclear' } as RobustnessRow;
  });
  return { factor: main, from, to, rows };
}

const VERDICT = {
  holds: 'holds under every pairing',
  reverses: 'reverses with the doctrines',
  unclear: 'not clear under every pairing',
} as const;

export function robustnessSection(r: Results): string {
  const rb = robustness(r);
  if (!rb) return '';
  const pairings = rb.rows[0]?.effects.map((e) => e.pairing) ?? [];
  const f = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(1);
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
    `The effect of ${rb.factor} going from ${String(rb.from)} to ${String(rb.to)}, under every pairing of battle doctrines (A: ${r.sides[0].name}, B: ${r.sides[1].name}): the change in each figure with its 95% interval (shares in percentage points, losses in strength points). A conclusion holds when every pairing shows a change of the same sign whose interval excludes zero.`,
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
  const f = (x: number) => (Math.abs(x) < 0.05 ? '0.0' : (x > 0 ? '+' : '−') + Math.abs(x).toFixed(1));
  const factor = factorTitle(rb.factor, new Set(Object.keys(r.cells[0]?.options ?? {})), { sides: r.sides, formations: r.formations });
  const pairings = rb.rows[0]?.effects.length ?? 0;
  const holds = rb.rows.filter((x) => x.verdict === 'holds').length;
  const lines = rb.rows.map((row) => {
    const d = row.effects.map((e) => e.diff);
    return `  ${row.metric}: ${VERDICT[row.verdict]} (changes from ${f(Math.min(...d))} to ${f(Math.max(...d))} ${row.unit === 'points' ? 'percentage points' : 'strength points'})`;
  });
  return [
    `Across doctrines: the effect of ${factor.charAt(0).toLowerCase()}${factor.slice(1)} going from ${String(rb.from)} to ${String(rb.to)}, under ${counted(pairings, 'pairing')} of battle doctrines; it holds for ${holds} of ${counted(rb.rows.length, 'figure')}:`,
    ...lines,
  ].join('\n');
}
