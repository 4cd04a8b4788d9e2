/**
 * The sequence of play (4) as the engine's events show it (src/core/events.ts; emitted by
 * src/rules/aor/battle/play.ts). A game turn opens with the Command and Reorganization Phase, then the
 * side that moves first (the scenario's `first`) plays its whole player turn, then the other side; a
 * player turn runs bombardment, the cavalry charge segment, movement, combat and turn end, in that
 * order, and what happens in the battle happens inside the right segment of the right side. On a night
 * turn bombardment, charges and combat are left out (5.5, 16).
 *
 * Disruption removal (4, item 4; 8.1): disruption caused by bombardment goes at the end of the game
 * turn, after both player turns, whether or not the unit passed its own turn-end recovery check (6.2).
 * Other disruption is left to that check (6.2), the reading of ../shared/rulings/age-of-rifles.md
 * ("bombardment disruption is removed in the Disruption Removal phase").
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { battle, CLEAR_ROWS, collector, roll, ScriptedDice, type BattleDesc } from './helpers.js';

const SEGMENTS = ['bombardment', 'charges', 'movement', 'combat', 'turnEnd'] as const;

/** The outline of a battle's events: game turns, player turns and phases, one line each. */
function outline(events: VolleyEvent[]): string[] {
  const lines: string[] = [];
  for (const e of events) {
    if (e.type === 'turn') lines.push(`turn ${e.turn}`);
    else if (e.type === 'playerTurn') lines.push(`${e.turn} side ${e.side} player turn${e.night ? ' (night)' : ''}`);
    else if (e.type === 'phase') lines.push(`${e.turn} side ${e.side} ${e.phase}`);
  }
  return lines;
}

/** The outline section 4 asks for: `turns` game turns, `first` moving first; night turns without I, II, IV. */
function expectedOutline(turns: number, first: 0 | 1, night: number[] = []): string[] {
  const lines: string[] = [];
  for (let t = 1; t <= turns; t++) {
    const dark = night.includes(t);
    lines.push(`turn ${t}`, `${t} side ${first} command`);
    for (const side of [first, 1 - first]) {
      lines.push(`${t} side ${side} player turn${dark ? ' (night)' : ''}`);
      for (const s of SEGMENTS) if (!dark || s === 'movement' || s === 'turnEnd') lines.push(`${t} side ${side} ${s}`);
    }
  }
  return lines;
}

/** Guns, infantry and cavalry on both sides, 3 hexes apart; side 0 attacks, side 1 defends. */
function mixed(first: 0 | 1, extra: Partial<BattleDesc> = {}): BattleDesc {
  return {
    map: CLEAR_ROWS(10, 7),
    turns: 4,
    first,
    supplyRule: false,
    units: [
      { id: 'G', side: 0, kind: 'artillery', at: '2,3' },
      { id: 'I1', side: 0, at: '3,2' },
      { id: 'I2', side: 0, at: '3,4' },
      { id: 'C', side: 0, kind: 'cavalry', at: '2,2' },
      { id: 'H', side: 1, kind: 'artillery', at: '7,3' },
      { id: 'J1', side: 1, at: '6,2' },
      { id: 'J2', side: 1, at: '6,4' },
      { id: 'K', side: 1, kind: 'cavalry', at: '7,2' },
    ],
    ...extra,
  };
}

/** The segment an event of play must fall in, for the events that belong to one. */
function segmentOf(e: VolleyEvent): (typeof SEGMENTS)[number] | null {
  switch (e.type) {
    case 'bombard':
      return 'bombardment';
    case 'charge':
      return e.reaction ? null : 'charges'; // reaction charges (7.8) answer moves in any segment
    case 'move':
      return 'movement';
    case 'assault':
      return 'combat';
    case 'check':
      return e.purpose === 'recovery' ? 'turnEnd' : null;
    default:
      return null;
  }
}

