/**
 * The overlap check of chart text (textBoxes.ts) finds what it must: texts drawn over each other,
 * rotated labels that cross, and not texts that merely sit close.
 */
import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { overlaps, renderTexts, textWidth } from './textBoxes.js';
import { chartFaceFiles } from '../../src/report/render.js';
import { facesOf } from '../../src/report/textWidth.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Texts at given pixel positions on a 300 x 200 chart without axes. */
function textsAt(points: { x: number; y: number; t: string }[], mark: Record<string, unknown> = {}): TopLevelSpec {
  const scale = (max: number) => ({ domain: [0, max], range: [0, max] as [number, number] });
  return {
    $schema: SCHEMA,
    width: 300,
    height: 200,
    data: { values: points },
    mark: { type: 'text', fontSize: 10, align: 'left', baseline: 'middle', ...mark },
    encoding: {
      x: { field: 'x', type: 'quantitative', scale: scale(300), axis: null },
      y: { field: 'y', type: 'quantitative', scale: { ...scale(200), range: [0, 200] }, axis: null },
      text: { field: 't' },
    },
  } as TopLevelSpec;
}

describe('text boxes of a chart', () => {
  it('widths are the chart faces’ where installed (DejaVu Sans: m 1995, a 1255 units of 2048; bold m 2134), else at least Vega’s estimate and wider for wide letters', () => {
    if (facesOf(chartFaceFiles())) {
      expect(textWidth('mmmm', 10)).toBeCloseTo((4 * 1995 * 10) / 2048, 9);
      expect(textWidth('abc', 11)).toBeCloseTo(((1255 + 1300 + 1126) * 11) / 2048, 9);
      expect(textWidth('mmmm', 10, 'bold')).toBeCloseTo((4 * 2134 * 10) / 2048, 9);
    } else {
      expect(textWidth('85%', 10)).toBeGreaterThanOrEqual(0.8 * 3 * 10);
      expect(textWidth('mmmm', 10)).toBe(40);
      expect(textWidth('abc', 11)).toBeCloseTo(0.8 * 3 * 11);
    }
  });

  it('finds two value labels drawn over each other ("8%" over "9%")', async () => {
    const { boxes } = await renderTexts(textsAt([{ x: 100, y: 100, t: '8%' }, { x: 108, y: 104, t: '9%' }]));
    expect(boxes.map((b) => b.text).sort()).toEqual(['8%', '9%']);
    expect(overlaps(boxes)).toEqual([['8%', '9%']]);
  });

  it('passes texts side by side, and one line apart', async () => {
    // "8%" is at most 2 x 10 px wide at font size 10: 30 px apart, and 12 px (a line) apart.
    const { boxes } = await renderTexts(textsAt([{ x: 100, y: 100, t: '8%' }, { x: 130, y: 100, t: '9%' }, { x: 100, y: 112, t: '7%' }]));
    expect(boxes).toHaveLength(3);
    expect(overlaps(boxes)).toEqual([]);
  });

  it('finds x-axis labels too long for their band, as the old outcomes chart drew them', async () => {
    const labels = ['sides[1].formations[Bde-Steinmetz].units[*].morale=4', 'sides[1].formations[Bde-Steinmetz].units[*].morale=6'];
    const spec = {
      $schema: SCHEMA,
      width: 200,
      height: 100,
      data: { values: labels.map((cell, i) => ({ cell, p: i })) },
      mark: 'point',
      encoding: { x: { field: 'cell', type: 'nominal', axis: { labelAngle: 0, labelLimit: 400, labelOverlap: false } }, y: { field: 'p', type: 'quantitative' } },
    } as TopLevelSpec;
    const found = overlaps((await renderTexts(spec)).boxes);
    expect(found).toHaveLength(1);
    expect(found[0].map((t) => t.slice(0, 30))).toEqual(labels.map((t) => t.slice(0, 30)));
  });

  it('compares rotated text as rotated boxes: parallel slanted labels pass, crossing ones fail', async () => {
    // Two labels at -45 degrees, 20 px apart along x: their upright bounding boxes overlap, the texts do not.
    const slanted = [{ x: 100, y: 150, t: 'a long label' }, { x: 120, y: 150, t: 'another one' }];
    expect(overlaps((await renderTexts(textsAt(slanted, { angle: -45 }))).boxes)).toEqual([]);
    // The same at 0 degrees run into each other.
    expect(overlaps((await renderTexts(textsAt(slanted))).boxes)).toHaveLength(1);
  });
});
