/**
 * Reads an engagement's events in order, keeps the picture they describe (where each unit is, its
 * steps, disruption, objectives held), and tells it: story lines, cut into steps (one per phase of a
 * battle, one per round of an assault) with the state at the end of each step and the arrows of what
 * happened in it. Pure: the story text and the trace page are both made from this.
 */
import type { AorEvent, LeaderMove } from '../events.js';
import type { SideIndex } from '../../../core/result.js';
import type { TraceLine } from '../../../core/ruleset.js';
import { listed } from '../../../core/words.js';
import { HexGrid } from '../../../hex/grid.js';
import { DIRECTION_NAMES, hexName, type BattleSubject, type TraceFinal, type TraceLeader, type TraceSubject } from './subject.js';

export type { TraceLine };
type LineKind = TraceLine['kind'];

export type ArrowKind = 'move' | 'retreat' | 'advance' | 'stacking' | 'assault' | 'bombard' | 'charge' | 'pursuit';

/**
 * What happened, drawn: `places` are hex indexes on a battle map; in the assault engagement place 0 is
 * the defender's hex and place k + 1 the hex of stack k (a retreat there has one place: out of it).
 */
export interface TraceArrow {
  kind: ArrowKind;
  side: SideIndex;
  places: number[];
}

export interface UnitView {
  /** Index into subject.units. */
  unit: number;
  place: number;
  steps: number;
  disrupted: boolean;
  /** Assault engagement: the unit retreated out of the fight. */
  out: boolean;
}

export interface TraceStep {
  index: number;
  title: string;
  turn: number;
  side: SideIndex | null;
  phase: string | null;
  lines: TraceLine[];
  /** Units on the map (in the fight) at the end of the step. */
  units: UnitView[];
  arrows: TraceArrow[];
  /** Units lost during the step, where they were. */
  lost: { unit: number; place: number }[];
  /** Side holding each objective at the end of the step (-1 nobody). */
  holders: number[];
  /** Battle: where each leader stands at the end of the step (indexes into subject.leaders), and his rating; the dead are absent. */
  leaders: { leader: number; place: number; rating: number }[];
  end: boolean;
}

export interface Narrative {
  /** Every line of the story in order: title and order of battle, then the play. */
  lines: TraceLine[];
  steps: TraceStep[];
  /** The `end` event, if the events have one. */
  end: { winner: SideIndex | null; reason: string; turn: number } | null;
}

export const PHASE_TITLES: Readonly<Record<string, string>> = {
  command: 'Command and reorganization',
  bombardment: 'Bombardment',
  charges: 'Cavalry charges',
  movement: 'Movement',
  combat: 'Combat',
  turnEnd: 'Turn end',
  disruptionRemoval: 'Disruption removal',
};

/** How an engagement ended, in words; the trace story and its map page both use it. */
const REASONS = {
  retreat: 'the other side retreated',
  destroyed: 'a side was destroyed',
  time: 'time ran out',
  bothRetreated: 'both sides retreated',
  victoryPoints: 'victory points (18)',
  armyDemoralized: 'an army was demoralized (13)',
} as const;

export function reasonText(reason: string): string {
  return (REASONS as Readonly<Record<string, string>>)[reason] ?? reason;
}

/** A number as a person would write it: 6, 4.5, 6.75. */
export function num(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toFixed(2)));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Builds the narrative of `events` about `subject`; `final` adds what only the result knows (victory points). */
export function narrate(events: readonly AorEvent[], subject: TraceSubject, final: TraceFinal = {}): Narrative {
  return new Narrator(subject, final).run(events);
}

type Context =
  | { kind: 'none' }
  | { kind: 'assault'; side: SideIndex; defender: number; attackers: number[]; fires: number }
  | { kind: 'bombard'; side: SideIndex; target: number }
  | { kind: 'round' }
  | { kind: 'charge'; side: SideIndex };

/** A charge announced (7.6: all charges move, then each is resolved in turn). */
interface PlannedCharge {
  side: SideIndex;
  units: number[];
  from: number;
  target: number;
}

/** A charge being resolved: steps lost on each side so far. */
interface Resolving extends PlannedCharge {
  pursuit: boolean;
  /** A pursuit of another enemy, which fires back and may win (7.7). */
  returnFire: boolean;
  fires: number;
  lostChargers: number;
  lostTarget: number;
}

/** What passing fire on a unit can bring about before the unit's move is known (7.12, 7.4, 6.1, 14). */
const PASSING_FIRE_SEQUEL: ReadonlySet<AorEvent['type']> = new Set(['fire', 'hit', 'check', 'cohesion', 'eliminated', 'removed', 'retreat', 'relocate', 'broken']);

const passingOnTheMove = (e: AorEvent) => e.type === 'fire' && e.modifiers.some((m) => m.startsWith('passing fire') && m.includes(' on the move '));

/**
 * The indexes of `events` in the order the story tells them. The engine knows how far a move went only
 * once the passing fire along it (7.12) has stopped it or not, so the move comes after that fire in the
 * events; the story tells the move first and the fire, with its hits and checks, after it.
 */
export function tellingOrder(events: readonly AorEvent[]): number[] {
  const order: number[] = [];
  let held: number[] = [];
  let firing: SideIndex | null = null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (held.length > 0) {
      if (e.type === 'move' && e.side === 1 - (firing as number)) {
        order.push(i, ...held);
        held = [];
        continue;
      }
      if (PASSING_FIRE_SEQUEL.has(e.type)) {
        held.push(i);
        continue;
      }
      order.push(...held); // not a move's passing fire after all: told as it came
      held = [];
    }
    if (e.type === 'fire' && passingOnTheMove(e)) {
      held.push(i);
      firing = e.side;
      continue;
    }
    order.push(i);
  }
  order.push(...held);
  return order;
}

