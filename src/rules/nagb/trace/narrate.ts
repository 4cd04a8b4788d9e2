/**
 * Reads a NAGB engagement's events in order, keeps the lane they describe (every unit's footprint,
 * formation, figures and cohesion, the commanders), and tells it: story lines citing the pages, cut into
 * steps (one per phase in which something happened) with the lane at the end of each and the arrows of
 * what happened in it. Pure: the story text and the trace page are both made from this.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceLine } from '../../../core/ruleset.js';
import type { GunFire, NagbCohesion, NagbEvent } from '../events.js';
import type { NagbSubject } from './subject.js';

export interface Mark {
  unit: number;
  front: number;
  offset: number;
  frontage: number;
  depth: number;
  facing: 1 | -1;
  formation: string;
  figures: number;
  cohesion: NagbCohesion;
  removed: boolean;
  sector: boolean;
}

export type ArrowKind = 'move' | 'charge' | 'retreat' | 'rout' | 'fire';

export interface Arrow {
  kind: ArrowKind;
  side: 0 | 1;
  unit: number;
  fromX: number;
  toX: number;
  y: number;
  /** For fire: the target's lateral position. */
  toY?: number;
  label?: string;
}

export interface Step {
  title: string;
  turn: number;
  side: 0 | 1 | null;
  phase: string | null;
  lines: TraceLine[];
  marks: Mark[];
  arrows: Arrow[];
  commanders: { id: string; side: 0 | 1; x: number; y: number }[];
  end: boolean;
}

export interface Narrative {
  lines: TraceLine[];
  steps: Step[];
}

const FORMATION_WORDS: Readonly<Record<string, string>> = {
  line: 'line',
  attackColumn: 'attack column',
  marchColumn: 'march column',
  square: 'square',
  column: 'column',
  battery: 'battery',
};

export const REASON_WORDS: Readonly<Record<string, string>> = {
  attackerBroken: 'the attacking brigade broke (rulings 5)',
  carried: 'the attacker carried the objective (p37, rulings 5)',
  defenderRouted: 'the defenders were routed from the objective (rulings 5)',
  attackRepulsed: 'the attack was repulsed: the attacking brigade had faltered (p29, rulings 5)',
  timeLimit: 'time ran out (p37)',
  armyBroken: "a side's brigades all broke (p29)",
  victoryPoints: 'victory points (p37)',
};

const PURPOSE_WORDS: Readonly<Record<string, string>> = {
  shootingDisorder: 'disorder test from shooting (p11)',
  panic: 'panic test from shooting (p11, p28)',
  chargeHome: 'test to press the charge home (p18)',
  breakTest: 'break test (p15)',
  proximity: 'proximity test (p28)',
  formSquare: 'test to form square (p13)',
  brigade: 'brigade test (p29)',
  burstThrough: 'burst-through test (p28)',
  terrainDisorder: 'terrain disorder test (p6)',
  fallBack: 'test after falling back (p6)',
  rally: 'rally test (p2, p27)',
  charge: 'test to charge (p12)',
  volley: 'test to volley (p12, p17)',
  pinning: 'pinning test (p7)',
  stand: 'test to stand (p16)',
  recall: 'recall test (p23)',
};

const REACTION_WORDS: Readonly<Record<string, string>> = {
  stand: 'stands',
  standAndShoot: 'stands and shoots',
  fireAndFlee: 'fires and flees',
  flee: 'flees',
  formSquare: 'tries to form square',
};

const ENDING_WORDS: Readonly<Record<string, string>> = {
  refused: 'the test failed: no charge',
  fellShort: 'the charge falls short',
  halted: 'the chargers halt, disordered',
  home: 'the charge goes home',
  caught: 'the fugitives are caught',
  escaped: 'the fugitives escape',
};

const MELEE_WORDS: Readonly<Record<string, string>> = {
  draw: 'a draw: both fall back d6", disordered (p16)',
  aBreaks: 'breaks',
  aFallsBack: 'falls back d6", disordered (p15)',
  bBreaks: 'breaks',
  bFallsBack: 'falls back d6", disordered (p15)',
};

