/**
 * The report of a cross-system experiment: the systems side by side on the common order of battle
 * (who carries the position, at what cost in men an hour against the historical record, how long the
 * fight lasts, how often armies break), how each responds to the common factors (curves with bands),
 * and where they agree within their intervals. Each system's own full report is linked beside it.
 */
import type { TopLevelSpec } from 'vega-lite';
import { countedWithin, minutesText, mostMinutes, noTurnEnds, surelyMinutes, timeLimitText, type CrossCell, type CrossResults } from '../results/cross.js';
import { escapeHtml } from '../results/html.js';
import { CONFIG, NEUTRAL, SCHEMA, SIDE_COLORS } from './charts/common.js';
import { CDB90 } from './history.js';
import { chartSection, diceOf, pageEnd, pageStart, type Libraries, type PageChart } from './html.js';
import { shellWord, VOLLEY_COMMAND } from '../core/command.js';
import { fixed, listed, num, signed } from '../core/words.js';

/** Colours of the rule systems, in the experiment's order. */
export const SYSTEM_COLORS = ['#1b9e77', '#7570b3', '#d95f02', '#e7298a', '#66a61e', '#a6761d', '#e6ab02', '#666666'] as const;

/** The folder of a system's own report, inside the run's folder. */
export const systemFolder = (id: string) => `systems/${id}`;

const short = (x: CrossResults, id: string) => x.provenance.systems.find((s) => s.id === id)?.short ?? id;

/** The common factors, and the one drawn along the x axis (the first): its values in the experiment's order. */
function axisOf(x: CrossResults): { factor: string | null; values: string[]; others: string[] } {
  const factors = Object.entries(x.provenance.factors);
  if (factors.length === 0) return { factor: null, values: [], others: [] };
  return { factor: factors[0][0], values: factors[0][1].map(String), others: factors.slice(1).map(([k]) => k) };
}

/** A factor in words: `defender.quality` is "quality of the defender". */
export function factorPhrase(factor: string): string {
  const m = /^(.+)\.quality$/.exec(factor);
  return m ? `quality of the ${m[1]}` : factor;
}

/** The other factors' values of a cell, for facet columns ('' when only one factor varies). */
function othersOf(c: CrossCell, others: readonly string[]): string {
  return others.map((k) => `${k}=${String(c.factors[k])}`).join(', ');
}

function colorScale(x: CrossResults) {
  const names = x.provenance.systems.map((s) => s.short);
  return { domain: names, range: names.map((_, i) => SYSTEM_COLORS[i % SYSTEM_COLORS.length]) };
}

/**
 * The systems whose lines lie on one another's at every point (the same estimate at every value of
 * the factors, as two systems that never break a defence both draw 0), in groups of two or more, in
 * the order of `systems`: the line drawn last hides the others, which a chart's subtitle then names.
 */
export function coincidentSystems(rows: readonly { system: string; x: string; others: string; y: number }[], systems: readonly string[]): string[][] {
  const lineOf = new Map<string, string>();
  for (const s of systems) {
    const points = rows.filter((r) => r.system === s).map((r) => `${r.others}\u0000${r.x}\u0000${r.y}`);
    if (points.length > 0) lineOf.set(s, points.sort().join('\u0001'));
  }
  const groups = new Map<string, string[]>();
  for (const [s, line] of lineOf) groups.set(line, [...(groups.get(line) ?? []), s]);
  return [...groups.values()].filter((g) => g.length > 1);
}

const subtitleOf = (x: CrossResults, ...lines: string[]) => [`${x.provenance.engagementsPerCell.toLocaleString('en-GB')} engagements per system and cell, each system with its own dice`, ...lines];

/**
 * A figure of every system against the first common factor (a line with its 95% band), or, when no
 * factor varies, each system's estimate with its interval.
 */
