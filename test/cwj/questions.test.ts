import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { findRuleset } from '../../src/rules/index.js';
import { checkFailure, CWJ_VOCABULARY, EXTRA_KEYS, RATING_FIRST, RATING_SLOTS, ratingSlot } from '../../src/rules/cwj/vocabulary.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';
import { loadOddsRequest } from '../../src/scenario/odds.js';

const cwj = findRuleset('cwj')!;
const defaults = Object.fromEntries(cwj.options.map((o) => [o.name, o.default]));
const question = (id: string) => cwj.odds!.questions.find((q) => q.id === id)!;

/** P of each value of a distribution. */
const dist = (d: { values: { value: number | string; p: number }[] }) => Object.fromEntries(d.values.map((v) => [String(v.value), v.p]));

describe('volley odds: the Firing Table question ([Fire] l.143-224, [Gen] l.286-290)', () => {
  it('[Fire]: a French Line in line at a Prussian column at 5 cm is 2d6 +3 (fire 1, line +1, column +1); with its general, brute force over every face', () => {
    const p = loadOddsRequest('sims/cwj/fire.odds.yaml');
    const e = p.question.exact(p.params, p.options);
    expect(e.summary?.modifier).toBe(3);
    // Brute force: 2d6, then (7+ with a general) his d6 lowers on 5-6, then his d6 for death.
    const want: Record<string, number> = { 'no effect': 0, disordered: 0, 'retreats 30 cm, disordered': 0, eliminated: 0 };
    const names = ['no effect', 'disordered', 'retreats 30 cm, disordered', 'eliminated'];
    let dies = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const t = a + b + 3;
        const r = t <= 6 ? 0 : t <= 9 ? 1 : t <= 11 ? 2 : 3;
        if (r === 0) {
          want[names[0]] += 1 / 36;
          continue;
        }
        for (let g = 1; g <= 6; g++)
          for (let d = 1; d <= 6; d++) {
            want[names[g >= 5 ? r - 1 : r]] += 1 / 36 / 36;
            if (d === 1) dies += 1 / 36 / 36;
          }
      }
    const got = dist(e.distributions[0]);
    for (const k of names) expect(got[k]).toBeCloseTo(want[k], 12);
    expect(dist(e.distributions[1]).yes).toBeCloseTo(dies, 12);
    // cwj.generalUnitLost dies: he is lost with a unit the fire eliminates too (when his own roll spared him).
    let diesWithUnit = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const t = a + b + 3;
        const r = t <= 6 ? 0 : t <= 9 ? 1 : t <= 11 ? 2 : 3;
        if (r === 0) continue;
        for (let g = 1; g <= 6; g++)
          for (let d = 1; d <= 6; d++) if (d === 1 || (g < 5 ? r : r - 1) === 3) diesWithUnit += 1 / 36 / 36;
      }
    const lost = p.question.exact(p.params, { ...p.options, 'cwj.generalUnitLost': 'dies' });
    expect(dist(lost.distributions[1]).yes).toBeCloseTo(diesWithUnit, 12);
  });
  it('[Fire] l.172-179, l.205-224: a battery at double range against Deployed infantry in a village: 1 -2 -2 (hard cover) = -3', () => {
    const e = question('fire').exact(question('fire').examples[1], defaults);
    expect(e.summary?.modifier).toBe(-3);
    // 2d6 - 3 >= 7: 10+ (6 ways): disordered 10-12 raw gives 7-9.
    expect(dist(e.distributions[0]).disordered).toBeCloseTo(6 / 36, 12);
  });
  it('[Fire] l.202-204, l.192-193: a disordered square firing at cavalry: 1 -2 (square) -1 (disordered) +1 (mounted) = -1', () => {
    expect(question('fire').exact(question('fire').examples[2], defaults).summary?.modifier).toBe(-1);
  });
  it('[Fire] l.202-204, cwj.cavalryContactFire: a medium battery firing at heavy cavalry in contact (distance 0) is 1 -2 +1 (mounted) = 0 as the text prints the row, 1 +1 = 2 under the rulings\' infantryOnly', () => {
    const fire = question('fire');
    const p = fire.params.parse({ firer: { type: 'mediumFootArtillery' }, target: { type: 'heavyCavalry' }, distance: 0 });
    expect(fire.exact(p, defaults).summary?.modifier).toBe(0);
    expect(fire.exact(p, { ...defaults, 'cwj.cavalryContactFire': 'infantryOnly' }).summary?.modifier).toBe(2);
    // Infantry in line keeps it under either reading: 1 +1 (line) -2 +1 = 1.
    const q = fire.params.parse({ firer: { type: 'line', formation: 'line' }, target: { type: 'heavyCavalry' }, distance: 0 });
    expect(fire.exact(q, { ...defaults, 'cwj.cavalryContactFire': 'infantryOnly' }).summary?.modifier).toBe(1);
  });
  it('[Fire] l.140-142, [FrT]: the question refuses a target beyond the firer\'s range (muskets 5 cm; a battery three times its normal range), a firer with no fire mod, and limbered guns', () => {
    const fire = question('fire');
    const ask = (firer: Record<string, unknown>, distance: number) => fire.check!(fire.params.parse({ firer, target: {}, distance }), defaults);
    expect(ask({ type: 'line' }, 5)).toEqual([]);
    expect(ask({ type: 'line' }, 5.5)).toEqual([{ path: ['distance'], message: expect.stringContaining('muskets to 5 cm') }]);
    expect(ask({ type: 'mediumFootArtillery' }, 45)).toEqual([]);
    expect(ask({ type: 'mediumFootArtillery' }, 46)).toEqual([{ path: ['distance'], message: expect.stringContaining('medium artillery to 45 cm') }]);
    expect(ask({ type: 'heavyFootArtillery' }, 60)).toEqual([]);
    expect(ask({ type: 'heavyFootArtillery' }, 61)[0].path).toEqual(['distance']);
    expect(ask({ type: 'heavyCavalry' }, 0)[0].path).toEqual(['firer', 'type']);
    expect(ask({ type: 'mediumFootArtillery', formation: 'limbered' }, 10)[0].path).toEqual(['firer', 'formation']);
    // The examples, which the conformance suite answers, all pass.
    for (const ex of fire.examples) expect(fire.check!(ex, defaults)).toEqual([]);
  });
  it('[Fire] l.217-224, rulings 3: a Deployed target holds a village or fortification, so the question refuses it without that cover (none; soft while villages are hard cover)', () => {
    const fire = question('fire');
    const ask = (cover: string, options = defaults, flank = false) => fire.check!(fire.params.parse({ firer: {}, target: { formation: 'deployed', cover, flank } }), options).map((i) => i.path.join('.'));
    expect(ask('none')).toEqual(['target.cover']);
    expect(ask('soft')).toEqual(['target.cover']);
    expect(ask('woods')).toEqual(['target.cover']);
    for (const c of ['village', 'fortification', 'hard']) expect(ask(c)).toEqual([]);
    expect(ask('village', defaults, true)).toEqual([]);
    const softVillages = { ...defaults, 'cwj.villageCover': 'soft' };
    expect(ask('none', softVillages)).toEqual(['target.cover']);
    for (const c of ['village', 'soft', 'woods', 'fortification']) expect(ask(c, softVillages)).toEqual([]);
    // A battalion in line with no cover is asked as before.
    expect(fire.check!(fire.params.parse({ firer: {}, target: { cover: 'none' } }), defaults)).toEqual([]);
  });
  it('[Fire] l.168-169, l.217-224 (docs/rules/cwj.md, Villages and fortifications): cover by terrain as play reads it: a hedge -1 and a wall -2 against fire from across, none in flank; woods -1 and a fortification -2 from any side', () => {
    const fire = question('fire');
    // French Line in line at a Prussian line at 5 cm: 1 + 1 (line), +2 more in flank.
    const m = (cover: string, flank: boolean) => fire.exact(fire.params.parse({ firer: { formation: 'line' }, target: { cover, flank } }), defaults).summary?.modifier;
    expect([m('none', false), m('hedge', false), m('wall', false), m('woods', false), m('fortification', false)]).toEqual([2, 1, 0, 1, 0]);
    expect([m('none', true), m('hedge', true), m('wall', true), m('woods', true), m('fortification', true)]).toEqual([4, 4, 4, 3, 2]);
    // The Firing Table's own words stand as given, from any side.
    expect([m('soft', true), m('hard', true)]).toEqual([3, 2]);
  });
  it('[Form] l.16-20 (docs/rules/cwj.md, Flank and rear): a square hit in flank is refused at the field, in fire and in melee, as play never meets one', () => {
    const fire = question('fire');
    expect(fire.check!(fire.params.parse({ firer: {}, target: { formation: 'square', flank: true } }), defaults)).toEqual([{ path: ['target', 'flank'], message: expect.stringContaining('a square has no flank') }]);
    expect(fire.check!(fire.params.parse({ firer: {}, target: { formation: 'column', flank: true } }), defaults)).toEqual([]);
    const melee = question('melee');
    const side = (formation: string) => ({ units: [{ formation, flank: true }] });
    expect(melee.check!(melee.params.parse({ attacker: { units: [{}] }, defender: side('square') }), defaults).map((i) => i.path)).toEqual([['defender', 'units', 0, 'flank']]);
    expect(melee.check!(melee.params.parse({ attacker: { units: [{}] }, defender: side('line') }), defaults)).toEqual([]);
    for (const ex of melee.examples) expect(melee.check!(ex, defaults)).toEqual([]);
  });
  it('[Form] l.16-18: each arm takes only its own formations, as in a scenario: cavalry in square, infantry limbered, cavalry Deployed are refused at the field', () => {
    const fire = question('fire');
    expect(fire.check!(fire.params.parse({ firer: {}, target: { type: 'mediumCavalry', formation: 'square' } }), defaults)).toEqual([
      { path: ['target', 'formation'], message: 'cavalry takes line, column ([Form] l.16-18), not square' },
    ]);
    expect(fire.check!(fire.params.parse({ firer: { formation: 'limbered' }, target: {} }), defaults).map((i) => i.path)).toEqual([['firer', 'formation']]);
    const melee = question('melee');
    expect(melee.check!(melee.params.parse({ attacker: { units: [{ type: 'mediumCavalry', formation: 'deployed' }] }, defender: { units: [{}] } }), defaults).map((i) => i.path)).toEqual([['attacker', 'units', 0, 'formation']]);
    const rally = question('rally');
    expect(rally.check!(rally.params.parse({ type: 'mediumCavalry', formation: 'square' }), defaults).map((i) => i.path)).toEqual([['formation']]);
    expect(fire.check!(fire.params.parse({ firer: {}, target: { type: 'mediumCavalry', formation: 'column' } }), defaults)).toEqual([]);
  });
  it('[Fire] l.134-136, [Gen] l.286-292, [Contact] l.125-129: combined fire is for batteries, a general serves infantry or cavalry (and in fire the unit fired on), the contact check is infantry\'s', () => {
    const fire = question('fire');
    const fireIssue = (p: unknown) => fire.check!(fire.params.parse(p), defaults).map((i) => i.path.join('.'));
    expect(fireIssue({ firer: { type: 'line' }, target: {}, combinedWith: 2 })).toEqual(['combinedWith']);
    expect(fireIssue({ firer: { type: 'mediumFootArtillery' }, target: {}, distance: 10, combinedWith: 2 })).toEqual([]);
    expect(fireIssue({ firer: { type: 'line', general: true }, target: {} })).toEqual(['firer.general']);
    expect(fireIssue({ firer: { type: 'line' }, target: { type: 'mediumFootArtillery', general: true } })).toEqual(['target.general']);
    const melee = question('melee');
    expect(melee.check!(melee.params.parse({ attacker: { units: [{ type: 'mediumFootArtillery', general: true }] }, defender: { units: [{}] } }), defaults).map((i) => i.path.join('.'))).toEqual(['attacker.units.0.general']);
    const rally = question('rally');
    const rallyIssue = (p: unknown) => rally.check!(rally.params.parse(p), defaults).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(rallyIssue({ type: 'mediumFootArtillery', general: true })).toEqual([expect.stringContaining('general: a divisional general serves only infantry or only cavalry')]);
    expect(rallyIssue({ type: 'mediumFootArtillery', purpose: 'contact' })).toEqual(['purpose: only infantry takes a contact check ([Contact] l.125-129); this unit is artillery']);
    expect(rallyIssue({ type: 'heavyCavalry', purpose: 'contact' })[0]).toMatch(/^purpose: /);
    expect(rallyIssue({ type: 'line', purpose: 'contact', general: true })).toEqual([]);
    // [Spec] l.107-109: only cavalry withdraws, so only cavalry rolls for a withdrawal.
    expect(rallyIssue({ type: 'line', purpose: 'withdrawal' })).toEqual(['purpose: only cavalry withdraws from enemy foot or guns closing within 10 cm ([Spec] l.107-109); this unit is infantry']);
    expect(rallyIssue({ type: 'mediumFootArtillery', purpose: 'withdrawal' })[0]).toMatch(/^purpose: only cavalry/);
    expect(rallyIssue({ type: 'lightCavalry', purpose: 'withdrawal', general: true })).toEqual([]);
    for (const q of [fire, melee, rally]) for (const ex of q.examples) expect(q.check!(ex, defaults)).toEqual([]);
  });
  it('[FrT] l.387-390: French Guard artillery adds 1 to its battery\'s fire, rally and melee; it is refused on another arm or an Austrian battery', () => {
    const fire = question('fire');
    const base = { firer: { type: 'mediumFootArtillery' }, target: {}, distance: 10 };
    const m = (p: unknown) => fire.exact(fire.params.parse(p), defaults).summary?.modifier as number;
    expect(m({ ...base, firer: { type: 'mediumFootArtillery', guard: true } }) - m(base)).toBe(1);
    const rally = question('rally');
    const r = (p: unknown) => rally.exact(rally.params.parse(p), defaults).summary?.modifier as number;
    expect(r({ type: 'mediumFootArtillery', guard: true }) - r({ type: 'mediumFootArtillery' })).toBe(1);
    const melee = question('melee');
    const totals = (guard: boolean) => (melee.exact(melee.params.parse({ attacker: { units: [{ type: 'mediumFootArtillery', guard }] }, defender: { units: [{}] } }), defaults).distributions[0].label);
    expect(totals(true)).not.toBe(totals(false));
    expect(fire.check!(fire.params.parse({ firer: { type: 'line', guard: true }, target: {} }), defaults).map((i) => i.path.join('.'))).toEqual(['firer.guard']);
    expect(fire.check!(fire.params.parse({ firer: { type: 'mediumFootArtillery', nation: 'austrian', guard: true }, target: {}, distance: 10 }), defaults).map((i) => i.path.join('.'))).toEqual(['firer.guard']);
  });
});

