/**
 * What command does to play (12.1, 12.2, 12.4; wing commanders of 2.1), on small battles built from
 * ./helpers.ts with commanders and plans added to the scenario data and checked by the real schema.
 *
 * The rules in short: a unit beyond its leader's command range (4 cavalry MP from its own leader, a wing
 * commander or the overall commander) may neither attack nor enter an enemy ZOC, and when it moves it
 * must head back into range by the quickest way; a unit in range may not walk out of it (12.1). Under
 * Reserve orders the formation leader stays where he is (12.2). An order takes effect after the delay
 * of 12.4: the order number less half the two leaders' summed ratings (rounded, never below 0), plus
 * the sender-to-receiver distance in cavalry MP divided by 6 (fractions dropped).
 *
 * In the engine: moveContext (movement.ts) closes enemy ZOCs to a unit out of range, moveSide (ai.ts)
 * sends it toward its leader's hex and keeps units in range inside it, moveLeaders (command.ts) skips a
 * Reserve formation's leader, commandersOf (compile.ts) lists every leader whose range counts for a
 * formation, and commandPhase (command.ts) sends a plan step once its condition (whenDemoralized,
 * whenLost) holds, with complianceDelay.
 */
import { describe, expect, it } from 'vitest';
import { moveSide, planBombardment } from '../../src/rules/aor/battle/ai.js';
import { markHolder } from '../../src/rules/aor/battle/retreat.js';
import { commandPhase, moveLeaders, updateCommandRange } from '../../src/rules/aor/battle/command.js';
import { recordEliminations } from '../../src/rules/aor/battle/losses.js';
import { moveContext, reachable } from '../../src/rules/aor/battle/movement.js';
import { builtFrom, CLEAR_ROWS, hexName, scenarioData, ScriptedDice, type BattleDesc } from './helpers.js';
import type { AorEvent } from '../../src/rules/aor/events.js';
import { EngagementDice } from '../../src/core/dice.js';

/**
 * battle() of ./helpers.ts with extra fields for side 0 (commanders, plan, battleDoctrine), validated by
 * the real scenario schema and compiled as the CLI does. The doctrine's own reserve commitment is off
 * unless given, so only the scenario's plan sends orders.
 */
function build(desc: BattleDesc, side0: Record<string, unknown> = {}) {
  const data = scenarioData(desc) as { sides: Record<string, unknown>[] };
  Object.assign(data.sides[0], { battleDoctrine: { preset: 'by-the-book', commitReserves: 'never' } }, side0);
  const built = builtFrom(data);
  const { c, b, grid, h, u } = built;
  const find = <T extends { id: string }>(list: readonly T[], id: string, what: string) => {
    const i = list.findIndex((x) => x.id === id);
    if (i < 0) throw new Error(`no ${what} ${id}`);
    return i;
  };
  const res = built.res();
  return {
    c,
    b,
    grid,
    h,
    u,
    res,
    /** Formation index by id. */
    f: (id: string) => find(c.formations, id, 'formation'),
    /** Leader index (c.leaders) by id. */
    l: (id: string) => find(c.leaders, id, 'leader'),
    /** "col,row" of a unit. */
    at: (id: string) => hexName(grid, b.pos[u(id)]),
  };
}

