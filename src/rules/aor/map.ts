/**
 * The compiled battle map: terrain per hex and features per hexside in typed arrays over a HexGrid.
 * Parsing reports problems as (path, message) pairs so the scenario loader can name the YAML line.
 */
import { HexGrid } from '../../hex/grid.js';
import { DIRECTION_NAMES, HEX_RE, HEXSIDE_RE, TERRAIN_CODES } from './mapText.js';
import { HEX_TERRAIN, type HexTerrain } from './terrain.js';

export const STREAM = 1, RIVER = 2, BRIDGE = 4, CREST = 8, FORTIFIED = 16;

/** 5.2: the MP a move pays on top for crossing a hexside of flags `f`: 2 over a stream, none where a bridge spans it. */
export function streamCost(f: number): number {
  return f & STREAM && !(f & BRIDGE) ? 2 : 0;
}
export const ROAD = 1, TRAIL = 2;

export interface MapIssue {
  path: (string | number)[];
  message: string;
}

export interface BattleMap {
  readonly grid: HexGrid;
  /** Index into HEX_TERRAIN per hex. */
  readonly terrain: Uint8Array;
  /** STREAM | RIVER | BRIDGE | CREST | FORTIFIED bits per hexside id. */
  readonly sides: Uint8Array;
  /** ROAD or TRAIL per hexside id: the road or trail runs across this hexside. */
  readonly roads: Uint8Array;
  /**
   * The doctrine's walking cost toward a goal, per hex and direction (i * 6 + d): an infantry unit in
   * the neighbour stepping into hex i (its terrain, +2 for a stream without a bridge); Infinity across
   * a river without a bridge or off the map. Computed once per map.
   */
  readonly goalSteps: Float64Array;
  /** Movement cost of a step from hex i in direction d (i * 6 + d) for infantry, and for cavalry and artillery (5.2). */
  readonly moveStepsInfantry: Float64Array;
  readonly moveStepsOther: Float64Array;
  /**
   * The same for a unit under March orders (5.2, 12.2), into an occupied hex and into an empty one
   * (where a road costs 1/2 MP).
   */
  readonly marchSteps: { infantry: Float64Array; other: Float64Array; infantryEmpty: Float64Array; otherEmpty: Float64Array };
  /**
   * A leader's step and a command range trace's (11, 12.1), from hex i in direction d: cavalry costs,
   * 1/2 MP along a road and 1 along a trail whatever the orders; Infinity across a river without a bridge.
   */
  readonly leaderSteps: Float64Array;
  /** Woods hexes block line of sight like forest (aor.losWoods = woodsToo; set by the battle's compile). */
  readonly woodsBlockLos: boolean;
}

export interface MapDef {
  width: number;
  height: number;
  terrain?: string;
  streams: string[];
  rivers: string[];
  bridges: string[];
  crests: string[];
  fortified: string[];
  roads: string[];
  trails: string[];
}

export function terrainAt(m: BattleMap, hex: number): HexTerrain {
  return HEX_TERRAIN[m.terrain[hex]];
}

/** Parse "col,row" into a hex index, or -1 with an issue when it is off the map. */
export function parseHex(grid: HexGrid, text: string, path: (string | number)[], issues: MapIssue[]): number {
  const m = HEX_RE.exec(text);
  if (!m) {
    issues.push({ path, message: `expected a hex as "col,row", found "${text}"` });
    return -1;
  }
  const col = Number(m[1]), row = Number(m[2]);
  if (col >= grid.width || row >= grid.height) {
    issues.push({ path, message: `hex ${col},${row} is off the map (${grid.width} columns x ${grid.height} rows, counted from 0)` });
    return -1;
  }
  return grid.index(col, row);
}

function parseHexside(grid: HexGrid, text: string, path: (string | number)[], issues: MapIssue[]): number {
  const m = HEXSIDE_RE.exec(text);
  if (!m) {
    issues.push({ path, message: `expected a hexside as "col,row/DIR", found "${text}"` });
    return -1;
  }
  const hex = parseHex(grid, `${m[1]},${m[2]}`, path, issues);
  if (hex < 0) return -1;
  return grid.hexsideId(hex, DIRECTION_NAMES.indexOf(m[3] as (typeof DIRECTION_NAMES)[number]));
}

/**
 * Build the map; problems go to `issues` with paths relative to the scenario root. `woodsBlockLos`:
 * aor.losWoods (the battle's options), set here so that every map is made by one literal.
 */
