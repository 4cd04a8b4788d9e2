/**
 * From a merged cell accumulator to the figures results.json reports: shares with Wilson intervals,
 * means with intervals, and the histograms behind them.
 */
import { MORALE_SLOTS, OUTCOME_REASONS, UNIT_CLASSES } from '../core/result.js';
import type { CellAccumulator, SideAccumulator } from './cellAccumulator.js';
import { summarize, type HistogramSummary } from './histogram.js';
import { wilson, type Proportion } from './intervals.js';

export interface OutcomeShare extends Proportion {
  /** Side index, or null for a draw. */
  side: 0 | 1 | null;
  winner: string;
}

export interface ReasonShare extends OutcomeShare {
  reason: string;
}

export interface MoraleRow extends Proportion {
  morale: number;
  taken: number;
  failed: number;
}

export interface ClassRow extends Proportion {
  unitClass: string;
  taken: number;
  failed: number;
}

export interface SideSummary {
  name: string;
  role: string;
  startStrength: HistogramSummary;
  strengthLost: HistogramSummary;
  /** Strength lost as a share of the starting strength, mean over engagements. */
  strengthLostShare: number;
  stepsLost: HistogramSummary;
  unitsEliminated: HistogramSummary;
  retreatsForced: HistogramSummary;
  retreatsVoluntary: HistogramSummary;
  /** Share of engagements in which at least one unit of the side retreated. */
  retreatRate: Proportion;
  disruptions: HistogramSummary;
  moraleChecks: { taken: number; failed: number; failRate: Proportion; perEngagement: number };
  byMorale: MoraleRow[];
  byClass: ClassRow[];
  recovery: { taken: number; passed: number; rate: Proportion };
  armyDemoralized: Proportion;
  leadersLost: HistogramSummary;
}

export interface UnitSummary {
  id: string;
  side: 0 | 1;
  eliminated: Proportion;
  retreated: Proportion;
  checksFailedPerEngagement: number;
}

export interface CellSummary {
  engagements: number;
  outcome: OutcomeShare[];
  reasons: ReasonShare[];
  turns: HistogramSummary;
  sides: [SideSummary, SideSummary];
  units: UnitSummary[];
  extras: Record<string, HistogramSummary>;
}

function sideSummary(a: SideAccumulator, n: number, name: string, role: string): SideSummary {
  const start = summarize(a.startStrength);
  const lost = summarize(a.strengthLost);
  const byMorale: MoraleRow[] = [];
  for (let m = 0; m < MORALE_SLOTS; m++) {
    if (a.checksByMorale[m] === 0) continue;
    byMorale.push({ morale: m, taken: a.checksByMorale[m], failed: a.failedByMorale[m], ...wilson(a.failedByMorale[m], a.checksByMorale[m]) });
  }
  const byClass: ClassRow[] = UNIT_CLASSES.flatMap((c, i) =>
    a.checksByClass[i] === 0 ? [] : [{ unitClass: c, taken: a.checksByClass[i], failed: a.failedByClass[i], ...wilson(a.failedByClass[i], a.checksByClass[i]) }],
  );
  const demoralized = a.armyDemoralizedTurn.reduce((s, c, turn) => (turn > 0 ? s + c : s), 0);
  return {
    name,
    role,
    startStrength: start,
    strengthLost: lost,
    strengthLostShare: start.mean > 0 ? lost.mean / start.mean : 0,
    stepsLost: summarize(a.stepsLost),
    unitsEliminated: summarize(a.unitsEliminated),
    retreatsForced: summarize(a.retreatsForced),
    retreatsVoluntary: summarize(a.retreatsVoluntary),
    retreatRate: wilson(a.anyRetreat, n),
    disruptions: summarize(a.disruptions),
    moraleChecks: {
      taken: a.moraleChecks,
      failed: a.moraleChecksFailed,
      failRate: wilson(a.moraleChecksFailed, a.moraleChecks),
      perEngagement: n ? a.moraleChecks / n : 0,
    },
    byMorale,
    byClass,
    recovery: { taken: a.recoveryChecks, passed: a.recoveries, rate: wilson(a.recoveries, a.recoveryChecks) },
    armyDemoralized: wilson(demoralized, n),
    leadersLost: summarize(a.leadersLost),
  };
}

export function summarizeCell(
  acc: CellAccumulator,
  sideNames: readonly [string, string],
  roles: readonly [string, string],
  units: readonly { id: string; side: 0 | 1 }[],
): CellSummary {
  const n = acc.n;
  const winnerName = (slot: number) => (slot === 2 ? 'draw' : sideNames[slot]);
  const sideOf = (slot: number) => (slot === 2 ? null : (slot as 0 | 1));
  const outcome = [0, 1, 2].map((slot) => ({ side: sideOf(slot), winner: winnerName(slot), ...wilson(acc.winners[slot], n) }));
  const reasons: ReasonShare[] = [];
  for (const slot of [0, 1, 2]) {
    for (const reason of OUTCOME_REASONS) {
      const k = acc.outcomes[`${slot}:${reason}`] ?? 0;
      if (k > 0) reasons.push({ side: sideOf(slot), winner: winnerName(slot), reason, ...wilson(k, n) });
    }
  }
  return {
    engagements: n,
    outcome,
    reasons,
    turns: summarize(acc.turns),
    sides: [sideSummary(acc.sides[0], n, sideNames[0], roles[0]), sideSummary(acc.sides[1], n, sideNames[1], roles[1])],
    units: units.map((u, i) => ({
      id: u.id,
      side: u.side,
      eliminated: wilson(acc.units[i][0], n),
      retreated: wilson(acc.units[i][1], n),
      checksFailedPerEngagement: n ? acc.units[i][2] / n : 0,
    })),
    extras: Object.fromEntries(Object.entries(acc.extras).sort(([a], [b]) => a.localeCompare(b)).map(([k, h]) => [k, summarize(h)])),
  };
}
