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
import { recordReport } from './manifest.js';
import { escapeHtml } from '../results/html.js';
import { refitChangesHtml } from './refitChanges.js';
import { shellWord, VOLLEY_COMMAND } from '../core/command.js';
import { signed } from './words.js';

export const NO_EFFECT = 'no measurable effect in these scenarios';

/** The terms of the page, in plain words. */
const REFIT_GLOSSARY: [string, string][] = [
  ['Exception', 'One value the refit sets that differs from the default: one rule on one unit it matches (per field), or one formation, army or leader entry.'],
  ['Common random numbers', 'Both versions of an engagement are played with the same dice (the same seed, cell key and index), so the difference between them comes from the exception, not from luck.'],
  ['Paired difference', 'For each engagement, the figure with the exception minus the figure without it; the table gives their mean with a 95% interval (normal approximation, mean ± 1.96·s/√n).'],
  ['Retreat rate, elimination rate', 'The share of engagements in which the unit retreated at least once, or was eliminated; differences are in percentage points.'],
  ['Failed checks', 'Morale checks (tests) the unit failed per engagement, as its rule system takes them (Age of Rifles 2.3).'],
  ["Side's wins", 'The share of engagements the side of the unit (or of the formation, army or leader) won.'],
  [NO_EFFECT.charAt(0).toUpperCase() + NO_EFFECT.slice(1), 'Every interval of the exception contains 0: with this many engagements its effect cannot be told from none. More engagements (-n) narrow the intervals.'],
  ['Largest effects', "The exceptions with the largest differences in the side's wins that can be told from 0 (at most 3)."],
  ['Standard duel', 'The unit alone against a standard line infantry unit in clear terrain, assaulting and assaulted, neither side retreating by choice: the counter’s rating in isolation, as rated and at the refit’s defaults on the same dice.'],
  ['Units each exception moves', 'Every unit of both sides whose retreat or elimination rate the exception moves by more than the interval: who holds, retreats or is eliminated instead. The intervals are Bonferroni-adjusted over the exception’s 2 × units figures, so that where nobody is moved the list is empty 95% of the time.'],
  ['Wilson interval', 'The 95% interval of a share (the duels’ wins, retreats and eliminations); it stays inside 0-100% even for rare events.'],
];
export const LARGEST = 'largest effects';

/** Signed percentage points with the interval, e.g. "+3.1 [+1.2, +5.0]", "−2.0 [−3.1, −0.9]"; counts stay counts. */
function diffText(d: PairedDifference | null, percent: boolean): string {
  if (!d) return '—';
  const f = (x: number) => signed(percent ? 100 * x : x, percent ? 1 : 2);
  return `${f(d.mean)} [${f(d.lo)}, ${f(d.hi)}]`;
}

/** A file path that may break after its slashes and before its dots, not inside a word. */
const pathBreaks = (html: string) => html.replace(/\/|\.(?=[a-z])/g, (m) => (m === '/' ? '/<wbr>' : '<wbr>.'));

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

/** The page's header row of the exceptions' table, each column's meaning as its tooltip (an exception's note is a row of its own under it). */
function exceptionHeads(): string {
  const th = (text: string, means: string) => `<th title="${escapeHtml(means)}">${escapeHtml(text)}</th>`;
  const [scenario, unit, ...rest] = EXCEPTION_COLUMNS;
  return [
    th(scenario.html, scenario.means),
    th('entry', 'the entry of the refit: its list and index'),
    th(unit.html, unit.means),
    th('side', "the unit's side"),
    th(rest[0].html, rest[0].means),
    th(rest[1].html, rest[1].means),
    ...rest.slice(2).map((c) => th(c.html, c.means)),
  ].join('');
}

