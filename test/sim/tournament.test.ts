/**
 * Doctrine tournament (play quality measured, not asserted): on the symmetric meeting engagement each
 * real doctrine beats the random-legal baseline in at least 70% of engagements, the 95% Wilson interval
 * excluding 70% from below (fixed seed). The baseline is bound by the orders like any side (12.2: under
 * Attack orders it closes on the enemy), so it fights; aggressive beats it about 84% of the time.
 */
import { describe, expect, it } from 'vitest';
import { prepareTournament, runTournament } from '../../src/sim/studies/tournament.js';
import { doctrinesFor } from '../../src/core/ruleset.js';
import { aor } from '../../src/rules/aor/index.js';
import { tournamentHtml, tournamentTable } from '../../src/report/tournament.js';

describe('volley tournament on sims/meeting-engagement.scenario.yaml', () => {
  it('every real doctrine beats random-legal in at least 70% (interval above 70%); the matrix is consistent', async () => {
    const t = await runTournament({
      file: 'sims/meeting-engagement.scenario.yaml',
      doctrines: ['by-the-book', 'aggressive', 'careful', 'random-legal'],
      engagements: 60,
      seed: 1815,
      workers: 0,
    });
    for (const d of ['by-the-book', 'aggressive', 'careful']) {
      const m = t.matches.find((x) => x.doctrine === d && x.opponent === 'random-legal')!;
      expect(m.n).toBe(120);
      expect(m.lo, `${d} against random-legal: ${m.p}`).toBeGreaterThan(0.7);
    }
    // A's wins against B are B's losses against A; every match has 2n engagements.
    for (const m of t.matches) {
      const back = t.matches.find((x) => x.doctrine === m.opponent && x.opponent === m.doctrine)!;
      expect(m.wins).toBe(back.losses);
      expect(m.draws).toBe(back.draws);
      expect(m.wins + m.losses + m.draws).toBe(120);
    }
    // Each doctrine against itself: the seat's worth, every engagement counted once.
    expect(t.seats.map((x) => x.doctrine)).toEqual(['by-the-book', 'aggressive', 'careful', 'random-legal']);
    for (const x of t.seats) {
      expect(x.wins[0].count + x.wins[1].count + x.draws.count).toBe(60);
      expect(x.advantage.points).toBeCloseTo(100 * (x.wins[0].p - x.wins[1].p), 9);
    }
    expect(tournamentTable(t)).toMatch(/random-legal/);
    // The columns line up: right-aligned to one width each, so every line is as long as the header.
    const lines = tournamentTable(t).split('\n');
    for (const line of lines) expect(line.length).toBe(lines[0].length);
    expect(tournamentHtml(t)).not.toMatch(/https?:\/\//);
  });

  it('without a list, seats every doctrine of the scenario’s rule system, itself included', () => {
    const p = prepareTournament({ file: 'sims/meeting-engagement.scenario.yaml', engagements: 1, seed: 1, workers: 0 });
    const known = doctrinesFor(aor.doctrines, 'battle').map((d) => d.name);
    expect(p.req.doctrines).toEqual(known);
    expect(p.pairs.length).toBe(known.length ** 2);
    expect(p.sides).toEqual(['Blue', 'Red']);
  });

  it('names unknown doctrines and refuses fewer than two', async () => {
    await expect(runTournament({ file: 'sims/meeting-engagement.scenario.yaml', doctrines: ['by-the-book', 'reckless'], engagements: 1, seed: 1, workers: 0 })).rejects.toThrow(/unknown doctrine 'reckless'/);
    await expect(runTournament({ file: 'sims/meeting-engagement.scenario.yaml', doctrines: ['careful'], engagements: 1, seed: 1, workers: 0 })).rejects.toThrow(/at least two/);
  });
});

describe('tournament without --workers (RunOptions.autoStart)', () => {
  it('a short tournament gives what one thread gives', async () => {
    const req = { file: 'sims/town-assault.scenario.yaml', doctrines: ['by-the-book', 'random-legal'], engagements: 40, seed: 5 };
    const here = await runTournament({ ...req, workers: 0 });
    const auto = await runTournament({ ...req, workers: 2 }, { autoStart: true });
    expect(auto.matches).toEqual(here.matches);
    expect(auto.seats).toEqual(here.seats);
  });
});
