/**
 * Exact odds of the three chance procedures (STYLE.md 7): a volley, a Bayonet & Sabre round and a
 * March Table roll. Every test is one fair die (two in Bayonet & Sabre), so the distributions are
 * computed by counting faces (and, for the difference of two dice, by convolving their face counts):
 * exact for the d10 read either way and for the d6, where src/core/enumerate.ts knows only the d6.
 * Probabilities are counts over faces (or faces squared), so they sum to 1 up to rounding.
 */
import {
  ATTACKER_DRIVEN_BACK,
  ATTACKER_SHATTERED,
  ATTACKER_WITHDRAWS,
  bandHits,
  bayonetBand,
  BOTH_SHATTERED,
  DEFENDER_DRIVEN_BACK,
  DEFENDER_SHATTERED,
  DEFENDER_WITHDRAWS,
} from './bayonet.js';
import { mayCharge } from './charge.js';
import type { Die } from './dice.js';
import { standLossHits } from './hits.js';
import { marchBand, marchCheckFailed, marchResult } from './march.js';
import type { AoeOptions } from './options.js';
import { formsSquare } from './square.js';
import {
  volleyChecksCharge,
  volleyDisorders,
  volleyGunEffect,
  volleyHits,
  volleyModifier,
  volleyResult,
  type Volley,
  type VolleyTarget,
} from './volley.js';

// ---- The die ----

/** Face counts of one die as a distribution over its values: `ways[k]` faces show `min + k`. */
export interface Counts {
  min: number;
  ways: number[];
  total: number;
}

export function dieCounts(die: Die): Counts {
  return { min: die.first, ways: new Array<number>(die.faces).fill(1), total: die.faces };
}

/** The distribution of a - b for independent a ~ x, b ~ y: the convolution of x with y reversed. */
export function differenceCounts(x: Counts, y: Counts): Counts {
  const ylast = y.min + y.ways.length - 1;
  const ways = new Array<number>(x.ways.length + y.ways.length - 1).fill(0);
  for (let i = 0; i < x.ways.length; i++) {
    for (let j = 0; j < y.ways.length; j++) {
      // a = x.min + i, b = ylast - j: a - b = (x.min - ylast) + i + j
      ways[i + j] += x.ways[i] * y.ways[y.ways.length - 1 - j];
    }
  }
  return { min: x.min - ylast, ways, total: x.total * y.total };
}

// ---- (a) A volley ----

export interface VolleyOdds {
  /** P(result), indexed DESULTORY, LIVELY, GALLING, TELLING, WITHERING. */
  results: number[];
  /** P(hits on troops = h), h = 0, 1, 2. */
  hits: number[];
  expectedHits: number;
  /** P(troops disordered). */
  disordered: number;
  /** P(a charging target is checked). */
  chargeChecked: number;
  /** P(gun effect), indexed GUNS_UNHARMED, GUNS_SILENCED, GUNS_DAMAGED, GUNS_WRECKED. */
  guns: number[];
}

/** Exact odds of one roll with total modifier `modifier` (volleyModifier); `cannonade` when guns fire. */
export function volleyOdds(modifier: number, cannonade: boolean, die: Die): VolleyOdds {
  // Count faces, then divide once: every probability is (faces showing it) / faces.
  const results = [0, 0, 0, 0, 0];
  const hits = [0, 0, 0];
  const guns = [0, 0, 0, 0];
  let disordered = 0, chargeChecked = 0, hitFaces = 0;
  for (let f = die.first; f < die.first + die.faces; f++) {
    const r = volleyResult(f + modifier);
    results[r]++;
    const h = volleyHits(r);
    hits[h]++;
    hitFaces += h;
    if (volleyDisorders(r, cannonade)) disordered++;
    if (volleyChecksCharge(r)) chargeChecked++;
    guns[volleyGunEffect(r, cannonade)]++;
  }
  const n = die.faces;
  const per = (a: number[]) => a.map((w) => w / n);
  return { results: per(results), hits: per(hits), expectedHits: hitFaces / n, disordered: disordered / n, chargeChecked: chargeChecked / n, guns: per(guns) };
}

/** Exact odds of a volley from its fire points and the target's situation. */
export function volleyOddsAt(v: Volley, t: VolleyTarget, skirmishPenalty: AoeOptions['skirmishPenalty'], die: Die): VolleyOdds {
  return volleyOdds(volleyModifier(v, t, skirmishPenalty), v.cannonade, die);
}

export interface VolleySeriesOdds {
  /** P(total hits on the target = h). */
  hits: number[];
  expectedHits: number;
  /** P(at least one roll disorders it). */
  disordered: number;
  /** P(at least one roll checks its charge). */
  chargeChecked: number;
}

/**
 * Several independent rolls at one troop target in one fire phase (aoe.combineFire separate): the hit
 * distributions convolve; disorder and a checked charge need only one roll.
 */
export function volleySeriesOdds(rolls: readonly { modifier: number; cannonade: boolean }[], die: Die): VolleySeriesOdds {
  let hits = [1];
  let noDisorder = 1, noCheck = 1;
  for (const roll of rolls) {
    const o = volleyOdds(roll.modifier, roll.cannonade, die);
    const next = new Array<number>(hits.length + o.hits.length - 1).fill(0);
    for (let i = 0; i < hits.length; i++) for (let j = 0; j < o.hits.length; j++) next[i + j] += hits[i] * o.hits[j];
    hits = next;
    noDisorder *= 1 - o.disordered;
    noCheck *= 1 - o.chargeChecked;
  }
  let expectedHits = 0;
  for (let h = 0; h < hits.length; h++) expectedHits += h * hits[h];
  return { hits, expectedHits, disordered: 1 - noDisorder, chargeChecked: 1 - noCheck };
}

