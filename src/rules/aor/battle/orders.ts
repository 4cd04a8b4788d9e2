/** The four orders of 12.2 and their order numbers (12.4; the Order number table). */
export type Orders = 'attack' | 'defend' | 'march' | 'reserve';

export const ORDER_CODES: readonly Orders[] = ['attack', 'defend', 'march', 'reserve'];

/** Order number table: Attack 4, Defend 3, March 3, Reserve 2. */
export const ORDER_NUMBER: Readonly<Record<Orders, number>> = { attack: 4, defend: 3, march: 3, reserve: 2 };

/**
 * 12.4: turns until a leader complies with a new order: the order number less half the sum of the
 * sender's and receiver's ratings (rounded half up), not below 0, plus the distance in cavalry MP / 6
 * (fractions dropped), plus any extra for a demoralized formation (aor.demoralizedComplianceDelay, 14.2).
 */
export function complianceDelay(orders: Orders, senderRating: number, leaderRating: number, distanceMp: number, demoralizedExtra = 0): number {
  const half = Math.floor((senderRating + leaderRating) / 2 + 0.5);
  return Math.max(0, ORDER_NUMBER[orders] - half) + Math.floor(distanceMp / 6) + demoralizedExtra;
}
