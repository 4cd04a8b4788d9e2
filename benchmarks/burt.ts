/**
 * Burt's scenario A (sims/burt/common-a-village.scenario.yaml: a French brigade attacks two Prussian battalions
 * in a village) on one thread: engagements per CPU second, and the share of its dice floor. The
 * measurement is benchmarks/lanes.ts's (measureLane), in this process.
 *
 *   npm run build && node dist/benchmarks/burt.js [engagements]
 */
import { measureLane } from './lanes.js';

const FILE = 'sims/burt/common-a-village.scenario.yaml';

const n = Number(process.argv[2] ?? 100_000);
const b = measureLane(FILE, n);
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`Burt scenario A (${FILE}), ${fmt(b.engagements)} engagements on one thread, ${b.meanTurns.toFixed(2)} turns each`);
console.log(`  engine: ${fmt(b.engagementsPerSecond)} engagements per CPU second`);
console.log(`  dice:   ${b.drawsPerEngagement.toFixed(1)} draws from ${b.streamsPerEngagement.toFixed(2)} streams an engagement; floor ${fmt(b.floorPerSecond)} engagements/s`);
console.log(`  share of the dice floor: ${(100 * b.shareOfFloor).toFixed(1)}%`);
