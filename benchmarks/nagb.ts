/**
 * NAGB scenario A (sims/nagb/common-a-village.scenario.yaml) on one thread, as a run plays it, against the
 * floor its dice set (benchmarks/lanes.ts, measureLane).
 *
 *   npm run build && node dist/benchmarks/nagb.js [--engagements N] [--file sims/nagb/....scenario.yaml]
 */
import { laneMain } from './lanes.js';

laneMain('nagb');
