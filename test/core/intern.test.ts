/** Internalized strings (src/core/intern.ts): the same values, the same trees, nothing else changed. */
import { describe, expect, it } from 'vitest';
import { internAll, interned } from '../../src/core/intern.js';

describe('interned', () => {
  it('gives back an equal string, for names, numbers written as text, the empty string and unicode', () => {
    for (const s of ['column', 'attackColumn', '12', '0', '', 'Grande Armée', 'x'.repeat(500)]) expect(interned(s)).toBe(s);
  });

  it('leaves anything but a string as it is', () => {
    const o = { a: 1 };
    expect(interned(o)).toBe(o);
    expect(interned(3)).toBe(3);
    expect(interned(undefined)).toBeUndefined();
  });
});

describe('internAll', () => {
  it('keeps every value of a parsed scenario tree, arrays and nesting included, in place', () => {
    const tree = { units: [{ id: 'a', formation: 'line', strength: 4, tags: ['x', 'y'] }], terrain: [{ kind: 'village', from: 10 }], note: null };
    const copy = structuredClone(tree);
    internAll(tree);
    expect(tree).toEqual(copy);
  });

  it('survives a cycle and leaves frozen objects alone', () => {
    const frozen = Object.freeze({ kind: 'woods' });
    const a: Record<string, unknown> = { name: 'a', frozen };
    a.self = a;
    internAll(a);
    expect(a.name).toBe('a');
    expect(a.self).toBe(a);
    expect(a.frozen).toBe(frozen);
  });
});
