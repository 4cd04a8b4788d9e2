/**
 * Helpers for the hex-battle tests: small battle scenarios described compactly in code, validated by
 * the real scenario schema and compiled as the CLI would; scripted dice; an event collector.
 * Not a test file itself (vitest only collects *.test.ts).
 */
import { EngagementDice, type Purpose, type Uniform } from '../../src/core/dice.js';
import type { AorEvent as VolleyEvent, AorSink as EventSink } from '../../src/rules/aor/events.js';
import type { EngagementResult } from '../../src/core/result.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { DIRECTION_NAMES } from '../../src/hex/coords.js';
import type { HexGrid } from '../../src/hex/grid.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { compileBattle, type CompiledBattle } from '../../src/rules/aor/battle/compile.js';
import { BATTLE_EXTRAS, newBattleResult } from '../../src/rules/aor/battle/play.js';
import type { BattleState } from '../../src/rules/aor/battle/state.js';
import type { BattleMap } from '../../src/rules/aor/map.js';
import { AOR_OPTIONS, aorOptions } from '../../src/rules/aor/options.js';
import type { UnitKind } from '../../src/rules/aor/units.js';
import { battleScenarioSchema } from '../helpers.js';

export type Orders = 'attack' | 'defend' | 'march' | 'reserve';

export interface UnitDesc {
  id: string;
  side: 0 | 1;
  /** "col,row" */
  at: string;
  kind?: UnitKind;
  /** Default 4. */
  strength?: number;
  reduced?: number;
  steps?: 1 | 2;
  damaged?: boolean;
  disrupted?: boolean;
  morale?: number;
  movement?: number;
  /** Default: side 0 attack, side 1 defend. */
  orders?: Orders;
  /** Formation id; default "<side>-<orders>" (units with the same side and orders share one). */
  formation?: string;
  /** Reinforcement (9): the turn it enters at `at`. */
  arrives?: number;
  /** Pursuit rating (2.2, 7.7). */
  pursuit?: number;
  flags?: ('steadfast' | 'oldGuard' | 'repeating')[];
}

export interface FormationDesc {
  id: string;
  objective?: string;
  demoralization?: number;
  leader?: { id: string; rating: number; at: string };
}

export interface BattleDesc {
  /** Rows of terrain tokens (. T C W F X), odd rows may be indented. */
  map: string;
  units: UnitDesc[];
  /** Extra settings of formations, by id. */
  formations?: FormationDesc[];
  streams?: string[];
  rivers?: string[];
  bridges?: string[];
  crests?: string[];
  fortified?: string[];
  roads?: string[];
  trails?: string[];
  turns?: number;
  night?: number[];
  first?: 0 | 1;
  objectives?: { at: string; vp: number; holder?: 0 | 1; name?: string }[];
  victory?: { eliminationVp?: number; drawMargin?: number; armyDemoralizedLoses?: boolean };
  options?: Record<string, string | number | boolean>;
  /** Supply hexes per side; default the middle of the west edge for side 0, of the east edge for side 1. */
  supply?: [string[], string[]];
  armyDemoralization?: [number | undefined, number | undefined];
  /** Assault doctrine per side; default 'stubborn' (never retreats voluntarily). */
  doctrine?: [unknown, unknown];
  /** Play supply (17); the schema's default (true) when not given. */
  supplyRule?: boolean;
}

export interface Built {
  sc: BattleScenario;
  c: CompiledBattle;
  b: BattleState;
  map: BattleMap;
  grid: HexGrid;
  /** Hex index of (col, row). */
  hex(col: number, row: number): number;
  /** Hex index of "col,row". */
  h(text: string): number;
  /** Unit index by id. */
  u(id: string): number;
  /** Hex a unit is in now. */
  pos(id: string): number;
  /** A fresh result object for this battle. */
  res(): EngagementResult;
}

function mapSize(text: string): { width: number; height: number } {
  const rows = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  return { width: rows[0].split(/\s+/).length, height: rows.length };
}

