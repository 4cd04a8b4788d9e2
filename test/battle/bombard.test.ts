import { EngagementDice } from '../../src/core/dice.js';
import { describe, expect, it } from 'vitest';
import { moveSide } from '../../src/rules/aor/battle/ai.js';
import { bombard, canBombard } from '../../src/rules/aor/battle/bombard.js';
import { attackersIn, planAttacks, situationFor } from '../../src/rules/aor/battle/combat.js';
import { DEFAULT_AOR_OPTIONS } from '../../src/rules/aor/options.js';
import { battle, CLEAR_ROWS, collector, roll, ScriptedDice, type BattleDesc, type UnitDesc } from './helpers.js';

const never = () => false;
const first = (_h: number, o: number[]) => o[0];

/** Gun G (side 0, strength 4 unless given) at 1,2; target T (side 1) at `target`, on a map with `cells` terrain. */
function setUp(target: string, cells: Record<string, string> = {}, extra: Partial<BattleDesc> = {}, gunStrength = 4) {
  const rows = CLEAR_ROWS(8, 5).split('\n').map((l) => l.trim().split(' '));
  for (const [at, tok] of Object.entries(cells)) {
    const [c, r] = at.split(',').map(Number);
    rows[r][c] = tok;
  }
  return battle({
    map: rows.map((r, i) => (i % 2 ? ' ' : '') + r.join(' ')).join('\n'),
    units: [
      { id: 'G', side: 0, kind: 'artillery', strength: gunStrength, at: '1,2' },
      { id: 'T', side: 1, strength: 4, at: target },
    ],
    ...extra,
  });
}

describe('8.1 bombardment: who can be bombarded', () => {
  it('range 1 and 2 only', () => {
    const t = setUp('3,2');
    const g = t.u('G'), tg = t.u('T');
    expect(canBombard(t.b, g, t.h('3,2'))).toBe(true); // 2 hexes
    t.b.moveTo(tg, t.h('2,2'));
    expect(canBombard(t.b, g, t.h('2,2'))).toBe(true); // adjacent
    t.b.moveTo(tg, t.h('4,2'));
    expect(canBombard(t.b, g, t.h('4,2'))).toBe(false); // 3 hexes
    expect(canBombard(t.b, g, t.h('3,2'))).toBe(false); // an empty hex
  });

  it('needs a line of sight (8.3)', () => {
    for (const [tok, ok] of [['T', false], ['F', false], ['C', false], ['W', true], ['.', true]] as const) {
      const t = setUp('3,2', { '2,2': tok }); // 2,2 lies between the gun at 1,2 and the target at 3,2
      expect(canBombard(t.b, t.u('G'), t.h('3,2')), tok).toBe(ok);
    }
    const crest = setUp('3,2', {}, { crests: ['1,2/E'] });
    expect(canBombard(crest.b, crest.u('G'), crest.h('3,2'))).toBe(false);
  });

  it('not into a chateau (Bomb. N/A) or a fort (10.1); into a town or woods, yes', () => {
    for (const [tok, ok] of [['C', false], ['X', false], ['T', true], ['W', true]] as const) {
      const t = setUp('2,2', { '2,2': tok });
      expect(canBombard(t.b, t.u('G'), t.h('2,2')), tok).toBe(ok);
    }
  });

  describe('10.1, 10.2 (aor.fortifiedHexsideBombard): not across a fortified hexside of the target\'s hex', () => {
    const can = (target: string, fortified: string[], gun = '1,2', mode?: 'likeFort' | 'allowed') => {
      const t = battle({
        map: CLEAR_ROWS(8, 5),
        fortified,
        units: [
          { id: 'G', side: 0, kind: 'artillery', strength: 4, at: gun },
          { id: 'T', side: 1, strength: 4, at: target },
        ],
        ...(mode ? { options: { 'aor.fortifiedHexsideBombard': mode } } : {}),
      });
      return canBombard(t.b, t.u('G'), t.h(target));
    };

    it('likeFort (default): adjacent, across the hexside the two hexes share; two hexes off in a straight line, across the one facing the hex between', () => {
      expect(DEFAULT_AOR_OPTIONS.fortifiedHexsideBombard).toBe('likeFort');
      expect(can('2,2', ['2,2/W'])).toBe(false);
      expect(can('2,2', ['1,2/E'])).toBe(false); // the same hexside, named from the gun's hex
      expect(can('3,2', ['3,2/W'])).toBe(false);
      // A wall on a hexside the line does not cross stops nothing; nor does one of the hex in between.
      expect(can('2,2', ['2,2/E'])).toBe(true);
      expect(can('3,2', ['3,2/NW', '3,2/SW', '3,2/E'])).toBe(true);
      expect(can('3,2', ['2,2/W'])).toBe(true);
    });

    it('likeFort: a line along the hexside between the two hexes in between enters at a corner; a fortified hexside meeting it there stops it (either one)', () => {
      // From 1,1 to 3,2 the line runs along the hexside between 2,1 and 2,2 and enters 3,2 where its NW and W hexsides meet.
      expect(can('3,2', [], '1,1')).toBe(true);
      expect(can('3,2', ['3,2/NW'], '1,1')).toBe(false);
      expect(can('3,2', ['3,2/W'], '1,1')).toBe(false);
      expect(can('3,2', ['3,2/SW', '3,2/NE'], '1,1')).toBe(true);
    });

    it('allowed: the target\'s hex alone decides (8.1), whatever hexsides the line crosses', () => {
      expect(can('2,2', ['2,2/W'], '1,2', 'allowed')).toBe(true);
      expect(can('3,2', ['3,2/W'], '1,2', 'allowed')).toBe(true);
      expect(can('3,2', ['3,2/NW'], '1,1', 'allowed')).toBe(true);
    });
  });

  it('not at friendly units', () => {
    const t = battle({
      map: CLEAR_ROWS(8, 5),
      units: [
        { id: 'G', side: 0, kind: 'artillery', at: '1,2' },
        { id: 'F', side: 0, at: '2,2' },
        { id: 'T', side: 1, at: '6,2' },
      ],
    });
    expect(canBombard(t.b, t.u('G'), t.h('2,2'))).toBe(false);
  });
});

