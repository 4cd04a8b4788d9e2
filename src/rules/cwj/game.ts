/**
 * The state of one CWJ engagement on the lane, made once per compiled scenario and reset for every
 * engagement (no allocation per engagement beyond the result), and the questions play asks of it. Every
 * question about positions goes through src/table (docs/table.md): who is in front, in contact, between,
 * in range, in terrain.
 */
import type { EngagementDice, Uniform } from '../../core/dice.js';
import type { EngagementResult } from '../../core/result.js';
import {
  EPS,
  axialMax,
  axialMin,
  body,
  hypot2,
  lateralGap,
  rangeGap,
  frontIn,
  fractionIn,
  newMoveResult,
  overlapsLaterally,
  type Body,
  type MoveResult,
  type TerrainCost,
} from '../../table/index.js';
import type { CompiledLane } from './compile.js';
import type { CwjSink } from './events.js';
import { footprintOf, TERRAIN_COVER } from './layout.js';
import { formationRate } from './movement.js';
import type { Cohesion, Formation } from './types.js';
import { EXTRA_KEYS } from './vocabulary.js';

/**
 * Bodies that can be touching at all: their footprints come within EPS of each other across and along
 * the lane (a cheap test before src/table's touching, which tells front, flank and rear apart).
 */
export function mayTouch(a: Body, b: Body): boolean {
  return lateralGap(a, b) <= EPS && rangeGap(axialMin(a), axialMax(a), axialMin(b), axialMax(b)) <= EPS;
}

/**
 * Set every element of a small typed array to v: a plain loop, cheaper than TypedArray.prototype.fill
 * (a call into the runtime) for the few units of an engagement.
 */
export function fillAll(a: Uint8Array | Int16Array | Int32Array | Float64Array, v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v;
}

/** fillAll for one kind of array each: a call site that sees one kind stays monomorphic. */
export function fill8(a: Uint8Array, v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v;
}
export function fill16(a: Int16Array, v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v;
}
export function fill32(a: Int32Array, v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v;
}
export function fill64(a: Float64Array, v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v;
}

/** The formations, in the order of the per-unit tables (Game.formIndex). */
const FORMATIONS: readonly Formation[] = ['line', 'column', 'square', 'skirmish', 'deployed', 'limbered', 'unlimbered'];
export const NF = FORMATIONS.length;

/** A formation's index in FORMATIONS. */
export function formIndex(f: Formation): number {
  switch (f) {
    case 'line':
      return 0;
    case 'column':
      return 1;
    case 'square':
      return 2;
    case 'skirmish':
      return 3;
    case 'deployed':
      return 4;
    case 'limbered':
      return 5;
    default:
      return 6;
  }
}

