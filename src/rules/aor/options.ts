/**
 * Every reading of the Age of Rifles text that the engine could take more than one way is an option
 * (DESIGN.md, "Rulings become options"; ../shared/rulings/age-of-rifles.md; docs/rules/age-of-rifles.md).
 */
import type { OptionSpec, ResolvedOptions } from '../../core/ruleset.js';

/** The shares a casualty option may take (aor.casualties*). */
const SHARES = [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1] as const;

export const AOR_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'aor.terrainReductions',
    values: ['largest', 'multiply'],
    default: 'largest',
    source: '7.6 Terrain; Terrain Effects on Combat',
    doc: 'When several terrain reductions apply to one firing unit: only the largest counts, or they compound.',
    valueDocs: { largest: 'the single largest reduction applies', multiply: 'reductions multiply (-25% and -50% give -62.5%)' },
  },
  {
    name: 'aor.groupMoraleFallback',
    values: ['artillery', 'fails'],
    default: 'artillery',
    source: '2.3',
    doc: 'A group with neither infantry nor cavalry checks against its highest artillery morale, or fails outright.',
  },
  {
    name: 'aor.moraleBounds',
    values: ['none', '1-5'],
    default: 'none',
    source: '2.2, 2.3, Morale Modifiers',
    doc: 'Whether modified morale is kept between 1 and 5 (as in the full rules) or left unbounded.',
  },
  {
    name: 'aor.hitAllocation',
    values: ['combined', 'infantryFirst'],
    default: 'combined',
    source: '7.1',
    doc: 'The first hit goes to infantry: to damaged infantry first when there is some (combined), or to any infantry (infantryFirst).',
  },
  {
    name: 'aor.hexsideFire',
    values: ['attackerOnly', 'both'],
    default: 'attackerOnly',
    source: '7.6 Terrain; Terrain Effects on Combat',
    doc: "Whether a stream, crest, bridge or fortified hexside reduces only the attacker's fire across it, or the defender's reply too.",
  },
  {
    name: 'aor.oldGuardEffect',
    values: ['attacking', 'attackingOrDefending'],
    default: 'attacking',
    source: 'Morale Modifiers ("attacked by Old Guard infantry")',
    doc: 'The Old Guard -1 applies to the side it attacks only, or also to attackers it defends against.',
  },
  {
    name: 'aor.fireFirstTargets',
    values: ['movedStacks', 'movedUnits', 'allStacks'],
    default: 'movedStacks',
    source: '7.3',
    doc: 'When the defender fires first, it fires at the stacks that moved adjacent in its LOS, at only the units of them that did, or at all attacking stacks.',
    valueDocs: {
      movedStacks: "7.3's note speaks of firing at a stack: every unit of a stack holding a unit that moved adjacent in the defender's LOS is a target, one that stood there already included",
      movedUnits: '7.3 names "these units": only the units that themselves moved adjacent out of a non-adjacent hex in LOS take the first fire; a unit of the same stack that stood adjacent already does not',
      allStacks: 'the first fire falls on every attacking stack, those already adjacent too',
    },
  },
  {
    name: 'aor.fireFirstRetreat',
    values: ['afterBoth', 'beforeReply'],
    default: 'afterBoth',
    source: '7.3, 7.4',
    doc: "When the defender fires first: voluntary retreats are decided after both fires (the attacker's applied losses stand), or the attacker may retreat before replying, halving its hits.",
    valueDocs: {
      afterBoth: '7.4: the choice comes "after a round of assault", and 7.3 has the first fire\'s losses applied before the attacker fires: halving reaches only the hits not yet applied',
      beforeReply: 'the attacker may retreat as soon as the first fire has struck, halving those hits (and firing no reply)',
    },
  },
  {
    name: 'aor.retreatCheckHits',
    values: ['afterHalving', 'beforeHalving'],
    default: 'afterHalving',
    source: '7.4',
    doc: 'Which hits make a side check morale for retreat when the other side retreats voluntarily and both halve their hits: those left after halving, or any it suffered before.',
    valueDocs: {
      afterHalving: "the rulings' order: voluntary retreats are chosen, both sides halve their hits, then a side checks if a hit is left (one hit halves to none: no check)",
      beforeHalving: '7.4 opens with "each side that suffered at least one hit makes a morale check": a side checks for every hit it suffered, though halving leaves it none to take',
    },
  },
  {
    name: 'aor.defenderTargetTerrain',
    values: ['leastProtected', 'mostProtected'],
    default: 'leastProtected',
    source: '7.3, 7.6 Terrain',
    doc: "When the defender fires at several attacking stacks in different terrain, its fire takes the reduction of the least protected stack, or of the most protected one.",
  },
  {
    name: 'aor.cavalryAloneRetreat',
    values: ['always', 'unlessAttackerRetreats'],
    default: 'always',
    source: '7.3',
    doc: 'Cavalry defending alone retreats voluntarily after every assault round, or not when the attacker has already chosen to retreat.',
  },
  {
    name: 'aor.blockedRetreat',
    values: ['eliminate', 'stepLoss'],
    default: 'eliminate',
    source: '7.4',
    doc: 'A unit that must retreat and has no hex to retreat into is eliminated, or loses one step and stays.',
  },
  {
    name: 'aor.retreatRoom',
    values: ['preferRoom', 'ignoreRoom'],
    default: 'preferRoom',
    source: '7.4, 5.3',
    doc: "Where a retreat goes among the hexes one hex farther from the enemy: out of enemy ZOC first, then a hex with room in the stack, then toward supply; or out of enemy ZOC, then toward supply, whatever the stacking.",
    valueDocs: {
      preferRoom: 'a retreating unit avoids a hex it would overstack (7.4: overstacking disrupts everyone there) where another hex out of ZOC will do',
      ignoreRoom: "7.4 names no preference but the enemy: out of ZOC, then toward supply (the rulings' order); overstacking only disrupts",
    },
  },
  {
    name: 'aor.heldOverstack',
    values: ['movesOut', 'eliminated'],
    default: 'movesOut',
    source: '5.3, 5.4, 7.4',
    doc: 'A stack overstacked in an enemy ZOC where no unit may leave the hex by movement: the excess moves out to a free hex beside it, or is eliminated.',
    valueDocs: {
      movesOut: 'the units beyond the limit move out to a free neighbouring hex out of enemy ZOC (eliminated only if there is none), as the end of the retreat that overstacked them: 7.4 lets a retreat leave a ZOC',
      eliminated: "5.4 holds units in a ZOC but for advance or retreat, and 5.3 names no remedy: the units beyond the limit are eliminated in place (the owner's weakest first)",
    },
  },
  {
    name: 'aor.bombardStackBonus',
    values: [false, true],
    default: false,
    source: 'Combat modifiers: Bombardment (opt.)',
    doc: 'The optional +50% for bombardment against a stack of two non-artillery units.',
  },
  {
    name: 'aor.bombardFirstHit',
    values: ['alwaysDisrupt', 'disruptOrStep'],
    default: 'alwaysDisrupt',
    source: '8.1',
    doc: "The first bombardment hit is always a disruption (8.1), placed as 7.1 places a first hit (infantry if any) and spent, costing nothing, on a unit already disrupted; or (disruptOrStep, a reading the text does not give) it disrupts an undisrupted unit of the target (infantry first) and, when every unit there is already disrupted, becomes a step loss.",
  },
  {
    name: 'aor.bombardmentRetreatCheck',
    values: [false, true],
    default: false,
    source: '8.1',
    doc: 'Whether a target that lost a step to bombardment checks morale and retreats on a failure (the text gives no retreat for bombardment).',
  },
  {
    name: 'aor.armyLossMeasure',
    values: ['eliminatedFull', 'strengthLost'],
    default: 'eliminatedFull',
    source: '13, 14.1',
    doc: "What counts toward the army demoralization level: the full strength of eliminated units (as 14.1 counts a corps), or every strength point lost.",
  },
  {
    name: 'aor.squareEffect',
    values: ['7.6', '7.10'],
    default: '7.6',
    source: '7.6, 7.10',
    doc: 'What forming square does to a charge: 7.6 — square formed: normal strength, not formed: double; 7.10 — formed: halved, not formed: normal.',
  },
  {
    name: 'aor.chargeTie',
    values: ['chargerReturns', 'bothStay'],
    default: 'chargerReturns',
    source: '7.6',
    doc: 'When a charge ends with both sides losing as many steps: the charger returns to its start hex, or both stay where they are.',
  },
  {
    name: 'aor.chargeDefenceFire',
    values: ['full', 'halvedUnlessRepeating'],
    default: 'full',
    source: '7.10 (the underlined value is exempt from halving against a charge)',
    doc: "The target's fire against a charge: at full strength (the text states no halving), or halved except for units with repeating weapons (what 7.10's exception implies).",
  },
  {
    name: 'aor.pursuitRatingDefault',
    values: ['morale', 'none'],
    default: 'morale',
    source: '2.2, 7.7',
    doc: 'The pursuit rating of a unit the scenario gives none: its morale, or none (no forced pursuit test).',
  },
  {
    name: 'aor.demoralizedComplianceDelay',
    values: [0, 1, 2],
    default: 0,
    source: '14.2 (the sentence breaks off)',
    doc: 'Extra turns before a demoralized formation complies with a new order; 1 is the likely intent of the truncated 14.2.',
  },
  {
    name: 'aor.nightAttackFailure',
    values: ['reserve', 'defend'],
    default: 'reserve',
    source: '16',
    doc: 'What a failed Attack order becomes on a night turn (one not occupying part of its target): Reserve or Defend.',
  },
  {
    name: 'aor.riverAssault',
    values: ['forbidden', 'asStream'],
    default: 'forbidden',
    source: 'Terrain Effects table (no River row); 5.4',
    doc: 'Whether stacks may assault across a river hexside without a bridge: not at all (rivers are impassable and block ZOCs), or as across a stream (-25%).',
  },
  {
    name: 'aor.targetRuleOrder',
    values: ['distributionFirst', 'priorityFirst'],
    default: 'distributionFirst',
    source: '7.3',
    doc: "Which of 7.3's target rules narrows the choice first: spreading Attack-order attacks over unattacked stacks, or the infantry stack's priority (chateau, infantry, cavalry, artillery).",
  },
  {
    name: 'aor.fortifiedHexsideRetreat',
    values: ['ignore', 'normal'],
    default: 'ignore',
    source: '10.1, 10.2',
    doc: 'Defenders attacked only across fortified hexsides ignore retreat results as in a fort, or retreat normally.',
  },
  {
    name: 'aor.fortifiedHexsideFlank',
    values: ['likeFort', 'flankable'],
    default: 'likeFort',
    source: '10.1, 10.2, 7.6',
    doc: 'Whether a defender attacked only across fortified hexsides can be flanked: 10.2 has such hexsides work like forts, which cannot be flanked (10.1).',
    valueDocs: {
      likeFort: 'attacked only across fortified hexsides, it is not flanked, as in a fort (and a March column on the road there is not either)',
      flankable: "flanking is decided by the defender's hex alone (7.6: towns and forts), whatever hexsides the attacks cross",
    },
  },
  {
    name: 'aor.fortifiedHexsideBombard',
    values: ['likeFort', 'allowed'],
    default: 'likeFort',
    source: '10.1, 10.2, 8.1',
    doc: "Whether artillery may bombard a stack across a fortified hexside of the stack's hex: 10.2 has such hexsides work like forts, which cannot be bombarded (10.1).",
    valueDocs: {
      likeFort: "no bombardment whose line from gun to target crosses a fortified hexside of the target's hex, or, running along the hexside between the two hexes in between, meets one at the corner where it enters the target's hex",
      allowed: "bombardment is decided by the target's hex alone (8.1, the Bomb. column; 10.1 forts), whatever hexsides the line crosses",
    },
  },
  {
    name: 'aor.marchFlank',
    values: ['flankableTerrain', 'inTowns'],
    default: 'flankableTerrain',
    source: '12.2 March, 7.6, 10.1',
    doc: 'Units under March orders attacked on a road or trail hex are flanked (12.2); in a town there, whether 7.6 (towns cannot be flanked) still protects them. A fort always does (10.1).',
    valueDocs: { flankableTerrain: 'a town on the road still cannot be flanked (7.6)', inTowns: 'the March rule overrides 7.6 in towns (not in forts, 10.1)' },
  },
  {
    name: 'aor.zocMovement',
    values: ['entryStops', 'moveThrough'],
    default: 'moveThrough',
    source: '5.4, 7.12, 12.2',
    doc: 'Whether entering an enemy ZOC ends the move of infantry and artillery, or they may move on through it, paying +1 MP to leave a ZOC hex as its last unit (5.4) and drawing passing fire when they step from one ZOC hex of an enemy stack into another (7.12).',
    valueDocs: {
      entryStops: 'entering an enemy ZOC ends the move (the parent game\'s rigid ZOCs): only cavalry ever draws passing fire on a move',
      moveThrough: '5.4 lets units moving through a ZOC hex draw half-strength fire: they may go on, +1 MP to leave each ZOC hex they are the last unit out of; units that start in an enemy ZOC still leave it only as 5.4 and 12.2 allow',
    },
  },
  {
    name: 'aor.cavalryPassingFire',
    values: ['drawn', 'ignored'],
    default: 'drawn',
    source: '5.4 ("cavalry ignores ZOCs under all circumstances"), 7.4, 7.12',
    doc: 'Whether cavalry draws passing fire, moving from one ZOC hex of an enemy stack into another (7.12) or retreating into an enemy ZOC (7.4): like any unit, or never, since passing fire is an effect of ZOCs and cavalry ignores them.',
    valueDocs: {
      drawn: '7.12 fires at "a unit or stack" moving through, and 7.4 at a stack retreating into a ZOC, whatever the arm',
      ignored: '5.4: cavalry ignores ZOCs under all circumstances, passing fire included; a retreating group draws it only if it holds a unit other than cavalry',
    },
  },
  {
    name: 'aor.fallBackArtillery',
    values: ['fallsBack', 'destroyed'],
    default: 'fallsBack',
    source: '12.3, 7.4',
    doc: "A formation whose leader fails 12.3's Attack-order check retreats three hexes: whether its foot artillery goes back with it, or is destroyed as 7.4 has foot artillery that must retreat from combat.",
    valueDocs: {
      fallsBack: "12.3's retreat is an order, not a combat result: the guns limber and go back with the formation",
      destroyed: "7.4's rule for foot artillery holds for any retreat: it cannot retreat and is destroyed",
    },
  },
  {
    name: 'aor.cavalryZocOrders',
    values: ['ignore', 'apply'],
    default: 'ignore',
    source: '5.4 ("cavalry ignores ZOCs under all circumstances"), 12.2, 16',
    doc: 'Whether cavalry under Defend or March orders (or Reserve) may enter enemy ZOCs, which 12.2 forbids those orders: cavalry ignores ZOCs under any orders, or the orders bind it too.',
    valueDocs: {
      ignore: 'cavalry enters enemy ZOCs under any orders (5.4); 16 has to say "not even cavalry" when a rule binds it',
      apply: "12.2's bans on entering ZOCs bind cavalry like any unit",
    },
  },
  {
    name: 'aor.turnEndRecovery',
    values: ['allUnits', 'phasingSide'],
    default: 'allUnits',
    source: '4 (Turn End Segment), 6.2',
    doc: 'Which disrupted units check morale to recover in a player turn\'s Turn End segment: all of them, both sides\' (4: "all disrupted units check morale"), or only the phasing side\'s.',
    valueDocs: {
      allUnits: 'every disrupted unit on the map checks in each Turn End segment, so twice a game turn (4, 6.2)',
      phasingSide: 'only the phasing side\'s disrupted units check, once a game turn (the shared rulings: "in its own Turn End segment")',
    },
  },
  {
    name: 'aor.armyDemoralization',
    values: ['french', 'anyArmy'],
    default: 'french',
    source: '13, 18',
    doc: 'Which army\'s demoralization (13) ends a battle at once: the French army\'s only, the French being the side whose player turn comes first (4), the other army losing when it disintegrates (18); or the first army demoralized, whichever it is. The scenario\'s victory.armyDemoralizedLoses turns it off.',
    valueDocs: {
      french: '18 as written: the French army loses when demoralized, either of the other two armies when it disintegrates; the basic rules never define disintegration, read as having no unit left (the battle ends "destroyed")',
      anyArmy: 'the first army demoralized loses, whichever side it is (13 read for every army alike)',
    },
  },
  {
    name: 'aor.chargeWithoutInfantry',
    values: ['asSquareFailed', 'normal'],
    default: 'asSquareFailed',
    source: '7.6, 7.10',
    doc: 'A charge on a hex without infantry (cavalry, artillery), where no square check is made: charged as if the square check had failed (7.6: any charge that meets no square goes in at double strength), or at normal strength.',
    valueDocs: {
      asSquareFailed: 'no square: double under aor.squareEffect 7.6, normal under 7.10',
      normal: 'normal strength under either reading; only infantry that fails its square check is charged at double (7.6)',
    },
  },
  {
    name: 'aor.losWoods',
    values: ['forestOnly', 'woodsToo'],
    default: 'forestOnly',
    source: '8.3, Terrain Effects table',
    doc: 'Whether woods hexes block line of sight as forest hexes do: 8.3 names forest, chateau and town only.',
    valueDocs: {
      forestOnly: 'woods do not block (8.3 names forest only); forest does',
      woodsToo: 'woods block like forest (the table has no Forest row and reads forest as woods for combat)',
    },
  },
  {
    name: 'aor.retreatBeforeAssault',
    values: ['chosen', 'always'],
    default: 'chosen',
    source: '7.11 ("may retreat one hex")',
    doc: "Whether cavalry or horse artillery that may retreat before an assault (7.11) does so by its side's choice (the assault doctrine: not off an objective it holds, not a stubborn one, a coin flip for random-legal), or always.",
  },
  {
    name: 'aor.retreatBeforeAssaultMixed',
    values: ['cavalryAlone', 'wholeStack'],
    default: 'cavalryAlone',
    source: '7.11 ("cavalry or horse artillery being assaulted may retreat")',
    doc: 'Whether the cavalry and horse artillery of an assaulted stack that also holds infantry or foot artillery may retreat before the assault (7.11) alone, leaving the others to be assaulted, or only a stack wholly of cavalry and horse artillery may.',
    valueDocs: {
      cavalryAlone: "7.11 names the units, not the stack (its retreat after assault is the one that asks for a side only of cavalry): they go, the others stay and are assaulted, and the attackers advance only into a hex left empty",
      wholeStack: '"the attackers may advance" reads as the hex emptying: only a stack wholly of cavalry and horse artillery may retreat before the assault',
    },
  },
  {
    name: 'aor.retreatBeforeAssaultCohesion',
    values: ['kept', 'disrupted'],
    default: 'kept',
    source: '7.11, 7.4',
    doc: 'Whether cavalry or horse artillery that retreats before an assault (7.11) is disrupted, as 7.4 disrupts retreating units, or keeps its order: it slips away from a fight it never had.',
    valueDocs: {
      kept: '7.4 speaks of the retreats that combat results impose; one made before any fire leaves the unit in good order',
      disrupted: "7.4's \"retreating units are disrupted\" covers every retreat, this one too",
    },
  },
  {
    name: 'aor.reorganizationTurns',
    values: ['nightTurns', 'fromFirstNight'],
    default: 'nightTurns',
    source: '15, 16',
    doc: 'On which turns eliminated units may be reorganized: on night turns only, or on any turn from the first night turn after their elimination on.',
    valueDocs: {
      nightTurns: 'reorganization is night work: a unit eliminated today comes back on the first night turn after, or a later one',
      fromFirstNight: '15 says "starting with" that night turn, so once it has passed the unit may come back on any later turn, by day too',
    },
  },
  {
    name: 'aor.fortDefenderFire',
    values: ['halved', 'full'],
    default: 'halved',
    source: '10.1',
    doc: "The defender's fire at attackers inside a fort (a garrison attacking out of it): halved as the attacker's fire into a fort is, or at full strength, since 10.1 halves attacker strengths only.",
    valueDocs: {
      halved: 'a fort shelters its garrison from any fire: the defender fires into it at half strength too',
      full: "10.1 names attacker strengths, and the Terrain Effects table has no fort row: the defender's reply is not reduced",
    },
  },
  {
    name: 'aor.pursuedHexFire',
    values: ['othersFire', 'none'],
    default: 'othersFire',
    source: '7.7',
    doc: 'A pursuit of the units that just retreated, into a hex where other units of their side stand too: whether those others fire back (7.7 forbids it to the retreated only, and a charge on any other enemy is resolved as usual), or nobody in the hex does.',
    valueDocs: {
      othersFire: 'the units that did not retreat fire back and the round is a normal charge on the hex (a square test only if its infantry is all undisrupted, which retreated infantry is not): the loser falls back, the retreated with it',
      none: 'the whole hex takes the pursuers\' fire without reply, and nobody falls back',
    },
  },
  {
    name: 'aor.casualtyModel',
    values: ['shares', 'everyManLost'],
    default: 'shares',
    source: '7.1 note (an eliminated unit has lost its cohesion; its men are not all dead), 15',
    doc: 'How many of the men a side lost count as casualties (killed and wounded): a share per cause of loss (aor.casualtiesStep, aor.casualtiesEliminated, aor.casualtiesBlocked), or every man lost, as the rules’ strength counts them.',
    valueDocs: {
      shares: 'each cause of loss gives its share of killed and wounded; men who retreated off the map (5.6) or fell out for want of supply (17) are not battle casualties',
      everyManLost: 'every strength point lost is killed or wounded (no model: the rules’ own figure)',
    },
  },
  {
    name: 'aor.casualtiesStep',
    values: SHARES,
    default: 0.8,
    source: '6.1, 7.2 (a step lost, the unit stays)',
    doc: 'Of the strength a two-step unit loses when it flips to its reduced side and stays in the fight, the share killed or wounded (the rest are stragglers and men gone to the rear). Default: the armies that held their ground at Waterloo lost about 80% of their missing men as killed and wounded.',
  },
  {
    name: 'aor.casualtiesEliminated',
    values: SHARES,
    default: 0.4,
    source: '7.1 note, 7.2, 15',
    doc: 'Of the strength a unit loses when a hit takes its last step, the share killed or wounded; the rest are dispersed, and a reorganized unit (15) comes back with them. Default: between the French at Waterloo and the Prussians at Ligny, the armies that broke.',
  },
  {
    name: 'aor.casualtiesBlocked',
    values: SHARES,
    default: 0.1,
    source: '7.4 (no hex to retreat into; foot artillery that cannot retreat)',
    doc: 'Of the strength of a unit lost because it had to retreat and could not (a blocked retreat, foot artillery that cannot retreat, a unit overstacked with nowhere to go), the share killed or wounded: the rest are taken prisoner or scatter.',
  },
];

