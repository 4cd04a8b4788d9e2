/**
 * The state of one engagement on the lane: typed arrays indexed by unit and one mutable body per unit
 * (src/table Body), allocated once per compiled cell and reset for every engagement, so that play
 * allocates nothing per die roll (DESIGN.md, "Performance").
 */
import type { Body } from '../../table/index.js';
import { footprint, FORMATIONS, type Formation } from './units.js';

/** What state.ts needs of a unit spec (compile.ts UnitSpec). */
export interface StateSpec {
  arm: 'infantry' | 'cavalry' | 'artillery';
  stands: number;
  leader: 0 | 1 | 2;
  startFormation: Formation;
  startLimbered: boolean;
  startDisordered: boolean;
  startHits: number;
  startBody: Readonly<Body>;
  startBlock: number;
}

export const NO_UNIT = -1;
/** Formation codes: FORMATIONS' indices ('none' is a unit in a village block). */
export const F_LINE = FORMATIONS.indexOf('line');
export const F_NONE = FORMATIONS.indexOf('none');
export const F_SQUARE = FORMATIONS.indexOf('square');

export class LaneState {
  readonly n: number;
  readonly specs: readonly StateSpec[];
  readonly body: Body[];
  /** FORMATIONS index; F_NONE in a village block. */
  readonly formation: Uint8Array;
  /** The village block (terrain index) the unit holds, or -1. */
  readonly block: Int8Array;
  readonly limbered: Uint8Array;
  /** Troops disordered, or a battery silenced. */
  readonly disordered: Uint8Array;
  /** A battery's gun stand damaged (p2). */
  readonly damaged: Uint8Array;
  readonly hits: Uint8Array;
  /** Hits taken in the current Volley & Cannonade phase (p2 Bayonet & Sabre: -1 each). */
  readonly fresh: Uint8Array;
  readonly removed: Uint8Array;
  /** Changed formation (or limbered) this game turn: +1 to be fired on (p2). */
  readonly changed: Uint8Array;
  /** About-faced after a retreat (aoe.retreatFacing aboutFaced): +1 to be fired on until it moves. */
  readonly aboutFaced: Uint8Array;
  /** Attached leader: 0 none, 1 leader, 2 charismatic; 0 once captured. */
  readonly leader: Uint8Array;
  /** The enemy unit this unit charged and is in contact with, or NO_UNIT. */
  readonly chargeTarget: Int16Array;
  /** The face it charged: 0 front, 1 flank (rulings 6). */
  readonly chargeFace: Uint8Array;
  /** It is making a breakthrough charge (p2 +1) and has not lost the bonus to a 0. */
  readonly breakthrough: Uint8Array;
  /** It has fought a Bayonet & Sabre combat (cavalry recall "after 1st combat", p2). */
  readonly fought: Uint8Array;
  /** Where it stood at the start of this game turn: the village block it left, for returning. */
  readonly homeFront: Float64Array;

  constructor(specs: readonly StateSpec[]) {
    const n = specs.length;
    this.n = n;
    this.specs = specs;
    this.body = specs.map((s) => ({ ...s.startBody }));
    this.formation = new Uint8Array(n);
    this.block = new Int8Array(n);
    this.limbered = new Uint8Array(n);
    this.disordered = new Uint8Array(n);
    this.damaged = new Uint8Array(n);
    this.hits = new Uint8Array(n);
    this.fresh = new Uint8Array(n);
    this.removed = new Uint8Array(n);
    this.changed = new Uint8Array(n);
    this.aboutFaced = new Uint8Array(n);
    this.leader = new Uint8Array(n);
    this.chargeTarget = new Int16Array(n);
    this.chargeFace = new Uint8Array(n);
    this.breakthrough = new Uint8Array(n);
    this.fought = new Uint8Array(n);
    this.homeFront = new Float64Array(n);
    this.reset();
  }

  /** Back to the scenario's start. */
  reset(): void {
    for (let u = 0; u < this.n; u++) {
      const s = this.specs[u];
      const b = this.body[u];
      const sb = s.startBody;
      b.front = sb.front;
      b.facing = sb.facing;
      b.frontage = sb.frontage;
      b.depth = sb.depth;
      b.offset = sb.offset;
      this.formation[u] = FORMATIONS.indexOf(s.startFormation);
      this.block[u] = s.startBlock;
      this.limbered[u] = s.startLimbered ? 1 : 0;
      this.disordered[u] = s.startDisordered ? 1 : 0;
      this.damaged[u] = 0;
      this.hits[u] = s.startHits;
      this.fresh[u] = 0;
      this.removed[u] = 0;
      this.changed[u] = 0;
      this.aboutFaced[u] = 0;
      this.leader[u] = s.leader;
      this.chargeTarget[u] = NO_UNIT;
      this.chargeFace[u] = 0;
      this.breakthrough[u] = 0;
      this.fought[u] = 0;
      this.homeFront[u] = sb.front;
    }
  }

  alive(u: number): boolean {
    return this.removed[u] === 0;
  }

  formationOf(u: number): Formation {
    return FORMATIONS[this.formation[u]];
  }

  inBlock(u: number): boolean {
    return this.block[u] >= 0;
  }

  /**
   * Give troops a new formation, keeping the front edge where it is (the unit forms on its front);
   * the body takes the formation's lane footprint (units.ts footprint), kept within `laneWidth`.
   */
  setFormation(u: number, f: Formation, laneWidth = Infinity): void {
    this.formation[u] = FORMATIONS.indexOf(f);
    const s = this.specs[u];
    if (s.arm === 'artillery') return;
    const fp = footprint(f, s.stands);
    const b = this.body[u];
    b.frontage = fp.frontage;
    b.depth = fp.depth;
    const half = laneWidth / 2 - b.frontage / 2;
    if (b.offset > half) b.offset = half;
    if (b.offset < -half) b.offset = -half;
  }
}
