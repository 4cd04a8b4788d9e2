/**
 * Files that are not UTF-8 are refused with the line of the first bad byte (src/scenario/yamlFile.ts),
 * never read with replacement characters in their titles and ids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstNonUtf8, readYaml } from '../../src/scenario/yamlFile.js';

/** The reference: the longest prefix a strict decoder accepts ends where firstNonUtf8 points. */
function reference(b: Uint8Array): number {
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    strict.decode(b);
    return -1;
  } catch {
    // The first bad sequence starts at the first offset whose prefix cannot be completed: find the
    // longest prefix ending on a character boundary that decodes.
    let ok = 0;
    for (let i = 0; i <= b.length; i++) {
      try {
        strict.decode(b.subarray(0, i));
        ok = i;
      } catch {
        // a prefix cut inside a character, or past the bad byte
      }
    }
    return ok;
  }
}

describe('firstNonUtf8', () => {
  it('accepts well-formed text of every length of character', () => {
    expect(firstNonUtf8(new TextEncoder().encode('Café, Ligny 1815 — ⚔ 𝄞'))).toBe(-1);
    expect(firstNonUtf8(new Uint8Array())).toBe(-1);
  });

  it('points at the byte that begins the first ill-formed sequence', () => {
    const at = (bytes: number[]) => firstNonUtf8(Uint8Array.from(bytes));
    expect(at([0x41, 0xe9, 0x22])).toBe(1); // Latin-1 é
    expect(at([0x41, 0xc0, 0x80])).toBe(1); // overlong NUL
    expect(at([0xed, 0xa0, 0x80])).toBe(0); // a surrogate
    expect(at([0xf4, 0x90, 0x80, 0x80])).toBe(0); // past U+10FFFF
    expect(at([0x41, 0x42, 0xe2, 0x82])).toBe(2); // cut short at the end
    expect(at([0x80])).toBe(0); // a continuation byte alone
    expect(at([0xc1, 0xbf])).toBe(0); // C0 and C1 begin only overlong forms
    expect(at([0xe0, 0x9f, 0xbf])).toBe(0); // overlong three bytes
    expect(at([0xf0, 0x8f, 0xbf, 0xbf])).toBe(0); // overlong four bytes
    expect(at([0xf5, 0x80, 0x80, 0x80])).toBe(0); // F5 and above begin nothing
    expect(at([0xed, 0x9f, 0xbf])).toBe(-1); // U+D7FF, the last before the surrogates
    expect(at([0xf4, 0x8f, 0xbf, 0xbf])).toBe(-1); // U+10FFFF, the last code point
    expect(at([0xef, 0xbb, 0xbf, 0x41])).toBe(-1); // a byte order mark
  });

  it('a file that begins with a byte order mark is read as before; one with a Latin-1 byte names its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-utf8-'));
    const good = join(dir, 'bom.yaml');
    writeFileSync(good, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('kind: scenario\ntitle: Café\n')]));
    expect(readYaml(good).data).toEqual({ kind: 'scenario', title: 'Café' });
    const bad = join(dir, 'latin1.yaml');
    writeFileSync(bad, Buffer.from('kind: scenario\n\ntitle: Caf\xe9\n', 'latin1'));
    expect(() => readYaml(bad)).toThrow(/latin1\.yaml:3: not UTF-8 text: byte 0xE9 on this line/);
  });

  it('agrees with a strict decoder on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (b) => {
        expect(firstNonUtf8(b)).toBe(reference(b));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});
