/**
 * The report of `volley tune`: the verdict line, the curve of the metric against the parameter (a
 * Vega-Lite chart, also as .vl.json/.svg/.png), the evaluated points as CSV, and an offline page.
 */
import type { TopLevelSpec } from 'vega-lite';
import { INTERVAL_METHOD, TUNE_CHART, TUNE_CSV, TUNE_PAGE, type TunePoint, type TuneResults } from '../results/tune.js';
import { decimalsFor } from '../stats/tuneSearch.js';
import { CONFIG, REFERENCE, SCHEMA, SIDE_COLORS } from './charts/common.js';
import { ReportFiles } from './files.js';
import { recordReport } from './manifest.js';
import { GLOSSARY, TUNE_GLOSSARY } from './glossary.js';
import { escapeHtml, inlineJson, pageStart, type Libraries } from './html.js';
import { readLibraries } from './index.js';
import { csvField } from '../results/rows.js';
import { counted, playedOn } from './words.js';

const CHOSEN_COLOR = '#d95f02';
const CONSISTENT_COLOR = '#1b9e77';

/** A value of the parameter as the user would write it. */
export function formatX(r: TuneResults, x: number): string {
  if (r.param.kind === 'integer') return String(x);
  return String(Number(x.toFixed(decimalsFor(r.method.resolution))));
}

/** A value of the metric: shares in % with one decimal, means with two (three when small). */
export function formatMetric(r: TuneResults, v: number): string {
  if (r.target.kind === 'share') return `${(100 * v).toFixed(1)}%`;
  return v.toFixed(Math.abs(v) < 1 && v !== 0 ? 3 : 2);
}

/** The target as the user would write it: "30%", "12.5%", "7". */
export function formatTarget(r: TuneResults): string {
  const v = r.target.value;
  return r.target.kind === 'share' ? `${Number((100 * v).toFixed(3))}%` : String(Number(v.toFixed(6)));
}

const bare = (r: TuneResults, v: number) => (r.target.kind === 'share' ? (100 * v).toFixed(1) : formatMetric(r, v));

/** The estimate with its interval: "31.2% [29.8, 32.6]". */
export function estimateText(r: TuneResults, p: Pick<TunePoint, 'value' | 'lo' | 'hi'>): string {
  return `${formatMetric(r, p.value)} [${bare(r, p.lo)}, ${bare(r, p.hi)}]`;
}

/** The interval of the tuned value in words. */
export function intervalText(r: TuneResults): string {
  const i = r.interval;
  if (!i) return 'no value tried is consistent with the target';
  if (i.kind === 'bracket') return `between ${formatX(r, i.lo)} and ${formatX(r, i.hi)}: the estimate jumps across the target there`;
  const span = i.lo === i.hi ? formatX(r, i.lo) : `[${formatX(r, i.lo)}, ${formatX(r, i.hi)}]`;
  const ends = [i.beyondFrom ? 'start' : '', i.beyondTo ? 'end' : ''].filter(Boolean);
  const beyond = ends.length ? `, and it reaches the ${ends.join(' and the ')} of the range: it may go on beyond` : '';
  return r.param.kind === 'integer' ? `${span}: the values whose 95% interval contains the target${beyond}` : `${span} (95%)${beyond}`;
}

/** The one-line verdict the command prints. */
export function tuneVerdict(r: TuneResults): string {
  const c = r.chosen;
  const head = `${r.param.path} = ${formatX(r, c.x)} brings ${r.target.metric} to ${estimateText(r, c)}, target ${formatTarget(r)}`;
  if (!r.reached) {
    const ends = `${formatMetric(r, r.points[0].value)} at ${formatX(r, r.points[0].x)} and ${formatMetric(r, r.points[r.points.length - 1].value)} at ${formatX(r, r.points[r.points.length - 1].x)}`;
    return `${head}; the target is not reached from ${formatX(r, r.range.from)} to ${formatX(r, r.range.to)} (${ends}): the nearest value tried`;
  }
  return `${head}; interval ${intervalText(r)}`;
}

export const TUNE_CSV_COLUMNS = ['param', 'value', 'metric', 'estimate', 'lo', 'hi', 'se', 'n', 'contains_target', 'chosen', 'round'] as const;

