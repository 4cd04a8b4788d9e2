/**
 * How Napoleonic Avant-garde Battles speaks the common result vocabulary (src/core/vocabulary.ts;
 * rulings 5; docs/rules/nagb.md, "Results"): the scale, why an engagement ends, the purposes of its
 * tests, the leadership scale they are tallied by, its extra counters and glossary entries.
 *
 * The cohesion ladder: good order and jubilant are good; disordered, blown and silenced are disordered;
 * shaken (over half its figures lost) or without colours is shaken; broken (fleeing) is routed;
 * shattered, dispersed, surrendered or off the table is removed.
 */
import type { Scale, Vocabulary } from '../../core/vocabulary.js';
import { testPassProbability } from './leadership.js';
import { DEFAULT_NAGB_OPTIONS, type NagbOptions } from './options.js';

/** The scale of an engagement from the three scale options (rulings 1: none is stated by the text). */
export function nagbScale(o: Pick<NagbOptions, 'groundScale' | 'figureScale' | 'turnMinutes'>): Scale {
  return { groundUnit: 'inch', yardsPerUnit: o.groundScale, menPerStrength: o.figureScale, strengthUnit: 'figure', minutesPerTurn: o.turnMinutes };
}

/** The defaults' scale: 25 yd to the inch, 30 men a figure, 10 minutes a turn. */
export const NAGB_SCALE: Scale = nagbScale(DEFAULT_NAGB_OPTIONS);

/** Test purposes, in the order results tally them (rulings 5). `counted`: in the morale statistics. */
export const PURPOSES = [
  'shootingDisorder',
  'panic',
  'chargeHome',
  'breakTest',
  'proximity',
  'formSquare',
  'brigade',
  'burstThrough',
  'terrainDisorder',
  'fallBack',
  'rally',
  'charge',
  'volley',
  'pinning',
  'stand',
  'recall',
] as const;
export type NagbPurpose = (typeof PURPOSES)[number];
export const PURPOSE: { readonly [K in NagbPurpose]: number } = Object.fromEntries(PURPOSES.map((p, i) => [p, i])) as never;

/** Rulings 5: statistics count all purposes but rally and the permission tests. */
export const COUNTED: readonly boolean[] = PURPOSES.map((p) => !['rally', 'charge', 'volley', 'pinning', 'stand', 'recall'].includes(p));

/** The leadership scale checks are tallied by: the modified Ld of the test, 2 or less up to 12 or more. */
export const LD_FIRST = 2;
export const LD_SLOTS = 11;

/** Outcome reasons (rulings 5, and the victory points of a meeting engagement, p37, p41). */
export const OUTCOMES = ['attackerBroken', 'carried', 'defenderRouted', 'attackRepulsed', 'timeLimit', 'armyBroken', 'victoryPoints'] as const;
export type NagbOutcome = (typeof OUTCOMES)[number];