describe('4 sequence of play', () => {
  it('each game turn: command phase, then both player turns in order (first side, then the other), each bombardment, charges, movement, combat, turn end', () => {
    for (const first of [0, 1] as const) {
      let complete = 0;
      for (let i = 0; i < 10; i++) {
        const t = battle(mixed(first));
        const { sink, events } = collector();
        const res = playBattle(t.c, new EngagementDice(`sequence/${first}/${i}`), { sink });
        const want = expectedOutline(t.c.turns, first);
        const got = outline(events);
        if (res.reason === 'victoryPoints') {
          expect(got, `first ${first}, seed ${i}`).toEqual(want);
          complete++;
        } else {
          // Ended early (18): what was played is the beginning of the same sequence.
          expect(got, `first ${first}, seed ${i}`).toEqual(want.slice(0, got.length));
        }
        expect(events.at(-1)?.type).toBe('end');
      }
      expect(complete, `first ${first}`).toBeGreaterThan(5);
    }
  });

  it("bombardment, charges, moves and assaults happen in their own segment of the phasing side's player turn, recovery checks in a turn end", () => {
    const seen: Record<string, number> = {};
    for (const first of [0, 1] as const) {
      for (let i = 0; i < 10; i++) {
        const t = battle(mixed(first));
        const { sink, events } = collector();
        playBattle(t.c, new EngagementDice(`segments/${first}/${i}`), { sink });
        let phasing = -1;
        let phase: string | null = null;
        for (const e of events) {
          if (e.type === 'playerTurn') [phasing, phase] = [e.side, null];
          else if (e.type === 'phase') {
            expect(e.side, 'a segment of the phasing player turn').toBe(e.phase === 'command' ? first : phasing);
            phase = e.phase;
          }
          const want = segmentOf(e);
          if (!want) continue;
          const where = `${e.type} in ${phase} of side ${phasing}, first ${first}, seed ${i}`;
          expect(phase, where).toBe(want);
          // 4 V: "all disrupted units check morale" in each Turn End segment, both sides' (aor.turnEndRecovery).
          if (!(e.type === 'check' && e.purpose === 'recovery')) expect('side' in e && e.side, where).toBe(phasing);
          seen[want] = (seen[want] ?? 0) + 1;
        }
      }
    }
    // Every segment was exercised.
    for (const s of SEGMENTS) expect(seen[s], s).toBeGreaterThan(0);
  });

  it('a night turn plays only movement and turn end in each player turn (5.5, 16)', () => {
    for (const first of [0, 1] as const) {
      const t = battle(mixed(first, { turns: 3, night: [2] }));
      const { sink, events } = collector();
      const res = playBattle(t.c, new EngagementDice(`night/${first}`), { sink });
      expect(res.reason).toBe('victoryPoints');
      expect(outline(events)).toEqual(expectedOutline(3, first, [2]));
    }
  });
});

