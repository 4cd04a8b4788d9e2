/** `volley run` on a cross-system experiment, end to end on the built dist/: results, report, summary. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { volley } from '../cli/volley.js';
import { withoutProgress } from '../helpers.js';

describe('volley run on a cross-system experiment', () => {
  it('writes the cross results, the side-by-side page with its charts, and each system’s own report', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'volley-cross-cli-')), 'x');
    const r = volley(['run', 'sims/cross/village-quality.experiment.yaml', '-n', '10', '--batch', '5', '--out', out]);
    expect(withoutProgress(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^system +cell +attack won \[95% CI\] +won in 70 minutes +defence won/m);
    const x = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(x.format).toBe('volley-cross-results/1');
    expect(x.provenance.factors).toEqual({ 'defender.quality': ['conscript', 'line', 'veteran', 'elite', 'guard'] });
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('Side by side: where the systems agree, and where they part');
    for (const chart of ['cross-carried', 'cross-won-within', 'cross-casualties', 'cross-duration', 'cross-defence-broken']) {
      expect(existsSync(join(out, `${chart}.png`)), chart).toBe(true);
      expect(html).toContain(`data-spec="${chart}"`);
    }
    // Each system's time limit, from its scenario's turns and its turn length: said in the console and on the page.
    const limits = Object.fromEntries(x.provenance.systems.map((s: { id: string; timeLimit: unknown }) => [s.id, s.timeLimit]));
    expect(limits).toEqual({
      aor: { turns: 2, minutesPerTurn: 60, turnWord: 'round' },
      nagb: { turns: 9, minutesPerTurn: 10, fewestTurns: 7 }, // p37: 7 turns always, an 8th and 9th by the dice
      burt: { turns: 8, minutesPerTurn: 15 },
      aoe: { turns: 6, minutesPerTurn: 20 },
      cwj: { turns: 12, minutesPerTurn: 10 },
    });
    expect(r.stdout).toContain('NAGB 7 to 9 turns of 10 minutes, 1.17 to 1.5 hours; Burt 8 turns of 15 minutes, 2 hours');
    expect(html).toContain('The systems play to different time limits');
    expect(html).toContain('counts only the wins of the first 70 minutes');
    expect(html).toContain('Age of Rifles, 2 rounds of 60 minutes, 2 hours');
    for (const s of x.provenance.systems) {
      expect(existsSync(join(out, 'systems', s.id, 'index.html')), s.id).toBe(true);
      expect(html).toContain(`href="systems/${s.id}/index.html"`);
    }
  }, 180_000); // six reports of every system's charts: about 20 s on a quiet machine, far longer under load
});
