/**
 * How Age of Rifles speaks the common result vocabulary (src/core/vocabulary.ts; docs/rules/age-of-rifles.md,
 * "Results"): why an engagement ends, the purposes of its morale checks, the morale scale they are
 * tallied by, its extra counters and the glossary entries of its reports.
 *
 * The cohesion ladder: a disrupted unit (6.2) is disordered; a unit that retreats after a failed
 * morale check (7.4) is shaken; an eliminated unit is removed. Nothing in the rules is a rout.
 */
import type { Scale, Vocabulary } from '../../core/vocabulary.js';
import { AOR_GLOSSARY } from './glossary.js';

/** 2.2: morale values are tallied 0..7; 0 or less and 7 or more share the end slots. */
export const MORALE_SLOTS = 8;

export const AOR_SCALE: Scale = {
  groundUnit: 'hex',
  // The scale of the Napoleon's Last Battles family: a hex about 480 yards (not stated by the basic text).
  yardsPerUnit: 480,
  menPerStrength: 250,
  strengthUnit: 'strength point',
  minutesPerTurn: 60,
};

/** Check purposes, in the order results tally them. `counted`: in the morale statistics. */
export const PURPOSE = { retreat: 0, square: 1, passingFire: 2, bombardment: 3, recovery: 4, reaction: 5, pursuit: 6, orders: 7, leader: 8 } as const;
export type AorPurpose = keyof typeof PURPOSE;

/**
 * The causes strength is lost to, each a per-side extra in strength points; together they make up the
 * side's strength lost. The casualty model gives each its share of killed and wounded (results.ts).
 */
export const LOSS_CAUSES = ['lostInSteps', 'lostInEliminations', 'lostInBlockedRetreats', 'lostOffMap', 'lostToSupply'] as const;
export type LossCause = (typeof LOSS_CAUSES)[number];
/** Each cause's index in LOSS_CAUSES: what play passes when it records a loss (results.ts, recordLoss). */
export const LOSS = { lostInSteps: 0, lostInEliminations: 1, lostInBlockedRetreats: 2, lostOffMap: 3, lostToSupply: 4 } as const satisfies Record<LossCause, number>;
export type LossIndex = (typeof LOSS)[LossCause];

/** key, group, label, definition, hidden (counted for a ratio row only). */
const PER_SIDE_EXTRAS: readonly (readonly [string, string, string, string, boolean?])[] = [
  ['lostInSteps', 'Losses', 'strength lost in steps', 'Strength points lost when a two-step unit took a hit and flipped to its reduced side, staying in the fight (6.1, 7.2). The casualty model counts aor.casualtiesStep of them as killed and wounded.'],
  ['lostInEliminations', 'Losses', 'strength lost in eliminations', 'Strength points lost when a hit took a unit’s last step and eliminated it (7.2), which the rules treat as the unit losing its cohesion, not as every man killed (7.1). The casualty model counts aor.casualtiesEliminated of them as killed and wounded.'],
  ['lostInBlockedRetreats', 'Losses', 'strength lost in blocked retreats', 'Strength points of units lost because they had to retreat and could not: no hex to retreat into (7.4, aor.blockedRetreat), foot artillery that cannot retreat (7.4), a unit overstacked with nowhere to go (5.3). The casualty model counts aor.casualtiesBlocked of them as killed and wounded.'],
  ['lostOffMap', 'Losses', 'strength retreated off the map', 'Strength points of units that retreated off the map, counted as eliminated (5.6); not battle casualties.'],
  ['lostToSupply', 'Losses', 'strength lost to supply', 'Strength points lost by units out of supply at the end of their turn (17); not battle casualties.'],
  ['charges', 'Cavalry', 'charges made', 'Cavalry charges the side made in its own charge segment (7.6), per engagement; one per charging stack, also when its target had gone before the charge was resolved.'],
  ['chargesWon', 'Cavalry', 'charges won', 'Charges (reaction charges included) in which the target lost more steps than the chargers: the target retreated one hex, disrupted.'],
  ['chargesLost', 'Cavalry', 'charges lost', 'Charges (reaction charges included) in which the chargers lost more steps than the target and fell back, disrupted.'],
  ['reactionCharges', 'Cavalry', 'reaction charges', 'Charges the side’s cavalry made in the enemy’s turn, at an enemy unit that moved within two hexes of it, after passing a morale check (7.8).'],
  ['pursuitsChosen', 'Cavalry', 'pursuits chosen', 'Times cavalry that had won a charge chose to pursue for one more round (7.7): the beaten enemy, who do not fire back, or another enemy next to the won hex, charged as usual.'],
  ['pursuitsForced', 'Cavalry', 'pursuits forced', 'Times cavalry that had won a charge did not mean to pursue but rolled above its pursuit rating and had to (7.7).'],
  ['retreatsBeforeAssault', 'Cavalry', 'retreats before assault', 'Stacks of the side’s cavalry and horse artillery that slipped one hex away before an enemy assault (7.11); a stack counts once.'],
  ['passingFire', 'Assault', 'passing fire', 'Times the side’s units fired at enemy units passing through their zone of control at half strength (7.12).'],
  ['attackOrdersAbandoned', 'Command', 'Attack orders abandoned (12.3)', 'Times a formation under Attack orders had a unit hit and its leader failed the check that follows: the orders became Reserve and its units fell back three hexes, disrupted.'],
  ['attackOrdersFailedAtNight', 'Command', 'Attack orders failed at night (16)', 'Times a formation’s Attack orders failed on a night turn because none of its units stood on its objective.'],
  ['ordersSent', 'Command', 'orders sent', 'New orders the side’s commanders sent to formations in the command phase (12.4), at most a commander’s rating a turn (12.5).'],
  ['orderDelayTurns', 'Command', 'turns of order delay', 'Turns the side’s orders took to arrive (12.4), summed over its orders.', true],
  ['unitsReorganized', 'Command', 'units reorganized', 'Eliminated units a Reserve formation’s leader brought back, reduced, on a night turn (15).'],
  ['supplyLosses', 'Supply', 'steps lost to supply', 'Steps the side lost because its units were out of supply at the end of its turn (17): one step per unit out of supply, every turn.'],
  ['bombardments', 'Artillery', 'bombardments', 'Bombardments the side’s artillery made (8.1): one per target hex fired at, however many batteries fired together.'],
  ['bombardmentHits', 'Artillery', 'bombardment hits', 'Hits those bombardments scored on the fire table (8.1).'],
];

