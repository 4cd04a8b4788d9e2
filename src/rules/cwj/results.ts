/**
 * The result of a CWJ engagement in the common vocabulary (src/core/result.ts; rulings section 10):
 * sized by the compiled engagement, started with every unit on the first rung, finished in minutes
 * from `cwj.minutesPerTurn`.
 */
import { recordMaker, recordWriter } from '../../core/records.js';
import { emptyResult, reachRung, resetResult, RUNG, type EngagementResult } from '../../core/result.js';
import type { CompiledLane } from './compile.js';
import type { Game } from './game.js';
import { playerTurnsToGameTurns, turnsToMinutes } from './scale.js';
import { CWJ_VOCABULARY, EXTRA_KEYS, RATING_SLOTS } from './vocabulary.js';

/**
 * Every extra the vocabulary declares, at 0 (per-side ones as `${key}.0` and `${key}.1`, EXTRA_KEYS'
 * order), as one object literal made by a function compiled once: added one by one, 38 keys turned the
 * object into a dictionary, so every store of finishResult's writeExtras was a hash lookup.
 */
const newExtras = recordMaker(EXTRA_KEYS);

function initExtras(r: EngagementResult): void {
  r.extras = newExtras();
}

export function newLaneResult(c: CompiledLane): EngagementResult {
  const r = emptyResult({
    units: c.units.length,
    formations: c.corps.length,
    objectives: c.objective ? 1 : 0,
    purposes: CWJ_VOCABULARY.checkPurposes.length,
    ratings: RATING_SLOTS,
  });
  initExtras(r);
  return r;
}

/** Reset a result for a new engagement: strength in units and men, every unit on the first rung. */
export function startResult(g: Game): void {
  const r = g.res;
  resetResult(r, false); // finishResult writes every extra
  const c = g.c;
  for (let u = 0; u < c.units.length; u++) {
    const s = c.units[u];
    const side = r.sides[s.side];
    side.startStrength++;
    side.startMen += s.men;
    side.rungs[RUNG.good]++;
    if (s.disordered) reachRung(r, s.side, u, RUNG.disordered);
  }
}

/** Turns (game turns begun) and minutes of fighting (player turns played, two to a game turn). */
export function finishResult(g: Game): void {
  const r = g.res;
  r.turns = Math.max(1, g.turn);
  r.minutes = turnsToMinutes(playerTurnsToGameTurns(g.playerTurns), g.c.options.minutesPerTurn);
  if (g.c.objective) r.objectives[0] = g.holder;
  // Every extra, 0 or not (startResult left the last engagement's in place).
  writeExtras(r.extras, g.extra);
}

/**
 * r.extras[EXTRA_KEYS[i]] = x[i] for every extra, as one function of constant-key stores made once:
 * a loop over the keys makes each store look the key up (a megamorphic keyed store).
 */
const writeExtras = recordWriter<Float64Array>(EXTRA_KEYS);
