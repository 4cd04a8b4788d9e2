/**
 * The report page: one self-contained HTML file that works offline. Vega, Vega-Lite and vega-embed are
 * inlined; so are the chart specs, with their data. Everything else is escaped text.
 */
import type { TopLevelSpec } from 'vega-lite';
import { refitChangesHtml } from './refitChanges.js';
import type { Results } from '../results/results.js';
import { chartCsv } from './chartCsv.js';
import { HISTORY_CHART, historySection } from './history.js';
import { robustnessSection } from './robustness.js';
import { answerHtml } from './question.js';
import type { HistogramSummary } from '../stats/histogram.js';
import { wilson, type Proportion } from '../stats/intervals.js';
import { extraRows, isBattle, type ExtraValue } from './extras.js';
import { balanceOf } from '../results/balance.js';
import { glossaryFor } from './glossary.js';
import { cellNames, factorTitle, formatValue, outcomeLabel, turnsWord } from './labels.js';
import { engagementsRange, points, precisionSection } from './precision.js';
import { sensitivitySection } from './sensitivity.js';
import { FOREST_CHART } from './charts/forest.js';
import { chartsEveryCell, MAX_CELLS_CHARTED } from './charts/index.js';
import { variantsSection } from './variants.js';
import { allCellsSection, CELLS_CSS, rankCells } from './manyCells.js';
import { CELL_COLUMNS_FILE } from '../results/columns.js';
import { inColumns } from '../results/store.js';
import { columnRuns, runCaption } from './wrap.js';

export interface PageChart {
  name: string;
  heading: string;
  definition: string;
  /** Lines under the definition, each of a kind (a rule system's way of counting), set as a list. */
  notes?: readonly string[];
  spec: TopLevelSpec;
}

/** The minified builds, as read from node_modules. */
export interface Libraries {
  vega: string;
  vegaLite: string;
  vegaEmbed: string;
}

import { escapeHtml } from '../results/html.js';
import { count, counted, interval, playedOn, possessive, signed } from './words.js';
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
import { shellWord, VOLLEY_COMMAND } from '../core/command.js';
export { escapeHtml };

import { inlineJson, inlineScript } from './inline.js';
export { inlineJson, inlineScript };

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const share = (s: Pick<Proportion, 'p' | 'lo' | 'hi'>) => `${pct(s.p)} <span class="ci">[${(100 * s.lo).toFixed(1)}, ${(100 * s.hi).toFixed(1)}]</span>`;
const mean = (h: Pick<HistogramSummary, 'mean' | 'lo' | 'hi'>, digits = 2) =>
  `${h.mean.toFixed(digits)} <span class="ci">[${Math.max(0, h.lo).toFixed(digits)}, ${h.hi.toFixed(digits)}]</span>`;

interface Row {
  label: string;
  cells: string[];
  /** Plain words under the label (escaped text). */
  definition?: string;
  /** A heading row across the table, before this row (escaped text). */
  group?: string;
}

/** Whether any cell has a figure other than zero: rows of things that never happen are left out. */
const anyNonZero = (cs: readonly Results['cells'][number]['summary'][], f: (s: Results['cells'][number]['summary']) => number) => cs.some((s) => f(s) !== 0);

