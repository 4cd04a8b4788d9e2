import { describe, expect, it } from 'vitest';
import { reportHtml } from '../../src/report/html.js';
import { columnRuns, runCaption, unbroken } from '../../src/report/wrap.js';
import { subtitle, textLines } from '../../src/report/charts/common.js';
import { fixtureResults, SIMS } from './fixture.js';

describe('wide tables wrapped into runs of columns', () => {
  it('keeps a table that fits in one run', () => {
    expect(columnRuns(4, 6)).toEqual([[0, 1, 2, 3]]);
    expect(columnRuns(6, 6)).toEqual([[0, 1, 2, 3, 4, 5]]);
    expect(columnRuns(0, 6)).toEqual([[]]);
  });

  it('splits evenly, the larger runs first', () => {
    expect(columnRuns(7, 6).map((r) => r.length)).toEqual([4, 3]);
    expect(columnRuns(9, 6).map((r) => r.length)).toEqual([5, 4]);
    expect(columnRuns(18, 6).map((r) => r.length)).toEqual([6, 6, 6]);
    expect(columnRuns(200, 6).map((r) => r.length).every((l) => l === 6 || l === 5)).toBe(true);
  });

  it('covers every column once, in order, never more than the most', () => {
    for (let n = 1; n <= 40; n++) {
      for (const most of [1, 2, 5, 6]) {
        const runs = columnRuns(n, most);
        expect(runs.flat()).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(Math.max(...runs.map((r) => r.length))).toBeLessThanOrEqual(most);
        expect(runs.length).toBe(Math.ceil(n / most));
      }
    }
  });

  it('refuses a run of no columns', () => {
    expect(() => columnRuns(3, 0)).toThrow(/at most 0/);
  });

  it('says which cells a run holds', () => {
    expect(runCaption('Key numbers', [0, 1, 2], 3)).toBe('Key numbers');
    expect(runCaption('Key numbers', [5, 6, 7, 8], 9)).toBe('Key numbers, cells 6-9 of 9');
    expect(runCaption('Key numbers', [2], 3)).toBe('Key numbers, cell 3 of 3');
  });
});

describe('intervals kept on one line', () => {
  it('wraps each interval and each "< p" in a span that does not break', () => {
    expect(unbroken('−7.0 points [−11.7, −2.3]')).toBe('−7.0 points <span class="nobr">[−11.7, −2.3]</span>');
    expect(unbroken('&lt; 0.001')).toBe('<span class="nobr">&lt; 0.001</span>');
    expect(unbroken('1.5×')).toBe('1.5×');
    expect(unbroken('a [1, 2] b [3, 4]')).toBe('a <span class="nobr">[1, 2]</span> b <span class="nobr">[3, 4]</span>');
  });
});

describe('the report page with more cells than fit across', () => {
  it('prints the summary as tables of at most six cells, each with the row labels, every cell once', async () => {
    const r = structuredClone(await fixtureResults(SIMS.townAssault));
    // Nine cells: the four of the sweep, repeated, under labels of their own.
    r.cells = Array.from({ length: 9 }, (_, i) => ({ ...structuredClone(r.cells[i % 4]), index: i, label: `cell ${i}` }));
    const html = reportHtml(r, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    const summary = /<section id="summary">([\s\S]*?)<\/section>/.exec(html)![1];
    const tables = [...summary.matchAll(/<caption>Key numbers per cell[^<]*<\/caption>[\s\S]*?<\/table>/g)].map((m) => m[0]);
    expect(tables.map((t) => /<caption>([^<]*)/.exec(t)![1])).toEqual(['Key numbers per cell, cells 1-5 of 9', 'Key numbers per cell, cells 6-9 of 9']);
    const heads = tables.map((t) => (/<thead>([\s\S]*?)<\/thead>/.exec(t)![1].match(/<th scope="col">/g) ?? []).length - 1);
    expect(heads).toEqual([5, 4]);
    for (const t of tables) {
      expect(t).toContain('<th scope="row">Draw');
      // Every row has as many figures as its table has cells.
      const rows = [...t.matchAll(/<tr><th scope="row">[\s\S]*?<\/tr>/g)].map((m) => (m[0].match(/<td>/g) ?? []).length);
      expect(new Set(rows).size).toBe(1);
    }
  });
});

describe('axis titles broken between words (charts/common.ts, textLines)', () => {
  it('keeps a title that fits (0.8 of the font size a character) as one string', () => {
    // 165 px at 12 px: 17 characters.
    expect(textLines('Morale of defend', 165, 12)).toBe('Morale of defend');
    expect(textLines('Turns', 165, 12)).toBe('Turns');
  });

  it('breaks a longer one between words into lines that fit, a long word on a line of its own', () => {
    expect(textLines('Morale of defender units', 165, 12)).toEqual(['Morale of', 'defender units']);
    expect(textLines('Strength of attacker stacks[0] units[0]', 240, 12)).toEqual(['Strength of attacker', 'stacks[0] units[0]']);
    expect(textLines('a supercalifragilisticexpialidocious b', 96, 12)).toEqual(['a', 'supercalifragilisticexpialidocious', 'b']);
    const lines = textLines('one two three four five six seven eight nine ten', 100, 10);
    expect(lines).toEqual(['one two', 'three four', 'five six', 'seven eight', 'nine ten']);
  });
});

describe('the subtitle counts engagements per cell', () => {
  it('in the singular for one engagement a cell', async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const one = { ...r, cells: r.cells.map((c) => ({ ...c, summary: { ...c.summary, engagements: 1 } })) };
    expect(subtitle(one)[0]).toBe('1 engagement per cell');
    expect(subtitle(r)[0]).toMatch(/^[\d,]+ engagements per cell$/);
  });
});
