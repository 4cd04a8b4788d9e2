/**
 * `volley odds` for Age of Eagles (src/rules/aoe/oddsQuestions.ts): the modifiers each question works out
 * from its units, checked against the tables by hand, and the exact answers of the shipped odds files
 * derived by counting faces here. The conformance suite (test/conformance.test.ts) checks the sampler
 * against the exact answers of every example within 4 standard errors.
 */
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/core/ruleset.js';
import { AOE_ODDS, bayonetSetup, marchSetup, volleySetup } from '../../src/rules/aoe/oddsQuestions.js';
import { AOE_OPTIONS } from '../../src/rules/aoe/options.js';
import { loadOddsRequest } from '../../src/scenario/odds.js';

const DEFAULTS = resolveOptions(AOE_OPTIONS);
const q = (id: string) => AOE_ODDS.questions.find((x) => x.id === id)!;
const dist = (r: ReturnType<ReturnType<typeof q>['exact']>, name: string) => Object.fromEntries(r.distributions.find((d) => d.name === name)!.values.map((v) => [v.value, v.p]));

describe('The modifiers the questions work out (p1, p2)', () => {
  it('p2: the village garrison in contact: 6 stands x 2 x 1/2 = 6 points (-3), a Field Column target +1: -2', () => {
    const p = q('volley').params.parse({ firer: { formation: 'none' }, distance: 0, target: { formation: 'fieldColumn' } });
    expect(volleySetup(p as never, DEFAULTS)).toEqual({ points: 6, cannonade: false, skirmish: false, modifier: -2 });
  });
  it('p2: an 8-gun light battery at 5" (12 points, 0) on the village (cover 2): -2; a Field Column skirmishing at 5": 2 points (-5) and skirmish fire (-2)', () => {
    expect(volleySetup(q('volley').params.parse({ firer: { kind: 'battery' }, distance: 5, target: { formation: 'none', cover: 2 } }) as never, DEFAULTS).modifier).toBe(-2);
    expect(volleySetup(q('volley').params.parse({ firer: { formation: 'fieldColumn' }, distance: 5 }) as never, DEFAULTS)).toEqual({ points: 2, cannonade: false, skirmish: true, modifier: -7 });
  });
  it('rulings 6: cover given as the ground reads the options: a village is aoe.buaCover (2, or 3 under that value), woods 1, open 0', () => {
    const battery = (cover: unknown, options = DEFAULTS) => volleySetup(q('volley').params.parse({ firer: { kind: 'battery' }, distance: 5, target: { formation: 'none', cover } }) as never, options).modifier;
    expect(battery('village')).toBe(-2);
    expect(battery('village', resolveOptions(AOE_OPTIONS, { 'aoe.buaCover': 3 }))).toBe(-3);
    expect(battery('woods')).toBe(-1);
    expect(battery('open')).toBe(0);
    const defender = (cover: unknown, options = DEFAULTS) => bayonetSetup(q('bayonet').params.parse({ attackers: [{ formation: 'fieldColumn' }, { formation: 'fieldColumn' }], defenders: [{ formation: 'none', cover }] }) as never, options).defender;
    expect(defender('village')).toBe(defender(2));
    expect(defender('village', resolveOptions(AOE_OPTIONS, { 'aoe.buaCover': 3 }))).toBe(defender(3));
    expect(q('volley').params.safeParse({ target: { cover: 'castle' } }).success).toBe(false);
  });
  it('p2 (p3 values): cuirassiers against a square: -3 +2 armoured +1 Regular = 0; the square +1 outnumbering 6:4 +1 Regular = +2', () => {
    const p = q('bayonet').params.parse({ attackers: [{ arm: 'cavalry', armoured: true }], defenders: [{ formation: 'square' }] });
    expect(bayonetSetup(p as never, DEFAULTS)).toEqual({ attacker: 0, defender: 2 });
  });
  it('p1: a disordered Field Column with 2 hits: +1 column -2 hits = -1; Columnar infantry moving in Line: -2', () => {
    expect(marchSetup(q('march').params.parse({ disordered: true, hits: 2 }) as never, DEFAULTS)).toBe(-1);
    expect(marchSetup(q('march').params.parse({ formation: 'line', marchMode: 'columnar' }) as never, DEFAULTS)).toBe(-2);
  });
});

