/**
 * The report of an experiment of many cells (more than MAX_CELLS_CHARTED): instead of tables with a
 * column per cell, every cell as a row of one searchable, sortable, paged table; the top and bottom
 * cells by a metric the reader picks; and cells.csv with every row. Plain HTML (the first page of rows
 * and the default ranking are in the page as written) and a few lines of inline script.
 */
import type { Results } from '../results/results.js';
import type { CellSummary } from '../stats/summary.js';
import { escapeHtml } from '../results/html.js';
import { factorTitle, shortFactors, valueLabel } from './labels.js';
import { inlineJson, inlineScript } from './inline.js';

/** A figure each cell has: a share (0..1) or a mean, with its 95% interval. */
export interface CellMetric {
  id: string;
  /** Short, for a column head. */
  label: string;
  kind: 'share' | 'mean';
  get: (s: CellSummary) => { value: number; lo: number; hi: number } | null;
}

/** The figures of every cell the table shows and the ranking can sort by, for these results. */
export function cellMetrics(r: Results): CellMetric[] {
  const [a, d] = r.sides.map((s) => s.name);
  const share = (id: string, label: string, f: (s: CellSummary) => { p: number; lo: number; hi: number } | undefined): CellMetric => ({
    id,
    label,
    kind: 'share',
    get: (s) => {
      const x = f(s);
      return x ? { value: x.p, lo: x.lo, hi: x.hi } : null;
    },
  });
  const mean = (id: string, label: string, f: (s: CellSummary) => { mean: number; lo: number; hi: number } | undefined): CellMetric => ({
    id,
    label,
    kind: 'mean',
    get: (s) => {
      const x = f(s);
      return x ? { value: x.mean, lo: x.lo, hi: x.hi } : null;
    },
  });
  const carried = r.cells.some((c) => c.summary.sides.some((s) => s.carried));
  return [
    share('wins0', `${a} wins`, (s) => s.outcome[0]),
    share('wins1', `${d} wins`, (s) => s.outcome[1]),
    share('draws', 'Draws', (s) => s.outcome[2]),
    ...(carried ? [0, 1].filter((k) => r.cells.some((c) => c.summary.sides[k].carried)).map((k) => share(`carried${k}`, `${r.sides[k].name} held all at the end`, (s) => s.sides[k].carried)) : []),
    mean('lost0', `${a} strength lost`, (s) => s.sides[0].strengthLost),
    mean('lost1', `${d} strength lost`, (s) => s.sides[1].strengthLost),
    share('retreat0', `${a} any retreat`, (s) => s.sides[0].retreatRate),
    share('retreat1', `${d} any retreat`, (s) => s.sides[1].retreatRate),
    share('fail0', `${a} checks failed`, (s) => s.sides[0].moraleChecks.failRate),
    share('fail1', `${d} checks failed`, (s) => s.sides[1].moraleChecks.failRate),
    mean('turns', 'Turns', (s) => s.turns),
  ];
}

/** The factors that vary between cells, with their titles for column heads. */
export function varyingFactors(r: Results): { path: string; title: string }[] {
  const paths = Object.keys(r.provenance.factors).filter((k) => r.provenance.factors[k].length > 1);
  const short = shortFactors(paths, { sides: r.sides, formations: r.formations });
  const options = new Set(Object.keys(r.cells[0]?.options ?? {}));
  return paths.map((path, i) => ({ path, title: options.has(path) ? factorTitle(path, options) : short[i] }));
}

/** Rows per page of the table. */
export const PAGE_ROWS = 50;
/** Cells at each end of the ranking. */
export const RANK_CELLS = 10;

/** The table's data: per cell its index, the factors' values in words, and each metric's value (6 significant digits). */
export function cellTableData(r: Results): { factors: string[]; metrics: { id: string; label: string; kind: string }[]; rows: (string | number | null)[][] } {
  const factors = varyingFactors(r);
  const metrics = cellMetrics(r);
  const rows = r.cells.map((c) => [
    c.index,
    // Numbers stay numbers (they sort as numbers); other values, and named ones, in words.
    ...factors.map((f) => {
      const v = c.factors[f.path];
      return typeof v === 'number' && !r.provenance.valueNames?.[f.path] ? v : valueLabel(r, f.path, v);
    }),
    ...metrics.map((m) => {
      const v = m.get(c.summary);
      return v === null ? null : Number(v.value.toPrecision(6));
    }),
  ]);
  return { factors: factors.map((f) => f.title), metrics: metrics.map((m) => ({ id: m.id, label: m.label, kind: m.kind })), rows };
}

const fmt = (v: string | number | null, kind?: string) =>
  v === null ? '—' : typeof v === 'string' ? v : kind === 'share' ? `${(100 * v).toFixed(1)}%` : kind === 'mean' ? v.toFixed(2) : String(v);