describe('12.1 a unit out of command range', () => {
  /** F (Attack on 9,2): a at 5,2, its leader L at `leaderAt`; the enemy E at 7,2, so 6,2 is in E's ZOC. */
  const contact = (leaderAt: string) =>
    build({
      map: CLEAR_ROWS(12, 5),
      formations: [{ id: 'F', objective: '9,2', leader: { id: 'L', rating: 2, at: leaderAt } }],
      units: [
        { id: 'a', side: 0, at: '5,2', formation: 'F' },
        { id: 'E', side: 1, at: '7,2' },
      ],
    });

  it('may not enter an enemy ZOC, though its Attack orders would let it (5 MP from its leader)', () => {
    const t = contact('0,2');
    updateCommandRange(t.b);
    expect(t.b.inCommand[t.u('a')]).toBe(0);
    expect(t.b.inEnemyZoc(0, t.h('6,2'))).toBe(true);
    expect(moveContext(t.b, t.u('a'), false)!.zocEntry).toBe(false);
    const reach = reachable(t.b, t.u('a'), false)!;
    expect(reach[t.h('6,2')]).toBe(Infinity);
    expect(reach[t.h('4,2')]).toBe(1); // hexes out of any ZOC stay open
  });

  it('random-legal: a unit out of range stays, or moves to a hex of those nearest its leader, never away', () => {
    const t = build(
      {
        map: CLEAR_ROWS(14, 5),
        supply: [['0,2'], ['13,2']],
        formations: [{ id: 'F', objective: '13,4', leader: { id: 'L', rating: 3, at: '0,2' } }],
        units: [
          { id: 'U', side: 0, at: '6,2', formation: 'F' },
          { id: 'E', side: 1, at: '13,0' },
        ],
        supplyRule: false,
      },
      { battleDoctrine: 'random-legal' },
    );
    const seen = new Set<number>();
    for (let s = 0; s < 60; s++) {
      t.b.reset();
      t.b.turn = 1;
      updateCommandRange(t.b, 0);
      expect(t.b.inCommand[t.u('U')]).toBe(0);
      const dice = new EngagementDice(`out-of-range ${s}`);
      t.b.dice = dice;
      moveSide(t.b, 0, false, dice, t.res);
      seen.add(t.grid.distance(t.b.pos[t.u('U')], t.h('0,2')));
    }
    // 6 hexes off; infantry has 4 MP in the clear: it stays (6) or ends 2 hexes off, never farther.
    expect([...seen].sort()).toEqual([2, 6]);
  });

  it('12.1, 8.1: a battery out of command range does not bombard (bombardment is an attack); in range it does', () => {
    const guns = (leaderAt: string) =>
      build({
        map: CLEAR_ROWS(12, 5),
        formations: [{ id: 'F', objective: '9,2', leader: { id: 'L', rating: 2, at: leaderAt } }],
        units: [
          { id: 'G', side: 0, at: '5,2', formation: 'F', kind: 'artillery' },
          { id: 'E', side: 1, at: '7,2' },
        ],
      });
    const out = guns('0,2');
    updateCommandRange(out.b);
    expect(out.b.inCommand[out.u('G')]).toBe(0);
    expect([...planBombardment(out.b, 0).keys()]).toEqual([]);
    const inRange = guns('3,2');
    updateCommandRange(inRange.b);
    expect(inRange.b.inCommand[inRange.u('G')]).toBe(1);
    expect([...planBombardment(inRange.b, 0).keys()]).toEqual([inRange.h('7,2')]);
  });

  it('in range (3 MP from its leader) the same unit may enter it', () => {
    const t = contact('2,2');
    updateCommandRange(t.b);
    expect(t.b.inCommand[t.u('a')]).toBe(1);
    expect(moveContext(t.b, t.u('a'), false)!.zocEntry).toBe(true);
    expect(reachable(t.b, t.u('a'), false)![t.h('6,2')]).toBe(1);
  });

  /** F (Attack on 11,2, the enemy's hex): a at 6,2 (movement 4), its leader L at `leaderAt`. */
  const advance = (leaderAt: string) =>
    build({
      map: CLEAR_ROWS(12, 5),
      supplyRule: false,
      formations: [{ id: 'F', objective: '11,2', leader: { id: 'L', rating: 2, at: leaderAt } }],
      units: [
        { id: 'a', side: 0, at: '6,2', formation: 'F' },
        { id: 'E', side: 1, at: '11,2' },
      ],
    });

  it('moves back toward its leader, away from its objective, until in range again (6 hexes off: 4 back to 2,2)', () => {
    const t = advance('0,2');
    updateCommandRange(t.b, 0);
    expect(t.b.inCommand[t.u('a')]).toBe(0);
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res);
    expect(t.at('a')).toBe('2,2');
    updateCommandRange(t.b, 0);
    expect(t.b.inCommand[t.u('a')]).toBe(1);
  });

  it('a unit in range heads for its objective but stops at the edge of range: it may not leave it by movement', () => {
    const t = advance('3,2');
    updateCommandRange(t.b, 0);
    expect(t.b.inCommand[t.u('a')]).toBe(1);
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res);
    // Its 4 MP would take it to 10,2 next to E; 7,2 is 4 MP from L, the last hex in range.
    expect(t.at('a')).toBe('7,2');
    expect(t.b.commandField[t.f('F')]![t.h('7,2')]).toBe(4);
    updateCommandRange(t.b, 0);
    expect(t.b.inCommand[t.u('a')]).toBe(1);
  });
});

