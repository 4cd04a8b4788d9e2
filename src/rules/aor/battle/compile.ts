/**
 * Compiling a battle scenario once per cell: map, units, formations, sides and objectives as immutable
 * typed data, plus the reusable workspace of one engagement.
 */
import { TERRAIN } from '../terrain.js';
import { resolveDoctrine } from '../doctrine/assault.js';
import { resolveBattleDoctrine, type BattleDoctrine } from '../doctrine/battle.js';
import type { BattleScenario, BattleSide } from '../battleSchema.js';
import { doctrineOf, unitSpec } from '../engagement.js';
import { compileMap, parseHex, type BattleMap, type MapIssue } from '../map.js';
import type { AorOptions } from '../options.js';
import type { UnitKind, UnitSpec } from '../units.js';
import { BattleState } from './state.js';
import { AOR_SCALE } from '../vocabulary.js';
import { overridden } from '../../../core/records.js';

export type { CompiledBattle, FormationDef, LeaderDef, ObjectiveDef, Orders, PlanStep, SideDef } from './state.js';
import type { CompiledBattle, FormationDef, LeaderDef, PlanStep, SideDef } from './state.js';

function battleDoctrineOf(field: BattleSide['battleDoctrine']): BattleDoctrine {
  if (typeof field === 'string') return resolveBattleDoctrine(field);
  const { preset, ...overrides } = field;
  return resolveBattleDoctrine(preset, Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)));
}

/** Movement allowances when a unit gives none (the parent game's usual values). */
export const DEFAULT_MOVEMENT: Readonly<Record<UnitKind, number>> = { infantry: 4, cavalry: 6, artillery: 4, horseArtillery: 6 };

/**
 * Check what the schema cannot: coordinates on the map, map rows, stacking at the start (5.3), units
 * of both sides in one hex, objectives of Attack orders. Returns issues with scenario paths.
 */