export class Game {
  readonly n: number;
  readonly alive: Uint8Array;
  readonly formation: Formation[];
  readonly cohesion: Cohesion[];
  readonly bodies: Body[];
  /** In a standing melee: left in contact by a melee phase ([Melee] l.254). */
  readonly engaged: Uint8Array;
  /** Its rally roll this player turn did not pass: it stands in place (l.50-53). */
  readonly held: Uint8Array;
  /** What it did in this movement phase: movement.ts STOOD, MOVED (its place changed) or REFORMED (only its formation). */
  readonly moved: Uint8Array;
  /**
   * n x n: [v * n + u] is 1 when enemy u contacted v's front in the current player turn's movement or
   * charge ([Fire] l.131-134): every such enemy, not only the last.
   */
  readonly contactedBy: Uint8Array;
  /** It moved or charged into contact itself this player turn (lancers' "(5)", `cwj.lancerMelee` = charging). */
  readonly ownContact: Uint8Array;
  /**
   * It moved or charged into the contact it is in, in any player turn: kept while the contact lasts
   * (cleared at a player turn's start for units out of contact), so a standing melee still knows
   * which side came at the other (a wall's defender, `cwj.wallDefence`).
   */
  readonly arrived: Uint8Array;
  /** A charge (cavalry moving into contact) not yet won or repulsed. */
  readonly chargePending: Uint8Array;
  /** Retreated at some time (charge scenarios: the battalion gave way). */
  readonly everRetreated: Uint8Array;
  /** Took a contact check this phase (at most one, rulings 5): then it holds the phase's phaseNo. */
  readonly checked: Int32Array;
  /** The phase count `checked` is read against: bumped at every phase instead of clearing it. */
  phaseNo = 1;
  /** Fired this fire phase (phases.ts). */
  readonly fired: Uint8Array;
  /** Scratch: a moving unit's touch bits with every unit before its formation change (phases.ts executeMove). */
  readonly touchedBefore: Uint8Array;
  /** Won a melee this phase and must test for control. */
  readonly won: Uint8Array;
  /** A contact made this melee phase by an uncontrolled or controlled move, fought per cwj.uncontrolledContact. */
  readonly lateContact: Uint8Array;
  /** The unit each general is attached to (-1: none), and whether he lives. */
  readonly genUnit: Int16Array;
  readonly genAlive: Uint8Array;
  /** Per general: used in the melee being fought (one death roll each, [Gen] l.290). */
  readonly genUsed: Uint8Array;
  /** Per corps: chips in its dish, its fatigue number, passes left, fatigued, commander's place. */
  readonly chips: Int32Array;
  readonly fatigueNumber: Int32Array;
  readonly passes: Int32Array;
  readonly fatigued: Uint8Array;
  readonly cmdX: Float64Array;
  readonly cmdY: Float64Array;
  /** Per chip group: units of it still on the table. */
  readonly groupLeft: Int32Array;
  /** The extras counted so far, by EXTRA_KEYS index (./vocabulary.ts). */
  readonly extra: Float64Array;
  /** Per side: chips in the army dish; defeated. */
  readonly dish: Int32Array;
  readonly defeated: Uint8Array;
  /** The objective's holder (-1: nobody yet), its holder at the start, and the sides that have held it (bit 1 << side). */
  holder = -1;
  startHolder = -1;
  heldBy = 0;
  /** Alive units and their bodies, in unit order (rebuilt when a unit leaves). */
  readonly live: number[] = [];
  readonly liveBodies: Body[] = [];
  /** Alive units per side (rebuilt with live). */
  readonly left = new Int32Array(2);
  turn = 0;
  /** Player turns played. */
  playerTurns = 0;
  phasing: 0 | 1 = 0;
  phase = '';
  /** Some contact has been made (charge scenarios end when it is broken). */
  contactMade = false;
  ended = false;
  /** Bumped whenever a footprint moves or changes, or a unit leaves: cached answers are stale. */
  geo = 0;
  /** The geometry the objective's holder was last worked out at. */
  holderGeo = -1;
  /** The state (geometry and dishes) the outcome was last judged at. */
  judged = -1;
  /** The dishes and the holder the armies were last settled at (play.ts settleArmies). */
  readonly settled = new Int32Array(3);
  private contactGeo = -1;
  /** Bumped whenever a pair's touch bits change or a unit leaves; `contact` was worked out at contactGen. */
  private touchGen = 0;
  private contactGen = -1;
  /**
   * Per side, the geo at which one of its footprints last changed or one of its units left: answers
   * that read only the footprints of a unit and its enemies (closeness) hold while neither changes.
   */
  private readonly sideVer = new Int32Array(2);
  /** Per unit, cached at `contactGeo`: 1 it touches an enemy, 2 it touches enemy cavalry. */
  private readonly contact: Uint8Array;
  /**
   * Per unit, the geo at which its footprint last changed (moved, reshaped): answers about it, or a
   * pair it is in, worked out since then still hold.
   */
  private readonly ver: Int32Array;
  /**
   * Per unit, its footprint's extents as src/table gives them (axialMin, axialMax, lateralMin,
   * lateralMax of its body), kept up to date as it moves and reshapes.
   */
  readonly x0: Float64Array;
  readonly x1: Float64Array;
  readonly y0: Float64Array;
  readonly y1: Float64Array;
  /** Per unit, its body's front edge and facing, kept with the extents. */
  readonly fx: Float64Array;
  readonly fd: Float64Array;
  /**
   * Per pair of units (u * n + v), kept with the frontages (offsets never change): 1 their bodies
   * overlap laterally (src/table overlapsLaterally), 2 they come within EPS across (lateralGap <= EPS);
   * and the lateral gap itself.
   */
  readonly lat: Uint8Array;
  readonly latGap: Float64Array;
  /**
   * Per pair of alive enemies (u * n + v, both ways), as of `pairsGeo` (pairs whose units have not
   * changed since are not worked out again): 1 they touch (src/table touching), 2 front to front
   * (src/table inContact).
   */
  readonly touch: Uint8Array;
  private pairsGeo = -1;
  /** Per pair (u * n + v), the front-edge distance and the geo it was measured at. */
  private readonly dist: Float64Array;
  private readonly distGeo: Int32Array;
  /** Per unit: whether it occupies the objective, as of its footprint's version objVer. */
  private readonly inObj: Uint8Array;
  private readonly objVer: Int32Array;
  /** Per unit: its closeness to the enemy at geo closeGeo. */
  private readonly close: Float64Array;
  private readonly closeGeo: Int32Array;
  /** Per unit, its footprint at the start (shape in its start formation); the lateral relations of those footprints. */
  private readonly startFrontage: Float64Array;
  private readonly startDepth: Float64Array;
  private startLat: Uint8Array | null = null;
  private startGap: Float64Array | null = null;
  /** Per unit and formation (u * 7 + formIndex): its footprint (layout.ts footprintOf), its full move rate (movement.ts formationRate). */
  readonly fpFrontage: Float64Array;
  readonly fpDepth: Float64Array;
  readonly rate: Float64Array;
  /**
   * Per unit: its area cover, the wall or hedge its front lines (a terrain index, -1 none), and the gap
   * to the area ahead (ai.ts areaAhead), as of its footprint's version.
   */
  private readonly cover: string[];
  private readonly lineAt: Int16Array;
  private readonly coverVer: Int32Array;
  readonly areaGap: Float64Array;
  readonly areaVer: Int32Array;
  /** Per unit: its side, and whether it is cavalry. */
  readonly sideOf: Uint8Array;
  readonly cavalry: Uint8Array;
  /** Per side: how many of its units are cavalry (alive or not). */
  readonly cavalryOnSide = new Int32Array(2);
  /** Per unit, the first body ahead of it (firstAhead forward), cached at aheadGeo. */
  private readonly ahead: Int32Array;
  private readonly aheadGeo: Float64Array;
  /** `cwj.besideContact` = flanks: enemies side by side in neighbouring files touch flank to flank. */
  readonly flanksTouch: boolean;
  /** A reusable move result and lists. */
  readonly mv: MoveResult = newMoveResult();
  readonly mv2: MoveResult = newMoveResult();
  readonly scratch: Body;
  readonly order: Int32Array;
  readonly group: Int32Array;
  readonly parent: Int32Array;
  readonly values: Float64Array;
  readonly targets: Int32Array;
  readonly mods: Float64Array;
  /**
   * What terrain costs a move: nothing in these rules (the rough test is the price, [Rough]). Not
   * src/table's CLEAR, which charges a toll of 1 for every line.
   */
  readonly cost: TerrainCost;
  dice!: EngagementDice;
  res!: EngagementResult;
  sink: CwjSink | undefined;

