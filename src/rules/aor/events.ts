/**
 * The events an Age of Rifles engagement emits: the common kinds of src/core/events.ts where they fit
 * (turn, phase, check, hit, cohesion, retreat, broken, removed, move, end), and kinds of its own for
 * what only these rules have (the Fire Table, 7.4's voluntary retreat and halving, assaults and
 * bombardments on the hex map, charges, squares, pursuits, orders). Map positions are hex indices.
 */
import type { CoreEvent, EventSink } from '../../core/events.js';
import type { SideIndex } from '../../core/result.js';

type Core<T extends CoreEvent['type']> = Extract<CoreEvent, { type: T }>;

/** Phases of a player turn (4), and the game turn's disruption removal. */
export type AorPhase = 'command' | 'bombardment' | 'charges' | 'movement' | 'combat' | 'turnEnd' | 'disruptionRemoval';

/** Check purposes (src/rules/aor/vocabulary.ts). */
export type AorCheckPurpose = 'retreat' | 'square' | 'passingFire' | 'bombardment' | 'recovery' | 'reaction' | 'pursuit' | 'orders' | 'leader';

export type AorEvent =
  | Core<'turn'>
  | (Core<'phase'> & { side: SideIndex; phase: AorPhase })
  /** A side fires on the Fire Table: strength after all modifiers before rounding, the figure looked up, the 2d6 roll. */
  | { type: 'fire'; side: SideIndex; rawStrength: number; strength: number; roll: number; hits: number; modifiers: string[] }
  | { type: 'voluntaryRetreat'; side: SideIndex }
  | { type: 'halved'; side: SideIndex; before: number; after: number }
  /** A step lost (6.1): `lost` is one step, `left` the steps the unit has left. */
  | Core<'hit'>
  | (Core<'check'> & { purpose: AorCheckPurpose })
  /** `beforeAssault`: cavalry or horse artillery falling back before it is assaulted (7.11). */
  | (Core<'retreat'> & { beforeAssault?: boolean })
  /** Disrupted (6.2: 'good' to 'disrupted') or recovered ('disrupted' to 'good'). */
  | (Core<'cohesion'> & { from: 'good' | 'disrupted'; to: 'good' | 'disrupted' })
  | { type: 'eliminated'; side: SideIndex; unit: string; reason: string }
  | Core<'end'>
  /** A player turn begins: the phasing side. */
  | { type: 'playerTurn'; turn: number; side: SideIndex; night: boolean }
  /** A unit moved along a path of hexes. */
  | Core<'move'>
  /** Units changed hex outside movement: a retreat, an advance. */
  | { type: 'relocate'; side: SideIndex; unit: string; from: number; to: number; why: 'retreat' | 'advance' | 'stacking' | 'arrival' | 'reorganized' }
  /** An assault on the map: attacking hexes against one defending hex. */
  /**
   * An assault on `defender` from the hexes `attackers`; `firing[i]`: the units of attackers[i] that take
   * part (Reserve or March orders, out of command range or guns that bombarded do not, 8.2, 12.1, 12.2).
   */
  | { type: 'assault'; side: SideIndex; attackers: number[]; defender: number; flanked: boolean; defenderFiresFirst: boolean; firing?: string[][] }
  | { type: 'bombard'; side: SideIndex; guns: string[]; from: number[]; target: number }
  /** Cavalry charges (reaction: a charge against moving enemies, 7.8). */
  | { type: 'charge'; side: SideIndex; units: string[]; from: number; target: number; reaction: boolean }
  /** Infantry tried to form square against a charge. */
  | { type: 'square'; side: SideIndex; hex: number; formed: boolean }
  /**
   * returnFire: the pursuit meets return fire as a normal charge (7.7): from another enemy, or from the
   * units standing with the retreated (retreated: the hex the beaten units retreated into).
   */
  | { type: 'pursuit'; side: SideIndex; units: string[]; target: number; returnFire?: boolean; retreated?: boolean }
  /** A formation (or, with formation null, the army) was demoralized (13, 14). */
  | Core<'broken'>
  /** New orders sent (12.4: `arrives` is the turn they take effect) or taking effect (turn === arrives). */
  /**
   * New orders; `why: 'night'`: Attack orders that failed at night (16), the formation's new orders;
   * `why: 'zoc'`: a March stopped by an enemy ZOC (12.2), the formation now on Defend orders.
   */
  | { type: 'orders'; side: SideIndex; formation: string; orders: string; turn: number; arrives: number; why?: 'night' | 'zoc' }
  /**
   * A leader changed hex (11, 12.2, 7.5): `to` -1 when he dies. `why`: he followed his formation in
   * the movement segment (moved), was put with the nearest friendly unit after being left alone or
   * overrun (joined), went into the vacated hex with two units (advance), was placed with the leading
   * unit of a march stopped by an enemy ZOC (march), died left alone (killed), or came back rated 1 (returned).
   */
  | { type: 'leader'; side: SideIndex; leader: string; from: number; to: number; why: LeaderMove }
  /** A unit left the map (eliminated, or off the edge in a retreat) from hex `at`. */
  | (Core<'removed'> & { why: 'eliminated' | 'exited'; at: number });

export type LeaderMove = 'moved' | 'joined' | 'advance' | 'march' | 'killed' | 'returned';

export type AorSink = EventSink<AorEvent>;
