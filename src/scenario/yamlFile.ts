/**
 * Reading YAML files with positions, so that every error can name its line, and validating them with
 * zod schemas.
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { isMap, isSeq, LineCounter, parseDocument, visit, type Document } from 'yaml';
import type { z } from 'zod';
import { formatPath, VolleyInputError } from '../core/errors.js';

export interface YamlSource {
  file: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

/** Larger than any scenario, experiment or refit a person writes (the largest shipped is a few kB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export function readYaml(file: string): YamlSource {
  let bytes: Buffer;
  try {
    // A device (/dev/zero) never ends, and a file of gigabytes is not a scenario: refuse both unread.
    const st = statSync(file);
    if (st.isCharacterDevice() || st.isBlockDevice()) throw new VolleyInputError(file, undefined, undefined, 'cannot read: a device, not a file');
    if (st.isFile() && st.size > MAX_FILE_BYTES) {
      throw new VolleyInputError(file, undefined, undefined, `cannot read: ${Math.round(st.size / 1024 / 1024)} MB, more than any scenario, experiment or refit (at most 64 MB)`);
    }
    bytes = readFileSync(file);
  } catch (e) {
    if (e instanceof VolleyInputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new VolleyInputError(file, undefined, undefined, code === 'ENOENT' ? 'file not found' : `cannot read (${code})`);
  }
  // Bytes that are not UTF-8 would be read as U+FFFD, and a title or an id silently changed.
  const at = isUtf8(bytes) ? -1 : firstNonUtf8(bytes);
  if (at >= 0) {
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
    const byte = bytes[at].toString(16).toUpperCase().padStart(2, '0');
    throw new VolleyInputError(file, line, undefined, `not UTF-8 text: byte 0x${byte} on this line is not part of a UTF-8 character (save the file as UTF-8)`);
  }
  return parseYamlText(file, bytes.toString('utf8'));
}

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode 3.9, table 3-7), or -1. */
export function firstNonUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (more === 0) return i;
    // The second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, surrogates or code points past U+10FFFF).
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (i + more >= b.length || b[i + 1] < lo || b[i + 1] > hi) return i;
    for (let k = 2; k <= more; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}

export function parseYamlText(file: string, text: string): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const line = lines.linePos(e.pos[0]).line;
    throw new VolleyInputError(file, line, undefined, `not valid YAML: ${e.message.split('\n')[0]}`);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    // An alias to no anchor, or an alias bomb: name the first such alias.
    let line: number | undefined;
    visit(doc, {
      Alias(_, node) {
        const unresolved = node.resolve(doc) === undefined;
        if (line === undefined || unresolved) line = rangeLineOf(lines, node);
        if (unresolved) return visit.BREAK;
      },
    });
    throw new VolleyInputError(file, line ?? 1, undefined, `not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  return { file, doc, lines, data };
}

function rangeLineOf(lines: LineCounter, node: unknown): number | undefined {
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? lines.linePos(r[0]).line : undefined;
}

/** What a value is, in words, for messages. */
export function kindOf(v: unknown): string {
  return v === null || v === undefined ? 'nothing' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a map' : `a ${typeof v}`;
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

/** The value at a path of plain data, or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** What one alternative of a union expected, in words. */
function expectedOf(issues: readonly z.core.$ZodIssue[]): string {
  const i = issues[0];
  if (!i) return 'something else';
  if (i.code === 'invalid_value') return i.values.map((v) => JSON.stringify(v)).join(', ');
  if (i.code === 'invalid_type') return i.expected;
  if (i.code === 'unrecognized_keys') return `a map without '${i.keys[0]}'`;
  return i.message;
}

/** One zod issue in the project's words: the field path and what was expected (docs/files.md). */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown): { path: PropertyKey[]; message: string } {
  let path = issue.path as PropertyKey[];
  const value = valueAt(data, path);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    path = [...path, key];
    const options = path[path.length - 2] === 'options';
    return { path, message: options ? `unknown option '${String(key)}' (see 'volley rulesets')` : `unknown field '${String(key)}'` };
  }
  if (issue.code === 'invalid_value') return { path, message: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
  if (issue.code === 'invalid_union') {
    if (issue.errors.length === 0) return { path, message: issue.message }; // a discriminator: the schema's own words
    const alternatives = [...new Set(issue.errors.map(expectedOf))].join(' or ');
    return { path, message: value === undefined ? `missing: expected ${alternatives}` : `expected ${alternatives}, found ${kindOf(value)} ${JSON.stringify(value)}` };
  }
  if (issue.code === 'invalid_type' && value === undefined) return { path, message: `missing: expected ${issue.expected}` };
  return { path, message: issue.message };
}

/**
 * Parse with a zod schema; the first issue becomes a VolleyInputError naming line and field. Unknown
 * fields are reported before anything else, so a misspelt field is named as such.
 */
export function validate<T>(src: YamlSource, schema: z.ZodType<T>, data: unknown = src.data): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
  const { path, message } = describeIssue(issue, data);
  throw new VolleyInputError(src.file, lineOf(src, path), path.length ? formatPath(path) : undefined, message);
}