class Narrator {
  private readonly ordersSeen = new Set<string>();
  private readonly s: TraceSubject;
  private readonly final: TraceFinal;
  private readonly grid: HexGrid | null;
  private readonly byId = new Map<string, number>();
  private readonly place: number[];
  private readonly steps: number[];
  private readonly disrupted: boolean[];
  private readonly bombDisrupted: boolean[];
  private readonly out: boolean[];
  private readonly holders: number[];
  /** Battle: each leader's hex (-1 while dead), and leaders by id. */
  private readonly leaderPlace: number[];
  private readonly leaderRating: number[];
  private readonly leaderById = new Map<string, number>();
  private readonly lines: TraceLine[] = [];
  private readonly stepList: TraceStep[] = [];
  private step!: TraceStep;
  private turn = 0;
  private side: SideIndex | null = null;
  private night = false;
  private ctx: Context = { kind: 'none' };
  private end: Narrative['end'] = null;
  /** Indexes of `disrupted` events told by the retreat that follows them, and which units each retreat tells so. */
  private readonly quiet = new Set<number>();
  private readonly retreatDisrupted = new Map<number, Set<string>>();
  /** Indexes of `check` events that are square checks (a `square` event follows). */
  private readonly squareChecks = new Set<number>();
  private planned: PlannedCharge[] = [];
  private resolving: Resolving | null = null;
  /** A pursuit announced and then met by a reaction charge (7.8) before its own fire: resumed at that fire. */
  private pausedPursuit: Resolving | null = null;
  private events: readonly AorEvent[] = [];
  private heads: TraceLine[] = [];

  constructor(s: TraceSubject, final: TraceFinal) {
    this.s = s;
    this.final = final;
    this.grid = s.kind === 'battle' ? new HexGrid(s.map.width, s.map.height) : null;
    s.units.forEach((u, i) => this.byId.set(u.id, i));
    this.place = s.units.map((u, i) => (s.kind === 'battle' ? ((u.arrives ?? 1) > 1 ? -1 : (u.start ?? -1)) : placeInAssault(s, i)));
    this.steps = s.units.map((u) => u.startSteps);
    this.disrupted = s.units.map((u) => u.startDisrupted);
    this.bombDisrupted = s.units.map(() => false);
    this.out = s.units.map(() => false);
    this.holders = s.kind === 'battle' ? s.objectives.map((o) => o.holder) : [];
    const leaders = s.kind === 'battle' ? (s.leaders ?? []) : [];
    leaders.forEach((l, i) => this.leaderById.set(l.id, i));
    this.leaderPlace = leaders.map((l) => l.start);
    this.leaderRating = leaders.map((l) => l.rating);
  }

  run(events: readonly AorEvent[]): Narrative {
    this.events = events;
    this.markQuiet(events);
    this.openStep('Start', null);
    this.head();
    for (const i of tellingOrder(events)) {
      this.settleCharge(events[i], i);
      this.event(events[i], i);
    }
    this.settleCharge(null, -1);
    this.step.lines.push(...this.heads.splice(0));
    this.closeStep();
    return { lines: this.lines, steps: this.stepList, end: this.end };
  }

  // --- naming ---------------------------------------------------------------------------------

  private get battle(): BattleSubject | null {
    return this.s.kind === 'battle' ? this.s : null;
  }

  private hex(h: number): string {
    const b = this.battle;
    if (!b) return h === 0 ? "the defender's hex" : `stack ${h} (hexside ${this.stackDir(h - 1)})`;
    return h < 0 ? 'off the map' : hexName(b.map.width, h);
  }

  private stackDir(k: number): string {
    if (this.s.kind !== 'assault') return '';
    const d = this.s.stacks[k].direction;
    return `${d} ${DIRECTION_NAMES[d]}`;
  }

  private sideName(side: number): string {
    return this.s.sides[side].name;
  }

  private unit(id: string): number {
    const u = this.byId.get(id);
    if (u === undefined) throw new Error(`trace: event names unit '${id}', which the engagement does not have`);
    return u;
  }

  private strength(u: number): number {
    const spec = this.s.units[u];
    const st = this.steps[u];
    return st <= 0 ? 0 : st === spec.maxSteps ? spec.full : spec.reduced;
  }

  private unitsAt(place: number): number[] {
    const out: number[] = [];
    this.place.forEach((p, u) => {
      if (p === place && this.steps[u] > 0 && !this.out[u]) out.push(u);
    });
    return out;
  }

  private ids(units: number[]): string {
    return units.map((u) => this.s.units[u].id).join(', ');
  }

  private terrainOf(hex: number): string {
    const b = this.battle;
    if (b) return b.map.terrain[hex];
    return hex === 0 && this.s.kind === 'assault' ? this.s.defenderTerrain : this.s.kind === 'assault' ? this.s.stacks[hex - 1].terrain : '';
  }

  /** Hexside features between two adjacent battle hexes, as words. */
  private across(a: number, b: number): string {
    const m = this.battle?.map;
    const g = this.grid;
    if (!m || !g) return '';
    const found = m.hexsides.find((x) => (x.hex === a && g.neighbor(a, x.dir) === b) || (x.hex === b && g.neighbor(b, x.dir) === a));
    return found ? found.features.join(' and ') : '';
  }

  private holderName(side: number): string {
    return side < 0 ? 'nobody' : this.sideName(side);
  }

  // --- output ---------------------------------------------------------------------------------

  private say(depth: number, text: string, kind: LineKind = 'event'): void {
    const line = { depth, kind, text };
    this.lines.push(line);
    // Turn and player-turn headings of a battle belong to the step of the phase that follows them.
    if (this.s.kind === 'battle' && (kind === 'turn' || kind === 'player')) this.heads.push(line);
    else this.step.lines.push(line);
  }

  /** The depth of event lines: under the phase in a battle, under the round in an assault. */
  private get d(): number {
    return this.s.kind === 'battle' ? 3 : 1;
  }

  private openStep(title: string, phase: string | null): void {
    if (this.step) this.closeStep();
    this.step = {
      index: this.stepList.length,
      title,
      turn: this.turn,
      side: this.side,
      phase,
      lines: this.heads,
      units: [],
      arrows: [],
      lost: [],
      holders: [],
      leaders: [],
      end: false,
    };
    this.stepList.push(this.step);
    this.heads = [];
  }