describe('12.2 Reserve: the formation leader cannot move', () => {
  const apart = (orders: 'reserve' | 'defend') =>
    build({
      map: CLEAR_ROWS(9, 5),
      formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '0,2' } }],
      units: [
        { id: 'a', side: 0, at: '4,2', orders, formation: 'F' },
        { id: 'z', side: 1, at: '8,4' },
      ],
    });

  it('under Reserve orders he stays put, four clear hexes from his only unit', () => {
    const t = apart('reserve');
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[t.l('L')])).toBe('0,2');
  });

  it('under Defend orders the same leader joins it, and a trace is told so; a leader who stays is not told', () => {
    const t = apart('defend');
    const events: AorEvent[] = [];
    moveLeaders(t.b, 0, (e) => events.push(e));
    expect(hexName(t.grid, t.b.leaderPos[t.l('L')])).toBe('4,2');
    expect(events).toEqual([{ type: 'leader', side: 0, leader: 'L', from: t.h('0,2'), to: t.h('4,2'), why: 'moved' }]);
    events.length = 0;
    moveLeaders(t.b, 0, (e) => events.push(e)); // already with it
    expect(events).toEqual([]);
  });

  it('once the formation gets other orders he moves again', () => {
    const t = apart('reserve');
    t.b.setOrders(t.f('F'), 'defend', -1);
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[t.l('L')])).toBe('4,2');
  });
});

