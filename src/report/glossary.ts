/** Plain-words definitions of every metric the report shows. */

export interface GlossaryEntry {
  term: string;
  definition: string;
  /** Only battles on the map have it: left out of the glossary of an assault report. */
  battle?: boolean;
  /** Only runs that compare variants have it. */
  variants?: boolean;
  /** Only runs stopped at a target precision have it. */
  precision?: boolean;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Engagement',
    definition: 'One simulated fight from the scenario, played to its end with its own dice. Every number in this report is counted over many engagements.',
  },
  {
    term: 'Cell',
    definition:
      'One combination of the values the experiment varies (for example one morale value for the defender). Each cell plays the same number of engagements, unless the run stops at a target precision: then each cell stops on its own.',
  },
  {
    term: 'Target precision',
    precision: true,
    definition:
      'The run was asked for a precision (volley run --precision H) instead of a number of engagements: each cell plays batch after batch until the 95% Wilson interval of every primary share has a half-width of at most H (0.01 is ±1 percentage point), or until the maximum number of engagements per cell. The half-width is half the distance between the interval’s ends.',
  },
  {
    term: 'Primary shares',
    precision: true,
    definition:
      'The shares a target precision is held to: each side’s win share and the draw share; each side’s retreat rate (engagements in which a unit of the side retreated); in battles, each army’s demoralized share; and each side’s morale-check failure rate (over the checks it took, counted as if each check were an independent trial, so its interval may be a little narrow). Means (strength lost, turns) and the finer shares (by unit, formation, morale value or turn) are not watched; the finer shares, over fewer trials, have wider intervals.',
  },
  {
    term: 'Sequential stopping',
    precision: true,
    definition:
      'A cell plays two batches (at least 200 engagements) before it is first looked at; then, while its widest primary half-width is above the target, it plays on, in whole batches, to the number of engagements at which that share would reach the target if it stayed where it is, and is looked at again. Stopping when an interval happens to be narrow can make the interval miss the true share more often than 5 times in 100; because the check is on the width, which depends on the estimate only through p(1 − p), and a cell is looked at only two or three times, the loss is small: a test of the whole rule on draws of known probability found the final interval holding the true share in 94.4% to 96.3% of repetitions, and requires at least 93%. The decisions use the merged results only, so the engagements each cell plays are the same for any number of workers and after a resume.',
  },
  {
    term: 'Outcome share',
    definition:
      'The fraction of a cell’s engagements that ended a given way: the attacker won, the defender won, or it was a draw. The three shares add up to 100%.',
  },
  {
    term: 'Draw',
    definition:
      'An engagement neither side won: for example both sides left the field in the same round, or the turn limit came and the scenario gives no winner on time.',
  },
  {
    term: 'Wilson interval',
    definition:
      'The 95% confidence interval used for every share in this report (the Wilson score interval). If the experiment were run again with fresh dice, the interval is built so that 95 times in 100 it would contain the true share. It stays sensible near 0% and 100%, where simpler intervals fail.',
  },
  {
    term: '95% interval of a mean',
    definition:
      'For averages (strength lost, retreats, turns): the mean plus or minus 1.96 standard errors. It says how precisely the average is known, not how much single engagements vary.',
  },
  {
    term: 'Strength lost',
    definition:
      'The combat strength points a side gave up in an engagement: for each step lost, the difference between the unit’s strength before and after the hit, plus the whole strength of units eliminated outright (such as foot artillery that cannot retreat). Units that merely retreated lose nothing here.',
  },
  {
    term: 'Steps lost',
    definition:
      'Hits a side took that cost a step: a two-step unit flips to its reduced side, a one-step unit is eliminated (6.1). Counted per engagement.',
  },
  {
    term: 'Units eliminated',
    definition: 'Units removed from play in an engagement: their last step was lost, or they were foot artillery forced to retreat.',
  },
  {
    term: 'Forced retreat',
    definition:
      'A unit retreating because its side failed a morale check after taking hits (7.4). Counted once per unit that retreats; a retreating unit becomes disrupted.',
  },
  {
    term: 'Voluntary retreat',
    definition:
      'A unit retreating because its side chose to fall back before the hits were applied (7.4), which halves the hits both sides take. Counted once per unit that retreats.',
  },
  {
    term: 'Morale check',
    definition:
      'A roll of one die against a unit’s (or a group’s) morale value: if the roll is higher than the morale, the check fails (2.3). A side that takes hits and stays checks morale, and retreats if it fails. Checks to recover from disruption are counted separately.',
  },
  {
    term: 'Modified morale',
    definition:
      'The morale value a check is actually made against: the unit’s rating after modifiers such as −1 for a lost step, −1 for a demoralized formation, −2 when flanked, −1 when fired at by artillery. For a group, the highest infantry value is used (2.3).',
  },
  {
    term: 'Failure rate by modified morale value',
    definition:
      'Of all the morale checks made against one modified morale value, the share that failed. Rule 2.3 says a check against morale m fails with chance (6 − m)/6 (never below 0, never above 1), so this rate shows whether the simulator follows the rule.',
  },
  {
    term: 'Disruption',
    definition:
      'A state a unit enters when it retreats (6.2): it fires at half strength until it passes a morale check at the end of its turn. The count is of units that became disrupted.',
  },
  {
    term: 'Common random numbers',
    definition:
      'Every cell replays the same dice: engagement number 17 of one cell uses the same random numbers as engagement 17 of every other cell. Differences between cells then come from the varied factor rather than from luck, so they are measured more precisely than the separate intervals suggest.',
  },
  {
    term: 'Variant',
    variants: true,
    definition:
      'One reading of the rules (rule options, scenario values, a refit) played on the same engagements as the others. One variant is the reference the others are compared with; engagement number 17 of every variant uses the same dice.',
  },
  {
    term: 'Paired difference',
    variants: true,
    definition:
      'The difference between a variant and the reference measured engagement by engagement: for each engagement, its figure under the variant minus under the reference, averaged over the engagements, with a 95% interval from the spread of those differences (mean ± t × standard deviation / √n). Because both variants roll the same dice, the luck they share cancels out, and the interval is much narrower than the two variants’ own intervals suggest.',
  },
  {
    term: 'McNemar exact test',
    variants: true,
    definition:
      'The test of a paired difference in a share (a figure that is 0 or 1 per engagement, such as a win): only the engagements where the two variants differ count, and with no real effect each is as likely to go one way as the other. The p-value is the chance of a split at least as lopsided under that coin toss (a two-sided sign test). For counts (strength lost, turns) the paired t test on the differences is used instead.',
  },
  {
    term: 'Holm correction',
    variants: true,
    definition:
      'Many figures are tested at once, and some would look significant by chance. Holm’s step-down correction multiplies the smallest of the m p-values by m, the next by m − 1, and so on, each never below the one before and never above 1. A figure differs at the 5% level when its adjusted p-value is below 0.05; the chance of any false alarm among the figures of one comparison is then at most 5%. The family is the figures of one variant against the reference in one combination of the other factors.',
  },
  {
    term: 'Variance ratio (pairing saving)',
    variants: true,
    definition:
      'How much playing the variants on the same dice saved: the variance the difference would have with independent dice, Var(a)/n + Var(b)/n, divided by its variance on the same dice, Var(a − b)/n. A ratio of 6 means two independent runs would need six times as many engagements for an interval as narrow. ∞: the difference is the same in every engagement.',
  },
  {
    term: 'Provenance hash',
    definition:
      'A fingerprint (SHA-256) of everything that fixes the numbers: volley version, ruleset, seed, engagement count, batch size, factors, and every cell’s options and scenario. Two runs with the same hash produce the same results.',
  },
  {
    term: 'Formation',
    battle: true,
    definition:
      'A corps, division, brigade or cavalry group of one side in a battle: a set of units with the same orders (attack, defend, march or reserve) and one demoralization limit. The report counts losses and demoralization per formation.',
  },
  {
    term: 'Demoralization limit (14.1)',
    battle: true,
    definition:
      'The number, set per formation in the scenario, at which a formation becomes demoralized: when the full printed strength of its eliminated units reaches the limit. Steps lost by units still on the map do not count. A demoralized formation stays so for the rest of the engagement: its units check morale at −1 and have 1 movement point less.',
  },
  {
    term: 'Formation demoralized',
    battle: true,
    definition:
      'The share of engagements in which a formation reached its demoralization limit (14.1) at some point. The chart shows it turn by turn, counted cumulatively: the share demoralized by the end of each turn.',
  },
  {
    term: 'Army demoralization (13)',
    battle: true,
    definition:
      'A whole army (side) becomes demoralized when the full strength of all its eliminated units reaches the army demoralization level set in the scenario. Unless the scenario says otherwise, the first army to be demoralized loses the battle at once (18).',
  },
  {
    term: 'Strength on the map',
    battle: true,
    definition:
      'The combat strength of a side’s units still on the map at the end of a turn: full units at their full strength, reduced units at their reduced strength; eliminated units and units that left the map count nothing.',
  },
  {
    term: 'Objective held (18)',
    battle: true,
    definition:
      'An objective hex belongs to the last side to move a unit into or through it (by movement, advance or retreat), or to the side the scenario gives it at the start until the other side enters it. The report counts who held it when the engagement ended; “nobody” means no side had ever taken it.',
  },
  {
    term: 'Victory points',
    battle: true,
    definition:
      'Scored at the end of a battle (18): for each side, the points of the objectives it holds plus points for the enemy’s losses (the scenario’s points per strength point, counted as for army demoralization: by default the full strength of eliminated enemy units, units gone off the map included). A battle that runs to its turn limit is won by the side ahead by more than the draw margin; closer than that it is a draw.',
  },
  {
    term: 'Charge (7.6)',
    battle: true,
    definition:
      'Cavalry riding at an enemy stack in its own segment of the turn, before movement: one hex away, or two across an empty clear hex, once a turn. Both sides fire once and no hits are halved; the side that loses more steps loses. Beaten chargers fall back disrupted; a beaten target retreats one hex, disrupted, and the winners may take its hex. A charge is won, lost, or neither (a tie, or the target had gone before the charge was resolved).',
  },
  {
    term: 'Square (7.6, 7.10)',
    battle: true,
    definition:
      'Infantry charged by cavalry checks morale to form square, if none of the infantry in the hex is disrupted. What the square does depends on the reading of the rules chosen (option aor.squareEffect): under 7.6 a square meets the cavalry at its normal strength and a failed check doubles the cavalry; under 7.10 a square halves the cavalry and a failed check leaves it at normal strength. A stack without infantry, or with disrupted infantry, cannot form square and is charged as if the check had failed.',
  },
  {
    term: 'Squares formed per square check',
    battle: true,
    definition:
      'The share of square checks that formed square, counted over all the engagements of a cell together: the squares formed in total over the checks in total, each total being the mean per engagement times the number of engagements. Its 95% interval is the Wilson interval of that many squares out of that many checks, as if every check were an independent trial; checks in the same engagement are alike (the same brigade, the same morale), so the true uncertainty may be a little larger.',
  },
  {
    term: 'Pursuit (7.7)',
    battle: true,
    definition:
      'After winning a charge, cavalry may ride after the beaten enemy for one more round of fire, which the pursued do not return; then it stops. It pursues by choice (a doctrine that pursues does so only with undisrupted cavalry that has lost no step), or when it does not choose to but a die rolls above its pursuit rating: a forced pursuit.',
  },
  {
    term: 'Reaction charge (7.8)',
    battle: true,
    definition:
      'A charge in the enemy’s turn: cavalry of the side not moving, within two hexes of a hex an enemy unit moved into or through, charges that unit once it has finished its move, if the cavalry passes a morale check first.',
  },
  {
    term: 'Retreat before assault (7.11)',
    battle: true,
    definition:
      'A stack of only cavalry and horse artillery about to be assaulted may slip one hex away first, if it did not start the turn next to the enemy (in an enemy zone of control) and no cavalry is among the attackers. It is not disrupted; the attackers may advance into the hex it left.',
  },
  {
    term: 'Command phase (4.1, 12)',
    battle: true,
    definition:
      'The phase that opens every game turn: fallen leaders come back; a formation under Attack orders that had a unit hit since the last phase checks whether its leader keeps to them (12.3); orders on their way arrive (12.4); on night turns Attack orders fail where the formation does not hold its objective (16); commanders send new orders, each at most his rating a turn (12.5); on night turns formations in Reserve reorganize (15).',
  },
  {
    term: 'Order delay (12.4)',
    battle: true,
    definition:
      'The turns between a commander sending an order and the formation acting on it: the order’s number less the average rating of the sender and the receiving leader (rounded, never below 0), plus one turn for every full 6 cavalry movement points between them. An order with no delay takes effect the turn it is sent.',
  },
  {
    term: 'Reorganization (15)',
    battle: true,
    definition:
      'On a night turn, the leader of a formation under Reserve orders whom no enemy unit can see brings back up to two of its eliminated units, reduced, in his hex. In a demoralized formation or army each unit comes back only on a roll of 5 or 6; otherwise it is gone for good. Units brought back no longer count as eliminated.',
  },
  {
    term: 'Supply (17)',
    battle: true,
    definition:
      'A unit is in supply when it can trace a line of at most five hexes off road to a road or trail that leads to one of its side’s supply sources (on a map without roads: to within five hexes of a source). Enemy units and enemy zones of control block the line, except where a friendly unit stands. Every unit out of supply at the end of its side’s turn loses a step.',
  },
];

