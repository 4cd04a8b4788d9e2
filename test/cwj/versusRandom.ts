import { runTournament } from '../../src/sim/studies/tournament.js';

/**
 * How far a doctrine's score against random-legal (both ways round on the same dice) lies above 1/2,
 * less 4 standard errors of a score of 1/2: positive when it beats random-legal by 4 SE.
 */
export async function scoreAgainstRandom(file: string, d: string, n: number): Promise<number> {
  const t = await runTournament({ file, doctrines: [d, 'random-legal'], engagements: n, seed: 'doctrines', workers: 0 });
  const m = t.matches.find((x) => x.doctrine === d)!;
  const total = m.wins + m.losses + m.draws;
  return m.wins / total - 0.5 - 4 * Math.sqrt(0.25 / total);
}