describe('volley odds: a general used rolls for his death ([Gen] l.286-290)', () => {
  const names = (id: string, params: unknown, options = defaults) => question(id).exact(question(id).params.parse(params), options).distributions.map((d) => d.name);
  const death = (id: string, params: unknown, name = 'generalDies') => dist(question(id).exact(question(id).params.parse(params), defaults).distributions.find((d) => d.name === name)!);
  it('fire: only a target with a general shows his death (no try, no roll without one)', () => {
    expect(names('fire', { firer: {}, target: {} })).toEqual(['result']);
    expect(names('fire', { firer: {}, target: { general: true } })).toEqual(['result', 'generalDies']);
  });
  it('rally and control: a 1 in 6 after his bonus is used; none when it is not', () => {
    expect(death('rally', { disordered: true, general: true })).toEqual({ no: 5 / 6, yes: 1 / 6 });
    expect(names('rally', { disordered: true })).toEqual(['result']);
    // A contact check takes his bonus only under cwj.generalCheckBonus allChecks.
    expect(names('rally', { general: true, purpose: 'contact' }, { ...defaults, 'cwj.generalCheckBonus': 'rallyPhaseOnly' })).toEqual(['result']);
    expect(names('rally', { general: true, purpose: 'contact' }, { ...defaults, 'cwj.generalCheckBonus': 'allChecks' })).toEqual(['result', 'generalDies']);
    expect(death('control', { general: true })).toEqual({ no: 5 / 6, yes: 1 / 6 });
    expect(names('control', {})).toEqual(['result']);
  });
  it('rally and control, cwj.generalUnitLost dies: a rout or a natural 2 removes the unit and its general, after his own roll', () => {
    const dies = { ...defaults, 'cwj.generalUnitLost': 'dies' };
    const at = (id: string, params: unknown, options: Record<string, unknown>) => dist(question(id).exact(question(id).params.parse(params), options as never).distributions.find((d) => d.name === 'generalDies')!).yes;
    const rout = dist(question('rally').exact(question('rally').params.parse({ type: 'conscript', general: true }), dies).distributions[0]).rout;
    expect(rout).toBeCloseTo(1 / 12, 12);
    expect(at('rally', { type: 'conscript', general: true }, dies)).toBeCloseTo(1 / 6 + (rout * 5) / 6, 12);
    // A contact check that does not use his bonus: no roll, but a rout still takes him.
    const contact = { ...dies, 'cwj.generalCheckBonus': 'rallyPhaseOnly' };
    const routOnContact = dist(question('rally').exact(question('rally').params.parse({ type: 'conscript', general: true, purpose: 'contact' }), contact as never).distributions[0]).rout;
    expect(at('rally', { type: 'conscript', general: true, purpose: 'contact' }, contact)).toBeCloseTo(routOnContact, 12);
    expect(at('control', { general: true }, dies)).toBeCloseTo(41 / 216, 12);
    expect(at('control', { general: true }, defaults)).toBeCloseTo(1 / 6, 12);
    // Sampled alike.
    const n = 20_000;
    for (const [id, params, p] of [['rally', { type: 'conscript', general: true }, 1 / 6 + (rout * 5) / 6], ['control', { general: true }, 41 / 216]] as const) {
      const q = question(id);
      const parsed = q.params.parse(params);
      let yes = 0;
      for (let i = 0; i < n; i++) if (q.sample(parsed, dies, EngagementDice.for('cwj-general', id, i)).generalDies === 'yes') yes++;
      expect(Math.abs(yes / n - p), id).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n));
    }
  });
  it('melee: each general who gave his +1 rolls, by side and unit', () => {
    const n = names('melee', { attacker: { units: [{}, { general: true }] }, defender: { units: [{ general: true }] } });
    expect(n.filter((x) => x.endsWith('General'))).toEqual(['attacker1General', 'defender0General']);
  });
  it('melee, cwj.generalUnitLost dies: a general is lost with a unit the melee eliminates, else dies on his roll; sampled alike', () => {
    const melee = question('melee');
    // A disordered line with its general, flanked, against a column of guard: often eliminated.
    const params = melee.params.parse({ attacker: { units: [{ type: 'guard', formation: 'column' }] }, defender: { units: [{ disordered: true, flank: true, general: true }] } });
    const options = { ...defaults, 'cwj.generalUnitLost': 'dies' };
    const e = melee.exact(params, options).distributions;
    const elim = dist(e.find((d) => d.name === 'defender0')!).eliminated;
    expect(elim).toBeGreaterThan(0.1);
    expect(dist(e.find((d) => d.name === 'defender0General')!).yes).toBeCloseTo(elim + (1 - elim) / 6, 12);
    expect(dist(melee.exact(params, defaults).distributions.find((d) => d.name === 'defender0General')!).yes).toBeCloseTo(1 / 6, 12);
    const n = 20_000;
    let yes = 0;
    for (let i = 0; i < n; i++) if (melee.sample(params, options, EngagementDice.for('cwj-general', 'melee', i)).defender0General === 'yes') yes++;
    const p = elim + (1 - elim) / 6;
    expect(Math.abs(yes / n - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n));
  });
});

