/** The numbers beside each chart (DESIGN.md, "Files"): a spec's inline data as CSV. */
import { describe, expect, it } from 'vitest';
import { chartCsv } from '../../src/report/chartCsv.js';
import { csvField } from '../../src/results/rows.js';

describe('chartCsv', () => {
  it('writes the rows of a single dataset, columns in first-seen order, quoting where CSV needs it', () => {
    const spec = {
      data: { values: [{ cell: '3', p: 0.5, note: 'a, b' }, { cell: 'morale="4"', p: 0.25, extra: true }] },
      mark: 'bar',
      encoding: { x: { axis: { values: [1, 2, 3] } } },
    };
    expect(chartCsv(spec)).toBe('cell,p,note,extra\n3,0.5,"a, b",\n"morale=""4""",0.25,,true\n');
  });

  it('tells the datasets of a layered spec apart and skips axis value lists', () => {
    const spec = {
      layer: [
        { data: { values: [{ x: 1, y: 2 }] }, mark: 'point' },
        { data: { name: 'target', values: [{ y: 0.3 }] }, mark: 'rule', encoding: { y: { axis: { values: [0, 1] } } } },
      ],
    };
    expect(chartCsv(spec)).toBe('dataset,x,y\nlayer[0],1,2\ntarget,,0.3\n');
  });

  it('gives null for a spec without inline data', () => {
    expect(chartCsv({ data: { url: 'x.csv' }, mark: 'bar' })).toBeNull();
  });
});

describe('formula injection (unit-fates.csv and every other CSV written through csvField)', () => {
  it("text a spreadsheet would run as a formula gets a leading apostrophe; numbers and plain numeric text stay as they are", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const s of ['+1+2', '-2+3', '@SUM(A1)', '\tx', '\r=1']) expect(csvField(s).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField('-0.5')).toBe('-0.5');
    expect(csvField('+3')).toBe('+3');
    expect(csvField('1e-3')).toBe('1e-3');
    expect(csvField('Foy-1-Leger')).toBe('Foy-1-Leger');
  });

  it('a unit id like =HYPERLINK(...) reaches the unit-fates CSV neutralized', () => {
    const spec = { data: { values: [{ unit: '=HYPERLINK("http://x")', eliminated: 0.25 }] } };
    expect(chartCsv(spec)).toBe(`unit,eliminated\n"'=HYPERLINK(""http://x"")",0.25\n`);
  });
});