/** The top and bottom cells by one metric: highest first, then lowest first; ties in cell order. */
export function rankCells(r: Results, metricId: string, n = RANK_CELLS): { top: number[]; bottom: number[] } {
  const m = cellMetrics(r).find((x) => x.id === metricId) ?? cellMetrics(r)[0];
  const vals = r.cells.map((c, i) => ({ i, v: m.get(c.summary)?.value ?? null })).filter((x): x is { i: number; v: number } => x.v !== null);
  const high = [...vals].sort((x, y) => y.v - x.v || x.i - y.i);
  const low = [...vals].sort((x, y) => x.v - y.v || x.i - y.i);
  return { top: high.slice(0, n).map((x) => x.i), bottom: low.slice(0, n).map((x) => x.i) };
}

/** The script of the table and the ranking: filter, sort, pages; the ranking's metric. */
const SCRIPT = `
(function () {
  var d = JSON.parse(document.getElementById('volley-cells').textContent);
  var nf = d.factors.length, kinds = [null].concat(d.factors.map(function () { return null; }), d.metrics.map(function (m) { return m.kind; }));
  function fmt(v, k) { return v === null ? '\\u2014' : k === 'share' ? (100 * v).toFixed(1) + '%' : k === 'mean' ? v.toFixed(2) : String(v); }
  function row(tr, r) { for (var j = 0; j < r.length; j++) { var td = document.createElement('td'); td.textContent = fmt(r[j], kinds[j]); tr.appendChild(td); } }
  var words = d.rows.map(function (r) { return ('#' + r[0] + ' ' + d.factors.map(function (f, k) { return f + '=' + r[k + 1]; }).join(' ')).toLowerCase(); });
  var shown = d.rows.map(function (_, i) { return i; }), page = 0, by = 0, dir = 1, PAGE = ${PAGE_ROWS};
  var body = document.getElementById('cells-body'), info = document.getElementById('cells-info');
  function draw() {
    var pages = Math.max(1, Math.ceil(shown.length / PAGE)); page = Math.min(Math.max(page, 0), pages - 1);
    body.textContent = '';
    shown.slice(page * PAGE, page * PAGE + PAGE).forEach(function (i) { var tr = document.createElement('tr'); row(tr, d.rows[i]); body.appendChild(tr); });
    info.textContent = (shown.length ? (page * PAGE + 1) + '\\u2013' + Math.min(shown.length, page * PAGE + PAGE) : '0') + ' of ' + shown.length + ' cells' + (shown.length < d.rows.length ? ' (filtered from ' + d.rows.length + ')' : '') + '; page ' + (page + 1) + ' of ' + pages;
  }
  function order() {
    shown.sort(function (a, b) { var x = d.rows[a][by], y = d.rows[b][by]; if (x === y) return a - b; if (x === null) return 1; if (y === null) return -1; return (x < y ? -1 : 1) * dir; });
  }
  document.getElementById('cells-filter').addEventListener('input', function (e) {
    var terms = e.target.value.toLowerCase().split(/\\s+/).filter(Boolean);
    shown = d.rows.map(function (_, i) { return i; }).filter(function (i) { return terms.every(function (t) { return words[i].indexOf(t) >= 0; }); });
    order(); page = 0; draw();
  });
  document.querySelectorAll('#cells-table thead th').forEach(function (th, j) {
    th.addEventListener('click', function () { dir = by === j ? -dir : (j > nf ? -1 : 1); by = j; order(); page = 0; draw(); });
  });
  document.getElementById('cells-first').onclick = function () { page = 0; draw(); };
  document.getElementById('cells-prev').onclick = function () { page--; draw(); };
  document.getElementById('cells-next').onclick = function () { page++; draw(); };
  document.getElementById('cells-last').onclick = function () { page = 1e9; draw(); };
  var pick = document.getElementById('rank-metric');
  function rank() {
    var j = 1 + nf + pick.selectedIndex, k = kinds[j];
    var has = d.rows.map(function (_, i) { return i; }).filter(function (i) { return d.rows[i][j] !== null; });
    var hi = has.slice().sort(function (a, b) { return d.rows[b][j] - d.rows[a][j] || a - b; });
    var lo = has.slice().sort(function (a, b) { return d.rows[a][j] - d.rows[b][j] || a - b; });
    [['rank-top', hi], ['rank-bottom', lo]].forEach(function (p) {
      var tb = document.getElementById(p[0]); tb.textContent = '';
      p[1].slice(0, ${RANK_CELLS}).forEach(function (i) { var tr = document.createElement('tr'); row(tr, d.rows[i].slice(0, nf + 1).concat([d.rows[i][j]])); tr.lastChild.textContent = fmt(d.rows[i][j], k); tb.appendChild(tr); });
    });
    document.querySelectorAll('.rank-metric-name').forEach(function (el) { el.textContent = d.metrics[pick.selectedIndex].label; });
  }
  pick.addEventListener('change', rank);
  draw();
})();`;

/** A row of the table as written into the page. */
const rowHtml = (row: (string | number | null)[], kinds: (string | undefined)[]) => `<tr>${row.map((v, j) => `<td>${escapeHtml(fmt(v, kinds[j]))}</td>`).join('')}</tr>`;

/**
 * The cells section of a report of many cells: the ranking (top and bottom cells by the metric chosen
 * in the page; `rankBy` the one shown first) and the table of every cell.
 */