/** The page's table of the units each exception moves, both sides. */
function unitEffectsHtml(r: RefitCheckResults): string {
  if (!r.exceptions.some((x) => x.unitsWatched > 0)) return '';
  const rows = r.exceptions
    .flatMap((x) => {
      const name = escapeHtml(exceptionWords(x));
      if (!x.unitEffects.length) return [`<tr class="none"><td>${name}</td><td colspan="6">no unit moved beyond its interval</td></tr>`];
      return x.unitEffects.map(
        (e, i) =>
          `<tr>${i === 0 ? `<td rowspan="${x.unitEffects.length}">${name}</td>` : ''}<td>${escapeHtml(e.unit)}${e.rated ? ' <em>(rated)</em>' : ''}</td><td>${escapeHtml(e.sideName)}</td><td>${e.figure}</td>` +
          `<td class="n">${pct1(e.without)}</td><td class="n">${pct1(e.with)}</td><td class="n">${escapeHtml(pointsText(e.difference))}</td></tr>`,
      );
    })
    .join('\n');
  const th = (text: string, means: string) => `<th title="${escapeHtml(means)}">${escapeHtml(text)}</th>`;
  return `<h2 id="units">Units each exception moves</h2>
<p>An exception on one unit changes what happens to the others: a battalion that holds longer may leave its neighbour to be eliminated. ${escapeHtml(effectsNote(r))}</p>
<table><thead><tr>${th('exception', 'the unit, the field, its value vs the value without it')}${th('unit', 'a unit of either side; (rated): the unit the exception rates')}${th('side', "the unit's side")}${th('figure', 'retreated: the unit retreated at least once; eliminated: the unit was eliminated')}${th('without', 'share of engagements, without the exception')}${th('with', 'share of engagements, with the exception')}${th('difference', 'with minus without, percentage points [simultaneous interval]')}</tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="files">Numbers: <a href="unit-effects.csv">unit-effects.csv</a></p>`;
}