/** Per-side extras: key, group, label, definition. Stored as `${key}.0` and `${key}.1`. */
const PER_SIDE: readonly (readonly [string, string, string, string, boolean?])[] = [
  ['pipsRolled', 'Command', 'pips rolled', 'Command pips the side rolled: a d6 for each brigade commander (with his rating, p5), the CinC and each battery, every turn (p2).'],
  ['pipsSpent', 'Command', 'pips spent', 'Pips the side spent on orders, volleys, charges, rerolls, battery fire and reloads (p3, p19); pips not spent are lost at the end of the turn.'],
  ['rerolls', 'Command', 'rerolls bought', 'Failed tests the side rerolled for a pip of a commander within his radius (p3).'],
  ['unhorsed', 'Command', 'commanders unhorsed', 'Times a commander adding personal influence rolled double 5 or double 6 and lost his pips (p4).'],
  ['initiativeWon', 'Command', 'initiative won', 'Turns the side won the initiative roll (p2) and moved first.'],
  ['volleys', 'Shooting', 'volleys fired', 'Volleys of a whole front rank (p10), ordered for a pip or given by a passed stand-and-shoot test (p12).'],
  ['lowAmmo', 'Shooting', 'units low on ammunition', 'Volleys whose to-hit dice left the unit low on ammunition (p10, nagb.lowAmmo): no more volleys that battle.'],
  ['smallArmsKills', 'Shooting', 'figures killed by small arms', 'Casualties the side inflicted with muskets, rifles, carbines and pistols (p10), stand and shoot included.'],
  ['artilleryKills', 'Shooting', 'figures killed by artillery', 'Casualties the side inflicted with ball, canister and shell (p20-21).'],
  ['meleeKills', 'Hand to hand', 'figures killed in hand to hand', 'Casualties the side inflicted in hand to hand and free hacks on caught fugitives (p14, p16).'],
  ['standAndShoot', 'Charges', 'stand and shoot', 'Times a charged unit of the side stood and shot (p12): a test for a volley, then fire at the range of a d6.'],
  ['firedHigh', 'Charges', 'fired high', 'Stand-and-shoot fire whose range roll was beyond the chargers\' starting distance: no effect (p12, p17).'],
  ['chargesHalted', 'Charges', 'charges halted by fire', 'Charges of the side stopped short and disordered by the target\'s fire (p13, p18).'],
  ['chargesRefused', 'Charges', 'charge tests failed', 'Charges of the side that never started: the leadership test required to charge a formed enemy in good order head-on failed (p12).'],
  ['caughtFleeing', 'Charges', 'fugitives caught', 'Enemy units the side caught fleeing after a charge or a melee: colours taken, a free hack (p13, p16).'],
  ['squareTests', 'Cavalry', 'square tests', 'Tests the side\'s infantry took to form square when charged (p13).'],
  ['squaresFormed', 'Cavalry', 'squares formed', 'Square tests the side\'s infantry passed (p13).', true],
  ['blown', 'Cavalry', 'cavalry blown', 'Times the side\'s cavalry was blown after a melee with a formed unit and not recalled (p23).'],
  ['recalls', 'Cavalry', 'recalls passed', 'Cavalry of the side recalled after a melee (p23): it falls back 3d6 in good order instead of pursuing.'],
  ['sectorsEntered', 'Villages', 'village sectors entered', 'Times a unit of the side entered a village sector from its edge (p30).'],
  ['breakThroughs', 'Cavalry', 'cavalry broke through', 'Times cavalry of the side rode 2d6 through the enemy cavalry it fought to a draw or with nobody broken, instead of falling back (p23, nagb.cavalryBreakThrough).'],
];

export const PER_SIDE_KEYS: readonly string[] = PER_SIDE.map((e) => e[0]);
export const EXTRA_KEYS: readonly string[] = PER_SIDE_KEYS.flatMap((k) => [`${k}.0`, `${k}.1`]);