/** Per-side battle extras, each stored as `${key}.0` and `${key}.1`. */
export const PER_SIDE_KEYS = PER_SIDE_EXTRAS.map((e) => e[0]);

export const AOR_VOCABULARY: Vocabulary = {
  broken: 'demoralized',
  unmeasured: ['routs'], // nothing in the rules is a rout (the ladder above)
  outcomes: [
    { id: 'retreat', label: 'the other side retreated', doc: 'The loser retreated (forced or by choice, 7.4) and gave up the fight.' },
    { id: 'destroyed', label: 'the other side was destroyed', doc: 'The loser has no units left (6.1).' },
    { id: 'time', label: 'turn limit reached', doc: 'The turn limit was reached; the scenario says who is credited.', timeLimit: true },
    { id: 'bothRetreated', label: 'both sides retreated', doc: 'Both sides left the field in the same round (7.4).' },
    { id: 'victoryPoints', label: 'on victory points', doc: 'At the last turn the side ahead on victory points by more than the draw margin wins (18).', timeLimit: true },
    { id: 'armyDemoralized', label: 'the other army was demoralized', doc: 'An army was demoralized and lost the battle at once (13, 18).' },
  ],
  checkPurposes: [
    { id: 'retreat', label: 'retreat after hits', doc: 'A side that takes hits and stays checks morale and retreats if it fails (7.4).', counted: true },
    { id: 'square', label: 'forming square', doc: 'Infantry charged by cavalry checks to form square (7.6, 7.10); counted apart from the checks that decide retreats.', counted: false },
    { id: 'passingFire', label: 'after passing fire', doc: 'A unit hit by passing fire checks morale and retreats if it fails (7.12).', counted: true },
    { id: 'bombardment', label: 'after bombardment', doc: 'A stack that lost a step to bombardment checks morale under aor.bombardmentRetreatCheck (8.1).', counted: true },
    { id: 'recovery', label: 'recovery from disruption', doc: 'A disrupted unit checks in its Turn End segment and recovers on a pass (6.2).', counted: false },
    { id: 'reaction', label: 'reaction charge', doc: 'Cavalry checks before charging an enemy that moved near it (7.8).', counted: false },
    { id: 'pursuit', label: 'pursuit test', doc: 'Cavalry that won a charge and does not mean to pursue rolls against its pursuit rating: above it pursues anyway (7.7).', counted: false },
    { id: 'orders', label: 'keeping Attack orders', doc: 'A formation under Attack orders that had a unit hit: its leader checks whether it keeps them (12.3).', counted: false },
    { id: 'leader', label: 'leader left alone', doc: 'A leader left alone by his units dies on a 1 (11).', counted: false },
  ],
  ratings: {
    name: 'modified morale',
    labels: ['≤0', '1', '2', '3', '4', '5', '6', '≥7'],
    // 2.3: a d6 above the morale fails, so morale m fails with chance (6 - m) / 6, between 0 and 1.
    failure: { rule: 'Rule 2.3: (6 − m) / 6', p: [1, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6, 0, 0] },
  },
  extras: [
    { key: 'flankedRounds', group: 'Assault', label: 'flanked rounds', definition: 'Assault rounds in which the defender was flanked (7.6).', perSide: false },
    { key: 'defenderFiredFirst', group: 'Assault', label: 'defender fired first', definition: 'Assault rounds in which the defender fired first at stacks that moved adjacent in its sight (7.3).', perSide: false },
    { key: 'assaults', group: 'Assault', label: 'assaults', definition: 'Assaults made on the map (7.3), both sides.', perSide: false },
    { key: 'flankAttacks', group: 'Assault', label: 'flank attacks', definition: 'Assaults in which the defender was flanked (7.6), both sides.', perSide: false },
    { key: 'advances', group: 'Assault', label: 'advances after combat', definition: 'Units that advanced into a hex the enemy left (7.5), both sides.', perSide: false },
    { key: 'squareChecks', group: 'Cavalry', label: 'square checks', definition: 'Morale checks infantry made to form square when charged (7.6, 7.10), both sides.', perSide: false },
    { key: 'squaresFormed', group: 'Cavalry', label: 'squares formed', definition: 'Square checks passed, both sides.', perSide: false },
    { key: 'flankCharges', group: 'Cavalry', label: 'Flank charges (both sides)', definition: 'Charges doubled because the target already stood next to other units of the charging side, charged from another hex (7.10); not against towns.', perSide: false },
    ...PER_SIDE_EXTRAS.map(([key, group, label, definition, hidden]) => ({ key, group, label, definition, perSide: true, ...(hidden ? { hidden } : {}) })),
  ],
  extraRatios: [
    {
      id: 'squareRate',
      group: 'Cavalry',
      label: 'Squares formed per square check',
      definition: 'Of the morale checks infantry made to form square when charged (7.6, 7.10), the share passed, all the cell’s engagements pooled (see the glossary).',
      kind: 'share',
      numerator: ['squaresFormed'],
      denominator: ['squareChecks'],
      of: ['check', 'checks'],
    },
    {
      id: 'squaresPerCharge',
      group: 'Cavalry',
      label: 'Squares formed per charge',
      definition: 'Squares formed out of all charges both sides made (reaction charges included), all the cell’s engagements pooled: a charge at disrupted infantry or at no infantry makes no square check and counts here as no square.',
      kind: 'share',
      numerator: ['squaresFormed'],
      denominator: ['charges.0', 'charges.1', 'reactionCharges.0', 'reactionCharges.1'],
      of: ['charge', 'charges'],
    },
    {
      id: 'orderDelay',
      group: 'Command',
      label: 'mean delay per order',
      definition: 'Turns an order took to reach its formation (12.4), over all the orders the side sent in the cell: total delay over orders sent. No interval: the results keep no per-engagement pairs to build one from.',
      kind: 'ratio',
      numerator: ['orderDelayTurns.{side}'],
      denominator: ['ordersSent.{side}'],
      of: ['order', 'orders'],
      unit: 'turns',
      perSide: true,
    },
  ],
  casualties:
    'Strength points lost (250 men each unless the scenario says otherwise), of which the casualty model counts a share as killed and wounded, by default 0.8 of a step lost (6.1, 7.2), 0.4 of an elimination, which the rules treat as lost cohesion (7.1), and 0.1 of a blocked retreat (7.4); units retreated off the map are not casualties (aor.casualtiesStep, aor.casualtiesEliminated, aor.casualtiesBlocked).',
  glossary: AOR_GLOSSARY,
  report: {
    objectiveHolder: '18: an objective belongs to the last side to move a unit into or through it, or to the side holding it at the start',
    formations: 'each formation (14.1) and each whole army (13)',
    army: 'Whole army (13)',
    retreats: {
      forced: 'Forced (failed morale check)',
      voluntary: 'Voluntary (chose to fall back)',
      definition: 'forced retreats follow a failed morale check, voluntary ones are the side’s own choice to fall back before the hits land (7.4).',
    },
    strengthLost: 'counted from the printed strength values of its units, steps lost and units eliminated included',
    eliminated: 'lost its last step, or was foot artillery that could not retreat',
  },
};