describe('volley odds: the melee question ([Melee] l.226-254)', () => {
  it('[Melee]: a column with its general (4+1) against a disordered Deployed battalion (4-2): every pair of d6 faces', () => {
    const p = loadOddsRequest('sims/cwj/melee.odds.yaml');
    const e = p.question.exact(p.params, p.options);
    expect(e.summary?.totals).toEqual([5, 2]);
    const want = { won: 0, standoff: 0, disordered: 0, retreats: 0, eliminated: 0 };
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const d = 5 + a - (2 + b);
        if (d === 0) want.standoff++;
        else if (d > 0) want.won++;
        else if (d === -1) want.disordered++;
        else if (d >= -4) want.retreats++;
        else want.eliminated++;
      }
    const got = dist(e.distributions.find((d) => d.name === 'attacker0')!);
    for (const [k, n] of Object.entries(want)) expect(got[k]).toBeCloseTo(n / 36, 12);
  });
  it('[Melee] l.239 under cwj.cavalryCap = loser: losing cavalry retreats where infantry would be eliminated', () => {
    const q = question('melee');
    const ex = q.examples[1]; // cuirassiers (5) against a square (4 + 4)
    const loser = dist(q.exact(ex, defaults).distributions.find((d) => d.name === 'attacker0')!);
    expect(loser.eliminated).toBe(0);
    const none = dist(q.exact(ex, { ...defaults, 'cwj.cavalryCap': 'none' }).distributions.find((d) => d.name === 'attacker0')!);
    // Differences of -5 or worse: 3 + a - b <= -5 ... totals 5 and 8: a - b <= -2 (10 ways)... eliminated on -5: a - b <= -2.
    expect(none.eliminated).toBeCloseTo(10 / 36, 12);
    expect(loser.retreats).toBeCloseTo(none.retreats + none.eliminated, 12);
  });
});

