/**
 * Exact enumeration of a random procedure whose every draw is a fair d6 (STYLE.md 7: chance outcomes
 * as data). The procedure is run once per path through the tree of die faces: draws beyond the current
 * tape extend it with face 1; then the last face that can still go up goes up and the rest of the tape
 * is dropped. Each complete path of length D has probability 6^-D. Paths may have different lengths
 * (a morale check happens only after a hit), which the odometer handles naturally.
 */
import { EngagementDice, type Purpose, type Uniform } from './dice.js';

export class TapeDice extends EngagementDice {
  tape: number[] = [];
  pos = 0;
  private readonly draw: Uniform = () => {
    if (this.pos === this.tape.length) this.tape.push(0);
    const face = this.tape[this.pos++];
    return (face + 0.5) / 6; // d6() = 1 + floor(6u) gives face + 1
  };

  constructor() {
    super('enumeration');
  }

  override stream(_side: 0 | 1, _purpose: Purpose): Uniform {
    return this.draw;
  }
}

/**
 * A sum of path probabilities kept exact until it is read: a whole count of paths for each length D
 * (each worth 6^-D). Read, it is the rational sum of counts[D] / 6^D, rounded once to the nearest
 * double (adding tens of thousands of 6^-D in floating point leaves an error near 1e-13, and adding
 * the lengths' terms in floating point one in the last bit or two).
 */
export class PathSum {
  private readonly counts: number[] = [];

  /** `times` paths of length `depth` (a weight: a path counted h times adds h). */
  add(depth: number, times = 1): void {
    while (this.counts.length <= depth) this.counts.push(0);
    this.counts[depth] += times;
  }

  /** Another sum's paths added to these (the two then read as one exact sum). */
  addAll(other: PathSum): this {
    other.counts.forEach((c, depth) => c !== 0 && this.add(depth, c));
    return this;
  }

  get value(): number {
    const deepest = this.counts.length - 1;
    let num = 0n;
    for (let d = 0; d <= deepest; d++) if (this.counts[d] !== 0) num += BigInt(this.counts[d]) * 6n ** BigInt(deepest - d);
    return deepest < 0 ? 0 : nearestDouble(num, 6n ** BigInt(deepest));
  }
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

/** The double nearest to num / den (num >= 0, den > 0), ties to even: the ratio rounded once. */
export function nearestDouble(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const g = gcd(num, den);
  num /= g;
  den /= g;
  // Two integers a double holds exactly divide with one rounding (IEEE 754).
  if (num <= 1n << 53n && den <= 1n << 53n) return Number(num) / Number(den);
  // Otherwise a quotient of at least 64 bits, its last bit set when the division leaves a remainder,
  // so that Number's own rounding (to nearest, ties to even) sees past the bits it drops.
  const shift = BigInt(Math.max(0, 64 + den.toString(2).length - num.toString(2).length));
  const scaled = num << shift;
  const q = scaled / den;
  return Number(scaled % den === 0n ? q : q | 1n) / 2 ** Number(shift);
}

/** A question too large to enumerate: more dice paths than the cap (the CLI says so, exit 2). */
export class TooManyPathsError extends Error {
  constructor(readonly maxPaths: number) {
    super(`more than ${maxPaths} dice paths`);
    this.name = 'TooManyPathsError';
  }
}

/**
 * Run `once` over every dice path; `visit` receives the probability of each path (6^-depth), the
 * value, and the path's length in dice (for a PathSum).
 */
export function enumerateDice<T>(once: (dice: TapeDice) => T, visit: (p: number, value: T, depth: number) => void, maxPaths = 5_000_000): number {
  const dice = new TapeDice();
  let paths = 0;
  for (;;) {
    dice.pos = 0;
    const value = once(dice);
    if (dice.pos !== dice.tape.length) dice.tape.length = dice.pos; // a shorter path than the tape
    visit(Math.pow(6, -dice.tape.length), value, dice.tape.length);
    if (++paths > maxPaths) throw new TooManyPathsError(maxPaths);
    while (dice.tape.length > 0 && dice.tape[dice.tape.length - 1] === 5) dice.tape.pop();
    if (dice.tape.length === 0) return paths;
    dice.tape[dice.tape.length - 1]++;
  }
}
