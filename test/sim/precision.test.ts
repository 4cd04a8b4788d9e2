/**
 * A run stopped at a target precision, in this thread (docs/files.md, "Stopping at a target
 * precision"): cells stop on their own in whole batches; each cell's numbers are those of a plain run
 * of as many engagements (batches merged in order, DESIGN.md "Accumulators"); an interrupted run
 * resumed from its checkpoint gives the same results and export (DESIGN.md "Reliability"); the report
 * shows how the run stopped.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { chartsFor } from '../../src/report/charts/index.js';
import { precisionChart, precisionHeading } from '../../src/report/charts/precision.js';
import { buildCharts } from '../../src/report/index.js';
import { glossaryFor } from '../../src/report/glossary.js';
import { reportHtml } from '../../src/report/html.js';
import { precisionCsv, precisionMessage, precisionRows } from '../../src/report/precision.js';
import { specToSvg } from '../../src/report/render.js';
import { summaryTable } from '../../src/report/table.js';
import { VolleyInputError } from '../../src/core/errors.js';
import { runIntoFolder } from '../../src/sim/store/folderRun.js';
import { prepareRun, type RunRequest } from '../../src/sim/studies/prepare.js';
import { buildResults, type Results } from '../../src/results/results.js';
import { OutputFolderError, RunInterrupted } from '../../src/sim/engine/errors.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { firstLook } from '../../src/stats/precision.js';
import { makeValidator } from '../report/jsonSchema.js';
import { SIMS } from '../report/fixture.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-precision-'));
const TARGET = 0.04;
const request = (out: string, extra: Partial<RunRequest> = {}): RunRequest => ({ file: SIMS.townAssault, precision: TARGET, maxEngagements: 3000, batch: 100, out, ...extra });

async function runToEnd(req: RunRequest): Promise<{ results: Results; csv: string }> {
  const prep = prepareRun(req);
  const run = await runIntoFolder(prep, { workers: 0, export: 'csv' });
  const results = buildResults({ ...prep.meta, accumulators: run.accumulators, precision: { halfWidth: prep.plan.precision!.halfWidth, stops: run.stops! } });
  await run.finish();
  return { results, csv: readFileSync(run.exportFile!, 'utf8') };
}

describe('a precision run of town-assault (4 cells, ±0.04, batches of 100)', () => {
  let ref: { results: Results; csv: string };
  beforeAll(async () => {
    ref = await runToEnd(request(join(tmp(), 'ref')));
  });

  it('stops each cell on its own, in whole batches, once every primary half-width is within the target', () => {
    const pr = ref.results.provenance.precision!;
    expect(pr).toMatchObject({ target: TARGET, level: 0.95, reached: true, stoppedBy: 'target', firstLook: 200, maxEngagements: 3000 });
    const ns = ref.results.cells.map((c) => c.summary.engagements);
    expect(pr.cells.map((c) => c.engagements)).toEqual(ns);
    expect(pr.engagements).toBe(ns.reduce((a, b) => a + b, 0));
    for (const [i, c] of pr.cells.entries()) {
      expect(c.engagements % 100).toBe(0);
      expect(c.engagements).toBeGreaterThan(firstLook({ halfWidth: TARGET, maxEngagements: 3000, batch: 100 }));
      expect(c.reached).toBe(true);
      expect(c.widest!.halfWidth).toBeLessThanOrEqual(TARGET);
      // At the first look (200 engagements) no cell is within ±0.04: each played on and looked again.
      expect(c.looks).toBeGreaterThanOrEqual(2);
      // Every primary share of the cell, as results.json reports it, is within the target.
      for (const row of precisionRows(ref.results).filter((x) => x.cell === i)) expect(row.halfWidth).toBeLessThanOrEqual(TARGET);
    }
    expect(pr.widest!.halfWidth).toBe(Math.max(...pr.cells.map((c) => c.widest!.halfWidth)));
    expect(ref.results.provenance.engagementsPerCell).toBe(Math.max(...ns));
  });

  it('gives each cell the numbers of a plain run of as many engagements', async () => {
    const cell = 1;
    const n = ref.results.cells[cell].summary.engagements;
    const prep = prepareRun({ file: SIMS.townAssault, engagements: n, batch: 100 });
    const accs = await runPlan(prep.plan, { workers: 0 });
    const plain = buildResults({ ...prep.meta, accumulators: accs });
    expect(ref.results.cells[cell].summary).toEqual(plain.cells[cell].summary);
  });

  it('writes the export cell by cell and engagement by engagement, every engagement once', () => {
    const lines = ref.csv.trimEnd().split('\n');
    const head = lines[0].split(',');
    const [ci, ei] = [head.indexOf('cell'), head.indexOf('engagement')];
    const seen = lines.slice(1).map((l) => l.split(',')).map((f) => [Number(f[ci]), Number(f[ei])]);
    const expected = ref.results.cells.flatMap((c, i) => Array.from({ length: c.summary.engagements }, (_, e) => [i, e]));
    expect(seen).toEqual(expected);
  });

  it('interrupted in its second round and resumed, gives the same results.json and export; another target is refused', async () => {
    const out = join(tmp(), 'resumed');
    const stop = new AbortController();
    const first = prepareRun(request(out));
    await expect(
      runIntoFolder(first, { workers: 0, export: 'csv', signal: stop.signal, onProgress: (p) => (p.done >= 1000 ? stop.abort() : undefined) }),
    ).rejects.toBeInstanceOf(RunInterrupted);
    await expect(runIntoFolder(prepareRun(request(out, { precision: 0.05 })), { workers: 0, export: 'csv', resume: true })).rejects.toThrow(
      new OutputFolderError(`${join(out, 'checkpoint.ndjson')} belongs to a different run (precision 0.04 there, 0.05 now); resume with the same file and flags, or start over with --force`),
    );
    const prep = prepareRun(request(out));
    const run = await runIntoFolder(prep, { workers: 0, export: 'csv', resume: true });
    expect(run.resumedBatches).toBeGreaterThanOrEqual(10);
    const results = buildResults({ ...prep.meta, accumulators: run.accumulators, precision: { halfWidth: TARGET, stops: run.stops! } });
    await run.finish();
    expect(results).toEqual(ref.results);
    expect(readFileSync(run.exportFile!, 'utf8')).toBe(ref.csv);
  });

  it('says how it stopped: console, summary table, report section, chart, precision.csv and glossary', async () => {
    const r = ref.results;
    expect(precisionMessage(r)).toMatch(/^precision: target reached in every cell: every primary share's 95% interval has a half-width of at most 0\.04 \(±4\.00 points\)\n  engagements per cell: [\d,]+ to [\d,]+ \([\d,]+ in all\); widest half-width left 0\.0\d{3} \(±\d\.\d\d points\): .+ in cell defender/);
    expect(summaryTable(r).split('\n')[0]).toMatch(/^cell +engagements +French/);
    const html = reportHtml(r, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(html).toContain('<section id="precision">');
    expect(html).toContain('Target reached: in every cell');
    expect(html).toMatch(/npm run volley -- trace \S+ --cell 0 --engagement \d+ --seed \S+ -n \d+/);
    expect(glossaryFor(false, { precision: true }).map((g) => g.term)).toEqual(expect.arrayContaining(['Target precision', 'Primary shares', 'Sequential stopping']));
    expect(glossaryFor(false).map((g) => g.term)).not.toContain('Target precision');
    const csv = precisionCsv(r).trimEnd().split('\n');
    expect(csv[0]).toBe('cell,label,engagements,metric,metric_label,p,lo,hi,trials,half_width,target,within_target');
    expect(csv.length - 1).toBe(precisionRows(r).length);
    expect(csv.slice(1).every((l) => l.endsWith(',0.04,true'))).toBe(true);

    expect(chartsFor(r).at(-1)?.name).toBe('precision');
    expect(html).toMatch(/<th scope="row">Engagements<\/th>(<td>[\d,]+<\/td>){4}/);
    const spec = precisionChart.build(r);
    const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json'), 'utf8'));
    expect(makeValidator(schema)(spec)).toEqual([]);
    const warnings: string[] = [];
    const logger = { level: () => logger, error: (...a: unknown[]) => (warnings.push(a.join(' ')), logger), warn: (...a: unknown[]) => (warnings.push(a.join(' ')), logger), info: () => logger, debug: () => logger };
    compile(spec, { logger: logger as never });
    expect(warnings).toEqual([]);
    expect(await specToSvg(spec)).toContain('Precision: target reached in every cell');
    expect(buildCharts(r).at(-1)?.heading).toBe('Precision: target reached in every cell');
  });

  it('says when it stopped at the maximum, with the widest half-width left', async () => {
    const prep = prepareRun({ ...request(join(tmp(), 'max')), precision: 0.01, maxEngagements: 300 });
    const run = await runIntoFolder(prep, { workers: 0 });
    const r = buildResults({ ...prep.meta, accumulators: run.accumulators, precision: { halfWidth: 0.01, stops: run.stops! } });
    await run.finish();
    const pr = r.provenance.precision!;
    expect(pr).toMatchObject({ reached: false, stoppedBy: 'maximum', engagements: 1200 });
    expect(pr.widest!.halfWidth).toBeGreaterThan(0.01);
    expect(r.cells.every((c) => c.summary.engagements === 300)).toBe(true);
    expect(precisionMessage(r)).toContain('precision: stopped at the maximum of 300 engagements per cell in 4 of 4 cells before reaching the target 0.01 (±1.00 points)');
    expect(reportHtml(r, [], { vega: '', vegaLite: '', vegaEmbed: '' })).toContain('Target not reached: 4 of 4 cells stopped at the maximum of 300 engagements');
    // The chart and its section say that no cell reached the target, not "Precision reached".
    expect(precisionHeading(r)).toBe('Precision: target reached in no cell of 4');
    expect((precisionChart.build(r) as { title: { text: string } }).title.text).toBe('Precision: target reached in no cell of 4');
    const some = { ...r, provenance: { ...r.provenance, precision: { ...pr, cells: pr.cells.map((c, i) => ({ ...c, reached: i < 3 })) } } };
    expect(precisionHeading(some)).toBe('Precision: target reached in 3 of 4 cells');
  });
});

describe('precision flags', () => {
  const bad = (extra: Partial<RunRequest>) => () => prepareRun({ file: SIMS.townAssault, out: join(tmp(), 'never'), ...extra });
  it.each([
    [{ precision: 0 }, '--precision: expected a half-width above 0 and below 0.5'],
    [{ precision: 0.5 }, '--precision: expected a half-width above 0 and below 0.5'],
    [{ precision: Number.NaN }, '--precision: expected a half-width above 0 and below 0.5'],
    [{ precision: 0.01, engagements: 1000 }, '--precision: cannot be combined with -n/--engagements'],
    [{ maxEngagements: 1000 }, '--max-engagements: only with a precision target (--precision, or precision in sims/town-assault.experiment.yaml)'],
    [{ maxEngagements: 1000, engagements: 100 }, '--max-engagements: only with a precision target (-n sets the engagements per cell)'],
    [{ precision: 0.01, maxEngagements: 2.5 }, '--max-engagements: expected a whole number'],
    [{ precision: 0.01, maxEngagements: 499 }, '--max-engagements: expected at least one batch (500 engagements; see --batch), found 499'],
  ])('%j is an input error: %s', (extra, message) => {
    expect(bad(extra)).toThrow(VolleyInputError);
    expect(bad(extra)).toThrow(message);
  });
});

describe('a precision target named in the experiment file (precision, maxEngagements)', () => {
  /** town-assault's experiment in a folder of its own, its engagements replaced by `fields`. */
  function experimentWith(fields: string): string {
    const scenario = join(dirname(SIMS.townAssault), 'town-assault.scenario.yaml');
    const text = readFileSync(SIMS.townAssault, 'utf8')
      .replace(/^engagements: .*$/m, fields)
      .replace(/^scenario: .*$/m, `scenario: ${JSON.stringify(scenario)}`);
    const file = join(tmp(), 'town-assault.experiment.yaml');
    writeFileSync(file, text);
    return file;
  }

  it('plans the run as --precision and --max-engagements would', () => {
    const file = experimentWith('precision: 0.04\nmaxEngagements: 3000');
    const fromFile = prepareRun({ file, batch: 100, out: join(tmp(), 'f') }).plan;
    const fromFlags = prepareRun({ ...request(join(tmp(), 'g')), file }).plan;
    expect(fromFile.precision).toEqual({ halfWidth: 0.04 });
    expect(fromFile.engagements).toBe(3000);
    expect(fromFile).toEqual(fromFlags);
    // Without maxEngagements, the default cap.
    expect(prepareRun({ file: experimentWith('precision: 0.04'), out: join(tmp(), 'h') }).plan.engagements).toBe(100_000);
  });

  it('the command line decides over the file: -n plays a fixed count, --precision its own target', () => {
    const file = experimentWith('precision: 0.04\nmaxEngagements: 3000');
    const fixed = prepareRun({ file, engagements: 400, out: join(tmp(), 'n') }).plan;
    expect(fixed.precision).toBeUndefined();
    expect(fixed.engagements).toBe(400);
    const other = prepareRun({ file, precision: 0.02, out: join(tmp(), 'p') }).plan;
    expect(other.precision).toEqual({ halfWidth: 0.02 });
    expect(other.engagements).toBe(3000); // the file's cap holds for any target
    expect(prepareRun({ file, maxEngagements: 2000, out: join(tmp(), 'm') }).plan.engagements).toBe(2000);
    // A cap from the command line is checked as with --precision; a batch beyond the file's cap names it.
    for (const bad of [1e12, 700.5, Number.NaN]) expect(() => prepareRun({ file, maxEngagements: bad, out: join(tmp(), 'b') })).toThrow(/^--max-engagements: /);
    expect(() => prepareRun({ file, batch: 5000, out: join(tmp(), 'c') })).toThrow(/^--batch: expected at most the most engagements a cell plays \(3,000, maxEngagements in .*town-assault\.experiment\.yaml\), found 5000$/);
  });

  it('volley tune plays a fixed count whatever the file says (every value on the same engagements)', () => {
    const file = experimentWith('precision: 0.04');
    const plan = prepareRun({ file, fixedCount: true, out: join(tmp(), 't') }).plan;
    expect(plan.precision).toBeUndefined();
    expect(plan.engagements).toBe(1000);
  });
});

describe('a precision run of a lane engagement without formations (Burt, scenario A)', () => {
  it("watches each army's broken share as a primary proportion, as the runner stops on it (before: only where there were formations)", async () => {
    const { results } = await runToEnd({ file: 'sims/burt/common-a-village.scenario.yaml', precision: 0.1, maxEngagements: 400, batch: 100, out: join(tmp(), 'burt') });
    const pr = results.provenance.precision!;
    expect(pr.primary).toContain('sides[0].armyBroken');
    expect(pr.primary).toContain('sides[1].armyBroken');
    // The widest proportion the runner stopped on is among them, within the target or at the maximum.
    expect(pr.primary).toContain(pr.cells[0].widest!.metric);
  });
});
