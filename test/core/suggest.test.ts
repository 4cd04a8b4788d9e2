/** "Did you mean" (src/core/suggest.ts): the edit distance and the nearest known name. */
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance, slipAllowance } from '../../src/core/suggest.js';

describe('editDistance', () => {
  it('counts inserts, deletes and replacements (kitten to sitting is three: k/s, e/i, +g)', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('counts a letter left out as one (moral, engagments) and two neighbours swapped as one (hti)', () => {
    expect(editDistance('moral', 'morale')).toBe(1);
    expect(editDistance('engagments', 'engagements')).toBe(1);
    expect(editDistance('aor.hitAlocation', 'aor.hitAllocation')).toBe(1);
    expect(editDistance('hti', 'hit')).toBe(1);
    // Without the swap rule this would be two replacements.
    expect(editDistance('ab', 'ba')).toBe(1);
  });

  it('ignores case, and is the same both ways round', () => {
    expect(editDistance('AoR', 'aor')).toBe(0);
    expect(editDistance('Morale', 'moral')).toBe(editDistance('moral', 'Morale'));
  });
});

describe('closest', () => {
  it('finds the known name a slip away, and a name equal but for case first of all', () => {
    expect(closest('moral', ['movement', 'morale', 'strength'])).toBe('morale');
    expect(closest('AoR', ['nagb', 'aor', 'aoe'])).toBe('aor');
    expect(closest('agressive', ['by-the-book', 'aggressive', 'careful'])).toBe('aggressive');
  });

  it('offers nothing when every known name is further than a slip', () => {
    // 'cat' is 3 letters: one edit allowed; 'dog' is three away.
    expect(slipAllowance('cat')).toBe(1);
    expect(closest('cat', ['dog', 'horse'])).toBeUndefined();
    expect(closest('xyz', [])).toBeUndefined();
    // Nine letters allow three edits, and no more.
    expect(slipAllowance('aggressiv')).toBe(3);
    expect(closest('abcdefghi', ['abcdefxyz'])).toBe('abcdefxyz');
    expect(closest('abcdefghi', ['abcdewxyz'])).toBeUndefined();
  });

  it('takes the first listed of names equally near, and never the word itself', () => {
    expect(closest('mora', ['moral', 'moray'])).toBe('moral');
    expect(closest('seed', ['seed', 'speed'])).toBe('speed');
  });
});

describe('didYouMean', () => {
  it('writes the suggestion to append to a message, or nothing', () => {
    expect(didYouMean('moral', ['morale'])).toBe("; did you mean 'morale'?");
    expect(didYouMean('engagments', ['engagements'], (s) => `--${s}`)).toBe('; did you mean --engagements?');
    expect(didYouMean('zzz', ['morale'])).toBe('');
  });
});
