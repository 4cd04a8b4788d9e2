/**
 * PngDrawer has V8 collect once for every `atOnce` charts drawn (src/report/render.ts): resvg's images
 * and the copies of their pixels are freed only by a full collection, which V8 would put off for
 * several charts. collect.ts itself is test/report/collect.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/report/collect.js', () => ({ collectGarbage: vi.fn() }));

const { collectGarbage } = await import('../../src/report/collect.js');
const { PngDrawer } = await import('../../src/report/render.js');

const chart = (k: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect x="${k}" y="2" width="30" height="30" fill="teal"/></svg>`;

describe('PngDrawer collections', () => {
  it('collects once for every two charts drawn two at a time, and once for every chart drawn one at a time', async () => {
    vi.mocked(collectGarbage).mockClear();
    const two = new PngDrawer(2);
    await Promise.all([1, 2, 3, 4, 5].map((k) => two.draw(chart(k))));
    await two.close();
    expect(collectGarbage).toHaveBeenCalledTimes(2);

    vi.mocked(collectGarbage).mockClear();
    const one = new PngDrawer(1);
    await Promise.all([1, 2, 3].map((k) => one.draw(chart(k))));
    await one.close();
    expect(collectGarbage).toHaveBeenCalledTimes(3);
  });

  it('counts a chart that failed to draw, and still hands its failure to the caller', async () => {
    vi.mocked(collectGarbage).mockClear();
    const drawer = new PngDrawer(2);
    const bad = drawer.draw('<svg not closed');
    await expect(bad).rejects.toThrow();
    await drawer.draw(chart(1));
    await drawer.close();
    expect(collectGarbage).toHaveBeenCalledTimes(1);
  });
});
