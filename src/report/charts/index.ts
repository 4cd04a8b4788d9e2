/** Every chart of the report, in the order the page shows them. */
import type { ChartDef } from './common.js';
import { strengthLostChart, turnsChart } from './distribution.js';
import { moraleFailureChart } from './moraleFailure.js';
import { outcomesChart } from './outcomes.js';
import { retreatsChart } from './retreats.js';
import { unitFatesChart } from './unitFates.js';

export type { ChartDef } from './common.js';

export const CHARTS: readonly ChartDef[] = [outcomesChart, strengthLostChart, retreatsChart, moraleFailureChart, turnsChart, unitFatesChart];