  constructor(readonly c: CompiledLane) {
    const n = c.units.length;
    this.n = n;
    this.alive = new Uint8Array(n);
    this.formation = new Array<Formation>(n).fill('line');
    this.cohesion = new Array<Cohesion>(n).fill('good');
    this.bodies = c.units.map((u) => body(u.front, c.sides[u.side].facing, 1, 1, u.offset));
    this.engaged = new Uint8Array(n);
    this.held = new Uint8Array(n);
    this.moved = new Uint8Array(n);
    this.contactedBy = new Uint8Array(n * n);
    this.ownContact = new Uint8Array(n);
    this.arrived = new Uint8Array(n);
    this.chargePending = new Uint8Array(n);
    this.everRetreated = new Uint8Array(n);
    this.checked = new Int32Array(n);
    this.won = new Uint8Array(n);
    this.fired = new Uint8Array(n);
    this.touchedBefore = new Uint8Array(n);
    this.lateContact = new Uint8Array(n);
    this.genUnit = new Int16Array(c.generals.length);
    this.genAlive = new Uint8Array(c.generals.length);
    this.genUsed = new Uint8Array(c.generals.length);
    const k = c.corps.length;
    this.chips = new Int32Array(k);
    this.fatigueNumber = new Int32Array(k);
    this.passes = new Int32Array(k);
    this.fatigued = new Uint8Array(k);
    this.cmdX = new Float64Array(k);
    this.cmdY = new Float64Array(k);
    this.groupLeft = new Int32Array(c.chipGroups.length);
    this.dish = new Int32Array(2);
    this.extra = new Float64Array(EXTRA_KEYS.length);
    this.defeated = new Uint8Array(2);
    this.scratch = body(0, 1, 1, 1, 0);
    this.order = new Int32Array(n);
    this.group = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.values = new Float64Array(n);
    this.targets = new Int32Array(n);
    this.mods = new Float64Array(n);
    this.contact = new Uint8Array(n);
    this.ver = new Int32Array(n);
    this.x0 = new Float64Array(n);
    this.x1 = new Float64Array(n);
    this.y0 = new Float64Array(n);
    this.y1 = new Float64Array(n);
    this.fx = new Float64Array(n);
    this.fd = new Float64Array(n);
    this.lat = new Uint8Array(n * n);
    this.latGap = new Float64Array(n * n);
    this.touch = new Uint8Array(n * n);
    this.dist = new Float64Array(n * n);
    this.distGeo = new Int32Array(n * n).fill(-1);
    this.inObj = new Uint8Array(n);
    this.objVer = new Int32Array(n).fill(-1);
    this.close = new Float64Array(n);
    this.closeGeo = new Int32Array(n).fill(-1);
    this.sideOf = new Uint8Array(n);
    this.cavalry = new Uint8Array(n);
    this.fpFrontage = new Float64Array(n * NF);
    this.fpDepth = new Float64Array(n * NF);
    this.rate = new Float64Array(n * NF);
    for (let u = 0; u < n; u++) {
      const s = c.units[u];
      for (let i = 0; i < NF; i++) {
        const fp = footprintOf(FORMATIONS[i], s.bases, c.baseWidth, c.baseDepth);
        this.fpFrontage[u * NF + i] = fp.frontage;
        this.fpDepth[u * NF + i] = fp.depth;
        this.rate[u * NF + i] = formationRate(s, FORMATIONS[i], c.options.squareMove);
      }
    }
    this.cover = new Array<string>(n).fill('none');
    this.lineAt = new Int16Array(n).fill(-1);
    this.coverVer = new Int32Array(n).fill(-1);
    this.areaGap = new Float64Array(n);
    this.areaVer = new Int32Array(n).fill(-1);
    this.startFrontage = new Float64Array(n);
    this.startDepth = new Float64Array(n);
    for (let u = 0; u < n; u++) {
      const s = c.units[u];
      const fp = footprintOf(s.formation, s.bases, c.baseWidth, c.baseDepth);
      this.startFrontage[u] = fp.frontage;
      this.startDepth[u] = s.formation === 'deployed' ? Math.max(fp.depth, c.startDepth[u]) : fp.depth;
    }
    for (let u = 0; u < n; u++) {
      this.sideOf[u] = c.units[u].side;
      this.cavalry[u] = c.units[u].arm === 'cavalry' ? 1 : 0;
      this.cavalryOnSide[c.units[u].side] += this.cavalry[u];
    }
    this.ahead = new Int32Array(n);
    this.aheadGeo = new Float64Array(n).fill(-1);
    this.flanksTouch = c.options.besideContact === 'flanks';
    const terrain = c.terrain;
    this.cost = (_kind, i) => (terrain[i].from === terrain[i].to ? 0 : 1);
  }

