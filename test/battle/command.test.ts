/**
 * Leaders and command (11, 12), night (16) and reorganization (15) on small maps built with the real
 * scenario schema.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { newBattleResult, playBattle, retreatReaction } from '../../src/rules/aor/battle/play.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { loadScenario } from '../../src/scenario/load.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { checkLeaders, commandMasks, leaderStackedWith, commandPhase, commandTraceCost, leaderStepCost, mayReorganize, orderDistance, reorganizationOrder, updateCommandRange } from '../../src/rules/aor/battle/command.js';
import { costField, costFieldMasked } from '../../src/hex/paths.js';
import { compileBattle, type CompiledBattle } from '../../src/rules/aor/battle/compile.js';
import { attackersIn } from '../../src/rules/aor/battle/combat.js';
import { carryOutRetreat } from '../../src/rules/aor/battle/retreat.js';
import { complianceDelay } from '../../src/rules/aor/battle/orders.js';
import { recordEliminations } from '../../src/rules/aor/battle/losses.js';
import { lossOf } from '../../src/rules/aor/results.js';
import { AOR_OPTIONS, aorOptions } from '../../src/rules/aor/options.js';
import { battleScenarioSchema } from '../helpers.js';

/** Dice whose every stream returns the given faces in order (then throws). */
class Faces extends EngagementDice {
  constructor(private faces: number[]) {
    super('faces');
  }
  override stream() {
    return () => {
      const f = this.faces.shift();
      if (f === undefined) throw new Error('no more dice planned');
      return (f - 0.5) / 6;
    };
  }
}

function compile(extra: Record<string, unknown>, sides: [Record<string, unknown>, Record<string, unknown>]): CompiledBattle {
  const sc = battleScenarioSchema.parse({
    kind: 'scenario',
    name: 'command-test',
    ruleset: 'aor',
    engagement: 'battle',
    turns: 6,
    map: { width: 14, height: 5 },
    ...extra,
    sides: sides.map((s, i) => ({ name: i ? 'B' : 'A', supply: [i ? '13,2' : '0,2'], ...s })),
  });
  return compileBattle(sc as never, aorOptions(resolveOptions(AOR_OPTIONS, (extra.options as Record<string, unknown> | undefined) ?? {})));
}

/** The battle's workspace reset for play, and a fresh result. */
function started(c: CompiledBattle) {
  const b = c.workspace;
  const res = newBattleResult(c);
  b.reset();
  return { b, res };
}

