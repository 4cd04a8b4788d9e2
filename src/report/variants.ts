/**
 * Paired comparisons of rule variants in words and numbers: the "Variants" section of index.html and
 * comparisons.csv. The numbers come from src/stats/comparison.ts (method documented there).
 */
import { escapeHtml } from '../results/html.js';
import type { Results } from '../results/results.js';
import type { MetricComparison, VariantComparison } from '../stats/comparison.js';
import { formatValue } from './labels.js';
import { csvField } from '../results/rows.js';
import { unbroken } from './wrap.js';
import { fixed, num, signed } from './words.js';

const VARIANT = 'variant';

const esc = escapeHtml;

/** The results have paired comparisons to show. */
export function hasComparisons(r: Results): boolean {
  return (r.comparisons ?? []).length > 0;
}

/**
 * The other factors of a comparison in short words, "terrain=town": only those that take more than
 * one value, each by the last segment of its path (the whole path where two would read the same).
 */
export function groupName(r: Results, c: Pick<VariantComparison, 'groupFactors'>): string {
  const factors = r.provenance.factors;
  const keys = Object.keys(c.groupFactors).filter((k) => k !== VARIANT && (factors[k]?.length ?? 0) > 1);
  const shorts = keys.map((k) => k.split('.').pop() ?? k);
  const names = new Set(shorts).size === shorts.length ? shorts : keys;
  return keys.map((k, i) => `${names[i]}=${formatValue(c.groupFactors[k])}`).join(', ');
}

/** "7.10 − 7.6", with the other factors where they vary: "7.10 − 7.6 (orders=attack)". */
export function comparisonName(r: Results, c: VariantComparison): string {
  const g = groupName(r, c);
  return `${c.variant} − ${c.reference}${g ? ` (${g})` : ''}`;
}


/** Decimals a figure is written with: shares in points to 0.1, men whole, other counts to 0.01. */
const digitsOf = (m: Pick<MetricComparison, 'kind' | 'unit'>) => (m.kind === 'share' ? 1 : m.unit === 'men' ? 0 : 2);

/** A count's mean as the console table writes it: "7.32", "12,883" (men). */
export function countText(m: Pick<MetricComparison, 'kind' | 'unit'>, v: number): string {
  return num(v, digitsOf(m));
}

/** The unit a difference is read in. */
export function differenceUnit(m: Pick<MetricComparison, 'kind' | 'unit'>): string {
  return m.kind === 'share' ? 'points' : m.unit;
}

/** A variant's value: "61.6% [59.5, 63.7]", "7.32 [7.11, 7.52]" or "12,883 [12,401, 13,365]" (men). */
export function valueText(m: MetricComparison, which: 'variant' | 'reference'): string {
  const v = m[which];
  if (m.kind === 'share') return `${fixed(100 * v.value, 1)}% [${fixed(100 * v.lo, 1)}, ${fixed(100 * v.hi, 1)}]`;
  const digits = digitsOf(m);
  return `${num(v.value, digits)} [${num(v.lo, digits)}, ${num(v.hi, digits)}]`;
}

/**
 * The difference: "−8.7 points [−9.9, −7.5]" or "+0.73 strength points [0.64, 0.83]". `holm`: the
 * interval at the level of the figure's Holm step, to stand beside the Holm stars (the 95% interval
 * where the results predate it).
 */
export function differenceText(m: MetricComparison, holm = false): string {
  const k = m.kind === 'share' ? 100 : 1;
  const digits = digitsOf(m);
  const d = m.difference;
  const i = holm && m.holmInterval ? m.holmInterval : d;
  const ci = i.lo === null || i.hi === null ? '' : ` [${num(k * i.lo, digits)}, ${num(k * i.hi, digits)}]`;
  return `${signed(k * d.mean, digits)} ${differenceUnit(m)}${ci}`;
}

/** A p-value as people read it: "< 0.001", "0.034", "1". */
export function pText(p: number | null): string {
  if (p === null) return '–';
  if (p < 0.001) return '< 0.001';
  if (p >= 0.9995) return '1';
  return p.toFixed(3);
}

export function testText(m: MetricComparison): string {
  if (m.test === 'sign') return `McNemar exact (${m.discordant!.variantOnly} vs ${m.discordant!.referenceOnly})`;
  return m.statistic === null ? 'paired t' : `paired t = ${num(m.statistic, 2)}`;
}

/**
 * "6.1×"; "∞" when the two variants differ by the same nonzero amount in every engagement; "–" when the
 * figure is the same under both in every engagement, or nothing varies.
 */
