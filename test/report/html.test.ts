import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { differences, escapeHtml, flatten, inlineJson, inlineScript, reportHtml } from '../../src/report/html.js';
import { buildCharts } from '../../src/report/index.js';
import type { Results } from '../../src/results/results.js';
import { BATTLE_CHARTS, fixtureResults, SIMS } from './fixture.js';

const LIBS = { vega: 'window.vega = {};', vegaLite: 'window.vegaLite = {};', vegaEmbed: 'window.vegaEmbed = function () {};' };

describe('escaping', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(escapeHtml(42)).toBe('42');
  });

  it('keeps inline scripts from closing early, without changing what they mean', () => {
    const js = `var a = "</script><!--"; var re = /<\\/script>/i; var b = '</SCRIPT>';`;
    const safe = inlineScript(js);
    expect(safe).not.toMatch(/<\/script/i);
    expect(safe).not.toContain('<!--');
    const ctx = vm.createContext({});
    new vm.Script(`${safe}; result = [a, re.test('</script>'), b];`).runInContext(ctx);
    expect(ctx.result).toEqual(['</script><!--', true, '</SCRIPT>']);
  });

  it('inlines JSON that parses back to the same value and holds no "<"', () => {
    const v = { s: '</script><b>', n: [1, 2] };
    const j = inlineJson(v);
    expect(j).not.toContain('<');
    expect(JSON.parse(j)).toEqual(v);
  });
});

describe('provenance helpers', () => {
  it('flattens nested values to paths', () => {
    expect(flatten({ a: { b: [1, { c: 'x' }] }, d: [] })).toEqual({ 'a.b[0]': 1, 'a.b[1].c': 'x', d: [] });
  });

  it('lists only the paths that differ between cells', () => {
    expect(differences([{ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 } }])).toEqual([{ path: 'b.c', values: ['2', '3'] }]);
    expect(differences([{ a: 1 }, { a: 1 }])).toEqual([]);
  });
});

describe('report page', () => {
  let results: Results;
  beforeAll(async () => {
    results = await fixtureResults(SIMS.townAssault);
  });

  it('shows title, question, provenance, every chart with heading and definition, tables and glossary', () => {
    const charts = buildCharts(results);
    const html = reportHtml(results, charts, LIBS);
    const p = results.provenance;
    expect(html).toContain(escapeHtml(p.experiment!.title!));
    expect(html).toContain(escapeHtml(p.experiment!.question!));
    for (const s of [p.hash, p.volley, p.ruleset.id, String(p.seed), 'Common random numbers', 'aor.terrainReductions', 'Options that differ between cells']) expect(html).toContain(s);
    // The factor is a scenario value: it shows among the scenario values that differ between cells.
    expect(html).toMatch(/Scenario values that differ between cells[\s\S]*defender\.units\[0\]\.morale/);
    for (const c of charts) {
      expect(html).toContain(`<h2>${escapeHtml(c.heading)}</h2>`);
      expect(html).toContain(escapeHtml(c.definition));
      expect(html).toContain(`data-spec="${c.name}"`);
    }
    for (const term of ['Outcome share', 'Wilson interval', 'Strength lost', 'Steps lost', 'Forced retreat', 'Voluntary retreat', 'Morale check', 'Failure rate by modified morale value', 'Disruption', 'Common random numbers']) {
      expect(html).toContain(`<dt>${term}</dt>`);
    }
    expect(html).toContain('Key numbers per cell');
    // An assault has no formations, objectives or victory points: none of their charts, rows or terms.
    for (const name of BATTLE_CHARTS) expect(html).not.toContain(`data-spec="${name}"`);
    for (const text of ['victory points', 'army demoralized', '<dt>Formation</dt>', '<dt>Victory points</dt>', '<dt>Objective held (18)</dt>']) expect(html).not.toContain(text);
    // Interval of the attacker's win share in the first cell, as the table prints it.
    const o = results.cells[0].summary.outcome[0];
    expect(html).toContain(`${(100 * o.p).toFixed(1)}% <span class="ci">[${(100 * o.lo).toFixed(1)}, ${(100 * o.hi).toFixed(1)}]</span>`);
  });

  it('escapes every name taken from the results', () => {
    const r = structuredClone(results);
    const evil = `<img src=x onerror="alert(1)">&'`;
    r.sides[0].name = evil;
    r.provenance.experiment!.title = evil;
    r.provenance.experiment!.question = evil;
    r.cells[0].label = evil;
    r.cells[0].options = { ...r.cells[0].options, [evil]: evil };
    const html = reportHtml(r, buildCharts(r), LIBS);
    const outsideScripts = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
    expect(outsideScripts).not.toContain('<img src=x');
    expect(outsideScripts).toContain(escapeHtml(evil));
  });

  it('embeds specs that parse back to the chart specs', () => {
    const charts = buildCharts(results);
    const html = reportHtml(results, charts, LIBS);
    const json = /<script type="application\/json" id="volley-specs">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(json)).toEqual(Object.fromEntries(charts.map((c) => [c.name, c.spec])));
  });
});

const BATTLE_TERMS = ['Formation', 'Demoralization limit (14.1)', 'Formation demoralized', 'Army demoralization (13)', 'Strength on the map', 'Objective held (18)', 'Victory points'];

describe('report page of a battle', () => {
  let results: Results;
  let html: string;
  beforeAll(async () => {
    results = await fixtureResults(SIMS.villageExperiment);
    html = reportHtml(results, buildCharts(results), LIBS);
  });

  it('shows every battle chart with its heading and definition', () => {
    const charts = buildCharts(results);
    expect(charts.map((c) => c.name)).toEqual(expect.arrayContaining([...BATTLE_CHARTS]));
    for (const c of charts) {
      expect(html).toContain(`<h2>${escapeHtml(c.heading)}</h2>`);
      expect(html).toContain(escapeHtml(c.definition));
      expect(html).toContain(`href="#${c.name}"`);
    }
  });

  it('adds victory points, army and formation demoralization to the summary table', () => {
    const row = (label: string) => new RegExp(`<tr><th scope="row">${label}</th>(<td>[^\\n]*?</td>){${results.cells.length}}</tr>`);
    for (const side of results.sides) {
      const name = escapeHtml(side.name);
      expect(html).toMatch(row(`${name}: victory points`));
      expect(html).toMatch(row(`${name}: army demoralized`));
    }
    for (const f of results.formations) expect(html).toMatch(row(`${escapeHtml(results.sides[f.side].name)}: ${escapeHtml(f.name)} demoralized`));
    // Victory points of the attacker in the first cell and the first formation's demoralized share, as printed.
    const vp = results.cells[0].summary.sides[0].victoryPoints;
    expect(html).toContain(`${vp.mean.toFixed(2)} <span class="ci">[${Math.max(0, vp.lo).toFixed(2)}, ${vp.hi.toFixed(2)}]</span>`);
    const d = results.cells[0].summary.formations[0].broken;
    expect(html).toContain(`${(100 * d.p).toFixed(1)}% <span class="ci">[${(100 * d.lo).toFixed(1)}, ${(100 * d.hi).toFixed(1)}]</span>`);
  });

  it('explains formations, demoralization, objectives and victory points in the glossary', () => {
    for (const term of BATTLE_TERMS) expect(html).toContain(`<dt>${escapeHtml(term)}</dt>`);
  });

  it('names the varied factor by its side', () => {
    expect(html).toContain(`<th scope="col">${escapeHtml('Doctrine of Prussians')}</th>`);
  });
});