/** One row per evaluated value, by value. Shares as fractions. */
export function tuneCsv(r: TuneResults): string {
  const rows = r.points.map((p) => [r.param.path, p.x, r.target.metric, p.value, p.lo, p.hi, p.se, p.n, p.containsTarget ? 1 : 0, p.chosen ? 1 : 0, p.round]);
  return `${[TUNE_CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}

/** Axis title of the parameter: the path, whose words are the user's own. */
const xTitle = (r: TuneResults) => r.param.path;
/** Short, so that the rotated title fits beside the plot; the metric's words are in the chart title. */
const yTitle = (r: TuneResults) => (r.target.kind === 'share' ? 'Share of engagements (%)' : 'Mean per engagement');

/**
 * The evaluated points around the tuned value: the interval (or bracket) and two values tried on each
 * side of it. null when that is most of the range anyway.
 */
export function zoomWindow(r: TuneResults): [number, number] | null {
  const xs = r.points.map((p) => p.x);
  const lo = r.interval ? r.interval.lo : r.chosen.x;
  const hi = r.interval ? r.interval.hi : r.chosen.x;
  const left = xs.filter((x) => x < lo);
  const right = xs.filter((x) => x > hi);
  const from = left.length >= 2 ? left[left.length - 2] : (left[0] ?? lo);
  const to = right.length >= 2 ? right[1] : (right[0] ?? hi);
  const inside = xs.filter((x) => x >= from && x <= to).length;
  if (inside < 3 || to - from > 0.4 * (r.range.to - r.range.from)) return null;
  return [from, to];
}

/** The curve: the estimate with its band, the target as a rule, the consistent values shaded, the tuned value marked. */
export function tuneSpec(r: TuneResults): TopLevelSpec {
  const k = r.target.kind === 'share' ? 100 : 1;
  const values = r.points.map((p) => ({
    x: p.x,
    y: k * p.value,
    lo: k * p.lo,
    hi: k * p.hi,
    consistent: p.containsTarget ? 'yes' : 'no',
    label: formatX(r, p.x),
  }));
  const target = k * r.target.value;
  const c = r.chosen;
  const interval = r.interval;
  const step = r.param.kind === 'integer' ? 1 : r.method.resolution;

  const panel = (domain: [number, number], width: number, title: string | null) => {
    const inDomain = values.filter((v) => v.x >= domain[0] && v.x <= domain[1]);
    const ys = inDomain.flatMap((v) => [v.lo, v.hi]).concat(target);
    const pad = (Math.max(...ys) - Math.min(...ys)) * 0.08 || 1;
    const share = r.target.kind === 'share';
    const yDomain = [share ? Math.max(0, Math.min(...ys) - pad) : Math.min(...ys) - pad, share ? Math.min(100, Math.max(...ys) + pad) : Math.max(...ys) + pad];
    const whole = r.param.kind === 'integer' && domain[1] - domain[0] <= 30;
    const x = {
      field: 'x',
      type: 'quantitative' as const,
      title: xTitle(r),
      scale: { domain, nice: false, zero: false },
      axis: whole ? { values: range(domain[0], domain[1]), format: 'd' } : { format: '~r' },
    };
    const y = { type: 'quantitative' as const, title: yTitle(r), scale: { domain: yDomain, nice: false, zero: false } };
    const layers: unknown[] = [];
    if (interval) {
      // A single value gets a narrow band of its own, so that it shows.
      const lo = Math.max(domain[0], interval.lo === interval.hi ? interval.lo - 0.25 * step : interval.lo);
      const hi = Math.min(domain[1], interval.lo === interval.hi ? interval.hi + 0.25 * step : interval.hi);
      layers.push({
        data: { values: [{ lo, hi }] },
        mark: { type: 'rect', color: CONSISTENT_COLOR, opacity: 0.12 },
        encoding: { x: { field: 'lo', type: 'quantitative', scale: x.scale, title: x.title }, x2: { field: 'hi' } },
      });
    }
    layers.push(
      { data: { values: inDomain }, mark: { type: 'area', opacity: 0.2, color: SIDE_COLORS[0] }, encoding: { x, y: { field: 'lo', ...y }, y2: { field: 'hi' } } },
      {
        data: { values: inDomain },
        mark: { type: 'line', color: SIDE_COLORS[0], strokeWidth: 2, point: { filled: true, size: 36, color: SIDE_COLORS[0] } },
        encoding: {
          x,
          y: { field: 'y', ...y },
          tooltip: [
            { field: 'label', type: 'nominal', title: xTitle(r) },
            { field: 'y', type: 'quantitative', format: '.2f', title: 'Estimate' },
            { field: 'lo', type: 'quantitative', format: '.2f', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.2f', title: '95% high' },
            { field: 'consistent', type: 'nominal', title: 'Interval contains the target' },
          ],
        },
      },
      {
        data: { values: [{ target, label: `target ${formatTarget(r)}` }] },
        layer: [
          { mark: { type: 'rule', color: REFERENCE, strokeDash: [6, 4], strokeWidth: 1.5 }, encoding: { y: { field: 'target', type: 'quantitative', scale: y.scale, title: y.title } } },
          {
            mark: { type: 'text', align: 'right', baseline: 'bottom', dx: -4, dy: -3, color: REFERENCE, fontSize: 11, x: 'width' },
            encoding: { y: { field: 'target', type: 'quantitative', scale: y.scale, title: y.title }, text: { field: 'label' } },
          },
        ],
      },
      {
        data: { values: [{ x: c.x, y: k * c.value, label: `${formatX(r, c.x)}: ${formatMetric(r, c.value)}` }] },
        layer: [
          { mark: { type: 'point', shape: 'diamond', filled: true, size: 190, color: CHOSEN_COLOR, stroke: 'white', strokeWidth: 1 }, encoding: { x: { field: 'x', type: 'quantitative', scale: x.scale, title: x.title }, y: { field: 'y', type: 'quantitative', scale: y.scale, title: y.title } } },
          {
            mark: { type: 'text', align: 'left', baseline: 'top', dx: 8, dy: 6, color: CHOSEN_COLOR, fontWeight: 'bold', fontSize: 12 },
            encoding: { x: { field: 'x', type: 'quantitative', scale: x.scale, title: x.title }, y: { field: 'y', type: 'quantitative', scale: y.scale, title: y.title }, text: { field: 'label' } },
          },
        ],
      },
    );
    return { ...(title ? { title: { text: title, fontSize: 13, anchor: 'start' } } : {}), width, height: 280, layer: layers };
  };

  const xs = r.points.map((p) => p.x);
  const full: [number, number] = [Math.min(r.range.from, ...xs), Math.max(r.range.to, ...xs)];
  const zoom = zoomWindow(r);
  const notes = [
    `${r.provenance.engagementsPerPoint.toLocaleString('en-GB')} engagements per value, the same dice for every value (seed ${r.provenance.seed})`,
    'Line: estimate at each value tried; band: its 95% interval; dashed: the target',
    interval
      ? interval.kind === 'contains'
        ? 'Shaded: the interval of the tuned value (values whose interval contains the target)'
        : 'Shaded: the two values between which the estimate jumps across the target'
      : 'The target is not reached in the range',
  ];
  const head = { $schema: SCHEMA, title: { text: `${capital(r.target.words)}: target ${formatTarget(r)}`, subtitle: notes }, config: CONFIG };
  if (!zoom) return { ...head, ...panel(full, 560, null) } as TopLevelSpec;
  return {
    ...head,
    vconcat: [panel(full, 560, 'The whole range'), panel(zoom, 560, `Around the tuned value: ${formatX(r, zoom[0])} to ${formatX(r, zoom[1])}`)],
    resolve: { scale: { x: 'independent', y: 'independent' } },
    spacing: 24,
  } as TopLevelSpec;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function pointsTable(r: TuneResults): string {
  const rows = r.points
    .map(
      (p) =>
        `<tr${p.chosen ? ' class="chosen"' : ''}><td>${escapeHtml(formatX(r, p.x))}</td><td>${escapeHtml(formatMetric(r, p.value))} <span class="ci">[${escapeHtml(bare(r, p.lo))}, ${escapeHtml(bare(r, p.hi))}]</span></td><td>${p.containsTarget ? 'yes' : 'no'}</td><td>${p.round}</td><td>${p.chosen ? 'tuned value' : ''}</td></tr>`,
    )
    .join('\n');
  return `<div class="scroll"><table><caption>Values tried</caption>
<thead><tr><th scope="col">${escapeHtml(r.param.path)}</th><th scope="col">${escapeHtml(r.target.metric)} [95% interval]</th><th scope="col">Interval contains the target</th><th scope="col">Round</th><th scope="col"></th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
}

