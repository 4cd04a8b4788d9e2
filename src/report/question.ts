/**
 * The scenario's question answered in one line per cell, first on the console and first in the
 * report: for an attack, how often it won (by its rules' end conditions: it carried the position or
 * broke the defence), how often it held what it attacked at the end, and at what cost, in men and as a
 * share of its strength, each with its interval (DESIGN.md: "how often does the attacker take the
 * village, at what cost, and how sure are we?"). The two shares differ: an attack that routs every
 * defender wins without standing in the objective.
 */
import type { Results } from '../results/results.js';
import type { SideSummary } from '../stats/summary.js';
import { escapeHtml } from '../results/html.js';
import { cellNames } from './labels.js';
import { chartsEveryCell } from './charts/manyCellsLimit.js';
import { count, counted, interval, LEVEL_NOTE, meanText, namesMany, shareText } from './words.js';

type Cell = Results['cells'][number];

/** The side with the role of attacker, when exactly one has it. */
export function attackerOf(r: Pick<Results, 'sides'>): 0 | 1 | null {
  const found = r.sides.flatMap((s, i) => (s.role === 'attacker' ? [i as 0 | 1] : []));
  return found.length === 1 ? found[0] : null;
}

/**
 * What a side lost: "1,210 men [1,190, 1,230] (31.0% [30.5, 31.5] of its strength)", in men where the
 * rule system counts them, else in its own strength units.
 */
export function costText(s: SideSummary, pronoun = 'its'): string {
  const share = s.menLostFraction ? shareText({ p: s.menLostFraction.mean, lo: Math.max(0, s.menLostFraction.lo), hi: s.menLostFraction.hi }) : `${(100 * s.menLostShare).toFixed(1)}%`;
  if (s.startMen.mean > 0) {
    const men = `${count(s.menLost.mean)} ${s.menLost.mean === 1 ? 'man' : 'men'} ${interval(Math.max(0, s.menLost.lo), s.menLost.hi, count)}`;
    return `${men} (${share} of ${pronoun} strength)`;
  }
  const l = s.strengthLost;
  const lost = meanText({ mean: l.mean, lo: Math.max(0, l.lo), hi: l.hi });
  return `${lost} strength points (${(100 * s.strengthLostShare).toFixed(1)}% of ${pronoun} strength)`;
}

/** What the attack was to carry: "its objective (the village)", "all 3 objectives". */
function objectivesText(r: Pick<Results, 'objectives'>, attacker: 0 | 1): string {
  const attacked = r.objectives.filter((o) => o.holder !== attacker);
  return attacked.length === 1 ? `its objective (${attacked[0].name})` : `all ${attacked.length} objectives`;
}

/** What an attacker's win share counts, beside the share of engagements it held what it attacked at the end. */
export const WON_MEANS = 'carried the position or broke the defence, by its rules’ end conditions';

/** The answer for one cell, without the cell's name. */
export function answerOf(r: Pick<Results, 'sides' | 'objectives'>, c: Pick<Cell, 'summary'>): string {
  const s = c.summary;
  const n = counted(s.engagements, 'engagement');
  const a = attackerOf(r);
  if (a !== null) {
    const side = s.sides[a];
    const who = `The attack (${r.sides[a].name})`;
    const cost = costText(side);
    const won = `${who} won ${shareText(s.outcome[a])} of ${n}`;
    if (side.carried) return `${won} (${WON_MEANS}) and held ${objectivesText(r, a)} at the end in ${shareText(side.carried)}, at ${cost}`;
    return `${won}, at ${cost}`;
  }
  // No single attacker (a meeting engagement): each side's wins, what it held at the end, and cost.
  const sides = ([0, 1] as const).map((k) => {
    const name = r.sides[k].name;
    const held = s.sides[k].carried;
    const what = `${name} won ${shareText(s.outcome[k])}${held ? ` and held every objective at the end in ${shareText(held)}` : ''}`;
    return `${what}, at ${costText(s.sides[k], namesMany(name) ? 'their' : 'its')}`;
  });
  return `${sides[0]}; ${sides[1]} (of ${n})`;
}

/** Past this many cells the answer gives the first ANSWER_LINES cells' lines and says how many more there are. */
export const ANSWER_LINES = 8;

/**
 * One line per cell: the cell's short name, then its answer; a single cell's line has no name. Of more
 * than MAX_CELLS_CHARTED cells, the first ANSWER_LINES, then a line saying how many more.
 */
export function answerLines(r: Results): { cell: string; text: string }[] {
  const names = cellNames(r);
  const many = !chartsEveryCell(r);
  const shown = many ? r.cells.slice(0, ANSWER_LINES) : r.cells;
  const lines = shown.map((c, i) => ({ cell: r.cells.length === 1 ? '' : names.labels[i], text: answerOf(r, c) }));
  if (many) lines.push({ cell: '', text: `... and ${r.cells.length - shown.length} more cells (the report's table of every cell, and cells.csv)` });
  return lines;
}

/** The answer as console lines, ending with the level of the intervals. */
export function answerText(r: Results): string {
  const lines = answerLines(r).map((l) => (l.cell ? `${l.cell}: ${l.text}` : l.text));
  return `${lines.join('\n')}\n(${LEVEL_NOTE})`;
}

/** The answer at the top of the report: a list of the cells' lines, with the level of the intervals. */
export function answerHtml(r: Results): string {
  const lines = answerLines(r)
    .map((l) => `<li>${l.cell ? `<strong>${escapeHtml(l.cell)}</strong>: ` : ''}${escapeHtml(l.text)}</li>`)
    .join('\n');
  return `<ul class="answer">\n${lines}\n</ul>\n<p class="lede">${escapeHtml(`(${LEVEL_NOTE})`)}</p>`;
}

/** The question the run was asked (the experiment's, else the scenario's) and its answer, for the console. */
export function questionBlock(r: Results): string {
  const q = r.provenance.experiment?.question ?? r.provenance.scenario.question;
  return `${q ? `${q}\n` : ''}${answerText(r)}`;
}
