/**
 * Exact odds (src/rules/aoe/odds.ts) against two independent methods: brute force over every face,
 * with the tables written out again here from the text, and seeded Monte Carlo through the mechanism
 * functions, within 4 standard errors. Under aoe.die d10 (read 1-10 and 0-9) and d6.
 */
import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { attackerModifier, bayonetBand, bayonetUnitOutcome, defenderModifier, rollBayonet, type CombatUnit } from '../../src/rules/aoe/bayonet.js';
import { aoeDie, rollDie, type Die } from '../../src/rules/aoe/dice.js';
import { marchCheckFailed, rollMarch } from '../../src/rules/aoe/march.js';
import {
  bayonetOdds,
  dieCounts,
  differenceCounts,
  marchOdds,
  removalProbability,
  volleyOdds,
  volleyOddsAt,
  volleySeriesOdds,
} from '../../src/rules/aoe/odds.js';
import { DEFAULT_AOE_OPTIONS } from '../../src/rules/aoe/options.js';
import { formsSquare } from '../../src/rules/aoe/square.js';
import { rollVolley, volleyDisorders, volleyHits, volleyModifier, type VolleyTarget } from '../../src/rules/aoe/volley.js';

const DICE: [string, Die][] = [
  ['aoe.die d10, faces 1-10', aoeDie('d10', '1-10')],
  ['aoe.die d10, faces 0-9', aoeDie('d10', '0-9')],
  ['aoe.die d6', aoeDie('d6', '1-10')],
];
const faces = (die: Die) => Array.from({ length: die.faces }, (_, k) => die.first + k);
const N = 20_000;

/** |sample share - p| within 4 standard errors (a share of exactly 0 or 1 must be matched exactly). */
function within4se(count: number, n: number, p: number, label: string): void {
  const share = count / n;
  if (p === 0 || p === 1) {
    expect(share, label).toBe(p);
    return;
  }
  expect(Math.abs(share - p), `${label}: ${share} v ${p}`).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n));
}

// ---- Tables written out again from the text, for the brute force ----

/** p2 Die Result: 0 Desultory .. 4 Withering. */
const fireBand = (m: number) => (m >= 11 ? 4 : m >= 8 ? 3 : m >= 6 ? 2 : m === 5 ? 1 : 0);
/** p2 Die Result: hits on troops. */
const fireHits = (m: number) => (m >= 11 ? 2 : m >= 8 ? 1 : 0);
/** p1 March Table row, 0 (9+) .. 5 (below 0). */
const marchRow = (m: number) => (m >= 9 ? 0 : m >= 6 ? 1 : m >= 4 ? 2 : m >= 2 ? 3 : m >= 0 ? 4 : 5);
/** p2 differential table, 0 (+7) .. 6 (-7). */
const diffRow = (d: number) => (d >= 7 ? 0 : d >= 4 ? 1 : d >= 1 ? 2 : d === 0 ? 3 : d >= -3 ? 4 : d >= -6 ? 5 : 6);

describe('Exact odds: the die and the difference of two dice', () => {
  for (const [label, die] of DICE) {
    it(`${label}: the difference of two dice has faces - |k| ways for each k, out of faces^2`, () => {
      const d = differenceCounts(dieCounts(die), dieCounts(die));
      expect(d.total).toBe(die.faces * die.faces);
      expect(d.min).toBe(-(die.faces - 1));
      d.ways.forEach((w, i) => expect(w).toBe(die.faces - Math.abs(d.min + i)));
    });
  }
  it('p2 Bayonet & Sabre (difference of two dice): differenceCounts of unequal distributions matches a brute force (a d6 less a d10 read 0-9)', () => {
    const d = differenceCounts(dieCounts(aoeDie('d6', '1-10')), dieCounts(aoeDie('d10', '0-9')));
    const brute = new Map<number, number>();
    for (let a = 1; a <= 6; a++) for (let b = 0; b <= 9; b++) brute.set(a - b, (brute.get(a - b) ?? 0) + 1);
    d.ways.forEach((w, i) => expect(w, `diff ${d.min + i}`).toBe(brute.get(d.min + i) ?? 0));
    expect(d.ways.reduce((x, y) => x + y, 0)).toBe(60);
  });
});