/** unit-effects.csv: one row per exception and unit it moves; shares and differences as fractions. */
export function unitEffectsCsv(r: RefitCheckResults): string {
  const head = ['scenario', 'entry', 'subject', 'field', 'value', 'default_value', 'unit', 'rated', 'side', 'side_name', 'figure', 'without', 'with', 'diff', 'lo', 'hi', 'level'];
  const lines = [head.join(',')];
  for (const x of r.exceptions) {
    for (const e of x.unitEffects) {
      lines.push([x.scenario, entryName(x), exceptionSubject(x), x.field, x.value, x.defaultValue, e.unit, e.rated, e.side, e.sideName, e.figure, e.without, e.with, e.difference.mean, e.difference.lo, e.difference.hi, x.unitEffectsLevel].map(csvField).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

export function refitCheckHtml(r: RefitCheckResults): string {
  const rows = r.exceptions
    .map(
      (x) => `<tr class="${x.largestEffect ? 'largest' : x.noMeasurableEffect ? 'none' : ''}">
<td>${pathBreaks(escapeHtml(x.scenario))}</td><td>${escapeHtml(entryName(x))}</td><td>${escapeHtml(exceptionSubject(x))}</td><td>${escapeHtml(x.sideName)}</td>
<td>${escapeHtml(x.field)}</td><td>${escapeHtml(fmt(x.value))} vs ${escapeHtml(fmt(x.defaultValue))}</td>
<td class="n">${escapeHtml(diffText(x.retreated, true))}</td><td class="n">${escapeHtml(diffText(x.eliminated, true))}</td>
<td class="n">${escapeHtml(diffText(x.checksFailed, false))}</td><td class="n">${escapeHtml(diffText(x.sideWon, true))}</td>
<td>${escapeHtml(flagsOf(x).join('; '))}</td></tr>${
        // The note reads as a sentence on a line of its own under its exception, not one word a line in a column.
        x.note ? `\n<tr class="note ${x.largestEffect ? 'largest' : x.noMeasurableEffect ? 'none' : ''}"><td></td><td colspan="10">${escapeHtml(x.note)}</td></tr>` : ''
      }`,
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
body{font-family:system-ui,sans-serif;margin:2em auto;padding:0 1em;max-width:75rem;color:#222}
p,dd{max-width:60rem}
table{border-collapse:collapse;font-size:14px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
td code{overflow-wrap:anywhere}
td.n{text-align:right;font-variant-numeric:tabular-nums}
table.exceptions td:first-child{overflow-wrap:anywhere}
table.exceptions tr:has(+ tr.note) td{border-bottom:none}
tr.note td{border-top:none;font-size:13px;color:#555;padding-top:0}
tr.largest{background:#fff3cd}
tr.none{color:#777}
th[title]{text-decoration:underline dotted;cursor:help}
dl.legend{font-size:13px;display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dl.legend dt{font-weight:600}dl.legend dd{margin:0}
tr.unnamed{background:#fdecea}
figure{margin:1em 0}figure img{max-width:100%}
.files{font-size:13px;color:#555}
</style></head><body>
<h1>Refit check: ${escapeHtml(r.refit.title ?? r.refit.name)}</h1>
<p>Refit <code>${escapeHtml(r.refit.file)}</code> (${escapeHtml(r.refit.defaults)}) on ${r.scenarios.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')};
${r.engagements} engagements per exception and scenario, seed ${escapeHtml(String(r.seed))}, common random numbers.</p>
<p>${escapeHtml(r.method)} Rates and the side's wins are in percentage points; failed morale checks in checks per engagement.
Rows marked “${NO_EFFECT}” have every interval containing 0; “${LARGEST}” are the ${3} largest differences in the side's win rate that can be told from zero.</p>
${r.changes.length ? `<h2 id="changes">What the refit changes</h2>\n<p>Each value the refit sets that differs from the scenario's own, before anything is played: the exceptions below are measured against the refit's defaults, and this is the baseline they share. Rows shaded are set by the refit's defaults on units no rule names.</p>\n${refitChangesHtml(r.changes)}` : ''}
<h2 id="exceptions">What each exception changes</h2>
<table class="exceptions"><thead><tr>${exceptionHeads()}</tr></thead>
<tbody>
${rows}
</tbody></table>
<dl class="legend">${EXCEPTION_COLUMNS.slice(3).map((c) => `<dt>${escapeHtml(c.html)}</dt><dd>${escapeHtml(c.means)}</dd>`).join('')}</dl>
<p class="files">Numbers: <a href="exceptions.csv">exceptions.csv</a></p>
${unitEffectsHtml(r)}
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

/**
 * The columns of the exceptions' table: the console's header, the page's, and what each means (the
 * console's legend and the page's header tooltips say the same).
 */
export const EXCEPTION_COLUMNS: readonly { text: string; html: string; means: string }[] = [
  { text: 'scenario', html: 'scenario', means: 'the scenario the exception is played in' },
  { text: 'unit', html: 'unit', means: 'the unit the exception rates (or the formation, army or leader it sets)' },
  { text: 'field', html: 'field', means: 'the value the exception sets' },
  { text: 'value', html: 'value vs default', means: "the exception's value vs the value without it (the refit's default, or the scenario's own)" },
  { text: 'retreats pp', html: 'retreat rate', means: 'change in the share of engagements in which the unit retreated at least once, in percentage points (with minus without)' },
  { text: 'eliminated pp', html: 'elimination rate', means: 'change in the share of engagements in which the unit was eliminated, in percentage points' },
  { text: 'failed checks', html: 'failed checks', means: "change in the unit's failed morale checks per engagement" },
  { text: 'side wins pp', html: 'side wins', means: "change in the share of engagements its side won, in percentage points" },
  { text: 'flags', html: 'flags', means: `"${NO_EFFECT}": every interval contains 0; "${LARGEST}": among the 3 largest side-win changes told from 0` },
];

/** The legend under the console table: one line per column that needs one. */
function columnLegend(): string {
  const w = Math.max(...EXCEPTION_COLUMNS.map((c) => c.text.length));
  return [
    'Each figure: the mean of (with the exception minus without it) over engagements played on the same dice, and its 95% interval (lo..hi).',
    ...EXCEPTION_COLUMNS.slice(3).map((c) => `  ${c.text.padEnd(w)}  ${c.means}`),
  ].join('\n');
}

/** A share in percent, one decimal. */
const pct1 = (p: number) => `${(100 * p).toFixed(1)}%`;

/** A paired difference in points with its interval in brackets: "+48.0 [+41.2, +54.8]". */
function pointsText(d: PairedDifference): string {
  const f = (x: number) => signed(100 * x, 1);
  return `${f(d.mean)} [${f(d.lo)}, ${f(d.hi)}]`;
}

/** An exception in a few words: "Stein-IR-12-I morale 6 vs 4". */
export function exceptionWords(x: ExceptionResult): string {
  return `${exceptionSubject(x)} ${x.field} ${fmt(x.value)} vs ${fmt(x.defaultValue)}`;
}

/** The level of the unit effects' intervals, in words ("99.87%"). */
const levelText = (level: number) => `${(100 * level).toFixed(level > 0.999 ? 3 : 2).replace(/0+$/, '').replace(/\.$/, '')}%`;

/** What the units-moved tables say of their intervals. */
function effectsNote(r: RefitCheckResults): string {
  const x = r.exceptions.find((e) => e.unitsWatched > 0);
  if (!x) return '';
  return (
    `Every unit of both sides is watched in every exception's engagements; a unit is listed where the exception moves its retreat or elimination rate by more than the interval. ` +
    `The intervals are Bonferroni-adjusted over the exception's 2 x ${x.unitsWatched} figures (${levelText(x.unitEffectsLevel)} each), so that with no effect anywhere a list is empty 95% of the time.`
  );
}

/** Plain-text table of the units each exception moves: who takes the eliminations instead. */
export function refitUnitEffectsTable(r: RefitCheckResults): string {
  const head = ['exception', 'unit', 'side', 'figure', 'without', 'with', 'difference pp [interval]'];
  const body: string[][] = [];
  for (const x of r.exceptions) {
    const name = exceptionWords(x);
    if (x.unitEffects.length === 0) body.push([name, '(no unit moved beyond its interval)', '', '', '', '', '']);
    x.unitEffects.forEach((e, i) => body.push([i === 0 ? name : '', `${e.unit}${e.rated ? ' (rated)' : ''}`, e.sideName, e.figure, pct1(e.without), pct1(e.with), pointsText(e.difference)]));
  }
  return `Units each exception moves, both sides (retreated / eliminated: share of engagements without and with it):\n${textTable(head, body)}\n${wrap(effectsNote(r), 110)}`;
}

/** Text wrapped at `width` columns. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** Plain-text table for the terminal, with the legend of its columns. */
export function refitCheckTable(r: RefitCheckResults): string {
  const head = EXCEPTION_COLUMNS.map((c) => c.text);
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
  return `${textTable(head, body)}\n${columnLegend()}`;
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
  // Both charts in one call: the fonts are cut once for the two.
  await files.charts([
    ...(r.exceptions.length ? [{ name: 'refit-effects', spec: refitEffectsSpec(r) }] : []),
    ...(r.duels.length ? [{ name: 'refit-duels', spec: refitDuelsSpec(r) }] : []),
  ]);
  files.put('exceptions.csv', exceptionsCsv(r));
  files.put('unit-effects.csv', unitEffectsCsv(r));
  if (r.duels.length) files.put('duels.csv', duelsCsv(r));
  files.put(REFIT_CHECK_PAGE, refitCheckHtml(r));
  // A check without duels has no duels chart or table: an earlier check's are removed.
  recordReport(dir, files.written);
  return files.written;
}