function curveSpec(
  x: CrossResults,
  figure: { title: string; y: string; get: (c: CrossCell) => { value: number; lo: number; hi: number } | null; none?: string; why?: (c: CrossCell) => string | undefined },
  note: string,
): TopLevelSpec {
  const { factor, values, others } = axisOf(x);
  // A system without the figure (null: not in this system) draws nothing, and the subtitle says so.
  const rows = x.comparison.cells.flatMap((c) => {
    const v = figure.get(c);
    return v ? [{ system: short(x, c.system), x: factor ? String(c.factors[factor]) : short(x, c.system), others: othersOf(c, others), y: v.value, lo: v.lo, hi: v.hi }] : [];
  });
  const absent = x.provenance.systems.filter((s) => x.comparison.cells.some((c) => c.system === s.id) && !rows.some((r) => r.system === s.short)).map((s) => s.short);
  // A system that has the figure but not here says why ("no turn ends within 40 minutes"); the others are not in the system.
  const reasons = new Map<string, string[]>();
  for (const name of absent) {
    const id = x.provenance.systems.find((s) => s.short === name)!.id;
    const cell = x.comparison.cells.find((c) => c.system === id);
    const why = (cell && figure.why?.(cell)) ?? `not in this system${figure.none ? ` (${figure.none})` : ''}`;
    reasons.set(why, [...(reasons.get(why) ?? []), name]);
  }
  const notes = [note, ...[...reasons].map(([why, names]) => `${listed(names)}: ${why}`)];
  // Swatches at full strength: the bands' pale colour would otherwise set them.
  const color = { field: 'system', type: 'nominal' as const, scale: colorScale(x), title: 'Rule system', legend: { symbolOpacity: 1 } };
  const y = { field: 'y', type: 'quantitative' as const, title: figure.y, scale: { zero: true } };
  if (!factor) {
    const title = { text: figure.title, subtitle: subtitleOf(x, ...notes) };
    return {
      $schema: SCHEMA,
      title,
      data: { values: rows },
      width: Math.max(320, 90 * rows.length),
      height: 260,
      encoding: { x: { field: 'system', type: 'nominal', title: null, sort: x.provenance.systems.map((s) => s.short), axis: { labelAngle: 0 } } },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', type: 'quantitative', title: figure.y }, y2: { field: 'hi' }, color } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { y, color, tooltip: [{ field: 'system' }, { field: 'y', format: '.1f', title: 'estimate' }, { field: 'lo', format: '.1f' }, { field: 'hi', format: '.1f' }] } },
      ],
      config: CONFIG,
    } as TopLevelSpec;
  }
  const hidden = coincidentSystems(rows, x.provenance.systems.map((s) => s.short)).map((g) => `${listed(g)}: one line, the same at every point`);
  const title = { text: figure.title, subtitle: subtitleOf(x, ...notes, ...hidden) };
  const xEnc = { field: 'x', type: 'ordinal' as const, sort: values, title: factorPhrase(factor), axis: { labelAngle: 0 } };
  const layer = {
    encoding: { x: xEnc },
    layer: [
      { mark: { type: 'area', opacity: 0.15 }, encoding: { y: { field: 'lo', type: 'quantitative', title: figure.y }, y2: { field: 'hi' }, color } },
      { mark: { type: 'line', point: { filled: true, size: 50 } }, encoding: { y, color, tooltip: [{ field: 'system' }, { field: 'x', title: factorPhrase(factor) }, { field: 'y', format: '.1f', title: 'estimate' }, { field: 'lo', format: '.1f' }, { field: 'hi', format: '.1f' }] } },
    ],
  };
  const base = { $schema: SCHEMA, title, data: { values: rows }, config: CONFIG };
  if (others.length === 0) return { ...base, width: Math.max(360, 90 * values.length), height: 280, ...layer } as TopLevelSpec;
  return { ...base, facet: { column: { field: 'others', type: 'nominal', title: null } }, spec: { width: 260, height: 240, ...layer } } as TopLevelSpec;
}

/**
 * Casualties per hour of each side in every system, set against the middle half of Napoleonic battles
 * of 1792-1815 (CDB90): a band for the side hit harder, one for the side hit less. A panel per side;
 * along x the first common factor (systems side by side at each value), or the systems.
 */
