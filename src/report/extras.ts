/**
 * The ruleset's battle extras read for the report: cavalry charges, squares, pursuits, command, supply
 * and bombardment, counted per engagement (results.json `cells[].summary.extras`, and
 * `summary.sides[i].leadersLost`). Pure: the page and the cavalry chart format what this returns.
 *
 * Two rows are ratios of totals rather than means per engagement:
 * - squares formed per square check: the cell's squares formed in total over its square checks in
 *   total, each total being the per-engagement mean times the number of engagements (mean * n,
 *   rounded: the histograms count whole checks). The interval is the Wilson score interval of that
 *   count out of that many checks, which treats every check as an independent trial. Checks in one
 *   engagement are not quite independent (the same brigade, the same morale), so the interval is, if
 *   anything, a little narrow.
 * - mean delay per order: orderDelayTurns in total over ordersSent in total. The summaries keep no
 *   per-engagement pairs, so there is no interval for it; the number of orders is shown instead.
 */
import type { Results } from '../results/results.js';
import type { HistogramSummary } from '../stats/histogram.js';
import { wilson, type Proportion } from '../stats/intervals.js';

type Summary = Results['cells'][number]['summary'];
type Side = 0 | 1;

/** One extra of a cell (absent in results written before the extras, and for assaults). */
export function extra(s: Summary, key: string): HistogramSummary | undefined {
  return s.extras?.[key];
}

/** The count behind a per-engagement mean: mean * n, rounded (the histograms hold whole counts). */
export function total(h: Pick<HistogramSummary, 'mean' | 'n'> | undefined): number {
  return h ? Math.round(h.mean * h.n) : 0;
}

/** Squares formed out of square checks, all engagements of the cell pooled; null without checks. */
export function squareRate(s: Summary): Proportion | null {
  const checks = total(extra(s, 'squareChecks'));
  return checks > 0 ? wilson(total(extra(s, 'squaresFormed')), checks) : null;
}

/**
 * Squares formed out of charges made by both sides (reaction charges included), pooled: the rate per
 * charge, where squareRate is per check (a charge at infantry that is disrupted, or at no infantry, makes
 * no check). Null without charges; a check of each charge's target is at most one, so the share is a proportion.
 */
export function squaresPerCharge(s: Summary): Proportion | null {
  const charges = [0, 1].reduce((n, k) => n + total(extra(s, `charges.${k}`)) + total(extra(s, `reactionCharges.${k}`)), 0);
  return charges > 0 ? wilson(Math.min(charges, total(extra(s, 'squaresFormed'))), charges) : null;
}

/** Mean turns an order of `side` took to arrive, over all its orders in the cell; null without orders. */
export function orderDelay(s: Summary, side: Side): { turns: number; orders: number } | null {
  const orders = total(extra(s, `ordersSent.${side}`));
  return orders > 0 ? { turns: total(extra(s, `orderDelayTurns.${side}`)) / orders, orders } : null;
}

/** Battle results: formations or objectives in the summaries (assault results have neither). */
export function isBattle(r: Results): boolean {
  return r.cells.some((c) => (c.summary.formations ?? []).length > 0 || (c.summary.objectives ?? []).length > 0);
}

/** Charges a side made, reaction charges included, per engagement. */
export function chargesMade(s: Summary, side: Side): number {
  return (extra(s, `charges.${side}`)?.mean ?? 0) + (extra(s, `reactionCharges.${side}`)?.mean ?? 0);
}

/** Whether any cell has a charge or a square check: the cavalry chart has something to show. */
export function hasCharges(r: Results): boolean {
  return isBattle(r) && r.cells.some((c) => chargesMade(c.summary, 0) > 0 || chargesMade(c.summary, 1) > 0 || total(extra(c.summary, 'squareChecks')) > 0);
}

export type ExtraValue =
  | { kind: 'mean'; h: HistogramSummary }
  | { kind: 'share'; p: Proportion; of: string }
  | { kind: 'ratio'; value: number; unit: string; of: string };

