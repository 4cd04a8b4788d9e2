/**
 * Resuming after a crash or Ctrl-C (DESIGN.md, "Reliability"): a run killed with SIGKILL, or stopped
 * with SIGINT, continues with --resume from DIR/checkpoint.ndjson, and the final results.json (and the
 * engagement export) equal an uninterrupted run's, apart from `timing`. An output folder that holds a
 * run is not overwritten without --force. The runs that are killed or stopped, and the one whose worker
 * dies, are the built program's processes; the others (references, resumes, refusals) are played in
 * this process (test/cli/here.ts), which spares a Node start and a module load each.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { volleyHere } from '../cli/here.js';
import { startVolley, tmp, volley, waitFor } from './cli.js';

const EXPERIMENT = 'sims/town-assault.experiment.yaml';
// 4 cells x 4000 engagements in batches of 250: 64 batches.
const ARGS = ['-n', '4000', '--batch', '250', '--no-report', '--quiet'];
// Slows every batch in the workers (a test hook of src/sim/engine/worker.ts) so the run can be stopped midway.
const SLOW = { VOLLEY_FAULT: 'delay:ms=25' };

const checkpointLines = (dir: string) => {
  const f = join(dir, 'checkpoint.ndjson');
  return existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter((l) => l.startsWith('{"batch"')).length : 0;
};

function withoutTiming(dir: string): unknown {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  expect(r.timing).toBeDefined();
  delete r.timing;
  return r;
}

describe('volley run --resume', () => {
  const root = tmp();
  const ref = join(root, 'ref');
  beforeAll(async () => {
    const r = await volleyHere(['run', EXPERIMENT, ...ARGS, '-w', '2', '--out', ref, '--export', 'csv']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(ref, 'checkpoint.ndjson'))).toBe(false);
  });

  it('after SIGKILL mid-run (and a last line cut short) gives the same results.json and export as an uninterrupted run', async () => {
    const out = join(root, 'killed');
    const run = startVolley(['run', EXPERIMENT, ...ARGS, '-w', '2', '--out', out, '--export', 'csv'], SLOW);
    await waitFor(() => checkpointLines(out) >= 6, 20_000, 'six batches in the checkpoint');
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(join(out, 'results.json'))).toBe(false);
    expect(checkpointLines(out)).toBeLessThan(64);
    // A kill in the middle of an append leaves half a line.
    appendFileSync(join(out, 'checkpoint.ndjson'), '{"batch":63,"acc":{"n":25');

    const plain = await volleyHere(['run', EXPERIMENT, ...ARGS, '-w', '2', '--out', out, '--export', 'csv']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/unfinished run .*--resume.*--force/);

    const resumed = await volleyHere(['run', EXPERIMENT, ...ARGS, '-w', '2', '--out', out, '--export', 'csv', '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(withoutTiming(out)).toEqual(withoutTiming(ref));
    expect(readFileSync(join(out, 'engagements.csv'), 'utf8')).toBe(readFileSync(join(ref, 'engagements.csv'), 'utf8'));
    expect(existsSync(join(out, 'checkpoint.ndjson'))).toBe(false);
    expect(existsSync(join(out, 'engagements.csv.partial'))).toBe(false);
  });

  it('SIGINT flushes the checkpoint, stops the pool, says how to resume and exits 130; the resumed run is exact', async () => {
    const out = join(root, 'interrupted');
    const run = startVolley(['run', EXPERIMENT, ...ARGS, '-w', '2', '--out', out], SLOW);
    await waitFor(() => checkpointLines(out) >= 4, 20_000, 'four batches in the checkpoint');
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted: \d+ of 64 batches are saved in .*checkpoint\.ndjson/);
    expect(r.stderr).toContain(`resume with: npm run volley -- run ${EXPERIMENT} ${ARGS.join(' ')} -w 2 --out ${out} --resume`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const saved = Number(r.stderr.match(/interrupted: (\d+) of/)![1]);
    // Every saved batch is a whole line on disk.
    const text = readFileSync(join(out, 'checkpoint.ndjson'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(checkpointLines(out)).toBe(saved);
    expect(existsSync(join(out, 'results.json'))).toBe(false);

    const resumed = await volleyHere(['run', EXPERIMENT, ...ARGS, '-w', '1', '--out', out, '--resume']);
    expect(resumed.code).toBe(0);
    const a = withoutTiming(out) as { cells: unknown[] };
    const b = withoutTiming(ref) as { cells: unknown[] };
    expect(a).toEqual(b);
  });
});

describe('the output folder', () => {
  const scenarioRun = (n: number) => ['run', 'sims/town-assault.scenario.yaml', '-n', String(n), '--batch', '100', '--no-report', '--quiet'];
  const small = scenarioRun(400);

  it('a finished run is not overwritten without --force', async () => {
    const out = join(tmp(), 'done');
    expect((await volleyHere([...small, '-w', '0', '--out', out])).code).toBe(0);
    // The same command again: shown from the folder (exit 0), nothing played or written.
    const written = readFileSync(join(out, 'results.json'), 'utf8');
    const quiet = await volleyHere([...small, '-w', '0', '--out', out]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout + quiet.stderr).toBe('');
    const same = await volleyHere([...small.filter((a) => a !== '--quiet'), '-w', '0', '--out', out]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain(`volley: ${out} holds this run already`);
    expect(same.stdout).toContain(`results: ${join(out, 'results.json')}`);
    expect(readFileSync(join(out, 'results.json'), 'utf8')).toBe(written);
    const again = await volleyHere([...small, '-w', '0', '--out', out, '--seed', '2']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds a finished run \(results\.json\) of other inputs \(file, flags or build of volley\); add --force/);
    const resume = await volleyHere([...small, '-w', '0', '--out', out, '--resume']);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toMatch(/nothing to resume/);
    expect((await volleyHere([...small, '-w', '0', '--out', out, '--resume', '--force'])).code).toBe(2);
    const forced = await volleyHere([...small, '-w', '0', '--out', out, '--seed', '2', '--force']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).provenance.seed).toBe(2);
  });

  it('a checkpoint is only resumed by the same plan; a worker that died leaves one to resume', async () => {
    const out = join(tmp(), 'died');
    const died = volley([...small, '-w', '1', '--out', out], { VOLLEY_FAULT: 'exit:batch=2' });
    expect(died.code).toBe(1);
    expect(existsSync(join(out, 'checkpoint.ndjson'))).toBe(true);
    const other = await volleyHere([...scenarioRun(500), '-w', '0', '--out', out, '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/checkpoint\.ndjson belongs to a different run \(engagements 400 there, 500 now\)/);
    // Another batch size changes which batches there are: named as such, not as a damaged file.
    const rebatched = await volleyHere([...small.map((a) => (a === '100' ? '50' : a)), '-w', '0', '--out', out, '--resume']);
    expect(rebatched.code).toBe(2);
    expect(rebatched.stderr).toMatch(/checkpoint\.ndjson belongs to a different run \(batch 100 there, 50 now\)/);
    const resumed = await volleyHere([...small, '-w', '0', '--out', out, '--resume']);
    expect(resumed.code).toBe(0);
    const ref = join(tmp(), 'ref');
    expect((await volleyHere([...small, '-w', '0', '--out', ref])).code).toBe(0);
    expect(withoutTiming(out)).toEqual(withoutTiming(ref));
  });

  it('a damaged checkpoint is refused with a clear message', async () => {
    const out = join(tmp(), 'damaged');
    mkdirSync(out);
    writeFileSync(join(out, 'checkpoint.ndjson'), 'not json\n{"batch":0}\n');
    const r = await volleyHere([...small, '-w', '0', '--out', out, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/checkpoint\.ndjson is damaged .*--force/);
  });
});