export function checkBattle(sc: BattleScenario): MapIssue[] {
  const issues: MapIssue[] = [];
  // The schema reports a bad map size itself (and zod still runs this check after such an issue):
  // building a grid from it would be wrong, or fail.
  const size = (n: unknown) => Number.isInteger(n) && (n as number) >= 2 && (n as number) <= 200;
  if (!size(sc.map?.width) || !size(sc.map?.height)) return issues;
  const map = compileMap(sc.map, issues);
  const grid = map.grid;
  const count = new Map<number, { side: number; n: number; first: (string | number)[] }>();
  sc.sides.forEach((side, s) => {
    side.supply.forEach((h, i) => parseHex(grid, h, ['sides', s, 'supply', i], issues));
    side.formations.forEach((f, fi) => {
      if (f.orders === 'attack' && f.objective === undefined) {
        issues.push({ path: ['sides', s, 'formations', fi, 'objective'], message: 'a formation with attack orders needs an objective hex (12.2)' });
      }
      if (f.objective !== undefined) parseHex(grid, f.objective, ['sides', s, 'formations', fi, 'objective'], issues);
      f.units.forEach((u, ui) => {
        const path = ['sides', s, 'formations', fi, 'units', ui, 'at'];
        const h = parseHex(grid, u.at, path, issues);
        if (h < 0) return;
        if (u.arrives !== undefined && u.arrives > sc.turns) {
          issues.push({ path: ['sides', s, 'formations', fi, 'units', ui, 'arrives'], message: `turn ${u.arrives} is after the last turn (${sc.turns})` });
        }
        if ((u.arrives ?? 1) > 1) return; // reinforcements are placed when they arrive (9)
        const c = count.get(h);
        if (!c) count.set(h, { side: s, n: 1, first: path });
        else if (c.side !== s) issues.push({ path, message: `hex ${u.at} already holds a unit of the other side` });
        else if (++c.n > 2) issues.push({ path, message: `hex ${u.at} would hold ${c.n} units; the stacking limit is 2 (5.3)` });
        else if (map.terrain[h] === TERRAIN.fort) issues.push({ path, message: `a fort holds one unit (10.1)` });
      });
    });
  });
  // Objectives are named in reports and in plans (whenLost): a name, or a hex, for one objective only.
  const objectiveNames = new Map<string, number>();
  const objectiveHexes = new Map<number, number>();
  sc.objectives.forEach((o, i) => {
    const h = parseHex(grid, o.at, ['objectives', i, 'at'], issues);
    const name = o.name ?? `objective ${i + 1} (${o.at})`;
    if (objectiveNames.has(name)) issues.push({ path: ['objectives', i, 'name'], message: `duplicate objective name '${name}' (first used at objectives[${objectiveNames.get(name)}])` });
    else objectiveNames.set(name, i);
    if (h >= 0 && objectiveHexes.has(h)) issues.push({ path: ['objectives', i, 'at'], message: `hex ${o.at} is objectives[${objectiveHexes.get(h)}] already` });
    else if (h >= 0) objectiveHexes.set(h, i);
  });
  const allFormations = new Map<string, number>();
  sc.sides.forEach((side, s) => side.formations.forEach((f) => allFormations.set(f.id, s)));
  const ids = new Set<string>();
  sc.sides.forEach((side) => side.formations.forEach((f) => f.units.forEach((u) => ids.add(u.id))));
  const leaderId = (id: string, path: (string | number)[]) => {
    if (ids.has(id)) issues.push({ path, message: `id '${id}' is already used by a unit or leader` });
    ids.add(id);
  };
  sc.sides.forEach((side, s) => {
    side.formations.forEach((f, fi) => {
      if (!f.leader) return;
      leaderId(f.leader.id, ['sides', s, 'formations', fi, 'leader', 'id']);
      parseHex(grid, f.leader.at, ['sides', s, 'formations', fi, 'leader', 'at'], issues);
    });
    side.commanders.forEach((cm, ci) => {
      leaderId(cm.id, ['sides', s, 'commanders', ci, 'id']);
      parseHex(grid, cm.at, ['sides', s, 'commanders', ci, 'at'], issues);
      (cm.formations ?? []).forEach((fid, k) => {
        if (allFormations.get(fid) !== s) issues.push({ path: ['sides', s, 'commanders', ci, 'formations', k], message: `no formation '${fid}' on this side` });
      });
    });
    if (side.commanders.filter((c) => c.role === 'oc').length > 1) {
      issues.push({ path: ['sides', s, 'commanders'], message: 'a side has at most one overall commander' });
    }
    side.plan.forEach((p, pi) => {
      const path = ['sides', s, 'plan', pi, 'order'];
      if (allFormations.get(p.order.formation) !== s) issues.push({ path: [...path, 'formation'], message: `no formation '${p.order.formation}' on this side` });
      if (p.order.orders === 'attack' && p.order.objective === undefined) issues.push({ path: [...path, 'objective'], message: 'an attack order needs an objective hex (12.2)' });
      if (p.order.objective !== undefined) parseHex(grid, p.order.objective, [...path, 'objective'], issues);
      const from = p.order.from;
      if (from !== undefined && !side.commanders.some((c) => c.id === from)) issues.push({ path: [...path, 'from'], message: `no commander '${from}' on this side` });
      if (from === undefined && !side.commanders.some((c) => c.role === 'oc')) issues.push({ path: [...path, 'from'], message: 'name the commander who sends it (the side has no overall commander)' });
      if (p.whenDemoralized !== undefined && !allFormations.has(p.whenDemoralized)) issues.push({ path: ['sides', s, 'plan', pi, 'whenDemoralized'], message: `no formation '${p.whenDemoralized}'` });
      if (p.turn !== undefined && p.turn > sc.turns) issues.push({ path: ['sides', s, 'plan', pi, 'turn'], message: `turn ${p.turn} is after the last turn (${sc.turns})` });
      if (p.whenLost !== undefined && !sc.objectives.some((o, i) => (o.name ?? `objective ${i + 1} (${o.at})`) === p.whenLost)) {
        issues.push({ path: ['sides', s, 'plan', pi, 'whenLost'], message: `no objective named '${p.whenLost}'` });
      }
    });
  });
  sc.night.forEach((t, i) => {
    if (t > sc.turns) issues.push({ path: ['night', i], message: `turn ${t} is after the last turn (${sc.turns})` });
  });
  return issues;
}

