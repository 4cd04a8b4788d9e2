/**
 * The line of a field in a JSON text, found by walking the text along the field's path without parsing
 * the rest of it. A problem in a results file of many cells is placed in milliseconds, where reading the
 * whole text again as YAML (with positions) took seconds.
 */

/**
 * The line (1-based) of `path` in `text`, a valid JSON text: the line of the key of the deepest member
 * along the path that exists, or of the array element; of the whole value when the first step is not
 * there. The answer of the YAML reading (src/scenario/yamlFile.ts, lineOf) for the same text and path.
 */
export function jsonLine(text: string, path: readonly PropertyKey[]): number {
  let at = skipSpace(text, 0);
  let lineAt = at;
  for (const key of path) {
    const c = text.charCodeAt(at);
    if (c === OPEN_BRACE) {
      const member = findMember(text, at, String(key));
      if (member === null) break;
      lineAt = member.key;
      at = member.value;
    } else if (c === OPEN_BRACKET && typeof key === 'number') {
      const element = findElement(text, at, key);
      if (element < 0) break;
      lineAt = at = element;
    } else break;
  }
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < lineAt; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

/** The member named `name` of the object at `at`: where its key and its value begin, or null. */
function findMember(text: string, at: number, name: string): { key: number; value: number } | null {
  let i = skipSpace(text, at + 1);
  while (text.charCodeAt(i) === QUOTE) {
    const key = i;
    const end = skipString(text, i);
    const raw = text.slice(i + 1, end - 1);
    const decoded = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COLON) return null;
    const value = skipSpace(text, i + 1);
    if (decoded === name) return { key, value };
    i = skipSpace(text, skipValue(text, value));
    if (text.charCodeAt(i) !== COMMA) return null;
    i = skipSpace(text, i + 1);
  }
  return null;
}

/** Where element `index` of the array at `at` begins, or -1 when it has fewer. */
function findElement(text: string, at: number, index: number): number {
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return -1;
  for (let n = 0; n < index; n++) {
    i = skipSpace(text, skipValue(text, i));
    if (text.charCodeAt(i) !== COMMA) return -1;
    i = skipSpace(text, i + 1);
  }
  return i;
}

/** Just past the value that begins at `i`. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    for (; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) i = skipString(text, i) - 1;
      else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return i;
  }
  // A number, true, false or null: up to the next delimiter.
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break;
    i++;
  }
  return i;
}

/** Just past the string whose opening quote is at `i`. */
function skipString(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return i;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
