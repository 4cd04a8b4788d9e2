import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { Game } from '../../src/rules/cwj/game.js';
import { newLaneResult } from '../../src/rules/cwj/results.js';
import { questionCover } from '../../src/rules/cwj/oddsQuestions.js';
import { compile, rawLane } from './lane.js';

/**
 * [Fire] l.217-224: soft and hard cover stand in the target column, so a wall or hedge covers the
 * target behind it from fire across it; cwj.lineCover decides who is in it when two units meet there.
 * The Prussian line lines a hedge (or wall) at x = 0, its front on the line, facing the French.
 */
function game(frenchBehind: number, frenchOffset: number, kind: 'hedge' | 'wall', options: Record<string, string> = {}): Game {
  const c = compile(
    rawLane(
      [{ id: 'a', type: 'line', formation: 'column', behind: frenchBehind, offset: frenchOffset }],
      [{ id: 'd', type: 'line', formation: 'line' }],
      { terrain: [{ kind, from: 0 }] },
      { attacker: { line: -10 } },
    ),
    options,
  );
  const g = new Game(c);
  g.reset(EngagementDice.for('cover', 'cell', 0), newLaneResult(c), undefined);
  return g;
}
const A = 0;
const D = 1;

describe('cover of a wall or hedge line ([Fire] l.217-224, cwj.lineCover)', () => {
  it('[Fire] l.217-224: the unit lining a hedge is in soft cover, lining a wall in hard cover, against fire from across it', () => {
    expect(game(6, 0, 'hedge').coverAgainst(D, A)).toBe('soft');
    expect(game(6, 0, 'wall').coverAgainst(D, A)).toBe('hard');
    // The firer 4 cm short of the hedge has no cover from it: its front is not on the line.
    expect(game(6, 0, 'hedge').coverAgainst(A, D)).toBe('none');
  });
  it('[Fire] l.168-169, l.217-224: fired on from its flank or rear (the firer past its front edge) the line is not between them: no cover', () => {
    // The French column's front 3 cm beyond the hedge, in another file: part of it stands behind the Prussian front.
    expect(game(-13, 20, 'wall').coverAgainst(D, A)).toBe('none');
    expect(game(-13, 20, 'wall', { 'cwj.lineCover': 'either' }).coverAgainst(D, A)).toBe('none');
  });
  it('cwj.lineCover holder (default): when the French come up to the hedge the Prussians line, only the Prussians are in its cover, whoever is phasing later; under either both are', () => {
    const g = game(-10, 0, 'hedge'); // the French front at 0: in contact across the hedge
    g.arrived[A] = 1; // the French moved into the contact
    g.phasing = 0;
    expect([g.coverAgainst(A, D), g.coverAgainst(D, A)]).toEqual(['none', 'soft']);
    g.phasing = 1; // the next player turn of the same contact: the Prussians still hold the hedge
    expect([g.coverAgainst(A, D), g.coverAgainst(D, A)]).toEqual(['none', 'soft']);
    const e = game(-10, 0, 'hedge', { 'cwj.lineCover': 'either' });
    e.arrived[A] = 1;
    expect([e.coverAgainst(A, D), e.coverAgainst(D, A)]).toEqual(['soft', 'soft']);
  });
  it('cwj.lineCover holder: two units deployed in contact across a hedge (neither came at the other) are both in its cover', () => {
    const g = game(-10, 0, 'hedge');
    expect([g.coverAgainst(A, D), g.coverAgainst(D, A)]).toEqual(['soft', 'soft']);
  });
});

describe('the fire question reads a line\'s cover as play does (volley odds, [Fire] l.168-169, l.217-224)', () => {
  it('[Fire] l.217-224: cover wall or hedge with flank as play judges it gives what Game.coverAgainst gives', () => {
    for (const kind of ['hedge', 'wall'] as const) {
      for (const [behind, offset] of [[6, 0], [-13, 20]]) {
        const g = game(behind, offset, kind);
        const flank = !g.isInFront(D, A);
        expect(questionCover(kind, flank)).toBe(g.coverAgainst(D, A));
      }
    }
  });
});
