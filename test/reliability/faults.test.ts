/**
 * Worker faults (DESIGN.md, "Reliability"): an engagement that throws, a worker that exits and an
 * error thrown outside a task all stop the run with exit code 1 and one message that names the cell,
 * the engagement (or the batch's range) and how to replay it; no stack, and the pool shut down.
 * The faults are injected through VOLLEY_FAULT, a test hook read only by src/sim/worker.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmp, volley } from './cli.js';

const EXPERIMENT = 'sims/town-assault.experiment.yaml';
const run = (fault: string, extra: string[] = []) => {
  const out = join(tmp(), 'out');
  const t0 = Date.now();
  const r = volley(['run', EXPERIMENT, '-n', '400', '--batch', '50', '-w', '2', '--out', out, '--quiet', '--no-report', ...extra], { VOLLEY_FAULT: fault });
  return { ...r, out, ms: Date.now() - t0 };
};

describe('worker faults', () => {
  it('an engagement that throws names its cell, index and seed and the command that replays it', () => {
    const r = run('throw:cell=1,engagement=37', ['--seed', '99']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('volley: engagement 37 of cell 1 (defender.units[*].morale=4) failed: injected fault (VOLLEY_FAULT)');
    expect(r.stderr).toContain('seed: 99/cell/37');
    expect(r.stderr).toContain(`replay it with: volley trace ${EXPERIMENT} --cell 1 --engagement 37 --seed 99`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(r.out, 'results.json'))).toBe(false);
    // The pool is destroyed: the process ends without waiting for the remaining batches' idle timeout.
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a worker that exits is reported with its batch: cell and engagement range', () => {
    const r = run('exit:batch=2');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^volley: a worker died while running batch 2: cell 0 \(defender\.units\[\*\]\.morale=3\), engagements 100\.\.149: worker exited with code: 3\n/,
    );
    expect(r.stderr).toContain(`volley trace ${EXPERIMENT} --cell 0 --engagement <100..149>`);
    expect(r.stderr).toMatch(/--resume\n$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('an error thrown outside a task is reported the same way', () => {
    const r = run('uncaught:batch=9');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^volley: a worker died while running batch 9: cell 1 \(defender\.units\[\*\]\.morale=4\), engagements 50\.\.99: injected uncaught error/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