describe('12.4 order compliance', () => {
  it("the text's example: Lee (4) sends Attack to Ewell (2) 9 MP away: executed 2 turns later", () => {
    expect(complianceDelay('attack', 4, 2, 9)).toBe(2);
  });
  it('the order number less half the summed ratings (rounded half up) is never below 0; distance / 6 drops fractions', () => {
    expect(complianceDelay('reserve', 5, 5, 0)).toBe(0); // 2 - 5 < 0
    expect(complianceDelay('defend', 3, 2, 0)).toBe(0); // 3 - round(2.5) = 0
    expect(complianceDelay('march', 1, 2, 11.5)).toBe(2); // 3 - round(1.5)=1, + floor(11.5/6)=1
    expect(complianceDelay('attack', 1, 1, 6, 1)).toBe(5); // 4-1 + 1 + demoralized extra 1
  });
  it('an order to a leader no leader could ride to still travels its distance: over the terrain, else a hex a cavalry MP', () => {
    // L stands alone at 8,2 next to the enemy z at 9,2: a leader may not enter that ZOC hex alone (11).
    const build = (rivers: string[] = [], terrain?: string) => {
      const c = compile({ map: { width: 14, height: 5, rivers, ...(terrain ? { terrain } : {}) } }, [
        {
          commanders: [{ id: 'OC', rating: 4, at: '1,2', role: 'oc' }],
          formations: [{ id: 'F', orders: 'defend', leader: { id: 'L', rating: 2, at: '8,2' }, units: [{ id: 'a', strength: 4, at: '3,2' }] }],
        },
        { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '9,2' }] }] },
      ]);
      c.workspace.reset();
      return c;
    };
    const c = build();
    const at = (id: string) => c.workspace.leaderPos[c.leaders.findIndex((l) => l.id === id)];
    expect(commandMasks(c.workspace, 0).leaderEnter[at('L')]).toBe(0);
    expect(orderDistance(c.workspace, 0, at('OC'), at('L'))).toBe(7);
    // Over the terrain, not the hex count: a belt of woods on the way costs a horseman 4 MP a hex (5.2).
    const belt = Array.from({ length: 5 }, (_, r) => `${r % 2 ? ' ' : ''}${Array.from({ length: 14 }, (_, col) => (col === 5 ? 'W' : '.')).join(' ')}`).join('\n');
    const woods = build([], belt);
    expect(orderDistance(woods.workspace, 0, at('OC'), at('L'))).toBe(10);
    // With a river closing every hexside round L's hex, the hex count stands in: 7.
    const g = c.map.grid;
    const around = [0, 1, 2, 3, 4, 5].map((d) => `8,2/${['E', 'NE', 'NW', 'W', 'SW', 'SE'][d]}`);
    const shut = build(around);
    expect(costFieldMasked(g, [at('OC')], shut.map.leaderSteps, null, null, 0, Infinity)[at('L')]).toBe(Infinity);
    expect(g.distance(at('OC'), at('L'))).toBe(7);
    expect(orderDistance(shut.workspace, 0, at('OC'), at('L'))).toBe(7);
  });

  it('a planned order is sent in its turn and arrives after the delay (12.4), within capacity (12.5)', () => {
    const c = compile({}, [
      {
        commanders: [{ id: 'OC', rating: 1, at: '0,0', role: 'oc' }],
        plan: [
          { turn: 2, order: { formation: 'F1', orders: 'attack', objective: '12,2' } },
          { turn: 2, order: { formation: 'F2', orders: 'attack', objective: '12,2' } },
        ],
        formations: [
          { id: 'F1', orders: 'reserve', leader: { id: 'L1', rating: 1, at: '1,1' }, units: [{ id: 'a', strength: 4, at: '1,1' }] },
          { id: 'F2', orders: 'reserve', leader: { id: 'L2', rating: 1, at: '1,3' }, units: [{ id: 'b', strength: 4, at: '1,3' }] },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 1;
    commandPhase(b, new Faces([]), res);
    expect(b.ordersOf(0)).toBe('reserve');
    b.turn = 2;
    commandPhase(b, new Faces([]), res);
    // OC rating 1: one order a turn (12.5). Delay 4 - round((1+1)/2) = 3, + distance 1 MP / 6 = 0.
    expect(res.extras['ordersSent.0']).toBe(1);
    expect(b.pendingTurn[0]).toBe(5);
    expect(b.ordersOf(0)).toBe('reserve');
    b.turn = 3;
    commandPhase(b, new Faces([]), res);
    expect(res.extras['ordersSent.0']).toBe(2); // the second order goes out a turn later
    b.turn = 5;
    commandPhase(b, new Faces([]), res);
    expect(b.ordersOf(0)).toBe('attack');
    expect(b.objective[0]).toBe(c.map.grid.index(12, 2));
    expect(b.ordersOf(1)).toBe('reserve');
  });
});

describe('12.1 command range', () => {
  const sides = (leaderAt: string): [Record<string, unknown>, Record<string, unknown>] => [
    {
      formations: [
        { id: 'F', orders: 'attack', objective: '6,2', leader: { id: 'L', rating: 2, at: leaderAt }, units: [{ id: 'a', strength: 4, at: '5,2' }] },
      ],
    },
    { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '6,2' }] }] },
  ];
  it('a unit within 4 cavalry MP of its leader is in command and may attack', () => {
    const c = compile({}, sides('2,2'));
    c.workspace.reset();
    updateCommandRange(c.workspace);
    expect(c.workspace.inCommand[0]).toBe(1);
    expect(attackersIn(c.workspace, c.map.grid.index(5, 2))).toEqual([0]);
  });
  it('a unit farther than 4 MP is out of command: it may not attack', () => {
    const c = compile({}, sides('0,2'));
    c.workspace.reset();
    updateCommandRange(c.workspace);
    expect(c.workspace.inCommand[0]).toBe(0);
    expect(attackersIn(c.workspace, c.map.grid.index(5, 2))).toEqual([]);
  });
  it('woods cost cavalry 4 MP, so a trace through woods falls short', () => {
    const terrain = ['. . . . . . . . . . . . . .', ' . . . . . . . . . . . . . .', '. . . W . . . . . . . . . .', ' . . . . . . . . . . . . . .', '. . . . . . . . . . . . . .'].join('\n');
    const c = compile({ map: { width: 14, height: 5, terrain } }, sides('2,2'));
    c.workspace.reset();
    updateCommandRange(c.workspace);
    // Entering the woods hex costs a cavalry trace 4 MP: all the range there is.
    const f = c.workspace.commandField[0]!;
    expect(f[c.map.grid.index(3, 2)]).toBe(4);
  });
});