function casualtiesSpec(x: CrossResults): TopLevelSpec {
  const { factor, values, others } = axisOf(x);
  const systems = x.provenance.systems.map((s) => s.short);
  const rows = x.comparison.cells.flatMap((c) =>
    c.sides.map((s) => ({
      system: short(x, c.system),
      x: factor ? String(c.factors[factor]) : short(x, c.system),
      panel: [s.role, othersOf(c, others)].filter(Boolean).join(', '),
      hit: s.hitHarder ? 'hit harder' : 'hit less',
      y: s.casualtiesPerHour.value,
      lo: s.casualtiesPerHour.lo,
      hi: s.casualtiesPerHour.hi,
    })),
  );
  const bands = [
    { band: 'CDB90 middle half, side hit harder', lo: CDB90.worse.q1, hi: CDB90.worse.q3, median: CDB90.worse.median },
    { band: 'CDB90 middle half, side hit less', lo: CDB90.less.q1, hi: CDB90.less.q3, median: CDB90.less.median },
  ];
  const xEnc = factor
    ? { field: 'x', type: 'ordinal' as const, sort: values, title: factorPhrase(factor), axis: { labelAngle: 0 } }
    : { field: 'x', type: 'nominal' as const, sort: systems, title: null, axis: { labelAngle: 0 } };
  // Swatches at full strength: the bands' pale colour would otherwise set them.
  const color = { field: 'system', type: 'nominal' as const, scale: colorScale(x), title: 'Rule system', legend: { symbolOpacity: 1 } };
  const offset = factor ? { xOffset: { field: 'system', sort: systems } } : {};
  const inner = {
    width: Math.max(260, (factor ? values.length : 1) * Math.max(60, 18 * systems.length)),
    height: 260,
    layer: [
      {
        data: { values: bands },
        mark: { type: 'rect', opacity: 0.2 },
        encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, fill: { field: 'band', type: 'nominal', title: null, scale: { range: ['#555555', '#aaaaaa'] } } },
      },
      { data: { values: bands }, mark: { type: 'rule', strokeDash: [4, 3], color: '#555' }, encoding: { y: { field: 'median', type: 'quantitative' } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: xEnc, ...offset, y: { field: 'lo', type: 'quantitative', title: 'killed and wounded, % of the men an hour' }, y2: { field: 'hi' }, color } },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          x: xEnc,
          ...offset,
          y: { field: 'y', type: 'quantitative' },
          color,
          shape: { field: 'hit', type: 'nominal', title: null, scale: { domain: ['hit harder', 'hit less'], range: ['circle', 'diamond'] } },
          tooltip: [{ field: 'system' }, { field: 'panel', title: 'side' }, { field: 'hit' }, { field: 'y', format: '.2f', title: '% an hour' }, { field: 'lo', format: '.2f' }, { field: 'hi', format: '.2f' }],
        },
      },
    ],
  };
  const panels = [...new Set(rows.map((r) => r.panel))];
  return {
    $schema: SCHEMA,
    title: {
      text: 'Casualties per hour against the historical record',
      subtitle: subtitleOf(x, 'Killed and wounded per hour of fighting, as a share of the men at the start; bars: 95% intervals', 'Grey bands: the middle half of Napoleonic battles 1792-1815 (CDB90); dashed: their medians'),
    },
    data: { values: rows },
    facet: { field: 'panel', type: 'nominal', title: null, sort: panels },
    columns: 2,
    spec: inner,
    config: CONFIG,
  } as TopLevelSpec;
}

/** Each system's sentence on how its killed and wounded come about (its vocabulary's), where its results have one. */
function casualtyNotes(x: CrossResults): string[] {
  return x.provenance.systems.flatMap((s, i) => {
    const how = (x.systems ?? [])[i]?.vocabulary?.casualties;
    return how ? [`${s.short}: ${how}`] : [];
  });
}