/** The options in the shape the kernel reads them (resolved once per cell by compile). */
export interface AorOptions {
  terrainReductions: 'largest' | 'multiply';
  groupMoraleFallback: 'artillery' | 'fails';
  moraleBounds: 'none' | '1-5';
  hitAllocation: 'combined' | 'infantryFirst';
  hexsideFire: 'attackerOnly' | 'both';
  oldGuardEffect: 'attacking' | 'attackingOrDefending';
  fireFirstTargets: 'movedStacks' | 'movedUnits' | 'allStacks';
  fireFirstRetreat: 'afterBoth' | 'beforeReply';
  retreatCheckHits: 'afterHalving' | 'beforeHalving';
  defenderTargetTerrain: 'leastProtected' | 'mostProtected';
  cavalryAloneRetreat: 'always' | 'unlessAttackerRetreats';
  fortifiedHexsideRetreat: 'ignore' | 'normal';
  fortifiedHexsideFlank: 'likeFort' | 'flankable';
  fortifiedHexsideBombard: 'likeFort' | 'allowed';
  blockedRetreat: 'eliminate' | 'stepLoss';
  retreatRoom: 'preferRoom' | 'ignoreRoom';
  heldOverstack: 'movesOut' | 'eliminated';
  bombardStackBonus: boolean;
  bombardFirstHit: 'alwaysDisrupt' | 'disruptOrStep';
  bombardmentRetreatCheck: boolean;
  armyLossMeasure: 'eliminatedFull' | 'strengthLost';
  squareEffect: '7.6' | '7.10';
  chargeTie: 'chargerReturns' | 'bothStay';
  pursuitRatingDefault: 'morale' | 'none';
  chargeDefenceFire: 'full' | 'halvedUnlessRepeating';
  demoralizedComplianceDelay: number;
  nightAttackFailure: 'reserve' | 'defend';
  riverAssault: 'forbidden' | 'asStream';
  targetRuleOrder: 'distributionFirst' | 'priorityFirst';
  marchFlank: 'flankableTerrain' | 'inTowns';
  zocMovement: 'entryStops' | 'moveThrough';
  cavalryZocOrders: 'ignore' | 'apply';
  cavalryPassingFire: 'drawn' | 'ignored';
  fallBackArtillery: 'fallsBack' | 'destroyed';
  reorganizationTurns: 'nightTurns' | 'fromFirstNight';
  retreatBeforeAssaultCohesion: 'kept' | 'disrupted';
  fortDefenderFire: 'halved' | 'full';
  pursuedHexFire: 'othersFire' | 'none';
  turnEndRecovery: 'allUnits' | 'phasingSide';
  armyDemoralization: 'french' | 'anyArmy';
  chargeWithoutInfantry: 'asSquareFailed' | 'normal';
  losWoods: 'forestOnly' | 'woodsToo';
  retreatBeforeAssault: 'chosen' | 'always';
  retreatBeforeAssaultMixed: 'cavalryAlone' | 'wholeStack';
  casualtyModel: 'shares' | 'everyManLost';
  casualtiesStep: number;
  casualtiesEliminated: number;
  casualtiesBlocked: number;
}

