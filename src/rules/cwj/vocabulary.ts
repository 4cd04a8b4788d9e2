/**
 * How the CWJ-based rules speak the common result vocabulary (src/core/vocabulary.ts; rulings section
 * 10; docs/rules/cwj.md, "Results"): the scale, why an engagement ends, why units roll on the Rally
 * Table, the rating scale those rolls are tallied by, the extra counters and the glossary.
 *
 * The cohesion ladder: disordered and unformed units are disordered; a Rally Table rout reaches routed
 * (and removed, at once); eliminated, surrendered, off-table and control-removed units are removed.
 * Nothing in these rules is shaken.
 */
import { TWO_D6_WAYS } from '../../core/dice.js';
import type { Scale, Vocabulary } from '../../core/vocabulary.js';
import { RALLY_PASS_AT } from './rally.js';

/**
 * Rulings section 1: ground in cm at `cwj.yardsPerCm` (25); no figure scale (a unit is whole or
 * removed, its men the scenario's: 720 a line battalion in the common order of battle, the default
 * here); `cwj.minutesPerTurn` (10) a game turn.
 */
export const CWJ_SCALE: Scale = {
  groundUnit: 'cm',
  yardsPerUnit: 25,
  menPerStrength: 720,
  strengthUnit: 'unit',
  minutesPerTurn: 10,
};

/** Check purposes, in the order results tally them (rulings section 10). */
export const PURPOSE = { contact: 0, withdrawal: 1, rough: 2, rally: 3 } as const;
export type CwjPurpose = keyof typeof PURPOSE;

/**
 * The rating a counted check is tallied by: the roll's whole modifier (2d6 + modifier, 9 or more
 * passes). Below -4 every roll fails and from +7 none does, so the ends lose nothing.
 */
export const RATING_FIRST = -4;
export const RATING_SLOTS = 12;

/** P(2d6 + m < 9): the chance a Rally Table check with modifier m fails. */
export function checkFailure(m: number): number {
  let ways = 0;
  for (let s = 2; s <= 12; s++) if (s + m < RALLY_PASS_AT) ways += TWO_D6_WAYS[s];
  return ways / 36;
}

const RATING_LABELS = Array.from({ length: RATING_SLOTS }, (_, i) => {
  const m = RATING_FIRST + i;
  const s = m > 0 ? `+${m}` : String(m);
  return i === 0 ? `${s} or less` : i === RATING_SLOTS - 1 ? `${s} or more` : s;
});

/** Per-side extras: key, group, label, definition, hidden. */
const PER_SIDE: readonly (readonly [string, string, string, string, boolean?])[] = [
  ['passesSpent', 'Command', 'morale passes spent', 'Morale passes the corps commanders spent in the rally phase: a disordered or unformed unit within 30 cm turned good with no roll ([Rally] l.24-32).'],
  ['rallyRolls', 'Command', 'rally rolls', 'Rally Table rolls of disordered or unformed units in their rally phase ([SoP] l.5-6).', true],
  ['rallyPassed', 'Command', 'rally rolls passed', 'Rally rolls of 9 or more: the unit turned good ([Rally] l.55-58).', true],
  ['generalTries', 'Command', 'fire results a general tried to lower', 'Firing Table results of 7 or more on a unit with a divisional general attached: he must try to lower them one level, on 5-6 ([Gen] l.287-289).'],
  ['generalDowngrades', 'Command', 'fire results a general lowered', 'Of those tries, the ones that lowered the result one level ([Gen] l.288-289).'],
  ['chipsLost', 'Army morale', 'chips into the army dish', 'Poker chips the side put into its army dish: 2 for each unit that left the table, 1 for each failed rally ([Win] l.293-306); the side is defeated when the dish reaches its army morale.'],
  ['unformed', 'Movement', 'units left unformed', 'Times a unit failed its rough-terrain test and was left unformed ([Rough] l.110-124).'],
  ['withdrawals', 'Cavalry', 'cavalry withdrawals', 'Times the side’s cavalry withdrew 2d6 cm from enemy foot or guns that had moved within 10 cm ([Spec] l.107-109).'],
  ['chargesRepulsed', 'Cavalry', 'charges repulsed', 'Charges (cavalry moving into contact) that retreated or were removed before winning: the rulings’ "went home" (section 10).'],
  ['controlTests', 'Cavalry', 'control tests', 'Cavalry Control Table rolls of cavalry that won a melee ([Control] l.255-283).', true],
  ['controlled', 'Cavalry', 'controlled', 'Control tests of 10 or more: the cavalry could stay or move again ([Control] l.277-279).'],
  ['milled', 'Cavalry', 'milled about', 'Control tests of 8-9: the cavalry stayed where it was ([Control] l.274-275).'],
  ['uncontrolled', 'Cavalry', 'uncontrolled', 'Control tests of 7 or less: an uncontrolled move after the beaten foe or an uncontrolled charge, disordered ([Control] l.266-272).'],
  ['controlRemoved', 'Cavalry', 'lost on a natural 2', 'Control tests that rolled a natural 2: the regiment left the field ([Control] l.258-259).'],
  ['surrendered', 'Losses', 'units surrendered', 'Units whose retreat ran into another enemy: they surrendered and their men count as captured ([Rally] l.47-48; rulings 4.6).'],
  ['offTable', 'Losses', 'units off the table', 'Units whose retreat carried them past their table edge ([Rally] l.44-48; rulings 4.6).'],
  ['fireRolls', 'Fire', 'fire rolls', 'Rolls on the Firing Table ([Fire] l.143-158); two batteries firing together roll once.', true],
  ['fireEffective', 'Fire', 'fire rolls with an effect', 'Fire rolls whose final result (after a general’s try) was more than no effect: 7 or more.', true],
];

