/** The docs keep up with the code: every option and every file field is documented. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.js';
import { jsonSchemas } from '../src/scenario/jsonSchema.js';
import { TUNE_COMMAND } from '../benchmarks/wholeRun.js';
import { prepareRun } from '../src/sim/studies/prepare.js';

const rulesDoc = readFileSync('docs/rules/age-of-rifles.md', 'utf8');
const filesDoc = readFileSync('docs/files.md', 'utf8');

function fieldNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (schema && typeof schema === 'object') {
    const s = schema as { properties?: Record<string, unknown> };
    if (s.properties) for (const [k, v] of Object.entries(s.properties)) {
      if (!k.includes('.')) out.add(k); // option names are checked against the rules page
      fieldNames(v, out);
    }
    for (const v of Object.values(schema)) if (v && typeof v === 'object') fieldNames(v, out);
  }
  return out;
}

describe('documentation', () => {
  it("the tune line `npm run bench` measures is the README's", () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`npm run volley -- ${TUNE_COMMAND.replace(/^volley /, '')} #`);
  });

  it('docs/rules/age-of-rifles.md names every aor option', () => {
    for (const o of RULESETS.find((r) => r.id === 'aor')!.options) expect(rulesDoc, o.name).toContain(`\`${o.name}\``);
  });

  it('the coverage table has a row for every numbered section 2-18, each citing test files that exist', () => {
    const table = rulesDoc.slice(rulesDoc.indexOf('## Coverage'), rulesDoc.indexOf('## Rulings this project adds'));
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| section') && !l.startsWith('|---'));
    const sections = rows.map((r) => r.split('|')[1].trim().split(' ')[0]);
    const wanted = ['2', '2.1', '2.2', '2.3', '3', '4', '5', '5.2', '5.3', '5.4', '5.5', '5.6', '6.1', '6.2', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.7', '7.8', '7.10', '7.11', '7.12', '8.1', '8.2', '8.3', '9', '10.1', '10.2', '11', '12', '12.1', '12.2', '12.3', '12.4', '12.5', '13', '14.1', '14.2', '15', '16', '17', '18'];
    for (const w of wanted) expect(sections, `section ${w}`).toContain(w);
    for (const t of ['Terrain Effects: Town', 'Terrain Effects: Chateau', 'Terrain Effects: Woods', 'Terrain Effects: Stream', 'Terrain Effects: Crest', 'Terrain Effects: Bridge', 'Morale Modifiers: step loss', 'Morale Modifiers: demoralized formation', 'Morale Modifiers: fired at by artillery', 'Morale Modifiers: flank attack', 'Morale Modifiers: attacked by Old Guard', 'Order number', 'Combat modifiers: normal combat', 'Combat modifiers: cavalry charges', 'Combat modifiers: bombardment', 'Fire Table']) {
      expect(rows.some((r) => r.startsWith(`| ${t}`)), t).toBe(true);
    }
    for (const r of rows) {
      expect(r, 'no row may say it is not implemented').not.toMatch(/not implemented/i);
      const tests = r.split('|')[4];
      const files = tests.match(/test\/[\w/.-]+\.test\.ts/g) ?? [];
      expect(files.length, `tests for: ${r.slice(0, 40)}`).toBeGreaterThan(0);
      for (const f of files) expect(existsSync(f), f).toBe(true);
    }
  });

  it('docs/files.md names every field of every file kind', () => {
    for (const [kind, schema] of Object.entries(jsonSchemas())) {
      for (const f of fieldNames(schema)) expect(filesDoc, `${kind}.${f}`).toMatch(new RegExp(`\\b${f}\\b`));
    }
  });

  it("docs/files.md's export row for strength by turn says an engagement that ended early repeats its last strength (padStrengthByTurn), not that the columns are empty", () => {
    const row = filesDoc.split('\n').find((l) => l.startsWith('| `a_strengthByTurn_1`'))!;
    expect(row).not.toMatch(/empty past the last turn played/);
    expect(row).toMatch(/repeats its last strength/);
  });

  it("the README's account of `npm start` promises no share held at the end where the default study has no objective (a map-free assault)", () => {
    const study = /run (\S+\.experiment\.yaml)/.exec(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start)![1];
    const { plan } = prepareRun({ file: study, engagements: 1, fixedCount: true });
    const cell = plan.cells[0];
    const rs = RULESETS.find((r) => r.id === plan.rulesetId)!;
    expect(rs.describe(rs.compile(cell.scenario, cell.options)).objectives).toEqual([]);
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.slice(readme.indexOf('`npm start` builds the project'), readme.indexOf('## Five rule systems'));
    expect(start).toContain(study);
    expect(start).not.toMatch(/held (what|its|the objective)|held at the end/);
  });
});