describe('volley odds: the Rally Table and Control Table questions', () => {
  it('[Contact] l.125-129: a Prussian Line with its general checks at 2d6 +2: 9+ passes on 7+ (21 ways)', () => {
    const p = loadOddsRequest('sims/cwj/rally.odds.yaml');
    const got = dist(p.question.exact(p.params, p.options).distributions[0]);
    expect(got.rally).toBeCloseTo(21 / 36, 12);
    expect(got.retreat).toBeCloseTo(3 / 36, 12);
    expect(got.rout).toBe(0);
  });
  it('[Contact] l.129: skirmishers check at -3', () => {
    const q = question('rally');
    // Conscripts (-1) in skirmish order with a general (+1) on contact: -3 in all; 2d6 >= 12 passes.
    expect(q.exact(q.examples[1], defaults).summary?.modifier).toBe(-3);
    expect(dist(q.exact(q.examples[1], defaults).distributions[0]).rally).toBeCloseTo(1 / 36, 12);
  });
  it('[Control] l.258-265: disordered cavalry tests at -1; a natural 2 always removes it', () => {
    const p = loadOddsRequest('sims/cwj/control.odds.yaml');
    const got = dist(p.question.exact(p.params, p.options).distributions[0]);
    expect(got['removed from the field']).toBeCloseTo(1 / 36, 12);
    // 2d6 - 1 >= 10: 11+ (3 ways).
    expect(got.controlled).toBeCloseTo(3 / 36, 12);
  });
  it('the samplers draw what the exact distributions give, within 4 standard errors (4,000 draws, fixed seed)', () => {
    for (const q of cwj.odds!.questions) {
      const params = q.examples[0];
      const exact = q.exact(params, defaults);
      const N = 4000;
      for (const d of exact.distributions) {
        const seen = new Map<string, number>();
        for (let i = 0; i < N; i++) {
          const v = String(q.sample(params, defaults, EngagementDice.for('questions', q.id, i))[d.name]);
          seen.set(v, (seen.get(v) ?? 0) + 1);
        }
        for (const v of d.values) {
          const se = Math.sqrt((v.p * (1 - v.p)) / N);
          expect(Math.abs((seen.get(String(v.value)) ?? 0) / N - v.p)).toBeLessThanOrEqual(4 * se + 1e-12);
        }
      }
    }
  });
});