  private closeStep(): void {
    const st = this.step;
    st.units = [];
    this.place.forEach((p, u) => {
      if (p >= 0 && this.steps[u] > 0) st.units.push({ unit: u, place: p, steps: this.steps[u], disrupted: this.disrupted[u], out: this.out[u] });
    });
    st.holders = this.holders.slice();
    st.leaders = [];
    this.leaderPlace.forEach((p, leader) => {
      if (p >= 0) st.leaders.push({ leader, place: p, rating: this.leaderRating[leader] });
    });
  }

  private arrow(kind: ArrowKind, side: SideIndex, places: number[]): void {
    this.step.arrows.push({ kind, side, places });
  }

  private lose(u: number, place: number): void {
    if (!this.step.lost.some((l) => l.unit === u)) this.step.lost.push({ unit: u, place });
  }

  // --- the head: what is about to fight --------------------------------------------------------

  private head(): void {
    const s = this.s;
    this.say(0, s.title ? `${s.title} (${s.name})` : s.name, 'title');
    if (s.kind === 'battle') this.battleHead(s);
    else this.assaultHead();
  }

  /** A leader in the order of battle: name, rating and starting hex. */
  private leaderLine(l: TraceLeader): string {
    const w = this.battle?.map.width ?? 1;
    return `${l.name}${l.name !== l.id ? ` (${l.id})` : ''} (rating ${l.rating}) at ${hexName(w, l.start)}`;
  }

  private leaderName(id: string): string {
    const i = this.leaderById.get(id);
    return i === undefined ? id : (this.battle?.leaders?.[i].name ?? id);
  }

  private unitLine(u: number, where: string): string {
    const x = this.s.units[u];
    const str = x.maxSteps > 1 ? `${x.full}/${x.reduced}` : `${x.full}`;
    const extra = [
      x.startSteps < x.maxSteps ? 'damaged' : '',
      x.startDisrupted ? 'disrupted' : '',
      x.flags.length ? x.flags.join(' ') : '',
      x.movement !== undefined ? `MA ${x.movement}` : '',
    ].filter((t) => t !== '');
    return `${x.id}: ${x.kind} ${str}, morale ${x.morale}${extra.length ? `, ${extra.join(', ')}` : ''}${where}`;
  }

  private battleHead(s: BattleSubject): void {
    const w = s.map.width;
    const night = s.night.length ? `; night on turn${s.night.length > 1 ? 's' : ''} ${s.night.join(', ')}` : '';
    this.say(0, `Battle of ${s.turns} turns on a ${s.map.width} x ${s.map.height} hex map; ${this.sideName(s.first)} move first${night}`, 'title');
    this.say(0, 'Order of battle', 'section');
    for (const side of [0, 1] as SideIndex[]) {
      const sd = s.sides[side];
      const parts = [sd.role, sd.battleDoctrine ? `doctrine ${sd.battleDoctrine} (assaults ${sd.doctrine})` : `doctrine ${sd.doctrine}`];
      if (sd.armyLevel) parts.push(`army demoralized at ${sd.armyLevel} strength lost`);
      if (sd.supply?.length) parts.push(`supply ${sd.supply.map((h) => hexName(w, h)).join(' ')}`);
      this.say(1, `${sd.name} (${parts.join(', ')})`);
      for (const l of s.leaders ?? []) if (l.side === side && l.role !== 'leader') this.say(2, `${l.role === 'oc' ? 'Overall commander' : 'Wing commander'} ${this.leaderLine(l)}`);
      for (const f of s.formations.filter((x) => x.side === side)) {
        const fp = [`${f.orders} orders`];
        if (f.objective >= 0) fp.push(`objective ${hexName(w, f.objective)}`);
        if (f.limit) fp.push(`demoralized at ${f.limit}`);
        const leader = s.leaders?.find((l) => l.role === 'leader' && l.formation === f.id);
        if (leader) fp.push(`led by ${this.leaderLine(leader)}`);
        this.say(2, `${f.name} (${f.id}): ${fp.join(', ')}`);
        s.units.forEach((u, i) => {
          if (u.side !== side || u.formation !== f.id) return;
          const at = (u.arrives ?? 1) > 1 ? ` arrives on turn ${u.arrives} at ${hexName(w, u.start ?? -1)}` : ` at ${hexName(w, u.start ?? -1)}`;
          this.say(3, this.unitLine(i, at));
        });
      }
    }
    if (s.objectives.length) {
      this.say(0, 'Objectives', 'section');
      for (const o of s.objectives) this.say(1, `${o.name} at ${hexName(w, o.hex)}: ${o.vp} VP, held by ${this.holderName(o.holder)}`);
    }
    const v = s.victory;
    this.say(
      0,
      `Victory: ${v.eliminationVp} VP per full strength point of eliminated enemy units; a draw within ${v.drawMargin} VP` +
        (!v.armyDemoralizedLoses
          ? ''
          : (this.s.options?.armyDemoralization ?? 'french') === 'anyArmy'
            ? '; the first army demoralized loses'
            : `; the ${this.sideName(s.first)} lose at once if their army is demoralized, the ${this.sideName(1 - s.first)} if theirs disintegrates (18)`),
      'section',
    );
  }

  private assaultHead(): void {
    const s = this.s;
    if (s.kind !== 'assault') return;
    this.say(0, `Assault of up to ${s.turns} rounds; when time runs out ${s.onTime === 'defender' ? 'the defender wins' : 'it is a draw'}`, 'title');
    this.say(0, 'Order of battle', 'section');
    this.say(1, `${s.sides[0].name} (attacker, doctrine ${s.sides[0].doctrine})`);
    s.stacks.forEach((st, k) => {
      const how = [`hexside ${st.direction} (${DIRECTION_NAMES[st.direction]})`];
      if (st.across !== 'none') how.push(`across ${st.across}`);
      how.push(`from ${st.terrain}`);
      if (st.movedAdjacent) how.push('moved adjacent in line of sight (7.3)');
      this.say(2, `Stack ${k + 1}: ${how.join(', ')}`);
      for (const u of st.units) this.say(3, this.unitLine(u, ''));
    });
    this.say(1, `${s.sides[1].name} (defender in ${s.defenderTerrain}, doctrine ${s.sides[1].doctrine})`);
    for (const u of s.defender) this.say(2, this.unitLine(u, ''));
  }