describe('The shipped odds files, counted by hand (a d10 read 1-10)', () => {
  it('sims/aoe/volley.odds.yaml: modifier -2: Telling needs a 10 (1 in 10), Galling 8-9, Lively 7; no Withering', () => {
    const r = loadOddsRequest('sims/aoe/volley.odds.yaml');
    const e = r.question.exact(r.params, r.options);
    expect(dist(e, 'result')).toEqual({ desultory: 0.6, lively: 0.1, galling: 0.2, telling: 0.1, withering: 0 });
    expect(dist(e, 'chargeChecked').yes).toBeCloseTo(0.1, 12);
    expect(dist(e, 'disordered').yes).toBeCloseTo(0.3, 12); // musketry: Lively does nothing
  });
  it('sims/aoe/square.odds.yaml: no modifier, square on 4 or more: 7 in 10', () => {
    const r = loadOddsRequest('sims/aoe/square.odds.yaml');
    expect(dist(r.question.exact(r.params, r.options), 'square').yes).toBeCloseTo(0.7, 12);
  });
  it('sims/aoe/bayonet.odds.yaml: +3 against +3: the difference of two d10, 10 ways in 100 of a 0, 45 each side', () => {
    const r = loadOddsRequest('sims/aoe/bayonet.odds.yaml');
    const w = dist(r.question.exact(r.params, r.options), 'winner');
    expect(w.draw).toBeCloseTo(0.1, 12);
    expect(w.attacker).toBeCloseTo(0.45, 12);
  });
});

describe('the March Table question\'s cohesion level (p1, aoe.cohesion)', () => {
  it('under aoe.cohesion none the level is always 0: a question at another level is refused, naming the field; under the default it is asked', () => {
    const m = q('march');
    const none = resolveOptions(AOE_OPTIONS, { 'aoe.cohesion': 'none' });
    expect(m.check!(m.params.parse({ cohesionLevel: 1 }), none)).toEqual([{ path: ['cohesionLevel'], message: expect.stringContaining('always 0') }]);
    expect(m.check!(m.params.parse({ cohesionLevel: 0 }), none)).toEqual([]);
    expect(m.check!(m.params.parse({ cohesionLevel: 1 }), DEFAULTS)).toEqual([]);
  });
});

