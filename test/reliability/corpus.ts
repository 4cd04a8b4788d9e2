/**
 * The bad-input corpus (test/corpus/bad, with test/corpus/expected.json): every file through `volley
 * validate` (all the files at once), and the files `runAlso` picks through `volley run` (one process
 * each), exits with code 2 and one message that names the file, the line and the field and says what
 * was expected; no stack trace, and nothing written (DESIGN.md, "Reliability"). npm test runs every
 * file through validate (the built program) and through run in its own process (test/cli/here.ts;
 * test/reliability/corpus.test.ts); npm run test:long runs every file through run as the built
 * program too, one process each (test/long/corpus-run.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { volleyHere } from '../cli/here.js';
import { tmp, volleyAll, type CliResult } from './cli.js';

interface Expected {
  line: number;
  field: string | null;
  fragment: string;
  /** The file the message names, when it is not the one given (relative to test/corpus/bad). */
  file?: string;
  note?: string;
}

const BAD = 'test/corpus/bad';

/**
 * `runAlso` picks the files that go through `volley run` as well; `runHere` runs those in this process
 * (test/cli/here.ts) instead of one built program each.
 */
export function corpusSuite(runAlso: (file: string, index: number) => boolean, runHere = false): void {
  const expected = JSON.parse(readFileSync('test/corpus/expected.json', 'utf8')) as Record<string, Expected>;
  const files = readdirSync(BAD).sort();
  const run = files.filter(runAlso);
  const out = join(tmp(), 'never');

  describe('the bad-input corpus', () => {
    it('has at least 50 files, each with its expected message', () => {
      expect(files.length).toBeGreaterThanOrEqual(50);
      expect(Object.keys(expected).sort()).toEqual(files);
    });

    const results = new Map<string, Record<string, Omit<CliResult, 'signal'>>>();
    beforeAll(async () => {
      // `volley validate` once for them all: it checks every file and writes one line per error, in
      // the order given; `volley run` once per file picked.
      const validate = ['validate', ...files.map((f) => join(BAD, f))];
      const runArgs = run.map((f) => ['run', join(BAD, f), '--quiet', '--workers', '0', '--no-report', '--out', out]);
      let all: Omit<CliResult, 'signal'>;
      let runs: Omit<CliResult, 'signal'>[] = [];
      if (runHere) {
        [all] = await volleyAll([validate], 1);
        for (const args of runArgs) runs.push(await volleyHere(args));
      } else [all, ...runs] = await volleyAll([validate, ...runArgs], availableParallelism());
      const lines = all.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(files.length + 1);
      expect(lines[files.length]).toBe(`volley: ${files.length} of ${files.length} files have errors`);
      expect(all.stdout).toBe('');
      files.forEach((f, i) => results.set(f, { validate: { ...all, stderr: `${lines[i]}\n` } }));
      run.forEach((f, i) => (results.get(f)!.run = runs[i]));
    });

    for (const f of files) {
      it(f, () => {
        const e = expected[f];
        const named = join(BAD, e.file ?? f);
        for (const [cmd, r] of Object.entries(results.get(f)!)) {
          const where = `${cmd} ${f}:\n${r.stderr}`;
          expect(r.code, where).toBe(2);
          expect(r.stderr, where).toContain(`${named}:${e.line}: `);
          if (e.field !== null) expect(r.stderr, where).toContain(`${named}:${e.line}: ${e.field}: `);
          expect(r.stderr, where).toContain(e.fragment);
          expect(r.stderr, where).not.toMatch(/\n\s+at |internal error/);
          expect(r.stderr.trim().split('\n'), where).toHaveLength(1);
          expect(r.stdout, where).toBe('');
        }
        expect(existsSync(out)).toBe(false);
      });
    }
  });
}