/** The terms of a `volley tune` page, after the general ones it shares with run reports. */
export const TUNE_GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Tuning',
    definition:
      'Finding the value of one parameter of the scenario (a demoralization limit, a morale rating, a doctrine threshold, a numeric option) at which a chosen metric reaches a target, such as “the corps is demoralized by turn 8 in 30% of engagements”. Each value tried is played on the same engagements.',
  },
  {
    term: 'Metric path',
    definition:
      'The name of the figure being tuned, written like winner[Prussians], side[1].retreatRate, formation[Div-Foy].demoralizedByTurn[8] or objective[Ligny].heldBy[1]. Every metric is a share of engagements or a mean per engagement. volley tune FILE --list-metrics lists those a scenario has.',
  },
  {
    term: 'Estimate curve',
    definition:
      'The metric at each value tried, with its 95% interval. On the same dice the estimate is a step function of the parameter: it changes only at the values where some engagement plays out differently. The curve is drawn through the values tried.',
  },
  {
    term: 'Bisection on common random numbers',
    definition:
      'How a tune searches: it plays a few values spread over the range, finds two neighbours on either side of the target, tries the value halfway between them, keeps the half in which the target is crossed, and repeats until the two are next to each other (whole numbers) or closer than the tolerance (real numbers). Because every value sees the same dice, the estimate does not jump about from luck, and the search converges like one on an ordinary function. Small integer ranges are tried in full instead.',
  },
  {
    term: 'Tuned value',
    definition:
      'Of the two neighbouring values tried between which the estimate crosses the target, the one whose estimate is nearer the target. For a whole-number parameter they are next to each other; for a real-valued one they are at most the tolerance apart, so the tuned value is within the tolerance of the crossing.',
  },
  {
    term: 'Interval of the tuned value',
    definition:
      'The values whose estimate’s 95% interval contains the target. The true value, at which the metric would equal the target with unlimited engagements, lies in this set 95 times in 100: its own estimate’s interval contains the target that often. When no value’s interval contains the target (the estimate jumps across it between two neighbours), the interval is those two neighbours. An interval that reaches an end of the range may go on beyond it.',
  },
  {
    term: 'Target not reached',
    definition:
      'The estimate stays on one side of the target over the whole range. The value reported is the one tried nearest the target; widen the range, or choose a parameter that moves this metric.',
  },
];

/** The glossary of a report: battle entries only for battles, variant and precision entries only where they apply. */
export function glossaryFor(battle: boolean, has: { variants?: boolean; precision?: boolean } = {}): GlossaryEntry[] {
  return GLOSSARY.filter((g) => (battle || !g.battle) && (has.variants || !g.variants) && (has.precision || !g.precision));
}
