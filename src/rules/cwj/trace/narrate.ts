/**
 * The story of a CWJ engagement in words a wargamer reads, citing the rulings' heading tags, and its
 * steps for the trace page: one step per phase of every player turn (the lane after it, with the moves,
 * charges and retreats of the phase as arrows), the deployment first and the end last.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceLine } from '../../../core/ruleset.js';
import type { CwjEvent, CwjPhase, LaneUnit } from '../events.js';
import type { TraceSubject } from './subject.js';

export interface TraceArrow {
  kind: 'move' | 'charge' | 'retreat';
  side: 0 | 1;
  unit: string;
  from: number;
  to: number;
}

export interface TraceStep {
  title: string;
  turn: number;
  side: 0 | 1 | null;
  phase: string | null;
  end: boolean;
  lines: TraceLine[];
  units: LaneUnit[];
  holder: number;
  commanders: { side: 0 | 1; x: number; y: number }[];
  arrows: TraceArrow[];
  /** Units removed in this step, where they stood. */
  lost: LaneUnit[];
}

export const PHASE_WORDS: Readonly<Record<CwjPhase, string>> = {
  rally: 'Rally phase [SoP] l.5-6',
  movement: 'Movement phase [SoP] l.7-9',
  defensiveFire: 'Defensive fire phase [SoP] l.10-11',
  charge: 'Charge phase [SoP] l.12',
  advancingFire: 'Advancing fire phase [SoP] l.13-14',
  melee: 'Melee phase [SoP] l.15',
};

const PHASE_SHORT: Readonly<Record<CwjPhase, string>> = {
  rally: 'rally',
  movement: 'movement',
  defensiveFire: 'defensive fire',
  charge: 'charge',
  advancingFire: 'advancing fire',
  melee: 'melee',
};

const REASON_WORDS: Readonly<Record<string, string>> = {
  attackerBroken: 'the attacker broke: its army defeated or every unit gone',
  defenderRouted: 'the defender broke: its army defeated or every unit gone',
  carried: 'the attacker carried the position',
  repulsed: 'the attacker was repulsed',
  time: 'the turn limit was reached',
  draw: 'both armies were defeated at once',
};

export function reasonText(reason: string): string {
  return REASON_WORDS[reason] ?? reason;
}

const FORMATION_WORDS: Readonly<Record<string, string>> = {
  line: 'line',
  column: 'column',
  square: 'square',
  skirmish: 'skirmish order',
  deployed: 'Deployed',
  limbered: 'limbered',
  unlimbered: 'unlimbered',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  guard: 'Guard infantry',
  grenadier: 'Grenadiers',
  lightInfantry: 'Light infantry',
  jager: 'Jäger',
  grenz: 'Grenz',
  line: 'Line infantry',
  vetLine: 'Veteran Line infantry',
  conscript: 'Conscripts',
  landwehr: 'Landwehr',
  heavyCavalry: 'Heavy cavalry',
  lancer: 'Lancers',
  mediumCavalry: 'Medium cavalry',
  lightCavalry: 'Light cavalry',
  heavyFootArtillery: 'Heavy foot battery',
  mediumFootArtillery: 'Medium foot battery',
  lightFootArtillery: 'Light foot battery',
  mediumHorseArtillery: 'Medium horse battery',
  lightHorseArtillery: 'Light horse battery',
};

const cm = (x: number) => `${Math.round(x * 10) / 10}`;
const signed = (m: number) => (m >= 0 ? `+${m}` : `${m}`);

export function unitWords(u: TraceSubject['units'][number]): string {
  const f = u.fire === null ? '-' : String(u.fire);
  return `${u.id}: ${TYPE_WORDS[u.type] ?? u.type} (${u.nation}, fire ${f}, rally ${u.rally}, melee ${u.melee}; ${u.men} men), ${FORMATION_WORDS[u.formation] ?? u.formation}`;
}