export function ratioText(m: MetricComparison): string {
  if (m.varianceRatio !== null) return `${m.varianceRatio >= 100 ? m.varianceRatio.toFixed(0) : m.varianceRatio.toFixed(1)}×`;
  return m.varianceIndependent > 0 && m.difference.mean !== 0 ? '∞' : '–';
}

/** Every figure of the comparison is the same under both variants in every engagement. */
export function identical(c: VariantComparison): boolean {
  return c.metrics.every((m) => m.difference.mean === 0 && m.variancePaired === 0);
}

/** A sentence on the comparison: what differs, the largest changes, and what the pairing saved. */
export function comparisonSentence(r: Results, c: VariantComparison): string {
  const g = groupName(r, c);
  const where = g ? ` (${g})` : '';
  if (identical(c)) {
    return `${c.variant} against ${c.reference}${where}: the same result in every one of the ${c.n.toLocaleString('en-GB')} engagements; the two make no difference here.`;
  }
  const sig = c.metrics.filter((m) => m.significant);
  const largest = [...sig]
    .sort((a, b) => Math.abs(b.difference.mean) * (b.kind === 'share' ? 100 : 1) - Math.abs(a.difference.mean) * (a.kind === 'share' ? 100 : 1))
    .filter((m) => m.kind === 'share')
    .slice(0, 3);
  const parts = [`${c.variant} against ${c.reference}${where}: ${sig.length} of ${c.metrics.length} figures differ after the Holm correction`];
  if (largest.length) parts.push(`the largest shares (Holm-adjusted intervals): ${largest.map((m) => `${m.label.replace(/: /, ' ')} ${differenceText(m, true)}`).join('; ')}`);
  const won = c.metrics.find((m) => m.metric === 'won' && m.side === 0 && m.varianceRatio !== null);
  if (won) {
    const who = won.label.replace(/: won$/, '');
    parts.push(`independent runs would have needed ${won.varianceRatio!.toFixed(1)} times as many engagements to measure the change in the win share of ${who} as precisely (variance ratio)`);
  }
  return `${parts.join('; ')}.`;
}

/** What a variant changes, in words: options, scenario values, refit. */
function changesText(v: NonNullable<Results['variants']>['list'][number]): string {
  const parts = [
    ...Object.entries(v.options).map(([k, x]) => `<code>${esc(k)}: ${esc(formatValue(x))}</code>`),
    ...Object.entries(v.set).map(([k, x]) => `<code>${esc(k)}: ${esc(formatValue(x))}</code>`),
    ...(v.refit ? [`refit <code>${esc(v.refit)}</code>`] : []),
  ];
  return parts.length ? parts.join(', ') : 'nothing: the scenario as it is';
}