describe('the vocabulary (rulings 10)', () => {
  it('rulings 10: the rating of a counted check is its modifier; the chance it fails is P(2d6 + m < 9), by brute force', () => {
    for (let m = -6; m <= 9; m++) {
      let fail = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b + m < 9) fail++;
      expect(checkFailure(m)).toBeCloseTo(fail / 36, 12);
    }
    expect(CWJ_VOCABULARY.ratings.failure!.p[0]).toBe(1); // -4 or less: every roll fails
    expect(CWJ_VOCABULARY.ratings.failure!.p[RATING_SLOTS - 1]).toBe(0); // +7 or more: none does
    expect(ratingSlot(-9)).toBe(0);
    expect(ratingSlot(RATING_FIRST + 3)).toBe(3);
    expect(ratingSlot(12)).toBe(RATING_SLOTS - 1);
  });
  it('rulings 10: contact, withdrawal and rough checks are counted; rally rolls (recovery) are not', () => {
    expect(CWJ_VOCABULARY.checkPurposes.map((p) => [p.id, p.counted])).toEqual([
      ['contact', true],
      ['withdrawal', true],
      ['rough', true],
      ['rally', false],
    ]);
  });
  it('every extra a result carries is declared, per side as key.0 and key.1', () => {
    const { scenario } = loadScenario('sims/cwj/c-caught.scenario.yaml');
    const cell = singleCell(scenario);
    const r = cwj.newResult(cwj.compile(cell.scenario, cell.options));
    expect(new Set(Object.keys(r.extras))).toEqual(new Set(EXTRA_KEYS));
    for (const e of CWJ_VOCABULARY.extras) expect(EXTRA_KEYS).toContain(e.perSide ? `${e.key}.1` : e.key);
  });
});
