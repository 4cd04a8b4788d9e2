import { describe, expect, it } from 'vitest';
import { aleaStream, type Uniform } from '../../src/core/dice.js';
import { aoeDie, D10, D10_ZERO, D6, initiativeFirst, lastFace, rollDie } from '../../src/rules/aoe/dice.js';

/** A uniform that returns the given values in turn. */
function scripted(values: number[]): Uniform {
  let i = 0;
  return () => values[i++];
}

describe('The die (rulings 1 "Dice"; aoe.die, aoe.d10Faces)', () => {
  it('rulings 4: aoe.die d10 with aoe.d10Faces 1-10 is a d10 read 1..10 (the default)', () => {
    expect(aoeDie('d10', '1-10')).toEqual({ first: 1, faces: 10 });
    expect(lastFace(D10)).toBe(10);
  });
  it('rulings 4: aoe.d10Faces 0-9 reads the d10 as 0..9', () => {
    expect(aoeDie('d10', '0-9')).toEqual({ first: 0, faces: 10 });
    expect(lastFace(D10_ZERO)).toBe(9);
  });
  it('rulings 4: aoe.die d6 is a d6 read 1..6 whatever aoe.d10Faces says', () => {
    expect(aoeDie('d6', '1-10')).toBe(D6);
    expect(aoeDie('d6', '0-9')).toBe(D6);
  });

  it('rulings 1 Dice: rollDie maps [0, 1) onto the faces in equal slices: u = k/faces + a bit gives face first + k', () => {
    for (const die of [D10, D10_ZERO, D6]) {
      for (let k = 0; k < die.faces; k++) {
        expect(rollDie(scripted([k / die.faces + 1e-9]), die)).toBe(die.first + k);
        expect(rollDie(scripted([(k + 1) / die.faces - 1e-9]), die)).toBe(die.first + k);
      }
      expect(rollDie(scripted([0]), die)).toBe(die.first);
      expect(rollDie(scripted([1 - 2 ** -32]), die)).toBe(lastFace(die));
    }
  });

  for (const [label, die] of [['d10 1-10', D10], ['d10 0-9', D10_ZERO], ['d6', D6]] as const) {
    it(`rulings 1 Dice: rollDie (${label}): 60,000 seeded rolls give each face within 4 standard errors of 1/faces`, () => {
      const u = aleaStream(`aoe-dice-${label}`);
      const n = 60_000;
      const counts = new Array<number>(die.faces).fill(0);
      for (let i = 0; i < n; i++) counts[rollDie(u, die) - die.first]++;
      const p = 1 / die.faces;
      const se = Math.sqrt((p * (1 - p)) / n);
      for (const c of counts) expect(Math.abs(c / n - p)).toBeLessThan(4 * se);
    });
  }
});

describe('Initiative (p1 Play Sequence, Initiative Phase; aoe.initiative) [gap]', () => {
  it('aoe.initiative attackerFirst: the attacker goes first and no die is rolled', () => {
    const u = () => {
      throw new Error('no roll expected');
    };
    expect(initiativeFirst(u, u, D10, 'attackerFirst', 1)).toBe(1);
    expect(initiativeFirst(u, u, D10, 'attackerFirst', 0)).toBe(0);
  });
  it('aoe.initiative roll: the higher roll goes first, each side rolling from its own stream', () => {
    expect(initiativeFirst(scripted([0.75]), scripted([0.15]), D10, 'roll', 1)).toBe(0); // 8 v 2
    expect(initiativeFirst(scripted([0.15]), scripted([0.75]), D10, 'roll', 0)).toBe(1); // 2 v 8
  });
  it('aoe.initiative roll: ties are rolled again, and every pair is recorded', () => {
    // 5 v 5, then 3 v 9: side 1
    const rolls: [number, number][] = [];
    expect(initiativeFirst(scripted([0.45, 0.25]), scripted([0.45, 0.85]), D10, 'roll', 0, rolls)).toBe(1);
    expect(rolls).toEqual([[5, 5], [3, 9]]);
  });
  it('aoe.initiative roll: with equal dice each side goes first half the time (20,000 seeded turns, within 4 SE)', () => {
    const u0 = aleaStream('aoe-initiative-0');
    const u1 = aleaStream('aoe-initiative-1');
    const n = 20_000;
    let first0 = 0;
    for (let i = 0; i < n; i++) if (initiativeFirst(u0, u1, D10, 'roll', 0) === 0) first0++;
    expect(Math.abs(first0 / n - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / n));
  });
});
