/**
 * Cavalry (p4, p9, p22-25, p35, p40): aggressive charges, recall, blown cavalry and its recovery,
 * breaking through, dismounting.
 */
import type { Nation } from './command.js';
import { modifiedLd } from './leadership.js';
import type { NagbOptions } from './options.js';
import { AGGRESSIVE_RANGE, AGGRESSIVE_RANGE_UNCOMMANDED, RECOVERY_TARGET } from './tables.js';

export interface AggressionCase {
  /** Disordered, blown or skirmishing cavalry is not aggressive (p22, p23, p24). */
  disordered: boolean;
  blown: boolean;
  skirmishing: boolean;
  inCommand: boolean;
  nation: Nation;
  /** Distance to the nearest formed enemy (infantry within command; any formed unit out of it, p4) in LOS. */
  nearestFormedEnemy: number;
}

/**
 * p4, p22, p35, p40: the range within which cavalry must try to charge: 8" (formed enemy infantry), 12"
 * out of command (any formed enemy) and for British cavalry (which tests not to charge, p4, p35).
 */
export function aggressiveRange(inCommand: boolean, nation: Nation): number {
  return !inCommand || nation === 'british' ? AGGRESSIVE_RANGE_UNCOMMANDED : AGGRESSIVE_RANGE;
}

/**
 * p22: cavalry starting its turn with a formed enemy within its aggressive range must attempt to charge
 * (British cavalry, and other cavalry out of command, may test not to: p4, p5, p35 — the caller rolls).
 */
export function mustAttemptCharge(c: AggressionCase): boolean {
  if (c.disordered || c.blown || c.skirmishing) return false;
  return c.nearestFormedEnemy <= aggressiveRange(c.inCommand, c.nation);
}

/**
 * p23, p24, p26: whether a unit is formed: in a formation, not in skirmish order, and not blown cavalry,
 * which has no formation until it recovers (p23). Formed enemies make cavalry aggressive (p4, p22) and
 * blow cavalry that fights them (p23).
 */
export function isFormed(skirmishing: boolean, blown: boolean): boolean {
  return !skirmishing && !blown;
}

/**
 * p4, p5, p35: whether cavalry facing a compelled charge may test to hold back: British cavalry in
 * command (p4, p35), other cavalry out of command (p5); British cavalry out of command must charge (p4),
 * other cavalry in command must attempt it (p22).
 */
export function mayTestNotToCharge(inCommand: boolean, nation: Nation): boolean {
  return nation === 'british' ? inCommand : !inCommand;
}

/**
 * p23: a recall (a pip of the CinC or cavalry commander) is a test at Ld less the winning margin (the
 * more they won by, the keener they are to pursue), with the unit's state.
 */
export function recallLd(ld: number, winningMargin: number, disordered: boolean, jubilant: number, influence: number): number {
  return modifiedLd(ld, jubilant, disordered, influence - (winningMargin > 0 ? winningMargin : 0));
}

/**
 * p2, p23: blown cavalry recalled in the rally phase (a pip of the CinC or the cavalry commander) tests at
 * its own Ld, disordered as blown cavalry is (-1; blowing ends jubilance, so none); passing, it falls
 * back 3d6 (RECALL_DICE) and stays blown: once blown it must recover.
 */
export function blownRecallLd(ld: number): number {
  return modifiedLd(ld, 0, true, 0);
}

/** p23: a successful recall falls back 3d6 in good order toward safety, then takes a disorder test. */
export const RECALL_DICE = 3;
/** p22: cavalry that broke its enemy may run on into fresh enemies in a straight line up to 3d6 from first contact. */
export const FOLLOW_UP_DICE = 3;
/** p9, p23: blown cavalry moves 3d6 toward safety in each of its side's movement phases. */
export const BLOWN_MOVE_DICE = 3;

/**
 * p9, p23 (nagb.blownRide): how far blown cavalry rides back on its 3d6 `roll`: under toSafety no
 * farther than it needs to be safe (`toSafety`; 0 when it is) nor than the room before its own table
 * edge (`toEdge`); under fullRoll the whole roll, wherever it ends (off the table it is lost, p6).
 */
export function blownRide(roll: number, toSafety: number, toEdge: number, opts: Pick<NagbOptions, 'blownRide'>): number {
  if (opts.blownRide === 'fullRoll') return roll;
  const d = roll < toSafety ? roll : toSafety;
  return d < toEdge ? (d > 0 ? d : 0) : toEdge > 0 ? toEdge : 0;
}

/**
 * p6, p23 (nagb.recallRide): how far recalled cavalry rides back on its 3d6 `roll`: under withinTable
 * and throughFriends no farther than `toEdge` (withinTable: the room before a unit behind it or its own
 * table edge; throughFriends: recallStop's answer; none when that is gone), under fullRoll the whole roll.
 */
