/**
 * The figures the README quotes, played again at full size with its seeds: when play changes, the
 * README's numbers must be rerun with it. Each check reads the figure from README.md (so a rerun edits
 * the README only) and finds it in what the command prints or writes. test/long/readme.test.ts runs the
 * README's commands but, smaller, cannot check their figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync('README.md', 'utf8').replace(/\s*\n\s*/g, ' ');
const CLI = join(process.cwd(), 'dist/cli/main.js');
const out = () => join(mkdtempSync(join(tmpdir(), 'volley-readme-figures-')), 'out');

function volley(args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args, '--force'], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.replace(/\s+/g, ' '); // the tables' alignment as single spaces
}

/** The README's text matched by `re` (one group), which must be there. */
function quoted(re: RegExp): string[] {
  const m = README.match(re);
  expect(m, `README.md has ${re}`).not.toBeNull();
  return m!.slice(1);
}

/** A share or difference as the README writes it: "9.5 points [8.4, 10.6]" from a fraction and its interval. */
const points = (x: number) => (100 * Math.abs(x)).toFixed(1);

describe("the README's figures, played again", () => {
  it('volley tune: the line it prints', () => {
    const [line] = quoted(/(sides\[0\]\.formations\[Div-Foy\]\.demoralization = \d+ brings [^`]*?there)/);
    const printed = volley(['tune', 'sims/village-assault.scenario.yaml', '--param', 'sides[0].formations[Div-Foy].demoralization', '--target', 'formation[Div-Foy].brokenByTurn[8] = 30%', '--range', '8..28', '-n', '1000', '--seed', '1815', '--no-report', '-o', out()]);
    expect(printed).toContain(line);
  });

  it('volley tournament on the meeting engagement: wins against random-legal and the seat tables', () => {
    const printed = volley(['tournament', 'sims/meeting-engagement.scenario.yaml', '-o', out()]);
    const [book, aggressive, careful] = quoted(/beats the random-legal baseline \(by-the-book (\d+)%, aggressive (\d+)%, careful (\d+)%/);
    for (const [row, share] of [['by-the-book', book], ['aggressive', aggressive], ['careful', careful]]) {
      expect(printed, row).toMatch(new RegExp(`${row}( (-|\\d+% \\[\\d+, \\d+\\])){3} ${share}% \\[`));
    }
    const [carefulSeat] = quoted(/Blue wins 56% to Red's 44% \(([+−-][\d.]+ points \[[^\]]+\])\)/);
    expect(printed).toContain(`careful 56% 44% 0% ${carefulSeat.replace(' points', ' pts')}`);
    const [aggressiveSeat] = quoted(/with aggressive the seats are even within the interval \(([^)]+)\)/);
    expect(printed).toContain(aggressiveSeat.replace(/^([+−-][\d.]+) /, '$1 pts '));
  });

  it('the square-effect variants: the French win share with and without infantry support', () => {
    const dir = out();
    volley(['run', 'sims/square-effect.experiment.yaml', '--no-report', '-q', '-o', dir]);
    const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { comparisons: { metrics: { label?: string; difference: { mean: number; lo: number; hi: number } }[] }[] };
    const won = r.comparisons.map((c) => c.metrics.find((m) => m.label === 'French: won')!.difference);
    const [withSupport, withoutSupport] = won.map((d) => `${points(d.mean)} points [${points(d.hi)}, ${points(d.lo)}]`);
    expect(README).toContain(`cuts the French win share by ${withSupport} with infantry support`);
    expect(README).toContain(`and by ${withoutSupport.replace(' points', '')} without`);
  });

  it('the cross-system study of the village: the share carried by each system against each quality', () => {
    const dir = out();
    volley(['run', 'sims/cross/village-quality.experiment.yaml', '--no-report', '-q', '-o', dir]);
    const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { comparison: { cells: { system: string; factors: Record<string, string>; carried: { p: number } }[] } };
    const carried = (system: string, quality: string) => (100 * r.comparison.cells.find((c) => c.system === system && c.factors['defender.quality'] === quality)!.carried.p).toFixed(1);
    const line = (s: string) => carried(s, 'line');
    expect(README).toContain(`in ${line('cwj')}% of the engagements under CWJ, ${line('aoe')}% under Age of Eagles, ${line('aor')}% under Age of Rifles, ${line('burt')}% under Burt and ${line('nagb')}% under NAGB`);
    const pct = (x: string) => (x === '100.0' ? '100' : x); // the README writes a whole 100%
    expect(README).toContain(`(${pct(carried('cwj', 'conscript'))}% carried against conscripts, ${carried('cwj', 'guard')}% against guard)`);
    expect(README).toContain(`(${carried('nagb', 'conscript')}% against conscripts, ${carried('nagb', 'veteran')}% against veterans)`);
    expect(README).toContain(`Age of Rifles (${carried('aor', 'conscript')}% against conscripts, ${carried('aor', 'guard')}% against guard)`);
  });
});
