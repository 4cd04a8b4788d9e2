import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsFor, writeReport, type ChartDef } from '../../src/report/index.js';
import type { Results } from '../../src/results/results.js';
import { BATTLE_CHARTS, fixtureResults, SIMS } from './fixture.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// `again`: the checks that write the report a second time or load the page's libraries, made for an
// assault and a battle (the cavalry battle's report is the largest, and would only repeat them).
describe.each([
  ['an assault experiment', SIMS.townAssault, false, true],
  ['a battle', SIMS.village, true, true],
  ['a battle with cavalry charges', SIMS.cavalry, true, false],
] as const)('writeReport for %s', (_name, file, battle, again) => {
  let dir: string;
  let results: Results;
  let written: string[];
  let html: string;
  let charts: ChartDef[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'volley-report-'));
    results = await fixtureResults(file);
    charts = chartsFor(results);
    written = await writeReport(results, dir);
    html = readFileSync(join(dir, 'index.html'), 'utf8');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the battle charts only for a battle', () => {
    for (const name of BATTLE_CHARTS) expect(existsSync(join(dir, `${name}.vl.json`))).toBe(battle);
    for (const name of BATTLE_CHARTS) expect(html.includes(`data-spec="${name}"`)).toBe(battle);
  });

  it('writes index.html and a .vl.json, .svg, .png and .csv per chart, and returns them', () => {
    const sweep = charts.some((c) => c.name === 'sweep') ? ['sensitivity.csv'] : [];
    const expected = ['index.html', ...sweep, ...charts.flatMap((c) => [`${c.name}.vl.json`, `${c.name}.svg`, `${c.name}.png`, `${c.name}.csv`])].sort();
    expect(readdirSync(dir).sort()).toEqual(expected);
    expect(written.map((f) => f.slice(dir.length + 1)).sort()).toEqual(expected);
  });

  it('writes specs with inlined data, SVGs and real PNGs', () => {
    for (const c of charts) {
      const spec = JSON.parse(readFileSync(join(dir, `${c.name}.vl.json`), 'utf8'));
      expect(spec).toEqual(c.build(results));
      expect(Array.isArray(spec.data.values)).toBe(true);
      expect(readFileSync(join(dir, `${c.name}.svg`), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const png = readFileSync(join(dir, `${c.name}.png`));
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(png.length).toBeGreaterThan(5000);
    }
  });

  it('writes beside each chart the rows it draws as CSV, linked from the page', () => {
    for (const c of charts) {
      const values = (c.build(results) as { data: { values: Record<string, unknown>[] } }).data.values;
      const lines = readFileSync(join(dir, `${c.name}.csv`), 'utf8').trimEnd().split('\n');
      expect(lines.length, c.name).toBe(values.length + 1);
      const head = lines[0].split(',');
      for (const k of Object.keys(values[0])) expect(head, c.name).toContain(k);
      expect(html).toContain(`<a href="${c.name}.csv">data (CSV)</a>`);
    }
  });

  it('index.html works offline: no network references, libraries inlined', () => {
    expect(html).not.toMatch(/<script[^>]*\ssrc\s*=/i);
    expect(html).not.toMatch(/<link[^>]*\shref\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//i);
    // Outside the inlined scripts there is no web address at all.
    const outside = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
    expect(outside).not.toMatch(/https?:\/\//);
    for (const m of outside.matchAll(/\s(?:src|href)\s*=\s*"([^"]*)"/g)) expect(m[1]).toMatch(/^(#|[a-z0-9-]+\.(svg|png|vl\.json|csv)$)/);
    expect(html).toContain(results.provenance.hash);
  });

  if (again) it('the inlined Vega, Vega-Lite and vega-embed load and draw the embedded specs', async () => {
    const scripts = [...html.matchAll(/<script( type="application\/json" id="volley-specs")?>([\s\S]*?)<\/script>/g)];
    const code = scripts.filter((s) => !s[1]).map((s) => s[2]);
    const specs = JSON.parse(scripts.find((s) => s[1])![2]);
    expect(code).toHaveLength(4);
    const ctx = vm.createContext({ console, structuredClone, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask, URL, TextEncoder, TextDecoder });
    ctx.globalThis = ctx;
    ctx.self = ctx;
    for (const js of code.slice(0, 3)) new vm.Script(js).runInContext(ctx);
    new vm.Script(code[3]); // the page's own script parses
    expect(typeof ctx.vega.View).toBe('function');
    expect(typeof ctx.vegaLite.compile).toBe('function');
    expect(typeof ctx.vegaEmbed).toBe('function');
    const view = new ctx.vega.View(ctx.vega.parse(ctx.vegaLite.compile(specs.outcomes).spec), { renderer: 'none' });
    expect(await view.toSVG()).toContain('How engagements end');
    if (battle) {
      const demo = new ctx.vega.View(ctx.vega.parse(ctx.vegaLite.compile(specs.demoralization).spec), { renderer: 'none' });
      expect(await demo.toSVG()).toContain('Formations demoralized, turn by turn');
    }
  });

  if (again) it('leaves no temporary files behind when writing again', async () => {
    await writeReport(results, dir);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp') || f.startsWith('.'))).toEqual([]);
  });
});