export function aorOptions(resolved: ResolvedOptions): AorOptions {
  const get = <T>(k: string) => resolved[`aor.${k}`] as T;
  return {
    terrainReductions: get('terrainReductions'),
    groupMoraleFallback: get('groupMoraleFallback'),
    moraleBounds: get('moraleBounds'),
    hitAllocation: get('hitAllocation'),
    hexsideFire: get('hexsideFire'),
    oldGuardEffect: get('oldGuardEffect'),
    fireFirstTargets: get('fireFirstTargets'),
    fireFirstRetreat: get('fireFirstRetreat'),
    retreatCheckHits: get('retreatCheckHits'),
    defenderTargetTerrain: get('defenderTargetTerrain'),
    cavalryAloneRetreat: get('cavalryAloneRetreat'),
    fortifiedHexsideRetreat: get('fortifiedHexsideRetreat'),
    blockedRetreat: get('blockedRetreat'),
    retreatRoom: get('retreatRoom'),
    heldOverstack: get('heldOverstack'),
    bombardStackBonus: get('bombardStackBonus'),
    bombardFirstHit: get('bombardFirstHit'),
    bombardmentRetreatCheck: get('bombardmentRetreatCheck'),
    armyLossMeasure: get('armyLossMeasure'),
    squareEffect: get('squareEffect'),
    chargeTie: get('chargeTie'),
    pursuitRatingDefault: get('pursuitRatingDefault'),
    chargeDefenceFire: get('chargeDefenceFire'),
    demoralizedComplianceDelay: get('demoralizedComplianceDelay'),
    nightAttackFailure: get('nightAttackFailure'),
    riverAssault: get('riverAssault'),
    targetRuleOrder: get('targetRuleOrder'),
    marchFlank: get('marchFlank'),
    fortifiedHexsideFlank: get('fortifiedHexsideFlank'),
    fortifiedHexsideBombard: get('fortifiedHexsideBombard'),
    zocMovement: get('zocMovement'),
    cavalryZocOrders: get('cavalryZocOrders'),
    cavalryPassingFire: get('cavalryPassingFire'),
    fallBackArtillery: get('fallBackArtillery'),
    reorganizationTurns: get('reorganizationTurns'),
    retreatBeforeAssaultCohesion: get('retreatBeforeAssaultCohesion'),
    fortDefenderFire: get('fortDefenderFire'),
    pursuedHexFire: get('pursuedHexFire'),
    turnEndRecovery: get('turnEndRecovery'),
    armyDemoralization: get('armyDemoralization'),
    chargeWithoutInfantry: get('chargeWithoutInfantry'),
    losWoods: get('losWoods'),
    retreatBeforeAssault: get('retreatBeforeAssault'),
    retreatBeforeAssaultMixed: get('retreatBeforeAssaultMixed'),
    casualtyModel: get('casualtyModel'),
    casualtiesStep: get('casualtiesStep'),
    casualtiesEliminated: get('casualtiesEliminated'),
    casualtiesBlocked: get('casualtiesBlocked'),
  };
}

/** Defaults, for tests and tools that need a kernel configuration without a scenario. */
export const DEFAULT_AOR_OPTIONS: AorOptions = aorOptions(
  Object.fromEntries(AOR_OPTIONS.map((o) => [o.name, o.default])),
);
