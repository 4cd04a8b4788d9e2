/**
 * Vitest's global setup (vitest.config.ts, vitest.long.config.ts): one scratch folder for the whole
 * run, removed at its end. The test workers and every process they start inherit TMPDIR, so the
 * folders the tests make with `mkdtemp(join(tmpdir(), ...))` (runs, reports, checkpoints, browser
 * profiles) land inside it and no test has to clean up after itself. Set VOLLEY_KEEP_SCRATCH=1 to keep
 * the folder for a look after a failure; its path is printed then.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'volley-tests-'));
  process.env.TMPDIR = root;
  return () => {
    if (process.env.VOLLEY_KEEP_SCRATCH) {
      console.log(`volley tests: scratch folder kept at ${root}`);
      return;
    }
    rmSync(root, { recursive: true, force: true });
  };
}
