/**
 * Small hex maps drawn as text, for tests and docs. One token per hex separated by spaces, odd rows
 * indented further than even rows (odd-r layout):
 *
 *   . . T .
 *    . W . .
 *   . . . F
 *
 * Blank lines before and after are ignored, and so is the common indentation, so maps can sit in an
 * indented template literal.
 */

export interface AsciiMap {
  width: number;
  height: number;
  /** Tokens by hex index (row * width + col). */
  cells: string[];
}

export function parseAscii(text: string): AsciiMap {
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new Error('parseAscii: empty map');
  const indent = lines.map((l) => l.length - l.trimStart().length);
  const cells: string[] = [];
  let width = -1;
  lines.forEach((line, row) => {
    if (row % 2 === 0 && indent[row] !== indent[0]) {
      throw new Error(`parseAscii: even row ${row} is indented ${indent[row]}, row 0 is indented ${indent[0]}`);
    }
    if (row % 2 === 1 && indent[row] <= indent[0]) {
      throw new Error(`parseAscii: odd row ${row} must be indented more than the even rows`);
    }
    const tokens = line.trim().split(/\s+/);
    if (width < 0) width = tokens.length;
    else if (tokens.length !== width) {
      throw new Error(`parseAscii: row ${row} has ${tokens.length} hexes, row 0 has ${width}`);
    }
    cells.push(...tokens);
  });
  return { width, height: lines.length, cells };
}

/** Indices of the cells holding `token`, ascending. */
export function findCells(map: AsciiMap, token: string): number[] {
  const out: number[] = [];
  map.cells.forEach((c, i) => {
    if (c === token) out.push(i);
  });
  return out;
}

/**
 * Draw a map back as text; `mark(i)` may replace a hex's token (e.g. '*' along a path). Tokens are
 * padded to a common width so the rows stay staggered; single-character maps round-trip exactly.
 */
export function renderAscii(map: AsciiMap, mark?: (i: number) => string | undefined): string {
  const tokens = map.cells.map((c, i) => mark?.(i) ?? c);
  const w = Math.max(1, ...tokens.map((t) => t.length));
  const rows: string[] = [];
  for (let row = 0; row < map.height; row++) {
    const line = tokens
      .slice(row * map.width, (row + 1) * map.width)
      .map((t) => t.padEnd(w))
      .join(' ')
      .replace(/\s+$/, '');
    rows.push((row % 2 === 1 ? ' '.repeat(Math.ceil((w + 1) / 2)) : '') + line);
  }
  return rows.join('\n');
}