function methodText(r: TuneResults): string {
  const n = r.provenance.engagementsPerPoint.toLocaleString('en-GB');
  const how =
    r.method.name === 'every candidate'
      ? `Every whole number from ${r.range.from} to ${r.range.to} was played on the same ${n} engagements (the same seed and dice for every value).`
      : `Bisection on common random numbers: ${r.method.evaluations} values were played in ${r.method.rounds} rounds, each on the same ${n} engagements. The first round spread values over ${formatX(r, r.range.from)}..${formatX(r, r.range.to)}; each later round tried the middle of every bracket still wider than ${r.param.kind === 'integer' ? 'one step' : `the tolerance ${formatX(r, r.method.resolution)}`}: the bracket in which the estimate crosses the target, and those holding the ends of the interval.`;
  const between = r.param.kind === 'integer' ? ' Whole numbers not tried that lie between two consistent values tried are counted as consistent: the estimate is taken to be monotone between them.' : '';
  return `${how} Interval of the tuned value: ${INTERVAL_METHOD}.${between}`;
}

function provenanceList(r: TuneResults): string {
  const p = r.provenance;
  const items: [string, string][] = [];
  if (p.experiment) items.push(['Experiment', `${escapeHtml(p.experiment.name)} <span class="file">(${escapeHtml(p.experiment.file)})</span>`]);
  items.push(['Scenario', `${escapeHtml(p.scenario.name)} <span class="file">(${escapeHtml(p.scenario.file)})</span>`]);
  if (p.cell) items.push(['Cell', `${p.cell.index}: <code>${escapeHtml(p.cell.label)}</code>`]);
  const was = r.param.scenarioValue === null || r.param.scenarioValue === undefined ? 'not set (its default)' : JSON.stringify(r.param.scenarioValue);
  items.push(['Parameter', `<code>${escapeHtml(r.param.path)}</code> (${r.param.kind === 'integer' ? 'whole numbers' : 'real numbers'}; sets ${r.param.places} ${r.param.places === 1 ? 'place' : 'places'} of the scenario, where it is ${escapeHtml(was)})`]);
  items.push(['Target', `<code>${escapeHtml(r.target.metric)}</code> = ${escapeHtml(formatTarget(r))} (${escapeHtml(r.target.words)})`]);
  items.push(['Range', escapeHtml(`${formatX(r, r.range.from)}..${formatX(r, r.range.to)}`)]);
  items.push(['Method', escapeHtml(`${r.method.name}; resolution ${formatX(r, r.method.resolution)}; ${r.method.evaluations} values in ${r.method.rounds} rounds`)]);
  items.push(['volley version', escapeHtml(p.volley)]);
  items.push(['Ruleset', `${escapeHtml(p.ruleset.title)} <code>${escapeHtml(p.ruleset.id)}</code>`]);
  items.push(['Seed', `<code>${escapeHtml(p.seed)}</code> (dice key <code>${escapeHtml(p.rngKey)}</code> for every value)`]);
  items.push(['Engagements per value', escapeHtml(p.engagementsPerPoint.toLocaleString('en-GB'))]);
  items.push(['Batch', `${escapeHtml(p.batch)} engagements`]);
  items.push(['Format', `<code>${escapeHtml(r.format)}</code>`]);
  items.push(['Hash (SHA-256)', `<code class="hash">${escapeHtml(p.hash)}</code>`]);
  if (r.timing) items.push(['Run time (this machine only)', escapeHtml(`${r.timing.wallSeconds} s ${r.timing.workers ? `with ${playedOn(r.timing.workers, r.timing.threads)}` : 'in one thread'}, ${r.timing.engagements.toLocaleString('en-GB')} engagements`)]);
  return `<dl class="facts">${items.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

const SHARED_TERMS = ['Engagement', 'Common random numbers', 'Wilson interval', '95% interval of a mean', 'Provenance hash'];

/** The page: verdict, chart, values tried, method, provenance, glossary. Pure. */
export function tuneHtml(r: TuneResults, spec: TopLevelSpec, libs: Libraries): string {
  const title = `Tuning ${r.param.path}`;
  const question =
    r.target.kind === 'share'
      ? `At which value of ${r.param.path} is it “${r.target.words}” in ${formatTarget(r)} of engagements?`
      : `At which value of ${r.param.path} does “${r.target.words}” average ${formatTarget(r)}?`;
  const warnings = r.warnings.length ? `<div class="warnings"><h2>Warnings</h2><ul>${r.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul></div>` : '';
  const glossary = [...GLOSSARY.filter((g) => SHARED_TERMS.includes(g.term)), ...TUNE_GLOSSARY];
  const source = r.provenance.experiment?.title ?? r.provenance.scenario.title ?? r.provenance.scenario.name;
  const css = `
.verdict { font-size: 1.1rem; padding: .8rem 1rem; border-left: 4px solid ${CHOSEN_COLOR}; background: #fbf6f2; }
.warnings { color: #8a3b00; }
tr.chosen td { font-weight: 600; }
`;
  return `${pageStart(`${title} · volley tune`, libs, css)}
<header>
<h1>${escapeHtml(title)}</h1>
<p class="question">${escapeHtml(question)}</p>
<p class="lede">${escapeHtml(`${source}; ${r.provenance.engagementsPerPoint.toLocaleString('en-GB')} engagements per value tried; ruleset ${r.provenance.ruleset.title}.`)}</p>
<nav><ul><li><a href="#verdict">Verdict</a></li><li><a href="#${TUNE_CHART}">Curve</a></li><li><a href="#points">Values tried</a></li><li><a href="#method">Method</a></li><li><a href="#provenance">Provenance</a></li><li><a href="#glossary">Glossary</a></li></ul></nav>
</header>
<section id="verdict">
<h2>Verdict</h2>
<p class="verdict">${escapeHtml(tuneVerdict(r))}</p>
${warnings}
</section>
<section class="chart-section" id="${TUNE_CHART}">
<h2>The metric against the parameter</h2>
<p class="definition">${escapeHtml(`${r.target.words} at each value of ${r.param.path} tried, with its 95% interval; the dashed line is the target and the diamond the tuned value.`)}</p>
<div class="chart" data-spec="${TUNE_CHART}"></div>
<noscript><img src="${TUNE_CHART}.svg" alt="${escapeHtml(`${r.target.metric} against ${r.param.path}`)}"></noscript>
<p class="files">Files: <a href="${TUNE_CHART}.png">PNG</a> · <a href="${TUNE_CHART}.svg">SVG</a> · <a href="${TUNE_CHART}.vl.json">Vega-Lite spec</a> · <a href="${TUNE_CSV}">CSV of the values tried</a> · <a href="tune.json">tune.json</a></p>
</section>
<section id="points">
<h2>Values tried</h2>
${pointsTable(r)}
</section>
<section id="method">
<h2>Method</h2>
<p class="definition">${escapeHtml(methodText(r))}</p>
</section>
<section id="provenance">
<h2>Provenance</h2>
${provenanceList(r)}
</section>
<section id="glossary">
<h2>Glossary</h2>
<dl class="glossary">${glossary.map((g) => `<dt>${escapeHtml(g.term)}</dt><dd>${escapeHtml(g.definition)}</dd>`).join('\n')}</dl>
</section>
</main>
<script type="application/json" id="volley-specs">${inlineJson({ [TUNE_CHART]: spec })}</script>
<script>
(function () {
  var specs = JSON.parse(document.getElementById('volley-specs').textContent);
  var el = document.querySelector('[data-spec]');
  vegaEmbed(el, specs[el.getAttribute('data-spec')], { renderer: 'svg', actions: { export: true, source: true, compiled: false, editor: false } })
    .catch(function (e) { el.textContent = 'This chart could not be drawn: ' + e; });
})();
</script>
</body>
</html>
`;
}

/** Write the chart (.vl.json, .svg, .png, .csv), tune.csv and the page into `dir`; returns the files. */
export async function writeTuneReport(r: TuneResults, dir: string): Promise<string[]> {
  const files = new ReportFiles(dir);
  const spec = tuneSpec(r);
  files.put(TUNE_CSV, tuneCsv(r));
  await files.chart(TUNE_CHART, spec);
  files.put(TUNE_PAGE, tuneHtml(r, spec, readLibraries()));
  recordReport(dir, files.written);
  return files.written;
}