/** P(a unit with `current` hits reaches `threshold`) given a distribution of new hits. */
export function removalProbability(hits: readonly number[], current: number, threshold: number): number {
  let p = 0;
  for (let h = 0; h < hits.length; h++) if (current + h >= threshold) p += hits[h];
  return p;
}

// ---- (b) A Bayonet & Sabre round ----

export interface BayonetOdds {
  /** P(attacker total - defender total = diffMin + k) at index k. */
  diffMin: number;
  diff: number[];
  /** P(band), indexed DEFENDER_SHATTERED .. ATTACKER_SHATTERED. */
  bands: number[];
  attackerWins: number;
  draw: number;
  defenderWins: number;
  /** P(hits the side takes = h), h = 0, 1, 2 (a 0 result's stand loss per aoe.standLoss included). */
  attackerHits: number[];
  defenderHits: number[];
  expectedAttackerHits: number;
  expectedDefenderHits: number;
}

/**
 * Exact odds of one round from both sides' total modifiers (attackerModifier, defenderModifier).
 * Both sides are taken to have troops (a gun-only side wrecks a gun on 0 instead of losing a stand).
 * `squareVsCavalry`: cavalry charge a square, which holds on +1..+3 (p2): that band is then the defender's.
 */
export function bayonetOdds(
  attackerMod: number,
  defenderMod: number,
  die: Die,
  standLoss: AoeOptions['standLoss'],
  squareVsCavalry = false,
): BayonetOdds {
  const c = dieCounts(die);
  const d = differenceCounts(c, c);
  const diffMin = d.min + attackerMod - defenderMod;
  const n = d.total;
  const bandWays = [0, 0, 0, 0, 0, 0, 0];
  const attWays = [0, 0, 0];
  const defWays = [0, 0, 0];
  const drawHits = standLossHits(standLoss);
  for (let k = 0; k < d.ways.length; k++) {
    const band = bayonetBand(diffMin + k);
    const w = d.ways[k];
    bandWays[band] += w;
    attWays[band === BOTH_SHATTERED ? drawHits : bandHits(band, 'attacker')] += w;
    defWays[band === BOTH_SHATTERED ? drawHits : bandHits(band, 'defender')] += w;
  }
  const per = (a: number[]) => a.map((w) => w / n);
  const bands = per(bandWays);
  const attackerHits = per(attWays);
  const defenderHits = per(defWays);
  const mean = (h: number[]) => (h[1] + 2 * h[2]) / n;
  return {
    diffMin,
    diff: per(d.ways),
    bands,
    attackerWins: (bandWays[DEFENDER_SHATTERED] + bandWays[DEFENDER_DRIVEN_BACK] + (squareVsCavalry ? 0 : bandWays[DEFENDER_WITHDRAWS])) / n,
    draw: bands[BOTH_SHATTERED],
    defenderWins: ((squareVsCavalry ? bandWays[DEFENDER_WITHDRAWS] : 0) + bandWays[ATTACKER_WITHDRAWS] + bandWays[ATTACKER_DRIVEN_BACK] + bandWays[ATTACKER_SHATTERED]) / n,
    attackerHits,
    defenderHits,
    expectedAttackerHits: mean(attWays),
    expectedDefenderHits: mean(defWays),
  };
}

// ---- (c) The March Table ----

export interface MarchOdds {
  /** P(result code), 12 entries (only the column of the unit's state can be non-zero). */
  results: number[];
  /** P(band), 0 (9 or more) .. 5 (below 0). */
  bands: number[];
  /** P(a square roll with this modifier forms square). */
  formsSquare: number;
  /** P(the roll counts as a failed morale check: modified 3 or less). */
  failed: number;
  /** P(the result allows a charge), by aoe.chargeRequires. */
  mayCharge: Record<AoeOptions['chargeRequires'], number>;
}

/** Exact odds of one March roll with total modifier `modifier` for a unit disordered or in good order. */
export function marchOdds(modifier: number, disordered: boolean, die: Die): MarchOdds {
  const results = new Array<number>(12).fill(0);
  const bands = [0, 0, 0, 0, 0, 0];
  let square = 0, failed = 0, any = 0, full = 0, top = 0;
  for (let f = die.first; f < die.first + die.faces; f++) {
    const m = f + modifier;
    const r = marchResult(m, disordered);
    results[r]++;
    bands[marchBand(m)]++;
    if (formsSquare(m, disordered)) square++;
    if (marchCheckFailed(m)) failed++;
    if (mayCharge(r, 'anyMove')) any++;
    if (mayCharge(r, 'fullMove')) full++;
    if (mayCharge(r, 'aLaBayonette')) top++;
  }
  const n = die.faces;
  return {
    results: results.map((w) => w / n),
    bands: bands.map((w) => w / n),
    formsSquare: square / n,
    failed: failed / n,
    mayCharge: { anyMove: any / n, fullMove: full / n, aLaBayonette: top / n },
  };
}