function summaryRows(r: Results): Row[] {
  const cs = r.cells.map((c) => c.summary);
  const rows: Row[] = [];
  const add = (label: string, f: (s: (typeof cs)[number]) => string) => rows.push({ label, cells: cs.map(f) });
  const battle = isBattle(r);
  const broken = r.vocabulary.broken;
  const men = (x: { mean: number; lo: number; hi: number }) => `${count(x.mean)} <span class="ci">${interval(Math.max(0, x.lo), x.hi, count)}</span>`;
  // Cells of a run stopped at a target precision played different numbers of engagements.
  if (r.provenance.precision) add('Engagements', (s) => s.engagements.toLocaleString('en-GB'));
  for (const k of [0, 1, 2]) add(escapeHtml(outcomeLabel(r, k === 2 ? null : (k as 0 | 1))), (s) => share(s.outcome[k]));
  for (const k of [0, 1] as const) {
    const name = escapeHtml(r.sides[k].name);
    const side = (s: (typeof cs)[number]) => s.sides[k];
    if (cs.some((s) => side(s).carried)) add(`${name}: held at the end every objective it attacked`, (s) => (side(s).carried ? share(side(s).carried!) : '—'));
    if (battle) add(`${name}: victory points`, (s) => mean(side(s).victoryPoints));
    add(`${name}: strength lost`, (s) => `${mean(side(s).strengthLost)} <span class="of">of ${count(side(s).startStrength.mean)}</span>`);
    if (anyNonZero(cs, (s) => side(s).startMen?.mean ?? 0)) {
      add(`${name}: men lost`, (s) => `${men(side(s).menLost)} <span class="of">of ${Math.round(side(s).startMen.mean).toLocaleString('en-GB')}</span>`);
      if (cs.some((s) => side(s).menLostFraction)) add(`${name}: men lost, share of its strength`, (s) => (side(s).menLostFraction ? share({ p: side(s).menLostFraction!.mean, lo: Math.max(0, side(s).menLostFraction!.lo), hi: side(s).menLostFraction!.hi }) : '—'));
      if (cs.some((s) => side(s).casualties.mean !== side(s).menLost.mean)) add(`${name}: of them killed and wounded`, (s) => men(side(s).casualties));
    }
    add(`${name}: steps lost`, (s) => mean(side(s).stepsLost));
    add(`${name}: units eliminated`, (s) => mean(side(s).unitsEliminated));
    add(`${name}: forced retreats`, (s) => mean(side(s).retreatsForced));
    add(`${name}: voluntary retreats`, (s) => mean(side(s).retreatsVoluntary));
    if (anyNonZero(cs, (s) => side(s).routs?.mean ?? 0)) add(`${name}: routs`, (s) => mean(side(s).routs));
    add(`${name}: any unit retreated`, (s) => share(side(s).retreatRate));
    add(`${name}: disruptions`, (s) => mean(side(s).disruptions));
    add(`${name}: morale checks failed`, (s) => `${share(side(s).moraleChecks.failRate)} <span class="of">of ${count(side(s).moraleChecks.taken)}</span>`);
    if (anyNonZero(cs, (s) => side(s).chargesDeclared?.mean ?? 0)) {
      add(`${name}: charges declared`, (s) => mean(side(s).chargesDeclared));
      add(`${name}: charges that went home`, (s) => mean(side(s).chargesHome));
      add(`${name}: charges won`, (s) => mean(side(s).chargesWon));
    }
    if (anyNonZero(cs, (s) => side(s).squaresFormed?.mean ?? 0)) add(`${name}: squares formed`, (s) => mean(side(s).squaresFormed));
    if (battle) {
      add(`${name}: army ${escapeHtml(broken)}`, (s) => share(side(s).armyBroken));
      // Formations are matched by id: every cell of a run has the same formations.
      for (const f of (cs[0].formations ?? []).filter((x) => x.side === k)) {
        const cell = (s: (typeof cs)[number]) => (s.formations ?? []).find((x) => x.id === f.id);
        add(`${name}: ${escapeHtml(f.name)} ${escapeHtml(broken)}`, (s) => {
          const x = cell(s);
          return x ? share(x.broken) : '—';
        });
      }
    }
  }
  for (const k of [0, 1] as const) {
    if (anyNonZero(cs, (s) => s.sides[k].leadersLost?.mean ?? 0)) add(`${escapeHtml(r.sides[k].name)}: leaders lost`, (s) => mean(s.sides[k].leadersLost));
  }
  add(capital(turnsWord(r)), (s) => mean(s.turns));
  if (anyNonZero(cs, (s) => s.minutes?.mean ?? 0)) add('Hours of fighting', (s) => mean({ mean: s.minutes.mean / 60, lo: s.minutes.lo / 60, hi: s.minutes.hi / 60 }));
  return rows;
}

function reasonRows(r: Results): Row[] {
  const keys: { side: 0 | 1 | null; reason: string }[] = [];
  for (const c of r.cells) for (const x of c.summary.reasons) if (!keys.some((k) => k.side === x.side && k.reason === x.reason)) keys.push(x);
  const label = (reason: string) => r.vocabulary.outcomes.find((o) => o.id === reason)?.label ?? reason;
  return keys.map((k) => ({
    label: `${escapeHtml(outcomeLabel(r, k.side))}: ${escapeHtml(label(k.reason))}`,
    cells: r.cells.map((c) => {
      const x = c.summary.reasons.find((y) => y.side === k.side && y.reason === k.reason);
      return share(x ?? wilson(0, c.summary.engagements));
    }),
  }));
}

