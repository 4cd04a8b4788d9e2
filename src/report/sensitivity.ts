/**
 * The sensitivity of a run's metrics to its numeric factors, in words: the "Sensitivity" section of
 * index.html and sensitivity.csv. The numbers come from stats/sensitivity.ts (method documented there).
 */
import { escapeHtml } from '../results/html.js';
import { csvField } from '../results/rows.js';
import type { Results } from '../results/results.js';
import { sensitivity, type SensitivityRow } from '../stats/sensitivity.js';
import { factorTitle, formatValue } from './labels.js';
import { CELLS_ACROSS, columnRuns, unbroken } from './wrap.js';
import { num, signed } from './words.js';

/** The rows of every numeric factor of the run (empty when no factor is numeric). */
export function sensitivityRows(r: Results): SensitivityRow[] {
  return sensitivity(r.cells, r.provenance.factors);
}

/** "Morale of defender units", with the battle's names where it has them. */
export function factorWords(r: Results, path: string): string {
  const optionKeys = new Set(Object.keys(r.cells[0]?.options ?? {}));
  return factorTitle(path, optionKeys, { sides: r.sides, formations: r.formations });
}

/** The metric in words, for a table row or chart panel: "Prussians (defender): win share". */
export function metricTitle(r: Results, row: Pick<SensitivityRow, 'metric' | 'side'>): string {
  const s = r.sides[row.side];
  const what: Record<string, string> = {
    winShare: 'win share (%)',
    strengthLost: 'strength lost (mean)',
    retreatRate: 'retreat rate (%)',
    moraleFailRate: 'morale-check failure rate (%)',
  };
  return `${s.name} (${s.role}): ${what[row.metric] ?? row.metric}`;
}

/** The metric inside a sentence: "the defender's win share". */
function metricPhrase(r: Results, row: SensitivityRow): string {
  const role = r.sides[row.side].role;
  const what: Record<string, string> = {
    winShare: 'win share',
    strengthLost: 'strength lost',
    retreatRate: 'retreat rate (share of engagements with a retreat)',
    moraleFailRate: 'morale-check failure rate',
  };
  return `the ${role}'s ${what[row.metric] ?? row.metric}`;
}

/** A change with its interval: "+6.3 points [4.1, 8.5]" for shares, "+0.42 strength [0.30, 0.54]" for means. */
export function changeText(kind: 'share' | 'mean', v: number, lo: number, hi: number): string {
  if (kind === 'share') return `${signed(100 * v, 1)} points [${num(100 * lo, 1)}, ${num(100 * hi, 1)}]`;
  return `${signed(v, 2)} strength points [${num(lo, 2)}, ${num(hi, 2)}]`;
}

/** The other factors' values of a row, "orders=attack, squareEffect=7.6"; '' when none. */
export function othersLabel(others: Record<string, unknown>): string {
  return Object.entries(others)
    .map(([k, v]) => `${k}=${formatValue(v)}`)
    .join(', ');
}

const stepText = (step: number) => String(Number(step.toPrecision(12)));

/** "+1 morale of defender units changes the defender's win share by +6.3 points [4.1, 8.5]". */
export function slopeSentence(r: Results, row: SensitivityRow): string {
  if (!row.slope) return `${metricPhrase(r, row)}: no slope (too few values with an estimate)`;
  const f = factorWords(r, row.factor);
  const lower = f.startsWith('Option ') ? f : f.charAt(0).toLowerCase() + f.slice(1);
  return `+${stepText(row.step)} ${lower} changes ${metricPhrase(r, row)} by ${changeText(row.kind, row.slope.perStep, row.slope.lo, row.slope.hi)}`;
}

const esc = escapeHtml;

/** Combinations of a factor and the other factors' values the page shows at most (an experiment of 10,000 cells has thousands). */
export const SENSITIVITY_GROUPS = 24;

