/** Every chart of the report, in the order the page shows them. */
import type { Results } from '../../results/results.js';
import { cavalryChart } from './cavalry.js';
import type { ChartDef } from './common.js';
import { demoralizationChart } from './demoralization.js';
import { strengthLostChart, turnsChart } from './distribution.js';
import { forestChart } from './forest.js';
import { formationLossesChart } from './formationLosses.js';
import { moraleFailureChart } from './moraleFailure.js';
import { objectivesChart } from './objectives.js';
import { outcomesChart } from './outcomes.js';
import { precisionChart } from './precision.js';
import { retreatsChart } from './retreats.js';
import { strengthByTurnChart } from './strengthByTurn.js';
import { sweepCharts } from './sweep.js';
import { unitFatesChart } from './unitFates.js';
import { historyChart } from '../history.js';

export type { ChartDef } from './common.js';

/** All charts; those with `applies` are drawn only when the results hold their data (battles). */
export const CHARTS: readonly ChartDef[] = [
  outcomesChart,
  objectivesChart,
  strengthLostChart,
  strengthByTurnChart,
  formationLossesChart,
  demoralizationChart,
  retreatsChart,
  cavalryChart,
  moraleFailureChart,
  turnsChart,
  unitFatesChart,
  historyChart,
];

/**
 * Above this many cells the charts drawn cell by cell are left out: a mark or a panel per cell is
 * unreadable at the page's width, takes minutes to draw, and past several hundred cells overflows the
 * chart library's stack. The sweep charts, the summary table and results.json still hold every cell.
 */
export const MAX_CELLS_CHARTED = 120;

/** Whether the report draws the charts that show each cell (see MAX_CELLS_CHARTED). */
export const chartsEveryCell = (r: Results): boolean => r.cells.length <= MAX_CELLS_CHARTED;

/**
 * The charts these results have data for, in page order: the forest plot of variants (drawn in the
 * Variants section), then sweeps (numeric factors with 3+ values), then the rest, and last, for a run
 * stopped at a target precision, the precision reached. Past MAX_CELLS_CHARTED cells, the sweeps only.
 */
export function chartsFor(r: Results): ChartDef[] {
  const byCell = chartsEveryCell(r);
  return [
    ...(byCell && forestChart.applies!(r) ? [forestChart] : []),
    ...sweepCharts(r),
    ...(byCell ? CHARTS.filter((c) => c.applies?.(r) ?? true) : []),
    ...(byCell ? [precisionChart].filter((c) => c.applies(r)) : []),
  ];
}
