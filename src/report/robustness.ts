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

const D0 = 'sides[0].battleDoctrine', D1 = 'sides[1].battleDoctrine';

interface Metric {
  label: (r: Results) => string;
  value: (c: Results['cells'][number]) => { est: number; half: number };
  unit: 'points' | 'strength';
}

const share = (side: 0 | 1) => (c: Results['cells'][number]) => {
  const o = c.summary.outcome[side];
  return { est: 100 * o.p, half: 100 * Math.max(o.p - o.lo, o.hi - o.p) };
};
const lost = (side: 0 | 1) => (c: Results['cells'][number]) => {
  const l = c.summary.sides[side].strengthLost;
  return { est: l.mean, half: l.hi - l.mean };
};

const METRICS: Metric[] = [
  { label: (r) => `${r.sides[0].name} win share`, value: share(0), unit: 'points' },
  { label: (r) => `${r.sides[1].name} win share`, value: share(1), unit: 'points' },
  { label: (r) => `${r.sides[0].name} strength lost`, value: lost(0), unit: 'strength' },
  { label: (r) => `${r.sides[1].name} strength lost`, value: lost(1), unit: 'strength' },
];

export interface RobustnessRow {
  metric: string;
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
  const rows = METRICS.map((m) => {
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
    return { metric: m.label(r), effects, verdict: up || down ? 'holds' : mixed ? 'reverses' : 'unclear' } as RobustnessRow;
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
          .map((e) => `<td>${escapeHtml(f(e.diff))} <span class="ci">[${escapeHtml(f(e.lo))}, ${escapeHtml(f(e.hi))}]</span></td>`)
          .join('')}<td><strong>${escapeHtml(VERDICT[row.verdict])}</strong></td></tr>`,
    )
    .join('\n');
  return `<section id="robustness">
<h2>Does the conclusion hold across doctrines?</h2>
<p class="definition">${escapeHtml(
    `The effect of ${rb.factor} going from ${String(rb.from)} to ${String(rb.to)}, under every pairing of battle doctrines (A: ${r.sides[0].name}, B: ${r.sides[1].name}): the change in each figure with its 95% interval (win shares in percentage points). A conclusion holds when every pairing shows a change of the same sign whose interval excludes zero.`,
  )}</p>
<table class="robustness"><tr><th>figure</th>${pairings.map((p) => `<th>${escapeHtml(p)}</th>`).join('')}<th>verdict</th></tr>
${body}
</table>
</section>`;
}
