/** Where Chromium is missing the browser tests skip, except in CI, where they fail. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chromiumForTests, findChromium } from './chromium.js';

describe('finding Chromium for the browser tests', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.restoreAllMocks();
  });
  const without = (ci: string | undefined) => {
    process.env = { ...saved, PATH: '/nonexistent' };
    delete process.env.CHROMIUM_PATH;
    delete process.env.CHROME_PATH;
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  };

  it('finds none on an empty PATH', () => {
    without(undefined);
    expect(findChromium()).toBeNull();
  });

  it('in CI, a missing Chromium is an error that says what to install', () => {
    without('true');
    expect(() => chromiumForTests()).toThrow(/CI is set but no Chromium was found.*chromium/);
  });

  it('elsewhere the tests skip, with a word on stderr', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const ci of [undefined, 'false', '0']) {
      without(ci);
      expect(chromiumForTests()).toBeNull();
    }
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/browser tests skipped: no Chromium/));
  });

  it('takes CHROMIUM_PATH when it names a file', () => {
    without('true');
    process.env.CHROMIUM_PATH = process.execPath;
    expect(chromiumForTests()).toBe(process.execPath);
  });
});