describe('12.3 Attack orders after a hit', () => {
  const make = () =>
    compile({}, [
      {
        formations: [
          { id: 'F', orders: 'attack', objective: '8,2', leader: { id: 'L', rating: 2, at: '5,2' }, units: [{ id: 'a', strength: 4, at: '5,2' }] },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '8,2' }] }] },
    ]);
  it('the leader checks his rating +2 (not demoralized); a roll above it sends the formation to Reserve and back 3 hexes', () => {
    const c = make();
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 1;
    commandPhase(b, new Faces([]), res);
    b.st.steps[0] = 1; // a hit during the turn
    b.turn = 2;
    commandPhase(b, new Faces([5]), res); // 5 > 2 + 2: fails
    expect(b.ordersOf(0)).toBe('reserve');
    expect(res.extras['attackOrdersAbandoned.0']).toBe(1);
    expect(c.map.grid.col(b.pos[0])).toBe(2); // three hexes back, away from the enemy at 8,2
    expect(b.st.disrupted[0]).toBe(1);
  });
  it('the fall-back is a retreat (7.4): foot artillery goes back too, or is destroyed (aor.fallBackArtillery); the leader is left alone (11)', () => {
    for (const rule of ['fallsBack', 'destroyed'] as const) {
      const c = compile({ options: { 'aor.fallBackArtillery': rule } }, [
        {
          formations: [
            {
              id: 'F',
              orders: 'attack',
              objective: '8,2',
              leader: { id: 'L', rating: 2, at: '5,2' },
              units: [
                { id: 'a', strength: 4, at: '5,2' },
                { id: 'g', kind: 'artillery', strength: 3, steps: 1, at: '5,1' },
              ],
            },
          ],
        },
        { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '8,2' }] }] },
      ]);
      const { b, res } = started(c);
      b.turn = 1;
      commandPhase(b, new Faces([]), res);
      b.st.steps[0] = 1;
      b.turn = 2;
      const events: VolleyEvent[] = [];
      commandPhase(b, new Faces([6]), res, (e) => events.push(e));
      const [a, g] = ['a', 'g'].map((id) => c.specs.findIndex((s) => s.id === id));
      expect(c.map.grid.col(b.pos[a]), rule).toBe(2);
      expect(b.leaderLeftAlone[0], rule).toBe(1); // 11: his units retreated from his hex
      if (rule === 'fallsBack') {
        expect(c.map.grid.distance(b.pos[g], c.map.grid.index(5, 1))).toBe(3);
        expect(b.st.disrupted[g]).toBe(1);
        expect(res.sides[0].unitsEliminated).toBe(0);
      } else {
        expect(b.pos[g]).toBe(-1);
        expect(events).toContainEqual(expect.objectContaining({ type: 'eliminated', unit: 'g', reason: 'foot artillery cannot retreat (7.4, 12.3)' }));
        expect(res.sides[0].unitsEliminated).toBe(1);
        expect(lossOf(res, 0, 'lostInBlockedRetreats')).toBe(3);
      }
    }
  });
  // F's a at 5,2 falls back from z at 8,2; cavalry r at 0,1 is more than three hexes from 5,2.
  const withCavalryBehind = (extra: Record<string, unknown> = {}) => {
    const c = compile(extra, [
      {
        formations: [
          { id: 'F', orders: 'attack', objective: '8,2', leader: { id: 'L', rating: 2, at: '5,2' }, units: [{ id: 'a', strength: 4, at: '5,2' }] },
        ],
      },
      {
        formations: [
          { id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '8,2' }] },
          { id: 'K', orders: 'defend', units: [{ id: 'r', kind: 'cavalry', strength: 4, at: '0,1' }] },
        ],
      },
    ]);
    const { b, res } = started(c);
    b.turn = 1;
    commandPhase(b, new Faces([]), res);
    b.st.steps[0] = 1; // a hit during the turn
    b.turn = 2;
    return { c, b, res };
  };
  it('each step of the fall back is farther from the enemy within three hexes as it began: an enemy met behind does not turn it back', () => {
    const { c, b, res } = withCavalryBehind();
    const events: VolleyEvent[] = [];
    commandPhase(b, new Faces([6]), res, (e) => void events.push(e)); // 6 > 2 + 2: fails
    const g = c.map.grid;
    const steps = events.filter((e) => e.type === 'relocate').map((e) => `${g.col((e as { to: number }).to)},${g.row((e as { to: number }).to)}`);
    // Judged afresh at 4,2 and 3,2, r (then within three hexes) sent it back to 4,2 and 3,2 again.
    expect(steps).toEqual(['4,2', '3,2', '2,2']);
  });
  it('7.8: the fall back is a retreat into and through hexes: enemy cavalry within two hexes of them may charge the units that fell back', () => {
    const { c, b, res } = withCavalryBehind();
    const events: VolleyEvent[] = [];
    const sink = (e: VolleyEvent) => void events.push(e);
    // 6: the leader fails (rating 2 + 2); 1: r passes its reaction test; then the charge's fire, 1 + 1 each.
    const dice = new Faces([6, 1, 1, 1, 1, 1]);
    commandPhase(b, dice, res, sink, retreatReaction(b, dice, res, sink));
    expect(events).toContainEqual({ type: 'charge', side: 1, units: ['r'], from: c.map.grid.index(0, 1), target: c.map.grid.index(2, 2), reaction: true });
    expect(res.extras['reactionCharges.1']).toBe(1);
    // No hits either way: the reaction charger, beaten on steps lost (a tie), goes back (aor.chargeTie chargerReturns).
    expect(b.pos[c.specs.findIndex((s) => s.id === 'r')]).toBe(c.map.grid.index(0, 1));
  });
  it('7.8, 16: no reaction charge at night', () => {
    const { b, res } = withCavalryBehind({ night: [2] });
    const events: VolleyEvent[] = [];
    const sink = (e: VolleyEvent) => void events.push(e);
    const dice = new Faces([6]);
    commandPhase(b, dice, res, sink, retreatReaction(b, dice, res, sink));
    expect(events.filter((e) => e.type === 'relocate')).toHaveLength(3);
    expect(events.some((e) => e.type === 'charge')).toBe(false);
  });

  it('a roll within rating + 2 keeps the Attack order', () => {
    const c = make();
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 1;
    commandPhase(b, new Faces([]), res);
    b.st.steps[0] = 1;
    b.turn = 2;
    commandPhase(b, new Faces([4]), res);
    expect(b.ordersOf(0)).toBe('attack');
  });
});