  // --- the play -------------------------------------------------------------------------------

  /** `disrupted` events that a following `retreat` event names (the retreat line says it); square checks. */
  private markQuiet(events: readonly AorEvent[]): void {
    events.forEach((e, i) => {
      if (e.type === 'check' && events[i + 1]?.type === 'square') this.squareChecks.add(i);
      if (e.type !== 'retreat') return;
      const told = new Set<string>();
      for (let k = i - 1; k >= 0; k--) {
        const p = events[k];
        if (p.type === 'cohesion' && p.to === 'disrupted' && p.side === e.side && e.units.includes(p.unit)) {
          this.quiet.add(k);
          told.add(p.unit);
        } else if (!(p.type === 'eliminated' && p.side === e.side)) break;
      }
      this.retreatDisrupted.set(i, told);
    });
  }

  private event(e: AorEvent, i: number): void {
    switch (e.type) {
      case 'turn':
        return this.onTurn(e.turn);
      case 'playerTurn':
        this.side = e.side;
        this.night = e.night;
        this.say(1, `${this.sideName(e.side)} player turn${e.night ? ' (night: no bombardment, no combat, no entering enemy zones of control)' : ''}`, 'player');
        return;
      case 'phase':
        this.ctx = { kind: 'none' };
        this.planned = [];
        this.side = e.side;
        this.openStep(`Turn ${e.turn}${this.night ? ' (night)' : ''}, ${this.sideName(e.side)}: ${PHASE_TITLES[e.phase] ?? e.phase}`, e.phase);
        this.say(2, PHASE_TITLES[e.phase] ?? e.phase, 'phase');
        return;
      case 'move':
        return this.onMove(e.side, e.unit, e.path);
      case 'relocate':
        return this.onRelocate(e.side, e.unit, e.from, e.to, e.why);
      case 'assault':
        return this.onAssault(e.side, e.attackers, e.defender, e.flanked, e.defenderFiresFirst, e.firing);
      case 'bombard':
        return this.onBombard(e.side, e.guns, e.from, e.target);
      case 'fire':
        return this.onFire(e.side, e.rawStrength, e.strength, e.roll, e.hits, e.modifiers);
      case 'voluntaryRetreat':
        this.say(this.d, `Voluntary retreat by the ${this.sideName(e.side)} (7.4): the hits of this round are halved`);
        return;
      case 'halved':
        if (e.before > 0) this.say(this.d, `hits on the ${this.sideName(e.side)} halved: ${e.before} -> ${e.after}`);
        return;
      case 'hit':
        return this.onHit(e.unit, e.left);
      case 'check':
        return this.onCheck(e.side, this.squareChecks.has(i) ? 'square' : e.purpose, e.unit, e.target, e.modifiers, e.roll as number, e.passed);
      case 'retreat':
        return this.onRetreat(e.side, e.forced, e.units, this.retreatDisrupted.get(i) ?? new Set(), e.beforeAssault === true);
      case 'cohesion': {
        const u = this.unit(e.unit);
        if (e.to === 'good') {
          this.disrupted[u] = false;
          this.bombDisrupted[u] = false;
          return;
        }
        this.disrupted[u] = true;
        if (this.ctx.kind === 'bombard') this.bombDisrupted[u] = true;
        if (!this.quiet.has(i)) this.say(this.d, `${e.unit} is disrupted${this.ctx.kind === 'bombard' ? ' by the first hit of the bombardment (8.1)' : ''}`);
        return;
      }
      case 'eliminated': {
        const u = this.unit(e.unit);
        this.say(this.d, `${e.unit} is eliminated: ${e.reason}`);
        if (this.s.kind === 'assault') {
          this.steps[u] = 0;
          this.disrupted[u] = false;
          this.lose(u, this.place[u]);
        }
        return;
      }
      case 'removed':
        return this.onRemoved(e.unit, e.at, e.why);
      case 'leader':
        return this.onLeader(e.leader, e.from, e.to, e.why, i);
      case 'broken':
        if (e.formation === null) this.say(this.d, `The army of the ${this.sideName(e.side)} is demoralized (13)`);
        else {
          const f = this.battle?.formations.find((x) => x.id === e.formation);
          this.say(this.d, `${f ? `${f.name} (${f.id})` : e.formation} is demoralized (14.1): morale -1, movement -1`);
        }
        return;
      case 'end':
        return this.onEnd(e.winner, e.reason, e.turn);
      case 'charge':
        return this.onCharge(e.side, e.units, e.from, e.target, e.reaction);
      case 'square':
        return; // told by the square check before it
      case 'pursuit':
        return this.onPursuit(e.side, e.units, e.target, e.returnFire === true, e.retreated === true);
      case 'orders': {
        const name = (this.s.kind === 'battle' ? this.s.formations.find((f) => f.id === e.formation)?.name : undefined) ?? e.formation;
        const text =
          e.why === 'night'
            ? `${name}'s Attack orders fail at night, its objective not taken (16): it goes to ${e.orders} orders`
            : e.why === 'zoc'
            ? `${name}'s march is stopped by an enemy zone of control (12.2): it goes to ${e.orders} orders`
            : e.arrives === e.turn && this.ordersSeen.has(`${e.formation}/${e.orders}`)
            ? `${name} now carries out its ${e.orders} orders`
            : e.arrives === e.turn
              ? `${name} receives ${e.orders} orders at once (12.4: no delay)`
              : `${this.sideName(e.side)} command sends ${e.orders} orders to ${name}: they arrive in turn ${e.arrives} (12.4)`;
        this.ordersSeen.add(`${e.formation}/${e.orders}`);
        this.say(this.d, text);
        return;
      }
      default:
        this.say(this.d, `(${(e as { type: string }).type}: ${JSON.stringify(e)})`);
    }
  }

