/**
 * A distributed run on a real redis-server (issue 18): a coordinator and two `volley worker` processes
 * give results.json bit for bit as a local run, though one worker is killed (kill -9) while it holds a
 * batch; a coordinator killed and started again with --resume too; an engagement that throws on a
 * worker fails the run with its seed and trace command; a server that is not there is named, with no
 * stack and no password, and so is one that is not Redis; a run that cannot start makes no folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startVolley, tmp, volley, waitFor } from '../reliability/cli.js';
import { freePort, REDIS_SERVER, startRedis, type RedisServer } from './redisServer.js';

const FILE = 'sims/village-assault.scenario.yaml';
// 24 batches of 25; a worker's batch takes at least 150 ms (VOLLEY_FAULT's delay), so the run lasts
// long enough to kill a worker in the middle of one.
const RUN = [FILE, '-n', '600', '--batch', '25', '--seed', 'queue-test', '-q', '--no-report'];
const SLOW: Record<string, string> = { VOLLEY_FAULT: 'delay:ms=150' };

const results = (dir: string) => {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  delete r.timing;
  return r;
};

const alive: ChildProcess[] = [];
function worker(url: string, env: Record<string, string> = SLOW) {
  const w = startVolley(['worker', '--queue', url, '--concurrency', '1'], env);
  alive.push(w.child);
  return w;
}

describe.skipIf(!REDIS_SERVER)('volley run --queue with volley worker', () => {
  let redis: RedisServer;
  let local: unknown;

  beforeAll(async () => {
    redis = await startRedis();
    const dir = tmp();
    const r = volley(['run', ...RUN, '-w', '0', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    local = results(dir);
  });

  afterAll(async () => {
    for (const c of alive) if (c.exitCode === null) c.kill('SIGKILL');
    await redis?.stop();
  });

  it('gives the local run\'s results though a worker is killed holding a batch', async () => {
    const dir = tmp();
    const w1 = worker(redis.url);
    const w2 = worker(redis.url);
    const coord = startVolley(['run', ...RUN, '--out', dir, '--queue', redis.url]);
    // Worker 1 has read the plan and is playing its first batch: kill it there.
    let w1Log = '';
    w1.child.stderr!.on('data', (d: string) => (w1Log += d));
    await waitFor(() => /plan [0-9a-f]{12}/.test(w1Log), 20000, 'worker 1 to take a batch');
    w1.child.kill('SIGKILL');
    const r = await coord.done;
    expect(r.code, r.stderr).toBe(0);
    expect(results(dir)).toEqual(local);
    w2.child.kill('SIGTERM');
    const stopped = await w2.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stderr).toMatch(/stopped after \d+ batches/);
  }, 90000);

  it('picks a killed coordinator\'s run up again with --resume, from its checkpoint and Redis', async () => {
    const dir = tmp();
    const w = worker(redis.url);
    const first = startVolley(['run', ...RUN, '--out', dir, '--queue', redis.url]);
    await waitFor(() => {
      try {
        return readFileSync(join(dir, 'checkpoint.ndjson'), 'utf8').split('\n').length > 4;
      } catch {
        return false;
      }
    }, 30000, 'a few batches in the checkpoint');
    first.child.kill('SIGKILL');
    await first.done;
    const again = volley(['run', ...RUN, '--out', dir, '--queue', redis.url, '--resume']);
    expect(again.code, again.stderr).toBe(0);
    expect(results(dir)).toEqual(local);
    w.child.kill('SIGTERM');
    await w.done;
  }, 90000);

  it('fails the run with the seed and trace command of an engagement that throws on a worker', async () => {
    const dir = tmp();
    const w = worker(redis.url, { VOLLEY_FAULT: 'throw:cell=0,engagement=130' });
    const r = volley(['run', ...RUN, '--out', dir, '--queue', redis.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/engagement 130 of cell 0 .*failed: injected fault/);
    expect(r.stderr).toContain("seed: queue-test/cell/130");
    expect(r.stderr).toMatch(/replay it with: npm run volley -- trace sims\/village-assault\.scenario\.yaml --cell 0 --engagement 130 --seed queue-test -n 600/);
    expect(r.stderr).not.toMatch(/\n\s+at |Warning/);
    w.child.kill('SIGTERM');
    await w.done;
  }, 60000);

  it('names a server that is not there, without a stack or the password', async () => {
    const port = await freePort();
    const url = `redis://:hunter2@127.0.0.1:${port}/0`;
    const out = tmp();
    const run = volley(['run', ...RUN, '--out', out, '--queue', url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot reach Redis at redis://127.0.0.1:${port}/0: connection refused`);
    // Nothing was played: no checkpoint is left to block the same command run again.
    expect(run.stderr).toContain('nothing was played; run the same command again once it is reachable');
    expect(existsSync(join(out, 'checkpoint.ndjson'))).toBe(false);
    // A folder the command would have made is not made (before: left empty).
    const fresh = join(tmp(), 'fresh');
    const again = volley(['run', ...RUN, '--out', fresh, '--queue', url]);
    expect(again.code).toBe(1);
    expect(existsSync(fresh)).toBe(false);
    const w = volley(['worker', '--queue', url]);
    expect(w.code).toBe(1);
    expect(w.stderr).toContain(`cannot reach Redis at redis://127.0.0.1:${port}/0`);
    for (const out of [run.stderr, run.stdout, w.stderr]) {
      expect(out).not.toContain('hunter2');
      expect(out).not.toMatch(/\n\s+at /);
    }
  }, 30000);
});

describe('a server that is not Redis', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // A web server's answer to Redis's PING: once, however many packets the client sends before it reads it.
    server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.on('data', () => {
        if (!socket.writableEnded) socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is named as such by run and worker (before: ioredis\'s "Protocol error, got "H" as reply type byte. Please report this."); run makes no folder', async () => {
    const url = `redis://127.0.0.1:${port}/0`;
    const out = join(tmp(), 'fresh');
    // Started, not waited for: this process's server must answer meanwhile.
    const run = await startVolley(['run', ...RUN, '--out', out, '--queue', url]).done;
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`volley: the server at ${url} does not speak Redis (is that the port of another service?)\n  nothing was played; run the same command again once it is reachable\n`);
    expect(existsSync(out)).toBe(false);
    const w = await startVolley(['worker', '--queue', url]).done;
    expect(w.code).toBe(1);
    expect(w.stderr).toBe(`volley: the server at ${url} does not speak Redis (is that the port of another service?)\n`);
  }, 30000);
});