describe('12.2 Reserve: the units may move, not into an enemy ZOC (cavalry: by aor.cavalryZocOrders); the doctrine closes up on the leader (12.1)', () => {
  // L stays at 0,2 (12.2). a at 8,2 is 8 clear hexes off, beyond his 4 MP; b at 2,2 is within them.
  const reserve = (zAt: string) =>
    build({
      map: CLEAR_ROWS(12, 5),
      formations: [{ id: 'F', objective: '11,2', leader: { id: 'L', rating: 2, at: '0,2' } }],
      units: [
        { id: 'a', side: 0, at: '8,2', orders: 'reserve', formation: 'F' },
        { id: 'b', side: 0, at: '2,2', orders: 'reserve', formation: 'F' },
        { id: 'z', side: 1, at: zAt },
      ],
    });
  const moved = (t: ReturnType<typeof reserve>) => {
    updateCommandRange(t.b, 0);
    const events: AorEvent[] = [];
    moveSide(t.b, 0, false, new EngagementDice('reserve'), t.res, (e) => events.push(e));
    return events.filter((e) => e.type === 'move').map((e) => (e as { unit: string }).unit);
  };
  it('a unit out of command range moves back toward its leader (not toward its old objective); one in range holds', () => {
    const t = reserve('11,4');
    updateCommandRange(t.b, 0);
    expect([t.b.inCommand[t.u('a')], t.b.inCommand[t.u('b')]]).toEqual([0, 1]);
    expect(moved(t)).toEqual(['a']);
    expect(t.grid.distance(t.b.pos[t.u('a')], t.h('0,2'))).toBeLessThan(8);
    expect(t.at('b')).toBe('2,2');
  });
  it('never into an enemy ZOC on the way', () => {
    // z at 6,2: its ZOC lies across a's way west along row 2.
    const t = reserve('6,2');
    moved(t);
    expect(t.b.inEnemyZoc(0, t.b.pos[t.u('a')])).toBe(false);
    expect(t.grid.distance(t.b.pos[t.u('a')], t.h('0,2'))).toBeLessThan(8);
  });
  it('random-legal moves Reserve units like any others, among the moves 12.2 leaves them: in command range (12.1), never into an enemy ZOC', () => {
    // z at 6,2 (ZOC on 5,1 5,2 5,3 and round it) is within b's reach; a (out of range) may only close up.
    const ends = new Set<string>();
    const aEnds = new Set<string>();
    let aMoved = 0;
    for (let i = 0; i < 30; i++) {
      const t = build(
        {
          map: CLEAR_ROWS(12, 5),
          formations: [{ id: 'F', objective: '11,2', leader: { id: 'L', rating: 2, at: '0,2' } }],
          units: [
            { id: 'a', side: 0, at: '8,2', orders: 'reserve', formation: 'F' },
            { id: 'b', side: 0, at: '2,2', orders: 'reserve', formation: 'F' },
            { id: 'z', side: 1, at: '6,2' },
          ],
        },
        { battleDoctrine: 'random-legal' },
      );
      t.b.dice = new EngagementDice(`reserve-${i}`);
      updateCommandRange(t.b, 0);
      moveSide(t.b, 0, false, t.b.dice, t.res);
      for (const id of ['a', 'b']) expect(t.b.inEnemyZoc(0, t.b.pos[t.u(id)]), id).toBe(false);
      // a either stays (its own hex is always among the draws) or goes to a hex of its reach nearest L (12.1).
      if (t.at('a') !== '8,2') {
        aMoved++;
        aEnds.add(t.at('a'));
      }
      updateCommandRange(t.b, 0);
      expect(t.b.inCommand[t.u('b')]).toBe(1);
      expect(hexName(t.grid, t.b.leaderPos[t.l('L')])).toBe('0,2');
      ends.add(t.at('b'));
    }
    // a, out of range, closes up in most engagements, always to the nearest hexes its 4 MP reach round z's
    // ZOC (6 from L, where it stood 8 off); frozen Reserve units would leave it at 8,2 in all 30.
    expect(aMoved).toBeGreaterThan(15);
    expect([...aEnds].sort()).toEqual(['5,0', '5,4']);
    // b, in range, goes somewhere other than where it stood in some engagements (it used to hold in all).
    expect([...ends].filter((h) => h !== '2,2').length).toBeGreaterThan(3);
  });
  it('5.4 (aor.cavalryZocOrders): random-legal Reserve cavalry in command range enters an enemy ZOC in some engagements under the default ignore; under apply never', () => {
    // k, cavalry at 2,2 within L's range; z at 4,2 projects its ZOC on 3,1 3,2 3,3 and round it.
    const entered = (options: Record<string, string>) => {
      let n = 0;
      for (let i = 0; i < 30; i++) {
        const t = build(
          {
            map: CLEAR_ROWS(12, 5),
            options,
            formations: [{ id: 'F', objective: '11,2', leader: { id: 'L', rating: 2, at: '0,2' } }],
            units: [
              { id: 'k', side: 0, kind: 'cavalry', at: '2,2', orders: 'reserve', formation: 'F' },
              { id: 'z', side: 1, at: '4,2' },
            ],
          },
          { battleDoctrine: 'random-legal' },
        );
        t.b.dice = new EngagementDice(`reserve-cav-${i}`);
        updateCommandRange(t.b, 0);
        expect(t.b.inCommand[t.u('k')]).toBe(1);
        moveSide(t.b, 0, false, t.b.dice, t.res);
        if (t.b.inEnemyZoc(0, t.b.pos[t.u('k')])) n++;
      }
      return n;
    };
    expect(entered({})).toBeGreaterThan(0);
    expect(entered({ 'aor.cavalryZocOrders': 'apply' })).toBe(0);
  });
});

