/**
 * Words in the right number, for every line volley prints: a count with its noun ("1 worker",
 * "2 workers"), a side's name with its verb ("Prussians win", "French brigade wins").
 */

/** A whole number with thousands separators: 20,000. */
export const count = (n: number) => WHOLE.format(Math.round(n));

// Formatters made once: toLocaleString builds a new one at every call (tens of microseconds each, and a
// report formats thousands of numbers); `format` gives the same text.
const WHOLE = new Intl.NumberFormat('en-GB');
const DECIMALS: Intl.NumberFormat[] = [];

/**
 * `digits` decimals, thousands grouped, rounded as the number reads: fixed(7.585, 2) = "7.59" (toFixed
 * gives "7.58", from the binary value just below), fixed(12882.75, 1) = "12,882.8". Every table and
 * line volley prints writes its decimals with it, so one value reads the same everywhere.
 */
export function fixed(v: number, digits: number): string {
  const f = (DECIMALS[digits] ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }));
  return f.format(v);
}

/** A number that may be negative, with a minus sign (U+2212): "−3.20", "4.10"; what rounds to 0 has none. */
export function num(v: number, digits: number): string {
  const t = fixed(Math.abs(v), digits);
  return v < 0 && /[1-9]/.test(t) ? `−${t}` : t;
}

/** A change with its sign: "+0.73", "−8.7" (a minus sign, U+2212); what rounds to 0 has none: "0.0". */
export function signed(v: number, digits: number): string {
  const t = fixed(Math.abs(v), digits);
  return /[1-9]/.test(t) ? `${v > 0 ? '+' : '−'}${t}` : t;
}

/** The noun for `n` of a thing: plural('worker', 1) = "worker", plural('worker', 2) = "workers". */
export function plural(noun: string, n: number, many = `${noun}s`): string {
  return n === 1 ? noun : many;
}

/** A count with its noun: counted(1, 'worker') = "1 worker", counted(20000, 'engagement') = "20,000 engagements". */
export function counted(n: number, noun: string, many?: string): string {
  return `${count(n)} ${plural(noun, n, many)}`;
}

/** Items as a sentence lists them: "A", "A and B", "A, B and C". */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Where a run's batches were played: "in this thread", "2 workers", or "1 worker and this thread" when
 * this thread played beside its workers (RunOutcome.threads, one more than the workers).
 */
export function playedOn(workers: number, threads = Math.max(1, workers)): string {
  if (workers === 0) return 'in this thread';
  return threads > workers ? `${counted(workers, 'worker')} and this thread` : counted(workers, 'worker');
}

// Peoples named by an adjective that takes a plural verb: "the French win".
const PLURAL_PEOPLES = /^(the )?(french|british|english|dutch|irish|welsh|scots|swiss|portuguese|chinese|japanese|spanish|danish)$/i;

/**
 * Whether a side's name takes a plural verb: "Prussians win", "French win", "Allies win"; but
 * "French brigade wins", "Union wins", "Grande Armée wins".
 */
export function namesMany(name: string): boolean {
  const n = name.trim();
  if (PLURAL_PEOPLES.test(n)) return true;
  // A corps is one body, whatever its spelling.
  if (/corps$/i.test(n)) return false;
  return /[^s']s$/i.test(n);
}

/** A name's possessive: "Foy's", "Prussian battalions'" (a name ending in s takes the apostrophe alone). */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** A side's name with a verb agreeing with it: sideVerb('Prussians', 'wins', 'win') = "Prussians win". */
export function sideVerb(name: string, one: string, many: string): string {
  return `${name} ${namesMany(name) ? many : one}`;
}
