import { renderAsync } from '@resvg/resvg-js';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/report/collect.js';

/** Let the current task end: finalization callbacks run in tasks of their own after a collection. */
const nextTask = () => new Promise((done) => setTimeout(done, 0));

async function finalizedAfter(collect: () => void, make: (register: (o: object) => void) => Promise<void>, expected: number): Promise<number> {
  let finalized = 0;
  const registry = new FinalizationRegistry(() => finalized++);
  await make((o) => registry.register(o, null));
  collect();
  for (let k = 0; k < 20 && finalized < expected; k++) await nextTask();
  return finalized;
}

describe('collectGarbage (src/report/collect.ts)', () => {
  it('runs the finalizers of objects nothing refers to', async () => {
    const made = async (register: (o: object) => void) => {
      for (let i = 0; i < 3; i++) register({ i });
    };
    expect(await finalizedAfter(collectGarbage, made, 3)).toBe(3);
  });

  it("frees the copy of a drawn chart's pixels resvg handed out once nothing holds it (what PngDrawer counts on)", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="teal"/></svg>';
    const made = async (register: (o: object) => void) => {
      register((await renderAsync(svg)).pixels);
    };
    expect(await finalizedAfter(collectGarbage, made, 1)).toBe(1);
  });

  it('leaves no gc function behind in contexts made later', () => {
    collectGarbage();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
