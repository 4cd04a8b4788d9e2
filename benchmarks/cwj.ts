/**
 * CWJ scenario A (sims/cwj/common-a-village.scenario.yaml) on one thread, as a run plays it, against the
 * floor its dice set (benchmarks/lanes.ts, measureLane). There is no yardstick: the rate was once scaled
 * by Age of Rifles' town assault against a figure recorded before the dice change of issue 17, so the
 * scaling ran the wrong way. On a shared machine compare two builds back to back.
 *
 *   npm run build && node dist/benchmarks/cwj.js [--engagements N] [--file F]
 */
import { laneMain } from './lanes.js';

laneMain('cwj');
