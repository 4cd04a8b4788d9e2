/**
 * Each rule system's report cites its own rules: the sentences of the objectives, breaking-by-turn,
 * retreats and strength-lost sections come from the results' vocabulary, never Age of Rifles' sections.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { escapeHtml, reportHtml } from '../../src/report/html.js';
import { buildCharts } from '../../src/report/index.js';
import { PLAIN_WORDS, reportWords } from '../../src/report/ruleWords.js';
import { AOR_VOCABULARY } from '../../src/rules/aor/vocabulary.js';
import { fixtureResults, SIMS } from './fixture.js';

const LIBS = { vega: '', vegaLite: '', vegaEmbed: '' };
const AOR = AOR_VOCABULARY.report!;
/** Age of Rifles' sections the general charts once cited: 18 objectives, 14.1 formations, 13 armies, 7.4 retreats. */
const AOR_SECTIONS = ['(18:', '(14.1)', '(13)', '(7.4)', 'failed morale check', 'printed strength'];

const meeting = (id: string) => fileURLToPath(new URL(`../../sims/${id}/meeting.scenario.yaml`, import.meta.url));

describe('report sentences in the rule system’s own words', () => {
  it.each(['burt', 'cwj', 'nagb', 'aoe'])('%s: the report cites its own rules and no Age of Rifles section', async (id) => {
    const r = await fixtureResults(meeting(id), 30);
    const charts = buildCharts(r);
    const html = reportHtml(r, charts, LIBS);
    const words = reportWords(r);
    expect(words).toBe(r.vocabulary.report);
    const names = charts.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['objectives', 'retreats', 'strength-lost']));
    const has = (t: string) => html.includes(escapeHtml(t));
    for (const t of [words.objectiveHolder, words.retreats.definition, words.strengthLost, words.eliminated]) expect(has(t), t).toBe(true);
    const spec = (name: string) => JSON.stringify(charts.find((c) => c.name === name)!.spec);
    const unit = r.scale.strengthUnit;
    expect(spec('strength-lost')).toContain(`"title":"${unit.charAt(0).toUpperCase()}${unit.slice(1)}s lost"`);
    expect(spec('retreats')).toContain(JSON.stringify(words.retreats.forced));
    if (names.includes('demoralization')) {
      expect(has(words.formations), words.formations).toBe(true);
      expect(spec('demoralization')).toContain(JSON.stringify(words.army));
    }
    for (const t of [AOR.objectiveHolder, AOR.formations, AOR.army, AOR.retreats.forced, AOR.retreats.definition, AOR.strengthLost, AOR.eliminated, ...AOR_SECTIONS]) {
      expect(html.includes(t) || has(t), t).toBe(false);
    }
  });

  it('Age of Rifles keeps its sections (18, 14.1, 13, 7.4)', async () => {
    const r = await fixtureResults(SIMS.village);
    const html = reportHtml(r, buildCharts(r), LIBS);
    for (const t of ['(18: an objective belongs to the last side to move a unit into or through it', 'For each formation (14.1) and each whole army (13)', 'before the hits land (7.4).', 'Strength points lost', 'eliminated (lost its last step, or was foot artillery that could not retreat)']) {
      expect(html).toContain(escapeHtml(t));
    }
  });

  it('results written before the vocabulary carried these sentences get a wording citing no rule', async () => {
    const r = await fixtureResults(SIMS.village);
    const old = { ...r, vocabulary: { ...r.vocabulary, report: undefined } };
    expect(reportWords(old)).toBe(PLAIN_WORDS);
    // Only the chart definitions: the Age of Rifles glossary of these results cites its sections, rightly.
    const text = JSON.stringify(buildCharts(old));
    for (const t of AOR_SECTIONS) expect(text, t).not.toContain(t);
    expect(text).toContain(PLAIN_WORDS.objectiveHolder);
    expect(text).toContain(PLAIN_WORDS.retreats.definition);
  });
});