export function allCellsSection(r: Results, rankBy?: string): string {
  const data = cellTableData(r);
  const metrics = cellMetrics(r);
  const chosen = Math.max(0, metrics.findIndex((m) => m.id === rankBy));
  const kinds = [undefined, ...data.factors.map(() => undefined), ...data.metrics.map((m) => m.kind)];
  const factorHeads = data.factors.map((f) => `<th scope="col">${escapeHtml(f)}</th>`).join('');
  const head = `<th scope="col">#</th>${factorHeads}${data.metrics.map((m) => `<th scope="col">${escapeHtml(m.label)}</th>`).join('')}`;
  const nf = data.factors.length;
  const ranked = rankCells(r, metrics[chosen].id);
  const rankRows = (cells: number[]) =>
    cells.map((i) => rowHtml([...data.rows[i].slice(0, nf + 1), data.rows[i][nf + 1 + chosen]], [...kinds.slice(0, nf + 1), metrics[chosen].kind])).join('\n');
  const rankTable = (id: string, caption: string) => `<div class="scroll rank"><table>
<caption>${escapeHtml(caption)} <span class="rank-metric-name">${escapeHtml(metrics[chosen].label)}</span></caption>
<thead><tr><th scope="col">#</th>${factorHeads}<th scope="col" class="rank-metric-name">${escapeHtml(metrics[chosen].label)}</th></tr></thead>
<tbody id="${id}">
${rankRows(id === 'rank-top' ? ranked.top : ranked.bottom)}
</tbody></table></div>`;
  const options = metrics.map((m, i) => `<option value="${escapeHtml(m.id)}"${i === chosen ? ' selected' : ''}>${escapeHtml(m.label)}</option>`).join('');
  return `<section id="cells">
<h2>Every cell</h2>
<p class="definition">${escapeHtml(`All ${r.cells.length.toLocaleString('en-GB')} cells, one row each: the factors that vary and the key figures (shares in %, strength lost and turns per engagement; the 95% intervals are in cells.csv). Type in the box to keep the cells whose factors match every word typed (e.g. "morale=3 turns=6"); click a column's head to sort by it, again to reverse.`)}</p>
<h3 id="ranking">Top and bottom cells</h3>
<p><label for="rank-metric">Rank the cells by </label><select id="rank-metric">${options}</select></p>
<div class="ranks">
${rankTable('rank-top', `The ${RANK_CELLS} highest by`)}
${rankTable('rank-bottom', `The ${RANK_CELLS} lowest by`)}
</div>
<h3>All cells</h3>
<p class="cells-controls"><label for="cells-filter">Filter: </label><input id="cells-filter" type="search" size="32" placeholder="e.g. morale=3">
<button type="button" id="cells-first">First</button> <button type="button" id="cells-prev">Previous</button> <button type="button" id="cells-next">Next</button> <button type="button" id="cells-last">Last</button>
<span id="cells-info">${escapeHtml(`1–${Math.min(PAGE_ROWS, r.cells.length)} of ${r.cells.length} cells`)}</span></p>
<div class="scroll"><table id="cells-table" class="cells">
<caption>Every cell (the page shows ${PAGE_ROWS} rows at a time; without scripts, the first ${PAGE_ROWS}; every row is in cells.csv)</caption>
<thead><tr>${head}</tr></thead>
<tbody id="cells-body">
${data.rows.slice(0, PAGE_ROWS).map((row) => rowHtml(row, kinds)).join('\n')}
</tbody></table></div>
<script type="application/json" id="volley-cells">${inlineJson(data)}</script>
<script>${inlineScript(SCRIPT)}</script>
</section>`;
}

/** Quote a CSV field when it needs it. */
const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** cells.csv: one row per cell, its label and factors, and each key figure with its 95% interval. */
export function cellsCsv(r: Results): string {
  const factors = Object.keys(r.provenance.factors);
  const metrics = cellMetrics(r);
  const head = ['cell', 'label', ...factors, 'engagements', ...metrics.flatMap((m) => [m.id, `${m.id}_lo`, `${m.id}_hi`])];
  const lines = [head.map(csvField).join(',')];
  for (const c of r.cells) {
    const vals = metrics.flatMap((m): (number | string)[] => {
      const v = m.get(c.summary);
      return v ? [v.value, v.lo, v.hi] : ['', '', ''];
    });
    lines.push([c.index, c.label, ...factors.map((f) => (typeof c.factors[f] === 'object' ? JSON.stringify(c.factors[f]) : c.factors[f])), c.summary.engagements, ...vals].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Page style of the cells section. */
export const CELLS_CSS = `
table.cells, .rank table { font-size: .8rem; }
table.cells th, table.cells td, .rank th, .rank td { padding: .2rem .4rem; }
table.cells td, .rank td { white-space: nowrap; }
table.cells thead th, .rank thead th { min-width: 0; overflow-wrap: anywhere; }
table.cells thead th { cursor: pointer; }
.ranks { display: flex; flex-wrap: wrap; gap: 0 2rem; }
.cells-controls { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
`;