  /** Back to the scenario's start. */
  reset(dice: EngagementDice, res: EngagementResult, sink: CwjSink | undefined): void {
    const c = this.c;
    this.dice = dice;
    this.res = res;
    this.sink = sink;
    for (let u = 0; u < this.n; u++) {
      const s = c.units[u];
      this.alive[u] = 1;
      this.formation[u] = s.formation;
      this.cohesion[u] = s.disordered ? 'disordered' : 'good';
      const b = this.bodies[u];
      b.front = s.front;
      b.offset = s.offset;
      b.facing = c.sides[s.side].facing;
      // shape(u, s.formation, c.startDepth[u]), worked out once.
      b.frontage = this.startFrontage[u];
      b.depth = this.startDepth[u];
      this.extents(u);
    }
    // Every start is the same: the lateral relations of the start footprints, worked out once.
    if (this.startLat === null) {
      for (let u = 0; u < this.n; u++) this.lateral(u);
      this.startLat = this.lat.slice();
      this.startGap = this.latGap.slice();
    } else {
      this.lat.set(this.startLat);
      this.latGap.set(this.startGap!);
    }
    fill8(this.engaged, 0);
    fill8(this.held, 0);
    fill8(this.moved, 0);
    fill8(this.contactedBy, 0);
    fill8(this.ownContact, 0);
    fill8(this.arrived, 0);
    fill8(this.chargePending, 0);
    fill8(this.everRetreated, 0);
    fill32(this.checked, 0);
    this.phaseNo = 1;
    fill8(this.won, 0);
    fill8(this.lateContact, 0);
    for (let g = 0; g < c.generals.length; g++) {
      this.genUnit[g] = c.generals[g].unit;
      this.genAlive[g] = 1;
    }
    for (let k = 0; k < c.corps.length; k++) {
      this.passes[k] = c.corps[k].passes;
      this.fatigued[k] = 0;
      this.cmdX[k] = c.corps[k].commanderX;
      this.cmdY[k] = c.corps[k].commanderY;
      this.chips[k] = 0;
      this.fatigueNumber[k] = 0;
    }
    for (let g = 0; g < c.chipGroups.length; g++) this.groupLeft[g] = c.chipGroups[g].length;
    fill32(this.dish, 0);
    fill64(this.extra, 0);
    fill8(this.defeated, 0);
    this.holder = -1;
    this.startHolder = -1;
    this.heldBy = 0;
    this.turn = 0;
    this.playerTurns = 0;
    this.phasing = c.first;
    this.phase = '';
    this.contactMade = false;
    this.ended = false;
    // Every answer cached by geometry is dropped, so the count starts again: kept small, the outcome's
    // key (geo * 4096 + dishes, play.ts judge) stays a small integer instead of growing into a double
    // over a run (which deoptimized every function reading the Game when it first did).
    this.geo = 0;
    this.contactGeo = -1;
    this.touchGen = 0;
    this.contactGen = -1;
    this.pairsGeo = -1;
    fill64(this.aheadGeo, -1);
    fill32(this.distGeo, -1);
    fill32(this.objVer, -1);
    fill32(this.coverVer, -1);
    fill32(this.areaVer, -1);
    fill32(this.closeGeo, -1);
    this.holderGeo = -1;
    this.judged = -1;
    fill32(this.settled, -2);
    this.geo = 1;
    fill32(this.ver, 1);
    this.rebuildLive();
  }

  /** Some footprints moved or changed (any of them): cached answers are stale. */
  changed(): void {
    this.geo++;
    this.sideVer[0] = this.geo;
    this.sideVer[1] = this.geo;
    for (let u = 0; u < this.n; u++) this.ver[u] = this.geo;
    for (let u = 0; u < this.n; u++) this.extents(u);
    for (let u = 0; u < this.n; u++) this.lateral(u);
  }

  /** The version of u's footprint: answers about it alone hold while this stays the same. */
  version(u: number): number {
    return this.ver[u];
  }

  /** Unit u's body moved along the lane (its front changed, its footprint's shape did not). */
  stepped(u: number): void {
    this.ver[u] = ++this.geo;
    this.sideVer[this.sideOf[u]] = this.geo;
    this.extents(u);
  }

  /** u's extents from its body, as src/table's axialMin, axialMax, lateralMin, lateralMax. */
  private extents(u: number): void {
    const b = this.bodies[u];
    this.x0[u] = b.facing > 0 ? b.front - b.depth : b.front;
    this.x1[u] = b.facing > 0 ? b.front : b.front + b.depth;
    this.y0[u] = b.offset - b.frontage / 2;
    this.y1[u] = b.offset + b.frontage / 2;
    this.fx[u] = b.front;
    this.fd[u] = b.facing;
  }