const r1 = (x: number) => String(Math.round(x * 10) / 10);
const inch = (x: number) => `${r1(x)}"`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The score a fire needed: one for all (`at 5+`), or, where a battery's guns fired different ammunition
 * or needed different scores (p19-21: each its own range band and ammunition), each group of like guns
 * in the battery's order (`(2 medium ball at 5+, 1 howitzer shell at 4+)`; canister with its dice).
 */
function scoresWords(e: Extract<NagbEvent, { type: 'fire' }>): string {
  const guns = e.guns;
  if (!guns || guns.every((f) => f.need === guns[0].need && f.ammo === guns[0].ammo)) return `at ${e.need}+`;
  const groups: { key: string; n: number; dice: number; f: GunFire }[] = [];
  for (const f of guns) {
    const key = `${f.gun} ${f.ammo} ${f.need}`;
    const at = groups.find((x) => x.key === key);
    if (at) {
      at.n++;
      at.dice += f.dice;
    } else groups.push({ key, n: 1, dice: f.dice, f });
  }
  const words = groups.map(({ n, dice, f }) => `${n} ${f.gun} ${f.ammo}${f.ammo === 'canister' ? ` (${plural(dice, 'die', 'dice')})` : ''} at ${f.need}+`);
  return `(${words.join(', ')})`;
}

function phaseTitle(s: NagbSubject, phase: string, side: 0 | 1 | null, step: number | undefined): string {
  const who = side === null ? '' : s.sides[side].name;
  switch (phase) {
    case 'command':
      return 'Command phase (p2): pips, brigade tests (p29)';
    case 'rally':
      return 'Rally (p2, p27)';
    case 'initiative':
      return 'Initiative (p2)';
    case 'movement':
      return `Movement ${step === 3 ? 'A' : 'B'}: ${who} (p2, p6)`;
    case 'fire':
      return `Fire phase ${step === 4 ? '1' : '2'}, after ${who} moved (p2, p10)`;
    case 'closeCombat':
      return `Close combat ${step === 5 ? '1' : '2'} (p14-16)`;
    case 'cavalry':
      return `Cavalry movement: ${who} (p2, p9)`;
    case 'reserve':
      return 'Reserve movement (p2)';
    case 'end':
      return 'End phase (p2, p37)';
    default:
      return phase;
  }
}

