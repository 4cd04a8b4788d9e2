/**
 * Orders (2, 4, 9, 11): what each order allows, the reactions of an assaulted unit, and the changes
 * forced on a unit's orders.
 */
import type { Arm } from './figures.js';
import type { ReserveReaction } from './options.js';

export const ORDERS = ['reserve', 'manoeuvre', 'fire', 'assault', 'regroup'] as const;
export type Order = (typeof ORDERS)[number];

/** 4: what each order allows (reserve movement, moving, changing formation, firing, combat). */
export const ORDER_ALLOWS: Readonly<Record<Order, { reserveMove: boolean; move: boolean; changeFormation: boolean; fire: boolean; combat: boolean }>> = {
  reserve: { reserveMove: true, move: true, changeFormation: false, fire: false, combat: false },
  manoeuvre: { reserveMove: false, move: true, changeFormation: true, fire: false, combat: false },
  fire: { reserveMove: false, move: true, changeFormation: false, fire: true, combat: false },
  assault: { reserveMove: false, move: true, changeFormation: false, fire: false, combat: true },
  regroup: { reserveMove: false, move: false, changeFormation: false, fire: false, combat: false },
};

/** 4: guns and skirmishers may not be given ASSAULT orders. */
export function orderAllowed(order: Order, arm: Arm): boolean {
  return !(order === 'assault' && (arm === 'guns' || arm === 'skirmishers'));
}

/** 2, 4: guns and skirmishers change orders every turn; others only when touching their command element. */
export function mayChangeOrders(arm: Arm, touchingCommandElement: boolean): boolean {
  return arm === 'guns' || arm === 'skirmishers' || touchingCommandElement;
}

/** 2, 4 (burt.commandReach): how many units of a brigade of `size` the command element reaches this turn. */
export function commandSlots(reach: number, size: number): number {
  return Math.min(size, reach);
}

export type Reaction = 'fire' | 'countercharge' | 'evade' | 'hold';

/**
 * 9.r1-r4 (burt.reserveReaction): the reactions an assaulted unit's orders allow. FIRE (and RESERVE)
 * may fire; MANOEUVER (and RESERVE) may countercharge in reach; ASSAULT must countercharge; RESERVE or
 * MANOEUVER may evade; anyone may hold. Under section4 a RESERVE unit neither fires nor countercharges (4).
 */
export function reactionsAllowed(order: Order, reserveReaction: ReserveReaction): Reaction[] {
  const reserveFights = reserveReaction === 'section9';
  switch (order) {
    case 'fire':
      return ['fire', 'hold'];
    case 'manoeuvre':
      return ['countercharge', 'evade', 'hold'];
    case 'reserve':
      return reserveFights ? ['fire', 'countercharge', 'evade', 'hold'] : ['evade', 'hold'];
    case 'assault':
      return ['countercharge'];
    default:
      return ['hold'];
  }
}

/** Why a unit's orders change by force (11). */
export type ForcedChange = 'smallArmsCasualties' | 'assaulted' | 'committedToSupport' | 'rallied' | 'evaded' | 'leftMelee';

/**
 * 11: RESERVE becomes MANOEUVER on small-arms casualties or being assaulted, and FIRE or ASSAULT when
 * committed to support (`supportOrder`); rallying, evading or leaving a melee gives REGROUP.
 */
export function forcedOrders(current: Order, why: ForcedChange, supportOrder: 'fire' | 'assault' = 'assault'): Order {
  switch (why) {
    case 'rallied':
    case 'evaded':
    case 'leftMelee':
      return 'regroup';
    case 'committedToSupport':
      return current === 'reserve' ? supportOrder : current;
    default:
      return current === 'reserve' ? 'manoeuvre' : current;
  }
}

/** 4, 10: leaving RESERVE (by force or by order) costs the army a point of morale; RESERVE is never regained. */
export function leavesReserve(before: Order, after: Order): boolean {
  return before === 'reserve' && after !== 'reserve';
}