  /** u's lateral relations with every other unit, from the extents (src/table overlapsLaterally, lateralGap). */
  private lateral(u: number): void {
    const n = this.n;
    const y0 = this.y0[u];
    const y1 = this.y1[u];
    for (let v = 0; v < n; v++) {
      if (v === u) continue;
      const over = Math.min(y1, this.y1[v]) - Math.max(y0, this.y0[v]);
      const d = Math.max(y0, this.y0[v]) - Math.min(y1, this.y1[v]);
      const gap = d > 0 ? d : 0;
      const bits = ((over > 0 ? over : 0) > EPS ? 1 : 0) | (gap <= EPS ? 2 : 0);
      this.lat[u * n + v] = bits;
      this.lat[v * n + u] = bits;
      this.latGap[u * n + v] = gap;
      this.latGap[v * n + u] = gap;
    }
  }

  /** The list of alive units and their bodies. */
  rebuildLive(): void {
    this.geo++;
    this.sideVer[0] = this.geo;
    this.sideVer[1] = this.geo;
    this.touchGen++;
    this.live.length = 0;
    this.liveBodies.length = 0;
    this.left[0] = 0;
    this.left[1] = 0;
    for (let u = 0; u < this.n; u++) {
      if (!this.alive[u]) continue;
      this.live.push(u);
      this.liveBodies.push(this.bodies[u]);
      this.left[this.c.units[u].side]++;
    }
  }

  side(u: number): 0 | 1 {
    return this.sideOf[u] as 0 | 1;
  }

  /**
   * Give unit u the footprint of a formation (front edge kept). Deployed takes the depth of the area it
   * holds (`deployedDepth`), at least a base.
   */
  shape(u: number, f: Formation, deployedDepth = 0): void {
    const k = u * NF + formIndex(f);
    const b = this.bodies[u];
    const frontage = this.fpFrontage[k];
    const wider = frontage !== b.frontage;
    b.frontage = frontage;
    b.depth = f === 'deployed' ? Math.max(this.fpDepth[k], deployedDepth) : this.fpDepth[k];
    this.ver[u] = ++this.geo;
    this.sideVer[this.sideOf[u]] = this.geo;
    this.extents(u);
    // The lateral relations change with the frontage alone (offsets never change).
    if (wider) this.lateral(u);
  }

  /**
   * Whether u, changed into formation f where it stands, would still touch every enemy it touches now.
   * Offsets never change, so a narrower footprint (a line forming a square two bases wide) can stand
   * clear of an enemy that touched the wider front (rulings 11). Tried on the unit and undone; uses
   * `touchedBefore` as scratch.
   */
  keepsContactsAs(u: number, f: Formation): boolean {
    this.refreshPairs();
    const row = u * this.n;
    const before = this.touchedBefore;
    let any = false;
    for (let v = 0; v < this.n; v++) {
      before[v] = this.touch[row + v];
      if (before[v] & 1) any = true;
    }
    if (!any) return true;
    const from = this.formation[u];
    const depth = this.bodies[u].depth;
    this.formation[u] = f;
    this.shape(u, f, this.deployDepthAt(this.bodies[u].facing, this.bodies[u].front));
    this.refreshPairs();
    let kept = true;
    for (let i = 0; i < this.live.length && kept; i++) {
      const v = this.live[i];
      if (before[v] & 1 && !(this.touch[row + v] & 1)) kept = false;
    }
    this.formation[u] = from;
    this.shape(u, from, depth);
    return kept;
  }

  /** The footprint u would have in formation f, in the scratch body (front and offset kept). */
  shapeInScratch(u: number, f: Formation, front = this.bodies[u].front): Body {
    const k = u * NF + formIndex(f);
    const b = this.bodies[u];
    const t = this.scratch;
    t.front = front;
    t.facing = b.facing;
    t.offset = b.offset;
    t.frontage = this.fpFrontage[k];
    t.depth = f === 'deployed' ? Math.max(this.fpDepth[k], this.deployDepthAt(b.facing, front)) : this.fpDepth[k];
    return t;
  }

  /** Depth from a front edge facing `facing` back to the far edge of the village or fortification it stands in; 0 if none. */
  deployDepthAt(facing: number, front: number): number {
    for (const t of this.c.terrain) {
      if ((t.kind !== 'village' && t.kind !== 'fortification') || t.to === t.from) continue;
      if (facing > 0 ? front > t.from + EPS && front <= t.to + EPS : front >= t.from - EPS && front < t.to - EPS) return facing > 0 ? front - t.from : t.to - front;
    }
    return 0;
  }