/** The story and steps of an engagement. */
export function narrate(events: readonly NagbEvent[], s: NagbSubject, result: EngagementResult): Narrative {
  const index = new Map(s.units.map((u, i) => [u.id, i]));
  const sideName = (k: number) => s.sides[k].name;
  const marks: Mark[] = s.units.map((u, i) => ({
    unit: i,
    front: u.front,
    offset: u.offset,
    frontage: u.frontage,
    depth: u.depth,
    facing: u.facing,
    formation: u.formation,
    figures: u.figures,
    cohesion: u.disordered ? 'disordered' : 'good',
    removed: false,
    sector: u.sector !== null,
  }));
  const cmds = s.brigades.map((b) => ({ id: b.commander.id, side: b.side, x: b.commander.x, y: b.commander.y }));
  const lines: TraceLine[] = [];
  const steps: Step[] = [];
  const line = (depth: number, kind: TraceLine['kind'], text: string) => {
    const l = { depth, kind, text };
    lines.push(l);
    if (cur) cur.lines.push(l);
  };
  let cur: Step | null = null;
  const arrow = (a: Arrow) => {
    if (cur) cur.arrows.push(a);
  };
  const lastArrow = (): Arrow | undefined => (cur ? cur.arrows[cur.arrows.length - 1] : undefined);
  const close = () => {
    if (!cur) return;
    cur.marks = marks.map((m) => ({ ...m }));
    cur.commanders = cmds.map((c) => ({ ...c }));
    // Only phases in which something happened make a picture of their own.
    if (cur.lines.length > 1 || cur.end || steps.length === 0) steps.push(cur);
    cur = null;
  };
  const markEnd = () => {
    if (cur) cur.end = true;
  };
  const open = (title: string, turn: number, side: 0 | 1 | null, phase: string | null) => {
    close();
    cur = { title, turn, side, phase, lines: [], marks: [], arrows: [], commanders: [], end: false };
  };

  // Title and order of battle.
  lines.push({ depth: 0, kind: 'title', text: `${s.title ?? s.name} (${s.name})` });
  const turns = s.maxTurns > s.baseTurns ? `${s.baseTurns} turns, then 5+ plays turn ${s.baseTurns + 1} and a 6 turn ${s.maxTurns} (p37)` : `${s.baseTurns} turns (p37)`;
  const outcome = s.victory === 'points' ? 'won on victory points (p37) or when a side\'s brigades all break' : `the outcome checks of rulings 5; when time runs out ${s.onTime === 'defender' ? 'the defender holds' : 'it is a draw'}`;
  lines.push({ depth: 0, kind: 'title', text: `${turns}; ${outcome}. A lane ${inch(s.lane.length)} long and ${inch(s.lane.width)} wide at ${s.scale.yardsPerInch} yd an inch, ${s.scale.menPerFigure} men a figure, ${s.scale.minutesPerTurn} minutes a turn` });
  lines.push({ depth: 0, kind: 'section', text: 'Order of battle' });
  const orderOfBattle = lines.length;
  for (const side of [0, 1] as const) {
    const sd = s.sides[side];
    lines.push({ depth: 1, kind: 'player', text: `${sd.name} (${sd.role}, ${sd.nation}, doctrine ${sd.doctrine}${sd.cinc ? `, CinC ${sd.cinc}` : ''}), facing ${side === 0 ? 'right' : 'left'}` });
    for (const b of s.brigades.filter((x) => x.side === side)) {
      const c = b.commander;
      lines.push({ depth: 2, kind: 'event', text: `${b.name}: ${c.id}, ${c.rating} (Ld ${c.ld}, radius ${inch(c.radius)})` });
      for (const u of s.units.filter((x) => x.brigade === b.id)) {
        const what = u.arm === 'artillery' ? `battery of ${u.guns.join(', ')} (${u.figures} crew)` : `${u.cls} ${u.arm === 'cavalry' ? `${u.cavalryType} cavalry` : 'infantry'}, ${u.figures} figures in ${FORMATION_WORDS[u.formation] ?? u.formation}`;
        const where = `front at ${inch(u.front)}, ${u.offset === 0 ? 'centred' : `${inch(Math.abs(u.offset))} ${u.offset > 0 ? 'left' : 'right'} of the centre line`}${u.sector ? `, holding the ${u.sector}` : ''}`;
        lines.push({ depth: 3, kind: 'event', text: `${u.id}: ${what}, Ld ${u.ld}${u.drilled ? ', drilled' : ''}; ${where}` });
      }
    }
  }
  const terr = s.terrain.map((t) => `${t.name} (${t.kind}) ${inch(t.from)}${t.to > t.from ? ` to ${inch(t.to)}` : ''}`);
  lines.push({ depth: 1, kind: 'event', text: `Objective: ${s.objective.name} at ${inch(s.objective.x)}${terr.length ? `; terrain: ${terr.join('; ')}` : '; open ground'}` });
  open('Order of battle', 0, null, null);
  // The first picture's panel lists the sides, brigades and units the lane shows.
  cur!.lines.push(...lines.slice(orderOfBattle));

  let charging = '';
  let backing = '';
  for (const e of events) {
    if (e.type !== 'charge' && e.type !== 'move' && e.type !== 'check' && e.type !== 'hit' && e.type !== 'cohesion' && e.type !== 'formation' && e.type !== 'body') charging = '';
    switch (e.type) {
      case 'turn':
        close();
        lines.push({ depth: 0, kind: 'turn', text: `Turn ${e.turn}` });
        break;
      case 'phase':
        open(`Turn ${e.turn}: ${phaseTitle(s, e.phase, e.side, e.step)}`, e.turn, e.side, e.phase);
        line(1, 'phase', phaseTitle(s, e.phase, e.side, e.step));
        break;
      case 'pips':
        line(2, 'event', e.kind === 'battery' ? `${e.who} rolls ${e.roll}: ${plural(e.pips, 'pip')} (p19)` : `${e.who} rolls ${e.roll}: ${plural(e.pips, 'pip')}${e.pips !== e.roll ? ' (p5)' : ''}`);
        break;
      case 'cincPips':
        line(2, 'event', `the CinC gives ${plural(e.pips, 'pip')} to ${e.brigade} (p2)`);
        break;
      case 'initiative':
        line(2, 'event', `${sideName(0)} ${e.totals[0]} (d6 ${e.rolls[0]}), ${sideName(1)} ${e.totals[1]} (d6 ${e.rolls[1]}): the initiative to the ${sideName(e.winner)}; side A, moving first: the ${sideName(e.sideA)}`);
        break;
      case 'commander': {
        const k = s.brigades.findIndex((b) => b.id === e.brigade);
        if (k >= 0) {
          cmds[k].x = e.x;
          cmds[k].y = e.y;
        }
        break;
      }
      case 'order':
        if (e.unit === '*') line(2, 'event', `${e.brigade}: general advance of its columns (p3), ${plural(e.pips, 'pip')} (${e.left} left)`);
        else line(2, 'event', `order to ${e.unit}: ${orderWords(e.order)}, ${plural(e.pips, 'pip')} (${e.left} left)`);
        break;
      case 'move': {
        const i = index.get(e.unit)!;
        const [from, to] = [e.path[0], e.path[e.path.length - 1]];
        // The chargers' own move is the charge's arrow; a fall back's or a flight's is told already.
        if (charging === e.unit) {
          charging = '';
          break;
        }
        if (backing === e.unit) {
          backing = '';
          const last = lastArrow();
          if (last && s.units[last.unit].id === e.unit) last.toX = to;
          break;
        }
        line(2, 'event', `${e.unit} ${(to - from) * s.units[i].facing >= 0 ? 'moves' : 'goes back'} ${inch(Math.abs(to - from))} (${inch(from)} to ${inch(to)})`);
        arrow({ kind: 'move', side: s.units[i].side, unit: i, fromX: from, toX: to, y: marks[i].offset });
        break;
      }
      case 'body': {
        const m = marks[index.get(e.unit)!];
        m.front = e.front;
        m.offset = e.offset;
        m.frontage = e.frontage;
        m.depth = e.depth;
        m.facing = e.facing;
        m.formation = e.formation;
        break;
      }
      case 'formation':
        line(2, 'event', `${e.unit} forms ${FORMATION_WORDS[e.to] ?? e.to} from ${FORMATION_WORDS[e.from] ?? e.from} (p7)`);
        break;
      case 'fire': {
        const f = index.get(e.units[0])!;
        const t = index.get(e.target)!;
        const what = e.kind === 'volley' ? 'a volley' : e.kind === 'musket' ? 'small arms' : e.modifiers.length ? e.modifiers[0] : e.kind;
        const page = e.kind === 'musket' || e.kind === 'volley' ? 'p10' : e.kind === 'canister' ? 'p20' : e.kind === 'ball' ? 'p20' : 'p21';
        line(2, 'event', `${e.units[0]} fires ${what} at ${e.target}, ${inch(e.distance)} away: ${plural(e.dice, e.kind === 'ball' || e.kind === 'shell' ? 'gun' : 'die', e.kind === 'ball' || e.kind === 'shell' ? 'guns' : 'dice')} ${scoresWords(e)}, ${plural(e.kills, 'casualty', 'casualties')} (${page})`);
        arrow({ kind: 'fire', side: s.units[f].side, unit: f, fromX: marks[f].front, toX: marks[t].front, y: marks[f].offset, toY: marks[t].offset });
        break;
      }
      case 'hit': {
        const m = marks[index.get(e.unit)!];
        m.figures = e.left;
        break;
      }
      case 'check': {
        const dice = Array.isArray(e.roll) ? e.roll : [e.roll];
        const total = dice.reduce((a, b) => a + b, 0);
        line(2, 'event', `${e.unit}: ${PURPOSE_WORDS[e.purpose] ?? e.purpose} at ${e.target}${e.influence ? ' (with the commander\'s +1, p4)' : ''}: 2d6 ${dice.join('+')} = ${total}, ${e.passed ? 'passed' : 'failed'}${e.rerolled ? ' on a reroll (p3)' : ''}`);
        break;
      }
      case 'cohesion': {
        const m = marks[index.get(e.unit)!];
        m.cohesion = e.to;
        line(2, 'event', `${e.unit}: ${e.from} to ${e.to}`);
        break;
      }
      case 'declare':
        line(2, 'event', `${e.unit} ${e.aggressive ? 'must charge (aggressive cavalry, p22)' : 'declares a charge (p12) on'} ${e.target} ${inch(e.distance)} away; ${e.target} ${REACTION_WORDS[e.reaction] ?? e.reaction}`);
        break;
      case 'charge': {
        const i = index.get(e.units[0])!;
        charging = e.units[0];
        const parts = [`charge of ${e.units[0]}${e.tested ? '' : ' (no test needed, p12)'}`];
        if (e.ending !== 'refused') {
          parts.push(`charge move ${inch(e.move)}`);
          if (e.firedHigh) parts.push('the fire goes high (p12)');
          else if (e.fireDistance >= 0) {
            // A battery's fire at its chargers is its guns' canister (p19-20).
            const what = e.volley ? 'a volley' : s.units[index.get(e.target)!]?.arm === 'artillery' ? 'canister' : 'fire';
            // p12: fire at 1" or less is point blank (+1 to hit; a range of 0 or less lands at contact).
            const at = e.fireDistance <= 1 ? `point blank (${inch(e.fireDistance)}, p12)` : inch(e.fireDistance);
            parts.push(`${what} at ${at}: ${plural(e.casualties, 'casualty', 'casualties')}`);
          }
          if (e.targetAfter === 'square') parts.push('the square forms');
          if (e.flight > 0) parts.push(`the target flees ${inch(e.flight)}`);
        }
        parts.push(ENDING_WORDS[e.ending] ?? e.ending);
        line(2, 'event', parts.join('; '));
        arrow({ kind: 'charge', side: s.units[i].side, unit: i, fromX: e.from, toX: e.to, y: marks[i].offset });
        break;
      }
      case 'melee': {
        const order = e.order === 'simultaneous' ? 'both strike together' : `${e.order === 'a' ? e.attacker : e.defender} strikes first`;
        const ia = index.get(e.attacker)!;
        const [ca, cb] = s.units[ia].side === 0 ? [e.casualties[0], e.casualties[1]] : [e.casualties[1], e.casualties[0]];
        line(
          2,
          'event',
          `hand to hand (p14): ${e.attacker} (${e.dice[0]} dice at ${e.need[0]}+) against ${e.defender} (${e.dice[1]} at ${e.need[1]}+), ${order}; casualties ${ca} and ${cb}; score ${e.scores[0]} to ${e.scores[1]}: ${meleeResult(e)}`,
        );
        break;
      }
      case 'retreat': {
        backing = e.units[0];
        line(2, 'event', `${e.units.join(', ')} ${e.why === 'blown' ? 'rides back (blown, p23)' : e.why === 'recalled' ? 'is recalled (p23)' : 'falls back'} ${inch(e.distance)} (${retreatPage(e.why)})`);
        const i = index.get(e.units[0])!;
        arrow({ kind: 'retreat', side: e.side, unit: i, fromX: marks[i].front, toX: marks[i].front - marks[i].facing * e.distance, y: marks[i].offset });
        break;
      }
      case 'rout': {
        backing = e.unit;
        line(2, 'event', `${e.unit} breaks and flees ${inch(e.distance)} (p15, p28)`);
        const i = index.get(e.unit)!;
        arrow({ kind: 'rout', side: e.side, unit: i, fromX: marks[i].front, toX: marks[i].front - marks[i].facing * e.distance, y: marks[i].offset });
        break;
      }
      case 'removed': {
        const m = marks[index.get(e.unit)!];
        m.removed = true;
        line(2, 'event', `${e.unit} is removed: ${removedWords(e.why)}`);
        break;
      }
      case 'caught':
        line(2, 'event', `${e.by} catches ${e.unit} fleeing (p16): its colours are taken, the free hack kills ${e.kills}`);
        break;
      case 'breakThrough': {
        // The ride is the move that follows (told here, its arrow drawn here).
        backing = e.unit;
        const i = index.get(e.unit)!;
        const how = e.distance > 0 ? `rides ${inch(e.distance)} on` : 'is held up by the ground or a unit beyond';
        line(2, 'event', `${e.unit} breaks through ${e.through} (p23): 2d6 = ${e.roll}, ${how}`);
        arrow({ kind: 'move', side: e.side, unit: i, fromX: marks[i].front, toX: marks[i].front + marks[i].facing * e.distance, y: marks[i].offset });
        break;
      }
      case 'brigade':
        line(2, 'event', `${e.brigade} has lost ${Math.round(100 * e.losses)}%: it ${e.status === 'faltering' ? 'falters (50%)' : 'is broken (60%)'} (p29)`);
        break;
      case 'broken':
        if (e.formation === null) line(2, 'event', `${sideName(e.side)}: every brigade is broken (rulings 5)`);
        break;
      case 'sector':
        marks[index.get(e.unit)!].sector = e.entered;
        line(2, 'event', `${e.unit} ${e.entered ? 'enters' : 'leaves'} the ${e.sector} (${e.entered ? 'p30' : 'p31'})`);
        break;
      case 'collapse':
        line(2, 'event', `the ${e.sector} collapses under the guns (p31): its cover drops a step`);
        break;
      case 'unhorsed':
        line(2, 'event', `the commander of ${e.brigade} is unhorsed on a double: his pips are lost (p4)`);
        break;
      case 'gameLength':
        line(2, 'event', `game length (p37): d6 ${e.roll}, ${e.more ? `turn ${e.turn + 1} is played` : 'the game ends'}`);
        break;
      case 'recovery':
        line(2, 'event', `${e.unit}, blown, recovers: tally ${e.tally}${e.recovered ? ', recovered (p23)' : ''}`);
        break;
      case 'end':
        close();
        open(`End after turn ${e.turn}`, e.turn, null, null);
        markEnd();
        line(0, 'section', `End after turn ${e.turn}: ${e.winner === null ? 'a draw' : `${sideName(e.winner)} wins`}; ${REASON_WORDS[e.reason] ?? e.reason}`);
        for (const side of [0, 1] as const) {
          const r = result.sides[side];
          line(1, 'event', `${sideName(side)}: lost ${r.strengthLost} of ${r.startStrength} figures (${Math.round(r.menLost)} men, ${Math.round(r.casualties)} of them casualties), ${plural(r.unitsEliminated, 'unit')} removed, ${plural(r.routs, 'rout')}; ${r.victoryPoints} VP`);
        }
        break;
      default:
        break;
    }
  }
  close();
  return { lines, steps };
}

