/**
 * Long check (`npm run test:long`): the CLI gives identical results.json on 1 and 2 workers for every
 * shipped battle experiment, with invariants checked. `npm test` holds the same property for every
 * rule system's examples in the conformance suite (on 0 and 2 workers, in process) and for the town
 * assault through the CLI.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { volley } from '../cli/volley.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-long-'));

function resultsWithoutTiming(dir: string): unknown {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  delete r.timing;
  return r;
}

describe('volley run on the battle experiments', () => {
  it('gives identical results.json for 1 and 2 workers on the village-assault battle experiment', () => {
    const dirs = [1, 2].map((w) => {
      const out = join(tmp(), `va${w}`);
      const r = volley(['run', 'sims/village-assault.experiment.yaml', '-n', '90', '--batch', '20', '--workers', String(w), '--out', out, '--quiet', '--no-report', '--check-invariants']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return out;
    });
    const [a, b] = dirs.map(resultsWithoutTiming) as { cells: { summary: { formations: unknown[]; objectives: unknown[] } }[] }[];
    expect(a).toEqual(b);
    expect(a.cells[0].summary.formations.length).toBe(5);
    expect(a.cells[0].summary.objectives.length).toBe(3);
  });

  for (const name of ['cavalry-vs-squares', 'night-and-morning', 'ligny-like']) {
    it(`gives identical results.json for 1 and 2 workers on the ${name} experiment (checking invariants)`, () => {
      const [a, b] = [1, 2].map((w) => {
        const out = join(tmp(), `${name}${w}`);
        const r = volley(['run', `sims/${name}.experiment.yaml`, '-n', '40', '--batch', '10', '--workers', String(w), '--out', out, '--quiet', '--no-report', '--check-invariants']);
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        return resultsWithoutTiming(out);
      });
      expect(a).toEqual(b);
    });
  }

});
