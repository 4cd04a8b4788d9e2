/** A doctrine tournament's results (src/sim/studies/tournament.ts plays it; src/report/tournament.ts shows it). */
import type { Proportion } from '../stats/intervals.js';

export interface Match extends Proportion {
  doctrine: string;
  opponent: string;
  wins: number;
  losses: number;
  draws: number;
}

export interface TournamentResult {
  format: 'volley-tournament/1';
  volley: string;
  scenario: string;
  seed: string | number;
  engagementsPerPairing: number;
  doctrines: string[];
  /** Every ordered pair of different doctrines: the row doctrine's score against the column doctrine. */
  matches: Match[];
}

