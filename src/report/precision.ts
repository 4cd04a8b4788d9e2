/**
 * How a run that stopped at a target precision (`volley run --precision H`) ended: the console message,
 * the report's Precision section and precision.csv. Built from results.json alone.
 */
import type { PrecisionProvenance, Results } from '../results/results.js';
import type { Proportion } from '../stats/intervals.js';
import type { CellSummary } from '../stats/summary.js';
import { metricLabel } from '../stats/precision.js';
import { cellNames } from './labels.js';
import { csvField } from '../results/rows.js';

import { escapeHtml as esc } from '../results/html.js';
const int = (n: number) => n.toLocaleString('en-GB');
/** A half-width in percentage points, the unit shares are shown in. */
export const points = (h: number) => `±${(100 * h).toFixed(2)} points`;

/** The proportion a primary metric path names in a cell's summary (`outcome[0]`, `sides[1].retreatRate`, ...). */
export function proportionAt(s: CellSummary, metric: string): Proportion | null {
  const o = /^outcome\[(\d)\]$/.exec(metric);
  if (o) return s.outcome[Number(o[1])] ?? null;
  const m = /^sides\[(\d)\]\.(retreatRate|armyBroken|moraleChecks\.failRate)$/.exec(metric);
  if (!m) return null;
  const side = s.sides[Number(m[1])];
  if (!side) return null;
  if (m[2] === 'retreatRate') return side.retreatRate;
  if (m[2] === 'armyBroken') return side.armyBroken;
  return side.moraleChecks.failRate;
}

export interface PrecisionRow {
  cell: number;
  /** The cell's short name, as the charts and tables show it. */
  cellName: string;
  label: string;
  engagements: number;
  metric: string;
  metricLabel: string;
  p: number;
  lo: number;
  hi: number;
  /** Trials behind the share: engagements, or morale checks for the failure rate. */
  n: number;
  halfWidth: number;
  within: boolean;
}

/** One row per cell and primary proportion with trials, in results order. */
export function precisionRows(r: Results): PrecisionRow[] {
  const pr = r.provenance.precision;
  if (!pr) return [];
  const names = cellNames(r).labels;
  const sides: [string, string] = [r.sides[0].name, r.sides[1].name];
  return r.cells.flatMap((c, i) =>
    pr.primary.flatMap((metric) => {
      const x = proportionAt(c.summary, metric);
      if (!x || x.n === 0) return [];
      const halfWidth = (x.hi - x.lo) / 2;
      return [
        {
          cell: c.index,
          cellName: names[i],
          label: c.label,
          engagements: c.summary.engagements,
          metric,
          metricLabel: metricLabel(metric, sides),
          p: x.p,
          lo: x.lo,
          hi: x.hi,
          n: x.n,
          halfWidth,
          within: halfWidth <= pr.target,
        },
      ];
    }),
  );
}

