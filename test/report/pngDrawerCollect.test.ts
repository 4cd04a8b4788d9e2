/**
 * PngDrawer has V8 collect once for every `atOnce` charts drawn (src/report/render.ts): resvg's images
 * and the copies of their pixels are freed only by a full collection, which V8 would put off for
 * several charts. collect.ts itself is test/report/collect.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PngDrawer } from '../../src/report/render.js';

const chart = (k: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect x="${k}" y="2" width="30" height="30" fill="teal"/></svg>`;

/** A drawer whose collections are counted instead of made. */
function counted(atOnce: number) {
  const calls = { n: 0 };
  return { drawer: new PngDrawer(atOnce, undefined, () => calls.n++), calls };
}

describe('PngDrawer collections', () => {
  it('collects once for every two charts drawn two at a time, and once for every chart drawn one at a time', async () => {
    const two = counted(2);
    await Promise.all([1, 2, 3, 4, 5].map((k) => two.drawer.draw(chart(k))));
    await two.drawer.close();
    expect(two.calls.n).toBe(2);

    const one = counted(1);
    await Promise.all([1, 2, 3].map((k) => one.drawer.draw(chart(k))));
    await one.drawer.close();
    expect(one.calls.n).toBe(3);
  });

  it('counts a chart that failed to draw, and still hands its failure to the caller', async () => {
    const { drawer, calls } = counted(2);
    await expect(drawer.draw('<svg not closed')).rejects.toThrow();
    await drawer.draw(chart(1));
    await drawer.close();
    expect(calls.n).toBe(1);
  });

  it('collects for real by default (the drawer draws as before)', async () => {
    const drawer = new PngDrawer();
    const pngs = await Promise.all([1, 2].map((k) => drawer.draw(chart(k))));
    await drawer.close();
    for (const png of pngs) expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  });
});