  private onTurn(turn: number): void {
    if (this.s.kind === 'battle') {
      this.endOfGameTurn();
      this.turn = turn;
      this.say(0, `Turn ${turn}`, 'turn');
      return;
    }
    this.turn = turn;
    this.side = 0;
    this.ctx = { kind: 'round' };
    this.openStep(`Round ${turn}`, 'round');
    this.say(0, `Round ${turn}`, 'turn');
    const s = this.s;
    const stacks = s.stacks.map((st, k) => ({ st, k, units: this.unitsAt(k + 1) })).filter((x) => x.units.length > 0);
    const from = stacks.map((x) => `${this.stackDir(x.k)} [${this.ids(x.units)}]`);
    this.say(1, `Assault by the ${s.sides[0].name} on the ${s.defenderTerrain} hex [${this.ids(this.unitsAt(0))}] through hexside${from.length > 1 ? 's' : ''} ${listed(from)}`);
    for (const x of stacks) this.arrow('assault', 0, [x.k + 1, 0]);
  }

  /** 8.1: disruption from bombardment ends with the game turn (the events do not say it; inferred). */
  private endOfGameTurn(): void {
    const ended: number[] = [];
    this.bombDisrupted.forEach((b, u) => {
      if (!b) return;
      this.bombDisrupted[u] = false;
      if (this.steps[u] > 0 && this.disrupted[u]) {
        this.disrupted[u] = false;
        ended.push(u);
      }
    });
    if (ended.length) this.say(2, `End of turn ${this.turn}: bombardment disruption ends (8.1) for ${this.ids(ended)}`);
  }

  private onMove(side: SideIndex, id: string, path: number[]): void {
    const u = this.unit(id);
    const from = path[0];
    const to = path[path.length - 1];
    this.place[u] = to;
    const via = path.slice(1, -1).map((h) => this.hex(h));
    this.say(this.d, `${id} ${this.hex(from)} -> ${this.hex(to)}${via.length ? ` via ${via.join(' ')}` : ''}`);
    this.arrow('move', side, path.slice());
    for (const h of path) this.hold(h, side);
  }

  /** 18: the last side to move a unit into or through an objective hex holds it. */
  private hold(hex: number, side: SideIndex): void {
    const b = this.battle;
    if (!b) return;
    b.objectives.forEach((o, i) => {
      if (o.hex !== hex || this.holders[i] === side) return;
      this.holders[i] = side;
      this.say(this.d + 1, `${o.name} (${this.hex(hex)}) is now held by the ${this.sideName(side)}`);
    });
  }

  private onRelocate(side: SideIndex, id: string, from: number, to: number, why: string): void {
    const u = this.unit(id);
    this.place[u] = to;
    if (why === 'reorganized') {
      this.steps[u] = 1;
      this.disrupted[u] = false;
      this.out[u] = false;
      this.say(this.d, `${id} is reorganized at ${this.hex(to)}, on its reduced side (15); its leader gives no command range for the rest of the turn`);
      this.hold(to, side);
      return;
    }
    if (why === 'arrival' || from < 0) {
      this.say(this.d, `${id} arrives at ${this.hex(to)} (9)`);
      this.hold(to, side);
      return;
    }
    const what = why === 'retreat' ? 'retreats' : why === 'advance' ? (this.ctx.kind === 'charge' ? 'takes the hex (7.6)' : 'advances after combat (7.5)') : 'leaves the overstacked hex (5.3)';
    this.say(this.d, `${id} ${what} ${this.hex(from)} -> ${this.hex(to)}`);
    this.arrow(why === 'retreat' || why === 'advance' ? why : 'stacking', side, [from, to]);
    if (why === 'retreat') {
      this.bombDisrupted[u] = false;
      // 7.4: a retreat that overstacks a hex disrupts every unit in it (the events do not say it; inferred).
      const limit = this.battle?.map.terrain[to] === 'fort' ? 1 : 2;
      const here = this.unitsAt(to);
      if (here.length > limit) {
        const fresh = here.filter((x) => !this.disrupted[x]);
        for (const x of fresh) this.disrupted[x] = true;
        if (fresh.length) this.say(this.d + 1, `${this.hex(to)} is overstacked: ${this.ids(fresh)} disrupted (7.4)`);
      }
    }
    this.hold(to, side);
  }

  private onAssault(side: SideIndex, attackers: number[], defender: number, flanked: boolean, firesFirst: boolean, firing?: string[][]): void {
    this.ctx = { kind: 'assault', side, defender, attackers, fires: 0 };
    const from = attackers.map((h, i) => {
      const across = this.across(h, defender);
      const here = this.unitsAt(h);
      // Units of the hex that take no part (12.2 Reserve or March orders, 12.1, 8.2) are named apart.
      const idle = firing ? here.filter((u) => !firing[i].includes(this.s.units[u].id)) : [];
      const taking = here.filter((u) => !idle.includes(u));
      return `${this.hex(h)}${across ? ` across the ${across}` : ''} [${this.ids(taking)}${idle.length ? `; not attacking: ${this.ids(idle)}` : ''}]`;
    });
    const notes = [flanked ? 'flank attack (7.6)' : attackers.length > 1 ? 'frontal' : '', firesFirst ? 'the defender fires first (7.3)' : ''].filter((t) => t);
    this.say(
      this.d,
      `Assault on ${this.hex(defender)} (${this.terrainOf(defender)}) [${this.ids(this.unitsAt(defender))}] from ${listed(from)}${notes.length ? `: ${notes.join('; ')}` : ''}`,
    );
    for (const h of attackers) this.arrow('assault', side, [h, defender]);
  }

  private onBombard(side: SideIndex, guns: string[], from: number[], target: number): void {
    this.ctx = { kind: 'bombard', side, target };
    const where = guns.map((g, k) => `${g} (${this.hex(from[k])})`);
    this.say(this.d, `${listed(where)} bombard${guns.length === 1 ? 's' : ''} ${this.hex(target)} (${this.terrainOf(target)}) [${this.ids(this.unitsAt(target))}]`);
    const seen = new Set<number>();
    for (const h of from) {
      if (seen.has(h)) continue;
      seen.add(h);
      this.arrow('bombard', side, [h, target]);
    }
  }

