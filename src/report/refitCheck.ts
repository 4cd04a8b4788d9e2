/**
 * The report of `volley refit check`: a self-contained HTML table (no scripts, works offline) and the
 * summary table the command prints. One row per exception.
 */
import type { ExceptionResult, RefitCheckResults } from '../sim/pairedRefit.js';
import type { PairedDifference } from '../stats/paired.js';
import { escapeHtml } from './html.js';

export const NO_EFFECT = 'no measurable effect in these scenarios';
export const LARGEST = 'largest effects';

/** Signed percentage points with the interval, e.g. "+3.1 (+1.2..+5.0)"; counts stay counts. */
function diffText(d: PairedDifference | null, percent: boolean): string {
  if (!d) return '—';
  const f = (x: number) => {
    const v = percent ? 100 * x : x;
    const s = v.toFixed(percent ? 1 : 2);
    return v > 0 ? `+${s}` : Math.abs(v) < 5e-10 ? (percent ? '0.0' : '0.00') : s;
  };
  return `${f(d.mean)} (${f(d.lo)}..${f(d.hi)})`;
}

export function exceptionSubject(x: ExceptionResult): string {
  if (x.unit !== null) return x.unit;
  if (x.list === 'armies') return `army ${x.sideName}`;
  return `${x.list === 'formations' ? 'formation' : 'leader'} ${x.target ?? ''}`;
}

function entryName(x: ExceptionResult): string {
  return `${x.list}[${x.ruleIndex}]`;
}

const fmt = (v: unknown) => (v === null || v === undefined ? 'default' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

function flagsOf(x: ExceptionResult): string[] {
  const out: string[] = [];
  if (x.noMeasurableEffect) out.push(NO_EFFECT);
  if (x.largestEffect) out.push(LARGEST);
  return out;
}

export function refitCheckHtml(r: RefitCheckResults): string {
  const rows = r.exceptions
    .map(
      (x) => `<tr class="${x.largestEffect ? 'largest' : x.noMeasurableEffect ? 'none' : ''}">
<td>${escapeHtml(x.scenario)}</td><td>${escapeHtml(entryName(x))}</td><td>${escapeHtml(exceptionSubject(x))}</td><td>${escapeHtml(x.sideName)}</td>
<td>${escapeHtml(x.field)}</td><td>${escapeHtml(fmt(x.value))} vs ${escapeHtml(fmt(x.defaultValue))}</td><td>${escapeHtml(x.note ?? '')}</td>
<td class="n">${escapeHtml(diffText(x.retreated, true))}</td><td class="n">${escapeHtml(diffText(x.eliminated, true))}</td>
<td class="n">${escapeHtml(diffText(x.checksFailed, false))}</td><td class="n">${escapeHtml(diffText(x.sideWon, true))}</td>
<td>${escapeHtml(flagsOf(x).join('; '))}</td></tr>`,
    )
    .join('\n');
  const warnings = r.warnings.length ? `<h2>Warnings</h2><ul>${r.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>refit check: ${escapeHtml(r.refit.name)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:14px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.largest{background:#fff3cd}
tr.none{color:#777}
</style></head><body>
<h1>Refit check: ${escapeHtml(r.refit.title ?? r.refit.name)}</h1>
<p>Refit <code>${escapeHtml(r.refit.file)}</code> (default morale ${r.refit.defaultMorale}) on ${r.scenarios.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')};
${r.engagements} engagements per exception and scenario, seed ${escapeHtml(String(r.seed))}, common random numbers.</p>
<p>${escapeHtml(r.method)} Rates and the side's wins are in percentage points; failed morale checks in checks per engagement.
Rows marked “${NO_EFFECT}” have every interval containing 0; “${LARGEST}” are the ${3} largest differences in the side's win rate that can be told from zero.</p>
<table><thead><tr><th>scenario</th><th>entry</th><th>unit</th><th>side</th><th>field</th><th>value vs default</th><th>note</th>
<th>retreat rate</th><th>elimination rate</th><th>failed checks</th><th>side wins</th><th>flags</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${warnings}
</body></html>
`;
}

/** Plain-text table for the terminal. */
export function refitCheckTable(r: RefitCheckResults): string {
  const head = ['scenario', 'unit', 'field', 'value', 'retreat pp', 'elim pp', 'fails', 'side wins pp', 'flags'];
  const body = r.exceptions.map((x) => [
    x.scenario.replace(/^.*\//, '').replace(/\.scenario\.yaml$/, ''),
    exceptionSubject(x),
    x.field,
    `${fmt(x.value)} vs ${fmt(x.defaultValue)}`,
    diffText(x.retreated, true),
    diffText(x.eliminated, true),
    diffText(x.checksFailed, false),
    diffText(x.sideWon, true),
    flagsOf(x).join('; '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