export function compileMap(def: MapDef, issues: MapIssue[], woodsBlockLos = false): BattleMap {
  const grid = new HexGrid(def.width, def.height);
  const terrain = new Uint8Array(grid.size);
  if (def.terrain !== undefined) {
    const rows = def.terrain.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
    if (rows.length !== def.height) {
      issues.push({ path: ['map', 'terrain'], message: `has ${rows.length} rows; the map is ${def.height} rows high` });
    }
    rows.slice(0, def.height).forEach((line, row) => {
      const tokens = line.split(/\s+/);
      if (tokens.length !== def.width) {
        issues.push({ path: ['map', 'terrain'], message: `row ${row} has ${tokens.length} hexes; the map is ${def.width} columns wide` });
      }
      tokens.slice(0, def.width).forEach((t, col) => {
        const name = TERRAIN_CODES[t];
        if (name === undefined) {
          issues.push({ path: ['map', 'terrain'], message: `row ${row}, column ${col}: unknown terrain '${t}' (use ${Object.keys(TERRAIN_CODES).join(' ')})` });
        } else terrain[grid.index(col, row)] = HEX_TERRAIN.indexOf(name as HexTerrain);
      });
    });
  }
  const sides = new Uint8Array(grid.hexsideCount);
  const features: [keyof MapDef, number][] = [['streams', STREAM], ['rivers', RIVER], ['bridges', BRIDGE], ['crests', CREST], ['fortified', FORTIFIED]];
  for (const [key, bit] of features) {
    (def[key] as string[]).forEach((text, i) => {
      const id = parseHexside(grid, text, ['map', key, i], issues);
      if (id < 0) return;
      const [a, , b] = grid.hexsideHexes(id);
      if (a < 0 || b < 0) issues.push({ path: ['map', key, i], message: `hexside ${text} is on the map edge` });
      sides[id] |= bit;
    });
  }
  sides.forEach((f, id) => {
    if (f & BRIDGE && !(f & (STREAM | RIVER))) {
      const i = def.bridges.findIndex((t) => parseHexside(grid, t, [], []) === id);
      issues.push({ path: ['map', 'bridges', Math.max(0, i)], message: 'a bridge must cross a stream or river hexside' });
    }
  });
  const roads = new Uint8Array(grid.hexsideCount);
  for (const [key, kind] of [['roads', ROAD], ['trails', TRAIL]] as const) {
    def[key].forEach((path, i) => {
      const hexes = path.trim().split(/\s+/).map((t) => parseHex(grid, t, ['map', key, i], issues));
      for (let k = 1; k < hexes.length; k++) {
        if (hexes[k - 1] < 0 || hexes[k] < 0) continue;
        const d = grid.directionTo(hexes[k - 1], hexes[k]);
        if (d < 0) {
          issues.push({ path: ['map', key, i], message: `hexes ${k - 1} and ${k} of the ${key.slice(0, -1)} are not adjacent` });
          continue;
        }
        const id = grid.hexsideId(hexes[k - 1], d);
        if (roads[id] !== ROAD) roads[id] = kind; // a road over a trail stays a road
      }
    });
  }
  const goalSteps = new Float64Array(grid.size * 6);
  for (let i = 0; i < grid.size; i++) {
    for (let d = 0; d < 6; d++) {
      const f = sides[grid.hexsideId(i, d)];
      const blocked = grid.neighbors[i * 6 + d] < 0 || (f & RIVER && !(f & BRIDGE));
      const t = terrain[i];
      const enter = t === 2 ? 2 : t === 3 || t === 4 ? 2 : 1; // Terrain Effects "Movement", infantry
      goalSteps[i * 6 + d] = blocked ? Infinity : enter + streamCost(f);
    }
  }
  const moveStepsInfantry = new Float64Array(grid.size * 6);
  const moveStepsOther = new Float64Array(grid.size * 6);
  for (let i = 0; i < grid.size; i++) {
    for (let d = 0; d < 6; d++) {
      const j = grid.neighbors[i * 6 + d];
      const f = sides[grid.hexsideId(i, d)];
      if (j < 0 || (f & RIVER && !(f & BRIDGE))) {
        moveStepsInfantry[i * 6 + d] = moveStepsOther[i * 6 + d] = Infinity;
        continue;
      }
      const t = terrain[j];
      const stream = streamCost(f);
      moveStepsInfantry[i * 6 + d] = (t === 2 ? 2 : t === 3 || t === 4 ? 2 : 1) + stream;
      moveStepsOther[i * 6 + d] = (t === 2 ? 2 : t === 3 || t === 4 ? 4 : 1) + stream;
    }
  }
  // Marching (5.2, 12.2): into an empty hex (stepCost's occupancy rule) a step along a trail costs 1 MP
  // and along a road 1/2 MP; into an occupied one, the terrain's cost; a stream is paid on top.
  const marchSteps = (other: Float64Array, empty: boolean) => {
    const t = new Float64Array(grid.size * 6);
    for (let i = 0; i < grid.size * 6; i++) {
      const road = roads[grid.hexsideId(Math.floor(i / 6), i % 6)];
      if (other[i] === Infinity || road === 0) {
        t[i] = other[i];
        continue;
      }
      const f = sides[grid.hexsideId(Math.floor(i / 6), i % 6)];
      const stream = streamCost(f);
      t[i] = (!empty ? other[i] - stream : road === TRAIL ? 1 : 0.5) + stream;
    }
    return t;
  };
  const march = {
    infantry: marchSteps(moveStepsInfantry, false),
    other: marchSteps(moveStepsOther, false),
    infantryEmpty: marchSteps(moveStepsInfantry, true),
    otherEmpty: marchSteps(moveStepsOther, true),
  };
  // Leaders and command range traces (5.2): road and trail rates always, a stream paid on top as on the march.
  const leaderSteps = new Float64Array(grid.size * 6);
  for (let i = 0; i < grid.size; i++) {
    for (let d = 0; d < 6; d++) {
      const id = grid.hexsideId(i, d);
      const road = roads[id];
      const other = moveStepsOther[i * 6 + d];
      const stream = streamCost(sides[id]);
      leaderSteps[i * 6 + d] = other === Infinity ? Infinity : road === ROAD ? 0.5 + stream : road === TRAIL ? 1 + stream : other;
    }
  }
  return { grid, terrain, sides, roads, goalSteps, moveStepsInfantry, moveStepsOther, marchSteps: march, leaderSteps, woodsBlockLos };
}