/** The charts of the side-by-side section. */
export function crossCharts(x: CrossResults): PageChart[] {
  const pctOf = (p: { p: number; lo: number; hi: number }) => ({ value: 100 * p.p, lo: 100 * p.lo, hi: 100 * p.hi });
  const { factor } = axisOf(x);
  const against = factor ? ` against the ${factorPhrase(factor)}` : '';
  const casualtyHow = casualtyNotes(x);
  const common = x.comparison.commonMinutes;
  const counted = common === undefined ? '' : countedWithin(x.provenance.systems, common);
  const charts: PageChart[] = [
    {
      name: 'cross-carried',
      heading: `Attacks won, by rule system${against}`,
      definition: 'The share of engagements the attacker won, in each rule system: it carried the position or broke the defence by that system’s own end conditions (not only the engagements it ended holding the objective, which each system’s own report gives). Bands and bars: 95% Wilson intervals.',
      spec: curveSpec(x, { title: `Attacks won${against}`, y: 'attacks won (%)', get: (c) => pctOf(c.carried) }, 'Line: the share the attacker won; band: its 95% interval'),
    },
    ...(common === undefined
      ? []
      : [
          {
            name: 'cross-won-within',
            heading: `Attacks won within ${minutesText(common)}, by rule system${against}`,
            definition: `The share of engagements the attacker won within the first ${minutesText(common)} of fighting: the time every system's game lasts unless something decides it first (the systems' time limits differ: ${limitsList(x)}). Each system counts the wins of its turns that have ended by then${counted ? ` (${counted})` : ''}, and a system whose game runs longer is not credited with the wins of its extra turns. Bands and bars: 95% Wilson intervals.`,
            spec: curveSpec(
              x,
              {
                title: `Attacks won within ${minutesText(common)}${against}`,
                y: `won within ${minutesText(common)} (%)`,
                get: (c) => (c.wonWithin ? pctOf(c.wonWithin) : null),
                none: 'results written before wins were counted by minute',
                why: (c) => (c.wonWithin === null ? noTurnEnds(common, c.turnMinutes ?? 0) : undefined),
              },
              'Line: the share the attacker won within the common time; band: its 95% interval',
            ),
          },
        ]),
    {
      name: 'cross-casualties',
      heading: 'Casualties per hour against the historical record',
      definition:
        'Killed and wounded (not men dispersed or taken) of each side per hour of fighting, as a share of its men at the start, in each system; the grey bands are the middle half of Napoleonic battles of 1792-1815 in the CDB90 data (side hit harder 1.8-3.75% an hour, median 2.7; side hit less 0.6-2.0%, median 1.5).' +
        (casualtyHow.length ? ' The systems count killed and wounded each in its own way:' : ''),
      notes: casualtyHow,
      spec: casualtiesSpec(x),
    },
    {
      name: 'cross-duration',
      heading: `Time to decision, by rule system${against}`,
      definition: 'Hours of fighting the engagements lasted (the turns played times the system’s turn length), mean and 95% interval; an engagement that runs out of turns counts its full length.',
      spec: curveSpec(x, { title: `Hours of fighting${against}`, y: 'hours', get: (c) => ({ value: c.hours.mean, lo: Math.max(0, c.hours.lo), hi: c.hours.hi }) }, 'Line: mean hours played; band: its 95% interval'),
    },
    {
      name: 'cross-defence-broken',
      heading: `The defence broken, by rule system${against}`,
      definition: 'The share of engagements in which the defending side’s army or command broke (its system’s army morale, cohesion or demoralization rule), with 95% Wilson intervals. A system whose engagements have no army to break (an Age of Rifles assault) draws no line.',
      spec: curveSpec(
        x,
        {
          title: `Defending army broken${against}`,
          y: 'defence broken (%)',
          get: (c) => {
            const broken = c.sides[c.attacker === null ? 1 : c.attacker === 0 ? 1 : 0].armyBroken;
            return broken ? pctOf(broken) : null;
          },
          none: 'no army to break',
        },
        'Line: share of engagements the defender’s army broke; band: 95% interval',
      ),
    },
  ];
  return charts;
}

const ci = (lo: number, hi: number, f: (v: number) => string) => ` <span class="ci">[${f(Math.max(0, lo))}, ${f(hi)}]</span>`;

/** Where a rate lies against a CDB90 middle half. */
function placeOf(rate: number, ref: { q1: number; q3: number }): string {
  return rate < ref.q1 ? 'below' : rate > ref.q3 ? 'above' : 'within';
}

/**
 * The side-by-side table: for every figure (a group of rows), each combination of the common factors
 * (a row), each system's estimate with its interval, the spread, and the pairs of systems that part.
 */
