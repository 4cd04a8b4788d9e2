/**
 * Scales. The text measures in centimetres and names neither a ground scale nor a turn length; the
 * engine converts only for scenarios given in yards and for reports (rulings section 1;
 * `cwj.yardsPerCm`, `cwj.minutesPerTurn`).
 */

/** Yards covered by `cm` of table. */
export function cmToYards(cm: number, yardsPerCm: number): number {
  return cm * yardsPerCm;
}

/** Table centimetres for a distance in yards. */
export function yardsToCm(yards: number, yardsPerCm: number): number {
  return yards / yardsPerCm;
}

/** Minutes of battle after `gameTurns` game turns (a game turn is both players' turns). */
export function turnsToMinutes(gameTurns: number, minutesPerTurn: number): number {
  return gameTurns * minutesPerTurn;
}

/** Game turns after `playerTurns` player turns: two player turns make one game turn. */
export function playerTurnsToGameTurns(playerTurns: number): number {
  return playerTurns / 2;
}
