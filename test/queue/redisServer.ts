/**
 * A real redis-server for the queue's tests, on a free loopback port, with no persistence. Where
 * redis-server is not installed the tests are skipped with a loud message, except in CI, where
 * .ci/run installs it and its absence fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const REDIS_SERVER = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || null;

if (!REDIS_SERVER) {
  const msg = 'redis-server is not installed: the distributed queue\'s integration tests are SKIPPED (apt-get install redis-server, as .ci/run does)';
  if (process.env.CI) throw new Error(`${msg}; in CI this is a failure`);
  process.stderr.write(`\n*** ${msg} ***\n\n`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Start redis-server on a free port; resolves once it accepts connections. */
export async function startRedis(args: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`redis-server did not start on ${port}: ${out}`)), 10000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(t);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`redis-server exited (${code}): ${out}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
