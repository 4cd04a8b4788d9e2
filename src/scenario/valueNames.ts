/**
 * Names of factor values (`vary: { attacker.stacks[1].hexside: [{ value: 1, name: frontal }, ...] }`):
 * what the report's charts and tables say instead of the value. The name is for readers only: the
 * cell's label, its dice (the random-number key) and the factors of results.json keep the value, so
 * naming a value changes no number.
 */
import { describeIssue } from './yamlFile.js';
import { namedValueSchema } from './schema.js';

/** A problem with a named value: where in the file (from the top) and what. */
export class ValueNameError extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** How a value reads in a label when it has no name (as src/report/labels.ts writes it). */
const valueText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * `vary` with every `{ value, name }` replaced by its value, and the names, in the order of each
 * factor's values (null for a value without one); only factors with a name appear in `names`. A
 * factor's names must differ from each other and from its unnamed values as written, or two cells would
 * read alike. Anything that is not a list of values (a range, a typo) is left for the schema.
 */
export function splitValueNames(vary: Record<string, unknown>): { vary: Record<string, unknown>; names: Record<string, (string | null)[]> } {
  const plain: Record<string, unknown> = {};
  const names: Record<string, (string | null)[]> = {};
  for (const [path, values] of Object.entries(vary)) {
    if (!Array.isArray(values) || !values.some(isPlainObject)) {
      plain[path] = values;
      continue;
    }
    const own: (string | null)[] = [];
    const seen = new Map<string, number>();
    plain[path] = values.map((v, i) => {
      if (!isPlainObject(v)) {
        own.push(null);
        seen.set(valueText(v), i);
        return v;
      }
      const r = namedValueSchema.safeParse(v);
      if (!r.success) {
        const d = describeIssue(r.error.issues.find((x) => x.code === 'unrecognized_keys') ?? r.error.issues[0], v);
        throw new ValueNameError(['vary', path, i, ...(d.path as (string | number)[])], d.message);
      }
      own.push(r.data.name);
      return r.data.value;
    });
    own.forEach((name, i) => {
      if (name === null) return;
      const j = seen.get(name);
      if (j !== undefined) {
        const other = own[j] === null ? `value ${JSON.stringify(valueText((plain[path] as unknown[])[j]))}` : 'the name';
        throw new ValueNameError(['vary', path, i, 'name'], `'${name}' is ${other} of entry ${j} as well; each cell needs a label of its own`);
      }
      seen.set(name, i);
    });
    names[path] = own;
  }
  return { vary: plain, names };
}
