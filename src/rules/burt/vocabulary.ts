/**
 * How Burt's rules speak the common result vocabulary (src/core/vocabulary.ts; rulings, "Mapping to
 * the common result vocabulary"; docs/rules/burt.md, "Results"): the scale of 1, the outcome reasons,
 * the purposes of the morale tests of 8 and 10, the classes A-E they are tallied by, the extra counters
 * and the glossary.
 *
 * The cohesion ladder: formed and unformed are good; disordered is disordered; shaken is shaken; rout
 * is routed; a unit with no figures (no guns) or that routed off the lane is removed.
 */
import type { Scale, Vocabulary } from '../../core/vocabulary.js';
import { SCALE } from './tables.js';
import { MORALE_PURPOSES, type MoralePurpose } from './morale.js';

/** 1: an inch is 25 yards, a figure 30 men, a turn 15 minutes. */
export const BURT_SCALE: Scale = {
  groundUnit: 'inch',
  yardsPerUnit: SCALE.yardsPerInch,
  menPerStrength: SCALE.menPerFigure,
  strengthUnit: 'figure',
  minutesPerTurn: SCALE.minutesPerTurn,
};

/** Check purposes in the order results tally them: MORALE_PURPOSES (8, 10). */
export const PURPOSE: Readonly<Record<MoralePurpose, number>> = Object.fromEntries(MORALE_PURPOSES.map((p, i) => [p, i])) as Record<MoralePurpose, number>;

/**
 * 8: classes by their index on the rating scale, from the shakiest (E, 6 to pass) to the steadiest
 * (A, 2 to pass).
 */
export const CLASS_LABELS = ['E', 'D', 'C', 'B', 'A'] as const;
export type ClassLabel = (typeof CLASS_LABELS)[number];
export const CLASS_INDEX: Readonly<Record<ClassLabel, number>> = { E: 0, D: 1, C: 2, B: 3, A: 4 };

/** Per-side extras: key, group, label, definition. Stored as `${key}.0` and `${key}.1`. */
const PER_SIDE: readonly (readonly [string, string, string, string])[] = [
  ['assaultsFailed', 'Assault', 'assaults called off', 'Declared assaults that never went home because the assaulting unit failed its test to go in (8, 9: it loses a level and stays) or its target got away.'],
  ['countercharges', 'Assault', 'countercharges', 'Assaulted units that met the assault with a charge of their own (9.r2), meeting the assaulters half way.'],
  ['evades', 'Assault', 'evades', 'Assaulted units that turned about and fell back a move plus a die less a die (9.r3).'],
  ['reactionVolleys', 'Fire', 'reaction volleys', 'Volleys assaulted units fired at their assaulters in step 10 (9.r1).'],
  ['volleys', 'Fire', 'volleys', 'Fires made in step 9 (6), by foot, horse and guns.'],
  ['gunsLost', 'Fire', 'guns put out of action', 'Gun models silenced or destroyed by the d6 rolled for each casualty on a battery (6).'],
  ['meleeRounds', 'Melee', 'melee rounds', 'Rounds of melee the side fought in step 11 (9), one per melee a turn.'],
  ['pushBacks', 'Melee', 'pushed back', 'Times a unit of the side lost a round by less than two to one and was pushed back (9).'],
  ['pursuits', 'Melee', 'pursuits', 'Times a unit of the side began to pursue a broken enemy (3.3, 9: cavalry must, by burt.pursuit).'],
  ['rallies', 'Morale', 'rallies', 'Routing units that passed a rally test and became shaken with REGROUP orders (7, 8, 11).'],
  ['regroups', 'Morale', 'levels regrouped', 'Levels of order regained by units with REGROUP orders in step 8 (4, 7).'],
  ['reservesCommitted', 'Command', 'reserves committed', 'Units that left RESERVE orders, by choice or by force (4, 10, 11): each cost the army a point of morale.'],
  ['interpenetrations', 'Movement', 'interpenetrations', 'Times a unit of the side passed through a friend; both bodies lose a level unless one is skirmishers (12).'],
  ['figuresDispersed', 'Losses', 'figures dispersed', 'Figures of units that routed off the lane: men lost to the side but not killed or wounded (rulings, "Mapping").'],
];

