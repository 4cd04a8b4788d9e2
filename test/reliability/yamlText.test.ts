/**
 * The text of an input file before its schema (src/scenario/yamlFile.ts): line ends of CR alone, nesting
 * deeper than any file needs, and YAML tags outside the core schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { MAX_NESTING, parseYamlText, tooDeep } from '../../src/scenario/yamlFile.js';

const BASE = readFileSync('test/corpus/base.scenario.yaml', 'utf8');

function refusal(text: string): VolleyInputError {
  try {
    parseYamlText('f.yaml', text);
  } catch (e) {
    if (e instanceof VolleyInputError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('line ends', () => {
  it('a file with CR alone as its line ends reads as the same file with LF (before: one line, "Nested mappings are not allowed")', () => {
    expect(parseYamlText('f.yaml', BASE.replace(/\n/g, '\r')).data).toEqual(parseYamlText('f.yaml', BASE).data);
    expect(parseYamlText('f.yaml', BASE.replace(/\n/g, '\r\n')).data).toEqual(parseYamlText('f.yaml', BASE).data);
  });

  it('a line named in an error counts CR line ends', () => {
    const e = refusal(BASE.replace(/\n/g, '\r').replace('turns: 3', 'turns: !foo 3'));
    expect(e.line).toBe(BASE.split('\n').findIndex((l) => l.startsWith('turns:')) + 1);
  });
});

describe('nesting', () => {
  const flow = (n: number) => `kind: scenario\nname: x\nattacker: ${'['.repeat(n)}${']'.repeat(n)}\n`;
  const block = (n: number) => `kind: scenario\nattacker:\n${Array.from({ length: n }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')} 1\n`;

  it(`nesting past ${MAX_NESTING} levels is refused at its line, naming the top-level field (before: "Maximum call stack size exceeded" at 5,000)`, () => {
    for (const text of [flow(5000), flow(MAX_NESTING + 1)]) {
      const e = refusal(text);
      expect([e.line, e.field]).toEqual([3, 'attacker']);
      expect(e.detail).toContain(`nested more than ${MAX_NESTING} levels deep`);
    }
    const e = refusal(block(2 * MAX_NESTING));
    expect(e.field).toBe('attacker');
    // attacker: is one level; its n-th key line is level n + 1.
    expect(e.line).toBe(2 + MAX_NESTING);
  });

  it(`${MAX_NESTING} levels in all are read; brackets in quotes, comments and block scalars do not count`, () => {
    expect(tooDeep(flow(MAX_NESTING - 1))).toBeNull();
    expect(tooDeep(block(MAX_NESTING - 1))).toBeNull();
    const brackets = '['.repeat(200);
    expect(tooDeep(`name: "${brackets}"\ntitle: '${brackets}' # ${brackets}\nnote: |\n  ${brackets}\n  ${brackets}\nkind: x\n`)).toBeNull();
    expect(tooDeep(`a:\n${'- '.repeat(MAX_NESTING)}1\n`)).toEqual({ line: 2, field: 'a' });
  });

  it('every shipped file and the corpus base are far from the limit', () => {
    expect(tooDeep(BASE, 8)).toBeNull();
    expect(tooDeep(readFileSync('sims/ligny-like.scenario.yaml', 'utf8'), 12)).toBeNull();
  });
});

describe('YAML tags', () => {
  it('a tag the parser does not know (!foo) is refused at its line and field (before: read as the string "3")', () => {
    const e = refusal(BASE.replace('turns: 3', 'turns: !foo 3'));
    expect([e.field, e.detail]).toEqual(['turns', expect.stringContaining('the YAML tag !foo is not one volley reads')]);
  });

  it('a tag outside the core schema (!!binary) is refused at its field, inside lists too', () => {
    const e = refusal(BASE.replace('{ id: a3, strength: 6 }', '{ id: !!binary YTM=, strength: 6 }'));
    expect([e.field, e.detail]).toEqual(['attacker.stacks[1].units[0].id', expect.stringContaining('!!binary')]);
  });

  it('core-schema tags (!!str, !!int) are read as before', () => {
    const data = parseYamlText('f.yaml', BASE.replace('turns: 3', 'turns: !!int 3').replace('name: base', 'name: !!str 12')).data as { turns: number; name: string };
    expect([data.turns, data.name]).toEqual([3, '12']);
  });
});