  /** The body overlaps another alive body (both axially and laterally): it would stand where another unit is. */
  overlapsAny(b: Body, except: number): boolean {
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (v === except) continue;
      if (!overlapsLaterally(b, this.bodies[v])) continue;
      // v's extents are min and max of its front and rear (x0, x1).
      const lo = Math.max(Math.min(b.front, b.front - b.facing * b.depth), this.x0[v]);
      const hi = Math.min(Math.max(b.front, b.front - b.facing * b.depth), this.x1[v]);
      if (hi - lo > EPS) return true;
    }
    return false;
  }

  /** Who touches an enemy, and enemy cavalry, recomputed only when the geometry has changed. */
  private refreshContacts(): void {
    if (this.contactGeo === this.geo) return;
    this.contactGeo = this.geo;
    this.refreshPairs();
    // Nothing to do while no touch bits have changed and nobody has left.
    if (this.contactGen === this.touchGen) return;
    this.contactGen = this.touchGen;
    const k = this.contact;
    fill8(k, 0);
    const n = this.n;
    const live = this.live;
    for (let i = 0; i < live.length; i++) {
      const a = live[i];
      for (let j = i + 1; j < live.length; j++) {
        const b = live[j];
        if (this.sideOf[a] === this.sideOf[b] || !(this.touch[a * n + b] & 1)) continue;
        k[a] |= this.cavalry[b] ? 3 : 1;
        k[b] |= this.cavalry[a] ? 3 : 1;
      }
    }
  }

  /**
   * The touch bits of every pair of alive enemies (`touch`), worked out again only for pairs with a
   * unit whose footprint changed since the last time.
   */
  refreshPairs(): void {
    if (this.pairsGeo === this.geo) return;
    const since = this.pairsGeo;
    this.pairsGeo = this.geo;
    const n = this.n;
    const live = this.live;
    for (let i = 0; i < live.length; i++) {
      const a = live[i];
      if (this.ver[a] <= since) continue;
      for (let j = 0; j < live.length; j++) {
        const b = live[j];
        if (this.sideOf[a] === this.sideOf[b] || (b < a && this.ver[b] > since)) continue;
        const t = this.touchBits(a, b);
        if (this.touch[a * n + b] !== t) this.touchGen++;
        this.touch[a * n + b] = t;
        this.touch[b * n + a] = t;
      }
    }
  }

  /**
   * Two units' touch bits: 1 they touch (mayTouch and src/table touching), 2 front to front (src/table
   * inContact); both questions are symmetric, so one answer serves (a, b) and (b, a). Bodies side by
   * side in neighbouring files (edge to edge across, overlapping along the lane) touch flank to flank
   * only under `cwj.besideContact` = flanks.
   */
  private touchBits(a: number, b: number): number {
    const l = this.lat[a * this.n + b];
    // mayTouch: within EPS across (lat bit 2) and along the lane.
    if (!(l & 2)) return 0;
    const ax = Math.max(this.x0[a], this.x0[b]) - Math.min(this.x1[a], this.x1[b]);
    if (!((ax > 0 ? ax : 0) <= EPS)) return 0;
    const A = this.bodies[a];
    const B = this.bodies[b];
    const over = (l & 1) !== 0;
    // src/table touching: front to front, a flank either way, a rear either way.
    if (A.facing !== B.facing && over && Math.abs((B.front - A.front) * A.facing) <= EPS) return 3;
    if (!over) {
      if (!this.flanksTouch) return 0;
      const ov = Math.min(this.x1[a], this.x1[b]) - Math.max(this.x0[a], this.x0[b]);
      if ((ov > 0 ? ov : 0) > EPS) {
        const side = (B.offset - A.offset) * A.facing;
        if (side > 0 || side < 0) return 1;
      }
      return 0;
    }
    if (B.facing === A.facing && Math.abs(A.front - A.facing * A.depth - B.front) <= EPS) return 1;
    if (A.facing === B.facing && Math.abs(B.front - B.facing * B.depth - A.front) <= EPS) return 1;
    return 0;
  }

  /** u touches an alive enemy (front, flank or rear). */
  inContact(u: number): boolean {
    if (this.contactGeo !== this.geo) this.refreshContacts();
    return (this.contact[u] & 1) !== 0;
  }

  /** Some unit touches an enemy. */
  anyContact(): boolean {
    if (this.contactGeo !== this.geo) this.refreshContacts();
    for (let i = 0; i < this.live.length; i++) if (this.contact[this.live[i]] & 1) return true;
    return false;
  }

  /** u touches alive enemy cavalry. */
  inContactWithCavalry(u: number): boolean {
    if (this.contactGeo !== this.geo) this.refreshContacts();
    return (this.contact[u] & 2) !== 0;
  }

  /** Some enemy touches u other than front to front (flank or rear); squares have neither. */
  hitInFlankOrRear(u: number): boolean {
    if (this.formation[u] === 'square') return false;
    this.refreshPairs();
    const s = this.sideOf[u];
    const row = u * this.n;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.sideOf[v] !== s && this.touch[row + v] === 1) return true;
    }
    return false;
  }

  /** The first alive body in u's path moving `way` (+1 forward, -1 back), as a unit index; -1 if none. */
  firstAhead(u: number, way: 1 | -1): number {
    // Forward, the answer holds until a footprint changes: planning and moving ask twice.
    if (way === 1 && this.aheadGeo[u] === this.geo) return this.ahead[u];
    // src/table firstInPath over the alive bodies, from the extents.
    const b = this.bodies[u];
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    const row = u * this.n;
    let v = -1;
    let bestD = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const o = this.live[i];
      if (o === u || !(this.lat[row + o] & 1)) continue;
      const far = ((dir > 0 ? this.x1[o] : this.x0[o]) - lead) * dir;
      if (far <= EPS) continue;
      const near = ((dir > 0 ? this.x0[o] : this.x1[o]) - lead) * dir;
      if (near < bestD) {
        bestD = near;
        v = o;
      }
    }
    if (way === 1) {
      this.aheadGeo[u] = this.geo;
      this.ahead[u] = v;
    }
    return v;
  }

  /** The first alive enemy in u's path moving `way`, ignoring friends (retreats pass through friends); -1 if none. */
  firstEnemyAhead(u: number, way: 1 | -1): number {
    const b = this.bodies[u];
    const s = this.sideOf[u];
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    const row = u * this.n;
    let best = -1;
    let bestD = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (v === u || this.sideOf[v] === s || !(this.lat[row + v] & 1)) continue;
      const oMin = this.x0[v];
      const oMax = this.x1[v];
      const far = ((dir > 0 ? oMax : oMin) - lead) * dir;
      if (far <= EPS) continue;
      const near = ((dir > 0 ? oMin : oMax) - lead) * dir;
      if (near < bestD) {
        bestD = near;
        best = v;
      }
    }
    return best;
  }

  /** Distance from u's leading edge moving `way` to the near edge of body v (v in its path). */
  gapTo(u: number, way: 1 | -1, v: number): number {
    const b = this.bodies[u];
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    const near = dir > 0 ? this.x0[v] : this.x1[v];
    return (near - lead) * dir;
  }

  /**
   * Under `cwj.besideContact` = flanks, the room u has moving `way` before its footprint comes beside an
   * enemy in a neighbouring file (overlapping it along the lane, so touching its flank): its leading
   * edge up to that enemy's near edge. Infinity under `none`, or with no such enemy ahead; enemies it
   * stands beside already are in contact with it and set no limit.
   */
  besideRoom(u: number, way: 1 | -1): number {
    if (!this.flanksTouch) return Infinity;
    const b = this.bodies[u];
    const s = this.sideOf[u];
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    const row = u * this.n;
    let best = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      // Enemies in a neighbouring file: within EPS across, not overlapping (lat bits 2 and not 1).
      if (this.sideOf[v] === s || (this.lat[row + v] & 3) !== 2) continue;
      const along = Math.min(this.x1[u], this.x1[v]) - Math.max(this.x0[u], this.x0[v]);
      if (along > EPS) continue;
      const d = ((dir > 0 ? this.x0[v] : this.x1[v]) - lead) * dir;
      if (d >= -EPS && d < best) best = d > 0 ? d : 0;
    }
    return best;
  }

  /** The x of v's footprint furthest toward the front of a unit facing `facing` (a retreat's cause, effects.ts). */
  reachToward(v: number, facing: number): number {
    return facing > 0 ? this.x1[v] : this.x0[v];
  }

  /** Room from u's leading edge moving `way` to the lane's end. */
  roomTo(u: number, way: 1 | -1): number {
    const b = this.bodies[u];
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    return dir > 0 ? this.c.lane.xMax - lead : lead - this.c.lane.xMin;
  }

  /**
   * Rulings section 11: a can see b to fire at it: they overlap laterally, b is in front of a, and no
   * other unit stands between them (no firing over units on the lane).
   */
  canSee(a: number, b: number): boolean {
    if (!(this.lat[a * this.n + b] & 1) || !this.isInFront(a, b)) return false;
    // src/table isBetween(A, B, C) for every other alive body C, from the extents.
    const fa = this.fx[a];
    const fb = this.fx[b];
    const x0 = Math.min(fa, fb);
    const x1 = Math.max(fa, fb);
    let y0 = Math.max(this.y0[a], this.y0[b]);
    let y1 = Math.min(this.y1[a], this.y1[b]);
    if (y0 > y1) {
      const t = y0;
      y0 = y1;
      y1 = t;
    }
    const narrow = y1 - y0 <= EPS;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (v === a || v === b) continue;
      const ax = Math.min(x1, this.x1[v]) - Math.max(x0, this.x0[v]);
      if ((ax > 0 ? ax : 0) <= EPS) continue;
      const cy0 = this.y0[v];
      const cy1 = this.y1[v];
      if (narrow) {
        if (cy0 < y0 - EPS && cy1 > y1 + EPS) return false;
        continue;
      }
      const ay = Math.min(y1, cy1) - Math.max(y0, cy0);
      if ((ay > 0 ? ay : 0) > EPS) return false;
    }
    return true;
  }

  /** src/table isInFront(a's body, b's body): no part of b lies behind a's front edge. */
  isInFront(a: number, b: number): boolean {
    const f = this.fx[a];
    const d = this.fd[a];
    return Math.min((this.x0[b] - f) * d, (this.x1[b] - f) * d) >= -EPS;
  }

  /**
   * Front-edge distance between two units (src/table frontEdgeDistance), kept until either footprint
   * changes (it reads the two fronts and their lateral gap alone).
   */
  distance(a: number, b: number): number {
    const k = a * this.n + b;
    const at = this.distGeo[k];
    if (at >= this.ver[a] && at >= this.ver[b]) return this.dist[k];
    const dx = Math.abs(this.fx[b] - this.fx[a]);
    const dy = this.latGap[k];
    const d = dy === 0 ? dx : hypot2(dx, dy);
    // The same both ways (|x - y| is |y - x|, the lateral gap is symmetric).
    const k2 = b * this.n + a;
    this.dist[k] = d;
    this.distGeo[k] = this.geo;
    this.dist[k2] = d;
    this.distGeo[k2] = this.geo;
    return d;
  }

  /** The nearest alive enemy of u by front-edge distance, -1 if none. */
  nearestEnemy(u: number): number {
    const s = this.sideOf[u];
    let best = -1;
    let bestD = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.sideOf[v] === s) continue;
      const d = this.distance(u, v);
      if (d < bestD) {
        bestD = d;
        best = v;
      }
    }
    return best;
  }

  /**
   * How close u is to the enemy, for the players' orderings: the least axial distance from its front to
   * an enemy's front (cheaper than frontEdgeDistance, and enough to rank units by).
   */
  closeness(u: number): number {
    const s = this.sideOf[u];
    // It reads u's front and its enemies' alone.
    const at = this.closeGeo[u];
    if (at >= this.ver[u] && at >= this.sideVer[1 - s]) return this.close[u];
    const x = this.fx[u];
    let best = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.sideOf[v] === s) continue;
      const d = Math.abs(this.fx[v] - x);
      if (d < best) best = d;
    }
    this.closeGeo[u] = this.geo;
    this.close[u] = best;
    return best;
  }

  /** Some alive enemy lies ahead of u (in front of its front edge): a move forward is toward a known enemy. */
  enemyAhead(u: number): boolean {
    const s = this.sideOf[u];
    const x = this.fx[u];
    const d = this.fd[u];
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.sideOf[v] === s) continue;
      if ((this.fx[v] - x) * d > EPS) return true;
    }
    return false;
  }

  /**
   * The cover target v has against fire from u ([Fire] l.217-224: the target column's soft and hard
   * cover): a village (read by cwj.villageCover) or fortification it holds, or woods, from any side;
   * a wall (hard) or hedge (soft) its front lines only when the line stands between them, so not
   * against fire from its flank or rear, and, under `cwj.lineCover` holder, not for a unit that came
   * up to the line (moved into the contact, `arrived`, in this player turn or an earlier one of the same
   * contact) to meet an enemy lining it from the other side (that enemy holds it). The best one.
   */
  coverAgainst(v: number, u: number): 'none' | 'soft' | 'hard' | 'village' {
    // The area cover and the line lined depend on v's footprint alone: kept until that changes.
    if (this.coverVer[v] !== this.ver[v]) {
      this.coverNow(v);
      this.coverVer[v] = this.ver[v];
    }
    const area = this.cover[v] as 'none' | 'soft' | 'hard' | 'village';
    const li = this.lineAt[v];
    if (li < 0) return area;
    const t = this.c.terrain[li];
    const line = TERRAIN_COVER[t.kind];
    if (this.coverRank(line) <= this.coverRank(area)) return area;
    if (!this.isInFront(v, u)) return area;
    if (this.c.options.lineCover === 'holder' && this.arrived[v] && this.metAtLine(v, li)) return area;
    return line;
  }

  private coverRank(c: string): number {
    return c === 'hard' ? 3 : c === 'village' ? (this.c.options.villageCover === 'hard' ? 3 : 2) : c === 'soft' ? 2 : 0;
  }

  /** An enemy whose front stands on line terrain li touches v: the two met at the line. */
  private metAtLine(v: number, li: number): boolean {
    const t = this.c.terrain[li];
    this.refreshPairs();
    const row = v * this.n;
    for (let i = 0; i < this.live.length; i++) {
      const w = this.live[i];
      if (this.sideOf[w] === this.sideOf[v]) continue;
      if (frontIn(this.bodies[w], t) && this.touch[row + w] & 1) return true;
    }
    return false;
  }

  private coverNow(u: number): void {
    const b = this.bodies[u];
    let best = 'none';
    let line = -1;
    for (let i = 0; i < this.c.terrain.length; i++) {
      const t = this.c.terrain[i];
      if (!frontIn(b, t)) continue;
      if (t.kind === 'wall' || t.kind === 'hedge') {
        if (line < 0 || (t.kind === 'wall' && this.c.terrain[line].kind !== 'wall')) line = i;
        continue;
      }
      const c = TERRAIN_COVER[t.kind];
      if (this.coverRank(c) > this.coverRank(best)) best = c;
    }
    this.cover[u] = best;
    this.lineAt[u] = line;
  }

  /** u occupies the objective: part of its footprint lies in it. */
  inObjective(u: number): boolean {
    const o = this.c.objective;
    if (o === null) return false;
    // It depends on u's footprint alone: kept until that changes.
    if (this.objVer[u] === this.ver[u]) return this.inObj[u] === 1;
    const r = fractionIn(this.bodies[u], o.interval) > EPS;
    this.objVer[u] = this.ver[u];
    this.inObj[u] = r ? 1 : 0;
    return r;
  }

  /** A divisional general of u's arm and corps is attached to u (rulings 7; [Gen] l.291-292). */
  generalOf(u: number): number {
    for (let g = 0; g < this.genUnit.length; g++) {
      if (this.genUnit[g] === u && this.genAlive[g]) return g;
    }
    return -1;
  }

  /** The side's ai stream. */
  ai(side: 0 | 1): Uniform {
    return this.dice.ai(side);
  }
}