function meleeResult(e: Extract<NagbEvent, { type: 'melee' }>): string {
  if (e.breakThrough) {
    const how = 'cavalry against cavalry, both break through 2d6 (p23)';
    return e.ending === 'draw' ? `a draw: ${how}` : `${e.ending.startsWith('a') ? e.attacker : e.defender} is beaten but not broken: ${how}`;
  }
  if (e.ending === 'draw') return MELEE_WORDS.draw;
  return `${e.ending.startsWith('a') ? e.attacker : e.defender} ${MELEE_WORDS[e.ending]}`;
}

function orderWords(order: string): string {
  switch (order) {
    case 'move':
      return 'move (p3)';
    case 'changeFormation':
      return 'change formation (p3, p7)';
    case 'charge':
      return 'charge (p3, p12)';
    case 'fallBack':
      return 'fall back (p3, p6)';
    case 'volley':
      return 'volley (p3, p10)';
    case 'recall':
      return 'recall (p23)';
    case 'reserveMove':
      return 'reserve move (p2)';
    default:
      return order;
  }
}

function retreatPage(why: string): string {
  switch (why) {
    case 'brigade test':
      return 'p29';
    case 'ordered':
      return 'p6';
    case 'recalled':
    case 'blown':
      return 'p23';
    case 'after winning':
      return 'p16';
    default:
      return 'p15-16';
  }
}

function removedWords(why: string): string {
  switch (why) {
    case 'shattered':
      return 'shattered, over 75% lost (p27)';
    case 'dispersed':
      return 'without colours below half strength, dispersed (p28)';
    case 'surrendered':
      return 'no line of retreat: surrendered (p28)';
    case 'offTable':
      return 'fled off the table (p6, p28)';
    case 'abandoned':
      return 'its crew fled, the guns abandoned (p19)';
    default:
      return why;
  }
}