describe("2.1, 12.1 a wing commander's command range counts for the formations he commands", () => {
  /**
   * F (leader LF far off at 0,0): a at 7,2. G (leader LG far off at 0,4): g at 7,3. Both units are
   * within 1 MP of hex 6,2 and far beyond 4 MP of their own leaders.
   */
  const wings = (commanders: Record<string, unknown>[]) =>
    build(
      {
        map: CLEAR_ROWS(12, 5),
        formations: [
          { id: 'F', leader: { id: 'LF', rating: 2, at: '0,0' } },
          { id: 'G', leader: { id: 'LG', rating: 2, at: '0,4' } },
        ],
        units: [
          { id: 'a', side: 0, at: '7,2', orders: 'defend', formation: 'F' },
          { id: 'g', side: 0, at: '7,3', orders: 'defend', formation: 'G' },
          { id: 'z', side: 1, at: '11,0' },
        ],
      },
      { commanders },
    );

  it('with no commander near, both units are out of command', () => {
    const t = wings([{ id: 'W', rating: 2, at: '0,2', role: 'wc', formations: ['F'] }]);
    updateCommandRange(t.b);
    expect(t.b.inCommand[t.u('a')]).toBe(0);
    expect(t.b.inCommand[t.u('g')]).toBe(0);
  });

  it("a wing commander at 6,2 commanding F puts F's unit in command, not G's", () => {
    const t = wings([{ id: 'W', rating: 2, at: '6,2', role: 'wc', formations: ['F'] }]);
    expect(t.c.commandersOf[t.f('F')]).toEqual([t.l('LF'), t.l('W')]);
    expect(t.c.commandersOf[t.f('G')]).toEqual([t.l('LG')]);
    updateCommandRange(t.b);
    expect(t.b.inCommand[t.u('a')]).toBe(1);
    expect(t.b.inCommand[t.u('g')]).toBe(0);
  });

  it('the overall commander at 6,2 commands every formation of his side', () => {
    const t = wings([{ id: 'OC', rating: 3, at: '6,2', role: 'oc' }]);
    expect(t.c.commandersOf[t.f('F')]).toEqual([t.l('LF'), t.l('OC')]);
    expect(t.c.commandersOf[t.f('G')]).toEqual([t.l('LG'), t.l('OC')]);
    updateCommandRange(t.b);
    expect(t.b.inCommand[t.u('a')]).toBe(1);
    expect(t.b.inCommand[t.u('g')]).toBe(1);
  });
});

