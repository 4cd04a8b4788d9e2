/**
 * Rule variants of an experiment (docs/files.md "Variants"; DESIGN.md "common random numbers",
 * "Accumulators"): loading and errors, each engagement's figures through batches, workers and resumed
 * runs, the saving of the pairing on a shipped comparison, and the report's Variants section.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { loadExperiment } from '../../src/scenario/load.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { buildResults, type Results } from '../../src/results/results.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { readCheckpoint } from '../../src/sim/store/checkpoint.js';
import { batchesOf } from '../../src/sim/engine/plan.js';
import type { CellAccumulator } from '../../src/stats/cellAccumulator.js';
import { pairedStats, tQuantile } from '../../src/stats/comparison.js';
import { column, FIXED_METRICS } from '../../src/stats/pairedMetrics.js';
import { forestSpec } from '../../src/report/charts/forest.js';
import { buildCharts } from '../../src/report/index.js';
import { reportHtml } from '../../src/report/html.js';
import { specToSvg } from '../../src/report/render.js';
import { comparisonSentence, comparisonsCsv, COMPARISONS_CSV_COLUMNS, differenceText, variantsSection } from '../../src/report/variants.js';
import { makeValidator } from '../report/jsonSchema.js';
import { volley } from '../reliability/cli.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-variants-'));

/** An experiment on a copy of town-assault, with the given YAML after `seed`. */
function experiment(body: string, extra: Record<string, string> = {}): string {
  const dir = tmp();
  copyFileSync('sims/town-assault.scenario.yaml', join(dir, 'town-assault.scenario.yaml'));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  const file = join(dir, 'v.experiment.yaml');
  writeFileSync(file, `kind: experiment\nname: v\nscenario: town-assault.scenario.yaml\nengagements: 10\nseed: 1\n${body}`);
  return file;
}

const TWO = `variants:
  - name: largest
    options: { aor.terrainReductions: largest }
  - name: multiply
    options: { aor.terrainReductions: multiply }
`;

