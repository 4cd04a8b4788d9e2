/**
 * The report of `volley tune` (STYLE.md 12): the curve is a valid Vega-Lite spec that compiles
 * without warnings and renders, with a panel around the tuned value when the values tried cluster
 * there; the verdict, CSV and page say what tune.json holds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import seedrandom from 'seedrandom';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { estimateText, formatTarget, tuneCsv, tuneHtml, tuneSpec, tuneVerdict, zoomWindow } from '../../src/report/tune.js';
import { specToSvg } from '../../src/report/render.js';
import { prepareTune, type TuneResults } from '../../src/sim/studies/tune.js';
import { buildTuneResults } from '../../src/sim/studies/tuneRun.js';
import { wilson } from '../../src/stats/intervals.js';
import { tuneSearch } from '../../src/stats/tuneSearch.js';
import { makeValidator } from '../report/jsonSchema.js';

const validate = makeValidator(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json'), 'utf8')));
const LIBS = { vega: '/*vega*/', vegaLite: '/*vega-lite*/', vegaEmbed: '/*vega-embed*/' };

/** A real-valued tune whose estimate is the empirical CDF of fixed uniforms (as in search.test.ts). */
async function realTune(target: number, to = 10): Promise<TuneResults> {
  const prep = prepareTune({ file: 'test/tune/skirmish.scenario.yaml', param: 'sides[0].battleDoctrine.chargeRatio', target: `winner[Blue] = ${target}`, range: `0..${to}`, engagements: 1000 });
  const rng = seedrandom.alea('tune-report');
  const u = Array.from({ length: 1000 }, () => rng());
  const outcome = await tuneSearch({ from: 0, to, integer: false, target, tolerance: prep.tolerance! }, async (xs) =>
    xs.map((x) => {
      const w = wilson(u.filter((v) => v < x / 10).length, 1000);
      return { value: w.p, lo: w.lo, hi: w.hi, se: Math.sqrt((w.p * (1 - w.p)) / 1000), n: 1000 };
    }),
  );
  return buildTuneResults(prep, outcome);
}

describe('the tune report', () => {
  let r: TuneResults;
  let far: TuneResults;
  beforeAll(async () => {
    r = await realTune(0.3);
    // A target out of reach: the share is at most about a half on 0..5.
    far = await realTune(0.8, 5);
  });

  it('tune.json says what was tuned, how, and where it landed', () => {
    expect(r.param).toMatchObject({ path: 'sides[0].battleDoctrine.chargeRatio', kind: 'real', places: 1, scenarioValue: null });
    expect(r.target).toMatchObject({ metric: 'winner[Blue]', kind: 'share', value: 0.3 });
    expect(r.method).toMatchObject({ name: 'bisection', resolution: 0.1 });
    expect(r.points.filter((p) => p.chosen)).toEqual([r.chosen]);
    expect(r.points.every((p) => p.containsTarget === (p.lo <= 0.3 && 0.3 <= p.hi))).toBe(true);
    expect(r.reached).toBe(true);
    expect(r.provenance.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the curve is valid Vega-Lite, compiles without warnings, renders, and zooms on the tuned value', async () => {
    expect(zoomWindow(r)).not.toBeNull();
    for (const x of [r, far]) {
      const spec = tuneSpec(x);
      expect(validate(spec)).toEqual([]);
      const messages: string[] = [];
      const logger = { level: () => logger, error: (...a: unknown[]) => (messages.push(`error ${a.join(' ')}`), logger), warn: (...a: unknown[]) => (messages.push(`warn ${a.join(' ')}`), logger), info: () => logger, debug: () => logger };
      compile(spec, { logger: logger as never });
      expect(messages).toEqual([]);
    }
    const spec = tuneSpec(r) as { vconcat?: unknown[] };
    expect(spec.vconcat).toHaveLength(2);
    const svg = await specToSvg(tuneSpec(r));
    expect(svg).toContain('target 30%');
    expect(svg).toContain('Around the tuned value');
  });

  it('the verdict, the CSV and the page', () => {
    expect(tuneVerdict(r)).toBe(`sides[0].battleDoctrine.chargeRatio = ${r.chosen.x} brings winner[Blue] to ${estimateText(r, r.chosen)}, target 30%; interval [${r.interval!.lo}, ${r.interval!.hi}] (95%)`);
    const end = far.points[far.points.length - 1];
    expect(far.reached).toBe(false);
    expect(far.interval).toBeNull();
    expect(tuneVerdict(far)).toBe(
      `sides[0].battleDoctrine.chargeRatio = 5 brings winner[Blue] to ${estimateText(far, end)}, target 80%; the target is not reached from 0 to 5 (0.0% at 0 and ${(100 * end.value).toFixed(1)}% at 5): the nearest value tried`,
    );
    expect(formatTarget({ ...r, target: { ...r.target, value: 0.125 } })).toBe('12.5%');
    const csv = tuneCsv(r).trim().split('\n');
    expect(csv).toHaveLength(r.points.length + 1);
    expect(csv.filter((l) => /,1,\d+$/.test(l))).toHaveLength(1);
    const page = tuneHtml(r, tuneSpec(r), LIBS);
    expect(page).toContain(tuneVerdict(r));
    expect(page).toContain('Interval of the tuned value');
    expect(page).toContain('Bisection on common random numbers');
    expect(page).not.toMatch(/<script[^>]+src=/);
  });
});