  private onFire(side: SideIndex, raw: number, strength: number, roll: number, hits: number, modifiers: string[]): void {
    const told = ['fires first (7.3)', 'bombardment (8.1)', 'charge (7.6)', 'against a charge (7.6)', 'reaction charge (7.8)', 'pursuit: no return fire (7.7)', 'pursuit: a charge on another enemy (7.7)'];
    const mods = modifiers.filter((m) => !told.includes(m) && !m.startsWith('passing fire'));
    if (this.ctx.kind === 'assault') this.ctx.fires++;
    if (this.resolving) this.resolving.fires++;
    let who: string;
    const passing = modifiers.find((m) => m.startsWith('passing fire'));
    // The engine's label says whether a move or a retreat drew it, and into which hex (a move's fire is
    // told before the move itself, which the fire may cut short).
    if (passing) who = `Passing fire by the ${this.sideName(side)}${passing.slice('passing fire'.length)}`;
    else if (this.ctx.kind === 'bombard') who = 'Bombardment fire';
    else if (this.ctx.kind === 'charge') {
      const r = this.resolving;
      who = r && side === r.side ? `${r.pursuit ? 'Pursuit' : 'Charge'} by the ${this.sideName(side)}` : `Fire by the ${this.sideName(side)} against the charge`;
    }
    else {
      const first = modifiers.includes('fires first (7.3)');
      const role = this.ctx.kind === 'assault' ? (side === this.ctx.side ? 'attackers' : 'defenders') : side === 0 ? 'attackers' : 'defenders';
      who = `${first ? 'First fire (7.3)' : 'Fire'} by the ${this.sideName(side)} (${role})`;
    }
    const str = raw === strength ? `strength ${strength}` : `strength ${num(raw)} -> ${strength}`;
    this.say(this.d, `${who}: ${str}${mods.length ? ` (${mods.join(', ')})` : ''}, 2d6 roll ${roll}: ${hits === 0 ? 'no hits' : plural(hits, 'hit')}`);
  }

  private onHit(id: string, stepsLeft: number): void {
    const u = this.unit(id);
    if (this.ctx.kind === 'none' && this.step.phase === 'turnEnd') {
      // 17: the only hits at turn end are for units out of supply (no event says so; inferred).
      this.steps[u] = stepsLeft;
      if (stepsLeft === 0) {
        this.disrupted[u] = false;
        this.lose(u, this.place[u]);
        this.place[u] = -1;
      }
      this.say(this.d, `${id} is out of supply (17) and loses a step: ${stepsLeft > 0 ? `strength ${this.strength(u)} (${plural(stepsLeft, 'step')} left)` : 'eliminated'}`);
      return;
    }
    const r = this.resolving;
    if (r) {
      if (this.s.units[u].side === r.side) r.lostChargers++;
      else r.lostTarget++;
    }
    this.steps[u] = stepsLeft;
    if (stepsLeft > 0) {
      this.say(this.d + 1, `hit on ${id}: flipped to its reduced side, strength ${this.strength(u)} (${plural(stepsLeft, 'step')} left)`);
      return;
    }
    this.disrupted[u] = false;
    this.say(this.d + 1, `hit on ${id}: eliminated`);
    this.lose(u, this.place[u]);
    if (this.s.kind === 'battle') this.place[u] = -1;
  }

  private onCheck(side: SideIndex, purpose: string, id: string, morale: number, modifiers: string[], roll: number, passed: boolean): void {
    const u = this.byId.get(id);
    const rating = u === undefined || purpose === 'pursuit' ? '' : `rating ${this.s.units[u].morale}`;
    const named = modifiers.filter((m) => !m.startsWith('reaction charge test') && !m.startsWith('pursuit test'));
    // Recovery checks carry no modifier labels: say by how much the morale differs from the rating.
    const unnamed = u !== undefined && purpose === 'recovery' && named.length === 0 && morale !== this.s.units[u].morale ? `${num(morale - this.s.units[u].morale)} unnamed` : '';
    const why = [rating, ...named, unnamed].filter((t) => t).join('; ');
    const value = `${purpose === 'pursuit' ? 'pursuit rating' : 'morale'} ${morale}${why ? ` (${why})` : ''}, roll ${roll}`;
    if (purpose === 'square') {
      this.say(this.d, `Square check (7.6) of the ${this.sideName(side)}, by ${id}: ${value}: ${passed ? 'square formed' : 'no square'}`);
      return;
    }
    if (purpose === 'reaction') {
      this.say(this.d, `Reaction charge test (7.8) by ${id}: ${value}: ${passed ? 'passes, it charges' : 'fails, it stays'}`);
      return;
    }
    if (purpose === 'pursuit') {
      this.say(this.d, `Pursuit test (7.7) by ${id}: ${value}: ${passed ? 'holds back' : 'above the rating, it must pursue'}`);
      return;
    }
    if (purpose === 'leader') {
      this.say(this.d, `${this.leaderName(id)}, left alone (11): roll ${roll}: ${passed ? 'he survives' : 'he falls'}`);
      return;
    }
    if (purpose === 'orders') {
      this.say(this.d, `Attack-order check (12.3) by ${id}: ${value}: ${passed ? 'the attack goes on' : 'fails: Reserve, and the units fall back three hexes'}`);
      return;
    }
    if (purpose === 'recovery') {
      if (u !== undefined) this.disrupted[u] = true;
      this.say(this.d, `recovery check (6.2) by ${id}: morale ${morale}${why ? ` (${why})` : ''}, roll ${roll}: ${passed ? 'recovers' : 'stays disrupted'}`);
      return;
    }
    this.say(
      this.d,
      `morale check (7.4) of the ${this.sideName(side)}, by ${id}: morale ${morale}${why ? ` (${why})` : ''}, roll ${roll}: ${passed ? 'passes, they stand' : 'fails'}`,
    );
  }

