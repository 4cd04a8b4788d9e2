/**
 * Age of Eagles on one thread: common scenario A (sims/aoe/common-a-village.scenario.yaml) played engagement
 * after engagement as a run plays them, against the floor its dice set (benchmarks/lanes.ts, measureLane).
 *
 *   npm run build && node dist/benchmarks/aoe.js [--engagements N] [--file F]
 */
import { laneMain } from './lanes.js';

laneMain('aoe');
