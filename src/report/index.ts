import type { Results } from '../sim/results.js';

/** Write the report of a run into `dir`; returns the files written. */
export async function writeReport(_results: Results, _dir: string): Promise<string[]> {
  return [];
}
