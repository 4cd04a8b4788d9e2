/**
 * How battle maps are written in scenario files: hexes "col,row", hexsides "col,row/DIR" and the terrain
 * characters. Kept apart from the schema (src/rules/aor/battleSchema.ts) so that compiling a map, as
 * every worker does, does not load the validation library.
 */
export const HEX_RE = /^\s*(\d+)\s*,\s*(\d+)\s*$/;
export const HEXSIDE_RE = /^\s*(\d+)\s*,\s*(\d+)\s*\/\s*(E|NE|NW|W|SW|SE)\s*$/;
export const DIRECTION_NAMES = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;

/** Map characters: one token per hex. */
export const TERRAIN_CODES: Readonly<Record<string, string>> = {
  '.': 'clear',
  T: 'town',
  C: 'chateau',
  W: 'woods',
  F: 'forest',
  X: 'fort',
};