export const PER_SIDE_EXTRAS = PER_SIDE.map((e) => e[0]);
export type PerSideExtra = (typeof PER_SIDE)[number][0];
/** Index of each per-side extra (the play loop counts them in a typed array). */
export const EXTRA_INDEX: Readonly<Record<string, number>> = Object.fromEntries(PER_SIDE_EXTRAS.map((k, i) => [k, i]));
export const GLOBAL_EXTRAS = ['assaults', 'squareChecks', 'squaresFormed'] as const;
/** EXTRA_INDEX as constants, for the play loop's counters (bump(g, EXTRA.volleys, side)). */
export const EXTRA = {
  assaultsFailed: 0,
  countercharges: 1,
  evades: 2,
  reactionVolleys: 3,
  volleys: 4,
  gunsLost: 5,
  meleeRounds: 6,
  pushBacks: 7,
  pursuits: 8,
  rallies: 9,
  regroups: 10,
  reservesCommitted: 11,
  interpenetrations: 12,
  figuresDispersed: 13,
} as const satisfies Record<PerSideExtra, number>;
for (const [k, i] of Object.entries(EXTRA)) if (EXTRA_INDEX[k] !== i) throw new Error(`internal: EXTRA.${k} is ${i}, EXTRA_INDEX says ${EXTRA_INDEX[k]}`);