/** The scenario object (before validation) for a description. */
export function scenarioData(d: BattleDesc): Record<string, unknown> {
  const { width, height } = mapSize(d.map);
  const mid = Math.floor(height / 2);
  const formations: [Map<string, { orders: Orders; units: Record<string, unknown>[] }>, Map<string, { orders: Orders; units: Record<string, unknown>[] }>] = [new Map(), new Map()];
  for (const u of d.units) {
    const orders = u.orders ?? (u.side === 0 ? 'attack' : 'defend');
    const fid = u.formation ?? `${u.side}-${orders}`;
    let f = formations[u.side].get(fid);
    if (!f) {
      f = { orders, units: [] };
      formations[u.side].set(fid, f);
    }
    const unit: Record<string, unknown> = { id: u.id, strength: u.strength ?? 4, at: u.at };
    for (const k of ['kind', 'reduced', 'steps', 'damaged', 'disrupted', 'morale', 'movement', 'arrives', 'pursuit', 'flags'] as const) if (u[k] !== undefined) unit[k] = u[k];
    f.units.push(unit);
  }
  const extra = new Map((d.formations ?? []).map((f) => [f.id, f]));
  const sides = ([0, 1] as const).map((s) => {
    const enemyFirst = d.units.find((u) => u.side !== s);
    return {
      name: s === 0 ? 'Blue' : 'Red',
      supply: d.supply?.[s] ?? [s === 0 ? `0,${mid}` : `${width - 1},${mid}`],
      doctrine: d.doctrine?.[s] ?? 'stubborn',
      ...(d.armyDemoralization?.[s] !== undefined ? { armyDemoralization: d.armyDemoralization[s] } : {}),
      formations: [...formations[s]].map(([id, f]) => {
        const x = extra.get(id);
        const objective = x?.objective ?? (f.orders === 'attack' ? enemyFirst?.at : undefined);
        return {
          id,
          orders: f.orders,
          ...(objective !== undefined ? { objective } : {}),
          ...(x?.demoralization !== undefined ? { demoralization: x.demoralization } : {}),
          ...(x?.leader !== undefined ? { leader: x.leader } : {}),
          units: f.units,
        };
      }),
    };
  });
  return {
    kind: 'scenario',
    name: 'battle-test',
    ruleset: 'aor',
    engagement: 'battle',
    turns: d.turns ?? 1,
    night: d.night ?? [],
    first: d.first ?? 0,
    options: d.options ?? {},
    map: {
      width,
      height,
      terrain: d.map,
      streams: d.streams ?? [],
      rivers: d.rivers ?? [],
      bridges: d.bridges ?? [],
      crests: d.crests ?? [],
      fortified: d.fortified ?? [],
      roads: d.roads ?? [],
      trails: d.trails ?? [],
    },
    sides,
    objectives: d.objectives ?? [],
    victory: d.victory ?? {},
    ...(d.supplyRule !== undefined ? { supplyRule: d.supplyRule } : {}),
  };
}

/** Validate with the real schema and compile with the resolved options, as the CLI does. */
export function battle(d: BattleDesc): Built {
  return builtFrom(scenarioData(d));
}

/** battle() from scenario data a test has added to (scenarioData's output, changed), validated the same way. */
export function builtFrom(data: Record<string, unknown>): Built {
  const sc = battleScenarioSchema.parse(data) as unknown as BattleScenario & { options: Record<string, unknown> };
  const c = compileBattle(sc, aorOptions(resolveOptions(AOR_OPTIONS, sc.options)));
  const b = c.workspace;
  b.reset();
  const grid = c.map.grid;
  const h = (text: string) => {
    const [col, row] = text.split(',').map(Number);
    const i = grid.index(col, row);
    if (i < 0) throw new Error(`hex ${text} is off the map`);
    return i;
  };
  const u = (id: string) => {
    const i = c.specs.findIndex((s) => s.id === id);
    if (i < 0) throw new Error(`no unit ${id}`);
    return i;
  };
  return {
    sc,
    c,
    b,
    map: c.map,
    grid,
    hex: (col, row) => grid.index(col, row),
    h,
    u,
    pos: (id) => b.pos[u(id)],
    res: () => {
      const r = newBattleResult(c);
      for (const k of BATTLE_EXTRAS) r.extras[k] = 0;
      return r;
    },
  };
}

/** "col,row" of a hex index. */
export function hexName(grid: HexGrid, i: number): string {
  return `${grid.col(i)},${grid.row(i)}`;
}

/** "col,row/DIR" naming of a hexside id, from its lowest-index on-map hex. */
export function hexsideName(grid: HexGrid, id: number): string {
  const [i, d] = grid.hexsideHexes(id);
  return `${hexName(grid, i)}/${DIRECTION_NAMES[d]}`;
}

/**
 * Dice that replay fixed die faces (1..6) per purpose and side: a 2d6 roll takes two faces. Any draw
 * beyond the script throws, so an unexpected roll fails the test. `used` counts draws.
 */
export class ScriptedDice extends EngagementDice {
  readonly used: Record<Purpose, [number, number]> = { fire: [0, 0], morale: [0, 0], ai: [0, 0] };
  private readonly script: Partial<Record<Purpose, [number[], number[]]>>;

  constructor(script: Partial<Record<Purpose, [number[], number[]]>>) {
    super('scripted');
    this.script = script;
  }

  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    return () => {
      const i = this.used[purpose][side]++;
      const k = this.script[purpose]?.[side]?.[i];
      if (k === undefined) throw new Error(`ScriptedDice: unexpected ${purpose} draw #${i + 1} for side ${side}`);
      return (k - 0.5) / 6;
    };
  }
}

/** Two die faces summing to a 2d6 roll. */
export function roll(sum: number): [number, number] {
  if (sum < 2 || sum > 12) throw new Error(`bad 2d6 sum ${sum}`);
  const a = Math.min(6, sum - 1);
  return [a, sum - a];
}

/** An event sink that keeps what it is given. */
export function collector(): { sink: EventSink; events: VolleyEvent[] } {
  const events: VolleyEvent[] = [];
  return { sink: (e) => void events.push(e), events };
}

export const CLEAR_ROWS = (width: number, height: number): string =>
  Array.from({ length: height }, (_, r) => (r % 2 ? ' ' : '') + Array(width).fill('.').join(' ')).join('\n');

/** A clear map of `width` x `height` with some hexes ("col,row") set to other terrain tokens. */
export function mapWith(width: number, height: number, cells: Record<string, string> = {}): string {
  const rows = CLEAR_ROWS(width, height).split('\n').map((l) => l.trim().split(' '));
  for (const [at, tok] of Object.entries(cells)) {
    const [c, r] = at.split(',').map(Number);
    rows[r][c] = tok;
  }
  return rows.map((r, i) => (i % 2 ? ' ' : '') + r.join(' ')).join('\n');
}
