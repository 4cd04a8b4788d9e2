/** Progress (src/cli/progress.ts): plain lines at every tenth outside a terminal, nothing when quiet. */
import { describe, expect, it } from 'vitest';
import { nextTenth, plainLine, progress } from '../../src/cli/progress.js';

/** A stream that is not a terminal (a CI log), keeping what is written. */
function log(isTTY = false) {
  const lines: string[] = [];
  return { stream: { isTTY, write: (s: string) => lines.push(s) }, lines };
}

describe('nextTenth', () => {
  it('gives the tenth reached when it is past the last said, else null', () => {
    expect(nextTenth(0, 100, 0)).toBeNull();
    expect(nextTenth(9, 100, 0)).toBeNull();
    expect(nextTenth(10, 100, 0)).toBe(1);
    expect(nextTenth(35, 100, 1)).toBe(3);
    expect(nextTenth(35, 100, 3)).toBeNull();
    expect(nextTenth(100, 100, 9)).toBe(10);
    // 3 of 30 is a tenth exactly, whatever the floating point says of 10 * 3 / 30.
    expect(nextTenth(3, 30, 0)).toBe(1);
  });

  it('says nothing again when a growing total takes the work back below a tenth said', () => {
    expect(nextTenth(50, 200, 5)).toBeNull();
    expect(nextTenth(120, 200, 5)).toBe(6);
    expect(nextTenth(5, 0, 0)).toBeNull();
  });
});

describe('progress outside a terminal', () => {
  it('writes what is under way, then one line at every tenth and no more (1,000 in batches of 50)', () => {
    const { stream, lines } = log();
    let now = 100;
    const p = progress({ what: 'playing', unit: 'engagements', total: 1000, stream, clock: () => now });
    for (let done = 50; done <= 1000; done += 50) {
      now += 0.5;
      p.update(done);
    }
    p.stop();
    expect(lines[0]).toBe('volley: playing: 1,000 engagements\n');
    expect(lines.length).toBe(11);
    expect(lines.slice(1).map((l) => /: (\d+)% /.exec(l)![1])).toEqual(['10', '20', '30', '40', '50', '60', '70', '80', '90', '100']);
    // 100 engagements after 2 batches of half a second each.
    expect(lines[1]).toBe('volley: playing: 10% (100 of 1,000 engagements, 1.0 s)\n');
    expect(lines[10]).toBe('volley: playing: 100% (1,000 of 1,000 engagements, 10 s)\n');
  });

  it('skips the tenths a large step passes over, saying the one reached', () => {
    const { stream, lines } = log();
    const p = progress({ what: 'playing', unit: 'engagements', total: 10, stream, clock: () => 0 });
    p.update(4);
    p.update(10);
    expect(lines.slice(1)).toEqual(['volley: playing: 40% (4 of 10 engagements, 0.0 s)\n', 'volley: playing: 100% (10 of 10 engagements, 0.0 s)\n']);
  });

  it('takes its total from the first update when it was not known (a precision run, a report)', () => {
    const { stream, lines } = log();
    const p = progress({ what: 'writing the report', unit: 'charts', stream, clock: () => 0 });
    p.update(1, 4);
    p.update(2, 4);
    expect(lines).toEqual(['volley: writing the report: 4 charts\n', 'volley: writing the report: 20% (1 of 4 charts, 0.0 s)\n', 'volley: writing the report: 50% (2 of 4 charts, 0.0 s)\n']);
  });

  it('says when the total grows (a precision run playing on) and goes on to the new total’s tenths', () => {
    const { stream, lines } = log();
    const p = progress({ what: 'playing', unit: 'engagements', total: 5000, stream, clock: () => 0 });
    for (let done = 1000; done <= 5000; done += 1000) p.update(done);
    p.update(5000, 10000);
    for (let done = 6000; done <= 10000; done += 1000) p.update(done);
    expect(lines.slice(5)).toEqual([
      'volley: playing: 100% (5,000 of 5,000 engagements, 0.0 s)\n',
      'volley: playing: 10,000 engagements now, 5,000 done\n',
      'volley: playing: 60% (6,000 of 10,000 engagements, 0.0 s)\n',
      'volley: playing: 70% (7,000 of 10,000 engagements, 0.0 s)\n',
      'volley: playing: 80% (8,000 of 10,000 engagements, 0.0 s)\n',
      'volley: playing: 90% (9,000 of 10,000 engagements, 0.0 s)\n',
      'volley: playing: 100% (10,000 of 10,000 engagements, 0.0 s)\n',
    ]);
  });

  it('writes nothing when quiet', () => {
    const { stream, lines } = log();
    const p = progress({ what: 'playing', unit: 'engagements', total: 10, stream, quiet: true });
    p.update(10);
    p.stop();
    expect(lines).toEqual([]);
  });
});

describe('progress on a terminal', () => {
  it('draws a bar, not plain lines', () => {
    const { stream, lines } = log(true);
    const p = progress({ what: 'playing', unit: 'engagements', total: 10, stream: Object.assign(stream, { cursorTo: () => true, clearLine: () => true, columns: 100 }), clock: () => 0 });
    p.update(10);
    p.stop();
    expect(lines.join('')).toMatch(/playing .*100% \| 10\/10 engagements/);
    expect(lines.join('')).not.toMatch(/^volley: /m);
  });
});

describe('plainLine', () => {
  it('writes seconds to a tenth below ten and whole above', () => {
    expect(plainLine('round 2', 3, 300, 1000, 'engagements', 4.26)).toBe('volley: round 2: 30% (300 of 1,000 engagements, 4.3 s)\n');
    expect(plainLine('playing', 5, 5, 10, 'engagements', 12.6)).toBe('volley: playing: 50% (5 of 10 engagements, 13 s)\n');
  });
});