describe('12.4 conditional plan steps: sent when the condition holds, obeyed after the compliance delay', () => {
  /**
   * Side 0: the overall commander OC at 0,2; formation F (Defend, demoralization limit 4) with f1 and f2;
   * formation R (Reserve) with r and its leader LR at `lrAt`. Side 1: E far off at 11,2.
   */
  const planned = (plan: Record<string, unknown>[], o: { ocRating?: number; lrRating?: number; lrAt?: string; options?: BattleDesc['options'] } = {}) =>
    build(
      {
        map: CLEAR_ROWS(12, 5),
        supplyRule: false,
        turns: 8,
        options: o.options,
        objectives: [{ name: 'Bridge', at: '5,4', vp: 5, holder: 0 }],
        formations: [
          { id: 'F', demoralization: 4, leader: { id: 'LF', rating: 1, at: '1,0' } },
          { id: 'R', leader: { id: 'LR', rating: o.lrRating ?? 2, at: o.lrAt ?? '7,2' } },
        ],
        units: [
          { id: 'f1', side: 0, at: '1,0', orders: 'defend', formation: 'F' },
          { id: 'f2', side: 0, at: '2,0', orders: 'defend', formation: 'F' },
          { id: 'r', side: 0, at: o.lrAt ?? '7,2', orders: 'reserve', formation: 'R' },
          { id: 'E', side: 1, at: '11,2' },
        ],
      },
      { commanders: [{ id: 'OC', rating: o.ocRating ?? 2, at: '0,2', role: 'oc' }], plan },
    );

  const phase = (t: ReturnType<typeof planned>, turn: number) => {
    t.b.turn = turn;
    commandPhase(t.b, new ScriptedDice({}), t.res);
  };

  it('whenDemoralized: nothing is sent before F breaks; then Attack goes to R, 2 + 7 MP / 6 = 3 turns later', () => {
    const t = planned([{ whenDemoralized: 'F', order: { formation: 'R', orders: 'attack', objective: '10,2' } }]);
    const R = t.f('R');
    phase(t, 1);
    phase(t, 2);
    expect(t.res.extras['ordersSent.0']).toBe(0);
    // F loses f1 (strength 4, its limit) during turn 2.
    t.b.st.steps[t.u('f1')] = 0;
    recordEliminations(t.b, t.res);
    expect(t.b.formationDemoralized[t.f('F')]).toBe(1);
    phase(t, 3);
    // Attack 4 - round((2 + 2) / 2) = 2; OC at 0,2 to LR at 7,2 is 7 cavalry MP: + floor(7 / 6) = 1.
    expect(t.res.extras['ordersSent.0']).toBe(1);
    expect(t.res.extras['orderDelayTurns.0']).toBe(3);
    expect(t.b.pendingTurn[R]).toBe(6);
    for (const turn of [4, 5]) {
      phase(t, turn);
      expect(t.b.ordersOf(R), `turn ${turn}`).toBe('reserve');
    }
    phase(t, 6);
    expect(t.b.ordersOf(R)).toBe('attack');
    expect(hexName(t.grid, t.b.objective[R])).toBe('10,2');
    phase(t, 7);
    expect(t.res.extras['ordersSent.0']).toBe(1); // sent once
  });

  it('whenDemoralized may name an enemy formation', () => {
    const t = planned([{ whenDemoralized: '1-defend', order: { formation: 'R', orders: 'defend', objective: '7,2' } }]);
    phase(t, 1);
    expect(t.res.extras['ordersSent.0']).toBe(0);
    t.b.formationDemoralized[t.f('1-defend')] = 1;
    phase(t, 2);
    // Defend 3 - 2 = 1, + floor(7 / 6) = 1: in turn 4.
    expect(t.b.pendingTurn[t.f('R')]).toBe(4);
  });

  it('whenLost: sent once the enemy holds the named objective, not while side 0 does', () => {
    const t = planned([{ whenLost: 'Bridge', order: { formation: 'R', orders: 'attack', objective: '5,4' } }], { ocRating: 4, lrAt: '1,2' });
    const R = t.f('R');
    phase(t, 1);
    phase(t, 2);
    expect(t.res.extras['ordersSent.0']).toBe(0);
    // The enemy takes the bridge during turn 2 (18: the last to move into it holds it).
    t.b.moveTo(t.u('E'), t.h('5,4'));
    markHolder(t.b, t.h('5,4'), 1);
    t.b.computeZoc();
    phase(t, 3);
    // Attack 4 - round((4 + 2) / 2) = 1; OC at 0,2 to LR at 1,2 is 1 MP: + 0.
    expect(t.res.extras['ordersSent.0']).toBe(1);
    expect(t.b.pendingTurn[R]).toBe(4);
    expect(t.b.ordersOf(R)).toBe('reserve');
    phase(t, 4);
    expect(t.b.ordersOf(R)).toBe('attack');
    expect(hexName(t.grid, t.b.objective[R])).toBe('5,4');
  });

  it('a delay of 0 is obeyed in the same Command Phase (OC 4 and LR 4 send Attack next door)', () => {
    const t = planned([{ whenLost: 'Bridge', order: { formation: 'R', orders: 'attack', objective: '5,4' } }], { ocRating: 4, lrRating: 4, lrAt: '1,2' });
    t.b.moveTo(t.u('E'), t.h('5,4'));
    markHolder(t.b, t.h('5,4'), 1);
    t.b.computeZoc();
    phase(t, 2);
    expect(t.res.extras['ordersSent.0']).toBe(1);
    expect(t.b.pendingTurn[t.f('R')]).toBe(0);
    expect(t.b.ordersOf(t.f('R'))).toBe('attack');
  });

  it('an order to the demoralized formation itself waits aor.demoralizedComplianceDelay more turns (14.2)', () => {
    const plan = [{ whenDemoralized: 'F', order: { formation: 'F', orders: 'reserve' } }];
    const sentAt = (extra: number) => {
      // OC 2 at 0,2 and LF 1 at 1,0: Reserve 2 - round(1.5) = 0; 2 MP apart: + 0.
      const t = planned(plan, { options: { 'aor.demoralizedComplianceDelay': extra } });
      t.b.turn = 2;
      t.b.st.steps[t.u('f1')] = 0;
      recordEliminations(t.b, t.res);
      phase(t, 3);
      return { pending: t.b.pendingTurn[t.f('F')], orders: t.b.ordersOf(t.f('F')) };
    };
    expect(sentAt(0)).toEqual({ pending: 0, orders: 'reserve' }); // at once
    expect(sentAt(1)).toEqual({ pending: 4, orders: 'defend' });
    expect(sentAt(2)).toEqual({ pending: 5, orders: 'defend' });
  });
});
