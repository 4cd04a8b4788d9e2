import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile, type TopLevelSpec } from 'vega-lite';
import { chartDefinition, chartHeading, facetGrid } from '../../src/report/charts/common.js';
import { CHARTS, chartsFor, type ChartDef } from '../../src/report/charts/index.js';
import { objectiveLabel } from '../../src/report/charts/objectives.js';
import { AOR_VOCABULARY } from '../../src/rules/aor/vocabulary.js';
import { chartFaceFiles, specToSvg } from '../../src/report/render.js';
import { measureWithFaces } from '../../src/report/textWidth.js';
import { sweepSpec } from '../../src/report/charts/sweep.js';
import type { Results } from '../../src/results/results.js';
import { BATTLE_CHARTS, CHARGE_CHARTS, fixtureResults, HISTORY_CHARTS, SIMS } from './fixture.js';
import { makeValidator } from './jsonSchema.js';

const schemaFile = createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json');
const validate = makeValidator(JSON.parse(readFileSync(schemaFile, 'utf8')));

/** Vega-Lite's logger, collecting warnings and errors instead of printing them. */
function collectingLogger(messages: string[]) {
  let level = 0;
  const logger = {
    level(l?: number) {
      if (l === undefined) return level;
      level = l;
      return logger;
    },
    error: (...a: unknown[]) => (messages.push(`error: ${a.join(' ')}`), logger),
    warn: (...a: unknown[]) => (messages.push(`warn: ${a.join(' ')}`), logger),
    info: () => logger,
    debug: () => logger,
  };
  return logger;
}

