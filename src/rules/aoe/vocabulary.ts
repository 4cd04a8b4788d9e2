/**
 * How Age of Eagles speaks the common result vocabulary (src/core/vocabulary.ts; rulings 5, "Mapping to
 * the common vocabulary"; docs/rules/aoe.md, "Results"): its scale, why an engagement ends, what its
 * March Table rolls are made for, the quality scale they are tallied by, its extra counters and its
 * glossary entries.
 *
 * The cohesion ladder (rulings 5): good order is good; disordered troops or a silenced battery are
 * disordered; 3-4 hits (within two of removal, the parent game's Spent) is shaken; a unit that rolled
 * Broken this turn or was beaten by +7 in Bayonet & Sabre is routed; a removed unit is removed.
 */
import type { Scale, Vocabulary } from '../../core/vocabulary.js';
import { MEN_PER_FIGURE, MINUTES_PER_TURN, YARDS_PER_INCH } from './units.js';

/**
 * p1 Regimental Scale, p3 Scale: 1" is 80 yards, a figure 60 men, a turn 20 minutes. Strength is
 * counted in figures (an infantry stand is 4, a cavalry stand 2); guns are counted apart (rulings 5).
 */
export const AOE_SCALE: Scale = {
  groundUnit: 'inch',
  yardsPerUnit: YARDS_PER_INCH,
  menPerStrength: MEN_PER_FIGURE,
  strengthUnit: 'figure',
  minutesPerTurn: MINUTES_PER_TURN,
};

/**
 * Check purposes, in the order results tally them. Every March Table roll is a morale check (rulings
 * 5), so all are counted; they differ in what the roll was for.
 */
export const PURPOSE = { move: 0, charge: 1, rally: 2, square: 3 } as const;
export type AoePurpose = keyof typeof PURPOSE;
export const PURPOSE_IDS: readonly AoePurpose[] = ['move', 'charge', 'rally', 'square'];

/** The rating scale counted checks are tallied by: the unit's quality (p1, p2; rulings 1, 7). */
export const TROOPS_LABELS = ['conscript', 'regular', 'elite', 'guard'] as const;

/** Outcome reasons (rulings 5), and the two this project adds for armies that both advance. */
export const OUTCOMES = ['draw', 'defenderRouted', 'carried', 'attackerBroken', 'defenderBroken', 'held', 'repulsed', 'time'] as const;
export type AoeOutcomeReason = (typeof OUTCOMES)[number];

/** key, group, label, definition. Every one is per side (`key.0`, `key.1`). */
const PER_SIDE: readonly (readonly [string, string, string, string, boolean?])[] = [
  ['volleys', 'Volley & Cannonade', 'musketry rolls', 'Rolls of infantry fire on the Volley & Cannonade table (p2), volley and skirmish fire, per engagement.'],
  ['cannonades', 'Volley & Cannonade', 'cannonade rolls', 'Rolls of battery fire (p2), per engagement.'],
  ['fireHits', 'Volley & Cannonade', 'hits from fire', 'Hits the side’s fire put on enemy troops (Telling 1, Withering 2; p2).'],
  ['fireDisorders', 'Volley & Cannonade', 'disorders from fire', 'Times the side’s fire disordered enemy troops or silenced, damaged or wrecked a gun (Galling or better; Lively from guns).'],
  ['charges', 'Charges', 'charges declared', 'Charges the side ordered (as chargesDeclared in the sides’ figures), for the ratio rows.', true],
  ['chargesChecked', 'Charges', 'charges checked by fire', 'The side’s charges stopped in contact by Telling or Withering fire: the charger went back 2" and did not fight (p2 notes, p3).'],
  ['chargesRefused', 'Charges', 'charges refused by the March Table', 'Charges the side ordered whose March result did not let the unit charge (aoe.chargeRequires) or that fell short of contact.'],
  ['breakthroughs', 'Charges', 'breakthrough charges', 'Breakthrough charges the side’s winners made after a +4 or +7 (p2), whether or not they reached an enemy.'],
  ['recalls', 'Charges', 'cavalry recalls', 'Times the side’s cavalry recalled up to a full move instead of retreating 2" or occupying (p2, p3).'],
  ['bayonetHits', 'Bayonet & Sabre', 'hits in Bayonet & Sabre', 'Hits the side’s units took in Bayonet & Sabre, a result of 0’s lost stand included (aoe.standLoss).'],
  ['squareChecks', 'Squares', 'square rolls', 'March Table rolls the side’s infantry made to form square against a cavalry charge (p1, p3 Forming Square).'],
  ['squares', 'Squares', 'squares formed', 'Square rolls that formed square (as squaresFormed in the sides’ figures), for the ratio rows.', true],
  ['marchRetreats', 'March Table', 'retreats on the March Table', 'Retire, Fall Back and Broken results: the unit went back without the enemy touching it (p1).'],
  ['prolonges', 'Artillery', 'prolonges', 'Times the side’s unlimbered batteries shifted up to 1" by prolonge, forward or back, without limbering (p1 movement notes, aoe.prolonge).'],
  ['gunsSilenced', 'Artillery', 'guns silenced or damaged', 'Times the side’s battery was silenced or damaged by fire or in Bayonet & Sabre (p2).'],
];

