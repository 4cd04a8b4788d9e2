/**
 * The story of an Age of Eagles engagement in words a wargamer reads, citing the text's sections, cut
 * into the steps the trace page shows: the deployment, then each phase of each player turn (a picture
 * of the lane ends every step), then the end.
 */
import type { EngagementResult } from '../../../core/result.js';
import type { TraceLine } from '../../../core/ruleset.js';
import type { AoeEvent, LaneUnitView } from '../events.js';
import { AOE_VOCABULARY } from '../vocabulary.js';
import type { TraceSubject } from './subject.js';

/** A move, charge or retreat of a step, for its arrows. */
export interface StepArrow {
  unit: string;
  from: number;
  to: number;
  kind: 'move' | 'charge' | 'retreat' | 'recall' | 'short';
}

export interface TraceStep {
  title: string;
  turn: number;
  side: 0 | 1 | null;
  phase: string | null;
  end: boolean;
  lines: TraceLine[];
  /** The lane at the end of the step. */
  units: LaneUnitView[];
  arrows: StepArrow[];
  /** Units removed in this step. */
  lost: string[];
  /** Fire of the step: firer, target, result. */
  fires: { from: string; to: string; result: string }[];
}

const PHASE_WORDS: Record<string, string> = {
  march: 'March phase (p1)',
  volley: 'Volley & Cannonade phase (p2)',
  bayonet: 'Bayonet & Sabre phase (p2)',
};

const MARCH_WORDS: Record<string, string> = {
  aLaBayonette: 'A la Bayonette',
  enAvant: 'En Avant',
  cautious: 'Cautious',
  holdGround: 'Hold Ground',
  retire: 'Retire',
  fallBack: 'Fall Back',
  elan: 'Elan',
  rally: 'Rally',
  shaken: 'Shaken',
  wavering: 'Wavering',
  broken: 'Broken',
  routs: 'Routs',
};

const FIRE_WORDS: Record<string, string> = {
  desultory: 'Desultory Fire, no effect',
  lively: 'Lively Fire',
  galling: 'Galling Fire',
  telling: 'Telling Fire',
  withering: 'Withering Fire',
};

const BAND_WORDS: Record<string, string> = {
  defenderShattered: '+7 or more: the defender is shattered',
  defenderDrivenBack: '+4 to +6: the defender is driven back',
  defenderWithdraws: '+1 to +3: the defender withdraws',
  bothShattered: '0: both sides shattered',
  attackerWithdraws: '-1 to -3: the attacker withdraws',
  attackerDrivenBack: '-4 to -6: the attacker is driven back',
  attackerShattered: '-7 or less: the attacker is shattered',
};

const FORMATION_WORDS: Record<string, string> = {
  line: 'Line',
  fieldColumn: 'Field Column',
  masse: 'Masse',
  marchColumn: 'March Column',
  openOrder: 'Open Order',
  square: 'square',
  bua: 'the village',
  battery: 'battery unlimbered',
  limbered: 'limbered',
};

const inch = (x: number) => `${Math.round(x * 10) / 10}"`;
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** The words of an outcome reason, as the vocabulary gives them. */
export function reasonText(reason: string): string {
  return AOE_VOCABULARY.outcomes.find((o) => o.id === reason)?.label ?? reason;
}

function unitLine(s: TraceSubject, id: string): string {
  const u = s.units.find((x) => x.id === id)!;
  const what =
    u.arm === 'artillery'
      ? `${u.guns}-gun ${u.weight} ${u.flags.includes('horse') ? 'horse' : 'foot'} battery (1 gun stand), ${FORMATION_WORDS[u.formation]}`
      : `${u.stands}-stand ${u.arm} (${u.men.toLocaleString('en-GB')} men), ${u.troops}${u.marchMode ? `, ${u.marchMode} March Mode, ${u.musket}-rank musket` : ''}${u.flags.length ? `, ${u.flags.join(', ')}` : ''}, in ${FORMATION_WORDS[u.formation]}; removed at ${u.threshold} hits`;
  return `${u.id}: ${what}; front at ${inch(u.front)}, offset ${inch(u.offset)}`;
}