describe('11 leaders', () => {
  /** Formation F (Defend) with its leader L at 5,2 on unit a (index 0), unit b at 2,2; the enemy z at `enemyAt`. */
  const leaderOnUnit = (enemyAt = '12,2') => {
    const c = compile({}, [
      {
        formations: [
          { id: 'F', orders: 'defend', leader: { id: 'L', rating: 3, at: '5,2' }, units: [{ id: 'a', strength: 4, at: '5,2' }, { id: 'b', strength: 4, at: '2,2' }] },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: enemyAt }] }] },
    ]);
    return { c, ...started(c) };
  };
  it('a leader left alone by an elimination dies on a 1 and comes back next turn rated 1', () => {
    const { c, b, res } = leaderOnUnit();
    const events: VolleyEvent[] = [];
    b.turn = 3;
    b.st.steps[0] = 0;
    recordEliminations(b, res);
    checkLeaders(b, new Faces([1]), res, (e) => events.push(e));
    expect(b.leaderPos[0]).toBe(-1);
    expect(res.sides[0].leadersLost).toBe(1);
    b.turn = 4;
    commandPhase(b, new Faces([]), res, (e) => events.push(e));
    expect(b.leaderPos[0]).toBe(c.map.grid.index(2, 2));
    expect(b.leaderRating[0]).toBe(1);
    // The trace is told where he went: dead after the roll, back with his formation.
    const at52 = c.map.grid.index(5, 2), at22 = c.map.grid.index(2, 2);
    expect(events.filter((e) => e.type === 'leader')).toEqual([
      { type: 'leader', side: 0, leader: 'L', from: at52, to: -1, why: 'killed' },
      { type: 'leader', side: 0, leader: 'L', from: -1, to: at22, why: 'returned' },
    ]);
  });
  it('on any other roll he joins the nearest unit of his formation', () => {
    const { c, b, res } = leaderOnUnit();
    const events: VolleyEvent[] = [];
    b.st.steps[0] = 0;
    recordEliminations(b, res);
    checkLeaders(b, new Faces([2]), res, (e) => events.push(e));
    expect(b.leaderPos[0]).toBe(c.map.grid.index(2, 2));
    expect(res.sides[0].leadersLost).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['check', 'leader']);
    expect(events[1]).toEqual({ type: 'leader', side: 0, leader: 'L', from: c.map.grid.index(5, 2), to: c.map.grid.index(2, 2), why: 'joined' });
  });
  it('a leader left alone because his unit marched away is not at risk: no die, he stays', () => {
    const c = compile({}, [
      {
        formations: [
          { id: 'F', orders: 'reserve', leader: { id: 'L', rating: 3, at: '5,2' }, units: [{ id: 'b', strength: 4, at: '2,2' }] },
          { id: 'H', orders: 'defend', units: [{ id: 'a', strength: 4, at: '5,2' }] },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    const a = c.specs.findIndex((s) => s.id === 'a');
    b.moveTo(a, c.map.grid.index(6, 2)); // ordinary movement (5), not an elimination or a retreat
    checkLeaders(b, new Faces([]), res); // any die would throw
    expect(b.leaderPos[0]).toBe(c.map.grid.index(5, 2));
    expect(res.sides[0].leadersLost).toBe(0);
    expect(res.sides[0].checksTaken.every((n) => n === 0)).toBe(true);
  });
  it('11: left alone by an elimination and then overrun (an enemy advanced into the hex), he still rolls: dies on a 1, else joins the nearest friend', () => {
    for (const [face, dead] of [[1, true], [2, false]] as const) {
      const { c, b, res } = leaderOnUnit('6,2');
      b.st.steps[0] = 0;
      recordEliminations(b, res);
      b.moveTo(c.specs.findIndex((s) => s.id === 'z'), c.map.grid.index(5, 2)); // 7.5: the enemy advances in
      checkLeaders(b, new Faces([face]), res);
      expect(b.leaderPos[0]).toBe(dead ? -1 : c.map.grid.index(2, 2));
      expect(res.sides[0].leadersLost).toBe(dead ? 1 : 0);
    }
  });
  it('a retreat that leaves him alone puts him at risk (11): he dies on a 1', () => {
    const { c, b, res } = leaderOnUnit('7,2');
    b.st.retreated[0] = 1;
    carryOutRetreat(b, c.map.grid.index(5, 2), [c.map.grid.index(7, 2)], new Faces([]), res);
    expect(b.pos[0]).not.toBe(c.map.grid.index(5, 2));
    expect(b.leaderLeftAlone[0]).toBe(1);
    checkLeaders(b, new Faces([1]), res);
    expect(b.leaderPos[0]).toBe(-1);
    expect(res.sides[0].leadersLost).toBe(1);
  });
});

describe('16 night and 15 reorganization', () => {
  it('at night an Attack order not occupying its target fails (aor.nightAttackFailure: reserve)', () => {
    const c = compile({ night: [2] }, [
      { formations: [{ id: 'F', orders: 'attack', objective: '8,2', units: [{ id: 'a', strength: 4, at: '3,2' }] }] },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 2;
    const events: VolleyEvent[] = [];
    commandPhase(b, new Faces([]), res, (e) => events.push(e));
    expect(b.ordersOf(0)).toBe('reserve');
    expect(res.extras['attackOrdersFailedAtNight.0']).toBe(1);
    // Told as a night failure, not as orders received.
    expect(events).toContainEqual({ type: 'orders', side: 0, formation: 'F', orders: 'reserve', turn: 2, arrives: 2, why: 'night' });
  });
  it('15 (aor.reorganizationTurns): from the first night turn after the elimination, on night turns only or on any turn from then on', () => {
    const when = (reading: string, lostTurn: number) => {
      const c = compile({ night: [3, 4], options: { 'aor.reorganizationTurns': reading } }, [
        { formations: [{ id: 'F', orders: 'reserve', units: [{ id: 'a', strength: 4, at: '3,2' }] }] },
        { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
      ]);
      const b = c.workspace;
      b.reset();
      b.lostTurn[0] = lostTurn;
      const turns: number[] = [];
      for (let t = 1; t <= 6; t++) {
        b.turn = t;
        if (mayReorganize(b, 0)) turns.push(t);
      }
      return turns;
    };
    // Lost on day turn 2: the nights 3 and 4, then (fromFirstNight) the morning turns 5 and 6 too.
    expect(when('nightTurns', 2)).toEqual([3, 4]);
    expect(when('fromFirstNight', 2)).toEqual([3, 4, 5, 6]);
    // Lost on night 3: not that turn; the next night, 4, is the first after it.
    expect(when('nightTurns', 3)).toEqual([4]);
    expect(when('fromFirstNight', 3)).toEqual([4, 5, 6]);
    // Lost on night 4, the last: no night after it.
    expect(when('nightTurns', 4)).toEqual([]);
    expect(when('fromFirstNight', 4)).toEqual([]);
  });

  it('15 (aor.reorganizationTurns fromFirstNight): the morning after the first night, the Command Phase brings units back by day', () => {
    const backOnDay4 = (reading: string) => {
      const c = compile({ night: [3], options: { 'aor.reorganizationTurns': reading } }, [
        { formations: [{ id: 'F', orders: 'reserve', leader: { id: 'L', rating: 3, at: '2,2' }, units: [{ id: 'a', strength: 6, reduced: 3, at: '3,1' }] }] },
        { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
      ]);
      const b = c.workspace;
      b.reset();
      c.map.terrain.fill(0);
      for (let r = 0; r < 5; r++) c.map.terrain[c.map.grid.index(8, r)] = 1; // town hexes hide the leader (15)
      b.st.steps[0] = 0;
      b.lostAt[0] = b.pos[0];
      b.lostTurn[0] = 2;
      b.remove(0);
      b.turn = 4; // a day turn after the night of turn 3
      commandPhase(b, new Faces([]), newBattleResult(c));
      c.map.terrain.fill(0);
      return b.pos[0] === c.map.grid.index(2, 2);
    };
    expect(backOnDay4('nightTurns')).toBe(false);
    expect(backOnDay4('fromFirstNight')).toBe(true);
  });

  it('a Reserve formation whose leader no enemy can see brings back up to two eliminated units, reduced, in his hex', () => {
    const c = compile({ night: [3] }, [
      {
        formations: [
          {
            id: 'F',
            orders: 'reserve',
            leader: { id: 'L', rating: 3, at: '2,2' },
            units: [
              { id: 'a', strength: 6, reduced: 3, at: '3,1' },
              { id: 'b', strength: 6, reduced: 3, at: '3,3' },
              { id: 'c', strength: 6, reduced: 3, at: '4,2' },
            ],
          },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    c.map.terrain.fill(0);
    for (let r = 0; r < 5; r++) c.map.terrain[c.map.grid.index(8, r)] = 1; // a wall of town hexes hides the leader (15: no enemy LOS)
    b.turn = 2;
    updateCommandRange(b); // as every turn's movement does: the leader's range is known from before
    // All three eliminated in turn 2, as recordEliminations leaves them.
    for (const u of [0, 1, 2]) {
      b.st.steps[u] = 0;
      b.lostAt[u] = b.pos[u];
      b.lostTurn[u] = 2;
      b.remove(u);
    }
    b.turn = 3;
    const events: VolleyEvent[] = [];
    commandPhase(b, new Faces([]), res, (e) => events.push(e));
    const back = [0, 1, 2].filter((u) => b.pos[u] === c.map.grid.index(2, 2));
    expect(back).toHaveLength(2);
    expect(events.filter((e) => e.type === 'relocate').map((e) => e.type === 'relocate' && e.why)).toEqual(['reorganized', 'reorganized']);
    for (const u of back) expect(b.st.steps[u]).toBe(1);
    expect(res.extras['unitsReorganized.0']).toBe(2);
    // 15: for the rest of that turn the leader does not count as present: no command range (12.1).
    updateCommandRange(b);
    for (const u of back) expect(b.inCommand[u]).toBe(0);
    expect(leaderStackedWith(b, 0, c.map.grid.index(2, 2))).toBe(false); // no +1 to a reaction charge (7.8)
    b.turn = 4;
    updateCommandRange(b);
    for (const u of back) expect(b.inCommand[u]).toBe(1);
    expect(leaderStackedWith(b, 0, c.map.grid.index(2, 2))).toBe(true);
    c.map.terrain.fill(0);
  });

  it('15: a leader with nobody to reorganize stays present: his units keep their command range', () => {
    const c = compile({ night: [3] }, [
      { formations: [{ id: 'F', orders: 'reserve', leader: { id: 'L', rating: 3, at: '2,2' }, units: [{ id: 'a', strength: 6, reduced: 3, at: '3,1' }] }] },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
    const b = c.workspace;
    b.reset();
    b.turn = 3;
    commandPhase(b, new Faces([]), newBattleResult(c));
    updateCommandRange(b);
    expect(b.inCommand[0]).toBe(1);
  });

  // 15 leaves to the player which units come back when more wait than the leader's hex takes.
  const waiting = (reorganize: string) =>
    compile({}, [
      {
        battleDoctrine: { preset: reorganize === 'random' ? 'random-legal' : 'by-the-book', ...(reorganize === 'random' ? {} : { reorganize }) },
        formations: [
          {
            id: 'F',
            orders: 'reserve',
            units: [
              { id: 'steady', strength: 6, reduced: 3, morale: 5, at: '3,1' },
              { id: 'middle', strength: 8, reduced: 4, morale: 4, at: '3,3' },
              { id: 'strong', strength: 10, reduced: 5, morale: 3, at: '4,2' },
            ],
          },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
  it('15: the doctrine decides who comes back first: the strongest (reduced strength) or the steadiest (morale)', () => {
    const ids = (c: CompiledBattle, order: number[]) => order.map((u) => c.specs[u].id);
    const strongest = waiting('strongest');
    expect(ids(strongest, reorganizationOrder(strongest.workspace, 0, [0, 1, 2], new Faces([])))).toEqual(['strong', 'middle', 'steady']);
    const steadiest = waiting('steadiest');
    expect(ids(steadiest, reorganizationOrder(steadiest.workspace, 0, [0, 1, 2], new Faces([])))).toEqual(['steady', 'middle', 'strong']);
  });
  it('15 random-legal: a random order from the side\'s AI dice (Fisher-Yates, one draw per place)', () => {
    const c = waiting('random');
    // Faces 1 and 1: j = 0 at i = 2, then j = 0 at i = 1.
    const order = reorganizationOrder(c.workspace, 0, [0, 1, 2], new Faces([1, 1]));
    expect(order.map((u) => c.specs[u].id)).toEqual(['middle', 'strong', 'steady']);
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) seen.add(reorganizationOrder(c.workspace, 0, [0, 1, 2], EngagementDice.for('reorganize', 'cell', i)).join());
    expect(seen.size).toBe(6); // every order of three occurs
  });
});

describe('the commander\'s plan by doctrine (battleDoctrine.commitReserves)', () => {
  it('whenEngaged: once a unit is in contact the OC sends the reserve to attack the nearest enemy-held objective (12.4 delay)', () => {
    const c = compileWithObjective('whenEngaged');
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 2;
    commandPhase(b, new Faces([]), res);
    // OC 4 and leader 2: 4 - round(3) = 1 turn, + 1 MP / 6 = 0.
    expect(res.extras['ordersSent.0']).toBe(1);
    expect(b.pendingTurn[1]).toBe(3);
    b.turn = 3;
    commandPhase(b, new Faces([]), res);
    expect(b.ordersOf(1)).toBe('attack');
    expect(b.objective[1]).toBe(c.map.grid.index(8, 2));
  });
  it('never: the reserve stays in reserve', () => {
    const c = compileWithObjective('never');
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 2;
    commandPhase(b, new Faces([]), res);
    expect(res.extras['ordersSent.0']).toBe(0);
    expect(b.ordersOf(1)).toBe('reserve');
  });
});

describe("the commander's plan: rallying broken formations (battleDoctrine.rallyBroken; 12.2 Reserve, 12.4, 12.5, 15)", () => {
  // Formation F (broken, Attack orders) stands at 7,2, out of contact; formation H is in contact at 11,2
  // with the enemy holding the objective 12,2 (so commitReserves would send any reserve there).
  const broken = (preset: string, o: { at?: string; plan?: unknown[] } = {}) => {
    const c = compile({ objectives: [{ name: 'Hill', at: '12,2', vp: 5, holder: 1 }] }, [
      {
        battleDoctrine: preset,
        commanders: [{ id: 'OC', rating: 4, at: '0,2', role: 'oc' }],
        plan: o.plan ?? [],
        formations: [
          { id: 'F', orders: 'attack', objective: '12,2', demoralization: 4, leader: { id: 'LF', rating: 3, at: o.at ?? '7,2' }, units: [{ id: 'a', strength: 4, at: o.at ?? '7,2' }] },
          { id: 'H', orders: 'attack', objective: '12,2', units: [{ id: 'h', strength: 4, at: '11,2' }] },
        ],
      },
      { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '12,2' }] }] },
    ]);
    const b = c.workspace;
    const res = newBattleResult(c);
    b.reset();
    b.turn = 2;
    b.formationDemoralized[0] = 1;
    commandPhase(b, new Faces([]), res);
    return { b, res };
  };
  it('by-the-book: the overall commander sends a broken attacking formation out of contact Reserve orders, with the 12.4 delay', () => {
    const { b, res } = broken('by-the-book');
    // Order number 2 (Reserve) - round((4 + 3) / 2) = -2 -> 0, + 7 MP / 6 = 1 turn.
    expect(res.extras['ordersSent.0']).toBe(1);
    expect(b.pendingTurn[0]).toBe(3);
    b.turn = 3;
    commandPhase(b, new Faces([]), res);
    expect(b.ordersOf(0)).toBe('reserve');
    // Not sent back in by commitReserves (the battle is joined) while it is broken.
    expect(res.extras['ordersSent.0']).toBe(1);
  });
  it('not a formation in contact: Reserve units would neither attack nor move away', () => {
    const { b, res } = broken('by-the-book', { at: '11,1' });
    expect(res.extras['ordersSent.0']).toBe(0);
    expect(b.ordersOf(0)).toBe('attack');
  });
  it("not against the scenario's plan: a formation the plan ordered this turn keeps that order", () => {
    const { b, res } = broken('by-the-book', { at: '5,2', plan: [{ turn: 2, order: { formation: 'F', orders: 'attack', objective: '12,2' } }] });
    // The plan's Attack order arrives at once (4 - round(3.5) = 0, 5 MP / 6 = 0) and is the only one sent.
    expect(res.extras['ordersSent.0']).toBe(1);
    expect(b.pendingTurn[0]).toBe(0);
    expect(b.ordersOf(0)).toBe('attack');
  });
  it('aggressive: broken formations attack on', () => {
    const { b, res } = broken('aggressive');
    expect(res.extras['ordersSent.0']).toBe(0);
    expect(b.ordersOf(0)).toBe('attack');
  });
});

function compileWithObjective(commit: string): CompiledBattle {
  return compile({ objectives: [{ name: 'Hill', at: '8,2', vp: 5, holder: 1 }] }, [
    {
      battleDoctrine: { preset: 'by-the-book', commitReserves: commit },
      commanders: [{ id: 'OC', rating: 4, at: '1,2', role: 'oc' }],
      formations: [
        { id: 'F', orders: 'attack', objective: '8,2', units: [{ id: 'a', strength: 4, at: '7,2' }] },
        { id: 'R', orders: 'reserve', leader: { id: 'LR', rating: 2, at: '2,2' }, units: [{ id: 'r', strength: 4, at: '2,2' }] },
      ],
    },
    { formations: [{ id: 'G', orders: 'defend', units: [{ id: 'z', strength: 4, at: '8,2' }] }] },
  ]);
}

describe('12.1 command range fields kept between player turns (DESIGN.md, Performance)', () => {
  it('kept masks and fields give the same ranges as ones traced afresh, turn after turn of the corps battle', () => {
    const { scenario } = loadScenario('sims/corps-battle.scenario.yaml');
    const sc = scenario as unknown as BattleScenario;
    const c = compileBattle(sc, aorOptions(resolveOptions(AOR_OPTIONS, {})));
    const b = c.workspace;
    let checked = 0;
    for (let e = 0; e < 6; e++) {
      const sink = (ev: VolleyEvent) => {
        // Right after the player turn's trace (12.1), before anything moves.
        if (ev.type !== 'phase' || ev.phase !== 'bombardment') return;
        // The trace masks written hex by hex where things changed equal masks written afresh.
        for (const side of [0, 1] as const) {
          const m = commandMasks(b, side);
          const kept = [m.enter.slice(), m.leave.slice(), m.leaderEnter.slice()];
          b.maskDirty[side].all = true;
          const fresh = commandMasks(b, side);
          expect([fresh.enter, fresh.leave, fresh.leaderEnter].map((x) => Array.from(x))).toEqual(kept.map((x) => Array.from(x)));
        }
        // The table-and-mask traces are the rule's step costs (leaderStepCost, commandTraceCost).
        const g = c.map.grid;
        c.leaders.forEach((l, i) => {
          const at = b.leaderPos[i];
          if (at < 0) return;
          const m = commandMasks(b, l.side);
          const trace = costFieldMasked(g, [at], c.map.leaderSteps, m.enter, m.leave, 0, 4);
          expect(Array.from(trace)).toEqual(Array.from(costField(g, [at], commandTraceCost(b, l.side, at), 4)));
          const move = costFieldMasked(g, [at], c.map.leaderSteps, m.leaderEnter, null, 0, 6);
          expect(Array.from(move)).toEqual(Array.from(costField(g, [at], leaderStepCost(b, l.side), 6)));
        });
        const inCommand = b.inCommand.slice();
        const fields = c.formations.map((f, fi) => (f.side === ev.side && b.commandField[fi] ? b.commandField[fi]!.slice() : null));
        b.rangeFrom.fill(-1);
        updateCommandRange(b, ev.side);
        c.formations.forEach((f, fi) => {
          for (const u of f.units) if (f.side === ev.side || c.formationHasCavalry[fi]) expect(b.inCommand[u]).toBe(inCommand[u]);
          if (fields[fi]) expect(Array.from(b.commandField[fi]!)).toEqual(Array.from(fields[fi]!));
        });
        checked++;
      };
      playBattle(c, EngagementDice.for('range', 'corps', e), { sink });
    }
    expect(checked).toBeGreaterThan(40);
  });
});