describe('the March Table question\'s March Mode (p3)', () => {
  it('infantry always has a March Mode: null is refused; omitted, it is impulse', () => {
    expect(q('march').params.safeParse({ formation: 'line', marchMode: null }).success).toBe(false);
    expect(marchSetup(q('march').params.parse({ formation: 'line', marchMode: 'columnar' }) as never, DEFAULTS)).toBe(-2);
    expect(marchSetup(q('march').params.parse({ formation: 'line' }) as never, DEFAULTS)).toBe(marchSetup(q('march').params.parse({ formation: 'line', marchMode: 'impulse' }) as never, DEFAULTS));
  });
  it('only infantry has one: a March Mode on cavalry or artillery is refused, naming the field', () => {
    const r = q('march').params.safeParse({ arm: 'cavalry', formation: 'line', marchMode: 'linear' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['marchMode']);
    expect(q('march').params.safeParse({ arm: 'cavalry', formation: 'line' }).success).toBe(true);
  });
});

describe('the March Table question\'s square (p1 Forming Square)', () => {
  it('only infantry out of march column (and not in square) rolls to form square: the others are not asked', () => {
    const names = (params: unknown) => q('march').exact(q('march').params.parse(params) as never, DEFAULTS).distributions.map((d) => d.name);
    expect(names({ formation: 'line' })).toContain('square');
    expect(names({ formation: 'fieldColumn' })).toContain('square');
    expect(names({ formation: 'marchColumn' })).not.toContain('square');
    expect(names({ formation: 'square' })).not.toContain('square');
    expect(names({ arm: 'cavalry', formation: 'line' })).not.toContain('square');
  });
});

describe('the volley question\'s distance (p2 Fire Points at Range)', () => {
  const issue = (params: unknown) => {
    const r = q('volley').params.safeParse(params);
    return r.success ? null : { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
  };
  it('muskets reach 6" where they may skirmish, 3" where not (village block, square, march column), guns 24": beyond is refused, naming the field, not answered with no fire', () => {
    expect(issue({ distance: 6 })).toBeNull();
    expect(issue({ distance: 6.5 })).toEqual({ path: 'distance', message: '6.5" is beyond skirmish range: 6" (p2)' });
    expect(issue({ firer: { formation: 'square' }, distance: 3 })).toBeNull();
    expect(issue({ firer: { formation: 'square' }, distance: 5 })).toEqual({ path: 'distance', message: '5" is beyond musket range (a square does not skirmish): 3" (p2)' });
    expect(issue({ firer: { formation: 'none' }, distance: 4 })?.message).toBe('4" is beyond musket range (a unit in a village block does not skirmish): 3" (p2)');
    expect(issue({ firer: { kind: 'battery' }, distance: 24 })).toBeNull();
    expect(issue({ firer: { kind: 'battery' }, distance: 30 })).toEqual({ path: 'distance', message: '30" is beyond artillery range: 24" (p2)' });
  });
});

describe('the March Table and Bayonet & Sabre questions take each arm\'s own formations (p1 Formations)', () => {
  const path = (id: string, params: unknown) => {
    const r = q(id).params.safeParse(params);
    return r.success ? null : `${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`;
  };
  it('a battery stands in line (its default: no field column +1), cavalry in line, field or march column; others are refused at the field', () => {
    expect(path('march', { arm: 'artillery', formation: 'square' })).toBe('formation: a battery has no formation (limbered or not: line); found square');
    expect(path('march', { arm: 'cavalry', formation: 'square' })).toBe('formation: cavalry stands in line, fieldColumn or marchColumn, not square');
    expect(path('march', { arm: 'cavalry', formation: 'line', movingFormation: 'masse' })?.startsWith('movingFormation: ')).toBe(true);
    expect(path('bayonet', { attackers: [{ arm: 'cavalry', formation: 'square' }], defenders: [{}] })?.startsWith('attackers.0.formation: ')).toBe(true);
    expect(path('bayonet', { attackers: [{}], defenders: [{}, { arm: 'artillery', formation: 'fieldColumn' }] })?.startsWith('defenders.1.formation: ')).toBe(true);
    // A battery's default is line: no +1 for troops in field column.
    const battery = q('march').params.parse({ arm: 'artillery' }) as { formation: string };
    expect(battery.formation).toBe('line');
    expect(marchSetup(battery as never, DEFAULTS)).toBe(marchSetup(q('march').params.parse({ arm: 'artillery', formation: 'line' }) as never, DEFAULTS));
    expect((q('march').params.parse({}) as { formation: string }).formation).toBe('fieldColumn');
  });
  it('a battery is not asked whether it may charge (play never orders one to)', () => {
    const names = (params: unknown) => q('march').exact(q('march').params.parse(params) as never, DEFAULTS).distributions.map((d) => d.name);
    expect(names({ arm: 'artillery' })).not.toContain('mayCharge');
    expect(names({ arm: 'cavalry', formation: 'line' })).toContain('mayCharge');
  });
});

describe('the questions ask what play meets (bayonetPhase.ts, marchPhase.ts)', () => {
  const bayonet = (params: unknown, options = DEFAULTS) => bayonetSetup(q('bayonet').params.parse(params) as never, options);
  it('p2, aoe.countercharge: defending cavalry in good order countercharges as in play (no -2); outflanked it does not (-3 and -2), unless anyGoodOrder', () => {
    const cavalry = { attackers: [{}], defenders: [{ arm: 'cavalry' }] };
    expect(bayonet(cavalry).defender).toBe(1); // Regular
    expect(bayonet({ ...cavalry, outflanked: true }).defender).toBe(1 - 3 - 2);
    expect(bayonet({ ...cavalry, outflanked: true }, resolveOptions(AOE_OPTIONS, { 'aoe.countercharge': 'anyGoodOrder' })).defender).toBe(1 - 3);
    expect(bayonet({ attackers: [{}], defenders: [{ arm: 'cavalry', disordered: true }] }).defender).toBe(1 - 2);
    expect(q('bayonet').params.safeParse({ attackers: [{}], defenders: [{ arm: 'cavalry', countercharging: false }] }).success).toBe(false);
  });
  it('p1 Special Rules: a battery beside the defending troops is attached to them (no -2 for an unattached battery)', () => {
    // One infantry stand and the gun stand: the battery is half the stands, so an unattached one would cost -2.
    expect(bayonet({ attackers: [{}], defenders: [{ stands: 1 }, { arm: 'artillery' }] }).defender).toBe(1);
    expect(q('bayonet').params.safeParse({ attackers: [{}], defenders: [{ arm: 'artillery', attached: false }, {}] }).success).toBe(false);
  });
  it('a battery never charges in play, and fresh hits are among the unit\'s hits: both refused, naming the field', () => {
    const battery = q('bayonet').params.safeParse({ attackers: [{}, { arm: 'artillery' }], defenders: [{}] });
    expect(battery.success).toBe(false);
    expect(battery.error?.issues[0].path).toEqual(['attackers', 1, 'arm']);
    const fresh = q('bayonet').params.safeParse({ attackers: [{ hits: 1, freshHits: 2 }], defenders: [{}] });
    expect(fresh.success).toBe(false);
    expect(fresh.error?.issues[0].path).toEqual(['attackers', 0, 'freshHits']);
    expect(q('bayonet').params.safeParse({ attackers: [{ hits: 2, freshHits: 2 }], defenders: [{}] }).success).toBe(true);
  });
  it('p1 Forming Square: the square answer is for the roll play makes standing: a Columnar line wanting to move in Line has -2 for its move, none for the square', () => {
    const m = q('march');
    const e = m.exact(m.params.parse({ formation: 'line', marchMode: 'columnar' }) as never, DEFAULTS);
    expect(e.summary).toMatchObject({ modifier: -2, squareModifier: 0 });
    expect(dist(e, 'square').yes).toBeCloseTo(0.7, 12); // 4 or more on a d10, as sims/aoe/square.odds.yaml
    const names = (params: unknown) => m.exact(m.params.parse(params) as never, DEFAULTS).distributions.map((d) => d.name);
    expect(names({ formation: 'none' })).not.toContain('square'); // a unit in a village block has no formation to change (square.ts)
  });
});