/** precision.csv: the numbers of the precision chart, one row per cell and primary proportion. */
export function precisionCsv(r: Results, rows: readonly PrecisionRow[] = precisionRows(r)): string {
  const target = r.provenance.precision?.target ?? '';
  const head = ['cell', 'label', 'engagements', 'metric', 'metric_label', 'p', 'lo', 'hi', 'trials', 'half_width', 'target', 'within_target'];
  const lines = [head.join(',')];
  for (const x of rows) {
    lines.push([x.cell, x.label, x.engagements, x.metric, x.metricLabel, x.p, x.lo, x.hi, x.n, x.halfWidth, target, x.within].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** "1,000" or "1,000 to 9,500": engagements per cell. */
export function engagementsRange(r: Results): string {
  const ns = r.cells.map((c) => c.summary.engagements);
  const lo = Math.min(...ns);
  const hi = Math.max(...ns);
  return lo === hi ? int(lo) : `${int(lo)} to ${int(hi)}`;
}

function widestWords(pr: PrecisionProvenance, r: Results): string {
  const w = pr.widest;
  if (!w) return '';
  const cell = r.cells.length > 1 ? ` in cell ${w.label}` : '';
  return `widest half-width left ${w.halfWidth.toFixed(4)} (${points(w.halfWidth)}): ${w.metricLabel}${cell}`;
}

/** What the console prints after a precision run: whether the target was reached, and the widest half-width left. */
export function precisionMessage(r: Results): string {
  const pr = r.provenance.precision;
  if (!pr) return '';
  const target = `${pr.target} (${points(pr.target)})`;
  const short = pr.cells.filter((c) => !c.reached).length;
  const head = pr.reached
    ? `precision: target reached in ${r.cells.length === 1 ? 'the cell' : `every cell`}: every primary share's 95% interval has a half-width of at most ${target}`
    : `precision: stopped at the maximum of ${int(pr.maxEngagements)} engagements per cell in ${short} of ${r.cells.length} ${r.cells.length === 1 ? 'cell' : 'cells'} before reaching the target ${target}`;
  const played = r.cells.length === 1 ? `engagements: ${int(pr.engagements)}` : `engagements per cell: ${engagementsRange(r)} (${int(pr.engagements)} in all)`;
  const lines = [head, `  ${played}; ${widestWords(pr, r)}`];
  if (!pr.reached) lines.push('  to reach the target, raise --max-engagements (or an experiment\'s maxEngagements) or ask for a wider --precision');
  return lines.join('\n');
}

/** The report's Precision section: the outcome in a sentence, and each cell's engagements and widest half-width. */
export function precisionSection(r: Results): string {
  const pr = r.provenance.precision;
  if (!pr) return '';
  const names = cellNames(r);
  const outcome = pr.reached
    ? `Target reached: in every cell, every primary share's 95% Wilson interval has a half-width of at most ${pr.target} (${points(pr.target)}), after ${engagementsRange(r)} engagements per cell (${int(pr.engagements)} in all).`
    : `Target not reached: ${pr.cells.filter((c) => !c.reached).length} of ${pr.cells.length} cells stopped at the maximum of ${int(pr.maxEngagements)} engagements before every primary share's 95% interval had a half-width of at most ${pr.target} (${points(pr.target)}). Their widest intervals are wider than asked; a longer run (--max-engagements) would narrow them.`;
  const rows = pr.cells
    .map((c, i) => {
      const w = c.widest;
      return `<tr><td>${esc(names.labels[i])}</td><td>${int(c.engagements)}</td><td>${c.looks}</td><td>${w ? `${w.halfWidth.toFixed(4)} <span class="ci">(${esc(points(w.halfWidth))})</span>` : '—'}</td><td>${w ? esc(w.metricLabel) : '—'}</td><td>${c.reached ? 'target reached' : 'stopped at the maximum'}</td></tr>`;
    })
    .join('\n');
  return `<section id="precision">
<h2>Precision</h2>
<p class="definition">${esc(
    `This run stopped at a target precision (--precision ${pr.target}). Each cell played batches of ${int(r.provenance.batch)} engagements, looked at its primary shares (each side's win share and the draw share, each side's retreat rate, in battles each army's demoralized share, and each side's morale-check failure rate) after ${int(pr.firstLook)} engagements and then after every block, and stopped on its own when the widest 95% Wilson half-width was at most the target, or at ${int(pr.maxEngagements)} engagements. So cells may have played different numbers of engagements; every figure of a cell is over its own engagements. The half-widths are in precision.csv.`,
  )}</p>
<p><strong>${esc(outcome)}</strong></p>
<div class="scroll"><table>
<caption>Engagements and the widest primary half-width per cell</caption>
<thead><tr><th scope="col">${esc(names.title)}</th><th scope="col">Engagements</th><th scope="col">Looks</th><th scope="col">Widest half-width</th><th scope="col">Of</th><th scope="col">Stopped</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>
</section>`;
}