  private onRetreat(side: SideIndex, forced: boolean, ids: string[], disrupted: Set<string>, beforeAssault: boolean): void {
    const units = ids.map((id) => this.unit(id));
    for (const u of units) this.bombDisrupted[u] = false;
    // On the map the event says so; the assault engagement's retreats before any fire are 7.11's.
    const before = beforeAssault || (this.ctx.kind === 'assault' && this.ctx.fires === 0 && !forced);
    const what = before ? `Retreat before the assault (7.11) of the ${this.sideName(side)}` : `${forced ? 'Retreat' : 'Retreat by choice'} of the ${this.sideName(side)} (7.4)`;
    const names = ids.map((id) => (disrupted.has(id) ? `${id} (disrupted)` : id));
    this.say(this.d, ids.length ? `${what}: ${names.join(', ')}` : `${what}: no unit is left to retreat`);
    if (this.s.kind === 'assault') {
      const places = new Set<number>();
      for (const u of units) {
        this.out[u] = true;
        places.add(this.place[u]);
      }
      for (const p of places) this.arrow('retreat', side, [p]);
    }
  }

  private onCharge(side: SideIndex, ids: string[], from: number, target: number, reaction: boolean): void {
    this.ctx = { kind: 'charge', side };
    const units = ids.map((id) => this.unit(id));
    this.planned.push({ side, units, from, target });
    const across = this.across(from, target);
    this.say(
      this.d,
      `${reaction ? 'Reaction charge (7.8)' : 'Charge (7.6)'} by ${ids.join(', ')} from ${this.hex(from)} on ${this.hex(target)} (${this.terrainOf(target)}${across ? `, across the ${across}` : ''}) [${this.ids(this.unitsAt(target))}]`,
    );
    this.arrow('charge', side, [from, target]);
  }

  private onPursuit(side: SideIndex, ids: string[], target: number, returnFire: boolean, retreated: boolean): void {
    const from = this.resolving?.target ?? this.place[this.unit(ids[0])];
    this.resolving = { side, units: ids.map((id) => this.unit(id)), from, target, pursuit: true, returnFire, fires: 0, lostChargers: 0, lostTarget: 0 };
    const how = !returnFire
      ? 'the pursued do not fire back'
      : retreated
        ? 'the pursued do not fire back, the others in the hex do, charged as usual'
        : 'another enemy next to the won hex, charged as usual';
    this.say(this.d, `Pursuit (7.7) by ${ids.join(', ')} into ${this.hex(target)} [${this.ids(this.unitsAt(target))}]: ${how}`);
    this.arrow('pursuit', side, [from, target]);
  }

  /**
   * Charges are announced together and resolved one by one; the events of a resolution carry no
   * charge id. Before each event: start the next resolution when its first event comes (a square check
   * or the charger's fire), and close the one under way once its fire and hits are over, telling who
   * won (7.6) and, inferred as the rules do it silently, who falls back disrupted.
   */
  private settleCharge(e: AorEvent | null, i: number): void {
    if (this.ctx.kind !== 'charge') return;
    const r = this.resolving;
    if (e && (e.type === 'phase' || e.type === 'playerTurn' || e.type === 'turn' || e.type === 'end')) this.pausedPursuit = null;
    // A reaction charge at the pursuers (7.8) comes between the pursuit's announcement and its fire.
    if (r && e && r.pursuit && r.fires === 0 && e.type === 'charge' && e.reaction) {
      this.pausedPursuit = r;
      this.resolving = null;
      return;
    }
    if (r && e) {
      // Under way until its fire is over (a square check and the fires), then through the hits and removals.
      const boundary = e.type === 'charge' || e.type === 'phase' || e.type === 'playerTurn' || e.type === 'turn' || e.type === 'end' || e.type === 'pursuit';
      const fireOver = r.fires >= (r.pursuit && !r.returnFire ? 1 : 2);
      if (!boundary && !fireOver) return;
      if (!boundary && (e.type === 'hit' || e.type === 'removed' || e.type === 'broken' || e.type === 'eliminated')) return;
    }
    if (r) this.closeCharge(r);
    if (!e) return;
    const p = this.pausedPursuit;
    if (p && ((e.type === 'check' && this.squareChecks.has(i)) || (e.type === 'fire' && e.side === p.side && e.modifiers.some((m) => m.startsWith('pursuit:'))))) {
      this.resolving = p;
      this.pausedPursuit = null;
      return;
    }
    const opens = (e.type === 'check' && this.squareChecks.has(i)) || (e.type === 'fire' && e.modifiers.some((m) => m === 'charge (7.6)' || m === 'reaction charge (7.8)'));
    if (!opens) return;
    const target = e.type === 'check' ? (this.events[i + 1] as { hex: number }).hex : -1;
    while (this.planned.length) {
      const p = this.planned.shift()!;
      const live = p.units.filter((u) => this.steps[u] > 0 && this.place[u] === p.from);
      const enemy = this.unitsAt(p.target).some((u) => this.s.units[u].side !== p.side);
      if (!enemy || live.length === 0 || (target >= 0 && p.target !== target)) continue;
      this.resolving = { ...p, units: live, pursuit: false, returnFire: true, fires: 0, lostChargers: 0, lostTarget: 0 };
      this.say(this.d, `The charge on ${this.hex(p.target)} by ${this.ids(live)}:`);
      return;
    }
  }

