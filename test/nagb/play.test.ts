/**
 * The NAGB play loop on the lane: the turn sequence of p2, the result in the common vocabulary (rulings
 * 5), scenario checks, and mechanisms seen whole on the lane (squares, blown cavalry, game length).
 * Statistical tests draw with fixed seeds and hold within 4 standard errors, as their names say.
 */
import { describe, expect, it } from 'vitest';
import { ldOf } from '../../src/rules/nagb/odds.js';
import { DEFAULT_NAGB_OPTIONS } from '../../src/rules/nagb/options.js';
import { blankProfile, profileInto, rearSupported } from '../../src/rules/nagb/play/profiles.js';
import { testPassProbability } from '../../src/rules/nagb/leadership.js';
import { z } from 'zod';
import { checkLane, laneScenarioBody, type LaneScenario } from '../../src/rules/nagb/scenarios.js';
import { COUNTED, NAGB_VOCABULARY, PURPOSES } from '../../src/rules/nagb/vocabulary.js';
import { findRuleset } from '../../src/rules/index.js';
import { NAGB_ODDS } from '../../src/rules/nagb/oddsQuestions.js';
import { compiled, duel, type Ev, laneScenario, play, shipped } from './lane.js';
import { canisterAtChargersOf, chargeThreat, firstAhead, formationFits, friendAheadWithin, lineOfFireBlocked, sectorAtEdge } from '../../src/rules/nagb/play/geometry.js';
import { axialMax, axialMin } from '../../src/table/index.js';
import { advance, changeFormation, movementPhase, reservePhase } from '../../src/rules/nagb/play/moves.js';
import { loadScenario } from '../../src/scenario/load.js';
import { chargeStep, chargeTarget, markAggressive, mayChargeNow, playCharge } from '../../src/rules/nagb/play/charges.js';
import { closeCombatPhase } from '../../src/rules/nagb/play/closeCombat.js';
import { firePhase } from '../../src/rules/nagb/play/fire.js';
import { reshape, rout, X } from '../../src/rules/nagb/play/act.js';
import { clear, type Game } from '../../src/rules/nagb/play/state.js';
import { EngagementDice } from '../../src/core/dice.js';
import { rallyPhase } from '../../src/rules/nagb/play/commandPhase.js';
import type { NagbEvent } from '../../src/rules/nagb/events.js';
import { narrate } from '../../src/rules/nagb/trace/narrate.js';
import { subjectOf } from '../../src/rules/nagb/trace/subject.js';

const col = (id: string, front: number, offset: number, extra: Record<string, unknown> = {}) => ({ id, formation: 'attackColumn', front, offset, ...extra });
const line = (id: string, front: number, offset: number, extra: Record<string, unknown> = {}) => ({ id, formation: 'line', front, offset, ...extra });

/** Every unit of a charge duel back as it started, loaded and in good order, no contacts (a charge's setting, played again). */
function standAtStart(g: Game): void {
  for (const u of g.units) {
    Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, loaded: true, lowAmmo: false, noFire: false, moved: false, charged: false, fought: false, fired: false, shaken: false, blown: false, jubilant: 0, colours: true, sector: -1 });
    // (A unit removed in the engagement played is also marked gone, which hides it from fire and moves.)
    g.gone[u.spec.index] = 0;
    u.body.front = u.spec.startFront;
    u.body.offset = u.spec.startOffset;
    reshape(g, u);
  }
  clear(g.contacts);
}

type Unit = Game['units'][number];

/**
 * The charge of c at t, t standing to shoot (p12), played again from the start (standAtStart) on
 * engagement i of `key`'s dice; `set` changes the setting first. Its events.
 */
function chargeAgain(g: Game, c: Unit, t: Unit, key: string, i: number, set?: () => void): Ev[] {
  standAtStart(g);
  set?.();
  const events: Ev[] = [];
  g.sink = (e) => events.push(e as Ev);
  g.useDice(EngagementDice.for(key, 'test', i));
  playCharge(g, c, t, false, 'standAndShoot');
  g.sink = undefined;
  return events;
}

/**
 * The recall rides' set-up, played again for each engagement i of `key`: every unit back where it
 * started, unhurt and idle, the first (the cuirassiers) blown with its brigade's pips to recall it,
 * and the engagement's dice. Returns the units.
 */
function blownAtStart(g: Game, key: string, i: number): Game['units'] {
  standAtStart(g);
  const c = g.units[0];
  c.blown = true;
  g.pips[c.spec.brigade] = 6;
  g.unhorsed[c.spec.brigade] = 0;
  g.useDice(EngagementDice.for(key, 'test', i));
  return g.units;
}

describe('p2: the turn sequence', () => {
  it('p2: a turn plays command, rally, initiative, movement A, fire 1, close combat 1, movement B, fire 2, close combat 2, cavalry A and B, reserve, End', () => {
    const events: Ev[] = [];
    play(shipped('sims/nagb/common-a-village.scenario.yaml'), 'seq', 0, events);
    const first = events.findIndex((e) => e.type === 'turn');
    const turn1 = events.slice(first, events.findIndex((e, i) => i > first && e.type === 'turn'));
    const phases = turn1.filter((e): e is Ev & { phase: string; side: number | null } => e.type === 'phase').map((e) => e.phase);
    expect(phases).toEqual(['command', 'rally', 'initiative', 'movement', 'fire', 'closeCombat', 'movement', 'fire', 'closeCombat', 'cavalry', 'cavalry', 'reserve', 'end']);
    const sides = turn1.filter((e): e is Ev & { phase: string; side: number | null } => e.type === 'phase' && (e).phase === 'movement').map((e) => e.side);
    expect(new Set(sides)).toEqual(new Set([0, 1]));
  });

  it('p2, nagb.cavalryPhaseBSide: under A the second cavalry phase is side A\'s again', () => {
    const events: Ev[] = [];
    play(shipped('sims/nagb/common-c-cavalry.scenario.yaml', { 'nagb.cavalryPhaseBSide': 'A' }), 'seq', 1, events);
    const cav = events.filter((e) => e.type === 'phase' && (e).phase === 'cavalry');
    for (let k = 0; k + 1 < cav.length; k += 2) expect(cav[k].side).toBe(cav[k + 1].side);
  });
});

