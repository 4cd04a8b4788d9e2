/** Lane pictures (src/table/draw.ts): where things are drawn, and nothing unescaped. */
import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import { arrowSvg, bodySvg, distanceSvg, laneBackground, laneLayout, px, py, terrainLegend, tickStep } from '../../src/table/draw.js';
import { makeLane } from '../../src/table/lane.js';
import { terrainInterval } from '../../src/table/terrain.js';

const lane = makeLane(0, 40, 16);
const l = laneLayout(lane, 456, 28);

describe('laneLayout', () => {
  it('maps the lane ends to the margins and the width to the scale, +y up', () => {
    expect(l.scale).toBeCloseTo(10, 12);
    expect(px(l, 0)).toBe(28);
    expect(px(l, 40)).toBeCloseTo(428, 9);
    expect(py(l, 8)).toBe(28); // the +y edge at the top
    expect(py(l, -8)).toBeCloseTo(188, 9);
    expect(l.height).toBe(Math.round(16 * 10 + 56 + 22));
  });
});

describe('tickStep', () => {
  it('is 1, 2 or 5 times a power of ten, about ten ticks along', () => {
    expect(tickStep(40)).toBe(5);
    expect(tickStep(100)).toBe(10);
    expect(tickStep(16)).toBe(2);
    expect(tickStep(250)).toBe(20);
  });
});

describe('bodySvg', () => {
  it('draws the footprint where the body stands, its front edge thick on the side it faces', () => {
    const b = body(20, 1, 6, 2, 3); // front at x 20 facing +x, 6 wide, 2 deep, centre y 3
    const svg = bodySvg(l, { body: b, fill: '#2b59a3', label: 'IR-1', title: 'IR-1' });
    expect(svg).toContain(`<rect x="${px(l, 18)}" y="${py(l, 6)}" width="20" height="60"`);
    expect(svg).toContain(`<line x1="${px(l, 20)}" y1="${py(l, 6)}" x2="${px(l, 20)}"`);
    const back = bodySvg(l, { body: body(20, -1, 6, 2, 3), fill: '#000', label: 'x', title: 'x' });
    expect(back).toContain(`<rect x="${px(l, 20)}"`);
    expect(back).toContain(`<line x1="${px(l, 20)}"`);
  });

  it('escapes every word it writes', () => {
    const svg = bodySvg(l, { body: body(5, 1, 4, 1), fill: '#000', label: '<b>', sublabel: '"x"', badge: '&', title: "</title><script>" });
    expect(svg).not.toMatch(/<b>|<script>|"x"/);
    expect(svg).toContain('&lt;b&gt;');
  });

  it('writes a name across a body wide enough for it, along a tall narrow one (a column from above), else above it', () => {
    // 10 px to the inch: body(front, facing, frontage, depth, centre) is depth x 10 wide, frontage x 10 tall.
    const wide = bodySvg(l, { body: body(20, 1, 6, 8, 0), fill: '#000', label: 'IR-12-II', sublabel: 'line 24', title: 't' });
    expect(wide).toContain('<text class="ulbl" x=');
    expect(wide).not.toContain('rotate(');
    const column = bodySvg(l, { body: body(20, 1, 12, 4, 0), fill: '#000', label: '2-Ligne-II', sublabel: 'col 24', title: 't' });
    expect(column).toMatch(/<g transform="translate\([\d.]+,[\d.]+\) rotate\(-90\)"><text class="ulbl" x="0" y="-1">2-Ligne-II<\/text><text class="usub" x="0" y="10">col 24<\/text><\/g>/);
    // A badge at the top corner: the words move down by its height, and need that much more length.
    const badged = bodySvg(l, { body: body(20, 1, 12, 4, 0), fill: '#000', label: '2-Ligne-II', sublabel: 'col 24', badge: 'D', title: 't' });
    const cy = (s: string) => Number(s.match(/translate\([\d.]+,([\d.]+)\)/)![1]);
    expect(cy(badged) - cy(column)).toBeCloseTo(7, 1);
    const tight = bodySvg(l, { body: body(20, 1, 7.2, 4, 0), fill: '#000', label: '2-Ligne-II', title: 't' });
    expect(tight).toContain('rotate(-90)');
    expect(bodySvg(l, { body: body(20, 1, 7.2, 4, 0), fill: '#000', label: '2-Ligne-II', badge: 'D', title: 't' })).not.toContain('rotate(-90)');
    const small = bodySvg(l, { body: body(20, 1, 2, 1, 0), fill: '#000', label: '2-Ligne-II', title: 't' });
    expect(small).toContain('<text class="ulbl out"');
  });

  it('marks a unit that is gone with a cross, faded', () => {
    const svg = bodySvg(l, { body: body(5, 1, 4, 1), fill: '#000', label: 'g', title: 'g', gone: true });
    expect(svg).toContain('opacity="0.3"');
    expect(svg).toContain('stroke="#c1121f"');
  });
});

describe('laneBackground, arrows and distances', () => {
  it('draws areas as rectangles and lines across the lane, and a ruler in ground units and yards', () => {
    const svg = laneBackground(l, [terrainInterval('village', 30, 34), terrainInterval('hedge', 25, 25)], '"', 25);
    expect(svg).toContain(`<rect x="${px(l, 30)}" y="${py(l, 8)}" width="40" height="160" fill="#c9a27a"`);
    expect(svg).toContain(`<line x1="${px(l, 25)}" y1="${py(l, 8)}" x2="${px(l, 25)}" y2="${py(l, -8)}" stroke="#3e7a2f"`);
    expect(svg).toContain('>40&quot; (1000 yd)<');
  });

  it('an arrow ends at its point; a zero-length arrow is nothing; a distance is labelled', () => {
    expect(arrowSvg(l, { x: 1, y: 0 }, { x: 11, y: 0 }, '#f00')).toContain(`M${px(l, 11)},${py(l, 0)}`);
    expect(arrowSvg(l, { x: 1, y: 0 }, { x: 1, y: 0 }, '#f00')).toBe('');
    expect(distanceSvg(l, 4, 20, 0, '"')).toContain('>16&quot;<');
  });

  it('gives one legend swatch per terrain kind', () => {
    expect(terrainLegend(['village', 'hedge', 'village']).map((x) => x.text)).toEqual(['village', 'hedge']);
  });
});