function titleOf(spec: TopLevelSpec): string {
  const t = spec.title;
  if (typeof t === 'string') return t;
  if (t && typeof t === 'object' && 'text' in t && typeof t.text === 'string') return t.text;
  throw new Error('spec has no title text');
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

/** The numeric factor of town-assault (morale 3..6) gives a sweep chart, drawn first. */
const SWEEP: ChartDef = {
  name: 'sweep',
  heading: 'Sweep: Morale of defender units',
  definition: 'The sweep chart.',
  build: (r) => sweepSpec(r, 'defender.units[*].morale'),
};
const battleNames = new Set<string>([...BATTLE_CHARTS, ...CHARGE_CHARTS, ...HISTORY_CHARTS]);
const chargeNames = new Set<string>(CHARGE_CHARTS);
const historyNames = new Set<string>(HISTORY_CHARTS);
const assaultCharts = CHARTS.filter((c) => !battleNames.has(c.name));
const noChargeCharts = CHARTS.filter((c) => !chargeNames.has(c.name) && !historyNames.has(c.name));
const withHistory = CHARTS.filter((c) => !chargeNames.has(c.name));
const chargeCharts = CHARTS.filter((c) => !historyNames.has(c.name));

/**
 * Each fixture with the charts it must produce: assaults none of the battle charts, battles all but
 * the cavalry chart, which only battles with charges have (the village battle has none), and the history
 * chart, which only battles that give their scale against history have (ligny-like).
 */
const fixtures: readonly (readonly [string, string, readonly ChartDef[]])[] = [
  ['town-assault (one factor, 4 cells)', SIMS.townAssault, [SWEEP, ...assaultCharts]],
  ['flank-vs-frontal (two factors, one fixed)', SIMS.flank, [{ ...SWEEP, build: (r) => sweepSpec(r, 'attacker.stacks[1].hexside') }, ...assaultCharts]],
  ['single scenario (one cell)', SIMS.scenario, assaultCharts],
  ['village-assault battle (one cell)', SIMS.village, noChargeCharts],
  ['village-assault battle experiment (3 cells)', SIMS.villageExperiment, noChargeCharts],
  ['cavalry-vs-squares battle experiment (two factors, 4 cells)', SIMS.cavalry, chargeCharts],
  ['ligny-like battle, with its scale against history (one cell)', SIMS.ligny, withHistory],
];

describe.each(fixtures)('report charts from %s', (_name, file, charts) => {
  let results: Results;
  beforeAll(async () => {
    results = await fixtureResults(file);
  });

  it('has at least the required charts, with unique file names', () => {
    const names = CHARTS.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['outcomes', 'strength-lost', 'morale-failure', 'retreats', ...BATTLE_CHARTS, ...CHARGE_CHARTS]));
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('draws exactly the charts its data has (battle charts only for battles)', () => {
    expect(chartsFor(results).map((c) => c.name)).toEqual(charts.map((c) => c.name));
  });

  it.each(charts.map((c) => [c.name, c] as const))('%s: valid against the Vega-Lite JSON schema', (_n, chart) => {
    const spec = chart.build(results);
    expect(validate(spec)).toEqual([]);
    // A round trip through JSON (what .vl.json holds) is the same spec.
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });

  it.each(charts.map((c) => [c.name, c] as const))('%s: compiles without warnings and without changing the spec', (_n, chart) => {
    const spec = chart.build(results);
    const before = structuredClone(spec);
    const messages: string[] = [];
    const out = compile(spec, { logger: collectingLogger(messages) });
    expect(messages).toEqual([]);
    expect(out.spec).toBeTruthy();
    expect(spec).toEqual(before);
  });

  it.each(charts.map((c) => [c.name, c] as const))('%s: building does not change the results', (_n, chart) => {
    const before = structuredClone(results);
    chart.build(results);
    expect(results).toEqual(before);
  });

  it.each(charts.map((c) => [c.name, c] as const))('%s: has a title, axis titles in words, inline data, readable width', (_n, chart) => {
    const spec = chart.build(results);
    expect(titleOf(spec).length).toBeGreaterThan(5);
    const data = (spec as { data?: { values?: unknown[] } }).data;
    expect(Array.isArray(data?.values)).toBe(true);
    expect(data!.values!.length).toBeGreaterThan(0);
    // Every x/y field carries a title in words (or deliberately none), so no raw field name shows.
    const untitled: string[] = [];
    (function walk(v: unknown, path: string): void {
      if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'x' || k === 'y') && x && typeof x === 'object' && 'field' in x && !('title' in x)) untitled.push(`${path}.${k}`);
        walk(x, `${path}.${k}`);
      }
    })(spec, '$');
    expect(untitled).toEqual([]);
    expect(chartHeading(chart, results).length).toBeGreaterThan(3);
    expect(chartDefinition(chart, results)).toMatch(/\.$/);
  });

  it.each(charts.map((c) => [c.name, c] as const))('%s: renders to SVG with its title', async (_n, chart) => {
    const spec = chart.build(results);
    const svg = await specToSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(xmlText(titleOf(spec)));
    const width = Number(/<svg[^>]*width="([\d.]+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan(300);
    expect(width).toBeLessThan(1400);
  });
});

describe('chart data', () => {
  it('outcomes keeps the cells in results order and each cell’s shares add up to 1', async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const spec = CHARTS.find((c) => c.name === 'outcomes')!.build(r) as { data: { values: { cell: string; p: number; lo: number; hi: number }[] } };
    const cells = [...new Set(spec.data.values.map((v) => v.cell))];
    expect(cells).toEqual(['3', '4', '5', '6']);
    for (const c of cells) {
      const rows = spec.data.values.filter((v) => v.cell === c);
      expect(rows).toHaveLength(3);
      expect(rows.reduce((s, v) => s + v.p, 0)).toBeCloseTo(1, 10);
      for (const v of rows) expect(v.lo <= v.p && v.p <= v.hi).toBe(true);
    }
  });

  it('strength-lost shares per panel add up to 1 and the means match the results', async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const spec = CHARTS.find((c) => c.name === 'strength-lost')!.build(r) as {
      data: { values: { kind: string; cell: string; side: string; share?: number; mean?: number }[] };
    };
    const bars = spec.data.values.filter((v) => v.kind === 'bar');
    const means = spec.data.values.filter((v) => v.kind === 'mean');
    expect(means).toHaveLength(r.cells.length * 2);
    for (const m of means) {
      const total = bars.filter((b) => b.cell === m.cell && b.side === m.side).reduce((s, b) => s + b.share!, 0);
      expect(total).toBeCloseTo(1, 10);
    }
    expect(means[0].mean).toBe(r.cells[0].summary.sides[0].strengthLost.mean);
  });

  it('morale-failure has the rule 2.3 reference line for every morale value observed', async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const spec = CHARTS.find((c) => c.name === 'morale-failure')!.build(r) as { data: { values: { kind: string; x: number; rating: string; p: number }[] } };
    const observed = spec.data.values.filter((v) => v.kind === 'observed');
    const theory = spec.data.values.filter((v) => v.kind === 'theory');
    expect(observed.length).toBeGreaterThan(0);
    for (const o of observed) {
      const m = Number(o.rating);
      expect(theory.some((t) => t.rating === o.rating && t.p === Math.min(1, Math.max(0, (6 - m) / 6)))).toBe(true);
    }
  });

  it("2.3's failure chance by modified morale, clamped to [0, 1], is what the Age of Rifles vocabulary declares", () => {
    const f = AOR_VOCABULARY.ratings.failure!.p;
    const labels = AOR_VOCABULARY.ratings.labels;
    // Each label's morale m (the ends stand for 0 or less and 7 or more): a d6 above m fails.
    labels.forEach((_, i) => expect(f[i]).toBeCloseTo(Math.min(1, Math.max(0, (6 - i) / 6)), 12));
    expect([f[0], f[3], f[6], f[7]]).toEqual([1, 0.5, 0, 0]);
  });
});