export interface ExtraRow {
  /** Stable id: the extra's key ("charges.0"), or a name for the derived rows. */
  id: string;
  group: 'Cavalry' | 'Command' | 'Supply' | 'Artillery';
  side: Side | null;
  label: string;
  /** Plain words: what the row counts. */
  definition: string;
  /** One per cell; null where the cell has nothing to divide by. */
  values: (ExtraValue | null)[];
}

interface Metric {
  key: string;
  group: ExtraRow['group'];
  label: string;
  definition: string;
}

/** Extras counted per side, as the table lists them. */
const PER_SIDE: readonly Metric[] = [
  {
    key: 'charges',
    group: 'Cavalry',
    label: 'charges made',
    definition: 'Cavalry charges the side made in its own charge segment (7.6), per engagement; one per charging stack, also when its target had gone before the charge was resolved.',
  },
  {
    key: 'chargesWon',
    group: 'Cavalry',
    label: 'charges won',
    definition: 'Charges (reaction charges included) in which the target lost more steps than the chargers: the target retreated one hex, disrupted.',
  },
  {
    key: 'chargesLost',
    group: 'Cavalry',
    label: 'charges lost',
    definition: 'Charges (reaction charges included) in which the chargers lost more steps than the target and fell back, disrupted.',
  },
  {
    key: 'reactionCharges',
    group: 'Cavalry',
    label: 'reaction charges',
    definition: 'Charges the side’s cavalry made in the enemy’s turn, at an enemy unit that moved within two hexes of it, after passing a morale check (7.8).',
  },
  {
    key: 'pursuitsChosen',
    group: 'Cavalry',
    label: 'pursuits chosen',
    definition: 'Times cavalry that had won a charge chose to ride after the beaten enemy for one more round of fire, which the pursued do not return (7.7).',
  },
  {
    key: 'pursuitsForced',
    group: 'Cavalry',
    label: 'pursuits forced',
    definition: 'Times cavalry that had won a charge did not mean to pursue but rolled above its pursuit rating and had to (7.7).',
  },
  {
    key: 'retreatsBeforeAssault',
    group: 'Cavalry',
    label: 'retreats before assault',
    definition: 'Stacks of the side’s cavalry and horse artillery that slipped one hex away before an enemy assault (7.11); a stack counts once.',
  },
  {
    key: 'attackOrdersAbandoned',
    group: 'Command',
    label: 'Attack orders abandoned (12.3)',
    definition: 'Times a formation under Attack orders had a unit hit and its leader failed the check that follows: the orders became Reserve and its units fell back three hexes, disrupted.',
  },
  {
    key: 'attackOrdersFailedAtNight',
    group: 'Command',
    label: 'Attack orders failed at night (16)',
    definition: 'Times a formation’s Attack orders failed on a night turn because none of its units stood on its objective.',
  },
  {
    key: 'ordersSent',
    group: 'Command',
    label: 'orders sent',
    definition: 'New orders the side’s commanders sent to formations in the command phase (12.4), at most a commander’s rating a turn (12.5).',
  },
  {
    key: 'unitsReorganized',
    group: 'Command',
    label: 'units reorganized',
    definition: 'Eliminated units a Reserve formation’s leader brought back, reduced, on a night turn (15).',
  },
  {
    key: 'supplyLosses',
    group: 'Supply',
    label: 'steps lost to supply',
    definition: 'Steps the side lost because its units were out of supply at the end of its turn (17): one step per unit out of supply, every turn.',
  },
  {
    key: 'bombardments',
    group: 'Artillery',
    label: 'bombardments',
    definition: 'Bombardments the side’s artillery made (8.1): one per target hex fired at, however many batteries fired together.',
  },
  {
    key: 'bombardmentHits',
    group: 'Artillery',
    label: 'bombardment hits',
    definition: 'Hits those bombardments scored on the fire table (8.1).',
  },
];

const GROUPS: readonly ExtraRow['group'][] = ['Cavalry', 'Command', 'Supply', 'Artillery'];

const nonzero = (v: ExtraValue | null): boolean =>
  v !== null && (v.kind === 'mean' ? v.h.mean !== 0 : v.kind === 'share' ? v.p.n > 0 : true);

