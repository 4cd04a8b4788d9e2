/**
 * Burt's scenario A (sims/burt/common-a-village.scenario.yaml: a French brigade attacks two Prussian
 * battalions in a village) on one thread, as a run plays it, against the floor its dice set
 * (benchmarks/lanes.ts, measureLane).
 *
 *   npm run build && node dist/benchmarks/burt.js [--engagements N] [--file F]
 */
import { laneMain } from './lanes.js';

laneMain('burt');