export function recallRide(roll: number, toEdge: number, opts: Pick<NagbOptions, 'recallRide'>): number {
  if (opts.recallRide === 'fullRoll') return roll;
  return Math.max(0, Math.min(roll, toEdge));
}

/**
 * p23, p28 (nagb.recallRide throughFriends): where a recall ride of at most `limit` inches (its 3d6, cut
 * at its own table edge and short of an enemy behind) ends, when `onFriend` lists, as [from, to], the
 * stretches of the ride over which the rider would stand on a friend's ground: the farthest point not
 * strictly inside any of them (a friend it cannot ride wholly past is not entered: it stops short of it).
 * The friends whose stretch ends at or before the answer were ridden through.
 */
export function recallStop(limit: number, onFriend: readonly (readonly [number, number])[]): number {
  let s = limit;
  for (let moved = true; moved; ) {
    moved = false;
    for (const [from, to] of onFriend) {
      if (s > from && s < to) {
        s = from;
        moved = true;
      }
    }
  }
  return s > 0 ? s : 0;
}

/**
 * p9, p23, p28 (nagb.blownRide throughFriends): where a blown ride ends that wants `toSafety` inches (0
 * when safe) and may ride at most `limit` (its 3d6, cut at its own table edge and short of an enemy
 * behind), `onFriend` as for recallStop: at safety, or on past the friends whose ground it would stand on
 * there when the roll carries it wholly past them; else short of them (recallStop).
 */
export function blownStop(toSafety: number, limit: number, onFriend: readonly (readonly [number, number])[]): number {
  let s = toSafety < limit ? toSafety : limit;
  for (let moved = true; moved; ) {
    moved = false;
    for (const [from, to] of onFriend) {
      if (s > from && s < to && to <= limit) {
        s = to;
        moved = true;
      }
    }
  }
  return recallStop(s, onFriend);
}

/**
 * p23, p24: whether cavalry is blown after a melee: fighting a formed unit blows it unless recalled (and
 * skirmishing cavalry never is); a recalled unit escapes after its first charge, after its second on a
 * d6 of 4+, after later ones only on a 6. Running down fleeing units does not blow it.
 */
export function blownAfterMelee(opponentFormed: boolean, recalled: boolean, skirmishing: boolean, chargeNumber: number, d6: number): boolean {
  if (!opponentFormed || skirmishing) return false;
  if (!recalled) return true;
  if (chargeNumber <= 1) return false;
  if (chargeNumber === 2) return d6 < 4;
  return d6 < 6;
}

/** P(a recalled unit escapes being blown) after its n-th charge (p23). */
export function recallSavesProbability(chargeNumber: number): number {
  return chargeNumber <= 1 ? 1 : chargeNumber === 2 ? 0.5 : 1 / 6;
}

/**
 * p23, p40: one cavalry phase of recovery in a safe spot: the d6 plus the class's recovery modifier
 * (each roll at least 0, the rulings' reading) added to the tally; recovered at 10. Being fired on
 * resets the tally to 0 (the caller).
 */
export function recoveryTally(tally: number, d6: number, modifier: number): number {
  const add = d6 + modifier;
  return tally + (add > 0 ? add : 0);
}

export function recovered(tally: number): boolean {
  return tally >= RECOVERY_TARGET;
}

/**
 * Exact distribution of the cavalry phases a blown unit needs to recover (index n, P(recovered after
 * exactly n phases)), up to `maxPhases`; the rest of the probability is beyond it.
 */
export function recoveryPhases(modifier: number, maxPhases: number): number[] {
  // dist[t]: probability of a tally of t (< 10) still recovering.
  let dist = new Array(RECOVERY_TARGET).fill(0);
  dist[0] = 1;
  const out = new Array(maxPhases + 1).fill(0);
  for (let n = 1; n <= maxPhases; n++) {
    const next = new Array(RECOVERY_TARGET).fill(0);
    for (let t = 0; t < RECOVERY_TARGET; t++) {
      if (dist[t] === 0) continue;
      for (let f = 1; f <= 6; f++) {
        const nt = recoveryTally(t, f, modifier);
        if (recovered(nt)) out[n] += dist[t] / 6;
        else next[nt] += dist[t] / 6;
      }
    }
    dist = next;
  }
  return out;
}

/** p25: dismounted cavalry: one figure in four holds the horses; the rest skirmish at -2 Ld. */
export function dismountedFigures(figures: number): number {
  return figures - Math.ceil(figures / 4);
}
export const DISMOUNTED_LD = -2;