describe('rulings 5: the result in the common vocabulary', () => {
  it('rulings 1, 5: men are figures times nagb.figureScale, casualties (killed) apart from figures dispersed, minutes are turns times nagb.turnMinutes', () => {
    for (const [scale, minutes] of [
      [30, 10],
      [50, 15],
    ] as const) {
      const c = shipped('sims/nagb/common-b-open.scenario.yaml', { 'nagb.figureScale': scale, 'nagb.turnMinutes': minutes });
      for (let i = 0; i < 15; i++) {
        const r = play(c, 'men', i);
        expect(r.minutes).toBe(r.turns * minutes);
        for (const s of r.sides) {
          expect(s.startMen).toBe(s.startStrength * scale);
          expect(s.menLost).toBe(s.strengthLost * scale);
          expect(s.casualties).toBe(s.stepsLost * scale);
          expect(s.casualties).toBeLessThanOrEqual(s.menLost);
        }
      }
    }
  });

  it('rulings 5: a unit fleeing off the table is removed: its figures count as men lost but not as casualties', () => {
    const c = shipped('sims/nagb/common-b-open.scenario.yaml');
    let seen = 0;
    for (let i = 0; i < 200 && seen < 3; i++) {
      const events: Ev[] = [];
      const r = play(c, 'off', i, events);
      if (!events.some((e) => e.type === 'removed' && (e).why === 'offTable')) continue;
      seen++;
      const side = r.sides[events.find((e) => e.type === 'removed')!.side as 0 | 1];
      expect(side.menLost).toBeGreaterThan(side.casualties);
      expect(side.unitsEliminated).toBeGreaterThan(0);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('rulings 5: statistics count every purpose but rally and the permission tests (charge, volley, pinning, stand, recall)', () => {
    const uncounted = PURPOSES.filter((_, i) => !COUNTED[i]);
    expect(uncounted).toEqual(['rally', 'charge', 'volley', 'pinning', 'stand', 'recall']);
    NAGB_VOCABULARY.checkPurposes.forEach((p, i) => expect(p.counted).toBe(COUNTED[i]));
  });

  it('rulings 5, p29: a brigade broken at 60% is recorded with its turn, and the brigade formation with it', () => {
    const c = shipped('sims/nagb/common-b-open.scenario.yaml');
    let found = 0;
    for (let i = 0; i < 60; i++) {
      const r = play(c, 'brig', i);
      for (const side of [0, 1] as const) {
        for (const f of r.sides[side].formationsBroken) {
          found++;
          const k = c.brigades.findIndex((b) => b.id === f.formation);
          expect(r.formations[k].brokenTurn).toBe(f.turn);
          expect(f.turn).toBeLessThanOrEqual(r.turns);
          // One brigade a side: the army breaks with it.
          expect(r.sides[side].armyBrokenTurn).toBe(f.turn);
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('rulings 5: every outcome is one of the vocabulary\'s, and the attacker wins only by carrying or routing', () => {
    const c = shipped('sims/nagb/common-a-village.scenario.yaml');
    for (let i = 0; i < 30; i++) {
      const r = play(c, 'out', i);
      expect(NAGB_VOCABULARY.outcomes.map((o) => o.id)).toContain(r.reason);
      if (r.winner === 0) expect(['carried', 'defenderRouted']).toContain(r.reason);
      if (r.winner === 1) expect(['attackerBroken', 'attackRepulsed', 'timeLimit']).toContain(r.reason);
    }
  });
});

describe('p37: game length', () => {
  it('p37, nagb.gameLength fixed7: never more than 7 turns', () => {
    const c = shipped('sims/nagb/common-a-village.scenario.yaml', { 'nagb.gameLength': 'fixed7' });
    for (let i = 0; i < 20; i++) expect(play(c, 'len', i).turns).toBeLessThanOrEqual(7);
  });

  it('p37: of the games that reach the end of turn 7, a share of 2/6 plays an 8th (within 4 standard errors)', () => {
    const c = shipped('sims/nagb/common-c-cavalry.scenario.yaml');
    let reached = 0;
    let eighth = 0;
    for (let i = 0; i < 700; i++) {
      const events: Ev[] = [];
      play(c, 'len8', i, events);
      const roll = events.find((e) => e.type === 'gameLength' && (e).turn === 7);
      if (!roll) continue;
      reached++;
      if (roll.more) eighth++;
    }
    expect(reached).toBeGreaterThan(100);
    const p = 2 / 6;
    expect(Math.abs(eighth / reached - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / reached));
  });
});

describe('mechanisms on the lane', () => {
  it('p13: infantry in line charged by cavalry within half its charge move tests at Ld 8 - 1 - 4 = 3: squares formed per test 3/36 (within 4 standard errors)', () => {
    // Cuirassiers 6" from a line: a charge of 10 + 2d6 is at least 12, half of it at least 6: always the -4.
    const s = duel(
      [{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }],
      [line('Bn', 26, 0)],
      {},
      [{ preset: 'column-assault', influence: false }, { preset: 'hold-and-volley', square: 'charged', influence: false, rerolls: 'none' }],
    );
    const c = compiled(s);
    let tests = 0;
    let formed = 0;
    for (let i = 0; i < 1200; i++) {
      const events: Ev[] = [];
      play(c, 'sq', i, events);
      // (Later charges, from farther off, test at other Ld.)
      for (const e of events) {
        if (e.type !== 'check' || e.purpose !== 'formSquare' || e.target !== 3) continue;
        tests++;
        if (e.passed) formed++;
      }
    }
    const p = testPassProbability(3);
    expect(tests).toBeGreaterThan(600);
    expect(Math.abs(formed / tests - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / tests));
  });

  it("p12, p19-21: a battery charged by horse fires canister and flees a d6 shorter under the doctrine's battery fireAndFlee, else flees (a horse battery's flight halved); charged by foot it stands", () => {
    const bty = { id: 'Bty', arm: 'artillery', guns: ['medium', 'medium', 'medium'], front: 27, offset: 0 };
    const charges = (battery: string, charger: Record<string, unknown>) => {
      const c = compiled(duel([charger], [bty], {}, ['column-assault', { preset: 'hold-and-volley', battery, influence: false }]));
      const out: Ev[] = [];
      for (let i = 0; i < 600; i++) {
        const events: Ev[] = [];
        const r = play(c, 'bty', i, events);
        const mine = events.filter((e) => e.type === 'charge' && e.target === 'Bty' && e.ending !== 'refused');
        out.push(...mine);
        if (charger.arm !== 'cavalry') continue;
        // Every horseman the battery killed is gone from the chargers: its fire phases' and its canister as it fled.
        const byFire = events.filter((e) => e.type === 'fire' && e.units[0] === 'Bty').reduce((a, e) => a + (e.kills as number), 0);
        // (Casualties are men killed, 30 a figure under nagb.figureScale.)
        expect(r.sides[0].casualties / 30, `engagement ${i}`).toBe(Math.min(16, byFire + mine.reduce((a, e) => a + (e.casualties as number), 0)));
      }
      return out;
    };
    const horse = { id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 };
    const fired = charges('fireAndFlee', horse);
    const canister = fired.filter((e) => e.reaction === 'fireAndFlee');
    expect(canister.length).toBeGreaterThan(30);
    // Only within the medium guns' canister (10", p21), and with a d6 of flight for a foot battery (2d6 less one, p19).
    for (const e of canister) {
      expect(e.distance).toBeLessThanOrEqual(10);
      expect(e.flight).toBeGreaterThanOrEqual(1);
      expect(e.flight).toBeLessThanOrEqual(6);
      expect(e.target).toBe('Bty');
    }
    // The horsemen it kills, against the exact odds of `volley odds charge` for the same charge (18 shots
    // of medium canister at 5+, 3+ to kill: 4 a charge), within 4 standard errors.
    const q = NAGB_ODDS.questions.find((x) => x.id === 'charge')!;
    const defaults = Object.fromEntries(findRuleset('nagb')!.options.map((o) => [o.name, o.default]));
    const at = (d: number) => q.exact(q.params.parse({ charger: { arm: 'cavalry', figures: 16, cavalryType: 'cuirassier' }, target: { arm: 'artillery', guns: 3, gun: 'medium' }, distance: d, reaction: 'fireAndFlee' }), defaults);
    let expected = 0, variance = 0, seen = 0;
    for (const e of canister) {
      const cas = at(e.distance as number).distributions.find((d) => d.name === 'chargerCasualties')!.values;
      const m = cas.reduce((a, v) => a + (v.value as number) * v.p, 0);
      expected += m;
      variance += cas.reduce((a, v) => a + ((v.value as number) - m) ** 2 * v.p, 0);
      seen += e.casualties as number;
    }
    expect(expected / canister.length).toBeCloseTo(4, 6);
    expect(Math.abs(seen - expected)).toBeLessThanOrEqual(4 * Math.sqrt(variance));
    // The same charges under the default doctrine: the battery flees, 2d6, and fires nothing.
    const fled = charges('flee', horse);
    expect(fled.length).toBeGreaterThan(30);
    expect(fled.every((e) => e.reaction === 'flee' && e.casualties === 0)).toBe(true);
    // A horse battery, unlimbered as on the lane, limbers as it flees: 3d6 halved, at most 9" (p19).
    const horseBty = { ...bty, horse: true };
    const c = compiled(duel([horse], [horseBty], {}, ['column-assault', { preset: 'hold-and-volley', influence: false }]));
    const flights: number[] = [];
    for (let i = 0; i < 300; i++) {
      const events: Ev[] = [];
      play(c, 'horse-bty', i, events);
      for (const e of events) if (e.type === 'charge' && e.target === 'Bty' && e.reaction === 'flee' && e.ending !== 'refused') flights.push(e.flight as number);
    }
    expect(flights.length).toBeGreaterThan(30);
    expect(Math.max(...flights)).toBeLessThanOrEqual(9);
    expect(Math.min(...flights)).toBeGreaterThanOrEqual(1);
    // Charged by infantry, a battery stands either way.
    const foot = charges('fireAndFlee', { id: 'Col', formation: 'attackColumn', front: 20, offset: 0 });
    expect(foot.length).toBeGreaterThan(10);
    expect(foot.every((e) => e.reaction === 'stand')).toBe(true);
  });

  it('p12, p19-20: a battery fires at chargers only loaded, with a pip (nagb.batteryChargeFire pip), not silenced, with no friend in its canister arc, and able to hit', () => {
    const bty = (more: Record<string, unknown> = {}) => ({ id: 'Bty', arm: 'artillery', guns: ['medium', 'medium', 'medium'], front: 27, offset: 0, ...more });
    const cuir = { id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 };
    const ready = (options: Record<string, string> = {}, more: Record<string, unknown> = {}, friend = false) => {
      const g = compiled(duel([cuir], [bty(more), ...(friend ? [line('Friend', 24, 0)] : [])]), options).game;
      for (const u of g.units) {
        u.figures = u.spec.startFigures;
        u.guns = u.spec.guns.length;
      }
      const [c, b] = g.units;
      b.pips = 1;
      return { g, c, b };
    };
    let { g, c, b } = ready();
    // 3 medium guns within their 10" of canister: 6 shots each (p21).
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(18);
    expect(canisterAtChargersOf(g, b, c, 11)).toBe(0);
    b.loaded = false;
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(0);
    b.loaded = true;
    b.pips = 0;
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(0);
    ({ g, c, b } = ready({ 'nagb.batteryChargeFire': 'free' }));
    b.pips = 0;
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(18);
    b.silenced = true;
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(0);
    // A militia crew, disordered, at chargers: 4 + 1 + 1 + 1 = 7, no hit possible (p20, p27); at 1" the +1 of point blank (p12) brings it back.
    ({ g, c, b } = ready({}, { class: 'militia' }));
    b.state = 1; // DISORDERED
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(0);
    expect(canisterAtChargersOf(g, b, c, 1)).toBe(18);
    // A friend 3" in front of the battery stands in its canister's range and arc (p20): no canister.
    ({ g, c, b } = ready({}, {}, true));
    expect(canisterAtChargersOf(g, b, c, 7)).toBe(0);
  });

  it('p20, p12 (nagb.canisterModifiers): a conscript or disordered battery that moved fires canister at cavalry charging from 8" and flees: 6+ on canister\'s own list (crew -1 or disorder -1, chargers -1), 7 on ball\'s (moved -1 more), when it holds its fire and only flees', () => {
    const cuir = { id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 };
    for (const [cls, disordered] of [['conscripts', false], ['line', true]] as const) {
      for (const value of ['p20', 'asBall']) {
        const bty = { id: 'Bty', arm: 'artillery', class: cls, guns: ['medium', 'medium', 'medium'], front: 28, offset: 0 };
        const cp = compiled(duel([cuir], [bty]), { 'nagb.canisterModifiers': value });
        play(cp, 'moved-canister', 0);
        const g = cp.game;
        const [c, b] = g.units;
        let charged = 0;
        for (let i = 0; i < 20; i++) {
          standAtStart(g);
          Object.assign(b, { guns: b.spec.guns.length, silenced: false, moved: true, pips: 2, state: disordered ? 1 : 0 });
          const label = `${cls}${disordered ? ' disordered' : ''} ${value}`;
          expect(canisterAtChargersOf(g, b, c, 8), label).toBe(value === 'p20' ? 18 : 0);
          const events: Ev[] = [];
          g.sink = (e) => events.push(e as Ev);
          g.useDice(EngagementDice.for('moved-canister', 'test', i));
          playCharge(g, c, b, false, 'fireAndFlee');
          g.sink = undefined;
          const e = events.find((x) => x.type === 'charge')!;
          if (e.ending === 'refused') continue;
          charged++;
          expect([e.distance, e.reaction], label).toEqual([8, 'fireAndFlee']);
          // Fired: the load spent, and its canister's shots thrown at 6+ (p20).
          expect([b.fired, b.loaded, (e.fireDistance as number) >= 0], label).toEqual(value === 'p20' ? [true, false, true] : [false, true, false]);
          expect(e.flight as number, label).toBeGreaterThan(0);
        }
        expect(charged).toBeGreaterThan(5);
      }
    }
  });

  it('p19, nagb.batteryChargeFire: firing and fleeing spends the battery\'s load, and a pip under pip (none under free)', () => {
    for (const [rule, cost] of [['pip', 1], ['free', 0]] as const) {
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }], [{ id: 'Bty', arm: 'artillery', guns: ['medium', 'medium', 'medium'], front: 27, offset: 0 }]), { 'nagb.batteryChargeFire': rule });
      // An engagement played sets up the state the play loop keeps (results, dice); then one charge by hand.
      play(cp, 'pip', 0);
      const g = cp.game;
      const [c, b] = g.units;
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, guns: u.spec.guns.length, loaded: true, silenced: false, noFire: false, moved: false, blown: false, shaken: false });
        u.body.front = u.spec.startFront;
      }
      b.pips = 2;
      const spent = g.extra[X.pipsSpent + 1];
      playCharge(g, c, b, true, 'fireAndFlee');
      expect([b.pips, b.loaded, b.fired, g.extra[X.pipsSpent + 1] - spent], rule).toEqual([2 - cost, false, true, cost]);
    }
  });

  it('p8, p10, p12: a charged unit that moved earlier this turn stands and shoots at normal effect: no test to volley, never a volley; unmoved it tests', () => {
    const cp = compiled(duel([col('Col', 19, 0)], [line('Ln', 27, 0)], {}, ['column-assault', { preset: 'hold-and-volley', influence: false, rerolls: 'none' }]));
    play(cp, 'moved-volley', 0);
    const g = cp.game;
    const [c, t] = g.units;
    const charged = (moved: boolean, i: number) => chargeAgain(g, c, t, 'moved-volley', i, () => (t.moved = moved));
    let tested = 0;
    for (let i = 0; i < 40; i++) {
      const moved = charged(true, i);
      expect(moved.some((e) => e.type === 'check' && e.purpose === 'volley')).toBe(false);
      expect(moved.find((e) => e.type === 'charge')!.volley).toBe(false);
      const still = charged(false, i);
      if (still.find((e) => e.type === 'charge')!.ending === 'refused') continue;
      tested++;
      expect(still.some((e) => e.type === 'check' && e.purpose === 'volley' && e.unit === 'Ln')).toBe(true);
    }
    expect(tested).toBeGreaterThan(10);
  });

  it('p10, p12: a charged unit with a friend within 8" straight ahead (its fire zone) stands and shoots at normal effect: no test to volley, never a volley; with the friend aside it tests', () => {
    // The friend, a column beside the charger's path, stands 2.6" before the line's right half.
    const volleys = (friendOffset: number) => {
      const cp = compiled(duel([col('Col', 19, 0)], [line('Ln', 27, 0), col('Fr', 22, friendOffset)], {}, ['column-assault', { preset: 'hold-and-volley', influence: false, rerolls: 'none' }]));
      play(cp, 'fire-zone', 0);
      const g = cp.game;
      const [c, t] = g.units;
      let tests = 0, volleys = 0, charges = 0;
      for (let i = 0; i < 40; i++) {
        const events = chargeAgain(g, c, t, 'fire-zone', i);
        if (events.find((e) => e.type === 'charge')!.ending === 'refused') continue;
        charges++;
        if (events.some((e) => e.type === 'check' && e.purpose === 'volley' && e.unit === 'Ln')) tests++;
        if (events.find((e) => e.type === 'charge')!.volley) volleys++;
      }
      return { charges, tests, volleys };
    };
    const before = volleys(7);
    expect(before.charges).toBeGreaterThan(10);
    expect([before.tests, before.volleys]).toEqual([0, 0]);
    const aside = volleys(14);
    expect(aside.tests).toBe(aside.charges);
    expect(aside.volleys).toBeGreaterThan(0);
  });

  it('p20, p10 (nagb.lineOfFire): a battery\'s line of fire is the segment from its front\'s centre to the target\'s front-rank centre: a friend across it blocks, one in the strip between the footprints but off the line does not; small arms keep the strip under strip and take the line under centreLine', () => {
    // Whether the line of fire is blocked, given the firer (a battery or a line) and a friend column, each at (front, offset).
    const blocked = (firer: 'battery' | 'line', at: [number, number], friend: [number, number], target: [number, number], lineOfFire: 'strip' | 'centreLine') => {
      const f = firer === 'battery' ? { id: 'F', arm: 'artillery', guns: ['medium', 'medium', 'medium'], front: at[0], offset: at[1] } : line('F', at[0], at[1]);
      const cp = compiled(duel([f, col('Col', friend[0], friend[1])], [line('Tgt', target[0], target[1])]), { 'nagb.lineOfFire': lineOfFire });
      play(cp, 'line of fire', 0);
      const g = cp.game;
      standAtStart(g);
      return lineOfFireBlocked(g, g.units[0], g.units[2]);
    };
    // Off to the side: the battery's front [-13.5, -7.5] (the line's [-15.3, -5.7]) at 16", the target's
    // [-5.3, 4.3] at 32"; the column 1" short of the target ([28.6, 31] by [-3.7, 2.7]) stands across the
    // line (over it the line runs from -2.6 to -1.1) but outside the strip between them (at most [-7.5, -5.3]).
    const side = [[16, -10.5], [31, -0.5], [32, -0.5]] as const;
    for (const v of ['strip', 'centreLine'] as const) expect(blocked('battery', side[0] as [number, number], side[1] as [number, number], side[2] as [number, number], v), `battery, ${v}`).toBe(true);
    expect(blocked('line', side[0] as [number, number], side[1] as [number, number], side[2] as [number, number], 'strip')).toBe(false);
    expect(blocked('line', side[0] as [number, number], side[1] as [number, number], side[2] as [number, number], 'centreLine')).toBe(true);
    // Face to face: the battery's front [-3, 3], the target's [-0.8, 8.8]; the column ([21.6, 24] by
    // [-6.2, -0.2]) stands in the strip ([-0.8, 3]) but the line from (16, 0) to (32, 4) never dips below 0.
    for (const v of ['strip', 'centreLine'] as const) expect(blocked('battery', [16, 0], [24, -3], [32, 4], v), `battery, ${v}`).toBe(false);
    expect(blocked('line', [16, 0], [24, -3], [32, 4], 'strip')).toBe(true);
    expect(blocked('line', [16, 0], [24, -3], [32, 4], 'centreLine')).toBe(false);
  });

  it('p20: a battery shoots through enemy skirmishers at a line beyond them; a formed enemy unit there blocks it', () => {
    const blocked = (screen: 'skirmish' | 'line') => {
      const bty = { id: 'Bty', arm: 'artillery', guns: ['medium', 'medium', 'medium'], front: 10, offset: 0 };
      const cp = compiled(duel([bty], [line('Screen', 20, 0, { tags: ['light'] }), line('Tgt', 26, 0)]));
      play(cp, 'skirmish screen', 0);
      const g = cp.game;
      standAtStart(g);
      const s = g.units[1];
      s.formation = screen;
      reshape(g, s);
      return lineOfFireBlocked(g, g.units[0], g.units[2]);
    };
    expect(blocked('skirmish')).toBe(false);
    expect(blocked('line')).toBe(true);
  });

  it('p10: the fire zone is measured to the friend\'s nearest edge, not its front: a line whose rear is 7.4" ahead (front 9") is in it, one whose rear is 8.1" ahead is not', () => {
    const zone = (friendFront: number) => {
      const cp = compiled(duel([line('F', 10, 0), line('P', friendFront, 0)], [line('E', 40, 0)]));
      play(cp, 'fire-zone-edge', 0);
      const g = cp.game;
      standAtStart(g);
      const [f, p] = g.units;
      expect(axialMin(p.body) - f.body.front).toBeCloseTo(friendFront - 1.6 - 10, 9);
      return friendAheadWithin(g, f, 8);
    };
    expect(zone(19)).toBe(true);
    expect(zone(19.7)).toBe(false);
  });

  it('p10, p12: the fire zone holds any friend within 8" straight ahead, not only the first unit ahead: with the charger nearer (3") than the friend (6.6", before the line\'s right half), the charged line still stands and shoots at normal effect, never testing to volley', () => {
    const cp = compiled(duel([col('Col', 24, 0)], [line('Ln', 27, 0), col('Fr', 18, 7)], {}, ['column-assault', { preset: 'hold-and-volley', influence: false, rerolls: 'none' }]));
    play(cp, 'fire-zone-far', 0);
    const g = cp.game;
    const [c, t, fr] = g.units;
    standAtStart(g);
    // The charger is the first unit ahead of the line; the friend, beside the charger's path, is within 8" beyond it.
    expect(g.units[firstAhead(g, t)]).toBe(c);
    // (The line faces down the lane: the friend's near edge is its far x.)
    expect(t.body.front - axialMax(fr.body)).toBeCloseTo(6.6, 9);
    expect(friendAheadWithin(g, t, 8)).toBe(true);
    let charges = 0;
    for (let i = 0; i < 40; i++) {
      const events = chargeAgain(g, c, t, 'fire-zone-far', i);
      const charge = events.find((e) => e.type === 'charge')!;
      if (charge.ending === 'refused') continue;
      charges++;
      expect(events.some((e) => e.type === 'check' && e.purpose === 'volley' && e.unit === 'Ln')).toBe(false);
      expect(charge.volley).toBeFalsy();
    }
    expect(charges).toBeGreaterThan(10);
  });

  it('p10, p12: a charged unit whose fire needs 7+ (conscripts at long range) holds it and keeps its load; one that fires, or fires high, spends it', () => {
    const cp = compiled(duel([col('Col', 19, 0)], [line('Ln', 27, 0, { class: 'conscripts' })], {}, ['column-assault', { preset: 'hold-and-volley', influence: false, rerolls: 'none' }]));
    play(cp, 'hold-fire', 0);
    const g = cp.game;
    const [c, t] = g.units;
    const seen: Record<string, number> = {};
    for (let i = 0; i < 120; i++) {
      standAtStart(g);
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      g.useDice(EngagementDice.for('hold-fire', 'test', i));
      const reaction = i % 2 === 0 ? 'fireAndFlee' : 'standAndShoot';
      const volleys = g.extra[X.volleys + t.side];
      playCharge(g, c, t, false, reaction);
      g.sink = undefined;
      const e = events.find((x) => x.type === 'charge')!;
      if (e.ending === 'refused') continue;
      // 8" is long range (p10): 4+, -1 at chargers, -1 long, -1 raw: 7+, so fire and flee never fires.
      const fired = e.firedHigh || e.fireDistance >= 0;
      if (reaction === 'fireAndFlee') expect(fired).toBe(false);
      expect([t.loaded, t.fired], `${reaction} ${i}`).toEqual([!fired, fired]);
      // A volley held is not counted as one.
      if (!fired) expect(g.extra[X.volleys + t.side]).toBe(volleys);
      seen[`${reaction} ${fired}`] = (seen[`${reaction} ${fired}`] ?? 0) + 1;
    }
    expect(seen['fireAndFlee false']).toBeGreaterThan(20);
    expect(seen['standAndShoot false']).toBeGreaterThan(5);
    expect(seen['standAndShoot true']).toBeGreaterThan(5);
  });

  it('p2, p3, p6: a reserve move is a normal move, so a column crossing terrain at normal pace tests for disorder at its end, as in any movement phase', () => {
    // A march column 22" from the enemy, light woods 2" ahead (-4, p6): its 8" reserve move crosses them.
    const checks = (front: number, events: Ev[]) => {
      const cp = compiled(duel([{ id: 'Mc', formation: 'marchColumn', front, offset: 0 }], [line('Bn', 46, 0)], { terrain: [{ kind: 'lightWoods', name: 'wood', from: 12, to: 16 }] }));
      play(cp, 'reserve-terrain', 0);
      const g = cp.game;
      const [mc] = g.units;
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, moved: false, charged: false, fought: false, fired: false, shaken: false, jubilant: 0 });
        g.gone[u.spec.index] = 0;
        u.body.front = u.spec.startFront;
        u.body.offset = u.spec.startOffset;
        reshape(g, u);
      }
      g.sink = (e) => events.push(e as Ev);
      reservePhase(g, 0);
      g.sink = undefined;
      return { moved: mc.body.front - front, tests: events.filter((e) => e.type === 'check' && e.purpose === 'terrainDisorder' && e.unit === 'Mc') };
    };
    const normal = checks(10, []);
    expect(normal.moved).toBeCloseTo(8, 9);
    expect(normal.tests.length).toBe(1);
    expect(normal.tests[0].target).toBe(8 - 4);
    // Clear of the woods (they lie behind it), the same move tests nothing.
    const clear = checks(18, []);
    expect(clear.moved).toBeCloseTo(8, 9);
    expect(clear.tests.length).toBe(0);
  });

  it('p7: a formation change keeps the front and centre, so a column that would reach off the table or onto a friend is not formed', () => {
    const cp = compiled(duel([col('Edge', 3, 0), col('Free', 20, 10), line('Behind', 16, -10), line('Front', 17.7, -10)], [line('Bn', 40, 0)]));
    play(cp, 'fits', 0);
    const g = cp.game;
    for (const u of g.units) {
      Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, moved: false, shaken: false });
      u.body.front = u.spec.startFront;
      u.body.offset = u.spec.startOffset;
    }
    for (const u of g.units) reshape(g, u);
    const [edge, free, , front] = g.units;
    // Side A faces up the lane from 0: a march column is deeper than 3", an attack column is not.
    expect(formationFits(g, edge, 'marchColumn')).toBe(false);
    expect(changeFormation(g, edge, 'marchColumn')).toBe(-1);
    expect(edge.formation).toBe('attackColumn');
    expect(formationFits(g, free, 'marchColumn')).toBe(true);
    expect(changeFormation(g, free, 'marchColumn')).toBeGreaterThanOrEqual(0);
    expect(free.formation).toBe('marchColumn');
    // A line 0.1" in front of a friend's line: a square, deeper than a line, would stand on the friend.
    expect(formationFits(g, front, 'square')).toBe(false);
    expect(formationFits(g, front, 'line')).toBe(true);
  });

  it('p7: a unit that fails its pinning test stays in its formation and loses the pip: the move that was to follow the change is not made', () => {
    const c = shipped('sims/nagb/meeting.scenario.yaml');
    let failed = 0;
    for (let i = 0; i < 40; i++) {
      const events: Ev[] = [];
      play(c, 'pinned', i, events);
      events.forEach((e, k) => {
        if (e.type !== 'check' || e.purpose !== 'pinning' || e.passed) return;
        failed++;
        // Up to the next order or phase: neither a formation change nor a move of that unit.
        const rest = events.slice(k + 1);
        const end = rest.findIndex((x) => x.type === 'order' || x.type === 'phase');
        const after = end < 0 ? rest : rest.slice(0, end);
        expect(after.filter((x) => (x.type === 'move' || x.type === 'formation') && x.unit === e.unit)).toEqual([]);
      });
    }
    expect(failed).toBeGreaterThan(5);
  });

  it('p9: cavalry that moved in its movement phase may still move or charge in its cavalry phase; cavalry that charged in it may not', () => {
    // Cuirassiers 20" from a line: beyond their reach in the movement phase, within it after a move.
    const c = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 8, offset: 0 }], [line('Bn', 28, 0)]));
    let again = 0;
    for (let i = 0; i < 20; i++) {
      const events: Ev[] = [];
      play(c, 'cav-phase', i, events);
      let phase = '';
      let movedIn = false;
      let chargedIn = false;
      for (const e of events) {
        if (e.type === 'turn') movedIn = chargedIn = false;
        if (e.type === 'phase') phase = e.phase;
        if (e.unit !== 'Cuir' && !(e.type === 'charge' && e.units?.[0] === 'Cuir')) continue;
        if (phase === 'movement' && e.type === 'move') movedIn = true;
        if (phase === 'movement' && e.type === 'declare') chargedIn = true;
        if (phase !== 'cavalry' || (e.type !== 'move' && e.type !== 'declare')) continue;
        expect(chargedIn).toBe(false);
        if (movedIn) again++;
      }
    }
    expect(again).toBeGreaterThan(5);
  });

  it('p22: a cavalry move through light woods tests at the pace that covers it: none at a walk (to 6"), -2 at a trot (to 8"), -4 at a canter', () => {
    const woods = { terrain: [{ kind: 'lightWoods', name: 'wood', from: 12, to: 30 }] };
    const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 11, offset: 0 }], [line('Bn', 46, 0)], woods));
    play(cp, 'cav-pace', 0);
    const g = cp.game;
    const cuir = g.units[0];
    const tests: (number | null)[] = [];
    for (const dist of [5, 6, 7, 8, 9.5]) {
      Object.assign(cuir, { removed: false, state: 0, blown: false, shaken: false, jubilant: 0, figures: 16, formation: 'line' });
      cuir.body.front = 11;
      cuir.body.offset = 0;
      reshape(g, cuir);
      g.unhorsed[cuir.spec.brigade] = 1; // no influence, no reroll
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      advance(g, cuir, dist);
      const t = events.find((e) => e.type === 'check' && e.purpose === 'terrainDisorder');
      tests.push(t ? t.target : null);
    }
    // Line cavalry, Ld 8.
    expect(tests).toEqual([null, null, 6, 6, 4]);
  });

  it('p30: cavalry may not charge into or out of difficult terrain: across rough, at a unit standing in it, or from it; across crops it may', () => {
    const at = (kind: string, from: number, to: number) => {
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 10, offset: 0 }], [line('Bn', 24, 0)], { terrain: [{ kind, name: 'ground', from, to }] }));
      play(cp, 'cav-rough', 0);
      const g = cp.game;
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, blown: false, shaken: false, figures: u.spec.startFigures, formation: u.spec.startFormation, charged: false, fought: false, moved: false });
        u.body.front = u.spec.startFront;
        u.body.offset = u.spec.startOffset;
        reshape(g, u);
      }
      return chargeTarget(g, g.units[0]) >= 0;
    };
    // The cuirassiers' line is 4" deep (6 to 10), the battalion's 1.6" (24 to 25.6).
    expect(at('rough', 14, 18)).toBe(false);
    expect(at('rough', 23.5, 30)).toBe(false);
    expect(at('rough', 5, 10)).toBe(false);
    expect(at('rough', 8.5, 9.5)).toBe(true); // under half of the charger, and behind its front
    expect(at('crops', 14, 18)).toBe(true);
    expect(at('road', 0, 30)).toBe(true);
  });

  it('p9, p23 (nagb.blownRide): blown cavalry rides back as far as it needs to be safe (beyond 12") and stops at its own table edge; under fullRoll it rides its whole 3d6, off the table if it gets there', () => {
    const ride = (front: number, enemy: number, options: Record<string, string> = {}) => {
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front, offset: 0 }], [line('Bn', enemy, 0)]), options);
      play(cp, 'blown-ride', 0);
      const g = cp.game;
      const out: { moved: number; gone: boolean }[] = [];
      for (let k = 0; k < 30; k++) {
        for (const u of g.units) {
          Object.assign(u, { removed: false, state: 0, blown: false, shaken: false, figures: u.spec.startFigures, formation: u.spec.startFormation, charged: false, fought: false, moved: false, fired: false });
          u.body.front = u.spec.startFront;
          u.body.offset = u.spec.startOffset;
          g.gone[u.spec.index] = 0;
          reshape(g, u);
        }
        Object.assign(g.units[0], { blown: true });
        g.pips[0] = 0;
        movementPhase(g, 0);
        const u = g.units[0];
        out.push({ moved: u.removed ? Infinity : front - u.body.front, gone: u.removed });
      }
      return out;
    };
    // A 4"-deep line of cuirassiers 3" from the battalion: safe after 12.01 - 3 = 9.01" back; 3d6 of 9 or less falls short.
    const safe = ride(14, 17);
    for (const r of safe) expect(Math.abs(r.moved - 9.01) < 1e-9 || (Number.isInteger(r.moved) && r.moved >= 3 && r.moved <= 9), String(r.moved)).toBe(true);
    expect(safe.filter((r) => Math.abs(r.moved - 9.01) < 1e-9).length).toBeGreaterThan(10);
    // Its rear 2" from its edge: it stops there, never off the table.
    expect(ride(6, 9).map((r) => r.moved.toFixed(2))).toEqual(Array(30).fill('1.99'));
    expect(ride(6, 9, { 'nagb.blownRide': 'fullRoll' }).every((r) => r.gone)).toBe(true);
  });

  it('p19, p21, p29 (nagb.batteryBrigadeTest): a battery that fails a brigade test never falls back with its guns: in good order it is silenced, disordered its crew flee; under exempt batteries take no brigade test', () => {
    const failures = (options: Record<string, string>) => {
      const c = shipped('sims/nagb/meeting.scenario.yaml', options);
      const batteries = new Set(c.specs.filter((s) => s.arm === 'artillery').map((s) => s.id));
      const seen = { tested: 0, silenced: 0, fled: 0 };
      for (let i = 0; i < 160; i++) {
        const events: Ev[] = [];
        play(c, 'bty-brigade', i, events);
        events.forEach((e, k) => {
          if (e.type !== 'check' || e.purpose !== 'brigade' || !batteries.has(e.unit)) return;
          seen.tested++;
          if (e.passed) return;
          const next = events.slice(k + 1, k + 6).filter((x) => x.unit === e.unit);
          expect(next.some((x) => x.type === 'retreat')).toBe(false);
          if (next.some((x) => x.type === 'cohesion' && x.to === 'silenced')) seen.silenced++;
          else if (next.some((x) => x.type === 'rout')) seen.fled++;
          else throw new Error(`${e.unit}: a failed brigade test without effect`);
        });
      }
      return seen;
    };
    const silenced = failures({});
    expect(silenced.silenced).toBeGreaterThan(3);
    expect(failures({ 'nagb.batteryBrigadeTest': 'exempt' }).tested).toBe(0);
  });

  it('p3: no pip is spent on an order that would do nothing: every move, general advance, formation change and reserve move ordered goes somewhere or changes something (the audit found 256 of 1,091 in scenario A did not)', () => {
    for (const file of ['common-a-village', 'meeting']) {
      const c = shipped(`sims/nagb/${file}.scenario.yaml`);
      let orders = 0;
      for (let i = 0; i < 60; i++) {
        const events: Ev[] = [];
        play(c, 'orders', i, events);
        events.forEach((e, k) => {
          if (e.type !== 'order' || !['move', 'reserveMove', 'changeFormation', 'generalAdvance'].includes(e.order)) return;
          orders++;
          const rest = events.slice(k + 1);
          const end = rest.findIndex((x) => x.type === 'order' || x.type === 'phase');
          const after = end < 0 ? rest : rest.slice(0, end);
          const did = after.some((x) => ['move', 'formation', 'sector', 'check'].includes(x.type) && (e.unit === '*' || x.unit === e.unit));
          expect(did, `${file} ${i} ${e.unit} ${e.order}`).toBe(true);
        });
      }
      expect(orders).toBeGreaterThan(300);
    }
  });

  it('p15: rear support comes from any unengaged friend within 4" directly behind, a disordered, shaken or blown one too', () => {
    // An attack column (8 x 3: 2.4" deep) with a friend's column 3" behind its rear; another with one 4.5" behind.
    const cp = compiled(duel([col('Lead', 20, 0), col('Second', 14.6, 0), col('Other', 20, 12), col('Far', 13.1, 12)], [line('Bn', 30, 0), line('Bn2', 30, 12)]));
    play(cp, 'rear', 0);
    const g = cp.game;
    for (const u of g.units) {
      Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, shaken: false, blown: false, fought: false });
      u.body.front = u.spec.startFront;
      u.body.offset = u.spec.startOffset;
    }
    for (const u of g.units) reshape(g, u);
    const [lead, second, other, , bn] = g.units;
    expect(rearSupported(g, lead, bn)).toBe(true);
    expect(rearSupported(g, other, bn)).toBe(false);
    for (const state of [{ state: 1 }, { state: 1, shaken: true }, { state: 0, blown: true }]) {
      Object.assign(second, { state: 0, shaken: false, blown: false }, state);
      expect(second.disordered).toBe(true);
      expect(rearSupported(g, lead, bn), JSON.stringify(state)).toBe(true);
    }
    // Engaged (it fought this turn): no support.
    Object.assign(second, { state: 0, shaken: false, blown: false, fought: true });
    expect(rearSupported(g, lead, bn)).toBe(false);
  });

  it('p7, p12-16: random-legal play on the shipped lane scenarios keeps every unit on the table and on its own ground (formations that do not fit are not formed; a charger whose target ran stops short of a unit in its way)', () => {
    for (const file of ['common-a-village', 'common-b-open', 'common-c-cavalry', 'meeting']) {
      const { scenario } = loadScenario(`sims/nagb/${file}.scenario.yaml`);
      const s = scenario as unknown as LaneScenario;
      const random = { ...s, sides: s.sides.map((side) => ({ ...side, doctrine: 'random-legal' })) } as LaneScenario;
      const c = compiled(random, scenario.options ?? {});
      for (let i = 0; i < 300; i++) play(c, `random-${file}`, i);
    }
  });

  it('p23: cavalry that fought a formed unit and was not recalled is blown', () => {
    const s = duel(
      [{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }],
      [line('Bn', 26, 0)],
      {},
      [{ preset: 'column-assault', recall: false }, 'hold-and-volley'],
    );
    const c = compiled(s);
    let melees = 0;
    for (let i = 0; i < 60; i++) {
      const events: Ev[] = [];
      play(c, 'blown', i, events);
      events.forEach((e, k) => {
        if (e.type !== 'melee') return;
        const rest = events.slice(k + 1);
        const next = rest.findIndex((x) => x.type === 'melee' || x.type === 'phase');
        const after = next < 0 ? rest : rest.slice(0, next);
        const gone = after.some((x) => (x.type === 'removed' || x.type === 'rout') && (x).unit === 'Cuir');
        if (gone) return;
        melees++;
        expect(after.some((x) => x.type === 'cohesion' && (x).unit === 'Cuir' && (x).to === 'blown')).toBe(true);
      });
    }
    expect(melees).toBeGreaterThan(0);
  });

  it('p2 vs p23 (nagb.blownCavalry): cavalry charged by cavalry is blown after the melee too (the sequence of play), or only the charger (the cavalry rules)', () => {
    const s = duel(
      [{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 16, offset: 0 }],
      [{ id: 'Hus', arm: 'cavalry', figures: 16, cavalryType: 'light', front: 16, offset: 0 }],
      {},
      [{ preset: 'column-assault', recall: false }, 'hold-and-volley'],
    );
    // Blown after a melee, by the part the unit played in it (either side may charge the other).
    const blownBy = (options: Record<string, string>) => {
      const c = compiled(s, options);
      const seen = { charger: 0, charged: 0, melees: 0 };
      for (let i = 0; i < 40; i++) {
        const events: Ev[] = [];
        play(c, 'blown-cav', i, events);
        let melee: Ev | null = null;
        for (const e of events) {
          if (e.type === 'melee') {
            seen.melees++;
            melee = e;
          } else if (e.type === 'phase') melee = null;
          if (melee && e.type === 'cohesion' && e.to === 'blown') seen[e.unit === melee.attacker ? 'charger' : 'charged']++;
        }
      }
      return seen;
    };
    const any = blownBy({});
    const charged = blownBy({ 'nagb.blownCavalry': 'chargedFormed' });
    expect(any.melees).toBeGreaterThan(0);
    expect(any.charged).toBeGreaterThan(0);
    expect(charged.charged).toBe(0);
    expect(charged.charger).toBeGreaterThan(0);
  });

  it('p22, p32: the doctrine\'s sense of a charge (chargeThreat) knows, as play does, that cavalry does not charge a unit defending a hedge', () => {
    for (const hedge of [false, true]) {
      const terrain = hedge ? { terrain: [{ kind: 'hedge', name: 'hedge', from: 25.5, to: 26.5 }] } : {};
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 16, offset: 0 }], [line('Bn', 26, 0)], terrain));
      play(cp, 'hedge', 0);
      const g = cp.game;
      const [cav, bn] = g.units;
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, moved: false, charged: false, fought: false, fired: false, shaken: false, blown: false });
        g.gone[u.spec.index] = 0;
        u.body.front = u.spec.startFront;
        u.body.offset = u.spec.startOffset;
        reshape(g, u);
      }
      expect(chargeTarget(g, cav) === bn.spec.index, `hedge ${hedge}`).toBe(!hedge);
      expect(chargeThreat(g, bn, 0), `hedge ${hedge}`).toBe(!hedge);
    }
  });

  it('p23: blown cavalry has no formation, so it is no formed unit: it makes no cavalry out of command aggressive (p4), and under nagb.blownCavalry chargedFormed it blows no charger', () => {
    const s = duel(
      [{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 16, offset: 0 }],
      [{ id: 'Hus', arm: 'cavalry', figures: 16, cavalryType: 'light', front: 26, offset: 0 }],
      {},
      [{ preset: 'column-assault', recall: false }, 'hold-and-volley'],
    );
    const cp = compiled(s, { 'nagb.blownCavalry': 'chargedFormed' });
    play(cp, 'unformed', 0);
    const g = cp.game;
    const [c, h] = g.units;
    const reset = (blown: boolean) => {
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, loaded: true, moved: false, charged: false, fought: false, fired: false, shaken: false, jubilant: 0, colours: true, blown: false, chargeCount: 0 });
        u.body.front = u.spec.startFront;
        u.body.offset = u.spec.startOffset;
        reshape(g, u);
      }
      h.blown = blown;
      clear(g.contacts);
    };
    // p4: out of command (the brigadier far away), cavalry must charge any formed enemy within 12".
    g.cmdX[c.spec.brigade] = -100;
    for (const blown of [false, true]) {
      reset(blown);
      markAggressive(g);
      expect(c.aggressive, `enemy blown: ${blown}`).toBe(!blown);
    }
    // p23 (chargedFormed): a charger is blown after a melee with a formed unit, not with blown cavalry.
    const blownAfter = { formed: 0, blown: 0 };
    let fought = 0;
    for (let i = 0; i < 30; i++) {
      for (const blown of [false, true]) {
        reset(blown);
        g.useDice(EngagementDice.for('unformed', 'test', i));
        playCharge(g, c, h, false, 'stand');
        if (g.contacts.length === 0) continue;
        closeCombatPhase(g);
        if (c.removed || c.state === 2) continue;
        if (!blown) fought++;
        if (c.blown) blownAfter[blown ? 'blown' : 'formed']++;
      }
    }
    expect(fought).toBeGreaterThan(10);
    expect(blownAfter.formed).toBe(fought);
    expect(blownAfter.blown).toBe(0);
  });

  it('p4, p5, p22: aggressive cavalry\'s compelled charge is at the formed enemy that made it aggressive: out of command any formed enemy within 12" (cavalry too), which a Prussian tests not to charge; in command formed infantry within 8", a disordered battalion being formed', () => {
    // Run chargeStep 200 times on fresh dice from the same setting; count the hussars' tests and charges.
    const run = (enemy: Record<string, unknown>, cmdX: number, doctrine: string, disordered: boolean, between?: (g: Game) => void) => {
      const s = duel([enemy], [{ id: 'Hus', arm: 'cavalry', figures: 16, cavalryType: 'light', front: 26, offset: 0 }], {}, ['column-assault', doctrine]);
      const cp = compiled(s);
      play(cp, 'aggressive', 0);
      const g = cp.game;
      const h = g.units[1];
      const n = { aggressive: 0, tests: 0, failed: 0, declared: 0 };
      for (let i = 0; i < 200; i++) {
        standAtStart(g);
        g.units[0].state = disordered ? 1 : 0;
        clear(g.contacts);
        g.cmdX[h.spec.brigade] = cmdX;
        g.cmdY[h.spec.brigade] = 0;
        // No pips: any charge declared is the compelled one (p22: it costs none).
        g.pips[h.spec.brigade] = 0;
        g.useDice(EngagementDice.for('aggressive', 'test', i));
        const ev: Ev[] = [];
        g.sink = (x) => ev.push(x as Ev);
        markAggressive(g);
        if (h.aggressive) n.aggressive++;
        // What happens between the turn's start and the charge step (the command and movement phases).
        between?.(g);
        chargeStep(g, 1, false);
        g.sink = undefined;
        const checks = ev.filter((x) => x.type === 'check' && x.unit === 'Hus' && x.purpose === 'charge');
        n.tests += checks.length;
        n.failed += checks.filter((x) => !x.passed).length;
        if (ev.some((x) => x.type === 'declare' && x.unit === 'Hus' && x.aggressive)) n.declared++;
      }
      return n;
    };
    // p4, p5: out of command (the brigadier 100" away), 10" from formed cuirassiers; the defending doctrine
    // would not charge by choice, so the Prussians test to hold back and charge exactly when they fail.
    const cuir = { id: 'E', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 16, offset: 0 };
    const out = run(cuir, 100, 'hold-and-volley', false);
    expect(out.aggressive).toBe(200);
    expect(out.tests).toBe(200);
    expect(out.declared).toBe(out.failed);
    // Ld 8 fails on 9+ on 2d6: 10/36 (within 4 standard errors of 200 draws).
    expect(Math.abs(out.failed - 200 * (10 / 36))).toBeLessThan(4 * Math.sqrt(200 * (10 / 36) * (26 / 36)));
    // p22: in command (the brigadier beside them), 7" from a disordered line: formed, so charged, free.
    const disorderedLine = { id: 'E', formation: 'line', front: 19, offset: 0 };
    const inCmd = run(disorderedLine, 28, 'random-legal', true);
    expect(inCmd.aggressive).toBe(200);
    expect(inCmd.tests).toBe(0);
    expect(inCmd.declared).toBe(200);
    // p22: the compulsion is the turn's start's. A line 7" off as the turn began and 9" off at the charge
    // step is still charged, free; cavalry out of command as the turn began still takes p5's test (and
    // charges when it fails it) though its brigadier has ridden up since.
    const steppedBack = run(disorderedLine, 28, 'hold-and-volley', false, (g) => {
      g.units[0].body.front = 17;
      reshape(g, g.units[0]);
    });
    expect([steppedBack.aggressive, steppedBack.tests, steppedBack.declared]).toEqual([200, 0, 200]);
    const rodeUp = run(cuir, 100, 'hold-and-volley', false, (g) => (g.cmdX[g.units[1].spec.brigade] = 28));
    expect(rodeUp.tests).toBe(200);
    expect(rodeUp.declared).toBe(rodeUp.failed);
    expect(rodeUp.declared).toBeGreaterThan(0);
  });

  it('p6, p23 (nagb.recallRide): a recall never carries the regiment off the table under throughFriends or withinTable (random-legal play of scenario C recalls near its edge); under fullRoll it may, and is lost', () => {
    const { scenario } = loadScenario('sims/nagb/common-c-cavalry.scenario.yaml');
    const s = scenario as unknown as LaneScenario;
    const random = { ...s, sides: s.sides.map((side) => ({ ...side, doctrine: 'random-legal' })) } as LaneScenario;
    const rides = (value: string) => {
      const c = compiled(random, { ...(scenario.options ?? {}), 'nagb.recallRide': value });
      let recalls = 0, off = 0;
      for (let i = 0; i < 150; i++) {
        const events: Ev[] = [];
        play(c, 'recall-ride', i, events);
        events.forEach((e, k) => {
          if (e.type !== 'retreat' || e.why !== 'recalled') return;
          recalls++;
          if (events.slice(k + 1, k + 3).some((x) => x.type === 'removed' && x.why === 'offTable')) off++;
        });
      }
      return { recalls, off };
    };
    for (const value of ['throughFriends', 'withinTable']) {
      const within = rides(value);
      expect(within.recalls).toBeGreaterThan(10);
      expect(within.off).toBe(0);
    }
    expect(rides('fullRoll').off).toBeGreaterThan(0);
  });

  it('p23 (nagb.recallRide withinTable): a regiment recalled in the rally phase stops short of a friend behind it; under fullRoll it is pushed past', () => {
    const cav = (id: string, front: number) => ({ id, arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front, offset: 0 });
    const after = (value: string, i: number) => {
      // Bn 10" before the cuirassiers (unsafe: within 12"), Back 1" behind them; 26" of table behind (more than a 3d6).
      const cp = compiled(duel([cav('Cuir', 30), cav('Back', 25)], [line('Bn', 40, 0)], {}, [{ preset: 'column-assault', rallyRecall: true }, 'hold-and-volley']), { 'nagb.recallRide': value });
      play(cp, 'recall-friend', 0);
      const g = cp.game;
      const [c, back] = blownAtStart(g, 'recall-friend', i);
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      rallyPhase(g);
      g.sink = undefined;
      const recalled = events.some((e) => e.type === 'check' && e.purpose === 'recall' && e.unit === 'Cuir' && e.passed);
      return { recalled, front: c.body.front, backFront: back.body.front };
    };
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      const w = after('withinTable', i);
      if (!w.recalled) continue;
      seen++;
      // The cuirassiers are 4" deep (two ranks of 2"): their rear stops short of Back's front at 25.
      expect(w.backFront).toBe(25);
      expect(w.front - 4).toBeGreaterThan(25);
      expect(w.front - 4).toBeLessThan(25.02);
      // The whole roll carries them onto Back's ground (21-25), and they are pushed on past it.
      const f = after('fullRoll', i);
      expect(f.front).toBeLessThan(21 + 1e-9);
    }
    expect(seen).toBeGreaterThan(3);
  });

  it('p28 (nagb.routerGap): a router meeting friends flows through a gap of a base width among them (nobody tests) under reached; under inPath only a gap within its own path counts; under none each friend it crosses tests', () => {
    // The router in line (24 figures, 12 files: 9.6" wide, over -4.8 to 4.8), two lines (9.6" wide) 8.4" behind it.
    const bursts = (left: number, right: number, value: string) => {
      const cp = compiled(duel([line('R', 30, 0), line('F1', 20, left), line('F2', 20, right)], [line('Bn', 46, 0)]), { 'nagb.routerGap': value });
      play(cp, 'router-gap', 0);
      const g = cp.game;
      standAtStart(g);
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      rout(g, g.units[0], 15);
      g.sink = undefined;
      expect(g.units[0].body.front).toBeCloseTo(15, 9);
      return events.filter((e) => e.type === 'check' && e.purpose === 'burstThrough').map((e) => e.unit).sort();
    };
    // F1 over -6.8 to 2.8, F2 over 6.2 to 15.8: a 3.4" gap (a foot base is 3.2"), 2" of it within the router's path.
    expect(bursts(-2, 11, 'reached')).toEqual([]);
    expect(bursts(-2, 11, 'inPath')).toEqual(['F1']);
    expect(bursts(-2, 11, 'none')).toEqual(['F1']);
    // F2 over 5.2 to 14.8: a 2.4" gap, too narrow: F1 is burst through under every value.
    expect(bursts(-2, 10, 'reached')).toEqual(['F1']);
    // F1 over -14.2 to -4.6 and F2 over 4.6 to 14.2: 9.2" open within the path; under none both are crossed (0.2" each).
    expect(bursts(-9.4, 9.4, 'inPath')).toEqual([]);
    expect(bursts(-9.4, 9.4, 'none')).toEqual(['F1', 'F2']);
    // p28, p15: F1 squarely behind (-4.8 to 4.8, the router's own width), F2 over 10.2 to 19.8: the 5.4" gap
    // beside F1 meets the router's path at its edge, so it flows around F1 under reached.
    expect(bursts(0, 15, 'reached')).toEqual([]);
    expect(bursts(0, 15, 'inPath')).toEqual(['F1']);
    expect(bursts(0, 15, 'none')).toEqual(['F1']);
  });

  it('p15, p28 (nagb.breakTestsPerPhase): a melee loser that took its break test takes no proximity test in the same phase under one (the default); under meleeAndProximity it takes both', () => {
    expect(DEFAULT_NAGB_OPTIONS.breakTestsPerPhase).toBe('one');
    // Per close-combat phase, the units that took a break test and then a proximity test.
    const doubled = (value: string, i: number) => {
      const ev: Ev[] = [];
      play(shipped('sims/nagb/common-b-open.scenario.yaml', { 'nagb.breakTestsPerPhase': value }), 'one-break-test', i, ev);
      const out: string[] = [];
      let tested = new Set<string>();
      let phase = 0;
      for (const e of ev) {
        if (e.type === 'phase') {
          phase++;
          tested = new Set();
        } else if (e.type === 'check' && e.purpose === 'breakTest') tested.add(e.unit as string);
        else if (e.type === 'check' && e.purpose === 'proximity' && tested.has(e.unit as string)) out.push(`${phase} ${e.unit}`);
      }
      return { out, ev };
    };
    let seen = 0;
    for (let i = 0; i < 40; i++) {
      const both = doubled('meleeAndProximity', i);
      expect(doubled('one', i).out).toEqual([]);
      if (both.out.length === 0) continue;
      seen++;
      // The same engagement under one: identical up to that phase's proximity tests, where the loser is passed over.
      const [phase, unit] = both.out[0].split(' ');
      const upTo = (ev: Ev[]) => {
        let p = 0;
        const k = ev.findIndex((e) => (e.type === 'phase' && ++p > Number(phase)) || (p === Number(phase) && e.type === 'check' && e.purpose === 'proximity'));
        return ev.slice(0, k);
      };
      const one = doubled('one', i).ev;
      expect(upTo(one)).toEqual(upTo(both.ev));
      let p = 0;
      const inPhase = one.filter((e) => (e.type === 'phase' ? ++p : p) === Number(phase) && e.type === 'check' && e.purpose === 'proximity');
      expect(inPhase.map((e) => e.unit)).not.toContain(unit);
    }
    expect(seen).toBeGreaterThan(2);
  });

  it('p23, p28 (nagb.recallRide throughFriends, the default): a regiment recalled in the rally phase rides its whole 3d6 through a friend behind it, which takes the burst-through test where no gap of a base width lets it pass (nagb.routerGap none; under reached, the default, the open ground beside the friend squarely behind it spares the test); a roll too short to clear the friend stops short of it', () => {
    for (const gap of ['none', 'reached']) {
      const cav = (id: string, front: number) => ({ id, arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front, offset: 0 });
      // Bn 10" before the cuirassiers (26-30; within 12": unsafe), Back 1" behind them (21-25); 26" of table behind (more than a 3d6).
      const cp = compiled(duel([cav('Cuir', 30), cav('Back', 25)], [line('Bn', 40, 0)], {}, [{ preset: 'column-assault', rallyRecall: true }, 'hold-and-volley']), { 'nagb.routerGap': gap });
      expect(cp.game.c.options.recallRide).toBe('throughFriends');
      play(cp, 'recall-through', 0);
      const g = cp.game;
      let through = 0, short = 0, failed = 0;
      for (let i = 0; i < 60; i++) {
        const [c, back] = blownAtStart(g, 'recall-through', i);
        const events: Ev[] = [];
        g.sink = (e) => events.push(e as Ev);
        rallyPhase(g);
        g.sink = undefined;
        const ride = events.find((e) => e.type === 'retreat' && e.why === 'recalled');
        const tests = events.filter((e) => e.type === 'check' && e.purpose === 'burstThrough');
        if (!ride) {
          expect(tests).toEqual([]);
          continue;
        }
        const d = ride.distance as number;
        expect(back.body.front).toBe(25);
        if (d > 1) {
          // Clear of Back (its rear 9" back would still stand on Back's 21-25): the whole roll, 10 to 18.
          through++;
          expect(Number.isInteger(d) && d >= 10 && d <= 18).toBe(true);
          expect(c.body.front).toBeCloseTo(30 - d, 9);
          // p23, p28: Back (-4 to 4, the regiment's own width) leaves open ground a base wide beside it.
          expect(tests.map((e) => e.unit)).toEqual(gap === 'none' ? ['Back'] : []);
          if (gap === 'none' && !tests[0].passed) {
            failed++;
            // p28: failing, one state down (good order to disordered) and no fire this turn.
            expect([back.state, back.noFire]).toEqual([1, true]);
          } else expect([back.state, back.noFire]).toEqual([0, false]);
        } else {
          // 3 to 9: it stops with its rear a hair short of Back's front, as withinTable plays.
          short++;
          expect(c.body.front - 4).toBeGreaterThan(25);
          expect(c.body.front - 4).toBeLessThan(25.02);
          expect(tests).toEqual([]);
        }
      }
      expect(through).toBeGreaterThan(3);
      expect(short).toBeGreaterThan(3);
      expect(failed > 0).toBe(gap === 'none');
    }
  });

  describe('p23: cavalry against cavalry, drawn or with nobody broken, breaks through (nagb.cavalryBreakThrough)', () => {
    const cuir = { id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 16, offset: 0 };
    // Hussars with carbines (p25, p40), which they may fire at the charging cuirassiers.
    const hus = { id: 'Hus', arm: 'cavalry', figures: 16, cavalryType: 'light', weapon: 'carbine', front: 26, offset: 0 };
    const noRecall: [unknown, unknown] = [{ preset: 'column-assault', recall: false }, { preset: 'hold-and-volley', recall: false }];
    /** Each melee of the duel with the events that follow it in its phase, over n engagements. */
    const melees = (options: Record<string, string>, doctrines = noRecall, n = 60, units: [Record<string, unknown>, Record<string, unknown>] = [cuir, hus]) => {
      const c = compiled(duel([units[0]], [units[1]], {}, doctrines), options);
      const out: { melee: Ev; after: Ev[]; before: Map<string, Ev> }[] = [];
      for (let i = 0; i < n; i++) {
        const events: Ev[] = [];
        play(c, 'break-through', i, events);
        const body = new Map<string, Ev>();
        events.forEach((e, k) => {
          if (e.type === 'body') body.set(e.unit, e);
          if (e.type !== 'melee') return;
          const rest = events.slice(k + 1);
          const next = rest.findIndex((x) => x.type === 'melee' || x.type === 'phase');
          out.push({ melee: e, after: next < 0 ? rest : rest.slice(0, next), before: new Map(body) });
        });
      }
      return out;
    };
    const lastBody = (after: Ev[], unit: string, before: Map<string, Ev>) => after.filter((e) => e.type === 'body' && e.unit === unit).pop() ?? before.get(unit)!;

    it('p22-23, fromContact: both ride their 2d6 straight on through each other from the point of contact; they end clear, back to back, facing as they fought; nobody falls back; a draw and the beaten unit are disordered, the charger blown', () => {
      const through = melees({}).filter((m) => m.melee.breakThrough);
      expect(through.length).toBeGreaterThan(10);
      let draws = 0;
      for (const { melee, after, before } of through) {
        expect(['draw', 'aFallsBack', 'bFallsBack']).toContain(melee.ending);
        expect(after.some((e) => e.type === 'retreat')).toBe(false);
        const rides = after.filter((e) => e.type === 'breakThrough');
        expect(rides.map((e) => e.unit).sort()).toEqual(['Cuir', 'Hus']);
        const [c, h] = ['Cuir', 'Hus'].map((u) => rides.find((e) => e.unit === u)!);
        expect([c.through, h.through]).toEqual(['Hus', 'Cuir']);
        // Two lines 4" deep: the rolls as they fell, or both on by half of what they lack of 8".
        const short = Math.max(0, 8 - c.roll - h.roll) / 2;
        expect(c.distance).toBeCloseTo(c.roll + short, 9);
        expect(h.distance).toBeCloseTo(h.roll + short, 9);
        const [bc, bh] = [lastBody(after, 'Cuir', before), lastBody(after, 'Hus', before)];
        expect([bc.facing, bh.facing]).toEqual([1, -1]);
        // The cuirassiers (facing up the lane) now stand beyond the hussars, rear to rear and clear.
        expect(bc.front - bc.depth).toBeGreaterThanOrEqual(bh.front + bh.depth - 1e-9);
        const to = (u: string) => after.filter((e) => e.type === 'cohesion' && e.unit === u).map((e) => e.to);
        expect(to('Cuir')).toContain('blown');
        if (melee.ending === 'draw') {
          draws++;
          expect(to('Hus')[0]).toBe('disordered');
        }
        if (melee.ending === 'bFallsBack') expect(to('Hus')[0]).toBe('disordered');
        if (melee.ending === 'aFallsBack') expect(to('Hus')).not.toContain('disordered');
      }
      expect(draws).toBeGreaterThan(0);
    });

    it('p22-23: a rider still in good order tests for the terrain its ride crossed at the charge\'s pace (light woods -4); disordered riders do not; each ride counts in breakThroughs', () => {
      // Veteran hussars charge elite dragoons (no ferocious charge: a beaten heavy unit may hold) with a wood behind them.
      const hussars = { id: 'Hus', arm: 'cavalry', figures: 16, cavalryType: 'light', front: 16, offset: 0, class: 'veteran' };
      const dragoons = { id: 'Drag', arm: 'cavalry', figures: 12, cavalryType: 'heavy', front: 26, offset: 0, class: 'elite' };
      const c = compiled(duel([hussars], [dragoons], { terrain: [{ kind: 'lightWoods', name: 'wood', from: 31, to: 40 }] }, noRecall));
      let tested = 0;
      let rides = 0;
      let counted = 0;
      for (let i = 0; i < 100; i++) {
        const events: Ev[] = [];
        const r = play(c, 'break-through-woods', i, events);
        counted += (r.extras['breakThroughs.0'] ?? 0) + (r.extras['breakThroughs.1'] ?? 0);
        let melee: Ev | null = null;
        for (const e of events) {
          if (e.type === 'melee') melee = e;
          else if (e.type === 'phase') melee = null;
          if (e.type === 'breakThrough') rides++;
          if (!melee?.breakThrough || e.type !== 'check' || e.purpose !== 'terrainDisorder') continue;
          tested++;
          // Only the winning hussars, in good order, ride into the wood (the beaten dragoons ride back over
          // open ground, disordered), at Ld 9 - 4.
          expect([e.unit, melee.ending, e.target]).toEqual(['Hus', 'bFallsBack', 5]);
        }
      }
      expect(tested).toBeGreaterThan(10);
      expect(rides).toBeGreaterThan(tested);
      expect(counted).toBe(rides);
      // On open ground, no test after a break-through.
      const open = melees({}).filter((m) => m.melee.breakThrough);
      expect(open.length).toBeGreaterThan(0);
      expect(open.some((m) => m.after.some((e) => e.type === 'check' && e.purpose === 'terrainDisorder'))).toBe(false);
    });

    it('p23, beyondEnemy: each rides through the whole depth of the other and its 2d6 beyond', () => {
      const through = melees({ 'nagb.cavalryBreakThrough': 'beyondEnemy' }).filter((m) => m.melee.breakThrough);
      expect(through.length).toBeGreaterThan(10);
      for (const { after } of through) {
        for (const e of after.filter((x) => x.type === 'breakThrough')) expect(e.distance).toBeCloseTo(e.roll + 4, 9);
      }
    });

    it('nagb.cavalryBreakThrough off: as before p23 was played, a draw falls back d6 on both sides and the beaten unit falls back; nobody rides through', () => {
      const all = melees({ 'nagb.cavalryBreakThrough': 'off' });
      expect(all.every((m) => !m.melee.breakThrough && !m.after.some((e) => e.type === 'breakThrough'))).toBe(true);
      const draws = all.filter((m) => m.melee.ending === 'draw');
      expect(draws.length).toBeGreaterThan(0);
      for (const { after } of draws) expect(after.filter((e) => e.type === 'retreat' && e.why === 'drawn melee').map((e) => e.units[0]).sort()).toEqual(['Cuir', 'Hus']);
    });

    it('p23: a unit may be recalled instead (a pip and its test, the winner less its margin): it falls back 3d6 in good order and is not blown after a first charge; the other breaks through and stops 1" short of it', () => {
      const recalls = melees({}, [{ preset: 'column-assault', recall: false }, { preset: 'hold-and-volley', recall: true }], 120).filter(
        (m) => m.melee.breakThrough && m.after.some((e) => e.type === 'retreat' && e.why === 'recalled'),
      );
      expect(recalls.length).toBeGreaterThan(0);
      for (const { after, before } of recalls) {
        // (A recall of 3d6 may carry the hussars off the table: then there is nothing to stop short of.)
        if (after.some((e) => e.type === 'removed' && e.unit === 'Hus')) continue;
        const rides = after.filter((e) => e.type === 'breakThrough');
        expect(rides.map((e) => e.unit)).toEqual(['Cuir']);
        const bc = lastBody(after, 'Cuir', before);
        const bh = lastBody(after, 'Hus', before);
        // The hussars face down the lane: their front is the end nearest the cuirassiers.
        expect(bh.front - bc.front).toBeGreaterThanOrEqual(1 - 1e-9);
        expect(after.some((e) => e.type === 'cohesion' && e.unit === 'Hus' && e.to === 'blown')).toBe(false);
      }
    });

    it('p23, rulings 6: a ride that reaches the end of the lane leaves the table (removed, as any move off it)', () => {
      const far = { ...hus, front: 43 };
      const near = { ...cuir, front: 34 };
      const off = melees({}, noRecall, 80, [near, far]).filter((m) => m.melee.breakThrough && m.after.some((e) => e.type === 'breakThrough' && e.unit === 'Cuir'));
      expect(off.length).toBeGreaterThan(0);
      let gone = 0;
      for (const { after, before } of off) {
        const [c, h] = ['Cuir', 'Hus'].map((u) => after.find((e) => e.type === 'breakThrough' && e.unit === u)!);
        const removed = after.some((e) => e.type === 'removed' && e.unit === 'Cuir' && e.why === 'offTable');
        // On a 48" lane: a ride carrying the front beyond 48" leaves it (the front told where it went off).
        const ride = h ? c.roll + Math.max(0, 8 - c.roll - h.roll) / 2 : c.roll;
        const contact = before.get('Cuir')!.front;
        expect(removed).toBe(contact + ride > 48 + 1e-9);
        if (removed) {
          gone++;
          expect(contact + c.distance).toBeCloseTo(48, 9);
        }
      }
      expect(gone).toBeGreaterThan(0);
    });

    it('p23, rulings 6: random-legal play of cavalry against cavalry (lines, deep columns, friends beyond) keeps every unit on its own ground under every reading', () => {
      const cav = (id: string, front: number, offset: number, extra: Record<string, unknown> = {}) => ({ id, arm: 'cavalry', figures: 16, front, offset, ...extra });
      const s = duel(
        [cav('A1', 24, -5, { formation: 'column' }), cav('A2', 20, 5), line('Inf', 6, 0)],
        [cav('B1', 28, -5), cav('B2', 34, 5, { formation: 'column', cavalryType: 'light' }), line('BInf', 46, 0)],
        {},
        ['random-legal', 'random-legal'],
      );
      for (const reading of ['fromContact', 'beyondEnemy', 'off']) {
        const c = compiled(s, { 'nagb.cavalryBreakThrough': reading });
        let rides = 0;
        for (let i = 0; i < 200; i++) {
          const events: Ev[] = [];
          play(c, 'random-break-through', i, events);
          rides += events.filter((e) => e.type === 'breakThrough').length;
        }
        if (reading === 'off') expect(rides).toBe(0);
        else expect(rides).toBeGreaterThan(20);
      }
    });
  });

  it('p25, p40: cavalry fires only the carbines or pistols its scenario gives it: given none (the default) it never fires, nor stands and shoots or fires and flees when charged, under any doctrine; given carbines or pistols it does', () => {
    const cav = (id: string, front: number, type: string, weapon?: string) => ({ id, arm: 'cavalry', figures: 16, cavalryType: type, front, offset: 0, ...(weapon ? { weapon } : {}) });
    const tally = (weapon: string | undefined, doctrines: [unknown, unknown]) => {
      const c = compiled(duel([cav('Cuir', 16, 'cuirassier', weapon)], [cav('Hus', 26, 'light', weapon)], {}, doctrines));
      let fired = 0, shot = 0, charged = 0;
      for (let i = 0; i < 60; i++) {
        const events: Ev[] = [];
        play(c, 'small-arms', i, events);
        fired += events.filter((e) => e.type === 'fire').length;
        for (const e of events.filter((x) => x.type === 'declare')) {
          charged++;
          if (e.reaction === 'standAndShoot' || e.reaction === 'fireAndFlee') shot++;
        }
      }
      return { fired, shot, charged };
    };
    for (const doctrines of [['column-assault', 'hold-and-volley'], ['random-legal', 'random-legal']] as [unknown, unknown][]) {
      const none = tally(undefined, doctrines);
      expect(none.charged).toBeGreaterThan(20);
      expect([none.fired, none.shot]).toEqual([0, 0]);
    }
    const carbines = tally('carbine', ['column-assault', 'hold-and-volley']);
    expect(carbines.fired).toBeGreaterThan(0);
    expect(carbines.shot).toBeGreaterThan(20);
    expect(tally('pistol', ['column-assault', 'hold-and-volley']).shot).toBeGreaterThan(20);
  });

  it('p2, p23: in the rally phase a disordered battalion tests, blown cavalry does not (once blown it recovers by its tally)', () => {
    const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }], [line('Bn', 26, 0)]));
    play(cp, 'rally', 0);
    const g = cp.game;
    const [cav, bn] = g.units;
    for (const u of g.units) Object.assign(u, { removed: false, state: 1, figures: u.spec.startFigures, silenced: false, shaken: false, blown: false, jubilant: 0 });
    cav.blown = true;
    cav.recovery = 4;
    const events: Ev[] = [];
    g.sink = (e) => events.push(e as Ev);
    rallyPhase(g);
    const tested = events.filter((e) => e.type === 'check' && e.purpose === 'rally').map((e) => e.unit as string);
    expect(tested).toEqual(['Bn']);
    expect([cav.state, cav.blown, cav.recovery]).toEqual([1, true, 4]);
    // A blown unit that is also broken still rallies from broken (p2: fleeing troops rally up one level).
    Object.assign(cav, { state: 2 });
    Object.assign(bn, { state: 0 });
    events.length = 0;
    rallyPhase(g);
    expect(events.filter((e) => e.type === 'check').map((e) => e.unit as string)).toEqual(['Cuir']);
  });

  it('p23 (nagb.recoveryReset): blown cavalry hit by small arms or artillery loses its recovery tally even when the hit kills nobody (a die\'s roll to hit, p10, p20; a ball or shell that struck it, p20-21); under firedOn (rulings 3.8) any fire at it does, every die missing; under casualty only a casualty', () => {
    const shoot = (firer: Record<string, unknown>, value: string, i: number) => {
      const cp = compiled(
        duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }], [firer], {}, ['column-assault', { preset: 'hold-and-volley', holdFire: false, volleyWithin: 0 }]),
        { 'nagb.recoveryReset': value },
      );
      play(cp, 'recovery-hit', 0);
      const g = cp.game;
      standAtStart(g);
      const [cav, f] = g.units;
      Object.assign(f, { pips: 3, silenced: false, guns: f.spec.guns.length });
      Object.assign(cav, { blown: true, recovery: 6 });
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      g.useDice(EngagementDice.for('recovery-hit', 'test', i));
      firePhase(g, 0);
      g.sink = undefined;
      const e = events.find((x) => x.type === 'fire' && x.units[0] === f.spec.id);
      return { hits: e?.hits ?? 0, kills: e?.kills ?? 0, recovery: cav.recovery, kind: e?.kind, distance: e?.distance };
    };
    // A battalion 6" off (musket long range) and a battery of three mediums 20" off (ball).
    const bn = line('Bn', 26, 0);
    const bty = { id: 'Bty', arm: 'artillery', class: 'line', guns: ['medium', 'medium', 'medium'], front: 40, offset: 0 };
    let missed = 0;
    let hitNoKill = 0;
    let killed = 0;
    for (let i = 0; i < 40; i++) {
      const hit = shoot(bn, 'hit', i);
      const cas = shoot(bn, 'casualty', i);
      const fired = shoot(bn, 'firedOn', i);
      // The same dice: the same hits and kills under every value; fired on, the tally is lost whatever the dice.
      expect([cas.hits, cas.kills]).toEqual([hit.hits, hit.kills]);
      expect([fired.hits, fired.kills, fired.kind, fired.recovery]).toEqual([hit.hits, hit.kills, 'musket', 0]);
      if (hit.hits === 0) {
        missed++;
        expect([hit.recovery, cas.recovery]).toEqual([6, 6]);
      } else if (hit.kills === 0) {
        hitNoKill++;
        expect([hit.recovery, cas.recovery]).toEqual([0, 6]);
      } else {
        killed++;
        expect([hit.recovery, cas.recovery]).toEqual([0, 0]);
      }
    }
    expect(missed).toBeGreaterThan(0);
    expect(hitNoKill).toBeGreaterThan(0);
    expect(killed).toBeGreaterThan(0);
    // A battery's fire (its event counts kills, not hits), 200 sets of dice: fire that struck and killed
    // nobody resets the tally under hit alone, fire that missed under neither; under firedOn every shot
    // resets it. Counts the dice sets of each kind that killed nobody.
    const gunFire = (firer: Record<string, unknown>, kind: string, distance: number) => {
      const n = { missed: 0, struckNoKill: 0 };
      for (let i = 0; i < 200; i++) {
        const h = shoot(firer, 'hit', i);
        const c = shoot(firer, 'casualty', i);
        const f = shoot(firer, 'firedOn', i);
        expect([h.kind, h.distance]).toEqual([kind, distance]);
        expect(c.kills).toBe(h.kills);
        expect([f.kills, f.recovery]).toEqual([h.kills, 0]);
        if (h.kills > 0) expect([h.recovery, c.recovery]).toEqual([0, 0]);
        else {
          expect(c.recovery).toBe(6);
          if (h.recovery === 0) n.struckNoKill++;
          else n.missed++;
        }
      }
      return n;
    };
    // Ball: struck is a hit, or a near miss onto its figures, killing nobody along its line.
    const ball = gunFire(bty, 'ball', 20);
    // Canister (p20, resolved as musketry: a die that hit is a hit): one light gun 8" off, 5 shots at 4+,
    // each hit killing on 3+.
    const canister = gunFire({ id: 'Bty', arm: 'artillery', class: 'line', guns: ['light'], front: 28, offset: 0 }, 'canister', 8);
    for (const n of [ball, canister]) expect([n.missed > 0, n.struckNoKill > 0]).toEqual([true, true]);
  });

  it('p2, p23: blown cavalry with an enemy within 12" is recalled in the rally phase for a pip (rallyRecall): a test at Ld 8 - 1; passing, it falls back 3d6, stays blown and has moved (no recovery this turn); not when safe, without a spare pip, with too little room behind, or under rallyRecall false', () => {
    const setUp = (doctrine: unknown, front: number, pips: number, gap = 10) => {
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 20, offset: 0 }], [line('Bn', 36, 0)], {}, [doctrine, 'hold-and-volley']));
      play(cp, 'rally-recall', 0);
      const g = cp.game;
      const [cav, bn] = g.units;
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, silenced: false, shaken: false, blown: false, jubilant: 0, moved: false, sector: -1 });
        u.body.front = u.spec.startFront;
        u.body.offset = 0;
        reshape(g, u);
      }
      g.gone.fill(0);
      Object.assign(cav, { blown: true, recovery: 0 });
      cav.body.front = front;
      reshape(g, cav);
      // The battalion (facing down the lane, its front its near edge) `gap` inches from the cuirassiers' front.
      bn.body.front = front + gap;
      reshape(g, bn);
      g.pips[0] = pips;
      g.unhorsed[0] = 0;
      return { g, cav, bn };
    };
    const rally = (g: ReturnType<typeof setUp>['g'], i: number) => {
      const events: Ev[] = [];
      g.useDice(EngagementDice.for('rally-recall', 'test', i));
      g.sink = (e) => events.push(e as Ev);
      rallyPhase(g);
      g.sink = undefined;
      return events;
    };
    let passed = 0;
    let failed = 0;
    for (let i = 0; i < 40; i++) {
      // 10" from the battalion, 26" of lane behind their front.
      const { g, cav } = setUp('column-assault', 26, 3);
      const events = rally(g, i);
      expect(events.filter((e) => e.type === 'order').map((e) => [e.unit, e.order, e.pips])).toEqual([['Cuir', 'recall', 1]]);
      const check = events.find((e) => e.type === 'check' && e.purpose === 'recall')!;
      expect(check.target).toBe(7 + (check.influence ? 1 : 0));
      const back = events.find((e) => e.type === 'retreat');
      expect(cav.blown).toBe(true);
      if (check.passed) {
        passed++;
        expect([back?.why, back?.forced]).toEqual(['recalled', false]);
        expect(back!.distance).toBeGreaterThanOrEqual(3);
        expect(back!.distance).toBeLessThanOrEqual(18);
        expect(cav.body.front).toBeCloseTo(26 - back!.distance, 9);
        expect(cav.moved).toBe(true);
      } else {
        failed++;
        expect(back).toBeUndefined();
        expect([cav.body.front, cav.moved]).toEqual([26, false]);
      }
    }
    expect(passed).toBeGreaterThan(10);
    expect(failed).toBeGreaterThan(3);
    const none = (doctrine: unknown, front: number, pips: number, gap = 10) => {
      const { g } = setUp(doctrine, front, pips, gap);
      return rally(g, 0).filter((e) => e.type === 'order' || (e.type === 'check' && e.purpose === 'recall'));
    };
    // Safe: 13" from the enemy (p23's safe spot, beyond 12"); 12" is not.
    expect(none('column-assault', 26, 3, 13)).toEqual([]);
    expect(none('column-assault', 26, 3, 12).length).toBeGreaterThan(0);
    // No pip beyond the one column-assault keeps back.
    expect(none('column-assault', 26, 1)).toEqual([]);
    // 3d6 could carry it off the table: its rear 18" or less from its edge.
    const { cav } = setUp('column-assault', 26, 3);
    const depth = cav.body.depth;
    expect(none('column-assault', 18 + depth, 3)).toEqual([]);
    expect(none('column-assault', 18.5 + depth, 3).length).toBeGreaterThan(0);
    expect(none({ preset: 'column-assault', rallyRecall: false }, 26, 3)).toEqual([]);
  });

  it('p30-31: a garrison in a village sector is never broken by shooting (disordered at worst)', () => {
    const c = shipped('sims/nagb/common-a-village.scenario.yaml');
    let failed = 0;
    for (let i = 0; i < 40; i++) {
      const events: Ev[] = [];
      play(c, 'vil', i, events);
      let phase = '';
      const left = new Set<string>();
      for (const e of events) {
        const unit = (e).unit ?? (e).units?.[0] ?? '';
        if (e.type === 'phase') phase = (e).phase;
        // Once out of its sector (falling back, fleeing) a garrison may break like any unit.
        if (e.type === 'retreat' || e.type === 'rout') {
          if (e.type === 'rout' && phase === 'fire' && !left.has(unit)) expect(['IR-12-I', 'IR-12-II']).not.toContain(unit);
          left.add(unit);
        }
        if (e.type === 'check' && phase === 'fire' && !left.has(unit) && unit.startsWith('IR-12') && !(e).passed) failed++;
      }
    }
    expect(failed).toBeGreaterThan(0);
  });

  it('p35, nagb.scenarioYear: French line foot is drilled in 1815 but not in 1813', () => {
    expect(shipped('sims/nagb/common-a-village.scenario.yaml').specs[0].drilled).toBe(true);
    expect(shipped('sims/nagb/common-a-village.scenario.yaml', { 'nagb.scenarioYear': 1813 }).specs[0].drilled).toBe(false);
  });

  it('p40 vs p38, nagb.veteranCavalryDrilled: veteran cavalry compiles undrilled by default, drilled under the option; a scenario\'s own drilled wins', () => {
    const s = duel(
      [{ id: 'V', arm: 'cavalry', class: 'veteran', front: 20, offset: 0 }, { id: 'W', arm: 'cavalry', class: 'veteran', front: 20, offset: 10, drilled: true }],
      [{ id: 'I', arm: 'infantry', class: 'veteran', front: 30, offset: 0 }],
    );
    expect(compiled(s).specs.map((u) => u.drilled)).toEqual([false, true, true]);
    expect(compiled(s, { 'nagb.veteranCavalryDrilled': true }).specs.map((u) => u.drilled)).toEqual([true, true, true]);
  });

  it('p8, p10 (nagb.squareWithoutVolley): a square charged volleys its face while in good order; disordered it does not fire (holdsFire), or stands and shoots without a volley (halfFace)', () => {
    const s = duel(
      [{ id: 'C', arm: 'cavalry', class: 'line', figures: 16, front: 20, offset: 0, cavalryType: 'cuirassier' }],
      [{ id: 'S', arm: 'infantry', class: 'militia', front: 30, offset: 0, formation: 'square', disordered: true }],
    );
    for (const [options, disorderedReaction] of [[{}, 'stand'], [{ 'nagb.squareWithoutVolley': 'halfFace' }, 'standAndShoot']] as const) {
      const seen = { good: 0, disordered: 0 };
      for (let i = 0; i < 40; i++) {
        const ev: Ev[] = [];
        play(compiled(s, options), 'square-fire', i, ev);
        let state = 'disordered';
        let formation = 'square';
        for (const e of ev) {
          if (e.type === 'cohesion' && e.unit === 'S') state = e.to;
          if (e.type === 'formation' && e.unit === 'S') formation = e.to;
          if (e.type !== 'charge' || e.target !== 'S' || formation !== 'square') continue;
          // (A square that fired at an earlier charge this turn is not loaded: it stands.)
          if (e.reaction === 'stand') continue;
          if (state === 'disordered') {
            seen.disordered++;
            expect(e.reaction).toBe(disorderedReaction);
            expect(e.volley).toBe(false);
          } else if (state === 'good') {
            seen.good++;
            // (Under halfFace a square low on ammunition also fires without a volley.)
            if (disorderedReaction === 'stand') expect(e.volley).toBe(true);
          }
        }
      }
      expect(seen.good).toBeGreaterThan(0);
      // Disordered, the square fires only under halfFace.
      if (disorderedReaction === 'stand') expect(seen.disordered).toBe(0);
      else expect(seen.disordered).toBeGreaterThan(0);
    }
  });

  it('p9, p23, nagb.blownRide toSafety: blown cavalry with a friend behind it stops short of the friend, never pushed on past it off the table or past safety', () => {
    const line = (id: string, front: number, offset: number) => ({ id, formation: 'line', front, offset });
    for (const friendFront of [3, 6]) {
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 14, offset: 0 }, line('Friend', friendFront, 0)], [line('Bn', 17, 0)]));
      play(cp, 'blown-friend', 0);
      const g = cp.game;
      for (let k = 0; k < 20; k++) {
        for (const u of g.units) {
          Object.assign(u, { removed: false, state: 0, blown: false, shaken: false, figures: u.spec.startFigures, formation: u.spec.startFormation, charged: false, fought: false, moved: false, fired: false });
          u.body.front = u.spec.startFront;
          u.body.offset = u.spec.startOffset;
          g.gone[u.spec.index] = 0;
          reshape(g, u);
        }
        g.units[0].blown = true;
        g.pips[0] = 0;
        movementPhase(g, 0);
        const [cuir, friend] = g.units;
        expect(cuir.removed, `friend at ${friendFront}, ride ${k}`).toBe(false);
        // Its rear (4" deep, at 10 to start) stays in front of the friend's front rank.
        expect(cuir.body.front - cuir.body.depth, `friend at ${friendFront}, ride ${k}`).toBeGreaterThanOrEqual(friend.body.front - 1e-9);
        // And rides no further than safety (9.01" here) would take it.
        expect(14 - cuir.body.front).toBeLessThanOrEqual(9.01 + 1e-9);
      }
    }
  });

  it('p9, p23, p28 (nagb.blownRide throughFriends): blown cavalry rides through a friend behind it when its 3d6 carries it wholly past, and the friend takes the burst-through test; a shorter roll stops short of the friend', () => {
    const line = (id: string, front: number, offset: number) => ({ id, formation: 'line', front, offset });
    // Cuir 10-14 (4" deep), Friend 4.4-6 (a 1.6"-deep line), Bn from 17: safe after 9.01" back, which stands on
    // Friend's ground (the rear 3.99" to 9.61" back does): a roll of 10 or more rides past it, 4 to 9 stops short.
    const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 14, offset: 0 }, line('Friend', 6, 0)], [line('Bn', 17, 0)]), { 'nagb.blownRide': 'throughFriends' });
    play(cp, 'blown-through', 0);
    const g = cp.game;
    let through = 0, short = 0, failed = 0;
    for (let k = 0; k < 60; k++) {
      standAtStart(g);
      g.units[0].blown = true;
      g.pips[0] = 0;
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      movementPhase(g, 0);
      g.sink = undefined;
      const [cuir, friend] = g.units;
      expect(friend.body.front).toBe(6);
      const tests = events.filter((e) => e.type === 'check' && e.purpose === 'burstThrough');
      const moved = 14 - cuir.body.front;
      expect(cuir.removed).toBe(false);
      if (moved > 9.5) {
        through++;
        // Its rear a hair past Friend's rear (4.4 - 0.01), not further: it wanted only safety.
        expect(moved).toBeCloseTo(9.61, 9);
        expect(tests.map((e) => e.unit)).toEqual(['Friend']);
        // p28: failing, one state down and no fire this turn.
        if (!tests[0].passed) {
          failed++;
          expect([friend.state, friend.noFire]).toEqual([1, true]);
        } else expect([friend.state, friend.noFire]).toEqual([0, false]);
      } else {
        short++;
        expect(moved === 3 || Math.abs(moved - 3.99) < 1e-9, String(moved)).toBe(true);
        expect(tests).toEqual([]);
      }
    }
    expect(through).toBeGreaterThan(20);
    expect(short).toBeGreaterThan(3);
    expect(failed).toBeGreaterThan(0);
  });

  it('p23, p28 (nagb.routerGap): blown cavalry riding past a friend that overlaps its path by a sliver spares it the burst-through test where a gap of a base width lets it pass, as a router would (reached, inPath); under none the friend tests', () => {
    const line = (id: string, front: number, offset: number) => ({ id, formation: 'line', front, offset });
    // Cuir over -4 to 4 (10-14), Friend over 3.9 to 13.5 (4.4-6): 7.9" open within the ride's path, a horse base 4".
    const ridesPast = (gap: string) => {
      const cp = compiled(duel([{ id: 'Cuir', arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', front: 14, offset: 0 }, line('Friend', 6, 8.7)], [line('Bn', 17, 0)]), { 'nagb.blownRide': 'throughFriends', 'nagb.routerGap': gap });
      play(cp, 'blown-gap', 0);
      const g = cp.game;
      let past = 0;
      const tested: string[] = [];
      for (let k = 0; k < 40; k++) {
        standAtStart(g);
        g.units[0].blown = true;
        g.pips[0] = 0;
        const events: Ev[] = [];
        g.sink = (e) => events.push(e as Ev);
        movementPhase(g, 0);
        g.sink = undefined;
        if (14 - g.units[0].body.front > 9.5) past++;
        for (const e of events) if (e.type === 'check' && e.purpose === 'burstThrough') tested.push(e.unit as string);
      }
      return { past, tested: tested.length, onlyFriend: tested.every((u) => u === 'Friend') };
    };
    const none = ridesPast('none');
    expect(none.past).toBeGreaterThan(10);
    expect(none).toEqual({ past: none.past, tested: none.past, onlyFriend: true });
    for (const gap of ['reached', 'inPath']) {
      const r = ridesPast(gap);
      expect(r.past).toBeGreaterThan(10);
      expect(r.tested).toBe(0);
    }
  });

  it('p19, p21: a battery in good order silenced by a failed shooting test is told so (a cohesion event to silenced), as one silenced by a brigade test is', () => {
    const line = (id: string, offset: number) => ({ id, formation: 'line', front: 22, offset, class: 'veteran' });
    const c = compiled(
      duel([line('L1', 0), line('L2', 12)], [{ id: 'Bty', arm: 'artillery', guns: ['light', 'light'], front: 26, offset: 0 }], {}, [{ preset: 'hold-and-volley', holdFire: false, volleyWithin: 0 }, 'hold-and-volley']),
    );
    let failed = 0;
    for (let i = 0; i < 120; i++) {
      const ev: Ev[] = [];
      play(c, 'silenced-by-fire', i, ev);
      ev.forEach((e, k) => {
        if (e.type !== 'check' || e.unit !== 'Bty' || e.passed || e.purpose !== 'shootingDisorder') return;
        failed++;
        const next = ev.slice(k + 1).find((x) => x.unit === 'Bty' && x.type === 'cohesion');
        expect(next?.to, `engagement ${i}`).toBe('silenced');
      });
    }
    expect(failed).toBeGreaterThan(0);
  });

  it('p23, p25, p27: blown cavalry counts as disordered, so its carbines fire at 6+ at short range (mounted -1, disordered -1) and hold fire at long range (7+)', () => {
    // From 10" and from 3" away (good-order cavalry closing from afar charges rather than stands at 3").
    // (No rally recalls: the engagements this test has always drawn, good-order carbines at short range among them.)
    const starts = [20, 27].map((front) =>
      compiled(
        duel(
          [{ id: 'C', arm: 'cavalry', class: 'line', figures: 16, front, offset: 0, cavalryType: 'light', weapon: 'carbine' }],
          [{ id: 'I', arm: 'infantry', class: 'conscripts', front: 30, offset: 0 }],
          {},
          [{ preset: 'column-assault', rallyRecall: false }, 'hold-and-volley'],
        ),
      ),
    );
    const needs = { blown: new Set<string>(), good: new Set<string>() };
    for (let i = 0; i < 240; i++) {
      const ev: Ev[] = [];
      play(starts[i % 2], 'blown-fire', i, ev);
      let state = 'good';
      for (const e of ev) {
        // (Jubilant is good order, p28: it fires as good order does.)
        if (e.type === 'cohesion' && e.unit === 'C') state = e.to === 'jubilant' ? 'good' : e.to;
        if (e.type !== 'fire' || e.units[0] !== 'C' || (state !== 'blown' && state !== 'good')) continue;
        // p10: carbine short 3", long 6".
        needs[state].add(`${e.distance <= 3 ? 'short' : 'long'} ${e.need}`);
      }
    }
    expect([...needs.blown]).toEqual(['short 6']);
    expect([...needs.good].sort()).toEqual(['long 6', 'short 5']);
  });

  it('p28 over rulings 3.4.3: cavalry that panics under fire runs 2d6, as any unit; beaten in hand to hand it runs 3d6 (p15)', () => {
    const s = duel(
      [{ id: 'C', arm: 'cavalry', class: 'conscripts', figures: 16, front: 20, offset: 0, disordered: true }],
      [{ id: 'I', arm: 'infantry', class: 'veteran', front: 26, offset: 0 }],
      {},
      ['hold-and-volley', 'hold-and-volley'],
    );
    const flights: Record<string, number[]> = { fire: [], closeCombat: [] };
    for (let i = 0; i < 100; i++) {
      const ev: Ev[] = [];
      play(compiled(s), 'panic', i, ev);
      let phase = '';
      for (const e of ev) {
        if (e.type === 'phase') phase = e.phase;
        if (e.type === 'rout' && e.unit === 'C' && phase in flights) flights[phase].push(e.distance);
      }
    }
    expect(flights.fire.length).toBeGreaterThan(10);
    expect(Math.max(...flights.fire)).toBeLessThanOrEqual(12);
    expect(Math.min(...flights.fire)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...flights.closeCombat)).toBeGreaterThan(12);
  });

  it('p35 (nagb.russianArtillery): a Russian battery before 1812 fires needing one less; from 1812, or French, as the table', () => {
    const s = (nation: string) => laneScenario({
      lane: { length: 48, width: 40 },
      objective: { x: 33, y: 0 },
      sides: [
        { name: 'A', role: 'attacker', nation, doctrine: 'column-assault', brigades: [{ id: 'BA', units: [{ id: 'Bty', arm: 'artillery', guns: ['medium', 'medium'], front: 10, offset: 0 }] }] },
        { name: 'B', role: 'defender', nation: 'prussian', army: 'laterPrussian', doctrine: 'hold-and-volley', brigades: [{ id: 'BB', units: [{ id: 'I', arm: 'infantry', class: 'line', front: 30, offset: 0 }] }] },
      ],
    });
    // Ball at 20": long range for medium guns (18" short), unlimbered and unmoved: 4+ and -1 = 5+.
    const needs = (nation: string, options: Record<string, string | number | boolean>) => {
      const seen = new Set<number>();
      for (let i = 0; i < 5; i++) {
        const ev: Ev[] = [];
        play(compiled(s(nation), options), 'russian-guns', i, ev);
        for (const e of ev) if (e.type === 'fire' && e.units[0] === 'Bty' && e.kind === 'ball' && e.distance > 18) seen.add(e.need);
      }
      return [...seen];
    };
    expect(needs('russian', { 'nagb.scenarioYear': 1807 })).toEqual([4]);
    expect(needs('russian', { 'nagb.scenarioYear': 1807, 'nagb.russianArtillery': 'harder' })).toEqual([6]);
    expect(needs('russian', { 'nagb.scenarioYear': 1812 })).toEqual([5]);
    expect(needs('french', { 'nagb.scenarioYear': 1807 })).toEqual([5]);
  });

  it("p20-21: a battery firing canister and a howitzer's shell at the same score is told as firing canister and shell, gun by gun (1 medium canister with its dice, 1 howitzer shell), not as canister dice alone", () => {
    // A medium and a howitzer 10" from the battalion: the medium's canister (6 dice), the howitzer's shell, both at 4+.
    const c = compiled(duel([{ id: 'Bty', arm: 'artillery', class: 'line', guns: ['medium', 'howitzer'], front: 10, offset: 0 }], [line('Bn', 20, 0)]));
    let seen = 0;
    for (let i = 0; i < 3; i++) {
      const ev: Ev[] = [];
      const r = play(c, 'mixed-ammo', i, ev);
      const shots = ev.filter((e) => e.type === 'fire' && e.units[0] === 'Bty' && e.kind === 'canister' && e.distance === 10);
      for (const e of shots) {
        seen++;
        expect(e.guns).toEqual([
          { gun: 'medium', ammo: 'canister', dice: 6, need: 4 },
          { gun: 'howitzer', ammo: 'shell', dice: 1, need: 4 },
        ]);
      }
      const story = narrate(ev as unknown as NagbEvent[], subjectOf(c, 'mixed-ammo'), r).lines.map((l) => l.text);
      // The head names both ammunitions; the breakdown tells each gun.
      const told = story.filter((t) => t.startsWith('Bty fires canister and shell at Bn, 10" away'));
      expect(told.length).toBe(shots.length);
      for (const t of told) expect(t).toContain('7 dice (1 medium canister (6 dice) at 4+, 1 howitzer shell at 4+)');
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("p19-21: a battery's fire event tells each gun's ammunition and score (a heavy's ball at short range 4+, a medium's at long 5+), the least in need; the story tells both", () => {
    // Line crews 20" from the battalion: the heavy's ball short (to 24"), the medium's long (18-36"), both unmoved.
    const c = compiled(duel([{ id: 'Bty', arm: 'artillery', class: 'line', guns: ['heavy', 'medium'], front: 10, offset: 0 }], [line('Bn', 30, 0)]));
    let seen = 0;
    for (let i = 0; i < 5; i++) {
      const ev: Ev[] = [];
      const r = play(c, 'battery-needs', i, ev);
      const shots = ev.filter((e) => e.type === 'fire' && e.units[0] === 'Bty' && e.distance > 18 && e.distance <= 24);
      for (const e of shots) {
        seen++;
        expect(e.guns).toEqual([
          { gun: 'heavy', ammo: 'ball', dice: 1, need: 4 },
          { gun: 'medium', ammo: 'ball', dice: 1, need: 5 },
        ]);
        expect([e.kind, e.dice, e.need]).toEqual(['ball', 2, 4]);
      }
      const story = narrate(ev as unknown as NagbEvent[], subjectOf(c, 'battery-needs'), r).lines.map((l) => l.text);
      expect(story.filter((t) => t.startsWith('Bty fires ball at Bn') && t.includes('2 guns (1 heavy ball at 4+, 1 medium ball at 5+)')).length).toBe(shots.length);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('p20, p10: fire at a unit in skirmish order takes -1 to hit: a battery\'s ball (p20) and small arms (p10) alike; canister (nagb.canisterModifiers p20) and shell (p21) take their own lists and no such -1', () => {
    // The firers at 10, the target 20" from their front (heavy ball short to 24", medium long, a howitzer's shell).
    const needs = (firer: Record<string, unknown>, formation: string, at = 30, opts: Record<string, string> = {}) => {
      const cp = compiled(duel([firer], [line('T', at, 0)], {}, [{ preset: 'hold-and-volley', holdFire: false, volleyWithin: 0 }, 'hold-and-volley']), opts);
      play(cp, 'skirmishers', 0);
      const g = cp.game;
      standAtStart(g);
      const [f, t] = g.units;
      Object.assign(f, { pips: 3, silenced: false, guns: f.spec.guns.length });
      t.formation = formation as Unit['formation'];
      reshape(g, t);
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      g.useDice(EngagementDice.for('skirmishers', 'test', 0));
      firePhase(g, 0);
      g.sink = undefined;
      const e = events.find((x) => x.type === 'fire' && x.units[0] === f.spec.id);
      if (!e) return [];
      return e.guns ? e.guns.map((x: { ammo: string; need: number }) => `${x.ammo} ${x.need}`) : [e.need];
    };
    const bty = { id: 'Bty', arm: 'artillery', class: 'line', guns: ['heavy', 'medium', 'howitzer'], front: 10, offset: 0 };
    expect(needs(bty, 'line')).toEqual(['ball 4', 'ball 5', 'shell 4']);
    expect(needs(bty, 'skirmish')).toEqual(['ball 5', 'ball 6', 'shell 4']);
    expect(needs(bty, 'skirmish', 30, { 'nagb.shellModifiers': 'asBall' })).toEqual(['ball 5', 'ball 6', 'shell 5']);
    // 8" off: canister, its own list by default; ball's under asBall.
    expect(needs(bty, 'skirmish', 18)).toEqual(['canister 4', 'canister 4', 'canister 4']);
    expect(needs(bty, 'skirmish', 18, { 'nagb.canisterModifiers': 'asBall' })).toEqual(['canister 5', 'canister 5', 'canister 5']);
    // A line battalion's musketry 4" off (short range): 4+, 5+ at skirmishers.
    const bn = line('Bn', 26, 0);
    expect(needs(bn, 'line')).toEqual([4]);
    expect(needs(bn, 'skirmish')).toEqual([5]);
  });

  it('p20: howitzers fire overhead without restriction: a battery whose every target stands behind a friend fires its howitzer\'s shell alone at the nearest (told as shell overhead); one without a howitzer does not fire', () => {
    const shots = (guns: string[], friend: Record<string, unknown> = col('F', 16, 0), enemies: Record<string, unknown>[] = [line('Bn', 30, 0)]) => {
      // The battery at 10, a friendly column before it at 16, the enemy line at 30 (20" from the guns: shell's 8-36").
      const cp = compiled(duel([{ id: 'Bty', arm: 'artillery', class: 'line', guns, front: 10, offset: 0 }, friend], enemies));
      play(cp, 'overhead', 0);
      const g = cp.game;
      standAtStart(g);
      const [b] = g.units;
      Object.assign(b, { pips: 3, silenced: false, guns: guns.length });
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      g.useDice(EngagementDice.for('overhead', 'test', 0));
      firePhase(g, 0);
      g.sink = undefined;
      return { fire: events.filter((e) => e.type === 'fire' && e.units[0] === 'Bty'), pips: b.pips, fired: b.fired };
    };
    const h = shots(['medium', 'howitzer']);
    expect(h.fire).toHaveLength(1);
    const e = h.fire[0];
    expect([e.target, e.kind, e.dice, e.modifiers, e.guns]).toEqual(['Bn', 'shell', 1, ['shell overhead'], [{ gun: 'howitzer', ammo: 'shell', dice: 1, need: 4 }]]);
    expect([h.pips, h.fired]).toEqual([2, true]);
    expect(shots(['medium', 'medium'])).toEqual({ fire: [], pips: 3, fired: false });
    // A battery of howitzers only: each gun's shell, one die apiece.
    const two = shots(['howitzer', 'howitzer']).fire;
    expect(two.map((f) => [f.target, f.kind, f.dice, f.modifiers])).toEqual([['Bn', 'shell', 2, ['shell overhead']]]);
    // p21: shell reaches 8-36": behind a friendly line at 12.5, E stands 7" from the guns (too near for shell) and
    // Bn 20": the howitzer shells Bn, the nearest enemy within its span, with its one die.
    const span = shots(['medium', 'howitzer'], line('F', 12.5, 0), [line('E', 17, 0, { figures: 12 }), line('Bn', 30, 0)]).fire;
    expect(span.map((f) => [f.target, f.kind, f.dice, f.modifiers, f.distance])).toEqual([['Bn', 'shell', 1, ['shell overhead'], 20]]);
  });

  it('p6, p16: a melee winner pursuing into terrain tests for disorder at its end (light woods -4); one that stands does not move, nor test', () => {
    const col = { id: 'Col', arm: 'infantry', class: 'veteran', formation: 'attackColumn', front: 16, offset: 0 };
    const ln = { id: 'Ln', arm: 'infantry', class: 'conscripts', front: 24, offset: 0 };
    const woods = { terrain: [{ kind: 'lightWoods', name: 'wood', from: 28, to: 40 }] };
    const pursuers = (stand: boolean) => {
      const c = compiled(duel([col], [ln], woods, [{ preset: 'column-assault', stand }, 'hold-and-volley']));
      let tested = 0;
      for (let i = 0; i < 60; i++) {
        const events: Ev[] = [];
        play(c, 'pursuit-woods', i, events);
        let melee: Ev | null = null;
        let from = 0;
        for (const e of events) {
          if (e.type === 'melee') melee = e;
          else if (e.type === 'phase') melee = null;
          if (!melee) continue;
          if (e.type === 'body' && e.unit === 'Col') from = e.front;
          if (e.type !== 'check' || e.purpose !== 'terrainDisorder') continue;
          tested++;
          // The winning column, jubilant (+1), at Ld 9 + 1 - 4, after a pursuit whose front reached the wood.
          expect([e.unit, melee.ending, e.target]).toEqual(['Col', 'bBreaks', 6]);
          expect(from).toBeGreaterThan(28);
        }
      }
      return tested;
    };
    const pursuing = pursuers(false);
    expect(pursuing).toBeGreaterThan(5);
    // (A winner that means to stand pursues only when its test to stand fails.)
    expect(pursuers(true)).toBeLessThan(pursuing / 2);
  });

  describe('p30-31: village sectors are entered only by an order from their very edge, and never charged out of or across', () => {
    /** Scenario A after a game, every unit where the scenario puts it, in good order. */
    const villageGame = () => {
      const cp = shipped('sims/nagb/common-a-village.scenario.yaml');
      play(cp, 'village', 0);
      const g = cp.game;
      for (const u of g.units) {
        Object.assign(u, { removed: false, state: 0, figures: u.spec.startFigures, formation: u.spec.startFormation, moved: false, charged: false, fought: false, fired: false, shaken: false, sector: u.spec.startSector });
        g.gone[u.spec.index] = 0;
        u.body.front = u.spec.startFront;
        u.body.offset = u.spec.startOffset;
        reshape(g, u);
      }
      g.contacts.length = 0;
      const byId = (id: string) => g.units.find((u) => u.spec.id === id)!;
      /** Put a unit's front at `front`, holding sector `sector` (-1: none). */
      const place = (u: (typeof g.units)[number], front: number, sector = -1) => {
        u.sector = sector;
        u.body.front = front;
        reshape(g, u);
      };
      return { g, byId, place };
    };

    it('p30: a column walking at an empty sector stops at its near edge, and from there enters it by an order', () => {
      const { g, byId, place } = villageGame();
      // The south sector's garrison has fallen back out of its far side (x 38), as in the audit's trace.
      const garrison = byId('IR-12-I');
      place(garrison, 38);
      const col = byId('1-Ligne-I');
      col.body.front = 26.2;
      reshape(g, col);
      expect(advance(g, col, 8)).toBeCloseTo(5.8, 9);
      expect(col.body.front).toBeCloseTo(32, 9);
      expect(col.sector).toBe(-1);
      // p31: and no charge across the sector at the battalion beyond it.
      col.moved = false;
      expect(mayChargeNow(g, col, false)).toBe(true);
      expect(chargeTarget(g, col)).toBe(-1);
      expect(sectorAtEdge(g, col)).toBe(g.c.terrainNames.indexOf('south sector'));
    });

    it('p30-31: a unit standing half or more on a sector it does not hold may not charge out of it', () => {
      const { g, byId, place } = villageGame();
      const garrison = byId('IR-12-I');
      place(garrison, 40);
      const col = byId('1-Ligne-I');
      for (const [front, may] of [[33.1, true], [33.3, false], [36, false]] as const) {
        // An attack column is 2.4" deep: at 33.1 0.9" of it (37%) stands in the sector, at 33.3 1.3" (54%).
        col.body.front = front;
        reshape(g, col);
        expect(mayChargeNow(g, col, false), String(front)).toBe(may);
      }
    });

    it('p30-31: a unit standing half or more on a sector it does not hold (a fugitive that ran into it) is in it, and may be charged there', () => {
      const { g, byId, place } = villageGame();
      const garrison = byId('IR-12-I');
      const col = byId('1-Ligne-I');
      // Holding the south sector at its edge (x 32), wholly on its ground without holding it (x 33.5-35.1),
      // and just outside it (6% in): each is a target for the column 6" off.
      for (const [front, sector] of [[32, garrison.spec.startSector], [33.5, -1], [31.9, -1]] as const) {
        place(garrison, front, sector);
        place(col, 26);
        expect(chargeTarget(g, col), `${front}`).toBe(garrison.spec.index);
      }
      // The other sector's ground stops the charge still: beyond the south sector, not in it, nobody is reached across it.
      place(garrison, 40);
      expect(chargeTarget(g, col)).toBe(-1);
    });

    it('p30-31: a unit standing half or more on a sector it does not hold (it stormed in and stood) moves no further forward through it; back it may go', () => {
      const { g, byId, place } = villageGame();
      for (const id of ['IR-12-I', 'IR-12-II']) place(byId(id), 46);
      const col = byId('1-Ligne-I');
      // The column's front at 34: 2" of its 2.4" stand on the south sector's ground.
      place(col, 34);
      expect(advance(g, col, 5)).toBe(0);
      expect(col.body.front).toBe(34);
      expect(advance(g, col, 2, -1)).toBeCloseTo(2, 9);
      // Clear of the sector's ground (its front at 32, the sector's near edge), it walks up to the edge again.
      place(col, 31);
      expect(advance(g, col, 5)).toBeCloseTo(1, 9);
    });

    it('p30-31: the doctrine\'s sense of a charge (chargeThreat, which keeps a unit loaded to stand and shoot) agrees with play: no threat from a garrison that may not charge out of its sector, off a sector\'s ground, or across one', () => {
      const { g, byId, place } = villageGame();
      const garrison = byId('IR-12-I');
      const col = byId('1-Ligne-I');
      const south = garrison.spec.startSector;
      // [garrison front, sector held, play lets it charge the column]: holding the south sector at its
      // edge; before it, clear of its ground; on its ground without holding it (94% at 31.9, its line
      // 1.6" deep); beyond it (the sector between).
      for (const [front, sector, charges] of [[32, south, false], [30, -1, true], [31.9, -1, false], [40, -1, false]] as const) {
        place(garrison, front, sector);
        place(col, 26);
        const playCharges = mayChargeNow(g, garrison, false) && chargeTarget(g, garrison) === col.spec.index;
        expect(playCharges, `${front}`).toBe(charges);
        expect(chargeThreat(g, col, 0), `${front}`).toBe(charges);
        expect(chargeThreat(g, col, 2), `${front}`).toBe(charges);
      }
    });

    it('p31: a unit ordered forward out of its sector moves at most 4" out and then tests to form up (random-legal play of scenario A)', () => {
      const { scenario } = loadScenario('sims/nagb/common-a-village.scenario.yaml');
      const s = scenario as unknown as LaneScenario;
      const c = compiled({ ...s, sides: s.sides.map((side) => ({ ...side, doctrine: 'random-legal' })) } as LaneScenario);
      let left = 0;
      for (let i = 0; i < 150; i++) {
        const events: Ev[] = [];
        play(c, 'leave', i, events);
        events.forEach((e, k) => {
          if (e.type !== 'sector' || e.entered) return;
          left++;
          // move, body, sector, then the test to form up.
          expect([events[k - 2].type, events[k - 1].type]).toEqual(['move', 'body']);
          expect(Math.abs(events[k - 2].path[1] - events[k - 2].path[0])).toBeLessThanOrEqual(4 + 1e-9);
          expect(events.slice(k + 1).find((x) => x.type === 'check' && x.unit === e.unit)?.purpose).toBe('terrainDisorder');
        });
      }
      expect(left).toBeGreaterThan(3);
    });

    it('p2, p30-31: a reserve move toward an empty sector is cut short at its edge (it was paid for and then undone); a column holding a sector makes none', () => {
      const { g, byId, place } = villageGame();
      // The garrison far off beyond the village (no enemy within 8"); a column 6" short of the south sector.
      for (const id of ['IR-12-I', 'IR-12-II']) place(byId(id), 46);
      const col = byId('2-Ligne-I');
      place(col, 26);
      // A column holding the north sector stays in it (leaving is a move of its own, p31).
      const held = byId('1-Ligne-II');
      held.sector = g.c.terrainNames.indexOf('north sector');
      held.body.front = 36;
      reshape(g, held);
      for (const id of ['1-Ligne-I', '2-Ligne-II']) byId(id).charged = true; // they stay put
      const b = col.spec.brigade;
      g.pips[b] = 3;
      g.unhorsed[b] = 0;
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      reservePhase(g, 0);
      expect(col.body.front).toBeCloseTo(32, 9);
      expect(held.body.front).toBe(36);
      expect(events.filter((e) => e.type === 'order').map((e) => [e.unit, e.order])).toEqual([['2-Ligne-I', 'reserveMove']]);
    });

    it('p30: in scenario A no move ends with a unit half or more on a sector it does not hold, and no charge starts from one (the audit counted 472 moves and 146 charges in 400 games)', () => {
      const c = shipped('sims/nagb/common-a-village.scenario.yaml');
      const sectors = c.villages.map((v) => c.terrain[v]);
      const onSector = (b: Ev) => {
        const x0 = b.facing > 0 ? b.front - b.depth : b.front;
        const y0 = b.offset - b.frontage / 2;
        return sectors.some((t) => (Math.max(0, Math.min(x0 + b.depth, t.to) - Math.max(x0, t.from)) * Math.max(0, Math.min(y0 + b.frontage, t.yMax ?? Infinity) - Math.max(y0, t.yMin ?? -Infinity))) / (b.depth * b.frontage) >= 0.5);
      };
      let entered = 0;
      for (let i = 0; i < 100; i++) {
        const events: Ev[] = [];
        play(c, 'village-moves', i, events);
        const holding = new Set(c.specs.filter((s) => s.startSector >= 0).map((s) => s.id));
        const body = new Map<string, Ev>();
        const charging = new Set<string>();
        events.forEach((e, k) => {
          if (e.type === 'sector') {
            if (e.entered) {
              holding.add(e.unit);
              entered++;
            } else holding.delete(e.unit);
          }
          if (e.type === 'retreat' || e.type === 'rout' || e.type === 'removed') holding.delete(e.unit ?? e.units?.[0]);
          if (e.type === 'body') body.set(e.unit, e);
          if (e.type === 'declare') {
            expect(onSector(body.get(e.unit)!) && !holding.has(e.unit)).toBe(false);
            charging.add(e.unit);
          }
          // A charge's own run may end on a sector's ground (at a target in the sector, p31: an assault on it),
          // and so may a fall back or a flight, which cross sectors.
          if (e.type === 'retreat' || e.type === 'rout') for (const id of e.units ?? [e.unit]) charging.add(id);
          if (e.type === 'move' && charging.delete(e.unit)) return;
          if (e.type === 'move' && e.side === 0 && events[k + 1]?.type === 'body' && events[k + 2]?.type !== 'sector') {
            expect(onSector(events[k + 1]) && !holding.has(e.unit), `${i} ${e.unit}`).toBe(false);
          }
        });
      }
      expect(entered).toBeGreaterThan(20);
    });
  });

  it('p30: a unit whose front stands in a village sector starts holding it', () => {
    const c = shipped('sims/nagb/common-a-village.scenario.yaml');
    const garrison = c.specs.filter((s) => s.side === 1);
    expect(garrison.map((s) => c.terrainNames[s.startSector])).toEqual(['south sector', 'north sector']);
  });
});

/** A lane scenario's data with its defaults, not checked across fields. */
function unchecked(side0: Record<string, unknown>[], side1: Record<string, unknown>[]): LaneScenario {
  const body = z.strictObject(laneScenarioBody);
  return body.parse({
    engagement: 'lane',
    lane: { length: 48 },
    sides: [
      { name: 'A', brigades: [{ id: 'BA', units: side0 }] },
      { name: 'B', brigades: [{ id: 'BB', units: side1 }] },
    ],
  }) as unknown as LaneScenario;
}

describe('the lane scenario: cross-field checks name the field', () => {
  it('duplicate ids, two units on one ground, a unit off the lane, and two attackers in an objective engagement are refused', () => {
    const s = unchecked([col('X', 16, 0), col('X', 16, 3)], [line('Y', 50, 0)]);
    const issues = checkLane({ ...s, sides: [{ ...s.sides[0], role: 'attacker' }, { ...s.sides[1], role: 'attacker' }] });
    const text = issues.map((x) => `${x.path.join('.')}: ${x.message}`);
    expect(text.some((t) => t.startsWith('sides.0.brigades.0.units.1.id: duplicate id'))).toBe(true);
    expect(text.some((t) => t.includes('same ground'))).toBe(true);
    expect(text.some((t) => t.startsWith('sides.1.brigades.0.units.0.front') && t.includes('does not fit on the lane'))).toBe(true);
    expect(text.some((t) => t.startsWith('sides.1.role'))).toBe(true);
  });

  it('commanders: one id each (refits rate them by it; the default is the brigade id with -cdr), and placed on the lane', () => {
    const s = unchecked([col('X', 16, 0)], [line('Y', 40, 0)]);
    const withCommanders = (a: Record<string, unknown>, b: Record<string, unknown>, cinc?: Record<string, unknown>) =>
      checkLane({
        ...s,
        sides: [
          { ...s.sides[0], ...(cinc ? { cinc: { rating: 'competent', ...cinc } } : {}), brigades: [{ ...s.sides[0].brigades[0], commander: { rating: 'competent', ...a } }] },
          { ...s.sides[1], brigades: [{ ...s.sides[1].brigades[0], commander: { rating: 'competent', ...b } }] },
        ],
      } as LaneScenario).map((x) => `${x.path.join('.')}: ${x.message}`);
    expect(withCommanders({}, {})).toEqual([]);
    expect(withCommanders({ id: 'Ney' }, { id: 'Ney' })).toEqual(["sides.1.brigades.0.commander.id: duplicate commander id 'Ney' (first used at sides[0].brigades[0].commander)"]);
    expect(withCommanders({}, { id: 'BA-cdr' })[0]).toMatch(/^sides\.1\.brigades\.0\.commander\.id: duplicate commander id 'BA-cdr'/);
    expect(withCommanders({ id: 'Nap' }, {}, { id: 'Nap' })[0]).toMatch(/duplicate commander id 'Nap' \(first used at sides\[0\]\.cinc\)/);
    const twoChiefs = checkLane({ ...s, sides: [{ ...s.sides[0], cinc: { id: 'Boss', rating: 'competent' } }, { ...s.sides[1], cinc: { id: 'Boss', rating: 'competent' } }] } as LaneScenario);
    expect(twoChiefs.map((x) => `${x.path.join('.')}: ${x.message}`)).toEqual(["sides.1.cinc.id: duplicate commander id 'Boss' (first used at sides[0].cinc)"]);
    expect(withCommanders({ at: { x: 60, y: 0 } }, { at: { x: 40, y: 25 } })).toEqual([
      'sides.0.brigades.0.commander.at.x: the commander (x 60) is not on the lane (0 to 48)',
      'sides.1.brigades.0.commander.at.y: the commander (y 25) is not across the lane (-20 to 20)',
    ]);
  });

  it('a battery needs its guns; infantry has no guns; cavalry has no militia', () => {
    const issues = checkLane(unchecked([{ id: 'B', arm: 'artillery', front: 10, offset: 0 }, { id: 'I', guns: ['light'], front: 10, offset: 8 }], [{ id: 'C', arm: 'cavalry', class: 'militia', front: 40, offset: 0 }]));
    expect(issues.map((x) => x.path.join('.'))).toEqual(expect.arrayContaining(['sides.0.brigades.0.units.0.guns', 'sides.0.brigades.0.units.1.guns', 'sides.1.brigades.0.units.0.class']));
  });

  it('p10, p14, p19, p24, p35, p39-40: a field of some arms on a unit of another is refused at the field, not ignored', () => {
    const B = (id: string, offset: number, more: Record<string, unknown>) => ({ id, arm: 'artillery', guns: ['medium'], front: 10, offset, ...more });
    const issues = checkLane(
      unchecked(
        [line('I', 10, -12, { cavalryType: 'light', horse: false }), B('G', 10, { weapon: 'musket', colours: true, drilled: true, fourPerThree: false })],
        [{ id: 'C', arm: 'cavalry', front: 40, offset: 0, cavalryWeapon: 'lance', fourPerThree: true, drilled: true, weapon: 'carbine', colours: false }],
      ),
    );
    expect(issues.map((x) => `${x.path.join('.')}: ${x.message}`)).toEqual([
      'sides.0.brigades.0.units.0.cavalryType: only cavalry has cavalryType (p24-25, p40); this unit is infantry',
      'sides.0.brigades.0.units.0.horse: only artillery has horse (p19: horse artillery); this unit is infantry',
      'sides.0.brigades.0.units.1.weapon: only infantry and cavalry have weapon (p10 small arms; a battery fires its guns, p19-21); this unit is artillery',
      'sides.0.brigades.0.units.1.drilled: only infantry and cavalry have drilled (p39-40: a free change between line and column; a battery has no formation); this unit is artillery',
      "sides.0.brigades.0.units.1.colours: only infantry and cavalry have colours (p14, p16: a battalion's colours, a regiment's standard); this unit is artillery",
      'sides.0.brigades.0.units.1.fourPerThree: only infantry has fourPerThree (p35: British and Portuguese line infantry); this unit is artillery',
      'sides.1.brigades.0.units.0.fourPerThree: only infantry has fourPerThree (p35: British and Portuguese line infantry); this unit is cavalry',
    ]);
    // Each arm's own fields, given or defaulted.
    const c = compiled(
      unchecked(
        [line('I', 10, -12, { fourPerThree: true, colours: false, drilled: true }), B('G', 10, { horse: true })],
        [{ id: 'C', arm: 'cavalry', front: 40, offset: 0, cavalryType: 'light', cavalryWeapon: 'lance', colours: false }, { id: 'K', arm: 'cavalry', front: 40, offset: 12 }],
      ),
    );
    expect(c.specs.map((u) => [u.cavalryType, u.cavalryWeapon, u.light, u.horse, u.fourPerThree, u.colours, u.drilled])).toEqual([
      [null, null, false, false, true, false, true],
      [null, null, false, true, false, false, false],
      ['light', 'lance', true, false, false, false, false],
      ['heavy', 'sabre', false, false, false, true, false],
    ]);
  });

  it('p10, p25, p38-40: infantry carries a musket (default) or rifle, cavalry a carbine, pistol or nothing (default); another small arm is refused at the field', () => {
    const issues = checkLane(unchecked([line('I', 10, -12, { weapon: 'carbine' }), line('J', 10, 12, { weapon: 'none' })], [{ id: 'C', arm: 'cavalry', front: 40, offset: 0, weapon: 'musket' }]));
    expect(issues.map((x) => `${x.path.join('.')}: ${x.message}`)).toEqual([
      "sides.0.brigades.0.units.0.weapon: infantry carries muskets or rifles (p10, p38-39); found 'carbine'",
      "sides.0.brigades.0.units.1.weapon: infantry carries muskets or rifles (p10, p38-39); found 'none'",
      "sides.1.brigades.0.units.0.weapon: cavalry carries carbines or pistols, or none (p25, p40); found 'musket'",
    ]);
    const c = compiled(
      unchecked(
        [line('I', 10, -12), line('R', 10, 12, { weapon: 'rifle' }), { id: 'G', arm: 'artillery', guns: ['medium'], front: 4, offset: 0 }],
        [{ id: 'C', arm: 'cavalry', front: 40, offset: -12 }, { id: 'K', arm: 'cavalry', front: 40, offset: 0, weapon: 'carbine' }, { id: 'P', arm: 'cavalry', front: 40, offset: 12, weapon: 'pistol' }],
      ),
    );
    expect(c.specs.map((u) => u.weapon)).toEqual(['musket', 'rifle', null, null, 'carbine', 'pistol']);
  });

  it('the shipped scenarios pass their checks', () => {
    for (const f of ['common-a-village', 'common-b-open', 'common-c-cavalry', 'meeting']) expect(() => shipped(`sims/nagb/${f}.scenario.yaml`)).not.toThrow();
    expect(() => laneScenario({ lane: { length: 20 }, sides: [] })).toThrow();
  });
});

describe('p2, p4: the CinC', () => {
  it('p2, p4: a CinC rolls pips, spends some on the initiative (+1 each) and hands the rest to his brigade commanders', () => {
    const s = laneScenario({
      lane: { length: 48, width: 40 },
      objective: { x: 33, y: 0 },
      sides: [
        {
          name: 'A',
          role: 'attacker',
          cinc: { rating: 'charismatic' },
          doctrine: { preset: 'column-assault', initiativePips: 2 },
          brigades: [
            { id: 'B1', units: [col('A1', 16, -5)] },
            { id: 'B2', units: [col('A2', 16, 5)] },
          ],
        },
        { name: 'B', role: 'defender', doctrine: 'hold-and-volley', brigades: [{ id: 'BB', units: [line('D1', 32, 0)] }] },
      ],
    });
    const c = compiled(s);
    const events: Ev[] = [];
    play(c, 'cinc', 0, events);
    const cinc = events.filter((e) => e.type === 'pips' && e.kind === 'cinc');
    expect(cinc.length).toBeGreaterThan(0);
    // Charismatic: his d6 + 1 (p5, the rulings' guess); two go to the initiative, the rest to B1 and B2.
    for (const e of cinc) expect(e.pips).toBe(e.roll + 1);
    const first = events.findIndex((e) => e.type === 'pips' && e.kind === 'cinc');
    const handed = events.slice(first, events.findIndex((e) => e.type === 'initiative')).filter((e) => e.type === 'cincPips');
    expect(handed.reduce((a, e) => a + e.pips, 0)).toBe(Math.max(0, cinc[0].pips - 2));
    const init = events.find((e) => e.type === 'initiative')!;
    // The French +1 and the two pips (and no loser's +1 on turn 1).
    expect(init.totals[0] - init.rolls[0]).toBe(3);
  });
});

describe('options that change play on the lane', () => {
  it('p10 vs p19-21 (nagb.batteryHoldFire): a battery every gun of which needs 7+ (conscript crews, ball at long range, the target in a wood) fires for nothing by default, spending its pip and load; under holdsFire it keeps both and tells no fire; needing 6 (out of the wood), or with one gun needing 6, it fires under either', () => {
    const fire = (value: string, wood: boolean, guns = ['medium', 'medium', 'medium'], at = 40) => {
      const bty = { id: 'Bty', arm: 'artillery', class: 'conscripts', guns, front: 10, offset: 0 };
      // 30" from the battery's front: medium ball at long range (18-36", p21).
      const cp = compiled(duel([bty], [line('Bn', at, 0)], wood ? { terrain: [{ kind: 'lightWoods', name: 'wood', from: at - 2, to: at + 6 }] } : {}), { 'nagb.batteryHoldFire': value });
      play(cp, 'hold-guns', 0);
      const g = cp.game;
      standAtStart(g);
      const [b] = g.units;
      Object.assign(b, { pips: 3, silenced: false, guns: b.spec.guns.length });
      const events: Ev[] = [];
      g.sink = (e) => events.push(e as Ev);
      g.useDice(EngagementDice.for('hold-guns', 'test', 0));
      firePhase(g, 0);
      g.sink = undefined;
      const shots = events.filter((e) => e.type === 'fire' && e.units[0] === 'Bty');
      return { needs: shots.map((e) => e.need), kills: shots.map((e) => e.kills), pips: b.pips, loaded: b.loaded, fired: b.fired };
    };
    expect(fire('fires', true)).toEqual({ needs: [7], kills: [0], pips: 2, loaded: false, fired: true });
    expect(fire('holdsFire', true)).toEqual({ needs: [], kills: [], pips: 3, loaded: true, fired: false });
    for (const value of ['fires', 'holdsFire']) expect(fire(value, false)).toMatchObject({ needs: [6], pips: 2, loaded: false, fired: true });
    // 20": the heavy gun's ball is at short range (to 24") and needs 6, the medium's at long needs 7: one gun can hit, so it fires (the event tells the least, 6).
    expect(fire('holdsFire', true, ['heavy', 'medium'], 30)).toMatchObject({ needs: [6], pips: 2, loaded: false, fired: true });
    expect(fire('holdsFire', true, ['medium', 'medium'], 30)).toMatchObject({ needs: [], pips: 3, loaded: true });
  });

  it('p20 vs p10 (nagb.nearMissAtSeven): a battery every gun of which needs exactly 7 (conscripts, long-range ball into a wood) kills nothing in 200 seeded fire phases under none, fires under batteryHoldFire holdsFire too under onSix and kills by near misses (a 6, undershooting) in some; needing 8 (moved too) it kills nothing, and holds under holdsFire with either value', () => {
    const fire = (opts: Record<string, string>, moved = false) => {
      let kills = 0;
      const needs = new Set<number>();
      let fired = 0;
      for (let i = 0; i < 200; i++) {
        const bty = { id: 'Bty', arm: 'artillery', class: 'conscripts', guns: ['medium', 'medium', 'medium'], front: 10, offset: 0 };
        const cp = compiled(duel([bty], [line('Bn', 40, 0)], { terrain: [{ kind: 'lightWoods', name: 'wood', from: 38, to: 46 }] }), opts);
        play(cp, 'seven', 0);
        const g = cp.game;
        standAtStart(g);
        const [b] = g.units;
        Object.assign(b, { pips: 3, silenced: false, moved, guns: 3 });
        const events: Ev[] = [];
        g.sink = (e) => events.push(e as Ev);
        g.useDice(EngagementDice.for('seven', 'test', i));
        firePhase(g, 0);
        g.sink = undefined;
        for (const e of events.filter((x) => x.type === 'fire' && x.units[0] === 'Bty')) {
          needs.add(e.need);
          kills += e.kills;
        }
        if (b.fired) fired++;
      }
      return { kills, needs: [...needs], fired };
    };
    expect(fire({ 'nagb.batteryHoldFire': 'fires' })).toEqual({ kills: 0, needs: [7], fired: 200 });
    expect(fire({ 'nagb.batteryHoldFire': 'holdsFire' })).toEqual({ kills: 0, needs: [], fired: 0 });
    for (const hold of ['fires', 'holdsFire']) {
      const r = fire({ 'nagb.batteryHoldFire': hold, 'nagb.nearMissAtSeven': 'onSix' });
      expect(r).toMatchObject({ needs: [7], fired: 200 });
      expect(r.kills).toBeGreaterThan(0);
    }
    expect(fire({ 'nagb.batteryHoldFire': 'holdsFire', 'nagb.nearMissAtSeven': 'onSix', 'nagb.nearMiss': 'off' })).toEqual({ kills: 0, needs: [], fired: 0 });
    expect(fire({ 'nagb.batteryHoldFire': 'holdsFire', 'nagb.nearMissAtSeven': 'onSix' }, true)).toEqual({ kills: 0, needs: [], fired: 0 });
    expect(fire({ 'nagb.batteryHoldFire': 'fires', 'nagb.nearMissAtSeven': 'onSix' }, true)).toEqual({ kills: 0, needs: [8], fired: 200 });
  });

  it('p31, nagb.buildingDamage: on, artillery hits bring village sectors down (cover a step lower, the garrison tests); off, never', () => {
    const count = (on: boolean) => {
      const c = shipped('sims/nagb/common-a-village.scenario.yaml', { 'nagb.buildingDamage': on });
      let n = 0;
      for (let i = 0; i < 30; i++) {
        const events: Ev[] = [];
        play(c, 'bd', i, events);
        n += events.filter((e) => e.type === 'collapse').length;
      }
      return n;
    };
    expect(count(false)).toBe(0);
    expect(count(true)).toBeGreaterThan(0);
  });

  it('p8, p10, p25, nagb.cavalryVolley: cavalry with carbines never volleys by default, in the fire phase or standing and shooting; under inLine it does both', () => {
    const cav = (id: string, front: number, type: string) => ({ id, arm: 'cavalry', figures: 16, cavalryType: type, weapon: 'carbine', front, offset: 0 });
    const volleys = (value: string, doctrines: [unknown, unknown]) => {
      const c = compiled(duel([cav('Cuir', 16, 'cuirassier')], [cav('Hus', 26, 'light')], {}, doctrines), { 'nagb.cavalryVolley': value });
      let fire = 0, stand = 0, shot = 0;
      for (let i = 0; i < 60; i++) {
        const events: Ev[] = [];
        play(c, 'cavalry-volley', i, events);
        fire += events.filter((e) => e.type === 'fire' && e.kind === 'volley').length;
        for (const e of events.filter((x) => x.type === 'charge' && x.reaction === 'standAndShoot')) {
          shot++;
          if (e.volley) stand++;
        }
      }
      return { fire, stand, shot };
    };
    for (const doctrines of [['column-assault', 'hold-and-volley'], ['active-defence', 'active-defence'], ['random-legal', 'random-legal']] as [unknown, unknown][]) {
      const never = volleys('never', doctrines);
      expect([never.fire, never.stand], String(doctrines)).toEqual([0, 0]);
    }
    expect(volleys('never', ['column-assault', 'hold-and-volley']).shot).toBeGreaterThan(20);
    expect(volleys('inLine', ['column-assault', 'hold-and-volley']).stand).toBeGreaterThan(0);
    expect(volleys('inLine', ['active-defence', 'active-defence']).fire + volleys('inLine', ['random-legal', 'random-legal']).fire).toBeGreaterThan(0);
  });

  it('p10 vs p3, p8, nagb.volleyFormations: attack columns volley in the fire phase and standing and shooting by default; under lineOnly they fire half their front rank', () => {
    const volleys = (value: string) => {
      const c = compiled(duel([col('Col', 10, 0)], [col('Def', 30, 0)], {}, ['active-defence', 'column-assault']), { 'nagb.volleyFormations': value });
      let fire = 0, stand = 0;
      for (let i = 0; i < 40; i++) {
        const events: Ev[] = [];
        play(c, 'volley-formations', i, events);
        fire += events.filter((e) => e.type === 'fire' && e.kind === 'volley').length;
        stand += events.filter((e) => e.type === 'charge' && e.reaction === 'standAndShoot' && e.volley).length;
      }
      return fire + stand;
    };
    expect(volleys('lineOrAttackColumn')).toBeGreaterThan(0);
    expect(volleys('lineOnly')).toBe(0);
  });

  it('p30, nagb.villageAssaultDisorder: on, columns assaulting a sector test for disorder at contact (-4)', () => {
    const tests = (on: boolean) => {
      const c = shipped('sims/nagb/common-a-village.scenario.yaml', { 'nagb.villageAssaultDisorder': on });
      let n = 0;
      for (let i = 0; i < 20; i++) {
        const events: Ev[] = [];
        play(c, 'vad', i, events);
        n += events.filter((e) => e.type === 'check' && e.purpose === 'terrainDisorder').length;
      }
      return n;
    };
    expect(tests(false)).toBe(0);
    expect(tests(true)).toBeGreaterThan(0);
  });

  it('p3, nagb.standAndShootVolley testAndPip: a stand-and-shoot volley costs the target\'s commander a pip (testNoPip: none)', () => {
    const paid = (value: string) => {
      const c = shipped('sims/nagb/common-b-open.scenario.yaml', { 'nagb.standAndShootVolley': value });
      let n = 0;
      for (let i = 0; i < 20; i++) {
        const events: Ev[] = [];
        play(c, 'ssv', i, events);
        let phase = '';
        for (const e of events) {
          if (e.type === 'phase') phase = e.phase;
          if (e.type === 'order' && e.order === 'volley' && phase === 'movement') n++;
        }
      }
      return n;
    };
    expect(paid('testNoPip')).toBe(0);
    expect(paid('testAndPip')).toBeGreaterThan(0);
  });
});

describe("a unit's own leadership and a Cossack's type (p24, p39-40)", () => {
  it("p39: a unit's own leadership (a scenario's or refit's) is its Ld in every test of play: the profile charges, melee and shooting read carries it", () => {
    const g = compiled(duel([line('Own', 24, 0, { leadership: 10 })], [line('Class', 24, 0)])).game;
    const [own, cls] = g.units;
    expect([own.spec.ld, cls.spec.ld]).toEqual([10, 8]);
    const p = blankProfile();
    expect(ldOf(profileInto(p, g, own), DEFAULT_NAGB_OPTIONS)).toBe(10);
    expect(ldOf(profileInto(p, g, cls), DEFAULT_NAGB_OPTIONS)).toBe(8);
  });
  it('p24: Cossack lancers without a type are light cavalry (save 6+, no ferocious charge); other horse heavy', () => {
    const g = compiled(duel([{ id: 'Cossacks', arm: 'cavalry', figures: 12, cavalryWeapon: 'cossackLance', front: 12, offset: 0 }], [{ id: 'Hussars', arm: 'cavalry', figures: 12, front: 12, offset: 0 }])).game;
    expect(g.units.map((u) => u.spec.cavalryType)).toEqual(['light', 'heavy']);
  });
});
