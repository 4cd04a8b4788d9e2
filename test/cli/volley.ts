/** Running the built CLI (dist/; npm test builds first) as a user would, for end-to-end tests. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(process.cwd(), 'dist/cli/main.js');

/** A command's exit code and what it wrote. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function volley(args: string[], cwd = process.cwd(), env: Record<string, string> = {}): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
