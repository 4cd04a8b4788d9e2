/** The plain-text summary a run prints: one row per cell. */
import { countedWithin, minutesText, timeLimitText, type CrossResults } from '../results/cross.js';
import type { Results } from '../results/results.js';
import { countText, differenceText, groupName, identical, pText, ratioText } from './variants.js';
import { count, fixed, LEVEL_NOTE, meanText, shareText, sideVerb } from './words.js';
import { turnsWord } from './labels.js';
import { chartsEveryCell } from './charts/manyCellsLimit.js';
import { ANSWER_LINES } from './question.js';

const pct = (p: number) => `${fixed(100 * p, 1)}%`;

/** Columns padded to their widest entry, the first left-aligned. */
function columns(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The plain-text summary of a cross-system run: a row per system and combination of the common factors. */
export function crossTable(x: CrossResults): string {
  const name = (id: string) => x.provenance.systems.find((s) => s.id === id)?.short ?? id;
  const common = x.comparison.commonMinutes;
  const noTurn = new Set<string>();
  const withinHead = common === undefined ? [] : [`won in ${minutesText(common)}`];
  const head = ['system', 'cell', 'attack won [95% CI]', ...withinHead, 'defence won', 'hours', 'att. cas./h', 'def. cas./h'];
  const rows = x.comparison.cells.map((c) => {
    const att = c.attacker ?? 0;
    const rate = (k: number) => `${fixed(c.sides[k].casualtiesPerHour.value, 2)}%`;
    const within = common === undefined ? [] : [c.wonWithin ? pct(c.wonWithin.p) : '-'];
    if (common !== undefined && c.wonWithin === null) noTurn.add(name(c.system));
    return [name(c.system), c.label, `${pct(c.carried.p)} [${pct(c.carried.lo)}, ${pct(c.carried.hi)}]`, ...within, pct(c.held.p), fixed(c.hours.mean, 2), rate(att), rate(1 - att)];
  });
  const compared = x.comparison.agreement.filter((a) => a.compared);
  const parted = compared.filter((a) => a.differ.length > 0).length;
  const limits = x.provenance.systems.filter((s) => s.timeLimit).map((s) => `${s.short} ${timeLimitText(s.timeLimit!)}`);
  const limitLine = limits.length ? `\ntime limits (the turns a game can last): ${limits.join('; ')}` : '';
  const dash = noTurn.size ? `, - where no turn of the system ends by then (${[...noTurn].join(', ')})` : '';
  const counted = common === undefined ? '' : countedWithin(x.provenance.systems, common);
  const turnsLine = counted ? `, counting the turns ended by then (${counted})` : '';
  const withinLine = common === undefined ? '' : `; won in ${minutesText(common)}: within the time every system's game lasts unless decided first${turnsLine}${dash}`;
  return `${columns(head, rows)}\n\nattack won: carried the position or broke the defence, by each system's end conditions (not only ending in the objective)${withinLine}; defence won: the attack failed\ncas./h: killed and wounded per hour, % of the men at the start (CDB90 1792-1815, middle half: hit harder 1.8-3.75, hit less 0.6-2.0)\nthe systems part on ${parted} of ${compared.length} rows compared (a figure in one cell; Holm, 5%): see the report's agreement table${limitLine}`;
}

export function summaryTable(r: Results): string {
  const [a, d] = r.sides.map((s) => s.name);
  // A run stopped at a target precision: each cell's own number of engagements.
  const precise = r.provenance.precision !== undefined;
  const head = ['cell', ...(precise ? ['engagements'] : []), sideVerb(a, 'wins', 'win'), sideVerb(d, 'wins', 'win'), 'draw', `${a} str. lost`, `${d} str. lost`, turnsWord(r)];
  // Of many cells, the first few: the report has every one.
  const many = !chartsEveryCell(r);
  const rows = (many ? r.cells.slice(0, ANSWER_LINES) : r.cells).map((c) => {
    const s = c.summary;
    const o = s.outcome;
    const lost = (k: 0 | 1) => meanText({ ...s.sides[k].strengthLost, lo: Math.max(0, s.sides[k].strengthLost.lo) });
    return [c.label, ...(precise ? [count(s.engagements)] : []), shareText(o[0]), pct(o[1].p), pct(o[2].p), lost(0), lost(1), fixed(s.turns.mean, 2)];
  });
  const more = many ? `\n... and ${r.cells.length - rows.length} more cells (the report's table of every cell, and cells.csv)` : '';
  return `${columns(head, rows)}${more}\n(${LEVEL_NOTE})`;
}

/** The plain-text comparisons a run with variants prints: per comparison, each figure's paired difference. */
export function comparisonsTable(r: Results): string {
  const out: string[] = [];
  for (const c of r.comparisons ?? []) {
    const g = groupName(r, c);
    if (identical(c)) {
      out.push(`\n${c.variant} − ${c.reference}${g ? ` (${g})` : ''}, ${count(c.n)} engagements on the same dice: the same result in every engagement, every figure unchanged.`);
      continue;
    }
    out.push(`\n${c.variant} − ${c.reference}${g ? ` (${g})` : ''}, ${count(c.n)} engagements on the same dice:`);
    const head = ['figure', c.reference, c.variant, 'difference [Holm-adjusted]', 'p (Holm)', 'var. ratio'];
    const rows = c.metrics.map((m) => [
      m.label,
      m.kind === 'share' ? pct(m.reference.value) : countText(m, m.reference.value),
      m.kind === 'share' ? pct(m.variant.value) : countText(m, m.variant.value),
      `${differenceText(m, true)}${m.significant ? ' *' : ''}`,
      pText(m.pHolm),
      ratioText(m),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]) => cells.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
    out.push(line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line));
  }
  if (out.length) {
    out.push(
      `\n(${LEVEL_NOTE} for the figures; each difference's interval at the level of its Holm step, so that it excludes 0 where a * stands)` +
        '\n* differs at the 5% level after the Holm correction',
    );
  }
  return out.join('\n');
}
