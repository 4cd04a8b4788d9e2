/**
 * Age of Eagles on one thread: common scenario A (sims/aoe/common-a-village.scenario.yaml) played engagement
 * after engagement as a run plays them (one EngagementDice reseeded per engagement, one result object
 * reused), against the floor its dice set: the same keys, the same streams seeded and the same
 * number of draws from each, turned into d10 faces, without the rules. The target is 20,000
 * engagements a second.
 *
 *   npm run build && node dist/benchmarks/aoe.js [--engagements N] [--file F]
 */
import { EngagementDice, type Purpose, type Uniform } from '../src/core/dice.js';
import { findRuleset } from '../src/rules/index.js';
import { loadScenario, singleCell } from '../src/scenario/load.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const FILE = opt('file', 'sims/aoe/common-a-village.scenario.yaml');
const N = Number(opt('engagements', '200000'));
const TARGET = 20_000;

/** Engagement dice that count the draws taken from each stream they make. */
class CountingDice extends EngagementDice {
  readonly made: { side: 0 | 1; purpose: Purpose; draws: number }[] = [];
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const inner = super.stream(side, purpose);
    let rec = this.made.find((m) => m.side === side && m.purpose === purpose);
    if (!rec) this.made.push((rec = { side, purpose, draws: 0 }));
    const r = rec;
    return () => (r.draws++, inner());
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
  const rs = findRuleset(scenario.ruleset)!;
  const c = rs.compile(cell.scenario, cell.options);
  const out = rs.newResult(c);
  const key = cell.rngKey;
  const dice = new EngagementDice('');
  const play = (n: number) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) rs.play(c, dice.resetTo(1, key, i), { out });
    return (performance.now() - t0) / 1000;
  };
  play(Math.min(N, 20_000)); // warm up
  const seconds = best(3, () => play(N));

  // The dice floor: what the same streams and draws cost without the rules.
  const plan: { seed: string; streams: { side: 0 | 1; purpose: Purpose; draws: number }[] }[] = [];
  const m = Math.min(N, 50_000);
  for (let i = 0; i < m; i++) {
    const d = new CountingDice('').resetTo(1, key, i);
    rs.play(c, d, { out });
    plan.push({ seed: d.seed, streams: d.made });
  }
  const floorDice = new EngagementDice('');
  const floor = () => {
    let s = 0;
    const t0 = performance.now();
    for (let i = 0; i < m; i++) {
      const d = floorDice.resetTo(1, key, i);
      for (const st of plan[i].streams) {
        const u = d.stream(st.side, st.purpose);
        for (let k = 0; k < st.draws; k++) s += 1 + Math.floor(u() * 10);
      }
    }
    sink += s;
    return (performance.now() - t0) / 1000;
  };
  floor();
  const floorSeconds = (best(3, floor) * N) / m;
  let streams = 0, draws = 0;
  for (const p of plan) for (const st of p.streams) (streams++, (draws += st.draws));
  const rate = N / seconds;
  console.log(`${FILE}: ${N.toLocaleString('en-US')} engagements on one thread`);
  console.log(`  ${Math.round(rate).toLocaleString('en-US')} engagements/s (target ${TARGET.toLocaleString('en-US')}: ${rate >= TARGET ? 'met' : 'NOT met'})`);
  console.log(`  dice: ${(streams / m).toFixed(2)} streams and ${(draws / m).toFixed(1)} draws an engagement; floor ${Math.round(N / floorSeconds).toLocaleString('en-US')} engagements/s`);
  console.log(`  share of the dice floor: ${((100 * floorSeconds) / seconds).toFixed(1)}%`);
  if (sink === 42) console.log('');
}

main();