export const PER_SIDE_KEYS = PER_SIDE.map((e) => e[0]);
/** The stored keys of each per-side extra, by side: X.fireHits[1] is 'fireHits.1' (built once, not per count). */
export const X: Readonly<Record<string, readonly [string, string]>> = Object.freeze(
  Object.fromEntries(PER_SIDE_KEYS.map((k) => [k, Object.freeze([`${k}.0`, `${k}.1`] as const)])),
);
/** Every extra's stored key. */
export const EXTRA_KEYS: readonly string[] = [...['combats', 'drawnCombats'], ...PER_SIDE_KEYS.flatMap((k) => [`${k}.0`, `${k}.1`])];
/** Extras for both sides together. */
export const SHARED_KEYS = ['combats', 'drawnCombats'] as const;

export const AOE_VOCABULARY: Vocabulary = {
  broken: 'broken',
  outcomes: [
    { id: 'draw', label: 'both sides gone', doc: 'Every unit of both sides was removed in the same phase (rulings 5).' },
    { id: 'defenderRouted', label: 'the defender was destroyed', doc: 'Every defending unit was removed: 5 hits, a Routs result, guns lost or wrecked, or off the lane (rulings 5).' },
    { id: 'carried', label: 'the attacker carried the position', doc: 'An attacking unit stood on the objective the defender held (the village block, or the ground it held) with no defender left in it, after a defending unit retreated (rulings 5).' },
    { id: 'attackerBroken', label: 'the attacker was broken', doc: 'Every attacking unit was removed, or the attacking army reached cohesion level 2 (aoe.cohesion; rulings 5).' },
    { id: 'defenderBroken', label: 'the defender was broken', doc: 'The defending army reached cohesion level 2 (aoe.cohesion): the same test as for the attacker, for armies of several units (a reading, docs/rules/aoe.md).' },
    { id: 'held', label: 'held the objective at the end', doc: 'At the time limit one side alone stood on an objective neither held at the start (a meeting engagement; a reading, docs/rules/aoe.md).', timeLimit: true },
    { id: 'repulsed', label: 'the attack was repulsed', doc: 'The time limit came with the objective not carried after at least one charge reached contact or was checked (rulings 5), whether or not the defender still stood on its ground.', timeLimit: true },
    { id: 'time', label: 'turn limit reached', doc: 'The time limit came with no charge pressed home or checked, or with nobody alone on a neutral objective; the scenario’s onTime says who is credited (rulings 5).', timeLimit: true },
  ],
  checkPurposes: [
    { id: 'move', label: 'to move or change formation', doc: 'A unit in good order rolls on the March Table to move, change formation or limber (p1 March phase b; aoe.marchCheck). Failed: modified 3 or less (Hold Ground, Retire, Fall Back).', counted: true },
    { id: 'charge', label: 'to charge', doc: 'A unit ordered to charge rolls on the March Table (p1); disordered cavalry at -3. Failed: modified 3 or less.', counted: true },
    { id: 'rally', label: 'disordered: to rally', doc: 'A disordered unit or silenced battery rolls in the left column (p1): Elan, Rally and Shaken rally it. Failed: modified 3 or less (Wavering, Broken, Routs).', counted: true },
    { id: 'square', label: 'to form square', doc: 'Infantry charged by cavalry rolls before contact: square on Cautious or better, or Rally or better when disordered (p1, p3 Forming Square). Failed: no square.', counted: true },
  ],
  ratings: {
    name: 'troops',
    labels: TROOPS_LABELS,
  },
  extras: [
    { key: 'combats', group: 'Bayonet & Sabre', label: 'combats', definition: 'Bayonet & Sabre combats fought, both sides, breakthrough combats and fights after a 0 included (p2).', perSide: false },
    { key: 'drawnCombats', group: 'Bayonet & Sabre', label: 'combats ending 0', definition: 'Combats whose difference was 0: both sides disordered and each lost a stand (p2; aoe.standLoss, aoe.drawResult).', perSide: false },
    ...PER_SIDE.map(([key, group, label, definition, hidden]) => ({ key, group, label, definition, perSide: true, ...(hidden ? { hidden } : {}) })),
  ],
  extraRatios: [
    {
      id: 'squareRate',
      group: 'Squares',
      label: 'squares formed per square roll',
      definition: 'Of the March Table rolls infantry made to form square against cavalry (p1, p3), the share that formed it, the cell’s engagements pooled.',
      kind: 'share',
      numerator: ['squares.{side}'],
      denominator: ['squareChecks.{side}'],
      of: ['roll', 'rolls'],
      perSide: true,
    },
    {
      id: 'checkedRate',
      group: 'Charges',
      label: 'charges checked per charge declared',
      definition: 'Of the charges a side declared, the share stopped by Telling or Withering fire in contact (p2 notes), the cell’s engagements pooled.',
      kind: 'share',
      numerator: ['chargesChecked.{side}'],
      denominator: ['charges.{side}'],
      of: ['charge', 'charges'],
      perSide: true,
    },
    {
      id: 'refusedRate',
      group: 'Charges',
      label: 'charges refused or short per charge declared',
      definition: 'Of the charges a side declared, the share its March result did not allow or that fell short of contact (p1; aoe.chargeRequires), the cell’s engagements pooled.',
      kind: 'share',
      numerator: ['chargesRefused.{side}'],
      denominator: ['charges.{side}'],
      of: ['charge', 'charges'],
      perSide: true,
    },
    {
      id: 'hitsPerVolley',
      group: 'Volley & Cannonade',
      label: 'hits per fire roll',
      definition: 'Hits the side’s fire put on troops per roll of musketry and cannonade (p2), the cell’s engagements pooled.',
      kind: 'ratio',
      numerator: ['fireHits.{side}'],
      denominator: ['volleys.{side}', 'cannonades.{side}'],
      of: ['roll', 'rolls'],
      unit: 'hits',
      perSide: true,
    },
  ],
  casualties:
    'Hits on foot and horse, each a fifth of the unit’s men by default (aoe.hitMen: or one stand), none on batteries; the men of a removed unit beyond its hits are dispersed, not casualties (p3).',
  glossary: [
    { term: 'Men lost', definition: 'Hits turned into men: each hit a fifth of the unit’s men (aoe.hitMen fifth; 1,440 for a 6-stand infantry unit, 480 for 4 cavalry stands), and every man of a removed unit. Guns are counted apart and never as men.', place: 'measures' },
    { term: 'Casualties', definition: 'Of the men lost, those the hits stand for; the men of a removed unit beyond its hits are counted as dispersed, not as casualties.', place: 'measures' },
    { term: 'Strength', definition: 'Counted in figures of 60 men (p3 Scale): an infantry stand is 4 figures, a cavalry stand 2. Losses in figures follow the men.', place: 'measures' },
    { term: 'Steps lost', definition: 'Hits taken (p3 Hits): markers, never stands removed; a unit with 5 hits is removed.', place: 'measures' },
    { term: 'Morale checks', definition: 'Every March Table roll (p1), the rolls to form square included; failed when the modified roll is 3 or less (Hold Ground, Retire, Fall Back, Wavering, Broken, Routs) or no square is formed (rulings 5). Tallied by the unit’s quality.', place: 'measures' },
    { term: 'Routs', definition: 'A Broken result on the March Table (the unit retreats disordered and loses a stand) or a Routs result (removed).', place: 'measures' },
    { term: 'Army broken', definition: 'Army cohesion level 2 (aoe.cohesion quarters): half the side’s foot and horse units removed. Each level is -1 on every March Table roll of the side.', place: 'measures' },
    { term: 'Minutes', definition: 'Twenty a game turn played (p1 Regimental Scale).', place: 'measures' },
    { term: 'March Table', definition: 'One die plus modifiers (p1): in good order A la Bayonette, En Avant, Cautious, Hold Ground, Retire, Fall Back; disordered Elan, Rally, Shaken, Wavering, Broken, Routs. It decides movement, formation changes, rallying and charges.', place: 'rules' },
    { term: 'Fire points', definition: 'What a firer brings at a range (p2): 2 or 2.5 a musket stand within 3", 1 a stand skirmishing at 3.1"-6", a battery 4 to 24 by guns, weight and range; halved when disordered or in a village. Their total sets a die modifier from -5 (under 4) to +5 (50 or more).', place: 'rules' },
    { term: 'Bayonet & Sabre', definition: 'Each side rolls one die plus modifiers; the difference is read from +7 (the defender shattered) to -7 (the attacker shattered) (p2).', place: 'rules' },
    { term: 'Charge checked', definition: 'A charger in contact hit by Telling or Withering fire goes back 2" (cavalry may recall a full move) and does not fight (p2 notes).', place: 'rules' },
  ],
  report: {
    objectiveHolder: 'rulings 5: the side alone on it, a unit of that side on its ground and none of the other',
    formations: 'each formation and each whole army (broken at army cohesion level 2, half its foot and horse units removed: rulings 5)',
    army: 'Whole army (rulings 5)',
    retreats: {
      forced: 'Forced (March Table, charge checked, Bayonet & Sabre)',
      voluntary: 'Voluntary (withdrawal)',
      definition: 'forced retreats are the March Table’s Retire, Fall Back and Broken results (p1), charges checked by fire (p2 notes) and every retreat after Bayonet & Sabre, recalls included (p2); voluntary ones are a doctrine’s withdrawals (rulings 5).',
    },
    strengthLost: 'each 60 men, p3 Scale: a hit on foot or horse loses its share of the unit’s men, aoe.hitMen, and a removed unit all of them; guns are not counted',
    eliminated: 'rulings 5: removed at 5 hits, by a Routs result, with its guns lost or wrecked, off the lane or cut off',
  },
};

/** Index of a quality on the rating scale. */
export function troopsIndex(q: (typeof TROOPS_LABELS)[number]): number {
  return TROOPS_LABELS.indexOf(q);
}