describe('8.1 bombardment: hits', () => {
  it('the first hit only disrupts the target', () => {
    const t = setUp('3,2');
    const dice = new ScriptedDice({ fire: [roll(7), []] }); // strength 4, roll 7: 1 hit
    const res = t.res();
    bombard(t.b, [t.u('G')], t.h('3,2'), dice, res);
    const tg = t.u('T');
    expect(t.b.st.disrupted[tg]).toBe(1);
    expect(t.b.bombDisrupted[tg]).toBe(1);
    expect(t.b.st.steps[tg]).toBe(2);
    expect(res.sides[1].stepsLost).toBe(0);
    expect(t.b.bombarded[t.u('G')]).toBe(1);
  });

  it('further hits apply normally: the second hit costs a step', () => {
    const t = setUp('3,2');
    const dice = new ScriptedDice({ fire: [roll(12), []] }); // strength 4, roll 12: 2 hits
    const res = t.res();
    bombard(t.b, [t.u('G')], t.h('3,2'), dice, res);
    const tg = t.u('T');
    expect(t.b.st.disrupted[tg]).toBe(1);
    expect(t.b.st.steps[tg]).toBe(1);
    expect(res.sides[1].stepsLost).toBe(1);
    expect(dice.used.morale).toEqual([0, 0]); // no retreat check for bombardment (8.1)
  });

  it('aor.bombardFirstHit: against a target already disrupted the first hit costs a step (disruptOrStep), or is spent on the disruption it already has (alwaysDisrupt)', () => {
    const lost = (rule?: string) => {
      const t = setUp('3,2', {}, rule === undefined ? {} : { options: { 'aor.bombardFirstHit': rule } });
      const tg = t.u('T');
      t.b.st.disrupted[tg] = 1; // from an earlier assault (7.4), not removed at the turn's end like 8.1's
      const res = t.res();
      bombard(t.b, [t.u('G')], t.h('3,2'), new ScriptedDice({ fire: [roll(7), []] }), res); // strength 4, roll 7: 1 hit
      expect(t.b.st.disrupted[tg]).toBe(1);
      expect(t.b.bombDisrupted[tg]).toBe(0); // not made a bombardment disruption either way
      return [res.sides[1].stepsLost, t.b.st.steps[tg]];
    };
    expect(lost('disruptOrStep')).toEqual([1, 1]);
    expect(lost('alwaysDisrupt')).toEqual([0, 2]);
    // 8.1: the first bombardment hit is always a disruption, and nothing turns it into a step loss
    // when the target is disrupted already: the default is that reading.
    expect(lost()).toEqual([0, 2]);
  });

  describe('where the first hit goes in a stack (7.1 places it, 8.1 makes it a disruption)', () => {
    type Kind = 'infantry' | 'cavalry' | 'artillery';
    /** One hit (strength 4, roll 7) on a stack of A and B at 3,2; returns who is disrupted after, and the steps lost. */
    const firstHit = (a: [Kind, boolean, Partial<UnitDesc>?], b: [Kind, boolean, Partial<UnitDesc>?], options: Record<string, string> = {}) => {
      const t = battle({
        map: CLEAR_ROWS(8, 5),
        units: [
          { id: 'G', side: 0, kind: 'artillery', at: '1,2' },
          { id: 'A', side: 1, kind: a[0], disrupted: a[1], at: '3,2', ...a[2] },
          { id: 'B', side: 1, kind: b[0], disrupted: b[1], at: '3,2', ...b[2] },
        ],
        options,
      });
      const res = t.res();
      bombard(t.b, [t.u('G')], t.h('3,2'), new ScriptedDice({ fire: [roll(7), []] }), res);
      return { A: t.b.st.disrupted[t.u('A')], B: t.b.st.disrupted[t.u('B')], lost: res.sides[1].stepsLost, bomb: t.b.bombDisrupted[t.u('B')] };
    };
    const disruptOrStep = { 'aor.bombardFirstHit': 'disruptOrStep' };

    it('disrupted infantry beside fresh cavalry: the first hit must come from the infantry (7.1), where the disruption is spent (8.1)', () => {
      expect(firstHit(['infantry', true], ['cavalry', false])).toEqual({ A: 1, B: 0, lost: 0, bomb: 0 });
      // disruptOrStep places a disruption only on an undisrupted unit: the cavalry takes it
      expect(firstHit(['infantry', true], ['cavalry', false], disruptOrStep)).toEqual({ A: 1, B: 1, lost: 0, bomb: 1 });
    });

    it('fresh infantry beside disrupted cavalry: the infantry is disrupted under either reading (7.1)', () => {
      expect(firstHit(['cavalry', true], ['infantry', false])).toEqual({ A: 1, B: 1, lost: 0, bomb: 1 });
      expect(firstHit(['cavalry', true], ['infantry', false], disruptOrStep)).toEqual({ A: 1, B: 1, lost: 0, bomb: 1 });
    });

    it('with artillery: disrupted infantry still takes the first hit (7.1); without infantry the owner puts it where it costs nothing', () => {
      expect(firstHit(['infantry', true], ['artillery', false])).toEqual({ A: 1, B: 0, lost: 0, bomb: 0 });
      expect(firstHit(['infantry', true], ['artillery', false], disruptOrStep)).toEqual({ A: 1, B: 1, lost: 0, bomb: 1 });
      expect(firstHit(['cavalry', true], ['artillery', false])).toEqual({ A: 1, B: 0, lost: 0, bomb: 0 });
      expect(firstHit(['cavalry', true], ['artillery', false], disruptOrStep)).toEqual({ A: 1, B: 1, lost: 0, bomb: 1 });
      expect(firstHit(['artillery', false], ['infantry', false])).toEqual({ A: 0, B: 1, lost: 0, bomb: 1 });
    });

    it('two infantry units: the owner chooses, and spends the disruption on the one already disrupted', () => {
      expect(firstHit(['infantry', false], ['infantry', true])).toEqual({ A: 0, B: 1, lost: 0, bomb: 0 });
      expect(firstHit(['infantry', false], ['infantry', true], disruptOrStep)).toEqual({ A: 1, B: 1, lost: 0, bomb: 0 });
    });

    it('aor.hitAllocation combined: the first hit goes to damaged infantry (7.1), so the damaged one is disrupted', () => {
      // A full (a step of it costs 1), B damaged (costs 2): by its own measure the doctrine would pick A
      const a: Partial<UnitDesc> = { strength: 6, reduced: 5 };
      const b: Partial<UnitDesc> = { strength: 4, reduced: 2, damaged: true };
      expect(firstHit(['infantry', false, a], ['infantry', false, b])).toEqual({ A: 0, B: 1, lost: 0, bomb: 1 });
      expect(firstHit(['infantry', false, a], ['infantry', false, b], { 'aor.hitAllocation': 'infantryFirst' })).toEqual({ A: 1, B: 0, lost: 0, bomb: 0 });
    });
  });

  it('the target does not fire back', () => {
    const t = setUp('3,2');
    const dice = new ScriptedDice({ fire: [roll(12), []] }); // any draw for side 1 throws
    bombard(t.b, [t.u('G')], t.h('3,2'), dice, t.res());
    expect(dice.used.fire).toEqual([2, 0]);
  });

  it.each([
    ['.', 8],
    ['T', 2], // town -75%
    ['W', 4], // woods -50%
    ['F', 4], // forest as woods
  ])('Terrain Effects "Bomb." column: strength 8 into %s fires at %d', (tok, strength) => {
    const t = setUp('2,2', { '2,2': tok }, {}, 8);
    const { sink, events } = collector();
    bombard(t.b, [t.u('G')], t.h('2,2'), new ScriptedDice({ fire: [roll(2), []] }), t.res(), sink);
    const fire = events.filter((e) => e.type === 'fire');
    expect(fire.length).toBe(1);
    expect(fire[0].type === 'fire' && fire[0].strength).toBe(strength);
  });
});

