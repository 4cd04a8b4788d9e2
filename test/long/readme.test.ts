/**
 * The README's commands, run in the order written, as a new user would after `npm ci && npm start`:
 * every one must exit 0 without --force (docs/files.md, "Output folders"). They run in a fresh folder
 * holding a copy of sims/ and package.json (dist/ and node_modules linked from this checkout, built by
 * `npm run test:long`), through npm itself (`npm run volley -- ...`), with the shell's globbing and
 * quoting.
 *
 * What is changed, so that the whole README plays in minutes instead of hours: every command that plays
 * engagements plays fewer (-n given or replaced, the same way for every line, so that a command written
 * twice is still the same command twice and must be shown from its folder the second time; a
 * precision run gets --max-engagements instead, -n being refused beside --precision).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** Engagements per cell (or per pairing, value, exception) for the commands that play. */
const SMALL: Record<string, string> = { run: '200', tournament: '20', tune: '100', refit: '100' };
/** A precision run's cap instead. */
const PRECISION_CAP = '1000';

/** The lines of the README's ```sh blocks, continuation lines (a trailing backslash) joined, comments dropped. */
export function shellLines(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  return blocks.flatMap((b) =>
    b
      .replace(/\s*\\\n\s*/g, ' ')
      .split('\n')
      .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
      .filter((l) => l !== ''),
  );
}

/** Why a README line is not run here, or null when it is. */
function skipped(line: string): string | null {
  if (line === 'npm test') return 'the test suite itself';
  if (/--queue\b/.test(line)) return 'needs a Redis server and workers on other machines (test/queue covers the queue)';
  if (!line.startsWith('npm run volley -- ') && !line.startsWith('npm ci')) return 'not a volley command';
  return null;
}

/** The line as run here: fewer engagements (see above); `npm ci && npm start` as `npm start` with the same cut. */
function smaller(line: string): string {
  // npm start's prestart builds, which this checkout's test:long has done: the copy has no sources.
  if (line.startsWith('npm ci')) return `npm start --ignore-scripts -- -n ${SMALL.run}`;
  const command = line.split(/\s+/)[4];
  const n = SMALL[command];
  if (n === undefined) return line;
  if (/--precision\b/.test(line)) return /--max-engagements\b/.test(line) ? line : `${line} --max-engagements ${PRECISION_CAP}`;
  return /(^|\s)-n\s+\d+/.test(line) ? line.replace(/(^|\s)-n\s+\d+/, `$1-n ${n}`) : `${line} -n ${n}`;
}

const lines = shellLines(readFileSync(join(ROOT, 'README.md'), 'utf8'));

describe('the shell lines of a README', () => {
  it('joins continued lines and drops comments', () => {
    expect(shellLines('x\n```sh\nnpm run volley -- tune a \\\n  --param p   # why\n# only a comment\nnpm test\n```\n')).toEqual(['npm run volley -- tune a --param p', 'npm test']);
  });

  it('finds the README\'s commands, the quick start first', () => {
    expect(lines[0]).toBe('npm ci && npm start');
    expect(lines.filter((l) => l.startsWith('npm run volley -- ')).length).toBeGreaterThan(20);
    // A comment mark inside quotes would be cut by shellLines: there is none.
    for (const l of lines) expect(l.split("'").filter((_, i) => i % 2 === 1).join('')).not.toContain('#');
  });
});

describe('the commands as run here', () => {
  it('play fewer engagements, the same way on every line', () => {
    expect(smaller('npm ci && npm start')).toBe('npm start --ignore-scripts -- -n 200');
    expect(smaller('npm run volley -- run sims/a.experiment.yaml')).toBe('npm run volley -- run sims/a.experiment.yaml -n 200');
    expect(smaller('npm run volley -- run sims/a.scenario.yaml -n 5000')).toBe('npm run volley -- run sims/a.scenario.yaml -n 200');
    expect(smaller('npm run volley -- run sims/a.experiment.yaml --precision 0.01')).toBe('npm run volley -- run sims/a.experiment.yaml --precision 0.01 --max-engagements 1000');
    expect(smaller("npm run volley -- tune sims/a.yaml --param 'x' -n 1000 --seed 1815")).toBe("npm run volley -- tune sims/a.yaml --param 'x' -n 100 --seed 1815");
    expect(smaller('npm run volley -- odds sims/a.scenario.yaml')).toBe('npm run volley -- odds sims/a.scenario.yaml');
    expect(smaller('npm run volley -- trace sims/a.scenario.yaml --engagement 7')).toBe('npm run volley -- trace sims/a.scenario.yaml --engagement 7');
  });
});

describe('every command of the README, in order, from a fresh folder', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'volley-readme-'));
  cpSync(join(ROOT, 'sims'), join(cwd, 'sims'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(cwd, 'package.json'));
  symlinkSync(resolve(ROOT, 'dist'), join(cwd, 'dist'));
  symlinkSync(resolve(ROOT, 'node_modules'), join(cwd, 'node_modules'));
  const env = { ...process.env, FORCE_COLOR: '0', VOLLEY_DEBUG: '' };

  lines.forEach((line, i) => {
    const why = skipped(line);
    if (why) {
      it.skip(`${i + 1}. ${line} (skipped: ${why})`, () => undefined);
      return;
    }
    const run = smaller(line);
    it(`${i + 1}. ${run}`, () => {
      const r = spawnSync('sh', ['-c', run], { cwd, env, encoding: 'utf8' });
      expect(r.status, `${run}\n${r.stderr}\n${r.stdout.slice(-2000)}`).toBe(0);
      // npm itself would say why it failed; volley's refusals start with "volley:".
      expect(r.stderr).not.toMatch(/already holds|internal error/);
    });
  });
});
