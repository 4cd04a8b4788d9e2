/**
 * The story of a Burt engagement in words a wargamer reads, citing the sections: the order of battle,
 * then turn by turn each step of the sequence of play with what happened in it, and the end. Also cut
 * into steps (one per step of a turn that saw anything happen) for the trace page's pictures.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceLine } from '../../../core/ruleset.js';
import { STEP_NAMES, type BurtEvent, type UnitSnapshot } from '../events.js';
import { BURT_VOCABULARY } from '../vocabulary.js';
import { reachable, scoreNeeded, scoreOn } from '../die.js';
import type { ExtendedDieMode, NaturalOne } from '../options.js';
import type { TraceSubject } from './subject.js';

const ORDER_WORD: Record<string, string> = { reserve: 'RESERVE', manoeuvre: 'MANOEUVER', fire: 'FIRE', assault: 'ASSAULT', regroup: 'REGROUP' };
const PURPOSE_WORD: Record<string, string> = Object.fromEntries(BURT_VOCABULARY.checkPurposes.map((p) => [p.id, p.label]));
const STEP_SECTION = ['3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9', '3.10', '3.11', '3.12'];

const f1 = (v: number) => String(Math.round(v * 10) / 10);
const inches = (v: number) => `${f1(v)}"`;
/** 6: the fire's dice and the score each needs; the die of 1-2 figures left over needs one more (burt.leftoverFigures penalisedDie). */
const diceText = (roll: number | number[], dice: number, hitOn: number, mode: ExtendedDieMode, naturalOne: NaturalOne) => {
  const on = (n: number) => (reachable(n, mode) ? `hit on ${scoreOn(n, mode, naturalOne)}` : `never hit ${scoreOn(n, mode, naturalOne).replace('never ', '')}`);
  const [plain, penalised] = typeof roll === 'number' ? [dice, 0] : roll;
  if (!penalised) return `${dice} ${dice === 1 ? 'die' : 'dice'} ${on(hitOn)}`;
  return `${plain} ${plain === 1 ? 'die' : 'dice'} ${on(hitOn)} and ${penalised} for the figures left over ${penalised === 1 ? 'needs' : 'need'} ${on(hitOn + 1).replace('hit on ', '')}`;
};
/** The die faces of a test, a 6 extended showing the dice after it (6). */
const rolled = (roll: number | number[]) => {
  const faces = typeof roll === 'number' ? (roll > 0 ? [roll] : []) : roll;
  return faces.length ? `, rolls ${faces.join(' then ')}` : '';
};

export function reasonText(reason: string): string {
  return BURT_VOCABULARY.outcomes.find((o) => o.id === reason)?.label ?? reason;
}

function unitLine(s: TraceSubject, u: number): string {
  const x = s.units[u];
  const what =
    x.arm === 'guns'
      ? `${x.guns} ${x.ordnance} guns (crew ${x.crew}), class ${x.klass}`
      : `${x.arm} ${x.figures} figures, ${x.formation}, ${x.weapon}, class ${x.klass}${x.flags.length ? `, ${x.flags.join(', ')}` : ''}`;
  return `${x.id}: ${what}; front at ${inches(x.at)}, centre ${inches(x.offset)} across; ${ORDER_WORD[x.orders]} orders`;
}

/** One step of the page: its title, its lines, and what the picture shows. */
export interface TraceStep {
  title: string;
  turn: number;
  step: number;
  side: number | null;
  phase: string | null;
  end: boolean;
  lines: TraceLine[];
  /** Where the units stand at the end of the step. */
  units: UnitSnapshot[];
  /** Moves made in the step: unit, from and to (front x), and why. */
  moves: { unit: number; from: number; to: number; why: string }[];
  charges: { unit: number; target: number; from: number; to: number }[];
}

