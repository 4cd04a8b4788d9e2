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
import { chartsEveryCell } from './manyCellsLimit.js';
import { smallMultiplesChart } from './smallMultiples.js';

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

export { chartsEveryCell, MAX_CELLS_CHARTED } from './manyCellsLimit.js';

/**
 * The charts these results have data for, in page order: the forest plot of variants (drawn in the
 * Variants section), then sweeps (numeric factors with 3+ values), then the rest, and last, for a run
 * stopped at a target precision, the precision reached. Past MAX_CELLS_CHARTED cells, the sweeps (of
 * few enough lines) and the small multiples that summarize every cell.
 */
export function chartsFor(r: Results): ChartDef[] {
  const byCell = chartsEveryCell(r);
  return [
    ...(byCell && forestChart.applies!(r) ? [forestChart] : []),
    ...sweepCharts(r),
    ...(smallMultiplesChart.applies!(r) ? [smallMultiplesChart] : []),
    ...(byCell ? CHARTS.filter((c) => c.applies?.(r) ?? true) : []),
    ...(byCell ? [precisionChart].filter((c) => c.applies(r)) : []),
  ];
}
