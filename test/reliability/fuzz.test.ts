/**
 * Fuzzing the file loaders and the engine (DESIGN.md, "Reliability"): the shipped sims/*.yaml, mutated
 * (a field deleted, a type changed, a huge, negative or NaN number, an id duplicated, a value swapped for
 * a string, the YAML broken), are validated and, if valid, run in-process with invariant checks. Every
 * case is either run or rejected with a VolleyInputError or OptionError: never another exception, a hang
 * or an invariant violation.
 *
 * `npm test` runs 150 cases with a fixed seed (6 engagements a cell, in two batches); `npm run fuzz`
 * runs thousands with a random seed (VOLLEY_FUZZ_RUNS sets the count, VOLLEY_FUZZ_SEED the seed; a
 * failure prints both).
 */
import fc from 'fast-check';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { OptionError } from '../../src/core/ruleset.js';
import { VolleyInputError } from '../../src/core/errors.js';
import { validateFile } from '../../src/scenario/validate.js';
import { loadOddsRequest } from '../../src/scenario/odds.js';
import { EngagementDice } from '../../src/core/dice.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { buildResults } from '../../src/results/results.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { tmp } from './cli.js';

// `vitest --mode fuzz` (npm run fuzz) sets the mode.
const FUZZ_MODE = (import.meta as unknown as { env?: { MODE?: string } }).env?.MODE === 'fuzz';
const RUNS = Number(process.env.VOLLEY_FUZZ_RUNS ?? (FUZZ_MODE ? 5000 : 150));
const SEED = process.env.VOLLEY_FUZZ_SEED !== undefined ? Number(process.env.VOLLEY_FUZZ_SEED) : FUZZ_MODE ? undefined : 1815;

// Every shipped file; experiments find their scenarios next to them, as in sims/.
const TARGETS = readdirSync('sims', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).sort().map((f) => join('sims', f));
const SCENARIOS = TARGETS.filter((f) => f.endsWith('.scenario.yaml'));
const TEXT = Object.fromEntries(TARGETS.map((f) => [f, readFileSync(f, 'utf8')]));

type Path = (string | number)[];

/** Every place in a parsed document, the root excluded. */
function pathsOf(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push([...at, i]), pathsOf(x, [...at, i], out)));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push([...at, k]), pathsOf(x, [...at, k], out);
  return out;
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root as Record<string | number, unknown> | undefined;
  for (const k of path.slice(0, -1)) node = node?.[k] as Record<string | number, unknown> | undefined;
  return node && typeof node === 'object' ? node : undefined;
}

/** Every unit object (it has an id), for duplicating ids. */
function unitsOf(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) v.forEach((x) => unitsOf(x, out));
  else if (v && typeof v === 'object') {
    if ('id' in v) out.push(v as Record<string, unknown>);
    Object.values(v).forEach((x) => unitsOf(x, out));
  }
  return out;
}

const ODD_VALUES: unknown[] = [
  'x', '', 'ten', ' 4', '4', 'true', null, true, false, [], {}, [1, 2], { a: 1 },
  0, -1, -1e9, 1e9, 2 ** 53, 1e308, -1e308, Infinity, -Infinity, NaN, 0.5, 4.0000001, 11, 99, 100, 101,
];

type DataMutation =
  | { op: 'delete'; at: number }
  | { op: 'set'; at: number; value: unknown }
  | { op: 'string'; at: number; text: string }
  | { op: 'duplicateId'; from: number; to: number }
  | { op: 'unknownKey'; at: number }
  | { op: 'copyElement'; at: number };
type TextMutation =
  | { op: 'tab'; line: number }
  | { op: 'dropChar'; at: number }
  | { op: 'duplicateLine'; line: number }
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'alias'; line: number; anchored: boolean };