describe('loading variants', () => {
  it('crosses variants with vary, variants innermost, every cell on the same dice', () => {
    const e = loadExperiment(experiment(`vary:\n  defender.terrain: [town, woods]\n${TWO}`));
    expect(e.cells.map((c) => c.label)).toEqual([
      'defender.terrain=town, variant=largest',
      'defender.terrain=town, variant=multiply',
      'defender.terrain=woods, variant=largest',
      'defender.terrain=woods, variant=multiply',
    ]);
    expect(e.cells.map((c) => c.options['aor.terrainReductions'])).toEqual(['largest', 'multiply', 'largest', 'multiply']);
    expect(new Set(e.cells.map((c) => c.rngKey))).toEqual(new Set(['cell']));
    expect(e.comparisons).toMatchObject({ reference: 'largest', referenceIndex: 0 });
    expect(e.comparisons!.groups).toEqual([
      { label: 'defender.terrain=town', factors: { 'defender.terrain': 'town' }, cells: [0, 1] },
      { label: 'defender.terrain=woods', factors: { 'defender.terrain': 'woods' }, cells: [2, 3] },
    ]);
  });

  it('without common random numbers, the variants of a combination still share their dice', () => {
    const e = loadExperiment(experiment(`commonRandomNumbers: false\nvary:\n  defender.terrain: [town, woods]\n${TWO}`));
    expect(e.cells.map((c) => c.rngKey)).toEqual(['defender.terrain=town', 'defender.terrain=town', 'defender.terrain=woods', 'defender.terrain=woods']);
  });

  it('applies a refit, then options, then set values; `reference` picks the reference', () => {
    const refit = 'kind: refit\nname: r\ndefaultMorale: 3\nresetUnnamed: true\nrules:\n  - match: { id: IR-12-I }\n    set: { morale: 5 }\n';
    const e = loadExperiment(
      experiment(
        `reference: refitted\nvariants:\n  - name: as written\n  - name: refitted\n    refit: r.refit.yaml\n    set:\n      defender.units[IR-12-II].morale: 6\n      defender.doctrine: careful\n`,
        { 'r.refit.yaml': refit },
      ),
    );
    expect(e.comparisons).toMatchObject({ reference: 'refitted', referenceIndex: 1 });
    const [plain, refitted] = e.cells as unknown as { scenario: { defender: { doctrine: unknown; units: { morale: number }[] } } }[];
    expect(plain.scenario.defender.units.map((u) => u.morale)).toEqual([4, 4]);
    expect(refitted.scenario.defender.units.map((u) => u.morale)).toEqual([5, 6]);
    expect(refitted.scenario.defender.doctrine).toBe('careful');
    expect(e.comparisons!.groups).toEqual([{ label: '', factors: {}, cells: [0, 1] }]);
    expect(e.comparisons!.variants[1].refit).toMatch(/r\.refit\.yaml$/);
  });

  it.each([
    ['a duplicate name', `variants:\n  - name: a\n  - name: a\n`, /v\.experiment\.yaml:8: variants\[1\]\.name: duplicate variant name 'a'/],
    ['a name that YAML reads as a number', `variants:\n  - name: 7.10\n  - name: b\n`, /:7: variants\[0\]\.name: expected a name in quotes .*"7\.10"/],
    ['one variant', `variants:\n  - name: a\n`, /:6: variants: .*2/],
    ['an unknown reference', `reference: c\n${TWO}`, /:6: reference: expected one of the variants' names: "largest", "multiply"/],
    ['a reference without variants', `reference: c\n`, /:6: reference: names a reference variant, but the experiment has no variants/],
    ['another rule system', `variants:\n  - name: a\n  - name: b\n    ruleset: nagb\n`, /:9: variants\[1\]\.ruleset: a variant plays the scenario's own rule system \('aor'\); to compare rule systems, write a cross-system experiment/],
    ['a set path that selects nothing', `variants:\n  - name: a\n  - name: b\n    set:\n      defender.units[Nobody].morale: 5\n`, /:10: variants\[1\]\.set\.defender\.units\[Nobody\]\.morale: selects nothing/],
    ['a set value that makes the scenario invalid', `variants:\n  - name: a\n  - name: b\n    set:\n      defender.units[*].morale: 11\n`, /:8: variants\[1\]: variant 'b' makes the scenario invalid at defender\.units\[0\]\.morale/],
    ['an option both varied and set', `vary:\n  aor.terrainReductions: [largest, multiply]\n${TWO}`, /:10: variants\[0\]\.options\.aor\.terrainReductions: aor\.terrainReductions is varied by vary as well/],
    ['a path both varied and set', `vary:\n  defender.terrain: [town]\nvariants:\n  - name: a\n  - name: b\n    set: { defender.terrain: woods }\n`, /:11: variants\[1\]\.set\.defender\.terrain: defender\.terrain is varied by vary as well/],
    ['a refit that is missing', `variants:\n  - name: a\n  - name: b\n    refit: none.refit.yaml\n`, /:9: variants\[1\]\.refit: file not found/],
  ])('%s is an error naming file, line and field', (_what, body, message) => {
    expect(() => loadExperiment(experiment(body))).toThrow(message);
  });

  it('a refit rule that matches nothing is an error naming the refit file', () => {
    const refit = 'kind: refit\nname: r\nrules:\n  - match: { id: Nobody }\n    set: { morale: 5 }\n';
    expect(() => loadExperiment(experiment(`variants:\n  - name: a\n  - name: b\n    refit: r.refit.yaml\n`, { 'r.refit.yaml': refit }))).toThrow(
      /r\.refit\.yaml:4: rules\[0\]\.match: matches no unit/,
    );
  });

  it('the shipped comparisons load: 2 × 2 and 3 × 2 cells', () => {
    const sq = loadExperiment('sims/square-effect.experiment.yaml');
    expect(sq.cells.map((c) => c.options['aor.squareEffect'])).toEqual(['7.6', '7.10', '7.6', '7.10']);
    expect(sq.comparisons!.reference).toBe('7.6');
    const tr = loadExperiment('sims/terrain-reductions.experiment.yaml');
    expect(tr.cells).toHaveLength(6);
    expect(tr.comparisons!.groups.map((g) => g.label)).toEqual([
      'attacker.stacks[*].across=stream, defender.terrain=clear',
      'attacker.stacks[*].across=stream, defender.terrain=town',
      'attacker.stacks[*].across=stream, defender.terrain=woods',
    ]);
  });
});

/** A run of a plan in this thread; the accumulators and the results. */
async function run(file: string, engagements: number, batch: number, workers = 0, done?: Map<number, CellAccumulator>) {
  const prep = prepareRun({ file, engagements, batch });
  const saved = new Map<number, CellAccumulator>();
  const accumulators = await runPlan(prep.plan, { workers, done, onBatch: (i, acc) => saved.set(i, structuredClone(acc)) });
  return { prep, accumulators, saved, results: buildResults({ ...prep.meta, accumulators }) };
}

describe('engagement figures through batches, workers and resumed runs', () => {
  const file = experiment(`vary:\n  attacker.stacks[*].across: [stream]\n  defender.terrain: [town]\n${TWO}`);

  it('give the same comparisons for any batch size, worker count or resume', async () => {
    const base = await run(file, 90, 90);
    const comparisons = base.results.comparisons!;
    expect(comparisons).toHaveLength(1);
    expect(comparisons[0].n).toBe(90);
    expect(base.accumulators[0].pairs).toMatchObject({ start: 0, count: 90, width: FIXED_METRICS.length });
    // Batches of 25 (the last of 15), merged in order.
    const small = await run(file, 90, 25);
    expect(small.results.comparisons).toEqual(comparisons);
    // Two workers.
    const pooled = await run(file, 90, 25, 2);
    expect(pooled.results.comparisons).toEqual(comparisons);
    // Resumed: some batches from a checkpoint (through JSON, as the file holds them), the rest run now.
    const done = new Map([...small.saved].filter(([i]) => i % 3 !== 1).map(([i, acc]) => [i, JSON.parse(JSON.stringify(acc)) as CellAccumulator]));
    const resumed = await run(file, 90, 25, 0, done);
    expect(resumed.saved.size).toBe(small.saved.size - done.size);
    expect(resumed.results.comparisons).toEqual(comparisons);
    // The results of a run with variants differ from one without only by the variants and comparisons.
    expect(Object.keys(base.results)).toEqual(['format', 'provenance', 'vocabulary', 'scale', 'sides', 'formations', 'objectives', 'turns', 'unmeasured', 'cells', 'variants', 'comparisons']);
  });

  it('a checkpoint line whose figures are not its batch is refused', () => {
    const prep = prepareRun({ file, engagements: 50, batch: 25 });
    const tasks = batchesOf(prep.plan);
    const ck = join(tmp(), 'checkpoint.ndjson');
    const acc = { n: 25, pairs: { start: 0, count: 25, width: 14, values: [] } };
    writeFileSync(ck, `${JSON.stringify({ format: 'volley-checkpoint/1', hash: 'h' })}\n${JSON.stringify({ batch: 1, acc })}\n`);
    expect(() => readCheckpoint(ck, tasks)).toThrow(/line 2 is not a batch of this run/);
    writeFileSync(ck, `${JSON.stringify({ format: 'volley-checkpoint/1', hash: 'h' })}\n${JSON.stringify({ batch: 1, acc: { ...acc, pairs: { ...acc.pairs, start: 25 } } })}\n`);
    expect(readCheckpoint(ck, tasks).done.size).toBe(1);
  });
});

describe('the shipped terrain-reductions comparison (reduced to 1,000 engagements per cell)', () => {
  let r: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    r = await run('sims/terrain-reductions.experiment.yaml', 1000, 500);
  });

  it('in clear ground only the stream applies: both readings give the same result in every engagement', () => {
    const clear = r.results.comparisons!.find((c) => c.group.endsWith('defender.terrain=clear'))!;
    expect(r.accumulators[clear.variantCell].pairs!.values).toEqual(r.accumulators[clear.referenceCell].pairs!.values);
    for (const m of clear.metrics) expect(m).toMatchObject({ difference: { mean: 0, sd: 0 }, p: 1, varianceRatio: null });
  });

  it('the pairing saves: the variance ratio of the win-share difference is above 1 by more than its sampling error', () => {
    // The sampling error of the ratio, by batch means: the ratio in each of 10 blocks of 100 engagements,
    // and the one-sided 95% lower bound mean − t(0.95; 9)·sd/√10 of the block ratios must exceed 1.
    for (const terrain of ['town', 'woods']) {
      const c = r.results.comparisons!.find((x) => x.group.endsWith(`defender.terrain=${terrain}`))!;
      const won = c.metrics.find((m) => m.metric === 'won' && m.side === 0)!;
      expect(won.varianceRatio, terrain).toBeGreaterThan(1);
      const a = column(r.accumulators[c.variantCell].pairs!, 0);
      const b = column(r.accumulators[c.referenceCell].pairs!, 0);
      expect(pairedStats(a, b, 'share').varianceRatio).toBe(won.varianceRatio);
      const blocks = Array.from({ length: 10 }, (_, k) => pairedStats(a.subarray(100 * k, 100 * k + 100), b.subarray(100 * k, 100 * k + 100), 'share').varianceRatio!);
      const mean = blocks.reduce((s, x) => s + x, 0) / blocks.length;
      const sd = Math.sqrt(blocks.reduce((s, x) => s + (x - mean) ** 2, 0) / (blocks.length - 1));
      const lower = mean - tQuantile(0.9, 9) * (sd / Math.sqrt(blocks.length));
      expect(lower, `${terrain}: block ratios ${blocks.map((x) => x.toFixed(1)).join(' ')}`).toBeGreaterThan(1);
    }
  });

  it('compounding weakens the attacker in town and woods: fewer French wins, told from zero after Holm', () => {
    for (const terrain of ['town', 'woods']) {
      const c = r.results.comparisons!.find((x) => x.group.endsWith(`defender.terrain=${terrain}`))!;
      const won = c.metrics.find((m) => m.metric === 'won' && m.side === 0)!;
      expect(won.difference.hi!).toBeLessThan(0);
      expect(won.significant).toBe(true);
      // With the same dice weaker fire never turns a loss into a win: only the reference wins alone.
      expect(won.discordant!.variantOnly).toBe(0);
    }
  });

  it('the forest plot is valid Vega-Lite, compiles without warnings and renders', async () => {
    const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json'), 'utf8'));
    const spec = forestSpec(r.results);
    expect(makeValidator(schema)(spec)).toEqual([]);
    const messages: string[] = [];
    const logger = { level: () => logger, error: (...m: unknown[]) => (messages.push(m.join(' ')), logger), warn: (...m: unknown[]) => (messages.push(m.join(' ')), logger), info: () => logger, debug: () => logger };
    compile(spec, { logger: logger as never });
    expect(messages).toEqual([]);
    const svg = await specToSvg(spec);
    expect(svg).toContain('Paired differences between variants');
    // One point per comparison and figure; shares in percentage points.
    const values = (spec as unknown as { data: { values: { figure: string; diff: number; unit: string }[] } }).data.values;
    expect(values).toHaveLength(r.results.comparisons!.reduce((n, c) => n + c.metrics.length, 0));
    const town = r.results.comparisons![1].metrics[0];
    expect(values.find((v) => v.figure === town.label && v.diff !== 0)!.diff).toBeCloseTo(100 * town.difference.mean, 10);
  });

  it('the forest plot and the sentences give the Holm-adjusted interval of the table: a bar clear of zero has a filled point', () => {
    const values = (forestSpec(r.results) as unknown as { data: { values: { lo: number; hi: number; significant: boolean }[] } }).data.values;
    const metrics = r.results.comparisons!.flatMap((c) => c.metrics);
    expect(values).toHaveLength(metrics.length);
    metrics.forEach((m, k) => {
      const f = m.kind === 'share' ? 100 : 1;
      const i = m.holmInterval ?? { lo: m.difference.mean, hi: m.difference.mean };
      expect(values[k].lo).toBeCloseTo(f * i.lo, 10);
      expect(values[k].hi).toBeCloseTo(f * i.hi, 10);
      expect(values[k].lo > 0 || values[k].hi < 0, m.label).toBe(values[k].significant);
    });
    for (const c of r.results.comparisons!.filter((x) => x.metrics.some((m) => m.significant && m.kind === 'share'))) {
      const sentence = comparisonSentence(r.results, c);
      const top = c.metrics.filter((m) => m.significant && m.kind === 'share').sort((a, b) => Math.abs(b.difference.mean) - Math.abs(a.difference.mean))[0];
      expect(sentence).toContain(differenceText(top, true));
      if (differenceText(top, true) !== differenceText(top)) expect(sentence).not.toContain(differenceText(top));
    }
  });

  it('the page has a Variants section with the forest plot in it once, the tables and the glossary entries', () => {
    const charts = buildCharts(r.results).map((c) => ({ ...c, spec: { ...c.spec, data: { values: [] } } as never }));
    expect(charts[0].name).toBe('variants');
    const html = reportHtml(r.results, charts, { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(html).toContain('<section id="variants">');
    expect(html.match(/data-spec="variants"/g)).toHaveLength(1);
    expect(html).toContain('<a href="#variants">Variants</a>');
    // A comparison that changes nothing gets a sentence in place of its table.
    expect(html.match(/<table class="comparison">/g)).toHaveLength(2);
    expect(html.match(/<p class="same">[^<]*the same result in every one of the 1,000 engagements/g)).toHaveLength(1);
    for (const term of ['Paired difference', 'Holm correction', 'Variance ratio (pairing saving)']) expect(html).toContain(`<dt>${term}</dt>`);
    const plain = reportHtml({ ...r.results, variants: undefined, comparisons: undefined } as Results, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(plain).not.toContain('Holm correction');
    expect(variantsSection({ ...r.results, comparisons: [] })).toBe('');
  });

  it('comparisons.csv has a row per comparison and figure, with the columns of docs/files.md', () => {
    const lines = comparisonsCsv(r.results).trim().split('\n');
    expect(lines[0]).toBe(COMPARISONS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + r.results.comparisons!.reduce((n, c) => n + c.metrics.length, 0));
    const doc = readFileSync('docs/files.md', 'utf8');
    for (const col of COMPARISONS_CSV_COLUMNS) expect(doc, col).toContain(`\`${col}\``);
  });
});

describe('volley run with variants', () => {
  // A bad variant's exit code and message: test/corpus/bad/variant-reference-unknown.experiment.yaml.
  it('prints the comparisons and records the variants', () => {
    const out = join(tmp(), 'out');
    const ok = volley(['run', experiment(TWO), '-n', '40', '-w', '0', '--no-report', '-o', out]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('multiply − largest, 40 engagements on the same dice:');
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Results;
    expect(results.provenance.factors).toEqual({ variant: ['largest', 'multiply'] });
    expect(results.variants!.reference).toBe('largest');
  });
});