export const CWJ_VOCABULARY: Vocabulary = {
  // One word for both [Win] states, each about chips: a corps with none left is fatigued, an army whose
  // dish reached its army morale is defeated.
  broken: 'spent',
  outcomes: [
    { id: 'attackerBroken', label: 'the attacker broke: army defeated or every unit gone', doc: 'The attacker’s army dish reached its army morale, or it has no units left ([Win] l.295; rulings 10).' },
    { id: 'defenderRouted', label: 'the defender broke: army defeated or every unit gone', doc: 'The defender’s army dish reached its army morale, or all its units were removed ([Win] l.295; rulings 10); in a charge scenario, the battalion was removed.' },
    { id: 'carried', label: 'the attacker carried the position or drove the battalion back', doc: 'The attacker held the objective (a unit in it, no enemy) at the end of a player turn (rulings 10); in a charge scenario, the battalion retreated.' },
    { id: 'repulsed', label: 'the attacker was repulsed', doc: 'Every attacking corps was fatigued (no chips left) before carrying, with no leader-led unit able to advance ([Win] l.304-306; rulings 10); in a charge scenario, the battalion stood.' },
    { id: 'time', label: 'turn limit reached', doc: 'The turn limit was reached: the objective’s holder wins, the defender if no one has held it (rulings 10).', timeLimit: true },
    { id: 'draw', label: 'both armies defeated at once', doc: 'Both army dishes reached their army morale in the same phase (`cwj.mutualDefeat` = draw).' },
  ],
  checkPurposes: [
    { id: 'contact', label: 'contact check', doc: 'Infantry not in square contacted by cavalry, or any infantry contacted by an infantry column, rolls on the Rally Table: below 9 it is disordered, retreats or routs ([Contact] l.125-129).', counted: true },
    { id: 'withdrawal', label: 'after a withdrawal', doc: 'Cavalry that withdrew 2d6 cm rolls on the Rally Table: below 9 the result applies ([Spec] l.107-109).', counted: true },
    { id: 'rough', label: 'rough terrain', doc: 'A unit moving through water, woods, uphill or across a linear obstacle rolls on the Rally Table: below 9 it is unformed ([Rough] l.110-124).', counted: true },
    { id: 'rally', label: 'rally roll', doc: 'A disordered or unformed unit must roll in its rally phase: 9 or more it turns good ([SoP] l.5-6, [Rally] l.24-58). A recovery, not a measure of steadiness.', counted: false },
  ],
  ratings: {
    name: 'check modifier',
    labels: RATING_LABELS,
    failure: {
      rule: 'Rally Table: 2d6 + modifier below 9 fails',
      p: Array.from({ length: RATING_SLOTS }, (_, i) => checkFailure(RATING_FIRST + i)),
    },
  },
  extras: [
    { key: 'standingMelees', group: 'Melee', label: 'melees fought again', definition: 'Melees fought by units left in contact from an earlier melee phase: a standoff or a loss by 1 keeps contact ([Melee] l.247-254).', perSide: false },
    { key: 'melees', group: 'Melee', label: 'melees', definition: 'Melees fought, both sides: each group of units in contact in a melee phase ([Melee] l.226-254).', perSide: false },
    ...PER_SIDE.map(([key, group, label, definition, hidden]) => ({ key, group, label, definition, perSide: true, ...(hidden ? { hidden } : {}) })),
  ],
  extraRatios: [
    {
      id: 'rallyRate',
      group: 'Command',
      label: 'rally rolls passed',
      definition: 'Of the Rally Table rolls disordered and unformed units made in their rally phase, the share that passed (9 or more), all the cell’s engagements pooled.',
      kind: 'share',
      numerator: ['rallyPassed.{side}'],
      denominator: ['rallyRolls.{side}'],
      of: ['roll', 'rolls'],
      perSide: true,
    },
    {
      id: 'controlRate',
      group: 'Cavalry',
      label: 'control tests controlled',
      definition: 'Of the control tests of winning cavalry, the share of 10 or more (controlled), all the cell’s engagements pooled.',
      kind: 'share',
      numerator: ['controlled.0', 'controlled.1'],
      denominator: ['controlTests.0', 'controlTests.1'],
      of: ['test', 'tests'],
    },
    {
      id: 'fireRate',
      group: 'Fire',
      label: 'fire rolls with an effect',
      definition: 'Of the side’s fire rolls, the share with a result of 7 or more after any general’s try.',
      kind: 'share',
      numerator: ['fireEffective.{side}'],
      denominator: ['fireRolls.{side}'],
      of: ['roll', 'rolls'],
      perSide: true,
    },
  ],
  casualties:
    'None until a unit is eliminated by fire or melee: a CWJ unit is whole or removed, and its men count all at once (rulings 10); routed units are dispersed and surrendered ones captured. A rate an hour is then of whole battalions over short engagements, and may pass 100%.',
  glossary: [
    { term: 'men lost', definition: 'A CWJ unit is whole or removed: a removed unit loses all its men (the scenario gives each unit’s men). Units eliminated by fire or melee count as casualties; routed units and units off the table as dispersed; surrendered units as captured.', place: 'measures' },
    { term: 'strength', definition: 'Counted in units (battalions, cavalry regiments, batteries): a side of six units that lost two lost two strength.', place: 'measures' },
    { term: 'hours', definition: 'A game turn (both players’ turns) is cwj.minutesPerTurn minutes (10 by default): the text gives no time scale.', place: 'measures' },
    { term: 'Rally Table', definition: '2d6 + rally mod (+1 with a general attached): 3 or less routs, 4-5 retreats 30 cm, 6-8 stays disordered, 9 or more passes. Contact checks, withdrawals and rough-terrain tests read it too ([Rally] l.34-58).', place: 'rules' },
    { term: 'Firing Table', definition: '2d6 + fire mod + modifiers: 6 or less no effect, 7-9 disordered, 10-11 retreats 30 cm disordered, 12 or more eliminated ([Fire] l.143-158).', place: 'rules' },
    { term: 'melee', definition: 'Each side adds its units’ melee factors and modifiers and one d6; the lower loses: by 5 or more eliminated, 2-4 retreats 20 cm disordered, 1 disordered in contact, a tie disorders everyone ([Melee] l.226-253).', place: 'rules' },
    { term: 'spent', definition: 'A corps is spent (fatigued) when its dish of poker chips is empty: its units may no longer move toward the enemy unless a general leads them ([Win] l.297-306). An army is spent (defeated) when its army dish holds as many chips as its army morale ([Win] l.295).', place: 'rules' },
    { term: 'army morale', definition: 'The sum of a side’s corps fatigue numbers, +2 per terrain objective it holds, -2 per one it lost; the side is defeated when its army dish holds that many chips ([Win] l.293-296).', place: 'rules' },
    { term: 'unformed', definition: 'Left by a failed rough-terrain test: acts as disordered, but a failed rally costs no chip and it ends when the unit stays still in its movement phase ([Rough] l.121-124).', place: 'rules' },
    { term: 'morale pass', definition: 'A corps commander’s one-use pass: a disordered unit of his corps within 30 cm turns good in the rally phase with no roll ([Rally] l.24-32).', place: 'rules' },
  ],
  report: {
    objectiveHolder: 'rulings 8: the side with a unit in it and no enemy there; an empty or contested objective stays with its last holder',
    formations: 'each corps (spent, or fatigued, when its dish of chips is empty: [Win] l.297-306) and each whole army (spent, or defeated, when its army dish holds as many chips as its army morale: [Win] l.295)',
    army: 'Whole army ([Win] l.295)',
    retreats: {
      forced: 'Forced (fire, melee, Rally Table)',
      voluntary: 'Voluntary (withdrawal)',
      definition: 'forced retreats follow a Firing Table 10-11, a melee lost by 2-4 (and capped cavalry) and a Rally Table 4-5 (rulings 10); voluntary ones are cavalry withdrawals from a closing enemy ([Spec] l.107-109).',
    },
    strengthLost: 'rulings 10: a unit is whole until it leaves play, so it counts once, when it is eliminated by fire or melee, routs, surrenders or leaves the table',
    eliminated: 'rulings 10: eliminated by fire or melee, routed, surrendered, off the table, or removed on a natural 2 on the Control Table',
  },
};

/** The rating slot of a check with modifier m. */
export function ratingSlot(m: number): number {
  const i = m - RATING_FIRST;
  return i < 0 ? 0 : i >= RATING_SLOTS ? RATING_SLOTS - 1 : i;
}

/** Every extra's key in results (per-side ones as `${key}.0` and `${key}.1`), in a fixed order. */
export const EXTRA_KEYS: readonly string[] = CWJ_VOCABULARY.extras.flatMap((e) => (e.perSide ? [`${e.key}.0`, `${e.key}.1`] : [e.key]));

/** The index of an extra (of side 0 for per-side ones: side 1 is the next) in EXTRA_KEYS. */
export const X: Readonly<Record<string, number>> = Object.fromEntries(
  CWJ_VOCABULARY.extras.map((e) => [e.key, EXTRA_KEYS.indexOf(e.perSide ? `${e.key}.0` : e.key)]),
);