/** The order of battle, the ground and the options that matter, as the story's opening. */
function opening(s: TraceSubject): TraceLine[] {
  const lines: TraceLine[] = [{ depth: 0, kind: 'title', text: s.title ?? s.name }];
  for (const side of [0, 1] as const) {
    const sd = s.sides[side];
    lines.push({ depth: 0, kind: 'section', text: `${sd.name}, the ${sd.role} (doctrine ${sd.doctrine})` });
    for (const k of s.corps.filter((c) => c.side === side)) {
      const gens = k.generals.map((g) => `${g.id} (${g.arm})`).join(', ');
      lines.push({ depth: 1, kind: 'event', text: `Corps ${k.name}: ${k.passes} morale passes${gens ? `; divisional generals ${gens}` : ''}` });
      for (const u of s.units.filter((x) => x.side === side && x.corps === k.id)) lines.push({ depth: 2, kind: 'event', text: unitWords(u) });
    }
  }
  lines.push({ depth: 0, kind: 'section', text: 'The ground' });
  lines.push({ depth: 1, kind: 'event', text: `A lane from ${cm(s.lane.xMin)} to ${cm(s.lane.xMax)} cm, ${cm(s.lane.width)} cm wide; ${s.yardsPerCm} yards to the cm, a game turn ${s.minutesPerTurn} minutes; ${s.turns} game turns, ${s.sides[s.first].name} first` });
  for (const t of s.terrain) {
    const across = t.yMin !== undefined || t.yMax !== undefined ? ` (across ${cm(t.yMin ?? -s.lane.width / 2)} to ${cm(t.yMax ?? s.lane.width / 2)})` : '';
    const what = t.from === t.to ? `${t.kind} at ${cm(t.from)} cm` : `${t.kind} from ${cm(t.from)} to ${cm(t.to)} cm${t.kind === 'slope' ? `, rising toward the ${t.rises > 0 ? 'defender' : 'attacker'}` : ''}`;
    lines.push({ depth: 1, kind: 'event', text: `${what}${across}` });
  }
  if (s.objective) {
    const o = s.objective;
    lines.push({ depth: 1, kind: 'event', text: `Objective: ${o.name}, ${cm(o.from)} to ${cm(o.to)} cm${o.terrain ? ', a terrain objective (+2 army morale to its holder, [Win] l.296)' : ''}${o.carry ? '; the attacker carries the position by holding it at the end of a player turn' : ''}` });
  }
  if (!s.armyMorale) lines.push({ depth: 1, kind: 'event', text: 'Army morale and corps fatigue are not played.' });
  if (s.decision === 'firstClash') lines.push({ depth: 1, kind: 'event', text: 'A charge scenario: it ends once contact has been made and is broken (rulings 12, C).' });
  return lines;
}

function checkWords(purpose: string): string {
  return purpose === 'contact' ? 'a contact check [Contact]' : purpose === 'withdrawal' ? 'after withdrawing [Spec]' : purpose === 'rough' ? 'a rough-terrain test [Rough]' : 'to rally [Rally]';
}

/**
 * One event in words, or null for events the story does not tell. `phase`: the phase it happened in
 * (a change into square cites [SoP] l.10 only in the defensive fire phase; in the movement phase it is
 * a move's formation change).
 */