describe('battle chart data', () => {
  let r: Results;
  beforeAll(async () => {
    r = await fixtureResults(SIMS.villageExperiment);
  });
  const build = (name: string) => CHARTS.find((c) => c.name === name)!.build(r) as unknown as { data: { values: Record<string, unknown>[] } };

  it('the battle fixture has formations, objectives and strength by turn', () => {
    expect(r.cells).toHaveLength(3);
    expect(r.formations.length).toBeGreaterThan(1);
    expect(r.objectives.length).toBeGreaterThan(0);
    expect(r.cells[0].summary.sides[0].strengthByTurn).toHaveLength(r.turns);
  });

  it('demoralization: every formation and army, every turn, ending at the share demoralized', () => {
    const rows = build('demoralization').data.values as { cell: string; series: string; side: string; turn: number; p: number; lo: number; hi: number }[];
    const labels = [...new Set(rows.map((v) => v.cell))];
    expect(labels).toEqual(['stubborn', 'by-the-book', 'careful']);
    expect(rows).toHaveLength(r.cells.length * (r.formations.length + 2) * r.turns);
    r.cells.forEach((c, i) => {
      for (const f of c.summary.formations) {
        const mine = rows.filter((v) => v.cell === labels[i] && v.series === f.name);
        expect(mine.map((v) => v.turn)).toEqual(Array.from({ length: r.turns }, (_, t) => t + 1));
        // Cumulative: never falls, and the last turn is the share demoralized at any time.
        for (let t = 1; t < mine.length; t++) expect(mine[t].p).toBeGreaterThanOrEqual(mine[t - 1].p);
        expect(mine.at(-1)!.p).toBeCloseTo(f.broken.p, 12);
        for (const v of mine) expect(v.lo <= v.p && v.p <= v.hi).toBe(true);
      }
      for (const k of [0, 1] as const) {
        const army = rows.filter((v) => v.cell === labels[i] && v.series === 'Whole army (13)' && v.side.startsWith(r.sides[k].name));
        expect(army.at(-1)!.p).toBeCloseTo(c.summary.sides[k].armyBroken.p, 12);
      }
    });
  });

  it('strength-by-turn: starts at the starting strength, then the summary means, turn by turn', () => {
    const rows = build('strength-by-turn').data.values as { cell: string; side: string; turn: number; mean: number }[];
    expect(rows).toHaveLength(r.cells.length * 2 * (r.turns + 1));
    const s = r.cells[0].summary.sides[1];
    const mine = rows.filter((v) => v.cell === 'stubborn' && v.side.startsWith(r.sides[1].name));
    expect(mine[0]).toMatchObject({ turn: 0, mean: s.startStrength.mean });
    expect(mine.slice(1).map((v) => v.mean)).toEqual(s.strengthByTurn.map((t) => t.mean));
    // Strength on the map never grows: there are no reinforcements.
    for (let t = 1; t < mine.length; t++) expect(mine[t].mean).toBeLessThanOrEqual(mine[t - 1].mean + 1e-9);
  });

  it('objectives: each objective\'s holders add up to 1 per cell; "nobody" only when it happens', () => {
    const rows = build('objectives').data.values as { cell: string; objective: string; holder: string; p: number; count: number }[];
    const nobody = r.cells.some((c) => c.summary.objectives.some((o) => o.heldBy[2].count > 0));
    expect(rows.some((v) => v.holder === 'Held by nobody')).toBe(nobody);
    r.cells.forEach((c, i) => {
      for (const o of c.summary.objectives) {
        const mine = rows.filter((v) => v.cell === ['stubborn', 'by-the-book', 'careful'][i] && v.objective === objectiveLabel(o));
        expect(mine).toHaveLength(nobody ? 3 : 2);
        expect(mine.reduce((a, v) => a + v.count, 0) + (nobody ? 0 : o.heldBy[2].count)).toBe(c.summary.engagements);
      }
    });
  });

  it('formation-losses: one row per formation and cell, with the summary means', () => {
    const rows = build('formation-losses').data.values as { cell: string; formation: string; mean: number; lo: number; hi: number }[];
    expect(rows).toHaveLength(r.cells.length * r.formations.length);
    const f = r.cells[2].summary.formations[0];
    expect(rows.find((v) => v.cell === 'careful' && v.formation.startsWith(f.name))!.mean).toBe(f.strengthLost.mean);
    // Labels carry the starting strength from the scenario: Steinmetz's brigade is 6 + 6 + 6 + 5 + 4.
    expect(rows.map((v) => v.formation)).toContain("Steinmetz's brigade (of 27)");
    for (const v of rows) expect(v.lo <= v.mean && v.mean <= v.hi && v.lo >= 0).toBe(true);
  });
});