describe('Exact odds (a): a volley (p2 Volley & Cannonade)', () => {
  const target: VolleyTarget = { formation: 'fieldColumn', aboutFaced: false, limbered: false, changedFormation: false, enfiladed: false, cover: 0 };
  // Fire points and target situations spanning the table: a line at 3" at a column, guns at a BUA, skirmishers.
  const CASES: [string, { firePoints: number; cannonade: boolean; skirmish: boolean }, VolleyTarget][] = [
    ['a 6-stand line (12 points) at a Field Column', { firePoints: 12, cannonade: false, skirmish: false }, target],
    ['an 8-gun light battery at 3" (20 points) at a square', { firePoints: 20, cannonade: true, skirmish: false }, { ...target, formation: 'square' }],
    ['guns at 12" (10 points) at a BUA block (cover 2)', { firePoints: 10, cannonade: true, skirmish: false }, { ...target, formation: 'none', cover: 2 }],
    ['skirmishers (6 points) at a line', { firePoints: 6, cannonade: false, skirmish: true }, { ...target, formation: 'line' }],
    ['a massed 50 points at a March Column', { firePoints: 50, cannonade: true, skirmish: false }, { ...target, formation: 'marchColumn', enfiladed: true }],
  ];
  for (const [label, die] of DICE) {
    for (const [what, v, t] of CASES) {
      it(`${label}, ${what}: exact odds equal a brute force over every face`, () => {
        const o = volleyOddsAt(v, t, 'either', die);
        const m = volleyModifier(v, t, 'either');
        const results = [0, 0, 0, 0, 0];
        const hits = [0, 0, 0];
        let dis = 0;
        for (const f of faces(die)) {
          results[fireBand(f + m)]++;
          hits[fireHits(f + m)]++;
          if (fireBand(f + m) >= 2 || (fireBand(f + m) === 1 && v.cannonade)) dis++;
        }
        results.forEach((c, r) => expect(o.results[r], `result ${r}`).toBeCloseTo(c / die.faces, 12));
        hits.forEach((c, h) => expect(o.hits[h], `hits ${h}`).toBeCloseTo(c / die.faces, 12));
        expect(o.disordered).toBeCloseTo(dis / die.faces, 12);
        expect(o.expectedHits).toBeCloseTo((hits[1] + 2 * hits[2]) / die.faces, 12);
        expect(o.results.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        expect(o.guns.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      });
    }
    it(`${label}: ${N} seeded volleys (12 points at a Field Column) agree with the exact odds within 4 SE`, () => {
      const v = CASES[0][1];
      const m = volleyModifier(v, target, 'either');
      const o = volleyOdds(m, false, die);
      const u = aleaStream(`aoe-volley-${label}`);
      const results = [0, 0, 0, 0, 0];
      const hits = [0, 0, 0];
      let dis = 0;
      for (let i = 0; i < N; i++) {
        const r = rollVolley(u, die, m);
        results[r]++;
        hits[volleyHits(r)]++;
        if (volleyDisorders(r, false)) dis++;
      }
      results.forEach((c, r) => within4se(c, N, o.results[r], `result ${r}`));
      hits.forEach((c, h) => within4se(c, N, o.hits[h], `hits ${h}`));
      within4se(dis, N, o.disordered, 'disordered');
    });
    it(`${label}: two separate volleys (aoe.combineFire separate) convolve: equal to a brute force over every pair of faces`, () => {
      const rolls = [{ modifier: 1, cannonade: false }, { modifier: 3, cannonade: true }];
      const o = volleySeriesOdds(rolls, die);
      const hits = [0, 0, 0, 0, 0];
      let dis = 0, checked = 0;
      for (const a of faces(die)) {
        for (const b of faces(die)) {
          hits[fireHits(a + 1) + fireHits(b + 3)]++;
          if (fireBand(a + 1) >= 2 || fireBand(b + 3) >= 1) dis++;
          if (fireBand(a + 1) >= 3 || fireBand(b + 3) >= 3) checked++;
        }
      }
      const n = die.faces ** 2;
      hits.forEach((c, h) => expect(o.hits[h] ?? 0, `hits ${h}`).toBeCloseTo(c / n, 12));
      expect(o.disordered).toBeCloseTo(dis / n, 12);
      expect(o.chargeChecked).toBeCloseTo(checked / n, 12);
      expect(removalProbability(o.hits, 3, 5)).toBeCloseTo((hits[2] + hits[3] + hits[4]) / n, 12);
    });
  }
});

describe('Exact odds (b): a Bayonet & Sabre round (p2 Bayonet & Sabre)', () => {
  const MODS: [number, number][] = [[1, 3], [5, 2], [0, 0], [-1, 6], [8, -2]];
  for (const [label, die] of DICE) {
    for (const [am, dm] of MODS) {
      it(`${label}, attacker ${am} v defender ${dm}: exact band and hit odds equal a brute force over every pair of faces`, () => {
        const o = bayonetOdds(am, dm, die, 'hit');
        const bands = [0, 0, 0, 0, 0, 0, 0];
        const att = [0, 0, 0];
        const def = [0, 0, 0];
        for (const a of faces(die)) {
          for (const b of faces(die)) {
            const row = diffRow(a + am - (b + dm));
            bands[row]++;
            // p2: defender 2 hits on +7, 1 on +4..+6; attacker 1 on -4..-6, 2 on -7; a stand (a hit) each on 0.
            def[row === 0 ? 2 : row === 1 || row === 3 ? 1 : 0]++;
            att[row === 6 ? 2 : row === 5 || row === 3 ? 1 : 0]++;
          }
        }
        const n = die.faces ** 2;
        bands.forEach((c, r) => expect(o.bands[r], `band ${r}`).toBeCloseTo(c / n, 12));
        att.forEach((c, h) => expect(o.attackerHits[h], `attacker hits ${h}`).toBeCloseTo(c / n, 12));
        def.forEach((c, h) => expect(o.defenderHits[h], `defender hits ${h}`).toBeCloseTo(c / n, 12));
        expect(o.attackerWins + o.draw + o.defenderWins).toBeCloseTo(1, 12);
        expect(o.attackerWins).toBeCloseTo((bands[0] + bands[1] + bands[2]) / n, 12);
      });
    }
    it(`${label}: cavalry against a square: the +1..+3 band, where the square holds (p2), counts for the defender`, () => {
      for (const [am, dm] of MODS) {
        const square = bayonetOdds(am, dm, die, 'hit', true);
        let att = 0, def = 0;
        for (const a of faces(die)) {
          for (const b of faces(die)) {
            const d = a + am - (b + dm);
            if (d >= 4) att++;
            else if (d !== 0) def++;
          }
        }
        const n = die.faces ** 2;
        expect(square.attackerWins, `${am} v ${dm}`).toBeCloseTo(att / n, 12);
        expect(square.defenderWins, `${am} v ${dm}`).toBeCloseTo(def / n, 12);
        expect(square.bands).toEqual(bayonetOdds(am, dm, die, 'hit').bands);
      }
    });
    it(`${label}: aoe.standLoss ignore takes the 0 result's hit away from both sides`, () => {
      const hit = bayonetOdds(2, 2, die, 'hit');
      const none = bayonetOdds(2, 2, die, 'ignore');
      expect(hit.expectedAttackerHits - none.expectedAttackerHits).toBeCloseTo(hit.draw, 12);
      expect(hit.expectedDefenderHits - none.expectedDefenderHits).toBeCloseTo(hit.draw, 12);
    });
    it(`${label}: ${N} seeded rounds of cuirassiers against a line agree with the exact odds within 4 SE`, () => {
      const o_ = DEFAULT_AOE_OPTIONS;
      const base: CombatUnit = { arm: 'infantry', stands: 6, formation: 'line', troops: 'regular', hits: 0, freshHits: 0, disordered: false, cover: 0, lancers: false, heavy: false, armoured: false, countercharging: false, attached: false, leader: 0 };
      const att = [{ ...base, arm: 'cavalry' as const, stands: 4, heavy: true, armoured: true }];
      const def = [base];
      const sit = { breakthrough: false, defenderOutflanked: false };
      const am = attackerModifier(att, def, sit, o_);
      const dm = defenderModifier(att, def, sit, o_);
      const o = bayonetOdds(am, dm, die, o_.standLoss);
      const ua = aleaStream(`aoe-bayonet-a-${label}`);
      const ud = aleaStream(`aoe-bayonet-d-${label}`);
      const sides = { attackerCavalry: true, defenderSquare: false, attackerHasTroops: true, defenderHasTroops: true };
      const bands = [0, 0, 0, 0, 0, 0, 0];
      const defHits = [0, 0, 0];
      for (let i = 0; i < N; i++) {
        const band = bayonetBand(rollBayonet(ua, ud, die, am, dm));
        bands[band]++;
        defHits[bayonetUnitOutcome(band, 'defender', def[0], sides, o_).hits]++;
      }
      bands.forEach((c, r) => within4se(c, N, o.bands[r], `band ${r}`));
      defHits.forEach((c, h) => within4se(c, N, o.defenderHits[h], `defender hits ${h}`));
    });
  }
});

describe('Exact odds (c): the March Table (p1 March Table)', () => {
  for (const [label, die] of DICE) {
    for (const mod of [-4, -1, 0, 2, 5]) {
      for (const disordered of [false, true]) {
        it(`${label}, modifier ${mod}, ${disordered ? 'disordered' : 'good order'}: exact odds equal a brute force over every face`, () => {
          const o = marchOdds(mod, disordered, die);
          const rows = [0, 0, 0, 0, 0, 0];
          let square = 0, failed = 0, full = 0, any = 0;
          for (const f of faces(die)) {
            const row = marchRow(f + mod);
            rows[row]++;
            if (row <= (disordered ? 1 : 2)) square++; // p1/p3: Cautious or Rally or better
            if (row >= 3) failed++; // rulings 5: modified 3 or less
            if (disordered ? row === 0 : row <= 1) full++; // moves normally: Elan; A la Bayonette, En Avant
            if (row <= (disordered ? 1 : 2)) any++; // any move: add Rally; Cautious
          }
          rows.forEach((c, r) => expect(o.bands[r], `row ${r}`).toBeCloseTo(c / die.faces, 12));
          rows.forEach((c, r) => expect(o.results[r + (disordered ? 6 : 0)], `result ${r}`).toBeCloseTo(c / die.faces, 12));
          expect(o.formsSquare).toBeCloseTo(square / die.faces, 12);
          expect(o.failed).toBeCloseTo(failed / die.faces, 12);
          expect(o.mayCharge.fullMove).toBeCloseTo(full / die.faces, 12);
          expect(o.mayCharge.anyMove).toBeCloseTo(any / die.faces, 12);
          expect(o.mayCharge.aLaBayonette).toBeCloseTo(rows[0] / die.faces, 12);
        });
      }
    }
    it(`${label}: ${N} seeded March rolls (modifier -1, disordered) agree with the exact odds within 4 SE`, () => {
      const o = marchOdds(-1, true, die);
      const u = aleaStream(`aoe-march-${label}`);
      const results = new Array<number>(12).fill(0);
      for (let i = 0; i < N; i++) results[rollMarch(u, die, -1, true)]++;
      const u2 = aleaStream(`aoe-square-${label}`);
      let square = 0, failed = 0;
      for (let i = 0; i < N; i++) {
        const modified = rollDie(u2, die) - 1;
        if (formsSquare(modified, true)) square++;
        if (marchCheckFailed(modified)) failed++;
      }
      results.forEach((c, r) => within4se(c, N, o.results[r], `result ${r}`));
      within4se(square, N, o.formsSquare, 'square');
      within4se(failed, N, o.failed, 'failed');
    });
  }
  it('p1 (aoe.d10Faces): reading the d10 0-9 shifts every result one band-edge down: P(A la Bayonette | +0) falls from 2/10 to 1/10', () => {
    expect(marchOdds(0, false, aoeDie('d10', '1-10')).bands[0]).toBeCloseTo(0.2, 12);
    expect(marchOdds(0, false, aoeDie('d10', '0-9')).bands[0]).toBeCloseTo(0.1, 12);
    expect(marchOdds(0, false, aoeDie('d6', '1-10')).bands[0]).toBe(0);
  });
});
