/**
 * Reading YAML files with positions, so that every error can name its line, and validating them with
 * zod schemas.
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { isMap, isNode, isPair, isSeq, LineCounter, parseDocument, visit, type Document } from 'yaml';
import type { z } from 'zod';
import { formatPath, VolleyInputError } from '../core/errors.js';
import { VOLLEY_COMMAND } from '../core/command.js';
import { didYouMean } from '../core/suggest.js';
import { keysAt } from './schemaKeys.js';

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
    // A FIFO waits for a writer that may never come, and a folder or a socket holds no text: refuse them unread.
    if (!st.isFile()) throw new VolleyInputError(file, undefined, undefined, `cannot read: ${notAFile(st)}, not a file`);
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

/** What a path that is not a regular file is, in words. */
function notAFile(st: Stats): string {
  return st.isFIFO() ? 'a FIFO (named pipe)' : st.isDirectory() ? 'a folder' : st.isSocket() ? 'a socket' : 'not a regular file';
}

/**
 * Deeper than any scenario, experiment or refit (the deepest shipped nests about six levels), and far
 * below the depth at which the YAML parser or the schema check would run out of stack.
 */
export const MAX_NESTING = 64;

/**
 * The first place where the text nests more than `max` levels (block indentation, sequence dashes and
 * flow brackets together), with the top-level field it lies in, or null. A scan of the text, before
 * parsing: the parser itself would fail with "Maximum call stack size exceeded" and no field.
 */
