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
 * (each worth 6^-D), added up once, longest paths first. Adding tens of thousands of 6^-D one by one
 * in floating point leaves an error near 1e-13; this leaves one in the last bit or two.
 */
export class PathSum {
  private readonly counts: number[] = [];

  /** `times` paths of length `depth` (a weight: a path counted h times adds h). */
  add(depth: number, times = 1): void {
    while (this.counts.length <= depth) this.counts.push(0);
    this.counts[depth] += times;
  }

  get value(): number {
    let sum = 0;
    for (let d = this.counts.length - 1; d >= 0; d--) if (this.counts[d] !== 0) sum += this.counts[d] * Math.pow(6, -d);
    return sum;
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
    if (++paths > maxPaths) throw new Error(`more than ${maxPaths} dice paths`);
    while (dice.tape.length > 0 && dice.tape[dice.tape.length - 1] === 5) dice.tape.pop();
    if (dice.tape.length === 0) return paths;
    dice.tape[dice.tape.length - 1]++;
  }
}
