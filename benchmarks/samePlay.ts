/**
 * Same play, bit for bit: fingerprints of what every shipped scenario and experiment (sims/) gives, to
 * compare an optimised engine with the build before it. For each file and cell (up to six cells a
 * file, spread over its cells): a hash of the cell accumulator of `engagements` engagements played as
 * `volley run` plays them (invariants checked), and a hash of the event streams and results of the
 * first `traced` engagements played with an event sink. Two builds play the same if the files match.
 *
 *   node dist/benchmarks/samePlay.js OUT.json [--dist DIR] [--engagements 300] [--traced 30] [--only burt/,cross/]
 *
 * `--dist` names another build's dist folder (say, a checkout of the commit before a change, built):
 * its engine plays, this script only drives it, so a build made before the script existed can be
 * compared too. Then `diff` the two files.
 */
import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface PlanCell {
  rngKey: string;
  scenario: { ruleset?: string };
  options: unknown;
}
interface Plan {
  rulesetId: string;
  seed: string | number;
  cells: PlanCell[];
}
interface Engine {
  prepareRun(req: { file: string; engagements: number }): { plan: Plan };
  BatchRunner: new (plan: Plan & { engagements: number; batch: number; checkInvariants: boolean }) => {
    run(task: { cell: number; start: number; count: number }): unknown;
  };
  findRuleset(id: string): { compile(scenario: unknown, options: unknown): unknown; play(compiled: unknown, dice: unknown, opts: { sink: (e: unknown) => void }): unknown };
  EngagementDice: { for(seed: string | number, key: string, i: number): unknown };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** A short hash of a value as JSON (typed arrays as plain arrays). */
function hash(x: unknown): string {
  const json = JSON.stringify(x, (_k, v: unknown) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : v));
  return createHash('sha1').update(json).digest('hex').slice(0, 16);
}

const out = process.argv[2];
if (!out || out.startsWith('--')) {
  console.error('usage: node dist/benchmarks/samePlay.js OUT.json [--dist DIR] [--engagements N] [--traced K]');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(arg('--dist', join(here, '..')));
const engagements = Number(arg('--engagements', '300'));
const traced = Number(arg('--traced', '30'));
const load = async (p: string) => (await import(pathToFileURL(join(dist, p)).href)) as Record<string, unknown>;
const engine = {
  ...(await load('src/sim/studies/prepare.js')),
  ...(await load('src/sim/engine/batch.js')),
  ...(await load('src/rules/index.js')),
  ...(await load('src/core/dice.js')),
} as unknown as Engine;

const sims = resolve(here, '..', '..', 'sims');
// Every scenario and experiment under sims/, its rule systems' folders (sims/<id>/, sims/cross/) too;
// `--only a,b` keeps the files whose path (from sims/) starts with one of the prefixes.
const only = arg('--only', '')
  .split(',')
  .filter((x) => x);
const files = readdirSync(sims, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(sep).join('/'))
  .filter((f) => /\.(scenario|experiment)\.yaml$/.test(f) && !f.startsWith('schemas/'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
const prints: Record<string, { acc: string; events: string }> = {};
for (const f of files) {
  const { plan: prepared } = engine.prepareRun({ file: join(sims, f), engagements });
  const plan = { ...prepared, engagements, batch: engagements, checkInvariants: true };
  const runner = new engine.BatchRunner(plan);
  const every = Math.ceil(plan.cells.length / 6);
  for (let i = 0; i < plan.cells.length; i += every) {
    const cell = plan.cells[i];
    const acc = runner.run({ cell: i, start: 0, count: engagements });
    const rs = engine.findRuleset(cell.scenario.ruleset ?? plan.rulesetId);
    const compiled = rs.compile(cell.scenario, cell.options);
    const streams: string[] = [];
    for (let e = 0; e < traced; e++) {
      const events: unknown[] = [];
      const result = rs.play(compiled, engine.EngagementDice.for(plan.seed, cell.rngKey, e), { sink: (ev) => events.push(ev) });
      streams.push(hash(events), hash(result));
    }
    prints[`${f}#${i}`] = { acc: hash(acc), events: hash(streams) };
  }
  console.error(`${f}: ${plan.cells.length} cells`);
}
writeFileSync(out, JSON.stringify(prints, null, 1) + '\n');
console.error(`wrote ${out} (${Object.keys(prints).length} cells, engine from ${dist})`);