export function tooDeep(text: string, max = MAX_NESTING): { line: number; field: string | undefined } | null {
  const indents: number[] = [];
  let flow = 0;
  let field: string | undefined;
  let scalarIndent = -1;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    const indent = line.length - line.trimStart().length;
    const body = line.trim();
    if (scalarIndent >= 0) {
      // The lines of a block scalar (| or >) are text, whatever brackets they hold.
      if (body === '' || indent > scalarIndent) continue;
      scalarIndent = -1;
    }
    if (body === '' || body.startsWith('#')) continue;
    if (flow === 0) {
      while (indents.length && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
      // A list at the left margin (a key's items written without indent) stays in that key's field.
      if (indent === 0 && !body.startsWith('- ')) field = /^([^\s#:'"\[{-][^:]*?)\s*:(\s|$)/.exec(body)?.[1];
    }
    let depth = indents.length + flow;
    let quote = '';
    for (let i = indent; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === '\\' && quote === '"') i++;
        else if (c === quote) quote = '';
        continue;
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) break;
      else if (c === '[' || c === '{') depth = indents.length + ++flow;
      else if (c === ']' || c === '}') flow = Math.max(0, flow - 1);
      else if (c === '-' && flow === 0 && (line[i + 1] === ' ' || i + 1 === line.length) && /^\s*(- +)*$/.test(line.slice(indent, i))) depth++;
      if (depth > max) return { line: n + 1, field };
    }
    if (flow === 0 && /[:-]\s*[|>][-+0-9]*\s*(#.*)?$/.test(body)) scalarIndent = indent;
  }
  return null;
}

/** The field a node of the document stands at, from the ancestors `visit` gives it. */
function fieldOf(ancestors: readonly unknown[], node: unknown): string | undefined {
  const path: PropertyKey[] = [];
  const chain = [...ancestors, node];
  for (let i = 0; i < chain.length - 1; i++) {
    const a = chain[i];
    if (isPair(a)) {
      const k = a.key as { value?: unknown } | null;
      path.push(String(k !== null && typeof k === 'object' ? k.value : k));
    } else if (isSeq(a)) path.push(a.items.indexOf(chain[i + 1] as never));
  }
  return path.length ? formatPath(path) : undefined;
}

/** The tags of YAML's core schema: anything else (!foo, !!binary, !!set) is not a value a file here holds. */
const CORE_TAGS = new Set(['tag:yaml.org,2002:str', 'tag:yaml.org,2002:int', 'tag:yaml.org,2002:float', 'tag:yaml.org,2002:bool', 'tag:yaml.org,2002:null', 'tag:yaml.org,2002:map', 'tag:yaml.org,2002:seq']);

export function parseYamlText(file: string, raw: string): YamlSource {
  // Line ends of CR alone (old Mac files) read as line ends, not as one long line.
  const text = raw.includes('\r') ? raw.replace(/\r(?!\n)/g, '\n') : raw;
  const deep = tooDeep(text);
  if (deep) throw new VolleyInputError(file, deep.line, deep.field, `nested more than ${MAX_NESTING} levels deep (no scenario, experiment or refit needs more than a few)`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const line = lines.linePos(e.pos[0]).line;
    // The yaml library's words for a second document speak to its programmers: say what the file holds.
    if (e.code === 'MULTIPLE_DOCS') throw new VolleyInputError(file, line, undefined, "a second YAML document begins here ('---'); a volley file holds one: split it into files");
    throw new VolleyInputError(file, line, undefined, `not valid YAML: ${e.message.split('\n')[0]}`);
  }
  // A tag the parser does not know (!foo) leaves the value a string, and a known one outside the core
  // schema (!!binary) makes a value no field takes: refuse both at their line, naming the field.
  let tagged: { line: number | undefined; field: string | undefined; tag: string } | undefined;
  visit(doc, (_key, node, ancestors) => {
    if (!isNode(node) || !node.tag || CORE_TAGS.has(node.tag)) return undefined;
    tagged = { line: rangeLineOf(lines, node), field: fieldOf(ancestors, node), tag: node.tag };
    return visit.BREAK;
  });
  if (tagged) {
    const tag = tagged.tag.startsWith('tag:yaml.org,2002:') ? `!!${tagged.tag.slice('tag:yaml.org,2002:'.length)}` : tagged.tag;
    throw new VolleyInputError(file, tagged.line ?? 1, tagged.field, `the YAML tag ${tag} is not one volley reads (write the value plainly: a number, a word, true or false, a list or a map)`);
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

/** What a field holds, in words: 'a string "wedge"', 'a number 3', or 'nothing' for an empty value. */
function foundText(v: unknown): string {
  return v === null || v === undefined ? 'nothing' : `${kindOf(v)} ${JSON.stringify(v)}`;
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
export function describeIssue(issue: z.core.$ZodIssue, data: unknown, schema?: z.ZodType): { path: PropertyKey[]; message: string } {
  let path = issue.path as PropertyKey[];
  const value = valueAt(data, path);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    // With the schema, the field it was nearest: "moral" was meant for "morale".
    const hint = schema ? didYouMean(key, keysAt(schema, data, path)) : '';
    path = [...path, key];
    const options = path[path.length - 2] === 'options';
    // A rung of the common quality ladder where only a rule system's own ratings are taken (an odds question's units).
    const ladder = key === 'quality' && !hint ? `: the quality ladder's rungs are taken by a scenario's units; give the ratings themselves here ('${VOLLEY_COMMAND} rulesets <id>' shows what each rung stands for)` : '';
    return { path, message: options ? `unknown option '${String(key)}' (see '${VOLLEY_COMMAND} rulesets')${hint}` : `unknown field '${String(key)}'${hint}${ladder}` };
  }
  // A rule system (or another discriminator) by a name it nearly has: "AoR" for "aor".
  if (issue.code === 'invalid_union' && issue.errors.length === 0 && typeof value === 'string' && Array.isArray((issue as { options?: unknown }).options)) {
    const hint = didYouMean(value, ((issue as { options: unknown[] }).options).map(String));
    if (hint) return { path, message: `${issue.message}, found '${value}'${hint}` };
  }
  if (issue.code === 'invalid_value') {
    const expected = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    if (value === undefined) return { path, message: expected };
    // What was written, and the value it nearly is: "attackColum" for "attackColumn".
    const hint = typeof value === 'string' ? didYouMean(value, issue.values.filter((v): v is string => typeof v === 'string')) : '';
    return { path, message: `${expected}, found ${foundText(value)}${hint}` };
  }
  if (issue.code === 'invalid_union') {
    if (issue.errors.length === 0) return { path, message: issue.message }; // a discriminator: the schema's own words
    // A map where a name or a map is taken (a doctrine, a vary range): the map alternative's own
    // issue, at its field and line, e.g. doctrine.charge: expected one of "reach", ... (not the union's).
    const isMapValue = value !== null && typeof value === 'object' && !Array.isArray(value);
    const mapBranch = isMapValue ? issue.errors.find((branch) => branch.length > 0 && !branch.some((i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value'))) : undefined;
    if (mapBranch) {
      const inner = mapBranch.find((i) => i.code === 'unrecognized_keys') ?? mapBranch[0];
      return describeIssue({ ...inner, path: [...path, ...inner.path] } as z.core.$ZodIssue, data, schema);
    }
    // A name nearly one of the names taken: "colum-assault" for "column-assault".
    if (typeof value === 'string') {
      const names = issue.errors.flatMap((branch) => branch.flatMap((i) => (i.code === 'invalid_value' && i.path.length === 0 ? i.values.filter((v): v is string => typeof v === 'string') : [])));
      const hint = didYouMean(value, names);
      if (hint) return { path, message: `expected ${[...new Set(issue.errors.map(expectedOf))].join(' or ')}, found ${foundText(value)}${hint}` };
    }
    const alternatives = [...new Set(issue.errors.map(expectedOf))].join(' or ');
    return { path, message: value === undefined ? `missing: expected ${alternatives}` : `expected ${alternatives}, found ${foundText(value)}` };
  }
  if (issue.code === 'invalid_type' && value === undefined) return { path, message: `missing: expected ${issue.expected}` };
  // A number out of range: the number as read (1e15 is 1000000000000000), so the bound and the value can be compared.
  if ((issue.code === 'too_big' || issue.code === 'too_small') && typeof value === 'number') return { path, message: `${issue.message}, found ${numberText(value)}` };
  return { path, message: issue.message };
}

/** A number as a person reads it: whole numbers in full up to 1e21 (1e15 is 1000000000000000), others as JavaScript writes them. */
function numberText(v: number): string {
  return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
}

/** A whole number past 2^53 fails a schema's int check before its own bound: that bound, found by asking again with 2^53 - 1. */
function ownBound<T>(schema: z.ZodType<T>, data: unknown, issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'too_big' || Number(issue.maximum) !== Number.MAX_SAFE_INTEGER || issue.path.length === 0) return issue;
  const copy = structuredClone(data) as Record<PropertyKey, unknown>;
  let at: Record<PropertyKey, unknown> = copy;
  for (const k of issue.path.slice(0, -1)) at = at[k as PropertyKey] as Record<PropertyKey, unknown>;
  at[issue.path[issue.path.length - 1] as PropertyKey] = Number.MAX_SAFE_INTEGER;
  const again = schema.safeParse(copy);
  const same = again.success ? undefined : again.error.issues.find((i) => i.code === 'too_big' && formatPath(i.path as PropertyKey[]) === formatPath(issue.path as PropertyKey[]));
  return same ?? issue;
}

/**
 * Parse with a zod schema; the first issue becomes a VolleyInputError naming line and field. Unknown
 * fields are reported before anything else, so a misspelt field is named as such.
 */
export function validate<T>(src: YamlSource, schema: z.ZodType<T>, data: unknown = src.data): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const first = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
  const { path, message } = describeIssue(ownBound(schema, data, first), data, schema);
  throw new VolleyInputError(src.file, lineOf(src, path), path.length ? formatPath(path) : undefined, message);
}
