/**
 * Results of many cells without playing them: a battle's results with its cells repeated over every
 * combination of the factors of a larger experiment, relabelled as the loader labels them. The charts
 * are laid out from the labels and the number of cells; the numbers in them repeat.
 */
import { cellLabel } from '../../src/scenario/load.js';
import type { Results } from '../../src/results/results.js';

const MORALE = 'sides[1].formations[Bde-Steinmetz].units[*].morale';
const DOCTRINES = ['by-the-book', 'aggressive', 'careful'];

/** `base`'s cells repeated over every combination of `factors` (the last varying fastest), with their labels. */
export function withCells(base: Results, factors: Record<string, unknown[]>, valueNames?: Results['provenance']['valueNames']): Results {
  let combos: Record<string, unknown>[] = [{}];
  for (const [path, values] of Object.entries(factors)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [path]: v })));
  const r = structuredClone(base);
  r.provenance.factors = factors;
  if (valueNames) r.provenance.valueNames = valueNames;
  else delete r.provenance.valueNames;
  r.cells = combos.map((f, i) => ({ ...structuredClone(base.cells[i % base.cells.length]), label: cellLabel(f), factors: f }));
  return r;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Experiments of 2 to 900 cells over the village battle's factors: a name, the factors, names of values. */
export const DESIGNS: readonly [string, Record<string, unknown[]>, Results['provenance']['valueNames']?][] = [
  ['2 cells, named values', { [MORALE]: [4, 6] }, { [MORALE]: ['shaken', 'steady'] }],
  ['9 cells, two doctrines', { 'sides[0].battleDoctrine': DOCTRINES, 'sides[1].battleDoctrine': DOCTRINES }],
  ['18 cells, morale by two doctrines', { [MORALE]: [4, 6], 'sides[0].battleDoctrine': DOCTRINES, 'sides[1].battleDoctrine': DOCTRINES }],
  ['120 cells', { [MORALE]: range(2, 6), 'sides[0].battleDoctrine': [...DOCTRINES, 'reckless'], turns: range(4, 9) }],
  ['200 cells', { [MORALE]: range(1, 10), turns: range(1, 20) }],
  // Small multiples with named values along x (doctrines), ten panels, the mean over 20 combinations.
  // Small multiples whose panels are runs of three values of a factor of thirty.
  ['900 cells, two factors of 30 values', { [MORALE]: range(1, 30), turns: range(1, 30) }],
  ['800 cells, four factors', { 'sides[0].battleDoctrine': [...DOCTRINES, 'reckless'], [MORALE]: range(1, 10), turns: range(1, 5), 'sides[1].battleDoctrine': [...DOCTRINES, 'reckless'] }],
];
