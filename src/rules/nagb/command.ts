/**
 * Command (p2-5, p19, p35): pips, what they buy, command radius, rerolls, personal influence and the
 * initiative roll.
 */
import type { Uniform } from '../../core/dice.js';
import type { NagbOptions } from './options.js';
import {
  type BatteryOrder,
  type CommanderRating,
  commanderRow,
  INFLUENCE_RANGE,
  type InfantryFormation,
  type Order,
  ORDER_PIPS,
} from './tables.js';

/** p2, p3, p5: a commander's pips: his d6 plus his rating's pip modifier, never below 0. */
export function commanderPips(roll: number, rating: CommanderRating, opts: Pick<NagbOptions, 'commanderTable'>): number {
  const p = roll + commanderRow(rating, opts).pips;
  return p < 0 ? 0 : p;
}

/** Roll a commander's pips (brigade commander or CinC); a battery rolls a plain d6 (p19). */
export function rollPips(u: Uniform, rating: CommanderRating, opts: Pick<NagbOptions, 'commanderTable'>): number {
  return commanderPips(1 + Math.floor(u() * 6), rating, opts);
}

/**
 * p4: beyond the command radius an order costs a pip per radius or part of one (12" at radius 8": 2
 * pips; 21": 3). Read as a surcharge on the order's own cost: ceil(distance / radius) - 1 extra pips.
 */
export function outOfRangeSurcharge(distance: number, radius: number): number {
  if (distance <= radius) return 0;
  return Math.ceil(distance / radius) - 1;
}

/** p3, p4: pips to give an order to a unit `distance` inches from its commander. */
export function orderCost(order: Order, distance: number, radius: number): number {
  return ORDER_PIPS[order] + outOfRangeSurcharge(distance, radius);
}

/** p3: a reroll needs the unit inside the radius (a unit costing 2 pips to order cannot be rerolled). */
export function mayReroll(distance: number, radius: number): boolean {
  return distance <= radius;
}

/** p4: personal influence reaches units within 4"; the CinC may also buy +1 there for a pip. */
export function influenceReaches(distance: number): boolean {
  return distance <= INFLUENCE_RANGE;
}

/** p3: a general advance moves every column of the brigade one move for a pip; lines do not advance so. */
export function joinsGeneralAdvance(f: InfantryFormation): boolean {
  return f === 'attackColumn' || f === 'marchColumn';
}

/** p3: passage of lines: both battalions in line, within 4" of each other (a pip each). */
export function passageOfLinesAllowed(front: InfantryFormation, rear: InfantryFormation, gap: number): boolean {
  return front === 'line' && rear === 'line' && gap <= 4;
}

/** p3, p5: a unit goes on react (2 pips) in line, in good order, not having moved. */
export function mayGoOnReact(f: InfantryFormation, goodOrder: boolean, moved: boolean): boolean {
  return f === 'line' && goodOrder && !moved;
}

/**
 * p19: extra pips a battery pays for lost crew: one per 25% of its crew (2 guns, 8 crew, 2 lost: +1;
 * 3 of 4 left: +1).
 */
export function crewLossSurcharge(crewStart: number, crewLost: number): number {
  if (crewStart <= 0 || crewLost <= 0) return 0;
  return Math.floor((4 * crewLost) / crewStart);
}

/**
 * p19: a battery's pips: fire 1 per target, move/pivot 1, limber 1, unlimber 1, fire on react 1;
 * reload and going on react 1 plus the crew surcharge (3 of 4 crew: 2 each).
 */
export function batteryOrderCost(order: BatteryOrder, crewStart: number, crewLost: number, targets = 1): number {
  switch (order) {
    case 'fire':
      return targets;
    case 'reload':
    case 'react':
      return 1 + crewLossSurcharge(crewStart, crewLost);
    default:
      return 1;
  }
}

/** Nations as the initiative and national rules name them (p2, p35). */
export type Nation = 'french' | 'british' | 'russian' | 'austrian' | 'prussian' | 'portuguese' | 'minor';

export interface InitiativeFactors {
  /** Pips the CinC spends, +1 each (p2, p4). */
  pips: number;
  /** +1 if the side lost the initiative last turn (p2). */
  lostLastTurn: boolean;
  /** The predominant nation of the side (p2, p35: French +1, Russian or Austrian -1). */
  nation: Nation;
  /** p35: +1 for the French side if Napoleon is on the table (cumulative with the French +1). */
  napoleon: boolean;
}

/** p2, p35: the modifier to a side's initiative d6. */
export function initiativeModifier(f: InitiativeFactors): number {
  let m = f.pips + (f.lostLastTurn ? 1 : 0);
  if (f.nation === 'french') m += 1;
  if (f.nation === 'russian' || f.nation === 'austrian') m -= 1;
  if (f.napoleon) m += 1;
  return m;
}

/** p2: the higher total wins the initiative; 0 or 1 for the side, -1 on a tie (rolled again). */
export function initiativeWinner(totalA: number, totalB: number): -1 | 0 | 1 {
  return totalA > totalB ? 0 : totalB > totalA ? 1 : -1;
}

/** Exact P(side 0 wins the initiative) with modifiers m0, m1, ties rolled again. */
export function initiativeOdds(m0: number, m1: number): number {
  let win = 0;
  let tie = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      if (a + m0 > b + m1) win++;
      else if (a + m0 === b + m1) tie++;
    }
  return tie === 36 ? 0.5 : win / (36 - tie);
}

/** Roll the initiative until it is won: the winning side (nagb.initiative decides what winning gives). */
export function rollInitiative(u: Uniform, m0: number, m1: number): 0 | 1 {
  for (;;) {
    const w = initiativeWinner(1 + Math.floor(u() * 6) + m0, 1 + Math.floor(u() * 6) + m1);
    if (w >= 0) return w as 0 | 1;
  }
}