export const BURT_VOCABULARY: Vocabulary = {
  broken: 'demoralised',
  outcomes: [
    { id: 'carried', label: 'the attacker carried the position', doc: 'At the end of a turn an attacking unit not routing stands in the objective zone and no defender not routing does (rulings, "Mapping").' },
    { id: 'defenderRouted', label: 'every defender routed', doc: 'At the end of a turn every defending unit is routing or removed (7, 8), the objective not yet carried.' },
    { id: 'attackerBroken', label: 'the attacking foot and horse routed', doc: "At the end of a turn every attacking unit of foot or horse is routing or removed (7, 8); the attacker's guns do not count." },
    { id: 'repulsed', label: 'the attack was repulsed', doc: "At the end of a turn no attacking foot or horse is better than shaken (7), or the attacker's doctrine gave up the attack." },
    { id: 'time', label: 'turn limit reached', doc: 'The turn limit was reached; the scenario says who is credited (the defender unless it says otherwise).', timeLimit: true },
  ],
  checkPurposes: [
    { id: 'fireLoss', label: '10% casualties from fire', doc: 'A unit that lost a tenth of its figures (a battery: a gun) to fire this turn tests in step 12 (8); failing, it loses a level.', counted: true },
    { id: 'assault', label: 'trying to assault', doc: 'An assaulting unit tests before it goes in (8, 9, step 10); failing, it loses a level and does not assault.', counted: true },
    { id: 'assaulted', label: 'being assaulted', doc: 'An assaulted unit tests before it reacts (8, 9, step 10); failing, it routs.', counted: true },
    { id: 'support', label: 'supporting an assaulted unit', doc: 'A reserve committed to support an assaulted friend tests in step 10 (8); failing, it loses a level and gives no support.', counted: true },
    { id: 'melee', label: 'after an indecisive melee', doc: 'Both sides of a melee that broke neither test in step 12 (9, burt.indecisiveMelee); failing, a unit loses a level.', counted: true },
    { id: 'friendsRouting', label: 'seeing friends routing', doc: 'A unit that sees a friend routing tests in step 12 (8, burt.seeingRouts); failing, it loses a level.', counted: true },
    { id: 'armyMorale', label: 'loss of army morale', doc: "Every unit tests at once, at -1, when its army's morale first reaches 0 (10); failing, it loses a level.", counted: true },
    { id: 'rally', label: 'rallying from rout', doc: 'A routing unit tests each turn after it routed (8, step 12): passing, it rallies to shaken with REGROUP orders.', counted: false },
    { id: 'stopPursuit', label: 'stopping a pursuit', doc: 'A pursuing unit tests each turn after it began (8, step 12): passing, it stops with REGROUP orders.', counted: false },
    { id: 'regroup', label: 'regrouping', doc: 'Under burt.regroupTest moraleTest, a unit with REGROUP orders tests in step 8 to regain a level (4, 7).', counted: false },
  ],
  ratings: { name: 'class', labels: CLASS_LABELS },
  extras: [
    { key: 'assaults', group: 'Assault', label: 'assaults declared', definition: 'Assaults declared by both sides in step 4 (5, 9).', perSide: false },
    { key: 'squareChecks', group: 'Cavalry', label: 'charges at infantry that could form square', definition: 'Assaults by cavalry on infantry with MANOEUVER orders when the charge was declared: the infantry could form square in step 5 (5, 12).', perSide: false },
    { key: 'squaresFormed', group: 'Cavalry', label: 'charges met by a square', definition: 'Of those charges, the ones whose target stood in square when the cavalry tested to go in (step 10).', perSide: false, hidden: true },
    ...PER_SIDE.map(([key, group, label, definition]) => ({ key, group, label, definition, perSide: true })),
  ],
  extraRatios: [
    {
      id: 'squaresPerChance',
      group: 'Cavalry',
      label: 'Squares formed per chance to form one',
      definition: 'Of the cavalry charges at infantry with MANOEUVER orders (which may form square in step 5), the share in which the infantry stood in square when the cavalry tested to go in; all the cell’s engagements pooled.',
      kind: 'share',
      numerator: ['squaresFormed'],
      denominator: ['squareChecks'],
      of: ['charge', 'charges'],
    },
  ],
  casualties:
    'Figures removed by fire and melee (hits not saved, 6 and 9), 30 men each (1), and the crews of guns put out of action; the figures of units that rout off the lane are men lost but not casualties.',
  glossary: [
    { term: 'men lost', definition: 'Figures lost times 30 (1): killed and wounded figures removed by fire and melee, gun crews of guns put out of action, and the figures of units that routed off the lane (dispersed, not killed).', place: 'measures' },
    { term: 'casualties', definition: 'Of the men lost, the figures removed by fire and melee and the crews of lost guns: men dispersed when a routing unit leaves the lane are not casualties.', place: 'measures' },
    { term: 'order class', definition: 'Burt’s cohesion (7): formed, unformed, disordered, shaken, rout. Formed and unformed count as good order; disordered, shaken and rout are the ladder’s rungs of the same names.', place: 'rules' },
    { term: 'orders', definition: 'Each unit has one order chit (4): RESERVE, MANOEUVER, FIRE, ASSAULT or REGROUP. Only units the brigade’s command element touches may change orders (2); guns and skirmishers always may.', place: 'rules' },
    { term: 'army morale', definition: 'A counter, one a unit by default (10): each rout and each unit leaving RESERVE costs one; at 0 every unit tests at once and all later tests are at -1. The army broken turn is the turn it reached 0.', place: 'rules' },
    { term: 'class', definition: 'The morale class (8): the score a d6 plus modifiers must reach, A 2, B 3, C 4, D 5, E 6.', place: 'rules' },
  ],
  report: {
    objectiveHolder: 'the side with a unit not routing in the objective zone and the other side with none there (rulings, "Mapping")',
    formations: 'each formation and each whole army (10: an army is broken when its army morale reaches 0)',
    army: 'Whole army (10)',
    retreats: {
      forced: 'Forced (rout, push-back, shaken)',
      voluntary: 'Voluntary (evade, ordered move)',
      definition: 'forced retreats are routs (7, 8), push-backs after a lost melee round (9) and the fall-back of a unit that became shaken (3.3, 8); voluntary ones are evades from an assault (9.r3) and moves away from the enemy under orders (4).',
    },
    strengthLost: 'figures removed by fire and melee, the crews of guns put out of action (6, 9), and the figures of units that routed off the lane',
    eliminated: 'no figures or no guns left, or routed off the lane',
  },
};