/**
 * The rows of the "Cavalry, command and supply" table, grouped (cavalry, command, supply, artillery)
 * and, within a group, side by side for each metric. Only rows with a number other than zero in some
 * cell; the mean delay per order whenever the side sent orders. Empty for assault results.
 */
export function extraRows(r: Results): ExtraRow[] {
  if (!isBattle(r)) return [];
  const cs = r.cells.map((c) => c.summary);
  const mean = (key: string) => cs.map((s): ExtraValue | null => {
    const h = extra(s, key);
    return h ? { kind: 'mean', h } : null;
  });
  const name = (k: Side) => r.sides[k]?.name ?? `Side ${k}`;
  const rows: ExtraRow[] = [];
  const sideRows = (m: Metric) =>
    ([0, 1] as const).map((k): ExtraRow => ({ id: `${m.key}.${k}`, group: m.group, side: k, label: `${name(k)}: ${m.label}`, definition: m.definition, values: mean(`${m.key}.${k}`) }));

  for (const m of PER_SIDE.filter((x) => x.group === 'Cavalry')) rows.push(...sideRows(m));
  rows.push({
    id: 'squareRate',
    group: 'Cavalry',
    side: null,
    label: 'Squares formed per square check',
    definition:
      'Of the morale checks infantry made to form square when charged (7.6, 7.10), the share passed, all the cell’s engagements pooled (see the glossary).',
    values: cs.map((s) => {
      const p = squareRate(s);
      return p ? { kind: 'share', p, of: `of ${p.n.toLocaleString('en-GB')} ${p.n === 1 ? 'check' : 'checks'}` } : null;
    }),
  });
  rows.push({
    id: 'squaresPerCharge',
    group: 'Cavalry',
    side: null,
    label: 'Squares formed per charge',
    definition: 'Squares formed out of all charges both sides made (reaction charges included), all the cell’s engagements pooled: a charge at disrupted infantry or at no infantry makes no square check and counts here as no square.',
    values: cs.map((s) => {
      const p = squaresPerCharge(s);
      return p ? { kind: 'share', p, of: `of ${p.n.toLocaleString('en-GB')} ${p.n === 1 ? 'charge' : 'charges'}` } : null;
    }),
  });
  rows.push({
    id: 'flankCharges',
    group: 'Cavalry',
    side: null,
    label: 'Flank charges (both sides)',
    definition: 'Charges doubled because the target already stood next to other units of the charging side, charged from another hex (7.10); not against towns.',
    values: mean('flankCharges'),
  });
  for (const k of [0, 1] as const) {
    rows.push({
      id: `leadersLost.${k}`,
      group: 'Command',
      side: k,
      label: `${name(k)}: leaders lost`,
      definition: 'Leaders of the side who died when left alone by their units, on a roll of 1 (11); a fallen leader returns the next turn, rated 1.',
      values: cs.map((s) => (s.sides[k]?.leadersLost ? { kind: 'mean', h: s.sides[k].leadersLost } : null)),
    });
  }
  for (const m of PER_SIDE.filter((x) => x.group !== 'Cavalry')) {
    rows.push(...sideRows(m));
    if (m.key === 'ordersSent') {
      for (const k of [0, 1] as const) {
        rows.push({
          id: `orderDelay.${k}`,
          group: 'Command',
          side: k,
          label: `${name(k)}: mean delay per order`,
          definition: 'Turns an order took to reach its formation (12.4), over all the orders the side sent in the cell: total delay over orders sent. No interval: the results keep no per-engagement pairs to build one from.',
          values: cs.map((s) => {
            const d = orderDelay(s, k);
            return d ? { kind: 'ratio', value: d.turns, unit: 'turns', of: `over ${d.orders.toLocaleString('en-GB')} ${d.orders === 1 ? 'order' : 'orders'}` } : null;
          }),
        });
      }
    }
  }
  // A row shows when some cell has something other than zero.
  const kept = rows.filter((row) => row.values.some(nonzero));
  return GROUPS.flatMap((g) => kept.filter((row) => row.group === g));
}