export function sideBySide(x: CrossResults): string {
  const systems = x.provenance.systems;
  const labels = [...new Set(x.comparison.agreement.map((a) => a.label))];
  const figures = [...new Set(x.comparison.agreement.map((a) => a.figure))];
  const head = systems.map((s) => `<th scope="col">${escapeHtml(s.short)}</th>`).join('');
  // One common factor: rows are its values, under its name.
  const single = Object.keys(x.provenance.factors).length === 1 ? Object.keys(x.provenance.factors)[0] : null;
  const rowName = (label: string) => (labels.length === 1 ? 'all engagements' : single ? label.slice(single.length + 1) : label);
  const cellOf = (system: string, label: string) => x.comparison.cells.find((c) => c.system === system && c.label === label);
  const body = figures
    .map((figure) => {
      const rows = x.comparison.agreement.filter((a) => a.figure === figure);
      const unit = rows[0].unit;
      const group = `<tr class="group"><th colspan="${systems.length + 3}">${escapeHtml(figure.charAt(0).toUpperCase() + figure.slice(1))} <span class="of">${escapeHtml(unit)}</span></th></tr>`;
      const lines = rows.map((a) => {
        const f = (v: number) => num(v, a.digits);
        const cells = systems.map((s) => {
          const v = a.values.find((w) => w.system === s.id);
          if (!v) return a.unmeasured?.includes(s.id) ? `<td class="none">${escapeHtml(a.why?.[s.id] ?? 'not in this system')}</td>` : '<td></td>';
          const interval = v.lo === v.hi ? '' : ci(v.lo, v.hi, f);
          // Casualties per hour: where the estimate lies against the historical middle half.
          const c = a.unit.startsWith('% of the men an hour') && a.side !== undefined ? cellOf(s.id, a.label)?.sides[a.side] : undefined;
          const ref = c ? (c.hitHarder ? CDB90.worse : CDB90.less) : null;
          const history = c && ref ? `<span class="of">${c.hitHarder ? 'hit harder' : 'hit less'}: ${placeOf(v.value, ref)} CDB90's ${fixed(ref.q1, 2)}-${fixed(ref.q3, 2)}</span>` : '';
          return `<td>${f(v.value)}${interval}${history}</td>`;
        });
        const verdict = !a.compared
          ? 'each system’s own mapping (not compared)'
          : systems.length < 2
            ? ''
            : a.differ.length === 0
              ? 'agree within their intervals'
              : a.differ
                  .slice(0, 3)
                  .map((d) => `${escapeHtml(short(x, d.b))} ${signed(d.difference, a.digits)} on ${escapeHtml(short(x, d.a))} <span class="ci">[${f(d.lo)}, ${f(d.hi)}]</span>`)
                  .join('; ') + (a.differ.length > 3 ? `; ${a.differ.length - 3} more pair${a.differ.length === 4 ? '' : 's'}` : '');
        const rowClass = a.compared && a.differ.length ? 'differ' : 'agree';
        return `<tr class="${rowClass}"><th scope="row">${escapeHtml(rowName(a.label))}</th>${cells.join('')}<td>${systems.length > 1 ? f(a.spread) : ''}</td><td class="verdict">${verdict}</td></tr>`;
      });
      return group + lines.join('\n');
    })
    .join('\n');
  return `<div class="scroll"><table class="cross"><thead><tr><th scope="col">${escapeHtml(single ? factorPhrase(single) : '')}</th>${head}<th scope="col">spread</th><th scope="col">where they part</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

/** How many of the compared figures the systems agree on, in a sentence. */
function agreementSentence(x: CrossResults): string {
  const compared = x.comparison.agreement.filter((a) => a.compared);
  if (x.provenance.systems.length < 2) return 'One rule system only: nothing to compare yet.';
  const parted = compared.filter((a) => a.differ.length > 0);
  const figures = [...new Set(parted.map((a) => a.figure))];
  return `The systems part on ${parted.length} of the ${compared.length} rows compared (a figure in one combination of the common factors; rows in bold)${figures.length ? `, on ${figures.length === 1 ? 'one figure' : `${figures.length} figures`}: ${figures.join('; ')}` : ''}.`;
}

const CROSS_CSS = `
table.cross td .of { display: block; white-space: normal; max-width: 12rem; }
table.cross tr.group .of { font-weight: normal; }
table.cross td.verdict { text-align: left; white-space: normal; min-width: 18rem; }
table.cross tr.differ td.verdict { font-weight: 600; }
table.cross td.none { color: #666; font-style: italic; white-space: normal; }
`;

/**
 * Each system plays to its own scenario's time limit, and the shares of attacks and defences won depend on it: the
 * limits in a sentence, said to differ where they do.
 */
function limitsNote(x: CrossResults): string {
  const known = x.provenance.systems.filter((s) => s.timeLimit);
  if (known.length === 0) return '';
  const list = known.map((s) => `${s.short}, ${timeLimitText(s.timeLimit!)}`).join('; ');
  const common = x.comparison.commonMinutes;
  // Different when the most a game can last differs, or a system rolls its own (results written before the common time have no commonMinutes).
  const differ = new Set(known.map((s) => mostMinutes(s.timeLimit!))).size > 1 || known.some((s) => surelyMinutes(s.timeLimit!) < mostMinutes(s.timeLimit!));
  const lead = differ ? 'The systems play to different time limits, and how often an attack or a defence wins depends on how long the attacker has: ' : 'Every system plays to the same time limit: ';
  const counted = common !== undefined ? countedWithin(known, common) : '';
  const within =
    common !== undefined
      ? ` "Attacks won within ${minutesText(common)}" counts only the wins of the first ${minutesText(common)}, the time every system's game lasts unless decided first, so that the systems are set side by side over the same time${counted ? `; each system counts the turns it has ended by then (${counted})` : ''}.`
      : '';
  return `<p class="definition">${escapeHtml(`${lead}${list}.${within}`)}</p>`;
}

/** Each system's time limit, in a list. */
function limitsList(x: CrossResults): string {
  return x.provenance.systems
    .filter((s) => s.timeLimit)
    .map((s) => `${s.short} ${timeLimitText(s.timeLimit!)}`)
    .join('; ');
}

/** The page. Pure: the caller reads the libraries and writes the file. */
export function crossHtml(x: CrossResults, charts: readonly PageChart[], libs: Libraries): string {
  const p = x.provenance;
  const title = p.experiment.title ?? p.experiment.name;
  const labels = [...new Set(x.comparison.cells.map((c) => c.label))];
  const systems = p.systems
    .map((s) => `<li><a href="${escapeHtml(systemFolder(s.id))}/index.html">${escapeHtml(s.title)}</a>: <code>${escapeHtml(s.scenario)}</code>${s.timeLimit ? `, ${escapeHtml(timeLimitText(s.timeLimit))}` : ''} <span class="hash">(results hash ${escapeHtml(s.hash.slice(0, 12))})</span></li>`)
    .join('');
  const traces = x.comparison.cells
    .map((c) => `<li>${escapeHtml(short(x, c.system))}, ${escapeHtml(c.label)}: <code>${escapeHtml(`${VOLLEY_COMMAND} trace ${shellWord(p.experiment.file)} --cell ${c.cell} --engagement 0 --seed ${shellWord(String(p.seed))}`)}</code></li>`)
    .join('');
  const specs = Object.fromEntries(charts.map((c) => [c.name, c.spec]));
  return `${pageStart(`${title} · volley cross-system report`, libs, CROSS_CSS)}
<header>
<h1>${escapeHtml(title)}</h1>
${p.experiment.question ? `<p class="question">${escapeHtml(p.experiment.question)}</p>` : ''}
<p class="lede">${escapeHtml(`${p.systems.length} rule ${p.systems.length === 1 ? 'system' : 'systems'} on one order of battle, ${p.engagementsPerCell.toLocaleString('en-GB')} engagements per system and cell${labels.length > 1 ? ` in ${labels.length} combinations of the common factors` : ''}. Each system's own report is linked below.`)}</p>
<nav><ul><li><a href="#side-by-side">Side by side</a></li>${charts.map((c) => `<li><a href="#${escapeHtml(c.name)}">${escapeHtml(c.heading)}</a></li>`).join('')}<li><a href="#systems">Each system</a></li><li><a href="#method">Method</a></li></ul></nav>
</header>
<section id="side-by-side">
<h2>Side by side: where the systems agree, and where they part</h2>
<p class="definition">${escapeHtml('The same question in each rule system, in men and in hours: every figure, each system’s estimate with its 95% interval (Wilson for shares), the spread between the highest and the lowest, and the pairs of systems whose difference is beyond chance (Holm-corrected over the pairs of the row, 5%), largest first, with the difference’s 95% interval.')}</p>
<p class="lede">${escapeHtml(agreementSentence(x))}</p>
${limitsNote(x)}
${sideBySide(x)}
</section>
${charts.map((c) => chartSection(c)).join('\n')}
<section id="systems">
<h2>Each system</h2>
<p class="definition">${escapeHtml('Every system’s full report: its outcome shares, losses, cohesion, morale checks and its own counts, in its own words.')}</p>
<ul>${systems}</ul>
<h3>Engagements to trace</h3>
<ul class="trace-picks">${traces}</ul>
</section>
<section id="method">
<h2>Method</h2>
<p class="definition">${escapeHtml(x.comparison.method)}</p>
<dl class="facts"><dt>Experiment</dt><dd><code>${escapeHtml(p.experiment.file)}</code></dd><dt>Seed</dt><dd>${escapeHtml(String(p.seed))}</dd><dt>Batch</dt><dd>${p.batch}</dd><dt>Hash</dt><dd class="hash">${escapeHtml(p.hash)}</dd><dt>volley</dt><dd>${escapeHtml(p.volley)}</dd><dt>Dice</dt><dd><code>${escapeHtml(diceOf(p))}</code></dd></dl>
</section>
</main>
${pageEnd(specs)}`;
}
