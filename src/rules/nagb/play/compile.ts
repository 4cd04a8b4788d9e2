/**
 * Compiling a lane scenario once per cell (STYLE.md 2): check it against the resolved options, build
 * the unit specs (class, Ld, drill, weapons, guns), the brigades and their commanders, the sides, the
 * lane and its terrain, the objective, and the reusable state of an engagement.
 */
import { formatPath } from '../../../core/errors.js';
import { internAll } from '../../../core/intern.js';
import { makeLane, terrainInterval } from '../../../table/index.js';
import { nationalGunneryModifier } from '../artillery.js';
import type { Nation } from '../command.js';
import { resolveDoctrine } from '../doctrine.js';
import { frenchInfantryDrilled } from '../movement.js';
import type { NagbOptions } from '../options.js';
import { checkLane, type LaneScenario, type UnitInput } from '../scenarios.js';
import { cavalryRecovery, cavalryTypeOf, classDrilled, classRow, commanderRow, type Formation, isStubbornClass, leadershipOf, type Terrain } from '../tables.js';
import { BASE_TURNS_EXTRA } from './end.js';
import { maxRange } from './fire.js';
import { nagbScale } from '../vocabulary.js';
import { defaultFigures, frontRank } from '../units.js';
import { smallArmOf } from '../shooting.js';
import { type BrigadeSpec, type CompiledLane, Game, type SideSpec, type UnitSpec } from './state.js';

/** p31: a village sector's hit points when the scenario gives none (the table is lost; a reading). */
export const DEFAULT_SECTOR_HIT_POINTS = 12;

/** The spec of a unit of a scenario. */
function unitSpec(u: UnitInput, index: number, side: 0 | 1, brigade: number, nation: string, opts: NagbOptions): UnitSpec {
  const guns = u.arm === 'artillery' ? [...(u.guns ?? [])] : [];
  const startFigures = u.figures ?? defaultFigures(u.arm, guns.length);
  const row = classRow(u.class);
  // p35: French foot is drilled outside 1813-14; p39-40: veteran, elite and guard are drilled (veteran
  // cavalry by nagb.veteranCavalryDrilled).
  const drilled = u.drilled ?? (classDrilled(u.arm, u.class, opts) || (u.arm === 'infantry' && nation === 'french' && !row.raw && frenchInfantryDrilled(opts.scenarioYear)));
  const startFormation = u.arm === 'artillery' ? 'battery' : ((u.formation ?? 'line') as Formation);
  const cavalryType = u.arm === 'cavalry' ? cavalryTypeOf(u.cavalryType, u.cavalryWeapon) : null;
  const light = cavalryType === 'light';
  return {
    index,
    id: u.id,
    side,
    brigade,
    arm: u.arm,
    cls: u.class,
    ld: u.leadership ?? leadershipOf(u.arm, u.class, opts),
    raw: row.raw,
    drilled,
    stubborn: isStubbornClass(u.arm, u.class),
    // p10, p25, p39-40: infantry a musket unless given a rifle; cavalry only the carbine or pistol given.
    weapon: smallArmOf(u.arm, u.weapon),
    // The defaults of the fields of some arms (scenarios.ts; checkLane refuses them on another).
    cavalryType,
    cavalryWeapon: u.arm === 'cavalry' ? (u.cavalryWeapon ?? 'sabre') : null,
    light,
    guns,
    horse: u.arm === 'artillery' && (u.horse ?? false),
    startFigures,
    fourPerThree: u.fourPerThree ?? false,
    startFormation,
    startFront: u.front,
    startOffset: u.offset,
    facing: side === 0 ? 1 : -1,
    colours: (u.colours ?? true) && u.arm !== 'artillery',
    startDisordered: u.disordered,
    startSector: -1,
    lineFront: u.arm === 'artillery' ? 0 : frontRank(u.arm, 'line', startFigures, startFigures, light, opts),
    recovery: u.arm === 'cavalry' ? cavalryRecovery(u.class, opts) : 0,
    gunnery: u.arm === 'artillery' ? nationalGunneryModifier(nation as Nation, opts.scenarioYear, opts) : 0,
  };
}