const dataMutation: fc.Arbitrary<DataMutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(...ODD_VALUES), fc.integer(), fc.double()) }),
  fc.record({ op: fc.constant('string' as const), at: fc.nat(), text: fc.string({ maxLength: 12 }) }),
  fc.record({ op: fc.constant('duplicateId' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('unknownKey' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('copyElement' as const), at: fc.nat() }),
);
const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ op: fc.constant('tab' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('dropChar' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicateLine' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('alias' as const), line: fc.nat(), anchored: fc.boolean() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('[', ']', '{', '}', ':', '- ', '&a ', '*a', '"', "'", '#', '\t', '\n  ', '~', '!!str ', '<<: ') }),
);

function mutateData(text: string, ms: DataMutation[]): string {
  const data = parse(text) as unknown;
  for (const m of ms) {
    const paths = pathsOf(data);
    if (paths.length === 0) break;
    if (m.op === 'duplicateId') {
      const units = unitsOf(data);
      if (units.length > 1) units[m.to % units.length].id = units[m.from % units.length].id;
      continue;
    }
    const path = paths[m.at % paths.length];
    const parent = parentOf(data, path);
    if (!parent) continue;
    const key = path[path.length - 1];
    if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (m.op === 'set') parent[key] = structuredClone(m.value);
    else if (m.op === 'string') parent[key] = m.text;
    else if (m.op === 'unknownKey') {
      const target = parent[key];
      if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>).surprise = 1;
      else if (!Array.isArray(parent)) parent.surprise = 1;
    } else if (m.op === 'copyElement' && Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
  }
  return stringify(data);
}

function mutateText(text: string, ms: TextMutation[]): string {
  let t = text;
  for (const m of ms) {
    const lines = t.split('\n');
    if (m.op === 'tab') lines[m.line % lines.length] = `\t${lines[m.line % lines.length]}`;
    else if (m.op === 'duplicateLine') lines.splice(m.line % lines.length, 0, lines[m.line % lines.length]);
    else if (m.op === 'alias') {
      // A value replaced by an alias: to no anchor, or to an anchor set on another value.
      const values = lines.map((l, i) => (/^\s*(- )?[\w.[\]*-]+: \S/.test(l) ? i : -1)).filter((i) => i >= 0);
      if (values.length) {
        const i = values[m.line % values.length];
        if (m.anchored) {
          const j = values[(m.line * 7 + 3) % values.length];
          lines[j] = lines[j].replace(/: (\S)/, ': &v $1');
        }
        lines[i] = lines[i].replace(/: .*$/, m.anchored ? ': *v' : ': *nowhere');
      }
    }
    if (m.op === 'tab' || m.op === 'duplicateLine' || m.op === 'alias') t = lines.join('\n');
    else if (m.op === 'dropChar') {
      const special = [...t.matchAll(/[[\]{}:"-]/g)].map((x) => x.index!);
      if (special.length) {
        const i = special[m.at % special.length];
        t = t.slice(0, i) + t.slice(i + 1);
      }
    } else if (m.op === 'truncate') t = t.slice(0, m.at % (t.length + 1));
    else t = t.slice(0, m.at % (t.length + 1)) + m.text + t.slice(m.at % (t.length + 1));
  }
  return t;
}

const isInputError = (e: unknown) => e instanceof VolleyInputError || e instanceof OptionError;

/** Validate as `volley validate` does, then run as `volley run` would (tiny, in-process, invariants on). */
async function validateAndRun(file: string): Promise<'rejected' | 'ran'> {
  let valid = true;
  try {
    validateFile(file);
  } catch (e) {
    if (!isInputError(e)) throw e;
    valid = false;
  }
  const text = readFileSync(file, 'utf8');
  // A refit is applied by `volley refit check`, never run on its own: validating it is the whole test.
  if (/^kind:\s*refit\b/m.test(text)) return valid ? 'ran' : 'rejected';
  // An odds file is asked as `volley odds` asks it: a few draws of its question through the engine.
  if (/^kind:\s*odds\b/m.test(text)) return askOdds(file, valid);
  let prep;
  try {
    prep = prepareRun({ file, engagements: 6, batch: 4, checkInvariants: true });
  } catch (e) {
    if (!isInputError(e)) throw e;
    if (valid) throw new Error(`validate accepts ${file} but run rejects it: ${(e as Error).message}`);
    return 'rejected';
  }
  if (!valid) throw new Error(`validate rejects ${file} but run accepts it`);
  const accumulators = await runPlan(prep.plan, { workers: 0 });
  const results = buildResults({ ...prep.meta, accumulators });
  expect(results.cells.every((c) => c.summary.engagements === 6)).toBe(true);
  return 'ran';
}

/** Load an odds file as `volley odds` does and draw its question a few times with the engine's sampler. */
function askOdds(file: string, valid: boolean): 'rejected' | 'ran' {
  let req;
  try {
    req = loadOddsRequest(file);
  } catch (e) {
    if (!isInputError(e)) throw e;
    if (valid) throw new Error(`validate accepts ${file} but odds rejects it: ${(e as Error).message}`);
    return 'rejected';
  }
  if (!valid) throw new Error(`validate rejects ${file} but odds accepts it`);
  const dice = new EngagementDice('fuzz');
  for (let i = 0; i < 5; i++) req.question.sample(req.params, req.options, dice.reset(`fuzz/${i}`));
  return 'ran';
}

describe('fuzzing the shipped files', () => {
  it(`${RUNS} mutated files are each run or rejected with an input error`, async () => {
    const root = tmp();
    const tally = { ran: 0, rejected: 0 };
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TARGETS),
        fc.oneof(
          { weight: 3, arbitrary: fc.array(dataMutation, { minLength: 1, maxLength: 3 }).map((ms) => ({ data: ms })) },
          { weight: 1, arbitrary: fc.array(textMutation, { minLength: 1, maxLength: 2 }).map((ms) => ({ text: ms })) },
        ),
        async (target, mutation) => {
          const dir = join(root, String(n++));
          mkdirSync(dir);
          // Mutating an experiment leaves its scenarios as shipped, in their folders (sims/<id>/, sims/cross/).
          for (const s of SCENARIOS) {
            mkdirSync(dirname(join(dir, relative('sims', s))), { recursive: true });
            copyFileSync(s, join(dir, relative('sims', s)));
          }
          const file = join(dir, relative('sims', target));
          mkdirSync(dirname(file), { recursive: true });
          const text = 'data' in mutation ? mutateData(TEXT[target], mutation.data) : mutateText(TEXT[target], mutation.text);
          writeFileSync(file, text);
          tally[await validateAndRun(file)]++;
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (FUZZ_MODE) console.log(`fuzz: ${tally.ran} ran, ${tally.rejected} rejected`);
    // The mutations must leave some files runnable, or the engine is never fuzzed.
    expect(tally.ran).toBeGreaterThan(RUNS / 20);
    expect(tally.rejected).toBeGreaterThan(RUNS / 5);
  }, FUZZ_MODE ? 0 : 30_000);
});