export function compileBattle(sc: BattleScenario, options: AorOptions): CompiledBattle {
  const issues: MapIssue[] = [];
  // Literals, not spreads (docs/architecture.md, step 7: compiled cells share their maps).
  const map: BattleMap = compileMap(sc.map, issues, options.losWoods === 'woodsToo');
  if (issues.length) throw new Error(`invalid battle scenario: ${issues[0].message}`);
  const grid = map.grid;
  const hexOf = (text: string) => parseHex(grid, text, [], issues);
  const specs: UnitSpec[] = [];
  const movement: number[] = [];
  const start: number[] = [];
  const arrives: number[] = [];
  const formationOf: number[] = [];
  const formations: FormationDef[] = [];
  const sides = sc.sides.map((side, s) => {
    const fIdx: number[] = [];
    const sideUnits: number[] = [];
    for (const f of side.formations) {
      const units = f.units.map((u) => {
        const i = specs.length;
        specs.push(unitSpec(u, s as 0 | 1, f.id));
        movement.push(u.movement ?? DEFAULT_MOVEMENT[u.kind]);
        start.push(hexOf(u.at));
        arrives.push(u.arrives ?? 1);
        formationOf.push(formations.length);
        sideUnits.push(i);
        return i;
      });
      fIdx.push(formations.length);
      formations.push({
        id: f.id,
        name: f.name ?? f.id,
        side: s as 0 | 1,
        orders: f.orders,
        objective: f.objective === undefined ? -1 : hexOf(f.objective),
        limit: f.demoralization ?? 0,
        units,
      });
    }
    const attacking = side.formations.some((f) => f.orders === 'attack');
    const battle = battleDoctrineOf(side.battleDoctrine);
    return {
      name: side.name,
      role: side.role ?? (attacking ? 'attacker' : 'defender'),
      armyLevel: side.armyDemoralization ?? 0,
      supply: side.supply.map(hexOf),
      battle,
      // The side's own assault doctrine, else the one its battle doctrine fights with.
      doctrine: side.doctrine === undefined ? resolveDoctrine(battle.assault) : doctrineOf(side.doctrine),
      formations: fIdx,
      units: sideUnits,
    } satisfies SideDef;
  }) as unknown as [SideDef, SideDef];
  const objectives = sc.objectives.map((o, i) => ({ name: o.name ?? `objective ${i + 1} (${o.at})`, hex: hexOf(o.at), vp: o.vp, holder: o.holder ?? -1 }));
  const leaders: LeaderDef[] = [];
  const leaderOf = new Int32Array(formations.length).fill(-1);
  const fIndex = new Map(formations.map((f, i) => [f.id, i]));
  sc.sides.forEach((side, s) =>
    side.formations.forEach((f) => {
      if (!f.leader) return;
      const fi = fIndex.get(f.id)!;
      leaderOf[fi] = leaders.length;
      leaders.push({ id: f.leader.id, name: f.leader.name ?? f.leader.id, side: s as 0 | 1, rating: f.leader.rating, startHex: hexOf(f.leader.at), role: 'leader', formation: fi, commands: [fi] });
    }),
  );
  sc.sides.forEach((side, s) =>
    side.commanders.forEach((cm) => {
      const commands = cm.role === 'oc' || !cm.formations ? sides[s].formations : cm.formations.map((id) => fIndex.get(id)!);
      leaders.push({ id: cm.id, name: cm.name ?? cm.id, side: s as 0 | 1, rating: cm.rating, startHex: hexOf(cm.at), role: cm.role, formation: -1, commands });
    }),
  );
  const plan: PlanStep[] = sc.sides.flatMap((side, s) =>
    side.plan.map((p) => ({
      side: s as 0 | 1,
      turn: p.turn ?? 0,
      whenDemoralized: p.whenDemoralized === undefined ? -1 : fIndex.get(p.whenDemoralized)!,
      whenLost: p.whenLost === undefined ? -1 : objectives.findIndex((o) => o.name === p.whenLost),
      formation: fIndex.get(p.order.formation)!,
      orders: p.order.orders,
      objective: p.order.objective === undefined ? -1 : hexOf(p.order.objective),
      from: leaders.findIndex((l) => l.side === s && (p.order.from === undefined ? l.role === 'oc' : l.id === p.order.from)),
    })),
  );
  const night = new Uint8Array(sc.turns + 2);
  for (const t of sc.night) night[t] = 1;
  const c = {
    kind: 'battle' as const,
    options,
    map,
    specs,
    movement: Int8Array.from(movement),
    startHex: Int32Array.from(start),
    arrives: Int16Array.from(arrives),
    formationOf: Int32Array.from(formationOf),
    formations,
    formationHasCavalry: Uint8Array.from(formations, (f) => (f.units.some((u) => specs[u].kind === 'cavalry') ? 1 : 0)),
    leaders,
    leaderOf,
    commandersOf: formations.map((_, fi) => leaders.flatMap((l, i) => (l.commands.includes(fi) ? [i] : []))),
    plan,
    sides,
    objectives,
    turns: sc.turns,
    scale: sc.history ? overridden(AOR_SCALE, { menPerStrength: sc.history.menPerStrengthPoint, minutesPerTurn: sc.history.hoursPerTurn * 60 }) : AOR_SCALE,
    night,
    first: sc.first,
    victory: sc.victory,
    supplyRule: sc.supplyRule,
    // The state is made from the rest of the compiled battle (just below).
    workspace: undefined as unknown as BattleState,
  };
  c.workspace = new BattleState(c);
  return c;
}
