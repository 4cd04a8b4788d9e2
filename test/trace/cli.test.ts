/**
 * `volley trace` end to end: the files it writes and what it prints on the built dist/ (npm test builds
 * first), once; an assault's rounds, cells, seeds, folders and exit code 2 with a clear message for bad
 * input in this process (test/cli/here.ts: the same command line, without starting Node for each).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayEngagement, replayStoryLines } from '../../src/sim/studies/trace.js';
import { storyText } from '../../src/report/trace/story.js';
import { sideVerb } from '../../src/core/words.js';
import { volleyHere } from '../cli/here.js';

const CLI = join(process.cwd(), 'dist/cli/main.js');
const tmp = () => mkdtempSync(join(tmpdir(), 'volley-trace-'));

function volley(args: string[], cwd = process.cwd()) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('volley trace', () => {
  it('says an assault in its rounds (7), and the winner with its verb', async () => {
    const out = join(tmp(), 'ta');
    const r = await volleyHere(['trace', 'sims/town-assault.scenario.yaml', '--engagement', '3', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const replay = replayEngagement({ file: 'sims/town-assault.scenario.yaml', engagement: 3 });
    const n = replay.result.turns;
    const winner = replay.result.winner === null ? 'draw' : sideVerb(replay.shape.sides[replay.result.winner].name, 'wins', 'win');
    expect(r.stdout).toMatch(new RegExp(`^${winner} \\(.+\\) after ${n} ${n === 1 ? 'round' : 'rounds'}; seed 1/cell/3$`, 'm'));
  });

  it('writes story.txt, events.ndjson and trace.html, prints their paths and a one-line summary', () => {
    const out = join(tmp(), 'va');
    const r = volley(['trace', 'sims/village-assault.scenario.yaml', '--engagement', '7', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const f of ['story.txt', 'events.ndjson', 'trace.html']) {
      expect(existsSync(join(out, f))).toBe(true);
      expect(r.stdout).toContain(join(out, f));
    }
    const replay = replayEngagement({ file: 'sims/village-assault.scenario.yaml', engagement: 7 });
    const winner = replay.result.winner === null ? 'draw' : sideVerb(replay.shape.sides[replay.result.winner].name, 'wins', 'win');
    expect(r.stdout).toMatch(new RegExp(`^${winner} \\(.+\\) after ${replay.result.turns} turns?; seed 1/cell/7$`, 'm'));
    expect(readFileSync(join(out, 'story.txt'), 'utf8')).toBe(storyText(replayStoryLines(replay), '1/cell/7'));
    const lines = readFileSync(join(out, 'events.ndjson'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'trace', file: 'sims/village-assault.scenario.yaml', cell: 0, label: 'base', engagement: 7, seed: '1/cell/7' });
    expect(lines[0].version).toMatch(/^\d+\.\d+\.\d+/);
    expect(lines.slice(1)).toEqual(JSON.parse(JSON.stringify(replay.events)));
  });

  it('replays an experiment cell with the experiment seed, or the seed given', async () => {
    const out = join(tmp(), 'wc');
    const r = await volleyHere(['trace', 'sims/woods-vs-clear.experiment.yaml', '--cell', '2', '--engagement', '3', '--out', out]);
    expect(r.code).toBe(0);
    const head = JSON.parse(readFileSync(join(out, 'events.ndjson'), 'utf8').split('\n')[0]);
    expect(head).toMatchObject({ cell: 2, label: 'defender.terrain=woods', engagement: 3, seed: '1809/cell/3' });
    // Another seed into the same folder: the first trace is written over only with --force.
    const r2 = await volleyHere(['trace', 'sims/woods-vs-clear.experiment.yaml', '--cell', '2', '--engagement', '3', '--seed', '77', '--out', out, '--force']);
    expect(r2.code).toBe(0);
    expect(r2.stdout).toContain('seed 77/cell/3');
  });

  it('names a cell by its label as well as by its index', async () => {
    const byIndex = join(tmp(), 'i');
    const byLabel = join(tmp(), 'l');
    expect((await volleyHere(['trace', 'sims/woods-vs-clear.experiment.yaml', '--cell', '2', '--engagement', '3', '--out', byIndex])).code).toBe(0);
    expect((await volleyHere(['trace', 'sims/woods-vs-clear.experiment.yaml', '--cell', 'defender.terrain=woods', '--engagement', '3', '--out', byLabel])).code).toBe(0);
    expect(readFileSync(join(byLabel, 'story.txt'), 'utf8')).toBe(readFileSync(join(byIndex, 'story.txt'), 'utf8'));
  });

  it('writes into reports/<name>.scenario-trace-c<K>-e<I> by default, and writes the same trace again', async () => {
    const cwd = tmp();
    const r = await volleyHere(['trace', resolve('sims/town-assault.scenario.yaml'), '--engagement', '0'], cwd);
    expect(r.code).toBe(0);
    const folder = join(cwd, 'reports', 'town-assault.scenario-trace-c0-e0');
    expect(existsSync(join(folder, 'trace.html'))).toBe(true);
    // The same engagement again: replayed exactly, so written again rather than refused.
    const story = readFileSync(join(folder, 'story.txt'), 'utf8');
    writeFileSync(join(folder, 'story.txt'), 'stale\n');
    const again = await volleyHere(['trace', resolve('sims/town-assault.scenario.yaml'), '--engagement', '0'], cwd);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(folder, 'story.txt'), 'utf8')).toBe(story);
    // Another seed is another trace, beside the first; the file's own seed given is the same trace.
    const seeded = await volleyHere(['trace', resolve('sims/town-assault.scenario.yaml'), '--engagement', '0', '--seed', 'a b/77'], cwd);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect((await volleyHere(['trace', resolve('sims/town-assault.scenario.yaml'), '--engagement', '0', '--seed', '1'], cwd)).code).toBe(0);
    // A seed a folder name cannot hold is named by a hash, which keeps 'a b/77' apart from 'a_b_77'.
    const folders = readdirSync(join(cwd, 'reports')).filter((f) => f.startsWith('town-assault.scenario-trace-c0-e0')).sort();
    expect(folders).toEqual(['town-assault.scenario-trace-c0-e0', expect.stringMatching(/^town-assault\.scenario-trace-c0-e0-[0-9a-f]{8}$/)]);
    expect(existsSync(join(cwd, 'reports', folders[1], 'trace.html'))).toBe(true);
  });

  it.each([
    [['trace', 'sims/woods-vs-clear.experiment.yaml', '--cell', '3', '--engagement', '0'], /--cell 3: .* 3 cells, 0 to 2/],
    [['trace', 'sims/town-assault.scenario.yaml', '--cell', '1', '--engagement', '0'], /--cell 1: .* one cell, 0/],
    [['trace', 'sims/woods-vs-clear.experiment.yaml', '--cell', 'defender.terrain=swamp', '--engagement', '0'], /--cell 'defender\.terrain=swamp': .* 3 cells, 0 to 2 \(0: /],
    [['trace', 'sims/woods-vs-clear.experiment.yaml', '--engagement', '20000'], /--engagement 20000: the run has 20000 engagements per cell, 0 to 19999/],
    [['trace', 'sims/town-assault.scenario.yaml', '--engagement', '-1'], /--engagement: expected a whole number/],
    [['trace', 'sims/town-assault.scenario.yaml', '--engagement', 'x'], /--engagement: expected a whole number of 0 or more, found 'x'/],
    [['trace', 'sims/town-assault.scenario.yaml'], /Missing required argument: engagement/],
    [['trace', 'sims/no-such-file.yaml', '--engagement', '0'], /no-such-file\.yaml/],
    [['trace', 'test/corpus/bad/morale-11.scenario.yaml', '--engagement', '0'], /morale-11\.scenario\.yaml:\d+/],
  ])('exits 2 with a clear message: %j', async (args, message) => {
    const r = await volleyHere(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack
  });

  it('accepts an engagement past the file count when told the run was longer (-n)', async () => {
    const out = join(tmp(), 'n');
    expect((await volleyHere(['trace', 'sims/town-assault.scenario.yaml', '--engagement', '1500', '-n', '2000', '--out', out])).code).toBe(0);
    const r = await volleyHere(['trace', 'sims/town-assault.scenario.yaml', '--engagement', '1500', '--out', join(tmp(), 'n2')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--engagement 1500: the run has 1000 engagements per cell/);
  });
});

describe('engagements worth tracing (results.json traceThese)', () => {
  it('a pick replayed by volley trace is what the results say: the longest engagement lasts that many turns', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'volley-picks-')), 'run');
    const run = await volleyHere(['run', 'sims/village-assault.scenario.yaml', '-n', '60', '--out', out, '--quiet', '--no-report', '-w', '0']);
    expect(run.code).toBe(0);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    const picks = results.cells[0].summary.traceThese as { engagement: number; why: string }[];
    expect(picks.some((p) => p.why.startsWith('typical'))).toBe(true);
    // The longest may also be the typical engagement of its outcome: then one entry gives both reasons.
    const longest = picks.find((p) => p.why.includes('longest ('))!;
    const turns = Number(/\((\d+) turns\)/.exec(longest.why)![1]);
    const trace = await volleyHere(['trace', 'sims/village-assault.scenario.yaml', '--engagement', String(longest.engagement), '-n', '60', '--out', join(out, 'trace')]);
    expect(trace.code).toBe(0);
    expect(trace.stdout).toContain(`after ${turns} turn`);
  });
});
