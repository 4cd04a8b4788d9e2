/**
 * `node dist/benchmarks/queue.js [--engagements N] [--batch B]`: what a distributed run costs against
 * a local one on this machine. The same plan (the village assault) runs on a local pool of 2 threads,
 * then through a real redis-server on loopback with 2 `volley worker` processes of 1 thread each; the
 * figures are the ratio of their wall times and the queue's time per batch beyond play (enqueue, lock,
 * hand-in, merge), with the bits of both runs compared. Needs redis-server on the PATH.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const argv = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const N = arg('engagements', 20000);
const BATCH = arg('batch', 500);
const CLI = join(process.cwd(), 'dist/cli/main.js');
const FILE = 'sims/village-assault.scenario.yaml';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

function results(dir: string): { bits: string; wall: number; batchSeconds: number } {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  const t = r.timing;
  delete r.timing;
  return { bits: JSON.stringify(r), wall: t.wallSeconds, batchSeconds: t.batchSeconds };
}

function run(n: number, extra: string[]): ReturnType<typeof results> {
  const dir = mkdtempSync(join(tmpdir(), 'volley-queue-bench-'));
  const r = spawnSync(process.execPath, [CLI, 'run', FILE, '-n', String(n), '--batch', String(BATCH), '-q', '--no-report', '--out', dir, ...extra], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return results(dir);
}

async function main(): Promise<void> {
  if (spawnSync('sh', ['-c', 'command -v redis-server']).status !== 0) throw new Error('redis-server is not on the PATH (apt-get install redis-server)');
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  const url = `redis://127.0.0.1:${port}/0`;
  const workers: ChildProcess[] = [];
  try {
    const batches = Math.ceil(N / BATCH);
    // Warm the file caches (and the compiled JS) once.
    run(BATCH, ['-w', '2']);
    const local = run(N, ['-w', '2']);
    for (let i = 0; i < 2; i++) workers.push(spawn(process.execPath, [CLI, 'worker', '--queue', url, '-c', '1', '-q'], { stdio: 'ignore' }));
    await new Promise((r) => setTimeout(r, 1000));
    const queued = run(N, ['--queue', url]);
    const ratio = local.wall / queued.wall;
    // The queue's own time: wall x 2 workers beyond the seconds spent playing, per batch.
    const overheadMs = ((queued.wall * 2 - queued.batchSeconds) / batches) * 1000;
    const localOverheadMs = ((local.wall * 2 - local.batchSeconds) / batches) * 1000;
    console.log(`village assault, ${N} engagements in ${batches} batches of ${BATCH}; load average ${loadavg()[0].toFixed(2)}`);
    console.log(`local pool, 2 threads:          ${local.wall.toFixed(2)} s (${Math.round(N / local.wall)}/s); idle or overhead ${localOverheadMs.toFixed(1)} ms a batch`);
    console.log(`queue, 2 worker processes:      ${queued.wall.toFixed(2)} s (${Math.round(N / queued.wall)}/s); idle or overhead ${overheadMs.toFixed(1)} ms a batch`);
    console.log(`queue against local:            ${ratio.toFixed(2)}x the local rate`);
    console.log(`results.json apart from timing: ${queued.bits === local.bits ? 'identical' : 'DIFFERENT'}`);
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    redis.kill('SIGKILL');
  }
}

main().catch((e) => {
  console.error(`queue benchmark: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