export function eventText(e: CwjEvent, s: TraceSubject, phase: CwjPhase | null = null): string | null {
  switch (e.type) {
    case 'move':
      return `${e.unit} moves ${cm(Math.abs(e.path[1] - e.path[0]))} cm (${cm(e.path[0])} to ${cm(e.path[1])})`;
    case 'formation':
      return `${e.unit} changes from ${FORMATION_WORDS[e.from] ?? e.from} to ${FORMATION_WORDS[e.to] ?? e.to}${e.to === 'square' && phase === 'defensiveFire' ? ' [SoP] l.10' : ''}`;
    case 'charge':
      return `${e.units.join(', ')} ${e.inMovement ? 'rides' : 'charges'} ${cm(Math.abs(e.to - e.from))} cm into ${e.target} [Move] l.79-83`;
    case 'check': {
      const dice = Array.isArray(e.roll) ? e.roll : [e.roll];
      const total = dice.reduce((a, b) => a + b, 0) + e.modifier;
      return `${e.unit} rolls ${checkWords(e.purpose)}: ${dice.join('+')}, ${signed(e.modifier)} = ${total}: ${e.passed ? (e.purpose === 'rally' ? 'rallies' : 'passes') : e.result}${e.staysInMelee ? ', taken where it stands: it stays in its melee, disordered (cwj.meleeContactCheck stays)' : ''}`;
    }
    case 'fire': {
      const lowered = e.general === 'lowered' ? ` (the table gave ${e.table}; ${e.target}’s general lowered it, [Gen] l.287-289)` : e.general === 'held' ? ` (${e.target}’s general tried to lower it and failed)` : '';
      return `${e.units.join(' and ')} fire${e.units.length > 1 ? '' : 's'} at ${e.target} at ${cm(e.range)} cm [Fire]: 2d6 ${e.roll}, ${signed(e.modifier)} = ${Number(e.roll) + e.modifier}: ${e.result}${lowered}`;
    }
    case 'melee': {
      const [a, b] = e.sides;
      const head = `Melee [Melee]: ${a.join(', ')} ${e.totals[0]} + ${e.dice[0]} = ${e.totals[0] + e.dice[0]} against ${b.join(', ')} ${e.totals[1]} + ${e.dice[1]} = ${e.totals[1] + e.dice[1]}${e.standing ? ' (fought again)' : ''}`;
      if (e.loser < 0) return `${head}: a tie, every unit disordered, all stay in contact`;
      const lost = e.sides[e.loser as 0 | 1];
      const loser = lost.join(', ');
      return `${head}: ${loser} lose${lost.length > 1 ? '' : 's'} by ${Math.abs(e.totals[0] + e.dice[0] - e.totals[1] - e.dice[1])}: ${e.result}`;
    }
    case 'cohesion':
      return e.to === 'good' ? `${e.unit} is formed again` : `${e.unit} is ${e.to}`;
    case 'retreat':
      return `${e.units.join(', ')} ${e.forced ? 'retreats' : 'withdraws'} ${cm(Math.abs(e.to - e.from))} cm (${cm(e.from)} to ${cm(e.to)})`;
    case 'rout':
      return `${e.unit} routs [Rally] l.38-41`;
    case 'removed':
      return `${e.unit} leaves the table: ${e.why === 'eliminated' ? 'eliminated' : e.why === 'routed' ? 'routed' : e.why === 'surrendered' ? 'it surrenders, its retreat blocked by the enemy' : e.why === 'offTable' ? 'its retreat carries it off the table' : 'lost on a natural 2 for control [Control]'}`;
    case 'pass':
      return `The commander of ${e.corps} spends a morale pass on ${e.unit}: it is formed again (${e.left} left) [Rally] l.24-32`;
    case 'control':
      return `${e.unit} tests for control [Control]: ${e.roll} ${signed(e.modifier)}: ${e.result}`;
    case 'general':
      return e.what === 'joins' ? `General ${e.general} joins ${e.unit}` : e.what === 'dies' ? `General ${e.general} is killed [Gen] l.290` : `General ${e.general} has no unit of his arm left`;
    case 'chips':
      if (e.lost === 0) return `Corps ${e.corps} starts with ${e.corpsLeft} chips (${e.why}) [Win] l.298-303`;
      return `Corps ${e.corps} loses ${e.lost} chip${e.lost > 1 ? 's' : ''} (${e.why}): ${e.corpsLeft} left; army dish ${e.dish} of ${e.morale} [Win]`;
    case 'broken':
      return e.formation === null ? `${s.sides[e.side].name}: the army dish reaches its army morale: the army is defeated [Win] l.295` : `Corps ${e.formation} has no chips left: it is fatigued [Win] l.304-306`;
    case 'end':
      return `${e.winner === null ? 'A draw' : `${s.sides[e.winner].name} wins`}: ${reasonText(e.reason)}, in turn ${e.turn}`;
    default:
      return null;
  }
}