/** Balance figures (src/results/balance.ts) per cell: who the scenario favours, draws, decisiveness, duration. */
function balanceRows(r: Results): Row[] {
  const timeLimit = new Set(r.vocabulary.outcomes.filter((o) => o.timeLimit).map((o) => o.id));
  const bs = r.cells.map((c) => balanceOf(c.summary, timeLimit, r.turns));
  const [a, d] = [r.sides[0].name, r.sides[1].name];
  const points = (v: number) => signed(v, 1);
  return [
    {
      label: escapeHtml(`Advantage of ${a}`),
      definition: `${possessive(a)} share of wins minus ${possessive(d)}, in percentage points, with its 95% interval: 0 is a balanced scenario.`,
      cells: bs.map((b) => `${points(b.advantage.points)} <span class="ci">[${points(b.advantage.lo)}, ${points(b.advantage.hi)}]</span>`),
    },
    {
      label: 'Favoured',
      definition: 'The side the interval of the advantage says the scenario favours, or neither.',
      cells: bs.map((b) => escapeHtml(b.favoured === null ? 'neither (balanced within the interval)' : r.sides[b.favoured].name)),
    },
    { label: 'Drawn', cells: bs.map((b) => share(b.draws)) },
    { label: 'Decided', definition: 'Share of engagements something other than the turn limit ended.', cells: bs.map((b) => share(b.decided)) },
    {
      label: 'Settled at',
      definition: 'Of the decided engagements, the mean share of the turns allowed played before the decision: low is a scenario settled early.',
      cells: bs.map((b) => (b.settledAt === null ? '—' : pct(b.settledAt))),
    },
    { label: `${capital(turnsWord(r))} played`, definition: `Of ${r.turns} allowed, mean with its 95% interval.`, cells: bs.map((b) => mean({ mean: b.turns.mean, lo: b.turns.lo, hi: b.turns.hi })) },
  ];
}

function extraValue(v: ExtraValue | null, digits: number): string {
  if (v === null) return '—';
  if (v.kind === 'mean') return mean(v.h, digits);
  if (v.kind === 'share') return `${share(v.p)} <span class="of">${escapeHtml(v.of)}</span>`;
  return `${v.value.toFixed(2)} <span class="of">${escapeHtml(`${v.unit} ${v.of}`)}</span>`;
}

/**
 * The rows of the rule system's own counts with something other than zero. A definition
 * shared by both sides' rows of a metric is printed under the first of them only.
 */
function extrasTableRows(r: Results): Row[] {
  let group = '';
  let definition = '';
  return extraRows(r).map((x) => {
    // A rare event (one reaction charge in a thousand engagements) must not print as 0.00.
    const means = x.values.flatMap((v) => (v?.kind === 'mean' && v.h.mean > 0 ? [v.h.mean] : []));
    const digits = means.length && Math.min(...means) < 0.05 ? 3 : 2;
    const row: Row = { label: escapeHtml(x.label), cells: x.values.map((v) => extraValue(v, digits)) };
    if (x.definition !== definition) row.definition = definition = x.definition;
    if (x.group !== group) row.group = group = x.group;
    return row;
  });
}

/**
 * Rows hold trusted HTML built above from numbers and escaped names. More cells than fit across the
 * page wrap into several tables, each with the row labels (src/report/wrap.ts).
 */
function table(r: Results, rows: Row[], caption: string, className = ''): string {
  const names = cellNames(r);
  return columnRuns(names.labels.length)
    .map((run) => {
      const head = run.map((i) => `<th scope="col">${escapeHtml(names.labels[i])}</th>`).join('');
      const span = run.length + 1;
      const body = rows
        .map((row) => {
          const group = row.group ? `<tr class="group"><th scope="colgroup" colspan="${span}">${escapeHtml(row.group)}</th></tr>\n` : '';
          const def = row.definition ? `<span class="rowdef">${escapeHtml(row.definition)}</span>` : '';
          return `${group}<tr><th scope="row">${row.label}${def}</th>${run.map((i) => `<td>${row.cells[i]}</td>`).join('')}</tr>`;
        })
        .join('\n');
      return `<div class="scroll"><table${className ? ` class="${className}"` : ''}>
<caption>${escapeHtml(runCaption(caption, run, names.labels.length))}</caption>
<thead><tr><th scope="col">${escapeHtml(names.title)}</th>${head}</tr></thead>
<tbody>
${body}
</tbody></table></div>`;
    })
    .join('\n');
}

