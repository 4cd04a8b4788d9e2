/**
 * Reading YAML files with positions, so that every error can name its line, and validating them with
 * zod schemas.
 */
import { readFileSync } from 'node:fs';
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { formatPath, VolleyInputError } from './errors.js';

export interface YamlSource {
  file: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

export function readYaml(file: string): YamlSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new VolleyInputError(file, undefined, undefined, code === 'ENOENT' ? 'file not found' : `cannot read (${code})`);
  }
  return parseYamlText(file, text);
}

export function parseYamlText(file: string, text: string): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const line = lines.linePos(e.pos[0]).line;
    throw new VolleyInputError(file, line, undefined, `not valid YAML: ${e.message.split('\n')[0]}`);
  }
  return { file, doc, lines, data: doc.toJS({ maxAliasCount: 100 }) };
}

/** The line of the deepest node along `path` that exists in the document (1-based). */
export function lineOf(src: YamlSource, path: readonly PropertyKey[]): number | undefined {
  let node: unknown = src.doc.contents;
  let line: number | undefined = rangeLine(src, node);
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const k = p.key as { value?: unknown } | null;
        return k !== null && typeof k === 'object' && k.value === key;
      });
      if (!pair) break;
      line = rangeLine(src, pair.key) ?? line;
      node = pair.value;
      if (node && (isMap(node) || isSeq(node))) line = line ?? rangeLine(src, node);
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      line = rangeLine(src, node) ?? line;
    } else break;
  }
  return line;
}

function rangeLine(src: YamlSource, node: unknown): number | undefined {
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? src.lines.linePos(r[0]).line : undefined;
}

/** Parse with a zod schema; the first issue becomes a VolleyInputError naming line and field. */
export function validate<T>(src: YamlSource, schema: z.ZodType<T>, data: unknown = src.data): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  let path = issue.path as PropertyKey[];
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    path = [...path, key];
    message = path[path.length - 2] === 'options' ? `unknown option '${String(key)}' (see 'volley rulesets')` : `unknown field '${String(key)}'`;
  } else if (issue.code === 'invalid_value') {
    message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  throw new VolleyInputError(src.file, lineOf(src, path), path.length ? formatPath(path) : undefined, message);
}
