/** Running the built CLI (dist/, built by `npm test`'s pretest) from the reliability tests. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLI = join(process.cwd(), 'dist/cli/main.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const env = (extra: Record<string, string> = {}) => ({ ...process.env, FORCE_COLOR: '0', VOLLEY_DEBUG: '', ...extra });

/** Run the CLI and wait; killed (signal SIGTERM) if it runs longer than `timeoutMs`. */
export function volley(args: string[], extraEnv: Record<string, string> = {}, timeoutMs?: number): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: env(extraEnv), ...(timeoutMs ? { timeout: timeoutMs } : {}) });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Start the CLI without waiting; `done` settles when it exits. */
export function startVolley(args: string[], extraEnv: Record<string, string> = {}): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [CLI, ...args], { env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/** Run many CLI calls, `parallel` at a time. */
export async function volleyAll(calls: string[][], parallel: number): Promise<CliResult[]> {
  const out: CliResult[] = new Array(calls.length);
  let next = 0;
  const lane = async () => {
    while (next < calls.length) {
      const i = next++;
      out[i] = await startVolley(calls[i]).done;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  return out;
}

export const tmp = () => mkdtempSync(join(tmpdir(), 'volley-rel-'));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll until `test` holds (or time out). */
export async function waitFor(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
