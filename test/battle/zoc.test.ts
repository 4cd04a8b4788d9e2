import { describe, expect, it } from 'vitest';
import { mustAttack } from '../../src/rules/aor/battle/combat.js';
import { reachable } from '../../src/rules/aor/battle/movement.js';
import { battle, CLEAR_ROWS, hexName } from './helpers.js';

const MAP_7x5 = CLEAR_ROWS(7, 5);

/** Neighbours of a hex on the map, by direction 0..5 (E NE NW W SW SE). */
function around(grid: { neighbor(i: number, d: number): number }, h: number): number[] {
  return [0, 1, 2, 3, 4, 5].map((d) => grid.neighbor(h, d));
}

describe('5.4 zones of control', () => {
  it('a combat unit projects a ZOC into its six neighbours and nowhere else', () => {
    const t = battle({
      map: MAP_7x5,
      units: [
        { id: 'E', side: 1, at: '3,2' },
        { id: 'A', side: 0, at: '0,0' },
      ],
    });
    const e = t.h('3,2');
    const ring = new Set(around(t.grid, e));
    // odd-r, even row 2: E 4,2  NE 3,1  NW 2,1  W 2,2  SW 2,3  SE 3,3
    expect([...ring].map((i) => hexName(t.grid, i)).sort()).toEqual(['2,1', '2,2', '2,3', '3,1', '3,3', '4,2']);
    for (let i = 0; i < t.grid.size; i++) {
      if (ring.has(i)) {
        expect(t.b.zoc[1][i], hexName(t.grid, i)).toBe(1);
        expect(t.b.inEnemyZoc(0, i)).toBe(true);
      } else {
        expect(t.b.zoc[1][i], hexName(t.grid, i)).toBe(0);
      }
    }
    expect(t.b.zoc[1][e]).toBe(0);
    expect(t.b.inEnemyZoc(0, t.h('0,0'))).toBe(false);
  });

  it('is negated across a river hexside without a bridge, in both directions', () => {
    const t = battle({
      map: MAP_7x5,
      rivers: ['3,2/E'],
      units: [
        { id: 'E', side: 1, at: '3,2' },
        { id: 'A', side: 0, at: '4,2' },
      ],
    });
    expect(t.b.zoc[1][t.h('4,2')]).toBe(0);
    expect(t.b.zoc[0][t.h('3,2')]).toBe(0);
    // The other five hexsides still carry it.
    for (const n of ['3,1', '2,1', '2,2', '2,3', '3,3']) expect(t.b.zoc[1][t.h(n)], n).toBe(1);
  });

  it('a bridge over the river does not negate it', () => {
    const t = battle({
      map: MAP_7x5,
      rivers: ['3,2/E'],
      bridges: ['3,2/E'],
      units: [
        { id: 'E', side: 1, at: '3,2' },
        { id: 'A', side: 0, at: '4,2' },
      ],
    });
    expect(t.b.zoc[1][t.h('4,2')]).toBe(1);
    expect(t.b.zoc[0][t.h('3,2')]).toBe(1);
  });

  it('a stream hexside does not negate it', () => {
    const t = battle({
      map: MAP_7x5,
      streams: ['3,2/E'],
      units: [
        { id: 'E', side: 1, at: '3,2' },
        { id: 'A', side: 0, at: '0,0' },
      ],
    });
    expect(t.b.zoc[1][t.h('4,2')]).toBe(1);
  });

  it('is negated across the hexsides of a chateau hex: none out of it, none into it', () => {
    const t = battle({
      map: `
        . . . . . . .
         . . . . . . .
        . . . C . . .
         . . . . . . .
        . . . . . . .`,
      units: [
        { id: 'E', side: 1, at: '3,2' }, // in the chateau
        { id: 'F', side: 1, at: '5,2' }, // next to it: 4,2 lies between them
        { id: 'A', side: 0, at: '0,0' },
      ],
    });
    for (const n of ['3,1', '2,1', '2,2', '2,3', '3,3']) expect(t.b.zoc[1][t.h(n)], `from the chateau into ${n}`).toBe(0);
    expect(t.b.zoc[1][t.h('4,2')], '4,2 is in the ZOC of F only').toBe(1);
    // A unit next to the chateau does not project into it.
    const t2 = battle({
      map: `
        . . . . . . .
         . . . . . . .
        . . . C . . .
         . . . . . . .
        . . . . . . .`,
      units: [
        { id: 'E', side: 1, at: '4,2' },
        { id: 'A', side: 0, at: '3,2' },
      ],
    });
    expect(t2.b.zoc[1][t2.h('3,2')]).toBe(0);
    expect(t2.b.inEnemyZoc(0, t2.h('3,2'))).toBe(false);
  });

  // A 2-row corridor: every way past E at 4,0 runs through its ZOC hexes 3,0 3,1 4,1 5,0.
  const CORRIDOR = CLEAR_ROWS(9, 2);

  it('aor.zocMovement = entryStops: a non-cavalry unit that enters an enemy ZOC stops: it cannot continue in the same move', () => {
    const t = battle({
      map: CORRIDOR,
      options: { 'aor.zocMovement': 'entryStops' },
      units: [
        { id: 'A', side: 0, at: '1,0', movement: 8 },
        { id: 'E', side: 1, at: '4,0' },
      ],
    });
    const r = reachable(t.b, t.u('A'), false)!;
    expect(r).not.toBeNull();
    expect(r[t.h('3,0')]).toBe(2); // entered, and stops there
    expect(r[t.h('3,1')]).toBe(3);
    expect(r[t.h('4,1')]).toBe(Infinity); // only reachable from a ZOC hex
    expect(r[t.h('5,0')]).toBe(Infinity);
    expect(r[t.h('6,0')]).toBe(Infinity);
  });

  it('5.4 (aor.zocMovement = moveThrough, the default): infantry may move through ZOC hexes, +1 MP for each it leaves as the last unit out', () => {
    const t = battle({
      map: CORRIDOR,
      units: [
        { id: 'A', side: 0, at: '1,0', movement: 8 },
        { id: 'E', side: 1, at: '4,0' },
      ],
    });
    const r = reachable(t.b, t.u('A'), false)!;
    expect(r[t.h('3,0')]).toBe(2);
    expect(r[t.h('3,1')]).toBe(3);
    expect(r[t.h('4,1')]).toBe(5); // 3 to 3,1, +1 to leave it, +1 to enter
    expect(r[t.h('5,1')]).toBe(7);
    expect(r[t.h('6,0')]).toBe(8); // around E: cavalry needs 6
    // A friendly unit staying behind in the ZOC hex: the mover is not the last out, no +1 (5.4).
    const stayed = battle({
      map: CORRIDOR,
      units: [
        { id: 'A', side: 0, at: '1,0', movement: 8 },
        { id: 'F', side: 0, at: '3,1', orders: 'defend' },
        { id: 'E', side: 1, at: '4,0' },
      ],
    });
    expect(reachable(stayed.b, stayed.u('A'), false)![stayed.h('4,1')]).toBe(4);
  });

  it('12.2 and 5.4 (aor.cavalryZocOrders): cavalry under Defend orders enters enemy ZOCs by default; under apply it may not', () => {
    const desc = (options: Record<string, string>) =>
      battle({
        map: CORRIDOR,
        options,
        units: [
          { id: 'K', side: 0, kind: 'cavalry', at: '1,0', movement: 8, orders: 'defend' },
          { id: 'E', side: 1, at: '4,0' },
        ],
      });
    const free = desc({});
    expect(reachable(free.b, free.u('K'), false)![free.h('3,0')]).toBe(2);
    const bound = desc({ 'aor.cavalryZocOrders': 'apply' });
    const r = reachable(bound.b, bound.u('K'), false)!;
    expect(r[bound.h('3,0')]).toBe(Infinity);
    expect(r[bound.h('2,0')]).toBe(1);
  });

  it('cavalry ignores ZOCs: it moves on through them', () => {
    const t = battle({
      map: CORRIDOR,
      units: [
        { id: 'K', side: 0, kind: 'cavalry', at: '1,0', movement: 8 },
        { id: 'E', side: 1, at: '4,0' },
      ],
    });
    const r = reachable(t.b, t.u('K'), false)!;
    expect(r[t.h('4,1')]).toBe(4);
    expect(r[t.h('6,0')]).toBe(6); // around E through three of its ZOC hexes
  });

  it('a unit starting in an enemy ZOC cannot move away under Attack orders', () => {
    const t = battle({
      map: MAP_7x5,
      units: [
        { id: 'A', side: 0, at: '2,2', orders: 'attack' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    expect(reachable(t.b, t.u('A'), false)).toBeNull();
  });

  it('under Defend orders it can leave, and the last unit out of the ZOC hex pays +1 MP', () => {
    const t = battle({
      map: MAP_7x5,
      units: [
        { id: 'D', side: 0, at: '2,2', orders: 'defend' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    const r = reachable(t.b, t.u('D'), false)!;
    expect(r).not.toBeNull();
    expect(r[t.h('1,2')]).toBe(2); // 1 for clear + 1 for leaving the ZOC hex alone
    expect(r[t.h('0,2')]).toBe(3);
    // Defend orders do not let it enter another ZOC hex (12.2).
    expect(r[t.h('2,1')]).toBe(Infinity);
  });

  it('a unit leaving while a friend stays in the ZOC hex is not the last one out: no extra MP', () => {
    const t = battle({
      map: MAP_7x5,
      units: [
        { id: 'D1', side: 0, at: '2,2', orders: 'defend' },
        { id: 'D2', side: 0, at: '2,2', orders: 'defend' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    expect(reachable(t.b, t.u('D1'), false)![t.h('1,2')]).toBe(1);
  });

  it('cavalry leaving a ZOC hex pays no extra MP', () => {
    const t = battle({
      map: MAP_7x5,
      units: [
        { id: 'K', side: 0, kind: 'cavalry', at: '2,2', orders: 'defend' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    expect(reachable(t.b, t.u('K'), false)![t.h('1,2')]).toBe(1);
  });
});

describe('10.1 forts and enemy ZOCs', () => {
  const FORT_MAP = `
    . . . . . . .
     . . . . . . .
    . . X . . . .
     . . . . . . .
    . . . . . . .`;

  it('a unit in a fort is not affected by the enemy ZOC: it may move away even under Attack orders', () => {
    const t = battle({
      map: FORT_MAP,
      units: [
        { id: 'A', side: 0, at: '2,2', orders: 'attack' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    expect(t.b.zoc[1][t.h('2,2')]).toBe(1); // the ZOC is there...
    expect(t.b.inEnemyZoc(0, t.h('2,2'))).toBe(false); // ...but does not affect the fort
    const r = reachable(t.b, t.u('A'), false);
    expect(r).not.toBeNull();
    expect(r![t.h('1,2')]).toBe(1); // and no extra MP for leaving
  });

  it('a unit in a fort is never required to attack; its own ZOC is normal', () => {
    const t = battle({
      map: FORT_MAP,
      units: [
        { id: 'A', side: 0, at: '2,2', orders: 'attack' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    expect(mustAttack(t.b, t.h('2,2'), 0)).toBe(false);
    expect(t.b.zoc[0][t.h('3,2')]).toBe(1);
  });
});
