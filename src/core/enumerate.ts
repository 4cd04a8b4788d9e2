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

/** Run `once` over every dice path; `visit` receives the probability of each path and the value. */
export function enumerateDice<T>(once: (dice: TapeDice) => T, visit: (p: number, value: T) => void, maxPaths = 5_000_000): number {
  const dice = new TapeDice();
  let paths = 0;
  for (;;) {
    dice.pos = 0;
    const value = once(dice);
    if (dice.pos !== dice.tape.length) dice.tape.length = dice.pos; // a shorter path than the tape
    visit(Math.pow(6, -dice.tape.length), value);
    if (++paths > maxPaths) throw new Error(`more than ${maxPaths} dice paths`);
    while (dice.tape.length > 0 && dice.tape[dice.tape.length - 1] === 5) dice.tape.pop();
    if (dice.tape.length === 0) return paths;
    dice.tape[dice.tape.length - 1]++;
  }
}