describe('8.2 artillery that bombarded', () => {
  it('is not among the attackers in normal combat', () => {
    const t = battle({
      map: CLEAR_ROWS(8, 5),
      units: [
        { id: 'G', side: 0, kind: 'artillery', at: '1,2', orders: 'attack' },
        { id: 'T', side: 1, at: '2,2' },
      ],
    });
    const gHex = t.h('1,2');
    expect(attackersIn(t.b, gHex)).toEqual([t.u('G')]);
    expect(planAttacks(t.b, 0, first, never).get(gHex)).toBe(t.h('2,2')); // must attack (7.3) if it did not bombard
    bombard(t.b, [t.u('G')], t.h('2,2'), new ScriptedDice({ fire: [roll(2), []] }), t.res());
    expect(attackersIn(t.b, gHex)).toEqual([]);
    expect(planAttacks(t.b, 0, first, never).has(gHex)).toBe(false);
  });

  it('stacked with infantry: the infantry attacks, the gun does not fire with it', () => {
    const t = battle({
      map: CLEAR_ROWS(8, 5),
      units: [
        { id: 'G', side: 0, kind: 'artillery', at: '1,2', orders: 'attack' },
        { id: 'I', side: 0, at: '1,2', orders: 'attack' },
        { id: 'T', side: 1, at: '2,2' },
      ],
    });
    bombard(t.b, [t.u('G')], t.h('2,2'), new ScriptedDice({ fire: [roll(2), []] }), t.res());
    const sit = situationFor(t.b, 0, t.h('2,2'), [t.h('1,2')]);
    expect(sit.stacks[0].units).toEqual([t.u('I')]);
  });

  it('it still fires in defence', () => {
    const t = battle({
      map: CLEAR_ROWS(8, 5),
      units: [
        { id: 'G', side: 1, kind: 'artillery', at: '2,2', orders: 'defend' },
        { id: 'A', side: 0, at: '1,2' },
      ],
    });
    t.b.bombarded[t.u('G')] = 1; // it bombarded in its own player turn
    expect(situationFor(t.b, 0, t.h('2,2'), [t.h('1,2')]).defender).toEqual([t.u('G')]);
  });

  it('artillery that bombarded does not move in the movement segment (8.1)', () => {
    const desc = {
      map: CLEAR_ROWS(8, 5),
      formations: [{ id: 'Guns', objective: '7,2' }],
      units: [
        { id: 'G', side: 0 as const, kind: 'artillery' as const, at: '1,2', orders: 'attack' as const, formation: 'Guns' },
        { id: 'T', side: 1 as const, at: '1,4' },
      ],
    };
    const moved = battle(desc);
    moveSide(moved.b, 0, false, new EngagementDice('moves'), moved.res());
    expect(moved.pos('G')).not.toBe(moved.h('1,2'));

    const t = battle(desc);
    expect(canBombard(t.b, t.u('G'), t.h('1,4'))).toBe(true);
    bombard(t.b, [t.u('G')], t.h('1,4'), new ScriptedDice({ fire: [roll(2), []] }), t.res());
    moveSide(t.b, 0, false, new EngagementDice('moves'), t.res());
    expect(t.pos('G')).toBe(t.h('1,2'));
  });
});
