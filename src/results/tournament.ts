/** A doctrine tournament's results (src/sim/studies/tournament.ts plays it; src/report/tournament.ts shows it). */
import type { Proportion } from '../stats/intervals.js';

export interface Match extends Proportion {
  doctrine: string;
  opponent: string;
  wins: number;
  losses: number;
  draws: number;
}

/**
 * A doctrine against itself: what the seat is worth. Side 0's and side 1's shares of wins and the
 * draws, and side 0's advantage in points with its 95% interval (src/results/balance.ts).
 */
export interface Seat {
  doctrine: string;
  wins: [Proportion, Proportion];
  draws: Proportion;
  advantage: { points: number; lo: number; hi: number };
}

export interface TournamentResult {
  format: 'volley-tournament/1';
  volley: string;
  scenario: string;
  /** The rule system and the scenario's sides, in seat order. */
  ruleset: string;
  sides: [string, string];
  seed: string | number;
  engagementsPerPairing: number;
  doctrines: string[];
  /** Every ordered pair of different doctrines: the row doctrine's score against the column doctrine. */
  matches: Match[];
  /** Every doctrine against itself, one engagement set: the advantage of the seat alone. */
  seats: Seat[];
}

