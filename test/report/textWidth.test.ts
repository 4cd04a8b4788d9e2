/**
 * Text measured with the chart faces (src/report/textWidth.ts). The expected advances were read from
 * DejaVu Sans's own tables by a separate reader (units per em 2048; regular: space 651, digits 1303,
 * a 1255, m 1995, W 2025, ellipsis 2048; bold: m 2134, digits 1425).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { chartFaceFiles, specToSvg } from '../../src/report/render.js';
import { FaceMetrics, facesOf, textWidthOf } from '../../src/report/textWidth.js';

const files = chartFaceFiles();
const faces = facesOf(files);
const em = (units: number, size: number) => (units * size) / 2048;

describe('the chart faces measured', () => {
  it('reads nothing from a file that is no font, and no family without its regular face', () => {
    expect(FaceMetrics.read(new Uint8Array(0))).toBeNull();
    expect(FaceMetrics.read(new TextEncoder().encode('not a font at all, only some bytes'))).toBeNull();
    expect(facesOf([])).toBeNull();
    expect(facesOf(files.filter((f) => /-(Bold|Oblique|BoldOblique)\.ttf$/.test(f)))).toBeNull();
  });

  describe.skipIf(faces === null)('where DejaVu Sans is installed', () => {
    const width = textWidthOf(faces!);

    it('gives each character its advance, by the face of its weight and slant', () => {
      expect(width({ fontSize: 11 }, '10 000')).toBeCloseTo(em(5 * 1303 + 651, 11), 9);
      expect(width({ fontSize: 16 }, 'mW…')).toBeCloseTo(em(1995 + 2025 + 2048, 16), 9);
      expect(width({ fontSize: 10, fontWeight: 'bold' }, 'm10')).toBeCloseTo(em(2134 + 2 * 1425, 10), 9);
      expect(width({ fontSize: 10, fontWeight: 700 }, 'm')).toBeCloseTo(em(2134, 10), 9);
      expect(width({ fontSize: 10, fontWeight: 500 }, 'm')).toBeCloseTo(em(1995, 10), 9);
      // The oblique faces advance as the upright ones do in DejaVu Sans; each is read from its own file.
      const oblique = files.find((f) => f.endsWith('DejaVuSans-Oblique.ttf'));
      if (oblique) expect(width({ fontSize: 10, fontStyle: 'italic' }, 'am')).toBeCloseTo(FaceMetrics.read(readFileSync(oblique))!.width('am', 10), 9);
    });

    it('measures as Vega does otherwise: the line trimmed, 11 px when no size is given, nothing at size 0', () => {
      expect(width({}, '  a  ')).toBeCloseTo(em(1255, 11), 9);
      expect(width({ fontSize: 0 }, 'a')).toBe(0);
      expect(width({ fontSize: 12 }, null)).toBe(0);
      expect(width({ fontSize: 12 }, 25)).toBeCloseTo(em(2 * 1303, 12), 9);
    });

    it('measures a line that reaches its limit as the limit, as Vega draws it cut to fit', () => {
      expect(width({ fontSize: 10, limit: 30 }, 'mmmmmmmmmm')).toBe(30);
      expect(width({ fontSize: 10, limit: 300 }, 'mm')).toBeCloseTo(em(2 * 1995, 10), 9);
      expect(width({ fontSize: 10, limit: 0 }, 'mmmmmmmmmm')).toBeCloseTo(em(10 * 1995, 10), 9);
    });

    it('lays a label cut at its limit out at that width: the chart is no wider than what is drawn', async () => {
      const label = 'A very long category name that the axis draws cut with an ellipsis at its limit';
      const spec = {
        $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
        padding: 0,
        width: 100,
        height: 20,
        data: { values: [{ c: label, v: 1 }] },
        mark: 'bar',
        encoding: { y: { field: 'c', type: 'nominal', title: null, axis: { labelLimit: 120 } }, x: { field: 'v', type: 'quantitative', axis: null } },
        config: { view: { stroke: null } },
      } as TopLevelSpec;
      const svg = await specToSvg(spec);
      expect(svg).toContain('…');
      const w = Number(/<svg[^>]* width="(\d+(?:\.\d+)?)"/.exec(svg)![1]);
      // The plot, the cut label (120 px at most), the tick and its padding: not the label's full 400-odd px.
      expect(w).toBeGreaterThan(100 + 100);
      expect(w).toBeLessThanOrEqual(100 + 120 + 12);
    });

    it('lays a chart out with them: a title wider than the plot sets the width of the SVG', async () => {
      const title = 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm';
      const spec = {
        $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
        title: { text: title, fontSize: 16, fontWeight: 'normal', anchor: 'start' },
        padding: 0,
        width: 50,
        height: 20,
        data: { values: [{ x: 1 }] },
        mark: 'point',
        encoding: { x: { field: 'x', type: 'quantitative', axis: null } },
        config: { view: { stroke: null } },
      } as TopLevelSpec;
      const svg = await specToSvg(spec);
      const w = Number(/<svg[^>]* width="(\d+(?:\.\d+)?)"/.exec(svg)![1]);
      // 30 m at 16 px: 467.6 px, where Vega's own estimate (0.8 em a character) gives 384.
      expect(w).toBeGreaterThanOrEqual(Math.floor(em(30 * 1995, 16)));
      expect(w).toBeLessThanOrEqual(Math.ceil(em(30 * 1995, 16)) + 1);
    });
  });
});
