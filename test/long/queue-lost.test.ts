/**
 * A Redis that goes away in the middle of a distributed run (issue 18): the coordinator and the worker
 * each end within seconds with a message naming the server (never its password), not a hang or a
 * stack; the coordinator's message says how to resume. Slow (the reconnect window is about 10 s), so
 * it runs with `npm run test:long`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startVolley, sleep, tmp, waitFor } from '../reliability/cli.js';
import { REDIS_SERVER, startRedis } from '../queue/redisServer.js';

const alive: ChildProcess[] = [];
afterAll(() => {
  for (const c of alive) if (c.exitCode === null) c.kill('SIGKILL');
});

describe.skipIf(!REDIS_SERVER)('a Redis lost mid-run', () => {
  it('ends the coordinator and the worker with the server named, no password, no stack', async () => {
    const redis = await startRedis(['--requirepass', 'hunter2']);
    const url = `redis://:hunter2@127.0.0.1:${redis.port}/0`;
    const w = startVolley(['worker', '--queue', url, '--concurrency', '1'], { VOLLEY_FAULT: 'delay:ms=200' });
    const out = tmp();
    const c = startVolley(['run', 'sims/village-assault.scenario.yaml', '-n', '600', '--batch', '25', '-q', '--no-report', '--out', out, '--queue', url]);
    alive.push(w.child, c.child);
    // Mid-run: once a batch the worker played is in the coordinator's checkpoint, however long a loaded
    // machine takes to start both (the checkpoint file alone is written before anything is played, and
    // a run that played nothing says so instead of how to resume).
    const checkpoint = join(out, 'checkpoint.ndjson');
    await waitFor(() => existsSync(checkpoint) && readFileSync(checkpoint, 'utf8').includes('{"batch"'), 30_000, 'a batch in the checkpoint');
    await sleep(500);
    await redis.stop();
    const [wr, cr] = await Promise.all([w.done, c.done]);
    const shown = `cannot reach Redis at redis://127.0.0.1:${redis.port}/0`;
    expect(cr.code).toBe(1);
    expect(cr.stderr).toContain(shown);
    expect(cr.stderr).toMatch(/continue with: npm run volley -- run .*--resume/);
    expect(wr.code).toBe(1);
    expect(wr.stderr).toContain(shown);
    for (const out of [cr.stderr, wr.stderr]) {
      expect(out).not.toContain('hunter2');
      expect(out).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
