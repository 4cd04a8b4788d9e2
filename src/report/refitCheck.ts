/**
 * The report of `volley refit check`: a self-contained HTML page (no scripts, works offline) with a
 * table per exception and per standard duel and their charts, the charts' files and CSVs, and the
 * summary table the command prints.
 */
import { csvField } from '../results/rows.js';
import { REFIT_CHECK_PAGE, type DuelResult, type ExceptionResult, type RefitCheckResults } from '../results/refitCheck.js';
import type { PairedDifference } from '../stats/paired.js';
import { duelLabel, refitDuelsSpec, refitEffectsSpec } from './charts/refit.js';
import { ReportFiles } from './files.js';
import { escapeHtml } from '../results/html.js';
import { shellWord, VOLLEY_COMMAND } from '../core/command.js';

export const NO_EFFECT = 'no measurable effect in these scenarios';

/** The terms of the page, in plain words. */
const REFIT_GLOSSARY: [string, string][] = [
  ['Exception', 'One value the refit sets that differs from the default: one rule on one unit it matches (per field), or one formation, army or leader entry.'],
  ['Common random numbers', 'Both versions of an engagement are played with the same dice (the same seed, cell key and index), so the difference between them comes from the exception, not from luck.'],
  ['Paired difference', 'For each engagement, the figure with the exception minus the figure without it; the table gives their mean with a 95% interval (normal approximation, mean ± 1.96·s/√n).'],
  ['Retreat rate, elimination rate', 'The share of engagements in which the unit retreated at least once, or was eliminated; differences are in percentage points.'],
  ['Failed checks', 'Morale checks (2.3) the unit failed per engagement.'],
  ["Side's wins", 'The share of engagements the side of the unit (or of the formation, army or leader) won.'],
  [NO_EFFECT.charAt(0).toUpperCase() + NO_EFFECT.slice(1), 'Every interval of the exception contains 0: with this many engagements its effect cannot be told from none. More engagements (-n) narrow the intervals.'],
  ['Largest effects', "The exceptions with the largest differences in the side's wins that can be told from 0 (at most 3)."],
  ['Standard duel', 'The unit alone against a standard line infantry unit in clear terrain, assaulting and assaulted, neither side retreating by choice: the counter’s rating in isolation, as rated and at the refit’s defaults on the same dice.'],
  ['Wilson interval', 'The 95% interval of a share (the duels’ wins, retreats and eliminations); it stays inside 0-100% even for rare events.'],
];
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
  const duelRows = r.duels
    .map((d) => {
      const pct = (p: { p: number }) => `${(100 * p.p).toFixed(1)}%`;
      const f = (x: DuelResult['figuresRated']) => `<td class="n">${pct(x.sideWon)}</td><td class="n">${pct(x.retreated)}</td><td class="n">${pct(x.eliminated)}</td>`;
      return `<tr class="${d.difference.sideWon.containsZero ? 'none' : ''}"><td>${escapeHtml(duelLabel(d))}</td><td>${d.role === 'attacking' ? 'assaults' : 'defends'}</td>
${f(d.figuresRated)}${f(d.figuresAtDefaults)}<td class="n">${escapeHtml(diffText(d.difference.sideWon, true))}</td><td class="n">${escapeHtml(diffText(d.difference.retreated, true))}</td></tr>`;
    })
    .join('\n');
  const duels = r.duels.length
    ? `<h2 id="duels">Standard duels</h2>
<p>${escapeHtml(r.duelDescription ?? '')} Each duel is played with the unit as the refit rates it and at the
refit's defaults (${escapeHtml(r.refit.defaults)}, the scenario's own other values) on the same dice: the difference is the rating's worth in isolation.
“Wins” is the share of duels the unit's side wins; the rest are the standard unit's wins and draws (both eliminated, or both
retreating, in the same round). Units with the same counter share a duel. A unit without exceptions duels as the “at defaults”
columns of a unit of its kind and strength.</p>
${chartFigure('refit-duels', 'Standard duels')}
<table><thead><tr><th rowspan="2">unit</th><th rowspan="2">duel</th><th colspan="3">as rated</th><th colspan="3">at defaults</th><th colspan="2">difference (points)</th></tr>
<tr><th>wins</th><th>retreats</th><th>eliminated</th><th>wins</th><th>retreats</th><th>eliminated</th><th>wins</th><th>retreats</th></tr></thead>
<tbody>
${duelRows}
</tbody></table>
<p class="files">Numbers: <a href="duels.csv">duels.csv</a></p>`
    : '';
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
figure{margin:1em 0}figure img{max-width:100%}
.files{font-size:13px;color:#555}
</style></head><body>
<h1>Refit check: ${escapeHtml(r.refit.title ?? r.refit.name)}</h1>
<p>Refit <code>${escapeHtml(r.refit.file)}</code> (${escapeHtml(r.refit.defaults)}) on ${r.scenarios.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')};
${r.engagements} engagements per exception and scenario, seed ${escapeHtml(String(r.seed))}, common random numbers.</p>
<p>${escapeHtml(r.method)} Rates and the side's wins are in percentage points; failed morale checks in checks per engagement.
Rows marked “${NO_EFFECT}” have every interval containing 0; “${LARGEST}” are the ${3} largest differences in the side's win rate that can be told from zero.</p>
<table><thead><tr><th>scenario</th><th>entry</th><th>unit</th><th>side</th><th>field</th><th>value vs default</th><th>note</th>
<th>retreat rate</th><th>elimination rate</th><th>failed checks</th><th>side wins</th><th>flags</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="files">Numbers: <a href="exceptions.csv">exceptions.csv</a></p>
${r.exceptions.length ? chartFigure('refit-effects', 'What each exception changes') : ''}
${duels}
${warnings}
<h2 id="glossary">Glossary</h2>
<dl>${REFIT_GLOSSARY.map(([t, d]) => `<dt>${escapeHtml(t)}</dt><dd>${escapeHtml(d)}</dd>`).join('')}</dl>
<h2 id="provenance">Provenance</h2>
<p class="files">volley ${escapeHtml(r.volleyVersion)} · refit <code>${escapeHtml(r.refit.file)}</code> · scenarios ${r.scenarios.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}
· seed ${escapeHtml(String(r.seed))} · ${r.engagements.toLocaleString('en-GB')} engagements per exception and per duel · common random numbers (cell key <code>cell</code>).
Replay: <code>${escapeHtml(`${VOLLEY_COMMAND} refit check ${shellWord(r.refit.file)} ${r.scenarios.map((s) => `--scenario ${shellWord(s)}`).join(' ')} -n ${r.engagements} --seed ${shellWord(String(r.seed))}`)}</code></p>
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
  return textTable(head, body);
}

function textTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Plain-text table of the standard duels: the unit's wins as rated, at defaults, and the difference. */
export function refitDuelsTable(r: RefitCheckResults): string {
  const pct = (p: { p: number }) => `${(100 * p.p).toFixed(1)}%`;
  const head = ['standard duel', 'unit', 'wins as rated', 'at defaults', 'difference pp'];
  const body = r.duels.map((d) => [d.role === 'attacking' ? 'assaults' : 'defends', duelLabel(d), pct(d.figuresRated.sideWon), pct(d.figuresAtDefaults.sideWon), diffText(d.difference.sideWon, true)]);
  return textTable(head, body);
}

/** A chart of the page: its SVG inline as an image, and links to its files. */
function chartFigure(name: string, alt: string): string {
  return `<figure><img src="${name}.svg" alt="${escapeHtml(alt)}"></figure>
<p class="files">Files: <a href="${name}.png">PNG</a> · <a href="${name}.svg">SVG</a> · <a href="${name}.vl.json">Vega-Lite spec</a> · <a href="${name}.csv">data (CSV)</a></p>`;
}

/** exceptions.csv: one row per exception, the paired differences as fractions (not points). */
export function exceptionsCsv(r: RefitCheckResults): string {
  const head = ['scenario', 'entry', 'subject', 'side', 'side_name', 'field', 'value', 'default_value', 'note', 'n'];
  const figs = ['retreated', 'eliminated', 'checksFailed', 'sideWon'] as const;
  for (const f of figs) head.push(`${f}_diff`, `${f}_lo`, `${f}_hi`);
  head.push('no_measurable_effect', 'largest_effect');
  const lines = [head.join(',')];
  for (const x of r.exceptions) {
    const row: unknown[] = [x.scenario, entryName(x), exceptionSubject(x), x.side, x.sideName, x.field, x.value, x.defaultValue, x.note, x.n];
    for (const f of figs) row.push(x[f]?.mean ?? '', x[f]?.lo ?? '', x[f]?.hi ?? '');
    row.push(x.noMeasurableEffect, x.largestEffect);
    lines.push(row.map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** duels.csv: one row per unit and duel (assaults, defends), both versions and the differences. */
export function duelsCsv(r: RefitCheckResults): string {
  const head = ['units', 'scenario', 'role', 'kind', 'strength', 'morale', 'flags', 'default_morale', 'n'];
  const figs = ['sideWon', 'retreated', 'eliminated'] as const;
  for (const v of ['rated', 'defaults']) for (const f of figs) head.push(`${f}_${v}`, `${f}_${v}_lo`, `${f}_${v}_hi`);
  for (const f of [...figs, 'checksFailed'] as const) head.push(`${f}_diff`, `${f}_diff_lo`, `${f}_diff_hi`);
  const lines = [head.join(',')];
  for (const d of r.duels) {
    const u = d.rated;
    const row: unknown[] = [d.units.join(' '), d.scenario, d.role, u.kind ?? 'infantry', u.strength, u.morale, ((u.flags as string[] | undefined) ?? []).join(' '), d.atDefaults.morale, d.n];
    for (const v of [d.figuresRated, d.figuresAtDefaults]) for (const f of figs) row.push(v[f].p, v[f].lo, v[f].hi);
    for (const f of [...figs, 'checksFailed'] as const) row.push(d.difference[f].mean, d.difference[f].lo, d.difference[f].hi);
    lines.push(row.map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Write the page, the charts (spec, SVG, PNG, CSV) and the CSVs into `dir`; returns the files. */
export async function writeRefitReport(r: RefitCheckResults, dir: string): Promise<string[]> {
  const files = new ReportFiles(dir);
  if (r.exceptions.length) await files.chart('refit-effects', refitEffectsSpec(r));
  if (r.duels.length) await files.chart('refit-duels', refitDuelsSpec(r));
  files.put('exceptions.csv', exceptionsCsv(r));
  if (r.duels.length) files.put('duels.csv', duelsCsv(r));
  files.put(REFIT_CHECK_PAGE, refitCheckHtml(r));
  return files.written;
}
