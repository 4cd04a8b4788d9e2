/**
 * jsonLine places a field of a JSON text by walking the text (src/results/jsonLine.ts); it must give
 * the line the YAML reading gives (lineOf over the text parsed as YAML, what results.json problems were
 * placed with before), for fields that are there and fields that are not.
 */
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { jsonLine } from '../../src/results/jsonLine.js';
import { lineOf } from '../../src/scenario/yamlFile.js';

function yamlLine(text: string, path: readonly PropertyKey[]): number | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  return lineOf({ file: '', doc, lines, data: null }, path);
}

const doc = {
  format: 'volley-results/1',
  'odd "key"': { 'a\\b': [1, { deep: 'x]}' }], '': null },
  cells: [
    { factors: { 'defender.units[*].morale': 3 }, summary: { engagements: 10, sides: [{ wins: 0.5 }, { wins: 0.25, note: 'a, b: {c}' }] } },
    { factors: {}, summary: { engagements: 'abc', sides: [] } },
  ],
  empty: [],
  nothing: {},
  flags: [true, false, null, -1.5e3],
};

const paths: PropertyKey[][] = [
  [],
  ['format'],
  ['odd "key"'],
  ['odd "key"', 'a\\b', 1, 'deep'],
  ['odd "key"', ''],
  ['cells'],
  ['cells', 0, 'summary', 'sides', 1, 'note'],
  ['cells', 1, 'summary', 'engagements'],
  ['cells', 1, 'summary', 'sides', 0],
  ['cells', 2, 'summary'],
  ['cells', 0, 'missing', 'deeper'],
  ['empty', 0],
  ['nothing', 'x'],
  ['flags', 3],
  ['flags', 4],
  ['format', 'x'],
  ['absent'],
];

describe('jsonLine: the line of a field of a JSON text, as the YAML reading gives it', () => {
  it.each([
    ['pretty-printed, as volley writes results.json', JSON.stringify(doc, null, 2)],
    ['on one line', JSON.stringify(doc)],
    ['with CRLF line ends and tabs', JSON.stringify(doc, null, '\t').replace(/\n/g, '\r\n')],
  ])('%s', (_, text) => {
    for (const p of paths) expect(jsonLine(text, p), JSON.stringify(p)).toBe(yamlLine(text, p));
  });

  it('places a field by its own key, not by a string holding the same words', () => {
    const text = '{\n  "a": "\\"b\\": 1",\n  "b": 2\n}';
    expect(jsonLine(text, ['b'])).toBe(3);
  });
});