function comparisonTable(r: Results, c: VariantComparison): string {
  // Nothing to tabulate: every figure is the same in every engagement (the sentences above say so).
  if (identical(c)) return `<p class="same">${esc(comparisonSentence(r, c))}</p>`;
  const rows = c.metrics
    .map((m) => {
      const cls = m.significant ? ' class="significant"' : '';
      const td = (text: string, cls = '') => `<td${cls ? ` class="${cls}"` : ''}>${unbroken(esc(text))}</td>`;
      return `<tr${cls}><th scope="row">${esc(m.label)}</th>${td(valueText(m, 'reference'))}${td(valueText(m, 'variant'))}${td(differenceText(m, true), 'diff')}${td(testText(m))}${td(pText(m.p))}${td(pText(m.pHolm))}${td(ratioText(m))}</tr>`;
    })
    .join('\n');
  const g = groupName(r, c);
  return `<div class="scroll"><table class="comparison">
<caption>${esc(`${c.variant} against ${c.reference}${g ? `, ${g}` : ''}: ${c.n.toLocaleString('en-GB')} engagements each, on the same dice`)}</caption>
<thead><tr><th scope="col">Figure</th><th scope="col">${esc(c.reference)} (reference)</th><th scope="col">${esc(c.variant)}</th><th scope="col">Paired difference [Holm-adjusted]</th><th scope="col">Test</th><th scope="col">p</th><th scope="col">p (Holm)</th><th scope="col">Variance ratio</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
}

/** The chart of the section, as the page embeds it. */
export interface SectionChart {
  name: string;
  heading: string;
}

/** The "Variants" section of index.html, or '' without variants. */
export function variantsSection(r: Results, chart?: SectionChart): string {
  if (!r.variants || !hasComparisons(r)) return '';
  const v = r.variants;
  const list = v.list
    .map(
      (x) =>
        `<tr><th scope="row">${esc(x.name)}${x.name === v.reference ? ' <span class="of">(reference)</span>' : ''}</th><td>${changesText(x)}</td><td class="note">${esc(x.note ?? '')}</td></tr>`,
    )
    .join('\n');
  const comparisons = r.comparisons!;
  const groups = [...new Set(comparisons.map((c) => groupName(r, c)))];
  const tables = groups
    .map((g) => {
      const cs = comparisons.filter((c) => groupName(r, c) === g);
      return `${g ? `<h3>${esc(g)}</h3>\n` : ''}${cs.map((c) => comparisonTable(r, c)).join('\n')}`;
    })
    .join('\n');
  const sentences = comparisons.map((c) => `<li>${esc(comparisonSentence(r, c))}</li>`).join('');
  const figure = chart
    ? `<div class="chart" data-spec="${esc(chart.name)}"></div>
<noscript><img src="${esc(chart.name)}.svg" alt="${esc(chart.heading)}"></noscript>
<p class="files">Files: <a href="${esc(chart.name)}.png">PNG</a> · <a href="${esc(chart.name)}.svg">SVG</a> · <a href="${esc(chart.name)}.vl.json">Vega-Lite spec</a> · <a href="comparisons.csv">comparisons.csv</a></p>`
    : '<p class="files">Numbers: <a href="comparisons.csv">comparisons.csv</a></p>';
  return `<section id="variants">
<h2>Variants</h2>
<p class="definition">${esc(
    `Every variant plays the same engagements as the reference, ${v.reference}, with the same dice, so each figure is compared engagement by engagement: the paired difference is the variant's value minus the reference's, with its interval adjusted as the Holm correction adjusts its test: at the level of the figure's Holm step (95% for a figure alone, wider the more figures are compared), so that it excludes zero where the row is in bold (exactly for counts, tested with the same t statistic; for shares, tested exactly, nearly always). The forest plot draws the same adjusted intervals; comparisons.csv gives the unadjusted 95% interval. Shares differ in percentage points, counts in their own unit. Test: the exact McNemar test for figures that are 0 or 1 per engagement (in brackets: the engagements where only the variant, and only the reference, had it), the paired t test for counts. p (Holm): the p-value after the Holm correction; ${v.holmFamily.charAt(0).toLowerCase()}${v.holmFamily.slice(1)} Rows in bold differ at the 5% level after the correction. Variance ratio: how much the pairing saved, the variance of the difference with independent dice over its variance on the same dice (∞: the same nonzero difference in every engagement; –: the same value under both in every engagement). Figures that are the same in every engagement of every variant are left out.`,
  )}</p>
<div class="scroll"><table class="variants"><caption>The variants</caption>
<thead><tr><th scope="col">Variant</th><th scope="col">What it changes</th><th scope="col">Note</th></tr></thead>
<tbody>
${list}
</tbody></table></div>
<ul class="sentences">${sentences}</ul>
${figure}
${tables}
</section>`;
}

export const COMPARISONS_CSV_COLUMNS = [
  'group', 'variant', 'reference', 'metric', 'side', 'side_name', 'objective', 'label', 'kind', 'unit', 'n',
  'reference_value', 'reference_lo', 'reference_hi', 'variant_value', 'variant_lo', 'variant_hi',
  'difference', 'difference_lo', 'difference_hi', 'difference_sd', 'test', 'statistic', 'variant_only', 'reference_only',
  'p', 'p_holm', 'significant', 'variance_independent', 'variance_paired', 'variance_ratio',
] as const;

/** comparisons.csv: one row per comparison × figure; shares as fractions, not points. */
export function comparisonsCsv(r: Results): string {
  const lines: string[] = [COMPARISONS_CSV_COLUMNS.join(',')];
  for (const c of r.comparisons ?? []) {
    for (const m of c.metrics) {
      lines.push(
        [
          c.group, c.variant, c.reference, m.metric, m.side ?? '', m.side === null ? '' : r.sides[m.side].name,
          m.objective === null ? '' : (r.objectives[m.objective]?.name ?? m.objective), m.label, m.kind, m.unit, c.n,
          m.reference.value, m.reference.lo, m.reference.hi, m.variant.value, m.variant.lo, m.variant.hi,
          m.difference.mean, m.difference.lo, m.difference.hi, m.difference.sd, m.test, m.statistic,
          m.discordant?.variantOnly, m.discordant?.referenceOnly, m.p, m.pHolm, m.significant,
          m.varianceIndependent, m.variancePaired, m.varianceRatio,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