/** Check and compile a lane scenario under resolved options; errors name the field. */
export function compileLane(s: LaneScenario, opts: NagbOptions): CompiledLane {
  const issues = checkLane(s, opts);
  if (issues.length) throw new Error(`${formatPath(issues[0].path)}: ${issues[0].message}`);
  const specs: UnitSpec[] = [];
  const brigades: BrigadeSpec[] = [];
  const sides = s.sides.map((side, si) => {
    const sideIndex = si as 0 | 1;
    const units: number[] = [];
    const bIdx: number[] = [];
    for (const b of side.brigades) {
      const bi = brigades.length;
      const members: number[] = [];
      let counted = 0;
      for (const u of b.units) {
        const spec = unitSpec(u, specs.length, sideIndex, bi, side.nation, opts);
        specs.push(spec);
        members.push(spec.index);
        units.push(spec.index);
        if (spec.arm !== 'artillery') counted += spec.startFigures;
      }
      // Default: 2" behind the middle of the brigade's units.
      const xs = members.map((m) => specs[m].startFront);
      const ys = members.map((m) => specs[m].startOffset);
      const facing = sideIndex === 0 ? 1 : -1;
      const at = b.commander.at ?? { x: xs.reduce((a, x) => a + x, 0) / xs.length - facing * 2, y: ys.reduce((a, y) => a + y, 0) / ys.length };
      brigades.push({
        index: bi,
        id: b.id,
        name: b.name ?? b.id,
        side: sideIndex,
        units: members,
        commander: { id: b.commander.id ?? `${b.id}-cdr`, rating: b.commander.rating, row: commanderRow(b.commander.rating, opts), x: at.x, y: at.y ?? 0 },
        countedFigures: counted,
      });
      bIdx.push(bi);
    }
    const spec: SideSpec = {
      name: side.name,
      role: side.role ?? (si === 0 ? 'attacker' : 'defender'),
      army: side.army,
      nation: side.nation,
      napoleon: side.napoleon,
      cinc: side.cinc ? { id: side.cinc.id ?? `${side.name}-cinc`, rating: side.cinc.rating, row: commanderRow(side.cinc.rating, opts) } : null,
      doctrine: resolveDoctrine(side.doctrine),
      brigades: bIdx,
      units,
      facing: sideIndex === 0 ? 1 : -1,
    };
    return spec;
  }) as [SideSpec, SideSpec];
  const lane = makeLane(0, s.lane.length, s.lane.width);
  const terrain = s.terrain.map((t) => terrainInterval(t.kind, t.from, t.to, t.yMin, t.yMax));
  const villages: number[] = [];
  s.terrain.forEach((t, i) => t.kind === 'village' && villages.push(i));
  // A unit whose footprint is half or more in a village sector holds it (p30).
  for (const spec of specs) {
    if (spec.arm === 'artillery') continue;
    for (const v of villages) {
      const t = terrain[v];
      const inX = spec.facing > 0 ? spec.startFront > t.from + 1e-6 && spec.startFront <= t.to + 1e-6 : spec.startFront >= t.from - 1e-6 && spec.startFront < t.to - 1e-6;
      const inY = spec.startOffset >= (t.yMin ?? -Infinity) && spec.startOffset <= (t.yMax ?? Infinity);
      if (inX && inY) spec.startSector = v;
    }
  }
  const objective = s.objective ?? { name: 'objective', x: s.lane.length / 2, y: 0 };
  const c: CompiledLane = {
    kind: 'lane',
    name: s.name ?? 'lane',
    specs,
    brigades,
    sides,
    lane,
    terrain,
    terrainKinds: s.terrain.map((t) => t.kind as Terrain),
    terrainNames: s.terrain.map((t, i) => t.name ?? `${t.kind} ${i + 1}`),
    villages,
    hitPoints: s.terrain.map((t) => (t.kind === 'village' ? (t.hitPoints ?? DEFAULT_SECTOR_HIT_POINTS) : 0)),
    objective: { name: objective.name ?? 'objective', x: objective.x, y: objective.y ?? 0 },
    baseTurns: s.turns,
    maxTurns: s.turns + (opts.gameLength === 'sevenThenRoll' ? BASE_TURNS_EXTRA : 0),
    victory: s.victory,
    onTime: s.onTime,
    options: opts,
    scale: nagbScale(opts),
    game: undefined as unknown as Game,
  };
  // Internalized strings for every comparison and table lookup of the play loop.
  internAll(specs);
  internAll(brigades);
  internAll(sides);
  internAll(terrain);
  internAll(c.terrainKinds);
  internAll(opts);
  c.game = new Game(c);
  for (const u of c.game.units) c.game.range[u.spec.index] = maxRange(c.game, u);
  return c;
}