describe('4 disruption removal (8.1, 6.2)', () => {
  /** Gun G (side 0) at 1,2, two hexes from T (side 1, morale 4) at 3,2; neither side attacks. */
  function guns(first: 0 | 1, extra: Partial<BattleDesc> = {}) {
    return battle({
      map: CLEAR_ROWS(8, 5),
      turns: 2,
      first,
      supplyRule: false,
      units: [
        { id: 'G', side: 0, kind: 'artillery', at: '1,2', orders: 'defend' },
        { id: 'T', side: 1, at: '3,2', orders: 'defend' },
      ],
      ...extra,
    });
  }

  /** Play with a sink that notes whether T is disrupted as each event is emitted. */
  function play(t: ReturnType<typeof guns>, dice: EngagementDice) {
    const T = t.u('T');
    const log: { e: VolleyEvent; disrupted: number }[] = [];
    playBattle(t.c, dice, { sink: (e) => void log.push({ e, disrupted: t.b.st.disrupted[T] }) });
    const at = (pred: (e: VolleyEvent) => boolean) => {
      const i = log.findIndex((x) => pred(x.e));
      expect(i, 'event not found').toBeGreaterThanOrEqual(0);
      return log[i];
    };
    return { log, at, T };
  }

  const phase = (turn: number, side: 0 | 1, p: string) => (e: VolleyEvent) => e.type === 'phase' && e.turn === turn && e.side === side && e.phase === p;

  // The shared rulings' reading: a disrupted unit checks only in its own Turn End segment.
  const ownTurnEnd = { options: { 'aor.turnEndRecovery': 'phasingSide' } };

  it('4 V, 6.2 (aor.turnEndRecovery = allUnits, the default): "all disrupted units check morale", the enemy\'s turn end included', () => {
    // Turn 1: the gun's first hit disrupts T (4 at 7: 1 hit). T checks at the end of side 0's player turn
    // (6: fails) and again at the end of its own (1: recovers). Turn 2: the gun misses (4 at 2).
    const t = guns(0);
    const dice = new ScriptedDice({ fire: [[...roll(7), ...roll(2)], []], morale: [[], [6, 1]] });
    const { log, at, T } = play(t, dice);
    const checks = log.filter((x) => x.e.type === 'check' && x.e.purpose === 'recovery');
    expect(checks.map((x) => x.e)).toMatchObject([{ side: 1, unit: 'T', passed: false }, { side: 1, unit: 'T', passed: true }]);
    expect(log.indexOf(checks[0])).toBeGreaterThan(log.indexOf(at(phase(1, 0, 'turnEnd'))));
    expect(log.indexOf(checks[0])).toBeLessThan(log.indexOf(at((e) => e.type === 'playerTurn' && e.turn === 1 && e.side === 1)));
    expect(at(phase(1, 1, 'movement')).disrupted).toBe(1);
    expect(t.b.st.disrupted[T]).toBe(0);
    expect(dice.used.morale).toEqual([0, 2]);
  });

  it('a unit disrupted by bombardment that fails its recovery check keeps it through its own player turn and loses it when the game turn ends', () => {
    const t = guns(0, ownTurnEnd);
    // Turn 1: the gun's first hit disrupts T (4 at 7: 1 hit); T's turn-end check rolls 6 and fails.
    // Turn 2: the gun fires again and misses (4 at 2).
    const dice = new ScriptedDice({ fire: [[...roll(7), ...roll(2)], []], morale: [[], [6]] });
    const { at, T } = play(t, dice);
    expect(at((e) => (e.type === 'cohesion' && e.to === 'disrupted') && e.unit === 'T').e).toMatchObject({ side: 1 });
    expect(at((e) => e.type === 'bombard').e).toMatchObject({ side: 0, target: t.h('3,2') });
    // Not removed when side 0's player turn ends: T is disrupted all through its own player turn.
    expect(at(phase(1, 1, 'movement')).disrupted).toBe(1);
    expect(at(phase(1, 1, 'combat')).disrupted).toBe(1);
    const check = at((e) => e.type === 'check' && e.purpose === 'recovery');
    expect(check.e).toMatchObject({ side: 1, unit: 'T', roll: 6, passed: false });
    expect(check.disrupted).toBe(1);
    // Removed after both player turns, before turn 2 begins.
    expect(at((e) => e.type === 'turn' && e.turn === 2).disrupted).toBe(0);
    expect(t.b.st.disrupted[T]).toBe(0);
    expect(t.b.bombDisrupted[T]).toBe(0);
    expect(dice.used.fire).toEqual([4, 0]);
    expect(dice.used.morale).toEqual([0, 1]);
  });

  it('bombarded in the second player turn: removed at the end of that game turn, with no recovery check in between (phasingSide)', () => {
    const t = guns(1, ownTurnEnd);
    const dice = new ScriptedDice({ fire: [[...roll(7), ...roll(2)], []], morale: [[], []] });
    const { log, at, T } = play(t, dice);
    const hit = log.findIndex((x) => x.e.type === 'cohesion' && x.e.to === 'disrupted');
    const end = log.findIndex((x) => x.e.type === 'turn' && x.e.turn === 2);
    expect(hit).toBeGreaterThan(0);
    expect(log.slice(hit, end).every((x) => x.disrupted === 1)).toBe(true);
    expect(at(phase(1, 0, 'turnEnd')).disrupted).toBe(1);
    expect(log[end].disrupted).toBe(0);
    expect(log.some((x) => x.e.type === 'check')).toBe(false);
    expect(t.b.st.disrupted[T]).toBe(0);
  });

  it('disruption from another cause is not removed with the game turn: only a passed recovery check ends it (6.2)', () => {
    // T starts disrupted (not by bombardment) and no gun can reach it; it fails in turn 1, passes in turn 2.
    const t = guns(0, {
      ...ownTurnEnd,
      units: [
        { id: 'G', side: 0, kind: 'artillery', at: '0,0', orders: 'reserve' },
        { id: 'T', side: 1, at: '7,4', orders: 'defend', disrupted: true },
      ],
    });
    const dice = new ScriptedDice({ morale: [[], [6, 1]] });
    const { log, at, T } = play(t, dice);
    expect(log.some((x) => x.e.type === 'bombard')).toBe(false);
    expect(at((e) => e.type === 'turn' && e.turn === 2).disrupted).toBe(1);
    const checks = log.filter((x) => x.e.type === 'check' && x.e.purpose === 'recovery').map((x) => x.e);
    expect(checks).toMatchObject([{ unit: 'T', passed: false }, { unit: 'T', passed: true }]);
    expect(t.b.st.disrupted[T]).toBe(0);
  });
});