/** The "Sensitivity" section of index.html, or '' when no factor is numeric. */
export function sensitivitySection(r: Results, rows: readonly SensitivityRow[] = sensitivityRows(r)): string {
  if (rows.length === 0) return '';
  const groups = new Map<string, SensitivityRow[]>();
  for (const row of rows) {
    const k = `${row.factor}\u0000${othersLabel(row.others)}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(row);
  }
  // Past SENSITIVITY_GROUPS combinations the page shows the first: sensitivity.csv has every one.
  const all = [...groups.values()];
  const parts = all.slice(0, SENSITIVITY_GROUPS).map((g) => {
    const first = g[0];
    const others = othersLabel(first.others);
    const heading = `${factorWords(r, first.factor)}${others ? `, with ${others}` : ''}`;
    const stepCols = first.points.length > 1 ? g.reduce((best, row) => (row.steps.length > best.steps.length ? row : best), first).steps : [];
    // Many values make many steps: the steps wrap into several tables, the fitted slope in the last.
    const runs = columnRuns(stepCols.length, CELLS_ACROSS - 1);
    const tables = runs.map((run, k) => {
      const last = k === runs.length - 1;
      const head = run.map((i) => `<th scope="col">${esc(formatValue(stepCols[i].from))} → ${esc(formatValue(stepCols[i].to))}</th>`).join('');
      const body = g
        .map((row) => {
          const cells = run.map((i) => {
            const c = stepCols[i];
            const s = row.steps.find((x) => x.from === c.from && x.to === c.to);
            return `<td>${s ? unbroken(esc(changeText(row.kind, s.change, s.lo, s.hi))) : '–'}</td>`;
          });
          const slope = row.slope ? unbroken(esc(changeText(row.kind, row.slope.perStep, row.slope.lo, row.slope.hi))) : '–';
          return `<tr><th scope="row">${esc(metricTitle(r, row))}</th>${cells.join('')}${last ? `<td>${slope}</td>` : ''}</tr>`;
        })
        .join('\n');
      const caption = `Change per step of ${factorWords(r, first.factor).toLowerCase()}, with 95% intervals`;
      return `<div class="scroll"><table class="sensitivity">
<caption>${esc(runs.length > 1 ? `${caption} (${k + 1} of ${runs.length})` : caption)}</caption>
<thead><tr><th scope="col">Metric</th>${head}${last ? `<th scope="col">Fitted, per +${esc(stepText(first.step))}</th>` : ''}</tr></thead>
<tbody>
${body}
</tbody></table></div>`;
    });
    const sentences = g.map((row) => `<li>${esc(slopeSentence(r, row))}</li>`).join('');
    return `<h3>${esc(heading)}</h3>
${tables.join('\n')}
<ul class="sentences">${sentences}</ul>`;
  });
  return `<section id="sensitivity">
<h2>Sensitivity</h2>
<p class="definition">${esc(
    'How much each metric changes per step of a numeric factor, other factors held fixed. Each column is the change between two consecutive values; the last is the slope of a line fitted through all values (weighted least squares, each cell weighted by the inverse variance of its estimate), per step. Shares change in percentage points. Brackets: 95% intervals, which treat cells as independent; with common random numbers they are conservative. The numbers are in sensitivity.csv.',
  )}</p>
${parts.join('\n')}
${all.length > SENSITIVITY_GROUPS ? `<p>${esc(`The first ${SENSITIVITY_GROUPS} of ${all.length} combinations of a factor and the others' values; sensitivity.csv has every one.`)}</p>` : ''}
</section>`;
}

/**
 * sensitivity.csv, line by line (each with its newline): one row per factor × combination × metric ×
 * step between consecutive values. An experiment of 10,000 cells has some 280,000 (65 MB): the report
 * writes them as they are made (writeFileAtomic takes the lines) instead of holding the file whole.
 */
export function* sensitivityCsvLines(r: Results, rows: readonly SensitivityRow[] = sensitivityRows(r)): Generator<string> {
  const head = ['factor', 'others', 'metric', 'side', 'side_name', 'kind', 'from', 'to', 'change', 'change_lo', 'change_hi', 'step', 'slope_per_step', 'slope_lo', 'slope_hi'];
  yield `${head.join(',')}\n`;
  for (const row of rows) {
    const others = othersLabel(row.others);
    for (const s of row.steps) {
      yield `${[row.factor, others, row.metric, row.side, r.sides[row.side].name, row.kind, s.from, s.to, s.change, s.lo, s.hi, row.step, row.slope?.perStep ?? '', row.slope?.lo ?? '', row.slope?.hi ?? ''].map(csvField).join(',')}\n`;
    }
  }
}
