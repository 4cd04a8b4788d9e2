/**
 * CWJ scenario A (sims/cwj/common-a-village.scenario.yaml) on one thread, as a run plays it: engagements per
 * second, and the share of its dice floor: an in-process loop that takes the same keys, seeds
 * the same sub-streams with the engine's alea generator and draws the same number of uniforms from each,
 * without the rules (benchmarks/RESULTS.md, "Definitions").
 *
 *   npm run build && node dist/benchmarks/cwj.js [engagements] [scenario]
 */
import { EngagementDice, type Purpose, type Uniform } from '../src/core/dice.js';
import { findRuleset } from '../src/rules/index.js';
import { loadScenario, singleCell } from '../src/scenario/load.js';

const N = Number(process.argv[2] ?? 100_000);
/*
 * No yardstick: the rate was once scaled by Age of Rifles' town assault against a figure recorded
 * before the dice change of issue 17, which made that assault faster, so the scaling ran the wrong way
 * (it lowered the estimate on a quiet machine). The CPU-time rate, best of three rounds, is the figure
 * to compare; on a shared machine compare two builds back to back or in one process.
 */
const FILE = process.argv[3] ?? 'sims/cwj/common-a-village.scenario.yaml';

/** Engagement dice that record each stream they create and the draws taken from it. */
class CountingDice extends EngagementDice {
  readonly made: { side: 0 | 1; purpose: Purpose; draws: number }[] = [];
  private readonly wrapped = new Map<string, Uniform>();
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const key = `${side}/${purpose}`;
    const known = this.wrapped.get(key);
    if (known) return known;
    const inner = super.stream(side, purpose);
    const rec = { side, purpose, draws: 0 };
    this.made.push(rec);
    const w = () => (rec.draws++, inner());
    this.wrapped.set(key, w);
    return w;
  }
}

let sink = 0;

function best(tries: number, f: () => number): number {
  let t = Infinity;
  for (let i = 0; i < tries; i++) t = Math.min(t, f());
  return t;
}

function main(): void {
  const { scenario } = loadScenario(FILE);
  const cell = singleCell(scenario);
  const rs = findRuleset('cwj')!;
  const c = rs.compile(cell.scenario, cell.options);
  const out = rs.newResult(c);
  const key = cell.rngKey;
  const dice = new EngagementDice('');
  let cpu = Infinity;
  const play = () => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) rs.play(c, dice.resetTo(1, key, i), { out });
    const c1 = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c1.user + c1.system) / 1e6);
    return (performance.now() - t0) / 1000;
  };
  play();
  const seconds = best(3, play);

  const plan: { side: 0 | 1; purpose: Purpose; draws: number }[][] = [];
  for (let i = 0; i < N; i++) {
    const d = new CountingDice('').resetTo(1, key, i);
    rs.play(c, d, { out });
    plan.push(d.made);
  }
  let floorCpu = Infinity;
  const floorDice = new EngagementDice('');
  const floor = () => {
    let s = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const d = floorDice.resetTo(1, key, i);
      for (const st of plan[i]) {
        const u = d.stream(st.side, st.purpose);
        for (let k = 0; k < st.draws; k++) s += u();
      }
    }
    sink += s;
    const c1 = process.cpuUsage(c0);
    floorCpu = Math.min(floorCpu, (c1.user + c1.system) / 1e6);
    return (performance.now() - t0) / 1000;
  };
  floor();
  const floorSeconds = best(3, floor);
  let streams = 0;
  let draws = 0;
  for (const p of plan) for (const s of p) (streams++, (draws += s.draws));
  const rate = N / seconds;
  console.log(`${FILE}: ${N.toLocaleString('en-US')} engagements on one thread`);
  console.log(`  ${Math.round(rate).toLocaleString('en-US')} engagements/s by the clock (${((1e6 * seconds) / N).toFixed(1)} µs each)`);
  console.log(`  ${Math.round(N / cpu).toLocaleString('en-US')} engagements/s of CPU time (${((1e6 * cpu) / N).toFixed(1)} µs each; the clock counts other load on the machine too)`);
  console.log(`  dice floor: ${Math.round(N / floorSeconds).toLocaleString('en-US')} engagements/s by the clock, ${Math.round(N / floorCpu).toLocaleString('en-US')} of CPU time (${(streams / N).toFixed(2)} streams, ${(draws / N).toFixed(1)} draws each)`);
  console.log(`  share of the floor: ${((100 * floorSeconds) / seconds).toFixed(1)}% by the clock, ${((100 * floorCpu) / cpu).toFixed(1)}% of CPU time`);
  if (sink === 0.5) console.log('');
}

main();