/** Flatten nested values to "a.b[0].c" paths, for listing and comparing options and scenarios. */
export function flatten(v: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (Array.isArray(v)) {
    if (v.length === 0) out[prefix] = [];
    v.forEach((x, i) => flatten(x, `${prefix}[${i}]`, out));
  } else if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 0 && prefix) out[prefix] = {};
    for (const k of keys) flatten((v as Record<string, unknown>)[k], prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = v;
  return out;
}

/** Paths whose value is not the same in every cell, with each cell's value. */
export function differences(values: unknown[]): { path: string; values: string[] }[] {
  const flat = values.map((v) => flatten(v));
  const paths = [...new Set(flat.flatMap((f) => Object.keys(f)))];
  return paths
    .map((path) => ({ path, values: flat.map((f) => (path in f ? formatValue(f[path]) : '—')) }))
    .filter((d) => new Set(d.values).size > 1);
}

function dl(items: [string, string][]): string {
  return `<dl class="facts">${items.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

/** The dice scheme of a run (files from before it was recorded name none: theirs was the first). */
export function diceOf(p: { dice?: string }): string {
  return p.dice ?? 'alea-mash/seed-path/1';
}

function provenance(r: Results, cellsFile: string): string {
  const p = r.provenance;
  const names = cellNames(r);
  const items: [string, string][] = [];
  if (p.experiment) items.push(['Experiment', `${escapeHtml(p.experiment.name)} <span class="file">(${escapeHtml(p.experiment.file)})</span>`]);
  if (p.experiment?.refit) items.push(['Refit', `<span class="file">${escapeHtml(p.experiment.refit)}</span>, applied to every cell`]);
  items.push(['Scenario', `${escapeHtml(p.scenario.name)} <span class="file">(${escapeHtml(p.scenario.file)})</span>`]);
  items.push(['volley version', escapeHtml(p.volley)]);
  items.push(['Dice', `<code>${escapeHtml(diceOf(p))}</code>`]);
  items.push(['Ruleset', `${escapeHtml(p.ruleset.title)} <code>${escapeHtml(p.ruleset.id)}</code>`]);
  items.push(['Seed', `<code>${escapeHtml(p.seed)}</code>`]);
  if (p.precision) {
    const pr = p.precision;
    items.push(['Engagements per cell', `${escapeHtml(engagementsRange(r))} (stopped at a target precision; ${escapeHtml(pr.engagements.toLocaleString('en-GB'))} in all)`]);
    items.push([
      'Target precision',
      escapeHtml(
        `${pr.target} (${points(pr.target)}): the largest ${pr.level * 100}% Wilson half-width allowed for every primary share; ` +
          `rule ${pr.rule}, first look after ${pr.firstLook.toLocaleString('en-GB')} engagements, at most ${pr.maxEngagements.toLocaleString('en-GB')} per cell; ` +
          (pr.reached ? 'reached in every cell' : `not reached in ${pr.cells.filter((c) => !c.reached).length} of ${pr.cells.length} cells`),
      ),
    ]);
    items.push(['Primary shares', pr.primary.map((m) => `<code>${escapeHtml(m)}</code>`).join(', ')]);
  } else items.push(['Engagements per cell', escapeHtml(p.engagementsPerCell.toLocaleString('en-GB'))]);
  items.push(['Batch', `${escapeHtml(p.batch)} engagements`]);
  items.push(['Common random numbers', p.commonRandomNumbers ? 'yes: every cell replays the same dice' : 'no: each cell has its own dice']);
  const factors = Object.entries(p.factors);
  items.push([
    'Factors',
    factors.length
      ? `<ul>${factors.map(([k, v]) => `<li><code>${escapeHtml(k)}</code> (${escapeHtml(factorTitle(k, new Set(Object.keys(r.cells[0]?.options ?? {})), { sides: r.sides, formations: r.formations }))}): ${v.map((x) => escapeHtml(formatValue(x))).join(', ')}</li>`).join('')}</ul>`
      : 'none (a single scenario)',
  ]);
  items.push(['Results format', `<code>${escapeHtml(r.format)}</code>`]);
  items.push(['Hash (SHA-256)', `<code class="hash">${escapeHtml(p.hash)}</code>`]);
  if (r.timing) {
    const t = r.timing;
    // Results written before batchSeconds existed lack it.
    const threads = t.threads ?? Math.max(1, t.workers);
    const busy = t.batchSeconds !== undefined && t.wallSeconds > 0 ? `; batches kept ${threads > 1 ? 'the threads' : 'the thread'} busy ${Math.round((100 * t.batchSeconds) / (threads * t.wallSeconds))}% of the time` : '';
    items.push(['Run time (this machine only)', escapeHtml(`${t.wallSeconds} s ${t.workers ? `with ${playedOn(t.workers, threads)}` : 'in one thread'}, ${t.engagementsPerSecond.toLocaleString('en-GB')} engagements/s${busy}`)]);
  }

  const cellsTable = `<div class="scroll"><table><caption>Cells</caption>
<thead><tr><th scope="col">#</th><th scope="col">${escapeHtml(names.title)}</th><th scope="col">Full label</th><th scope="col">Dice key</th></tr></thead>
<tbody>${r.cells
    .map((c, i) => `<tr><td>${c.index}</td><td>${escapeHtml(names.labels[i])}</td><td><code>${escapeHtml(c.label)}</code></td><td><code>${escapeHtml(c.rngKey)}</code></td></tr>`)
    .join('\n')}</tbody></table></div>`;

  const first = r.cells[0];
  const opts = Object.entries(flatten(first?.options ?? {}));
  const optionsTable = opts.length
    ? `<div class="scroll"><table><caption>Resolved options of the first cell (${escapeHtml(names.labels[0] ?? '')}), defaults included</caption>
<thead><tr><th scope="col">Option</th><th scope="col">Value</th></tr></thead>
<tbody>${opts.map(([k, v]) => `<tr><td><code>${escapeHtml(k)}</code></td><td><code>${escapeHtml(formatValue(v))}</code></td></tr>`).join('\n')}</tbody></table></div>`
    : '<p>The ruleset has no options.</p>';

  const diffTable = (title: string, diffs: { path: string; values: string[] }[], none: string) =>
    diffs.length
      ? columnRuns(names.labels.length)
          .map(
            (run) => `<div class="scroll"><table><caption>${escapeHtml(runCaption(title, run, names.labels.length))}</caption>
<thead><tr><th scope="col">Path</th>${run.map((i) => `<th scope="col">${escapeHtml(names.labels[i])}</th>`).join('')}</tr></thead>
<tbody>${diffs.map((d) => `<tr><td><code>${escapeHtml(d.path)}</code></td>${run.map((i) => `<td><code>${escapeHtml(d.values[i])}</code></td>`).join('')}</tr>`).join('\n')}</tbody></table></div>`,
          )
          .join('\n')
      : `<p>${escapeHtml(none)}</p>`;

  const refitChanges = p.experiment?.refitChanges?.length ? `<h3>What the refit changes</h3>\n${refitChangesHtml(p.experiment.refitChanges)}` : '';
  if (!chartsEveryCell(r)) {
    // A column per cell would be thousands wide: the paths that differ, with how many values each takes.
    const list = (title: string, diffs: { path: string; values: string[] }[], none: string) =>
      diffs.length
        ? `<ul>${diffs.map((d) => `<li><code>${escapeHtml(d.path)}</code>: ${escapeHtml(counted(new Set(d.values).size, 'value'))}</li>`).join('')}</ul>`
        : `<p>${escapeHtml(none)}</p>`;
    return `${dl(items)}
${refitChanges}
<p>${escapeHtml(`Every cell's label, factors, dice key, options and scenario are in ${cellsFile}.`)}</p>
${optionsTable}
<h3>Options that differ between cells</h3>
${list('Options', differences(r.cells.map((c) => c.options)), 'None: every cell uses the same options.')}
<h3>Scenario values that differ between cells</h3>
${list('Scenario values', differences(r.cells.map((c) => c.scenario)), 'None: every cell plays the same scenario.')}`;
  }
  return `${dl(items)}
${refitChanges}
${cellsTable}
${optionsTable}
<h3>Options that differ between cells</h3>
${diffTable('Options that differ between cells', differences(r.cells.map((c) => c.options)), 'None: every cell uses the same options.')}
<h3>Scenario values that differ between cells</h3>
${diffTable('Scenario values that differ between cells', differences(r.cells.map((c) => c.scenario)), 'None: every cell plays the same scenario.')}`;
}

/** The look of every volley page. */
const CSS = `
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5a5a5f; --rule: #dcdce0; --accent: #2f6fb0; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1080px; margin: 0 auto; padding: 24px 20px 64px; }
h1 { font-size: 1.8rem; line-height: 1.25; margin: 0 0 .4rem; }
h2 { font-size: 1.35rem; margin: 2.4rem 0 .4rem; padding-top: .6rem; border-top: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 1.6rem 0 .4rem; }
.question { font-size: 1.15rem; color: var(--muted); margin: 0 0 1rem; }
.lede { color: var(--muted); }
nav ul { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; padding: 0; list-style: none; }
a { color: var(--accent); }
.definition { margin: .2rem 0 .8rem; max-width: 60rem; }
ul.notes { margin: -.4rem 0 .8rem; max-width: 60rem; padding-left: 1.2rem; }
ul.notes li { margin: .15rem 0; }
.chart { overflow-x: auto; }
/* A chart wider than the page is drawn smaller, not cut (the SVG keeps its viewBox). */
.chart svg { max-width: 100%; height: auto; }
.files { font-size: .85rem; color: var(--muted); }
.scroll { overflow-x: auto; margin: .8rem 0; }
table { border-collapse: collapse; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid var(--rule); text-align: right; vertical-align: top; }
/* A figure breaks from its interval, never inside either: tables narrow to the page instead of scrolling. */
.ci, .of, .nobr { white-space: nowrap; }
td code, th code { overflow-wrap: anywhere; }
th[scope=row] { min-width: 10rem; }
th[scope=row], td:first-child { text-align: left; }
thead th { border-bottom: 2px solid #999; }
.ci, .of, .file { color: var(--muted); font-size: .85em; }
code { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: .88em; }
.hash { word-break: break-all; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1.2rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
dl.facts ul { margin: 0; padding-left: 1.1rem; }
dl.glossary dt { font-weight: 600; margin-top: .8rem; }
dl.glossary dd { margin: .1rem 0 0 0; max-width: 60rem; }
thead th { min-width: 5rem; vertical-align: bottom; overflow-wrap: anywhere; }
thead th:first-child { text-align: left; }
table.extras th[scope=row] { white-space: normal; min-width: 21rem; max-width: 27rem; }
table.extras .of { display: block; white-space: normal; }
.rowdef { display: block; font-weight: normal; font-size: .8rem; line-height: 1.35; color: var(--muted); margin-top: .1rem; }
tr.group th { text-align: left; font-size: .95rem; padding-top: .9rem; border-bottom: 2px solid var(--rule); }
table.comparison tr.significant td.diff { font-weight: 700; }
table.variants td { text-align: left; white-space: normal; }
td.note { color: var(--muted); max-width: 30rem; }
ul.sentences li { margin: .25rem 0; max-width: 60rem; }
ul.answer { font-size: 1.05rem; padding-left: 1.2rem; margin: .4rem 0 .2rem; }
ul.answer li { margin: .2rem 0; max-width: 60rem; }
`;

/** The rule system's own counts (its vocabulary's extras), or nothing when every one of their numbers is zero. */
function extrasSection(r: Results): string {
  const rows = extrasTableRows(r);
  if (rows.length === 0) return '';
  const groups = [...new Set(rows.flatMap((row) => (row.group ? [row.group] : [])))];
  const title = `More from the rules: ${groups.join(', ').toLowerCase()}`;
  return `<h3 id="extras">${escapeHtml(title)}</h3>
<p class="definition">${escapeHtml('Counts per engagement that this rule system keeps besides the common figures, each with its 95% interval; only the rows with something other than zero in some cell. Each row says in plain words what it counts; the glossary explains the rules behind them.')}</p>
${table(r, rows, title, 'extras')}`;
}

/** The --set and --compare a run was given, as trace takes them again (quoted for a shell). */
function settingsFlags(r: Results): string {
  const st = r.provenance.settings;
  if (!st) return '';
  const word = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const sets = Object.entries(st.set).map(([p, v]) => ` --set ${word(`${p}=${String(v)}`)}`);
  const compare = st.compare ? ` --compare ${word(`${st.compare.path}=${st.compare.values.map(String).join(',')}`)}` : '';
  return sets.join('') + compare;
}

/** Engagements worth tracing in each cell, with the command that replays each. */
function traceSection(r: Results, cellsFile: string): string {
  const file = r.provenance.experiment?.file ?? r.provenance.scenario.file;
  // Of many cells, those at either end of the ranking by the first side's wins.
  const ranked = chartsEveryCell(r) ? null : rankCells(r, 'wins0', 3);
  const listed = ranked ? [...ranked.top, ...ranked.bottom].filter((i, k, a) => a.indexOf(i) === k).map((i) => r.cells[i]) : r.cells;
  const cells = listed.filter((c) => (c.summary.traceThese ?? []).length > 0);
  // The run's seed and engagements, so that the command replays this run's engagement whatever the
  // flags it was played with (-n also lets trace reach past the file's engagements).
  const n = (c: Results['cells'][number]) => ` --seed ${shellWord(String(r.provenance.seed))} -n ${c.summary.engagements}${settingsFlags(r)}`;
  if (cells.length === 0) return '';
  const items = cells
    .map((c) => {
      const lines = c.summary.traceThese
        .map((t) => `<li>${escapeHtml(t.why)}: <code>${escapeHtml(`${VOLLEY_COMMAND} trace ${shellWord(file)} --cell ${c.index} --engagement ${t.engagement}${n(c)}`)}</code></li>`)
        .join('');
      return `<h3>${escapeHtml(c.label)}</h3><ul class="trace-picks">${lines}</ul>`;
    })
    .join('\n');
  return `<section id="trace">
<h2>Engagements worth tracing</h2>
<p class="definition">${escapeHtml(`To see the battle behind a number: for each outcome the engagement whose losses are nearest the cell averages, and the extremes. Each command replays that engagement exactly and writes its story and a map page to step through.${ranked ? ` Of ${r.cells.length} cells, the three where ${r.sides[0].name} won most and the three where it won least; every cell's are in ${cellsFile}, summary.traceThese.` : ''}`)}</p>
${items}
</section>`;
}

/**
 * The start of an offline page, up to its opened <main>: the page style (and `css` after it) and the
 * inlined Vega, Vega-Lite and vega-embed.
 */
export function pageStart(title: string, libs: Libraries, css = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}${css}</style>
<script>${inlineScript(libs.vega)}</script>
<script>${inlineScript(libs.vegaLite)}</script>
<script>${inlineScript(libs.vegaEmbed)}</script>
</head>
<body>
<main>`;
}

/** A chart's section: its heading, definition, the place the page draws it, and its files. `prefix`: the files' folder. */
export function chartSection(c: PageChart, prefix = ''): string {
  const f = (ext: string) => escapeHtml(`${prefix}${c.name}.${ext}`);
  return `<section class="chart-section" id="${escapeHtml(c.name)}">
<h2>${escapeHtml(c.heading)}</h2>
<p class="definition">${escapeHtml(c.definition)}</p>${c.notes?.length ? `\n<ul class="notes">${c.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}
<div class="chart" data-spec="${escapeHtml(c.name)}"></div>
<noscript><img src="${f('svg')}" alt="${escapeHtml(c.heading)}"></noscript>
<p class="files">Files: <a href="${f('png')}">PNG</a> · <a href="${f('svg')}">SVG</a> · <a href="${f('vl.json')}">Vega-Lite spec</a>${chartCsv(c.spec) === null ? '' : ` · <a href="${f('csv')}">data (CSV)</a>`}</p>
</section>`;
}

/** The end of a page: the chart specs (by name) and the script that draws each into its place. */
export function pageEnd(specs: Record<string, TopLevelSpec>): string {
  const embed = `
(function () {
  var specs = JSON.parse(document.getElementById('volley-specs').textContent);
  var nodes = document.querySelectorAll('[data-spec]');
  for (var i = 0; i < nodes.length; i++) {
    var el = nodes[i];
    vegaEmbed(el, specs[el.getAttribute('data-spec')], {
      renderer: 'svg',
      actions: { export: true, source: true, compiled: false, editor: false }
    }).catch(function (e) { el.textContent = 'This chart could not be drawn: ' + e; });
  }
})();`;
  return `<script type="application/json" id="volley-specs">${inlineJson(specs)}</script>
<script>${embed}</script>
</body>
</html>
`;
}

/**
 * The report page, pure (the caller reads the libraries and writes the file). `resultsFile` and
 * `columnsFile` name results.json and the columnar file of a large experiment's cells as seen from the
 * page (a cross-system run's system reports, in systems/<id>/, name the run's, in the folder above).
 */
export function reportHtml(r: Results, charts: readonly PageChart[], libs: Libraries, opts: { rankBy?: string; resultsFile?: string; columnsFile?: string } = {}): string {
  // Where every cell's detail is: the columnar file when the results were written so (inColumns), else results.json.
  const cellsFile = inColumns(r.cells.length) ? `${opts.columnsFile ?? CELL_COLUMNS_FILE} (results.json names it)` : (opts.resultsFile ?? 'results.json');
  const p = r.provenance;
  const many = !chartsEveryCell(r);
  const title = p.experiment?.title ?? p.scenario.title ?? p.experiment?.name ?? p.scenario.name;
  const question = p.experiment?.question ?? p.scenario.question;
  const n = p.precision ? engagementsRange(r) : p.engagementsPerCell.toLocaleString('en-GB');
  const precision = precisionSection(r);
  const specs = Object.fromEntries(charts.map((c) => [c.name, c.spec]));
  const sensitivity = sensitivitySection(r);
  // The forest plot of variants is drawn inside the Variants section.
  const variants = variantsSection(r, charts.find((c) => c.name === FOREST_CHART));
  // The chart of losses per hour is drawn inside its section, with the table.
  const inSection = (c: PageChart) => (variants && c.name === FOREST_CHART) || c.name === HISTORY_CHART;
  const chartSections = charts
    .filter((c) => !inSection(c))
    .map((c) => chartSection(c))
    .join('\n');
  return `${pageStart(`${title} · volley report`, libs, many ? CELLS_CSS : '')}
<header>
<h1>${escapeHtml(title)}</h1>
${question ? `<p class="question">${escapeHtml(question)}</p>` : ''}
${answerHtml(r)}
<p class="lede">${escapeHtml(`${r.sides[0].name} (attacker) against ${r.sides[1].name} (defender); ${r.cells.length} ${r.cells.length === 1 ? 'cell' : 'cells'} of ${n} engagements each; ruleset ${p.ruleset.title}.`)}</p>
${many ? `<p class="lede">${escapeHtml(`With more than ${MAX_CELLS_CHARTED} cells the charts and tables that show each cell apart are left out (unreadable at this width, and slow to draw); ${charts.length ? 'the charts below summarize every cell, ' : ''}the table of every cell lists them, with the top and bottom cells by the figure you choose, and cells.csv and ${cellsFile} hold them all.`)}</p>\n` : ''}<nav><ul>${many ? '<li><a href="#cells">Every cell</a></li>' : '<li><a href="#summary">Summary</a></li><li><a href="#balance">Balance</a></li>'}${precision ? '<li><a href="#precision">Precision</a></li>' : ''}${!many && extraRows(r).length ? '<li><a href="#extras">More from the rules</a></li>' : ''}${variants ? '<li><a href="#variants">Variants</a></li>' : ''}${sensitivity ? '<li><a href="#sensitivity">Sensitivity</a></li>' : ''}${charts.filter((c) => !inSection(c)).map((c) => `<li><a href="#${escapeHtml(c.name)}">${escapeHtml(c.heading)}</a></li>`).join('')}${historySection(r) ? '<li><a href="#history">Losses per hour against the historical record</a></li>' : ''}<li><a href="#trace">Engagements worth tracing</a></li><li><a href="#provenance">Provenance</a></li><li><a href="#glossary">Glossary</a></li></ul></nav>
</header>
${many ? allCellsSection(r, opts.rankBy) : `<section id="summary">
<h2>Summary by cell</h2>
<p class="definition">${escapeHtml('Key numbers for each cell. Shares are followed by their 95% Wilson interval, averages (per engagement) by their 95% interval, in brackets.')}</p>
${table(r, summaryRows(r), 'Key numbers per cell')}
${table(r, reasonRows(r), 'How engagements ended')}
${extrasSection(r)}
</section>
<section id="balance">
<h2>Balance</h2>
<p class="definition">${escapeHtml('How far the scenario favours one side, how often it is drawn, how decisive it is and how long it lasts (the measures of game balance of general game systems such as Ludii). volley tournament plays each doctrine from both seats to tell the side’s advantage from the doctrine’s.')}</p>
${table(r, balanceRows(r), 'Balance per cell')}
</section>`}
${variants}
${precision}
${sensitivity}
${chartSections}
${historySection(r, charts.find((c) => c.name === HISTORY_CHART))}
${robustnessSection(r)}
${traceSection(r, cellsFile)}
<section id="provenance">
<h2>Provenance</h2>
<p class="definition">${escapeHtml('Everything that fixes the numbers above. The hash covers all of it; a run with the same hash gives the same results.')}</p>
${provenance(r, cellsFile)}
</section>
<section id="glossary">
<h2>Glossary</h2>
<dl class="glossary">${glossaryFor(isBattle(r), { variants: r.variants !== undefined, precision: p.precision !== undefined }, r.vocabulary.glossary).map((g) => `<dt>${escapeHtml(g.term)}</dt><dd>${escapeHtml(g.definition)}</dd>`).join('\n')}</dl>
</section>
</main>
${pageEnd(specs)}`;
}
