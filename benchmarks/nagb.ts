/**
 * NAGB scenario A (sims/nagb/common-a-village.scenario.yaml) on one thread: engagements per second as a run
 * plays them (one compiled cell, one reused result, the engagement's dice seeded from (seed, cell key,
 * index)), against the floor set by its dice: an in-process loop that seeds the same streams from the
 * same keys and takes the same number of alea draws from each. The share of the floor does not
 * depend on how fast or how busy the machine is; the rate does, so the best of three timings is kept
 * and both wall-clock and CPU time are given.
 *
 *   npm run build && node dist/benchmarks/nagb.js [--engagements N] [--file sims/nagb/....scenario.yaml]
 */
import { EngagementDice, type Purpose, type Uniform } from '../src/core/dice.js';
import { loadavg } from 'node:os';
import { findRuleset } from '../src/rules/index.js';
import { loadScenario, singleCell } from '../src/scenario/load.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const FILE = opt('file', 'sims/nagb/common-a-village.scenario.yaml');
const N = Number(opt('engagements', '30000'));
const TRIES = 3;
const TARGET = 10_000;

/** Dice that count the draws of each stream an engagement makes. */
class CountingDice extends EngagementDice {
  made: { side: 0 | 1; purpose: Purpose; draws: number }[] = [];
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const s = super.stream(side, purpose);
    let rec = this.made.find((m) => m.side === side && m.purpose === purpose);
    if (!rec) this.made.push((rec = { side, purpose, draws: 0 }));
    const r = rec;
    return () => {
      r.draws++;
      return s();
    };
  }
}

let sink = 0;

/** The best (least disturbed) of `tries` timings, wall and CPU seconds. */
function best(tries: number, f: () => void): { wall: number; cpu: number } {
  let wall = Infinity;
  let cpu = Infinity;
  for (let i = 0; i < tries; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    const w = (performance.now() - t0) / 1000;
    const cu = process.cpuUsage(c0);
    wall = Math.min(wall, w);
    cpu = Math.min(cpu, (cu.user + cu.system) / 1e6);
  }
  return { wall, cpu };
}

function main(): void {
  const { scenario } = loadScenario(FILE);
  const cell = singleCell(scenario);
  const rs = findRuleset(scenario.ruleset)!;
  const c = rs.compile(cell.scenario, cell.options);
  const out = rs.newResult(c);
  const key = cell.rngKey;
  // What each engagement draws, stream by stream.
  const plan: { side: 0 | 1; purpose: Purpose; draws: number }[][] = [];
  for (let i = 0; i < N; i++) {
    const d = new CountingDice('').resetTo(1, key, i);
    rs.play(c, d, { out });
    plan.push(d.made);
  }
  const dice = new EngagementDice('');
  const play = () => {
    for (let i = 0; i < N; i++) rs.play(c, dice.resetTo(1, key, i), { out });
  };
  const floorDice = new EngagementDice('');
  const floor = () => {
    let s = 0;
    for (let i = 0; i < N; i++) {
      const d = floorDice.resetTo(1, key, i);
      for (const st of plan[i]) {
        const u = d.stream(st.side, st.purpose);
        for (let k = 0; k < st.draws; k++) s += 1 + Math.floor(u() * 6);
      }
    }
    sink += s;
  };
  play();
  floor();
  const p = best(TRIES, play);
  const f = best(TRIES, floor);
  let draws = 0;
  let streams = 0;
  for (const e of plan) for (const st of e) (streams++, (draws += st.draws));
  const rate = N / p.wall;
  const cpuRate = N / p.cpu;
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(`NAGB ${FILE}, one thread, ${fmt(N)} engagements (best of ${TRIES}); load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`  engagements  ${fmt(rate)}/s wall, ${fmt(cpuRate)}/s of CPU time (${(1e6 / cpuRate).toFixed(0)} us each)`);
  console.log(`  dice floor   ${fmt(N / f.wall)}/s wall, ${fmt(N / f.cpu)}/s of CPU (${(streams / N).toFixed(2)} streams seeded, ${(draws / N).toFixed(1)} draws an engagement)`);
  console.log(`  share of the floor: ${(100 * (f.cpu / p.cpu)).toFixed(1)}% (CPU time)`);
  console.log(`  target ${fmt(TARGET)}/s: ${cpuRate >= TARGET ? 'met' : `not met (${(TARGET / cpuRate).toFixed(2)}x short)`}`);
  if (sink === 42) console.log('');
}

main();