describe('the sweep chart', () => {
  it("sets its row headers' words at the first column's axis, not their own width away from it", async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const vega = await import('vega');
    // Laid out as the report lays it out: with the chart faces' widths where they are installed.
    measureWithFaces(chartFaceFiles());
    const view = new vega.View(vega.parse(compile(sweepSpec(r, 'defender.units[*].morale') as TopLevelSpec).spec), { renderer: 'none' });
    await view.runAsync();
    type Item = { x?: number; bounds: { x1: number; x2: number }; items?: Scene[] };
    type Scene = { role?: string; items?: Item[] };
    const ends: number[] = [];
    const walk = (n: Scene, ox: number): void => {
      for (const it of n.items ?? []) {
        if (n.role === 'row-header') for (const c of it.items ?? []) if (c.role === 'title') for (const t of c.items ?? []) ends.push(ox + (it.x ?? 0) + t.bounds.x2);
        for (const c of it.items ?? []) walk(c, ox + (it.x ?? 0));
      }
    };
    const root = (view.scenegraph() as unknown as { root: Scene }).root;
    walk(root, 0);
    const left = root.items![0].bounds.x1;
    view.finalize();
    expect(ends).toHaveLength(4);
    // Each ends left of the plots by the axis's widest labels (two digits at 11 px, as Vega measures
    // them) and 18 px (tick, padding, the header's offset); the longest starts the chart.
    const digits = (vega as unknown as { textMetrics: { width: (item: object, text: string) => number } }).textMetrics.width({ fontSize: 11 }, '60');
    for (const e of ends) expect(e).toBeCloseTo(-digits - 18, 0);
    expect(left).toBeGreaterThan(-200);
  });
});

describe('panels of a chart faceted by cell', () => {
  it('take as few rows as the widest row allows, and as few columns as those rows need (5 cells: 3 and 2, not 4 and 1)', () => {
    const cols = (n: number) => facetGrid(n, 4).columns;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13].map(cols)).toEqual([1, 2, 3, 4, 3, 3, 4, 4, 3, 4, 4]);
    // Rows never exceed the least number the widest row allows.
    for (let n = 1; n <= 40; n++) expect(Math.ceil(n / cols(n))).toBe(Math.ceil(n / 4));
    expect(facetGrid(5, 4, 600).width).toBe(180);
  });
});