export const NAGB_VOCABULARY: Vocabulary = {
  broken: 'broken',
  outcomes: [
    { id: 'attackerBroken', label: 'the attacking brigade broke', doc: 'In an End phase the attacking brigade was broken (60% losses, p29) or had no unbroken unit left (rulings 5).' },
    { id: 'carried', label: 'the attacker carried the objective', doc: 'In an End phase the attacker held the objective: an unbroken unit within 4" and no enemy within 6" (p37; rulings 5).' },
    { id: 'defenderRouted', label: 'the defenders were routed', doc: 'In an End phase the defending brigade was broken (p29) or no unbroken defender stood within 6" of the objective (rulings 5).' },
    { id: 'attackRepulsed', label: 'the attack was repulsed', doc: 'After the last turn (p37) the attacking brigade had faltered at 50% losses (p29): the defender holds.' },
    { id: 'timeLimit', label: 'turn limit reached', doc: 'After the last turn (p37) neither side had broken or carried the objective; the scenario says who is credited.', timeLimit: true },
    { id: 'armyBroken', label: 'the other army broke', doc: 'Meeting engagement: in an End phase every brigade of a side was broken (p29; rulings 5): the other side wins.' },
    { id: 'victoryPoints', label: 'on victory points', doc: 'Meeting engagement: after the last turn the side with more victory points wins (broken brigade 5, shaken unit 1, shattered unit 2, objective 5; p37, p41); equal points are a draw.', timeLimit: true },
  ],
  checkPurposes: [
    { id: 'shootingDisorder', label: 'disorder from shooting', doc: 'A unit in good order that lost its class share of figures to one fire step tests; failing, it is disordered (p11, p27).', counted: true },
    { id: 'panic', label: 'panic from shooting', doc: 'A disordered unit that lost its class share to one fire step tests; failing, it breaks and flees 2d6 (p11, p28; never in a village, p31).', counted: true },
    { id: 'chargeHome', label: 'pressing home a charge', doc: 'Chargers hit by stand-and-shoot fire test as from shooting; failing, they halt 1" short, disordered (p13, p18).', counted: true },
    { id: 'breakTest', label: 'break test', doc: 'The loser of a hand-to-hand round tests at Ld less the margin (stubborn: unmodified); failing, it breaks and flees (p15, p39).', counted: true },
    { id: 'proximity', label: 'proximity', doc: 'After a close-combat phase a unit within 6" of a friend that broke from melee tests: good order to disordered, disordered to broken (p28).', counted: true },
    { id: 'formSquare', label: 'forming square', doc: 'Infantry charged tests to form square: -1 in line or march column, -4 if the chargers are within half their charge move (p13).', counted: true },
    { id: 'brigade', label: 'brigade test', doc: 'At 50% (faltering) and 60% (broken) brigade losses each unit tests: good order falls back 2d6, disordered flees 2d6 (p29).', counted: true },
    { id: 'burstThrough', label: 'burst-through', doc: 'A unit routers burst through tests; failing, it drops one state and may not fire that turn (p28).', counted: true },
    { id: 'terrainDisorder', label: 'terrain disorder', doc: 'A unit that moved at normal pace or charged through difficult terrain tests at the end of its move (p6, p22), chargers at contact (p13).', counted: true },
    { id: 'fallBack', label: 'falling back', doc: 'A unit ordered to fall back d6" (or 2d6" at -1) tests; failing, a good unit is disordered, a disordered one breaks (p6).', counted: true },
    { id: 'rally', label: 'rally', doc: 'A disordered or broken unit tests in the rally phase; passing, it goes up one state (p2, p27). Not counted.', counted: false },
    { id: 'charge', label: 'test to charge', doc: 'A frontal charge on a formed unit in good order needs a test unless the chargers outnumber it over 2:1 or it is aggressive cavalry (p12). Not counted.', counted: false },
    { id: 'volley', label: 'stand-and-shoot volley', doc: 'A unit standing and shooting tests: passing, it volleys with its whole front rank (p12, p17). Not counted.', counted: false },
    { id: 'pinning', label: 'pinning', doc: 'A unit within 8" of enemy foot or horse tests to change formation; failing, the pip is lost (p7). Not counted.', counted: false },
    { id: 'stand', label: 'test to stand', doc: 'A melee winner tests to stand instead of pursuing or falling back (p16). Not counted.', counted: false },
    { id: 'recall', label: 'recall', doc: 'Cavalry that won a melee tests at Ld less the margin to be recalled (p23); blown cavalry recalled in the rally phase tests at its Ld, disordered (p2, p23). Not counted.', counted: false },
  ],
  ratings: {
    name: 'modified leadership',
    labels: ['2 or less', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12 or more'],
    // Rulings 1: a test fails when 2d6 exceeds the modified Ld.
    failure: { rule: 'p17-18: P(2d6 > Ld)', p: Array.from({ length: LD_SLOTS }, (_, i) => 1 - testPassProbability(LD_FIRST + i)) },
  },
  extras: PER_SIDE.map(([key, group, label, definition, hidden]) => ({ key, group, label, definition, perSide: true, ...(hidden ? { hidden } : {}) })),
  extraRatios: [
    {
      id: 'squareRate',
      group: 'Cavalry',
      label: 'Squares formed per square test',
      definition: 'Of the tests infantry took to form square when charged (p13), the share passed, all the cell\'s engagements pooled.',
      kind: 'share',
      numerator: ['squaresFormed.0', 'squaresFormed.1'],
      denominator: ['squareTests.0', 'squareTests.1'],
      of: ['test', 'tests'],
    },
    {
      id: 'lowAmmoRate',
      group: 'Shooting',
      label: 'Volleys that left the unit low on ammunition',
      definition: 'Of the volleys fired (p10), the share whose to-hit dice showed more 6s than 1s (nagb.lowAmmo): the unit fired its last volley.',
      kind: 'share',
      numerator: ['lowAmmo.0', 'lowAmmo.1'],
      denominator: ['volleys.0', 'volleys.1'],
      of: ['volley', 'volleys'],
    },
    {
      id: 'haltedRate',
      group: 'Charges',
      label: 'Charges halted by stand-and-shoot fire, per stand and shoot',
      definition: 'Of the times a charged unit stood and shot (p12), the share in which the chargers failed their test and halted 1" short, disordered (p18).',
      kind: 'share',
      numerator: ['chargesHalted.0', 'chargesHalted.1'],
      denominator: ['standAndShoot.0', 'standAndShoot.1'],
      of: ['stand and shoot', 'stands and shoot'],
    },
    {
      id: 'pipsPerTurn',
      group: 'Command',
      label: 'share of pips spent',
      definition: 'Pips the side spent over pips it rolled (p2, p3): how much of its command it used.',
      kind: 'share',
      numerator: ['pipsSpent.{side}'],
      denominator: ['pipsRolled.{side}'],
      of: ['pip', 'pips'],
      perSide: true,
    },
  ],
  casualties:
    'Figures killed by fire and in hand to hand, each the scenario’s men a figure; the figures of units removed whole (shattered, dispersed, surrendered or fled off the table, p16, p27-28) are men lost but not casualties.',
  glossary: [
    { term: 'strength', definition: 'Figures (gun crews for batteries); a figure is nagb.figureScale men (30 by default), so a 24-figure battalion is 720 men.', place: 'measures' },
    { term: 'casualties', definition: 'Figures killed by fire and in hand to hand. Men lost also counts the figures of units removed whole: shattered (over 75% lost), dispersed without colours, surrendered or fled off the table (p16, p27-28).', place: 'measures' },
    { term: 'minutes', definition: 'Turns played times nagb.turnMinutes (10 by default): the text gives no time scale (rulings 1).', place: 'measures' },
    { term: 'disordered', definition: 'p27: -1 to shooting, hand to hand and tests; no charges, no formation changes but square. Blown cavalry and silenced batteries count as disordered.', place: 'rules' },
    { term: 'shaken', definition: 'p27-28: over 50% of its figures lost, or its colours lost: permanently disordered. A unit without colours below half strength is removed.', place: 'rules' },
    { term: 'broken', definition: 'p15, p28: fleeing 2d6 (cavalry 3d6) straight away from the enemy, again each turn it fails to rally; off the table it is lost. A brigade is broken at 60% losses (p29).', place: 'rules' },
    { term: 'faltering', definition: 'p29: a brigade at 50% losses; each unit tests: good order falls back 2d6, disordered flees.', place: 'rules' },
    { term: 'pips', definition: 'p2-5: each brigade commander, CinC and battery rolls a d6 of pips a turn; an order to a unit within the radius costs one, more beyond it.', place: 'rules' },
    { term: 'stand and shoot', definition: 'p12, p17: a loaded unit charged fires at a range of a d6 (modified by class); a passed test makes it a volley; chargers hit test to press home.', place: 'rules' },
    { term: 'village sector', definition: 'p30-31: a built-up block holding one battalion; hard cover, defenders strike first and assaulters hit on 6s only; no unit breaks there from shooting.', place: 'rules' },
  ],
  report: {
    objectiveHolder: 'p37: the side with an unbroken unit within 4" of it and no enemy within 6"',
    formations: 'each brigade (broken at 60% losses: p29) and each whole army (broken when every brigade of it is: rulings 5)',
    army: 'Whole army (rulings 5)',
    retreats: {
      forced: 'Forced (melee, brigade test)',
      voluntary: 'Voluntary (ordered, recall)',
      definition: 'forced retreats are the falls back after a lost or drawn melee (p14-16) and after a brigade test (p29); voluntary ones are ordered falls back and cavalry recalls (rulings 5).',
    },
    strengthLost: 'p16, p27-28: figures killed by fire and in hand to hand, and the figures of units removed whole, shattered, dispersed, surrendered or fled off the table',
    eliminated: 'p16, p27-28: shattered, dispersed without colours, surrendered or fled off the table',
  },
};

/** The purpose index of an id. */
export function purposeOf(p: NagbPurpose): number {
  return PURPOSE[p];
}
