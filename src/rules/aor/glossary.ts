/** Age of Rifles' entries of the report's glossary: what the measures mean in these rules, and the rules behind them. */
import type { GlossaryEntrySpec } from '../../core/vocabulary.js';

export const AOR_GLOSSARY: readonly GlossaryEntrySpec[] = [
  {
    term: 'Strength lost',
    definition:
      'The combat strength points a side gave up in an engagement: for each step lost, the difference between the unit’s strength before and after the hit, plus the whole strength of units eliminated outright (such as foot artillery that cannot retreat). Units that merely retreated lose nothing here.',
    place: 'measures',
  },
  {
    term: 'Steps lost',
    definition:
      'Hits a side took that cost a step: a two-step unit flips to its reduced side, a one-step unit is eliminated (6.1). Counted per engagement.',
    place: 'measures',
  },
  {
    term: 'Units eliminated',
    definition: 'Units removed from play in an engagement: their last step was lost, or they were foot artillery forced to retreat.',
    place: 'measures',
  },
  {
    term: 'Forced retreat',
    definition:
      'A unit retreating because its side failed a morale check after taking hits (7.4). Counted once per unit that retreats; a retreating unit becomes disrupted.',
    place: 'measures',
  },
  {
    term: 'Voluntary retreat',
    definition:
      'A unit retreating because its side chose to fall back before the hits were applied (7.4), which halves the hits both sides take. Counted once per unit that retreats.',
    place: 'measures',
  },
  {
    term: 'Morale check',
    definition:
      'A roll of one die against a unit’s (or a group’s) morale value: a roll above the morale fails the check (2.3). A side that takes hits and stays checks morale, and retreats if it fails. Checks to recover from disruption are counted separately.',
    place: 'measures',
  },
  {
    term: 'Modified morale',
    definition:
      'The morale value a check is actually made against: the unit’s rating after modifiers such as −1 for a lost step, −1 for a demoralized formation, −2 when flanked, −1 when fired at by artillery. For a group, the highest infantry value is used (2.3).',
    place: 'measures',
  },
  {
    term: 'Failure rate by modified morale value',
    definition:
      'Of all the morale checks made against one modified morale value, the share that failed. Rule 2.3 says a check against morale m fails with chance (6 − m)/6 (never below 0, never above 1), so this rate shows whether the simulator follows the rule.',
    place: 'measures',
  },
  {
    term: 'Disruption',
    definition:
      'A state a unit enters when it retreats (6.2): it fires at half strength until it passes a morale check at the end of its turn. The count is of units that became disrupted.',
    place: 'measures',
  },
  {
    term: 'Demoralization limit (14.1)',
    definition:
      'The number, set per formation in the scenario, at which a formation becomes demoralized: when the full printed strength of its eliminated units reaches the limit. Steps lost by units still on the map do not count. A demoralized formation stays so for the rest of the engagement: its units check morale at −1 and have 1 movement point less.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Formation demoralized',
    definition:
      'The share of engagements in which a formation reached its demoralization limit (14.1) at some point. The chart shows it turn by turn, counted cumulatively: the share demoralized by the end of each turn.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Army demoralization (13)',
    definition:
      'A whole army (side) becomes demoralized when the full strength of all its eliminated units reaches the army demoralization level set in the scenario. Unless the scenario says otherwise, the first army to be demoralized loses the battle at once (18).',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Strength on the map',
    definition:
      'The combat strength of a side’s units still on the map at the end of a turn: full units at their full strength, reduced units at their reduced strength; eliminated units and units that left the map count nothing.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Objective held (18)',
    definition:
      'An objective hex belongs to the last side to move a unit into or through it (by movement, advance or retreat), or to the side the scenario gives it at the start until the other side enters it. The report counts who held it when the engagement ended; “nobody” means no side had ever taken it.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Victory points',
    definition:
      'Scored at the end of a battle (18): for each side, the points of the objectives it holds plus points for the enemy’s losses (the scenario’s points per strength point, counted as for army demoralization: by default the full strength of eliminated enemy units, units gone off the map included). A battle that runs to its turn limit is won by the side ahead by more than the draw margin; closer than that it is a draw.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Charge (7.6)',
    definition:
      'Cavalry riding at an enemy stack in its own segment of the turn, before movement: one hex away, or two across an empty clear hex, once a turn. Both sides fire once and no hits are halved; the side that loses more steps loses. Beaten chargers fall back disrupted; a beaten target retreats one hex, disrupted, and the winners may take its hex. A charge is won, lost, or neither (a tie, or the target had gone before the charge was resolved).',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Square (7.6, 7.10)',
    definition:
      'Infantry charged by cavalry checks morale to form square, if none of the infantry in the hex is disrupted. What the square does depends on the reading of the rules chosen (option aor.squareEffect): under 7.6 a square meets the cavalry at its normal strength and a failed check doubles the cavalry; under 7.10 a square halves the cavalry and a failed check leaves it at normal strength. A stack without infantry, or with disrupted infantry, cannot form square and is charged as if the check had failed.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Squares formed per square check',
    definition:
      'The share of square checks that formed square, counted over all the engagements of a cell together: the squares formed in total over the checks in total, each total being the mean per engagement times the number of engagements. Its 95% interval is the Wilson interval of that many squares out of that many checks, as if every check were an independent trial; checks in the same engagement are alike (the same brigade, the same morale), so the true uncertainty may be a little larger.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Pursuit (7.7)',
    definition:
      'After winning a charge, cavalry may ride after the beaten enemy for one more round of fire, which the pursued do not return; then it stops. It pursues by choice (a doctrine that pursues does so only with undisrupted cavalry that has lost no step), or when it does not choose to but a die rolls above its pursuit rating: a forced pursuit.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Reaction charge (7.8)',
    definition:
      'A charge in the enemy’s turn: cavalry of the side not moving, within two hexes of a hex an enemy unit moved into or through, charges that unit once it has finished its move, if the cavalry passes a morale check first.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Retreat before assault (7.11)',
    definition:
      'A stack of only cavalry and horse artillery about to be assaulted may slip one hex away first, if it did not start the turn next to the enemy (in an enemy zone of control) and no cavalry is among the attackers. It is not disrupted; the attackers may advance into the hex it left.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Command phase (4.1, 12)',
    definition:
      'The phase that opens every game turn: fallen leaders come back; a formation under Attack orders that had a unit hit since the last phase checks whether its leader keeps to them (12.3); orders on their way arrive (12.4); on night turns Attack orders fail where the formation does not hold its objective (16); commanders send new orders, each at most his rating a turn (12.5); on night turns formations in Reserve reorganize (15).',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Order delay (12.4)',
    definition:
      'The turns between a commander sending an order and the formation acting on it: the order’s number less the average rating of the sender and the receiving leader (rounded, never below 0), plus one turn for every full 6 cavalry movement points between them. An order with no delay takes effect the turn it is sent.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Reorganization (15)',
    definition:
      'On a night turn, the leader of a formation under Reserve orders whom no enemy unit can see brings back up to two of its eliminated units, reduced, in his hex. In a demoralized formation or army each unit comes back only on a roll of 5 or 6; otherwise it is gone for good. Units brought back no longer count as eliminated.',
    place: 'rules',
    withFormations: true,
  },
  {
    term: 'Supply (17)',
    definition:
      'A unit is in supply when it can trace a line of at most five hexes off road to a road or trail that leads to one of its side’s supply sources (on a map without roads: to within five hexes of a source). Enemy units and enemy zones of control block the line, except where a friendly unit stands. Every unit out of supply at the end of its side’s turn loses a step.',
    place: 'rules',
    withFormations: true,
  },
];
