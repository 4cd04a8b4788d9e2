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
  lateralGap,
  rangeGap,
  firstInPath,
  frontEdgeDistance,
  frontIn,
  fractionIn,
  inContact,
  isBetween,
  isInFront,
  newMoveResult,
  overlapsLaterally,
  touching,
  type Body,
  type MoveResult,
  type TerrainCost,
} from '../../table/index.js';
import type { CompiledLane } from './compile.js';
import type { CwjSink } from './events.js';
import { footprintOf } from './layout.js';
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
  /** Moved (or changed formation) in this movement phase. */
  readonly moved: Uint8Array;
  /** The enemy that contacted its front in the current player turn's movement or charge, or -1 ([Fire] l.131-134). */
  readonly contactedBy: Int16Array;
  /** It moved or charged into contact itself this player turn (lancers' "(5)", `cwj.lancerMelee` = charging). */
  readonly ownContact: Uint8Array;
  /** A charge (cavalry moving into contact) not yet won or repulsed. */
  readonly chargePending: Uint8Array;
  /** Retreated at some time (charge scenarios: the battalion gave way). */
  readonly everRetreated: Uint8Array;
  /** Took a contact check this phase (at most one, rulings 5). */
  readonly checked: Uint8Array;
  /** Won a melee this phase and must test for control. */
  readonly won: Uint8Array;
  /** A contact made this melee phase by an uncontrolled or controlled move, fought per cwj.uncontrolledContact. */
  readonly lateContact: Uint8Array;
  /** The unit each general is attached to (-1: none), and whether he lives. */
  readonly genUnit: Int16Array;
  readonly genAlive: Uint8Array;
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
  /** The objective's holder (-1: nobody yet) and its holder at the start. */
  holder = -1;
  startHolder = -1;
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
  private contactGeo = -1;
  /** Per unit, cached at `contactGeo`: 1 it touches an enemy, 2 it touches enemy cavalry. */
  private readonly contact: Uint8Array;
  /** Per unit, the first body ahead of it (firstAhead forward), cached at aheadGeo. */
  private readonly ahead: Int32Array;
  private readonly aheadGeo: Float64Array;
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
    this.contactedBy = new Int16Array(n);
    this.ownContact = new Uint8Array(n);
    this.chargePending = new Uint8Array(n);
    this.everRetreated = new Uint8Array(n);
    this.checked = new Uint8Array(n);
    this.won = new Uint8Array(n);
    this.lateContact = new Uint8Array(n);
    this.genUnit = new Int16Array(c.generals.length);
    this.genAlive = new Uint8Array(c.generals.length);
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
    this.ahead = new Int32Array(n);
    this.aheadGeo = new Float64Array(n).fill(-1);
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
      this.shape(u, s.formation, c.startDepth[u]);
    }
    fillAll(this.engaged, 0);
    fillAll(this.held, 0);
    fillAll(this.moved, 0);
    fillAll(this.contactedBy, -1);
    fillAll(this.ownContact, 0);
    fillAll(this.chargePending, 0);
    fillAll(this.everRetreated, 0);
    fillAll(this.checked, 0);
    fillAll(this.won, 0);
    fillAll(this.lateContact, 0);
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
    fillAll(this.dish, 0);
    fillAll(this.extra, 0);
    fillAll(this.defeated, 0);
    this.holder = -1;
    this.startHolder = -1;
    this.turn = 0;
    this.playerTurns = 0;
    this.phasing = c.first;
    this.phase = '';
    this.contactMade = false;
    this.ended = false;
    this.contactGeo = -1;
    fillAll(this.aheadGeo, -1);
    this.holderGeo = -1;
    this.judged = -1;
    this.rebuildLive();
  }

  /** A footprint moved or changed: cached answers are stale. */
  changed(): void {
    this.geo++;
  }

  /** The list of alive units and their bodies. */
  rebuildLive(): void {
    this.geo++;
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
    return this.c.units[u].side;
  }

  /**
   * Give unit u the footprint of a formation (front edge kept). Deployed takes the depth of the area it
   * holds (`deployedDepth`), at least a base.
   */
  shape(u: number, f: Formation, deployedDepth = 0): void {
    const s = this.c.units[u];
    const fp = footprintOf(f, s.bases, this.c.baseWidth, this.c.baseDepth);
    const b = this.bodies[u];
    b.frontage = fp.frontage;
    b.depth = f === 'deployed' ? Math.max(fp.depth, deployedDepth) : fp.depth;
    this.geo++;
  }

  /** The footprint u would have in formation f, in the scratch body (front and offset kept). */
  shapeInScratch(u: number, f: Formation, front = this.bodies[u].front): Body {
    const s = this.c.units[u];
    const b = this.bodies[u];
    const fp = footprintOf(f, s.bases, this.c.baseWidth, this.c.baseDepth);
    const t = this.scratch;
    t.front = front;
    t.facing = b.facing;
    t.offset = b.offset;
    t.frontage = fp.frontage;
    t.depth = f === 'deployed' ? Math.max(fp.depth, this.deployDepthAt(b.facing, front)) : fp.depth;
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
      const o = this.bodies[v];
      if (!overlapsLaterally(b, o)) continue;
      const lo = Math.max(Math.min(b.front, b.front - b.facing * b.depth), Math.min(o.front, o.front - o.facing * o.depth));
      const hi = Math.min(Math.max(b.front, b.front - b.facing * b.depth), Math.max(o.front, o.front - o.facing * o.depth));
      if (hi - lo > EPS) return true;
    }
    return false;
  }

  /** Who touches an enemy, and enemy cavalry, recomputed only when the geometry has changed. */
  private refreshContacts(): void {
    if (this.contactGeo === this.geo) return;
    this.contactGeo = this.geo;
    const k = this.contact;
    fillAll(k, 0);
    const units = this.c.units;
    for (let i = 0; i < this.live.length; i++) {
      const a = this.live[i];
      for (let j = i + 1; j < this.live.length; j++) {
        const b = this.live[j];
        if (units[a].side === units[b].side || !mayTouch(this.bodies[a], this.bodies[b]) || !touching(this.bodies[a], this.bodies[b])) continue;
        k[a] |= units[b].arm === 'cavalry' ? 3 : 1;
        k[b] |= units[a].arm === 'cavalry' ? 3 : 1;
      }
    }
  }

  /** u touches an alive enemy (front, flank or rear). */
  inContact(u: number): boolean {
    this.refreshContacts();
    return (this.contact[u] & 1) !== 0;
  }

  /** Some unit touches an enemy. */
  anyContact(): boolean {
    this.refreshContacts();
    for (let i = 0; i < this.live.length; i++) if (this.contact[this.live[i]] & 1) return true;
    return false;
  }

  /** u touches alive enemy cavalry. */
  inContactWithCavalry(u: number): boolean {
    this.refreshContacts();
    return (this.contact[u] & 2) !== 0;
  }

  /** Some enemy touches u other than front to front (flank or rear); squares have neither. */
  hitInFlankOrRear(u: number): boolean {
    if (this.formation[u] === 'square') return false;
    const s = this.side(u);
    const b = this.bodies[u];
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.c.units[v].side === s) continue;
      const o = this.bodies[v];
      if (mayTouch(b, o) && touching(b, o) && !inContact(b, o)) return true;
    }
    return false;
  }

  /** The first alive body in u's path moving `way` (+1 forward, -1 back), as a unit index; -1 if none. */
  firstAhead(u: number, way: 1 | -1): number {
    // Forward, the answer holds until a footprint changes: planning and moving ask twice.
    if (way === 1 && this.aheadGeo[u] === this.geo) return this.ahead[u];
    const i = firstInPath(this.bodies[u], way, this.liveBodies);
    const v = i < 0 ? -1 : this.live[i];
    if (way === 1) {
      this.aheadGeo[u] = this.geo;
      this.ahead[u] = v;
    }
    return v;
  }

  /** The first alive enemy in u's path moving `way`, ignoring friends (retreats pass through friends); -1 if none. */
  firstEnemyAhead(u: number, way: 1 | -1): number {
    const b = this.bodies[u];
    const s = this.side(u);
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    let best = -1;
    let bestD = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (v === u || this.c.units[v].side === s) continue;
      const o = this.bodies[v];
      if (!overlapsLaterally(b, o)) continue;
      const oMin = Math.min(o.front, o.front - o.facing * o.depth);
      const oMax = Math.max(o.front, o.front - o.facing * o.depth);
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
    const o = this.bodies[v];
    const dir = b.facing * way;
    const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
    const near = dir > 0 ? Math.min(o.front, o.front - o.facing * o.depth) : Math.max(o.front, o.front - o.facing * o.depth);
    return (near - lead) * dir;
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
    const A = this.bodies[a];
    const B = this.bodies[b];
    if (!overlapsLaterally(A, B) || !isInFront(A, B)) return false;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (v === a || v === b) continue;
      if (isBetween(A, B, this.bodies[v])) return false;
    }
    return true;
  }

  /** Front-edge distance between two units (src/table frontEdgeDistance). */
  distance(a: number, b: number): number {
    return frontEdgeDistance(this.bodies[a], this.bodies[b]);
  }

  /** The nearest alive enemy of u by front-edge distance, -1 if none. */
  nearestEnemy(u: number): number {
    const s = this.side(u);
    let best = -1;
    let bestD = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.c.units[v].side === s) continue;
      const d = frontEdgeDistance(this.bodies[u], this.bodies[v]);
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
    const s = this.side(u);
    const x = this.bodies[u].front;
    let best = Infinity;
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.c.units[v].side === s) continue;
      const d = Math.abs(this.bodies[v].front - x);
      if (d < best) best = d;
    }
    return best;
  }

  /** Some alive enemy lies ahead of u (in front of its front edge): a move forward is toward a known enemy. */
  enemyAhead(u: number): boolean {
    const s = this.side(u);
    const b = this.bodies[u];
    for (let i = 0; i < this.live.length; i++) {
      const v = this.live[i];
      if (this.c.units[v].side === s) continue;
      const o = this.bodies[v];
      if ((o.front - b.front) * b.facing > EPS) return true;
    }
    return false;
  }

  /**
   * The cover u's front has ([Fire] l.217-224): a village (read by cwj.villageCover) or fortification
   * it holds, woods, or a wall or hedge it lines; the best one.
   */
  coverOf(u: number): 'none' | 'soft' | 'hard' | 'village' {
    const b = this.bodies[u];
    type Cover = 'none' | 'soft' | 'hard' | 'village';
    let best: Cover = 'none';
    let rank = 0;
    for (const t of this.c.terrain) {
      if (!frontIn(b, t)) continue;
      let r = 0;
      let c = 'none' as Cover;
      if (t.kind === 'fortification' || t.kind === 'wall') (c = 'hard'), (r = 3);
      else if (t.kind === 'village') (c = 'village'), (r = this.c.options.villageCover === 'hard' ? 3 : 2);
      else if (t.kind === 'woods' || t.kind === 'hedge') (c = 'soft'), (r = 2);
      if (r > rank) (rank = r), (best = c);
    }
    return best;
  }

  /** u occupies the objective: part of its footprint lies in it. */
  inObjective(u: number): boolean {
    const o = this.c.objective;
    return o !== null && fractionIn(this.bodies[u], o.interval) > EPS;
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