/** Tell the story and cut it into steps. */
export function narrate(events: readonly BurtEvent[], s: TraceSubject, result: EngagementResult): { lines: TraceLine[]; steps: TraceStep[] } {
  const idx = new Map(s.units.map((u, i) => [u.id, i]));
  const name = (id: string) => id;
  const side = (k: number) => s.sides[k].name;
  const lines: TraceLine[] = [];
  const steps: TraceStep[] = [];
  const title = `${s.title ?? s.name} (${s.name})`;
  lines.push({ depth: 0, kind: 'title', text: title });
  const credit = s.onTime === 'defender' ? 'the defender holds' : s.onTime === 'attacker' ? 'the attacker wins' : s.onTime === 'draw' ? 'a draw' : 'the side alone in the objective holds';
  lines.push({ depth: 0, kind: 'title', text: `Up to ${s.turns} turns of 15 minutes (1); when time runs out ${credit}` });
  lines.push({ depth: 0, kind: 'section', text: 'Order of battle' });
  s.sides.forEach((sd, k) => {
    lines.push({ depth: 1, kind: 'player', text: `${sd.name} (${sd.role}, ${sd.posture}ing; doctrine ${sd.doctrine}; army morale ${sd.armyMorale})` });
    s.units.forEach((u, i) => u.side === k && lines.push({ depth: 2, kind: 'event', text: unitLine(s, i) }));
  });
  const terrain = s.terrain.map((t) => (t.from === t.to ? `${t.kind} at ${inches(t.from)}` : `${t.kind} from ${inches(t.from)} to ${inches(t.to)}`));
  lines.push({ depth: 1, kind: 'event', text: `The lane: ${inches(s.lane.width)} wide, from ${inches(s.lane.xMin)} to ${inches(s.lane.xMax)}${terrain.length ? `; ${terrain.join(', ')}` : '; open ground'}${s.objective ? `; objective ${s.objective.name} from ${inches(s.objective.from)} to ${inches(s.objective.to)}` : ''}` });

  let turn = 0;
  let current = null as TraceStep | null;
  let startUnits: UnitSnapshot[] = [];
  const add = (depth: number, text: string) => {
    const l: TraceLine = { depth, kind: 'event', text };
    lines.push(l);
    current?.lines.push(l);
  };
  const open = (t: number, step: number, phase: string, sideActing: number | null) => {
    current = { title: `Turn ${t}, ${STEP_SECTION[step - 1]} ${phase}`, turn: t, step, side: sideActing, phase, end: false, lines: [], units: [], moves: [], charges: [] };
    const l: TraceLine = { depth: 1, kind: 'phase', text: `${STEP_SECTION[step - 1]} ${phase}${sideActing !== null ? ` (${side(sideActing)} first)` : ''}` };
    lines.push(l);
    current.lines.push(l);
  };
  for (const e of events) {
    switch (e.type) {
      case 'positions': {
        if (e.step === 0) {
          startUnits = e.units;
          steps.push({ title: 'The start', turn: 0, step: 0, side: null, phase: null, end: false, lines: lines.slice(), units: e.units, moves: [], charges: [] });
          break;
        }
        if (current) {
          const c: TraceStep = current;
          c.units = e.units;
          // A step with nothing in it keeps its line in the story but gets no picture of its own.
          if (c.lines.length > 1) steps.push(c);
        }
        current = null;
        break;
      }
      case 'turn':
        turn = e.turn;
        lines.push({ depth: 0, kind: 'turn', text: `Turn ${e.turn}` });
        break;
      case 'phase':
        open(turn, STEP_NAMES.indexOf(e.phase) + 1, e.phase, e.side);
        break;
      case 'initiative':
        add(2, `Initiative (3.2): ${side(0)} ${e.rolls[0]}, ${side(1)} ${e.rolls[1]}; ${side(e.winner)} win${e.winner === e.first ? ' and act first' : ` and let ${side(e.first)} act first`}`);
        break;
      case 'orders':
        add(2, `${name(e.unit)}: ${ORDER_WORD[e.from]} -> ${ORDER_WORD[e.to]}${e.forced ? ` (forced: ${e.forced})` : ' (4)'}`);
        break;
      case 'command':
        add(2, `${e.brigade}'s command element reaches ${e.units.join(', ')}: they may change orders next turn (2, 4)`);
        break;
      case 'formation':
        add(2, `${name(e.unit)} changes from ${e.from} to ${e.to} (12: ${e.quarters === 2 ? 'half' : `${e.quarters} quarter${e.quarters > 1 ? 's' : ''} of`} a move)`);
        break;
      case 'limber':
        add(2, `${name(e.unit)} ${e.limbered ? 'limbers' : 'unlimbers'} (4, 5: half a move)`);
        break;
      case 'face':
        add(2, `${name(e.unit)} turns about to face the enemy (12: ${e.quarters === 0 ? 'no cost' : `${e.quarters} quarter${e.quarters > 1 ? 's' : ''} of a move`})`);
        break;
      case 'move': {
        const d = Math.abs(e.path[1] - e.path[0]);
        if (d < 1e-6) break;
        add(2, `${name(e.unit)} ${e.why}: ${inches(d)}, front ${inches(e.path[0])} -> ${inches(e.path[1])}`);
        current?.moves.push({ unit: idx.get(e.unit)!, from: e.path[0], to: e.path[1], why: e.why });
        break;
      }
      case 'assault':
        add(2, `${name(e.unit)} declares an assault on ${name(e.target)} ${inches(e.gap)} away and closes half the gap, to ${inches(e.after)} (5.1)`);
        break;
      case 'support':
        add(2, `${name(e.unit)} is committed to support ${name(e.supports)} (5.3)`);
        break;
      case 'fire': {
        const what = e.ammunition ? `${e.ammunition}` : 'muskets';
        add(2, `${e.units.join(', ')} ${e.reaction ? 'fire in reaction at' : 'fire at'} ${e.target} (${what}, ${e.band} range): ${diceText(e.roll, e.dice, e.hitOn, s.options.extendedDie, s.options.naturalOne)}, ${e.hits} hit${e.hits === 1 ? '' : 's'}, saves on ${e.saveOn}+, ${e.removed} ${e.ammunition && s.units[idx.get(e.target)!].arm === 'guns' ? 'crew casualties' : `figure${e.removed === 1 ? '' : 's'} removed`} (6${e.reaction ? ', 9.r1' : ''})`);
        break;
      }
      case 'hit':
        add(3, `${name(e.unit)} loses ${e.lost} figure${e.lost === 1 ? '' : 's'}: ${e.left} left${e.eliminated ? ', none: it is gone' : ''}`);
        break;
      case 'gunsLost':
        add(3, `${name(e.unit)}: ${e.lost} gun${e.lost === 1 ? '' : 's'} ${e.how}, ${e.left} left in action (6)`);
        break;
      case 'check':
        add(2, `${name(e.unit)} tests ${PURPOSE_WORD[e.purpose] ?? e.purpose} (8): class ${s.units[idx.get(e.unit)!].klass}, modifiers ${e.modifiers.join(' ')}, ${scoreNeeded(e.target, s.options.extendedDie, s.options.naturalOne)}${rolled(e.roll)}: ${e.passed ? 'passes' : 'fails'}`);
        break;
      case 'cohesion':
        add(3, `${name(e.unit)}: ${e.from} -> ${e.to} (7)`);
        break;
      case 'rout':
        add(3, `${name(e.unit)} routs (7, 8)`);
        break;
      case 'armyMorale':
        add(3, `army morale of ${side(e.side)}: ${e.value} (10: ${e.why})`);
        break;
      case 'broken':
        add(2, `the army morale of ${side(e.side)} reaches 0: every unit tests at once, and at -1 from now on (10)`);
        break;
      case 'reaction':
        add(2, `${name(e.unit)} reacts to ${name(e.against)}: ${e.reaction} (9)`);
        break;
      case 'evade':
        add(2, `${name(e.unit)} evades ${inches(e.distance)}: its move +${e.dice[0]} -${e.dice[1]} (9.r3)`);
        break;
      case 'charge': {
        const moved = Math.abs(e.to - e.from) > 1e-6;
        const verb = e.units.length === 1 ? 'charges' : 'charge';
        const went = moved ? `front ${inches(e.from)} -> ${inches(e.to)}` : `front at ${inches(e.from)}`;
        let how: string;
        if (e.ended === 'home') how = moved ? went : `already in contact, ${went}`;
        else if (e.ended === 'blocked') {
          const friend = s.units[idx.get(e.by!)!].side === s.units[idx.get(e.units[0])!].side;
          how = `${moved ? `${went}, stopped` : `cannot move (${went})`}: ${e.by} ${friend ? 'is in the way, a friend it may not pass' : moved ? 'is in the way, and it charged that enemy instead' : 'is in the way, and it is in contact with that enemy instead'}; ${e.target} is ${inches(e.gap)} away beyond it`;
        } else if (e.ended === 'meets') how = `${went}, to meet it half way (9.r2)`;
        else if (e.ended === 'routed') how = `${went}: it routed (7) and did not reach it`;
        else how = `${went}, its charge reach spent ${inches(e.gap)} short of it`;
        add(2, `${e.units.join(', ')} ${verb} ${e.target}: ${how} (9)`);
        current?.charges.push({ unit: idx.get(e.units[0])!, target: idx.get(e.target)!, from: e.from, to: e.to });
        break;
      }
      case 'melee': {
        const words: Record<string, string> = {
          indecisive: 'indecisive: both test (9)',
          aPushedBack: `${e.sides[0].join(', ')} pushed back (9)`,
          bPushedBack: `${e.sides[1].join(', ')} pushed back (9)`,
          aBreaks: `${e.sides[0].join(', ')} break${e.sides[0].length > 1 ? '' : 's'} (9: at least twice as many)`,
          bBreaks: `${e.sides[1].join(', ')} break${e.sides[1].length > 1 ? '' : 's'} (9: at least twice as many)`,
        };
        add(2, `Melee ${e.sides[0].join(', ')} against ${e.sides[1].join(', ')}: ${e.casualties[0]} against ${e.casualties[1]} figures removed; ${words[e.result] ?? e.result}`);
        break;
      }
      case 'pushBack':
        add(3, `${name(e.unit)} is pushed back ${inches(e.distance)}${e.followedBy ? `; ${e.followedBy} follows up` : ''} (9)`);
        break;
      case 'pursuit':
        add(3, `${name(e.unit)} pursues ${name(e.target)} (3.3, 9)`);
        break;
      case 'takeGround':
        add(2, `${name(e.unit)} takes the ground, front at ${inches(e.to)}`);
        break;
      case 'retreat':
        if (e.why === 'rout' || e.why === 'shaken') add(2, `${e.units.join(', ')} ${e.why === 'rout' ? 'run (3.3)' : 'retreat, shaken (3.3, 8)'}`);
        break;
      case 'rally':
        add(3, `${name(e.unit)} rallies: shaken, with REGROUP orders (7, 11)`);
        break;
      case 'regroup':
        add(2, `${name(e.unit)} regroups: ${e.from} -> ${e.to} (4, 7)`);
        break;
      case 'interpenetrate':
        add(3, `${name(e.unit)} passes through ${name(e.through)}${e.levels ? ': both lose a level (12)' : ' (12: skirmishers, no loss)'}`);
        break;
      case 'removed':
        add(3, `${name(e.unit)} ${e.why === 'offLane' ? 'runs off the lane: its men are dispersed' : 'is destroyed'}`);
        break;
      case 'giveUp':
        add(2, `${side(e.side)} give the attack up`);
        break;
      case 'end': {
        const text = `End after turn ${e.turn}: ${e.winner === null ? 'a draw' : `${side(e.winner)} win`}; ${reasonText(e.reason)}`;
        lines.push({ depth: 0, kind: 'section', text });
        s.sides.forEach((sd, k) => {
          const r = result.sides[k];
          lines.push({ depth: 1, kind: 'event', text: `${sd.name}: lost ${r.strengthLost} of ${r.startStrength} figures (${r.menLost} men, ${r.casualties} of them killed or wounded), ${r.routs} rout${r.routs === 1 ? '' : 's'}, army morale ${r.armyBrokenTurn ? `broken in turn ${r.armyBrokenTurn}` : 'held'}` });
        });
        const last = steps[steps.length - 1];
        steps.push({ title: `The end (turn ${e.turn})`, turn: e.turn, step: 13, side: null, phase: null, end: true, lines: lines.slice(lines.length - 3), units: last ? last.units : startUnits, moves: [], charges: [] });
        break;
      }
    }
  }
  return { lines, steps };
}