/** The story and the steps, from the events. */
export function narrate(events: readonly AoeEvent[], s: TraceSubject, result: EngagementResult): { lines: TraceLine[]; steps: TraceStep[] } {
  const lines: TraceLine[] = [];
  const steps: TraceStep[] = [];
  const side = (k: number) => s.sides[k].name;
  let current: TraceLine[] = [];
  let arrows: StepArrow[] = [];
  let lost: string[] = [];
  let fires: TraceStep['fires'] = [];
  let turn = 0;
  let phase: string | null = null;
  let phaseSide: 0 | 1 | null = null;
  const push = (depth: number, kind: TraceLine['kind'], text: string) => {
    const l = { depth, kind, text };
    lines.push(l);
    current.push(l);
  };
  const ev = (text: string) => push(phase ? 3 : 1, 'event', text);

  push(0, 'title', s.title ?? s.name);
  push(0, 'section', 'Order of battle');
  for (const k of [0, 1] as const) {
    push(1, 'event', `${side(k)}, ${s.sides[k].role}, doctrine ${s.sides[k].doctrine}:`);
    for (const u of s.units) if (u.side === k) push(2, 'event', unitLine(s, u.id));
  }
  const o = s.objective;
  const terrain = s.terrain.map((t) => (t.from === t.to ? `${t.kind} at ${inch(t.from)}` : `${t.kind} from ${inch(t.from)} to ${inch(t.to)}`));
  push(1, 'event', `The lane: ${inch(s.lane.length)} long (${Math.round(s.lane.length * 80)} yards), ${inch(s.lane.width)} wide${terrain.length ? `; ${terrain.join('; ')}` : ''}.`);
  push(1, 'event', `Objective: ${o.name} from ${inch(o.from)} to ${inch(o.to)}, ${o.held ? `held by the ${side(s.sides[0].role === 'defender' ? 0 : 1)}` : 'held by nobody: whoever alone stands on it at the end wins'}; ${s.turns} turns of ${s.minutesPerTurn} minutes${s.flankFaces ? `; ${s.flankFaces} flank face${s.flankFaces > 1 ? 's' : ''} open at ${inch(s.flankDetour)} extra` : ''}.`);

  const close = (title: string, units: LaneUnitView[], end: boolean) => {
    steps.push({ title, turn, side: phaseSide, phase: end ? null : phase, end, lines: current, units, arrows, lost, fires });
    current = [];
    arrows = [];
    lost = [];
    fires = [];
  };

  for (const e of events) {
    switch (e.type) {
      case 'lane':
        if (e.phase === 'start') {
          phase = null;
          close('Deployment', e.units, false);
        } else if (e.phase === 'end') {
          phase = null;
          phaseSide = null;
          close('The end', e.units, true);
        } else close(`Turn ${turn}, ${side(e.side ?? 0)}: ${PHASE_WORDS[e.phase]}`, e.units, false);
        break;
      case 'turn':
        turn = e.turn;
        phase = null;
        push(0, 'turn', `Turn ${e.turn} (minutes ${(e.turn - 1) * s.minutesPerTurn} to ${e.turn * s.minutesPerTurn})`);
        break;
      case 'initiative':
        push(1, 'event', e.rolls ? `Initiative (p1): ${e.rolls.map(([a, b]) => `${side(0)} ${a}, ${side(1)} ${b}`).join('; then ')}: the ${side(e.first)} move first.` : `Initiative: the ${side(e.first)} (the attacker) move first (aoe.initiative attackerFirst).`);
        break;
      case 'phase':
        if (e.phase === 'march') push(1, 'player', `${side(e.side ?? 0)} player turn`);
        phase = e.phase;
        phaseSide = e.side;
        push(2, 'phase', PHASE_WORDS[e.phase]);
        break;
      case 'order':
        break;
      case 'check': {
        const mods = e.modifiers.length ? `, ${e.modifiers.join(', ')}` : '';
        if (e.purpose === 'square') ev(`${e.unit} rolls for square (p1, p3): ${e.roll}${mods}: ${e.modified}, ${e.passed ? 'square formed' : 'no square'}.`);
        else ev(`${e.unit}, ordered to ${e.order}, rolls on the March Table (p1): ${e.roll}${mods}: ${e.modified}, ${MARCH_WORDS[e.result] ?? e.result}${e.passed ? '' : ' (a failed check)'}.`);
        break;
      }
      case 'square':
        break;
      case 'formation':
        ev(`${e.unit} ${e.to === 'limbered' ? 'limbers' : e.to === 'battery' ? 'unlimbers' : `forms ${FORMATION_WORDS[e.to] ?? e.to}`}${e.from === 'bua' ? ', leaving the village (p1: a full move)' : ''}.`);
        break;
      case 'move':
        ev(`${e.unit} advances from ${inch(e.path[0])} to ${inch(e.path[1])}.`);
        arrows.push({ unit: e.unit, from: e.path[0], to: e.path[1], kind: 'move' });
        break;
      case 'charge':
        if (e.reached) {
          ev(`${e.units[0]} ${e.breakthrough ? 'makes a breakthrough charge (p2: +1) at' : 'charges'} ${e.target}${e.face === 'flank' ? ' in the flank' : ''}: contact at ${inch(e.to)}.`);
          arrows.push({ unit: e.units[0], from: e.from, to: e.to, kind: 'charge' });
        } else ev(`${e.units[0]} cannot charge ${e.target}: its March result does not allow it, or the move falls short.`);
        break;
      case 'fire':
        for (const f of e.units) fires.push({ from: f, to: e.target, result: e.result });
        if (!e.rolled) ev(`${e.units.join(' and ') || 'fire'} ${e.cannonade ? 'fires on' : 'volleys at'} ${e.target} at ${inch(e.distance)} (${e.points} fire points)${e.modifiers.length ? `, ${e.modifiers.join(', ')}` : ''}: no face of the die can make it tell, no roll (p2).`);
        else ev(`${e.units.join(' and ') || 'fire'} ${e.cannonade ? 'fires on' : 'volleys at'} ${e.target} at ${inch(e.distance)} (${e.points} fire points): ${e.roll}${e.modifiers.length ? `, ${e.modifiers.join(', ')}` : ''}: ${e.modified}, ${FIRE_WORDS[e.result] ?? e.result} (p2).`);
        break;
      case 'hit':
        ev(`${e.unit} takes ${e.lost} hit${e.lost === 1 ? '' : 's'} (${e.left} more remove${e.left === 1 ? 's' : ''} it, p3 Hits).`);
        break;
      case 'guns':
        ev(`${e.unit}: its gun stand is ${e.effect === 'lost' ? 'lost to cavalry' : e.effect} (p2).`);
        break;
      case 'cohesion':
        ev(`${e.unit} ${e.to === 'good order' ? (e.from === 'silenced' ? 'is no longer silenced' : 'rallies') : e.to === 'silenced' ? 'is silenced' : 'is disordered'}.`);
        break;
      case 'checked':
        ev(`${e.unit}'s charge is checked (p2 notes): it goes back and does not fight.`);
        break;
      case 'melee': {
        const [am, dm] = e.modifiers;
        const att = e.sides[0].join(' and ');
        const def = e.sides[1].join(' and ');
        ev(`Bayonet & Sabre (p2): ${att} against ${def}: ${e.rolls[0]}${am.length ? `, ${am.join(', ')}` : ''}: ${e.totals[0]} against ${e.rolls[1]}${dm.length ? `, ${dm.join(', ')}` : ''}: ${e.totals[1]}; ${signed(e.diff)}, ${BAND_WORDS[e.band] ?? e.band}.`);
        break;
      }
      case 'retreat':
        if (e.why === 'recall') break;
        ev(`${e.unit} ${e.forced ? 'retreats' : 'withdraws'} from ${inch(e.from)} to ${inch(e.to)}${e.forced ? ` (${MARCH_WORDS[e.why] ?? BAND_WORDS[e.why]?.split(': ')[1] ?? e.why})` : ''}.`);
        arrows.push({ unit: e.unit, from: e.from, to: e.to, kind: 'retreat' });
        break;
      case 'recall':
        ev(`${e.unit} recalls from ${inch(e.from)} to ${inch(e.to)} (p2: cavalry may recall a full move).`);
        arrows.push({ unit: e.unit, from: e.from, to: e.to, kind: 'recall' });
        break;
      case 'prolonge':
        ev(`${e.unit} prolongs ${e.back ? 'back' : 'forward'} ${inch(Math.abs(e.to - e.from))} without limbering (p1 movement notes), from ${inch(e.from)} to ${inch(e.to)}.`);
        arrows.push({ unit: e.unit, from: e.from, to: e.to, kind: 'move' });
        break;
      case 'occupy':
        ev(`${e.unit} ${e.block ? 'occupies the village block (p1)' : `takes the ground the enemy held, its front at ${inch(e.at)}`}.`);
        break;
      case 'breakthrough':
        ev(`${e.unit} must break through (p2): ${e.target ? `at ${e.target}, the closest enemy` : 'no enemy left'}.`);
        break;
      case 'rout':
        ev(`${e.unit} routs.`);
        break;
      case 'removed':
        ev(`${e.unit} is removed (${e.why === 'hits' ? 'its last hit, p3' : e.why === 'routs' ? 'Routs, p1' : e.why === 'guns' ? 'its guns are gone, p2' : e.why === 'cutOff' ? 'cut off: an enemy stands where it must retreat' : 'pushed off the table edge'}).`);
        lost.push(e.unit);
        break;
      case 'leaderCaptured':
        ev(`${e.unit}'s attached leader is captured (p2).`);
        break;
      case 'broken':
        ev(`The ${side(e.side)} army is broken: army cohesion level 2 (aoe.cohesion).`);
        break;
      case 'end':
        phase = null;
        push(0, 'section', `End: ${e.winner === null ? 'no winner' : `the ${side(e.winner)} win`}, ${reasonText(e.reason)}, in turn ${e.turn}.`);
        for (const k of [0, 1] as const) {
          const r = result.sides[k];
          push(1, 'event', `${side(k)}: ${Math.round(r.menLost).toLocaleString('en-GB')} of ${Math.round(r.startMen).toLocaleString('en-GB')} men lost (${Math.round(r.casualties).toLocaleString('en-GB')} casualties), ${r.stepsLost} hits, ${r.unitsEliminated} unit${r.unitsEliminated === 1 ? '' : 's'} removed, ${r.routs} rout${r.routs === 1 ? '' : 's'}; charges ${r.chargesDeclared} declared, ${r.chargesHome} home, ${r.chargesWon} won${r.squaresFormed ? `; ${r.squaresFormed} square${r.squaresFormed === 1 ? '' : 's'} formed` : ''}.`);
        }
        break;
      default:
        break;
    }
  }
  return { lines, steps };
}