/** The story lines and the page's steps. */
export function narrate(events: readonly CwjEvent[], s: TraceSubject, result: EngagementResult): { lines: TraceLine[]; steps: TraceStep[] } {
  const lines = opening(s);
  const steps: TraceStep[] = [];
  let turn = 0;
  let side: 0 | 1 | null = null;
  let phase: CwjPhase | null = null;
  let units: LaneUnit[] = [];
  let holder = -1;
  let commanders: TraceStep['commanders'] = [];
  let pending: TraceLine[] = [];
  let arrows: TraceArrow[] = [];
  let phaseShown = false;
  const stepLines: TraceLine[] = [];
  const start = { title: 'Deployment', lines: [] as TraceLine[] };
  let first = true;
  const byId = new Map<string, LaneUnit>();
  const close = (title: string, end: boolean) => {
    const here = new Map(units.map((u) => [u.id, u]));
    const lost = [...byId.values()].filter((u) => u.alive && !here.get(u.id)?.alive);
    steps.push({ title, turn, side, phase, end, lines: stepLines.splice(0), units, holder, commanders, arrows, lost });
    for (const u of units) byId.set(u.id, u);
    arrows = [];
  };
  for (const e of events) {
    if (e.type === 'lane') {
      units = e.units;
      holder = e.holder;
      commanders = e.commanders;
      if (first) {
        first = false;
        stepLines.push(...start.lines);
        for (const u of units) byId.set(u.id, u);
        close('Deployment', false);
        continue;
      }
      close(`Turn ${turn}, ${side === null ? '' : s.sides[side].name}: ${phase ? PHASE_SHORT[phase] : ''}`, false);
      continue;
    }
    if (e.type === 'turn') {
      turn = e.turn;
      lines.push({ depth: 0, kind: 'turn', text: `Turn ${e.turn}` });
      continue;
    }
    if (e.type === 'playerTurn') {
      side = e.side;
      lines.push({ depth: 1, kind: 'player', text: `Player turn: ${s.sides[e.side].name}` });
      continue;
    }
    if (e.type === 'phase') {
      phase = e.phase;
      phaseShown = false;
      pending = [{ depth: 2, kind: 'phase', text: PHASE_WORDS[e.phase] }];
      continue;
    }
    if (e.type === 'commander') continue;
    if (e.type === 'move') arrows.push({ kind: 'move', side: e.side, unit: e.unit, from: e.path[0], to: e.path[1] });
    else if (e.type === 'charge') arrows.push({ kind: 'charge', side: e.side, unit: e.units[0], from: e.from, to: e.to });
    else if (e.type === 'retreat') arrows.push({ kind: 'retreat', side: e.side, unit: e.units[0], from: e.from, to: e.to });
    const text = eventText(e, s, phase);
    if (text === null) continue;
    if (e.type === 'end') {
      lines.push({ depth: 0, kind: 'section', text: 'End' });
      lines.push({ depth: 1, kind: 'event', text });
      stepLines.push({ depth: 0, kind: 'event', text });
      stepLines.push({ depth: 0, kind: 'event', text: losses(result, s) });
      phase = null;
      close('The end', true);
      continue;
    }
    if (turn === 0) {
      lines.push({ depth: 1, kind: 'event', text });
      start.lines.push({ depth: 0, kind: 'event', text });
      continue;
    }
    if (!phaseShown && pending.length) {
      lines.push(...pending);
      phaseShown = true;
    }
    lines.push({ depth: 3, kind: 'event', text });
    stepLines.push({ depth: 0, kind: 'event', text });
  }
  return { lines, steps };
}

/** The losses in units and men, in a line. */
function losses(r: EngagementResult, s: TraceSubject): string {
  return r.sides
    .map((x, k) => `${s.sides[k].name} lost ${x.strengthLost} of ${x.startStrength} units (${x.menLost.toLocaleString('en-GB')} men)`)
    .join('; ');
}
