/**
 * The flags Node runs the command line with (src/cli/nodeFlags.ts) are the same wherever it is
 * started: the bundled command's shebang, and the `start` and `volley` scripts of package.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../src/cli/nodeFlags.js';

describe('the command line runs with NODE_FLAGS', () => {
  const flags = NODE_FLAGS.join(' ');

  it("in its shebang (src/cli/main.ts, kept by the bundle), through env -S", () => {
    expect(readFileSync('src/cli/main.ts', 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${flags}`);
    expect(readFileSync('dist/cli/main.js', 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${flags}`);
  });

  it('in the npm scripts a user starts it with', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start.startsWith(`node ${flags} dist/cli/main.js `)).toBe(true);
    expect(scripts.volley).toBe(`node ${flags} dist/cli/main.js`);
  });
});
