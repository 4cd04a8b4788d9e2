/** The plain-text summary a run prints: one row per cell. */
import type { Results } from '../sim/results.js';

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

export function summaryTable(r: Results): string {
  const [a, d] = r.sides.map((s) => s.name);
  // A run stopped at a target precision: each cell's own number of engagements.
  const precise = r.provenance.precision !== undefined;
  const head = ['cell', ...(precise ? ['engagements'] : []), `${a} wins [95% CI]`, `${d} wins`, 'draw', `${a} str. lost`, `${d} str. lost`, 'turns'];
  const rows = r.cells.map((c) => {
    const s = c.summary;
    const o = s.outcome;
    return [
      c.label,
      ...(precise ? [s.engagements.toLocaleString('en-GB')] : []),
      `${pct(o[0].p)} [${pct(o[0].lo)}, ${pct(o[0].hi)}]`,
      pct(o[1].p),
      pct(o[2].p),
      `${s.sides[0].strengthLost.mean.toFixed(2)} ± ${(s.sides[0].strengthLost.hi - s.sides[0].strengthLost.mean).toFixed(2)}`,
      `${s.sides[1].strengthLost.mean.toFixed(2)} ± ${(s.sides[1].strengthLost.hi - s.sides[1].strengthLost.mean).toFixed(2)}`,
      s.turns.mean.toFixed(2),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