  private closeCharge(r: Resolving): void {
    this.resolving = null;
    const loser = this.sideName(1 - r.side);
    const lost = `the ${this.sideName(r.side)} lose ${plural(r.lostChargers, 'step')}, the ${loser} ${plural(r.lostTarget, 'step')}`;
    if (r.pursuit && !r.returnFire) {
      this.say(this.d + 1, `pursuit over: ${lost}`);
      return;
    }
    const what = r.pursuit ? 'the pursuit' : 'the charge';
    const left = r.units.filter((u) => this.steps[u] > 0);
    const tie = r.lostChargers === r.lostTarget;
    const returns = r.lostChargers > r.lostTarget || (tie && (this.s.options?.chargeTie ?? 'chargerReturns') === 'chargerReturns');
    if (r.lostTarget > r.lostChargers) {
      const beaten = this.unitsAt(r.target);
      for (const u of beaten) this.disrupted[u] = true;
      this.say(this.d + 1, `${what} wins (7.6): ${lost}${beaten.length ? `; ${this.ids(beaten)} ${beaten.length === 1 ? 'falls' : 'fall'} back, disrupted` : ''}`);
    } else if (returns) {
      for (const u of left) this.disrupted[u] = true;
      // A beaten pursuit goes back to the hex its charge started from (7.7), which the pursuit event does not name.
      const one = left.length === 1;
      const back = r.pursuit ? (one ? 'falls back' : 'fall back') : `${one ? 'returns' : 'return'} to ${this.hex(r.from)}`;
      this.say(this.d + 1, `${tie ? 'a tie' : `${what} fails`} (7.6): ${lost}${left.length ? `; ${this.ids(left)} ${back}, disrupted` : ''}`);
    } else {
      this.say(this.d + 1, `a tie (7.6): ${lost}; both stay (aor.chargeTie bothStay)`);
    }
  }

  /**
   * A leader changed hex (11, 12.2, 7.5). The leaders who follow their formations at the end of the
   * movement segment are told in one line, from the first of their run of events.
   */
  private onLeader(id: string, from: number, to: number, why: LeaderMove, i: number): void {
    const k = this.leaderById.get(id);
    if (k !== undefined) this.leaderPlace[k] = to;
    if (k !== undefined && why === 'returned') this.leaderRating[k] = 1;
    const name = this.leaderName(id);
    const at = this.hex(to);
    const previous = this.events[i - 1];
    switch (why) {
      case 'moved': {
        if (previous?.type === 'leader' && previous.why === 'moved') return;
        const run: string[] = [];
        for (let j = i; j < this.events.length; j++) {
          const e = this.events[j];
          if (e.type !== 'leader' || e.why !== 'moved') break;
          run.push(`${this.leaderName(e.leader)} to ${this.hex(e.to)}`);
        }
        this.say(this.d, `Leaders follow their formations (11): ${run.join('; ')}`);
        return;
      }
      case 'joined': {
        if (to < 0) return this.say(this.d, `${name} has no friendly unit left to join (11)`);
        // After a roll to survive being left alone the check has told why; otherwise an enemy came into his hex.
        const survived = previous?.type === 'check' && previous.purpose === 'leader' && previous.unit === id;
        this.say(this.d, `${name}${survived ? '' : `, alone at ${this.hex(from)} when the enemy entered,`} joins the nearest friendly unit at ${at} (11)`);
        return;
      }
      case 'advance':
        return this.say(this.d, `${name} goes forward with them into ${at} (7.5)`);
      case 'march':
        return this.say(this.d, `${name} is placed with the leading unit at ${at} (12.2)`);
      case 'killed':
        return; // told by the roll before it
      case 'returned':
        return this.say(this.d, `${name} returns, rated 1, with his formation at ${at} (11)`);
    }
  }

  private onRemoved(id: string, hex: number, why: 'eliminated' | 'exited'): void {
    const u = this.unit(id);
    const at = hex >= 0 ? hex : this.place[u];
    this.steps[u] = 0;
    this.disrupted[u] = false;
    this.place[u] = -1;
    this.lose(u, at);
    this.say(this.d + 1, why === 'exited' ? `${id} retreats off the map from ${this.hex(at)}: it counts as eliminated (5.6)` : `${id} is taken off the map at ${this.hex(at)}`);
  }

  private onEnd(winner: SideIndex | null, reason: string, turn: number): void {
    this.end = { winner, reason, turn };
    if (this.s.kind === 'battle') this.endOfGameTurn();
    this.step.end = true;
    const who = winner === null ? 'a draw' : `winner the ${this.sideName(winner)}`;
    this.say(0, `End after ${this.s.kind === 'battle' ? 'turn' : 'round'} ${turn}: ${who}; ${this.why(winner, reason)}`, 'section');
    const b = this.battle;
    const vp = this.final.victoryPoints;
    if (b && vp) {
      const margin = reason === 'victoryPoints' ? ` (a side wins only when ahead by more than ${b.victory.drawMargin})` : '';
      this.say(1, `Victory points: ${this.sideName(0)} ${vp[0]}, ${this.sideName(1)} ${vp[1]}${margin}`);
    }
    if (b && b.objectives.length) {
      const held = this.final.objectives ?? this.holders;
      this.say(1, `Objectives: ${b.objectives.map((o, i) => `${o.name} (${this.hex(o.hex)}) ${this.holderName(held[i])}`).join('; ')}`);
    }
    for (const side of [0, 1] as SideIndex[]) {
      let lost = 0, gone = 0, start = 0;
      this.s.units.forEach((x, u) => {
        if (x.side !== side) return;
        const s0 = x.startSteps === x.maxSteps ? x.full : x.reduced;
        start += s0;
        lost += s0 - this.strength(u);
        if (this.steps[u] <= 0) gone++;
      });
      this.say(1, `${this.sideName(side)}: lost ${lost} of ${start} strength, ${plural(gone, 'unit')} eliminated`);
    }
  }

  private why(winner: SideIndex | null, reason: string): string {
    const loser = winner === null ? null : this.sideName(1 - winner);
    switch (reason) {
      case 'armyDemoralized':
        return loser ? `the army of the ${loser} is demoralized (13)` : REASONS.armyDemoralized;
      case 'destroyed':
        return loser ? `no unit of the ${loser} is left` : 'both sides were destroyed';
      case 'retreat':
        return loser ? `the ${loser} retreated` : REASONS.retreat;
      case 'time':
        return this.s.kind === 'assault' && winner !== null ? 'time ran out: the defender holds' : 'time ran out';
      case 'victoryPoints':
        return 'on victory points (18)';
      default:
        return reasonText(reason);
    }
  }
}

function placeInAssault(s: TraceSubject, u: number): number {
  if (s.kind !== 'assault') return -1;
  if (s.defender.includes(u)) return 0;
  return s.stacks.findIndex((st) => st.units.includes(u)) + 1;
}
