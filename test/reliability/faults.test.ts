/**
 * Worker faults (DESIGN.md, "Reliability"): an engagement that throws, a worker that exits and an
 * error thrown outside a task all stop the run with exit code 1 and one message that names the cell,
 * the engagement (or the batch's range) and how to replay it; no stack, and the pool shut down.
 * The faults are injected through VOLLEY_FAULT, a test hook read only by src/sim/engine/worker.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { volleyHere } from '../cli/here.js';
import { CLI, tmp, volley } from './cli.js';

const EXPERIMENT = 'sims/town-assault.experiment.yaml';
const run = (fault: string, extra: string[] = []) => {
  const out = join(tmp(), 'out');
  const t0 = Date.now();
  // A run that hangs is killed at 40 s (it takes 1-2 s on a quiet machine, 15 s once under a load of 12).
  const r = volley(['run', EXPERIMENT, '-n', '400', '--batch', '50', '-w', '2', '--out', out, '--quiet', '--no-report', ...extra], { VOLLEY_FAULT: fault }, 40_000);
  return { ...r, out, ms: Date.now() - t0 };
};

describe('worker faults', () => {
  it('an engagement that throws names its cell, index and seed and the command that replays it', () => {
    const r = run('throw:cell=1,engagement=37', ['--seed', '99']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('volley: engagement 37 of cell 1 (defender.units[*].morale=4) failed: injected fault (VOLLEY_FAULT)');
    expect(r.stderr).toContain('seed: 99/cell/37');
    expect(r.stderr).toContain(`replay it with: npm run volley -- trace ${EXPERIMENT} --cell 1 --engagement 37 --seed 99`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(r.out, 'results.json'))).toBe(false);
    // The pool is destroyed: the process ends by itself, not killed at the bound above.
    expect(r.signal).toBeNull();
    expect(r.ms).toBeLessThan(40_000);
  });

  it('a worker that exits is reported with its batch: cell and engagement range', () => {
    // Batch 2 is in the first tasks handed out, one batch each (no batch has been timed yet).
    const r = run('exit:batch=2');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^volley: a worker died while running batch 2: cell 0 \(defender\.units\[\*\]\.morale=3\), engagements 100\.\.149: worker exited with code: 3\n/,
    );
    expect(r.stderr).toContain(`npm run volley -- trace ${EXPERIMENT} --cell 0 --engagement <100..149>`);
    expect(r.stderr).toMatch(/--resume\n$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('an error thrown outside a task is reported the same way, with the range of the task it was in', () => {
    const r = run('uncaught:batch=9');
    expect(r.code).toBe(1);
    // Short batches go several to a task once the first replies say how long one takes (src/sim/engine/runner.ts,
    // groupSize): the worker held batch 9 alone or with its neighbours of cell 1 (batches 8..15).
    const m = r.stderr.match(/^volley: a worker died while running (?:batch 9|one of batches (\d+)\.\.(\d+)): cell 1 \(defender\.units\[\*\]\.morale=4\), engagements (\d+)\.\.(\d+): injected uncaught error/);
    expect(m, r.stderr).not.toBeNull();
    const [first, last] = m![1] ? [Number(m![1]), Number(m![2])] : [9, 9];
    expect(first).toBeGreaterThanOrEqual(8);
    expect(first).toBeLessThanOrEqual(9);
    expect(last).toBeGreaterThanOrEqual(9);
    expect(last).toBeLessThanOrEqual(15);
    // Batch k of cell 1 holds its engagements (k - 8) x 50 .. (k - 8) x 50 + 49.
    expect([Number(m![3]), Number(m![4])]).toEqual([(first - 8) * 50, (last - 8) * 50 + 49]);
    expect(r.stderr).toContain(`npm run volley -- trace ${EXPERIMENT} --cell 1 --engagement <${m![3]}..${m![4]}>`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a file the run appends to that cannot grow', () => {
  it('a checkpoint append refused (EFBIG under a file-size limit, as ENOSPC on a full disk) names the file, what is saved and the command that resumes; the resumed run matches an uninterrupted one', async () => {
    const dir = tmp();
    const args = ['run', EXPERIMENT, '-n', '200', '--batch', '25', '-w', '0', '--quiet', '--no-report'];
    // The reference and the resume play in this process (test/cli/here.ts); the run cut short is the built program's.
    const whole = await volleyHere([...args, '--out', join(dir, 'whole')]);
    expect(whole.code).toBe(0);
    const out = join(dir, 'cut');
    // 16 KiB: a few batches' lines fit in the checkpoint, not all 32 (Node ignores SIGXFSZ, so the write fails with EFBIG).
    const cut = spawnSync('bash', ['-c', `ulimit -f 16; exec "${process.execPath}" "${CLI}" "$@"`, 'volley', ...args, '--out', out], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    expect(cut.status, cut.stderr).toBe(1);
    const ck = join(out, 'checkpoint.ndjson');
    expect(cut.stderr).toMatch(new RegExp(`^volley: cannot write ${ck} \\(EFBIG\\): the run stopped; \\d+ of 32 batches are saved in ${ck}\\n`));
    expect(cut.stderr).toContain(`continue with: npm run volley -- run ${args.slice(1).join(' ')} --out ${out} --resume`);
    expect(cut.stderr).not.toMatch(/\n\s+at |internal error/);
    const resumed = await volleyHere([...args, '--out', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const summaries = (f: string) => (JSON.parse(readFileSync(f, 'utf8')) as { cells: { summary: unknown }[] }).cells.map((c) => c.summary);
    expect(summaries(join(out, 'results.json'))).toEqual(summaries(join(dir, 'whole', 'results.json')));
  });
});
