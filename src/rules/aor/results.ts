/**
 * The result of an Age of Rifles engagement in the common vocabulary (src/core/result.ts): sized by
 * the rule system's check purposes and morale scale, started with every unit in good order (or
 * disrupted, as the scenario sets it), finished in men and minutes at the engagement's scale.
 */
import { recordAdder, recordMaker, recordReader, recordWriter } from '../../core/records.js';
import { emptyResult, reachRung, RUNG, type EngagementResult, type SideIndex } from '../../core/result.js';
import type { Scale } from '../../core/vocabulary.js';
import type { AorOptions } from './options.js';
import type { UnitSpec, UnitState } from './units.js';
import { AOR_VOCABULARY, LOSS, LOSS_CAUSES, MORALE_SLOTS, type LossCause, type LossIndex } from './vocabulary.js';

/**
 * The per-side extras each cause of loss is tallied in (strength points), cause by cause, side 0 then
 * side 1: the tally of cause i for side s is at i * 2 + s.
 */
const LOSS_KEYS = LOSS_CAUSES.flatMap((c) => [`${c}.0`, `${c}.1`]);
const addLoss = recordAdder(LOSS_KEYS);
const readLoss = recordReader(LOSS_KEYS);

/**
 * The extras of an Age of Rifles result: the tallies of loss, then `keys` (the engagement's own), each
 * made and zeroed by functions compiled from the keys (src/core/records.ts): `make` a record of them
 * all at 0 (one object literal, where adding keys one by one past a few dozen makes a dictionary),
 * `reset` every one of them back to 0 in a result (constant-key stores, where resetResult's loop over
 * the keys looks each one up).
 */
export interface AorExtras {
  make: () => Record<string, number>;
  reset: (res: EngagementResult) => void;
}

export function aorExtras(keys: readonly string[]): AorExtras {
  const all = [...LOSS_KEYS, ...keys];
  const write = recordWriter<Float64Array>(all);
  const zeros = new Float64Array(all.length);
  return { make: recordMaker(all), reset: (res) => write(res.extras, zeros) };
}

/** The tallies of loss alone (a result for a question of odds, a round played on its own). */
const LOSSES_ONLY = aorExtras([]);

/** A result sized for the units, formations and objectives, its extras those of `extras`. */
export function newAorResult(units: number, formations = 0, objectives = 0, extras: AorExtras = LOSSES_ONLY): EngagementResult {
  const r = emptyResult({ units, formations, objectives, purposes: AOR_VOCABULARY.checkPurposes.length, ratings: MORALE_SLOTS });
  r.extras = extras.make();
  return r;
}

/**
 * Strength unit `u` lost, by its cause (LOSS: every point of a side's strengthLost is tallied under
 * exactly one): what the casualty model (finishResult) reads.
 */
export function recordLoss(res: EngagementResult, st: UnitState, u: number, cause: LossIndex, strength: number): void {
  addLoss(res.extras, cause * 2 + st.specs[u].side, strength);
  st.lastLoss[u] = cause;
}

/** Strength that comes back to a unit (reorganization, 15) leaves the tally of the cause it was last lost to. */
export function recordReturn(res: EngagementResult, st: UnitState, u: number, strength: number): void {
  addLoss(res.extras, st.lastLoss[u] * 2 + st.specs[u].side, -strength);
}

/** The strength a side lost to one cause. */
export function lossOf(res: EngagementResult, side: SideIndex, cause: LossCause | LossIndex): number {
  return readLoss(res.extras, (typeof cause === 'number' ? cause : LOSS[cause]) * 2 + side) ?? 0;
}

/**
 * The killed and wounded among the strength a side lost (aor.casualtyModel): the basic rules count
 * every step alike, but 7.1's note treats an eliminated unit as having lost its cohesion for a while,
 * not as every man in it dead: a step lost where the unit stays in line, a unit's last step, and a unit
 * lost because its retreat was blocked each give their own share of killed and wounded
 * (docs/rules/age-of-rifles.md, "Casualties"). Men who left the map in a retreat (5.6) or fell out for
 * want of supply (17) are not battle casualties. Under `everyManLost` every man lost counts, as the
 * rules' strength does.
 */
export function casualtyStrength(res: EngagementResult, side: SideIndex, o: Pick<AorOptions, 'casualtyModel' | 'casualtiesStep' | 'casualtiesEliminated' | 'casualtiesBlocked'>): number {
  if (o.casualtyModel === 'everyManLost') return res.sides[side].strengthLost;
  return (
    o.casualtiesStep * lossOf(res, side, LOSS.lostInSteps) +
    o.casualtiesEliminated * lossOf(res, side, LOSS.lostInEliminations) +
    o.casualtiesBlocked * lossOf(res, side, LOSS.lostInBlockedRetreats)
  );
}

/** Every unit counts on the ladder's first rung; a unit the scenario starts disrupted (6.2) is disordered already. */
export function startLadder(res: EngagementResult, specs: readonly UnitSpec[]): void {
  for (let u = 0; u < specs.length; u++) {
    res.sides[specs[u].side].rungs[RUNG.good]++;
    if (specs[u].startDisrupted) reachRung(res, specs[u].side, u, RUNG.disordered);
  }
}

/**
 * Men and minutes: every strength point lost is `scale.menPerStrength` men, of whom the casualty model
 * (casualtyStrength) counts the killed and wounded. `fightingTurns`: the turns played in which there
 * could be combat (16: none at night).
 */
export function finishResult(res: EngagementResult, scale: Scale, fightingTurns: number, o: Parameters<typeof casualtyStrength>[2]): void {
  res.minutes = fightingTurns * scale.minutesPerTurn;
  for (const side of [0, 1] as const) {
    const s = res.sides[side];
    s.startMen = s.startStrength * scale.menPerStrength;
    s.menLost = s.strengthLost * scale.menPerStrength;
    s.casualties = casualtyStrength(res, side, o) * scale.menPerStrength;
  }
}
