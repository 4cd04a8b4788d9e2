/**
 * Every open reading of Burt's Napoleonic Wargames Rules is an option (DESIGN.md, "Rulings become
 * options"; ../shared/rulings/burt-napoleonic-wargames-rules.md, Options; docs/rules/burt.md).
 * Section numbers are the text's own; "3.n" is step n of the sequence of play, "9.rn" reaction n of 9.
 */
import type { OptionSpec, ResolvedOptions } from '../../core/ruleset.js';

/** Listed numbers for the options that read "any number" (resolveOptions accepts only listed values). */
const SIGHT_RANGES = [48, 6, 12, 18, 24, 36, 60, 72, 96] as const;
const ARMY_MORALE_NUMBERS = Array.from({ length: 30 }, (_, i) => i + 1);

export const BURT_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'burt.extendedDie',
    values: ['stepped', 'chained', 'none'],
    default: 'stepped',
    source: '6 ("here and elsewhere")',
    doc: 'How a score above 6 is reached: a 6 then one more die of 4, 5 or 6 for 7, 8 or 9; a 6 then another 4+ per point; or not at all.',
    valueDocs: {
      stepped: '7, 8, 9 = a 6 followed by a 4, 5, 6 (a 1-3 leaves 6); 10 or more impossible',
      chained: '6 + k = a 6 followed by k rolls of 4+; 10 or more impossible',
      none: 'no score above 6 can be rolled',
    },
  },
  {
    name: 'burt.naturalOne',
    values: ['noEffect', 'alwaysFails'],
    default: 'noEffect',
    source: '6, 8',
    doc: 'Whether a rolled 1 fails even when the required score is 1 or less (the text says nothing of it).',
  },
  {
    name: 'burt.leftoverFigures',
    values: ['penalisedDie', 'dropped'],
    default: 'penalisedDie',
    source: '6, 9',
    doc: 'One or two figures left over after the fours roll one more die at +1 to the score required, or roll none.',
  },
  {
    name: 'burt.movingModifier',
    values: ['firer', 'target', 'either'],
    default: 'firer',
    source: '6 (to hit: "Moving")',
    doc: "Whose movement this turn gives the +1 to hit: the firer's, the target's, or either's (once).",
  },
  {
    name: 'burt.simultaneousFire',
    values: [true, false],
    default: true,
    source: '3, 6',
    doc: 'Figures lost in step 9 are removed after every unit has fired (true), or at once, in initiative order (false).',
  },
  {
    name: 'burt.firstVolleyArtillery',
    values: [true, false],
    default: true,
    source: '6 (to hit: "First volley of day (not skirmishers)")',
    doc: 'Whether guns also get the -1 for their first volley of the day (the text excludes only skirmishers).',
  },
  {
    name: 'burt.gunsPerBattery',
    values: [4, 1, 2, 6, 8],
    default: 4,
    source: '6',
    doc: 'Gun models a battery fields when the scenario does not say (each rolls a die, two with canister).',
  },
  {
    name: 'burt.gunCasualtyRoll',
    values: ['perCasualty', 'summed'],
    default: 'perCasualty',
    source: '6 (hits on artillery)',
    doc: "Each casualty on a battery rolls its own d6 against the next gun's crew, or a gun's casualties of one volley roll together and their total is compared.",
  },
  {
    name: 'burt.squareDeepTarget',
    values: [true, false],
    default: true,
    source: '6 (to hit: "Artillery firing at more than two ranks")',
    doc: 'Whether a square counts as a target over two ranks deep for the guns firing at it.',
  },
  {
    name: 'burt.villageCover',
    values: ['hard', 'soft'],
    default: 'hard',
    source: '6, 8',
    doc: 'The cover a village gives (woods and hedges are soft, walls hard).',
  },
  {
    name: 'burt.figuresPerBase',
    values: [4, 2, 3, 6],
    default: 4,
    source: '12',
    doc: 'Figures on one base (one rank of a base): sets column width and square faces.',
  },
  {
    name: 'burt.meleeRanks',
    values: ['front', 'twoRanks'],
    default: 'front',
    source: '9 ("figures in contact")',
    doc: 'Figures in contact are those of the front rank inside the frontage overlap, or of the front two ranks.',
  },
  {
    name: 'burt.commandReach',
    values: [2, 1, 3, 4, 'all'],
    default: 2,
    source: '2, 4',
    doc: 'How many units of a brigade the command element touches, and so may change orders, each turn.',
  },
  {
    name: 'burt.reserveReaction',
    values: ['section9', 'section4'],
    default: 'section9',
    source: '4, 9',
    doc: 'A RESERVE unit that is assaulted may fire and countercharge as 9 lists, or only hold or evade as 4 (no fire, no combat) says.',
  },
  {
    name: 'burt.assaultedReserveOrders',
    values: ['afterReaction', 'atDeclaration'],
    default: 'afterReaction',
    source: '4, 9, 11',
    doc: 'When an assaulted RESERVE unit takes MANOEUVER orders (11): after its reaction in step 10, so that it reacts as a reserve (9, burt.reserveReaction); or when the assault is declared in step 4, so that it reacts as a MANOEUVER unit (burt.reserveReaction then never applies).',
  },
  {
    name: 'burt.reactionFire',
    values: ['twice', 'once'],
    default: 'twice',
    source: '3, 9.r1',
    doc: 'A FIRE unit that is assaulted fires in step 9 and again as its reaction in step 10, or only once.',
  },
  {
    name: 'burt.assaultOutOfReach',
    values: ['advance', 'stand'],
    default: 'advance',
    source: '4',
    doc: 'An ASSAULT unit with no enemy in charge reach moves a normal move toward the enemy, or stands.',
  },
  {
    name: 'burt.assaultedTargetManoeuvre',
    values: ['formationOnly', 'full', 'none'],
    default: 'formationOnly',
    source: '3, 5, 9',
    doc: 'What a marked target with MANOEUVER orders may do in step 5: change formation only (e.g. form square), move as well, or nothing; a marked RESERVE target (burt.assaultedReserveOrders afterReaction) makes its reserve move in step 6 only under full.',
  },
  {
    name: 'burt.mutualAssault',
    values: ['bothRoles', 'firstDeclared'],
    default: 'bothRoles',
    source: '5.1, 8, 9',
    doc: 'Two units that declared assaults on each other: each is both assaulted and assaulting, taking the being-assaulted test and then the trying-to-assault test before either moves; or the assault declared first is resolved, the other countercharging as an ASSAULT unit must, its own assault spent.',
    valueDocs: {
      bothRoles: 'both take the being-assaulted test, then both the trying-to-assault test; those that pass go in (both: they meet half way)',
      firstDeclared: "the first declared assault is resolved; its target countercharges (9) and takes no trying-to-assault test; a pair already in contact is not resolved again",
    },
  },
  {
    name: 'burt.contactedAlwaysFight',
    values: [true, false],
    default: true,
    source: '4',
    doc: 'A unit in contact fights whatever its orders (true), or a REGROUP or RESERVE unit rolls no melee dice (false).',
  },
  {
    name: 'burt.routBeforeContact',
    values: ['meleeRouters', 'fleeAtOnce'],
    default: 'meleeRouters',
    source: '8, 9',
    doc: 'A target that fails its assaulted test routs in place and the assault still goes in against routers, or it flees at once and no melee follows.',
  },
  {
    name: 'burt.evadeContact',
    values: ['catchInReach', 'noContact'],
    default: 'catchInReach',
    source: '9.r3',
    doc: 'An evader still within the charge reach is caught and hit in the rear, or an evade always avoids contact.',
  },
  {
    name: 'burt.evadeInContact',
    values: ['allowed', 'barred'],
    default: 'allowed',
    source: '9.r3, 9, 11',
    doc: 'Whether an assaulted RESERVE or MANOEUVER unit already in contact with another enemy may evade, leaving that melee (9.r3 lists no exception; 9 ends a melee only by a push-back or a break), or must make another reaction.',
    valueDocs: {
      allowed: 'it may evade, turning round and falling back out of the melee it is in',
      barred: 'it may not evade while in contact with an enemy; it holds (or fires or countercharges where it can)',
    },
  },
  {
    name: 'burt.evaders',
    values: ['anyOrdered', 'notGunsOrSquares'],
    default: 'anyOrdered',
    source: '9.r3, 5',
    doc: 'Which assaulted units with RESERVE or MANOEUVER orders may evade: any (9.r3 names no exception; a square falls back at a square\'s move, a limbered battery at its gun rate, an unlimbered one limbering first for half a move, 5), or none that is a battery or a square, as the engine played before.',
    valueDocs: {
      anyOrdered: 'every unit with RESERVE or MANOEUVER orders may evade (9.r3), guns and squares too',
      notGunsOrSquares: 'batteries and squares never evade; they hold (or fire) instead (the play before)',
    },
  },
  {
    name: 'burt.zeroCasualtyBreak',
    values: [true, false],
    default: true,
    source: '9',
    doc: 'One casualty against none counts as "at least twice as many" and breaks the loser (true), or only pushes it back, 2+ against 0 breaking (false).',
  },
  {
    name: 'burt.indecisiveMelee',
    values: ['noBreak', 'equalOnly'],
    default: 'noBreak',
    source: '9',
    doc: 'Which melees are indecisive (both sides test): every one in which neither side breaks, push-backs included, or only equal casualties.',
  },
  {
    name: 'burt.meleeContinuation',
    values: ['continuous', 'oneRound'],
    default: 'continuous',
    source: '9, 11',
    doc: 'Units left in contact fight a round every turn (no charge bonus unless following up), or a melee is one round and the sides part.',
  },
  {
    name: 'burt.lightCavalryFormed',
    values: ['attacking', 'fighting'],
    default: 'attacking',
    source: '9 (to hit: "Light cavalry attacking formed troops")',
    doc: 'The +1 of light cavalry against formed troops counts when the light cavalry attacks (it charged or countercharged into the melee, or followed up or pursued into it), or in every round it fights formed troops, attacked or not.',
    valueDocs: {
      attacking: 'only light cavalry that charged, countercharged, followed up or pursued into this melee (kept while the melee lasts)',
      fighting: 'light cavalry fighting formed troops, whoever attacked',
    },
  },
  {
    name: 'burt.turnAboutCost',
    values: ['quarterMove', 'none'],
    default: 'quarterMove',
    source: '4, 9.r3, 12',
    doc: 'What it costs a MANOEUVER unit facing away from the enemy (an evader, turned round by 9.r3) to turn and face it, a change of formation (4, 12) for which the text gives no rate: a quarter move, the least formation change, or nothing.',
  },
  {
    name: 'burt.fireMoveFrame',
    values: ['towardEnemy', 'ownFront'],
    default: 'towardEnemy',
    source: '4, 9.r3',
    doc: "Which way is \"forwards\" for a FIRE unit's short move (half a move forwards or a quarter backwards): toward the enemy whatever the unit's facing, as 9.r3 says \"backwards\" for the move away from the enemy of a unit it has just turned round; or by the unit's own front, so that one facing away (an evader) walks half a move away from the enemy.",
    valueDocs: {
      towardEnemy: 'half a move toward the enemy or a quarter away from it; a unit facing away moves toward it rear first',
      ownFront: 'half a move the way the unit faces or a quarter the other way',
    },
  },
  {
    name: 'burt.gunsCompulsoryMove',
    values: ['asTheyStand', 'limberFirst'],
    default: 'asTheyStand',
    source: '3.3, 4, 5, 8',
    doc: 'How an unlimbered battery makes a compulsory move, a shaken retreat or a rout (3.3, 8), which 5 and 4 do not settle (limbering takes half a move; only MANOEUVER orders limber): its guns go back as they stand, unlimbered and free to fire; or it limbers first, goes what is left of the distance, and ends limbered, as every other move of guns in play.',
    valueDocs: {
      asTheyStand: 'the whole retreat or rout distance, the guns still unlimbered (they may fire in the same turn)',
      limberFirst: 'half a move to limber comes off the distance; the battery ends limbered and fires again only once unlimbered (MANOEUVER orders). A shaken retreat of half a move (burt.retreatMove halfMove) is all spent limbering: the battery limbers where it stands, its retreat made, 0" gone',
    },
  },
  {
    name: 'burt.followUpOrders',
    values: ['anyOrders', 'assaultOrders'],
    default: 'anyOrders',
    source: '4, 9, 11',
    doc: 'Which winners of a push-back may follow up (9 names following up but not who may): any winner whatever its orders, the melee it is already in being no new engagement; or only one with ASSAULT orders, 4 barring units under RESERVE, MANOEUVER, FIRE and REGROUP orders from engaging in combat. A pursuit (3.3, 8) is a compulsory move, whatever the orders.',
    valueDocs: {
      anyOrders: 'a winner follows up whatever its orders (as its doctrine chooses)',
      assaultOrders: 'only a winner with ASSAULT orders may follow up; one under RESERVE, MANOEUVER, FIRE or REGROUP orders stays where it fought',
    },
  },
  {
    name: 'burt.pushBack',
    values: ['halfMove', 'fullMove', 'oneInch'],
    default: 'halfMove',
    source: '9',
    doc: 'How far a pushed-back unit goes back: half its normal move, a full normal move, or one inch.',
  },
  {
    name: 'burt.pursuit',
    values: ['cavalryMust', 'all', 'none'],
    default: 'cavalryMust',
    source: '3.3, 8',
    doc: 'Who pursues a broken enemy: cavalry must (foot takes the ground), every winner, or nobody.',
  },
  {
    name: 'burt.routMove',
    values: ['reserveRate', 'normalMove'],
    default: 'reserveRate',
    source: '3.3',
    doc: 'How far routers run in step 3: their reserve rate or their normal move.',
  },
  {
    name: 'burt.retreatMove',
    values: ['normalMove', 'halfMove'],
    default: 'normalMove',
    source: '3.3, 8',
    doc: 'How far a newly shaken unit retreats in step 3 of the next turn: a normal move or half of one.',
  },
  {
    name: 'burt.strengthModifiers',
    values: ['worstOnly', 'cumulative'],
    default: 'worstOnly',
    source: '8',
    doc: 'Under 3/4, 1/2 and 1/3 strength: only the worst applies (-1, -2, -3), or they add (-1, -3, -6).',
  },
  {
    name: 'burt.cohesionModifiers',
    values: ['currentLevel', 'cumulative'],
    default: 'currentLevel',
    source: '7, 8, 9',
    doc: 'A unit takes the modifiers of its own cohesion level only, or also those of every lost level above it (a shaken unit is also disordered).',
  },
  {
    name: 'burt.routSavePenalty',
    values: [true, false],
    default: true,
    source: '9 (melee save: "Unformed, disordered or shaken")',
    doc: 'Whether routers also save at +1 in melee (the list names the levels above rout only).',
  },
  {
    name: 'burt.routRetiring',
    values: [false, true],
    default: false,
    source: '8 (-1 "Retiring or pushed back", -3 "Routing"; test when "Trying to rally from rout")',
    doc: "Whether a router's own rout move this turn also counts as retiring (-1) on its test to rally, on top of routing's -3 (a push-back counts either way).",
  },
  {
    name: 'burt.pursuitAdvancing',
    values: [false, true],
    default: false,
    source: '8 (+1 "Advancing or pushing back"; test when "Trying to rally from ... pursuit")',
    doc: "Whether a pursuer's own pursuit move this turn counts as advancing (+1) on its test to stop pursuing (pushing back counts either way).",
  },
  {
    name: 'burt.fireTestBase',
    values: ['startOfTurn', 'original'],
    default: 'startOfTurn',
    source: '8 ("10% casualties from fire")',
    doc: 'The 10% is of the figures the unit had at the start of the turn, or of its starting figures (a battery tests on losing a gun).',
  },
  {
    name: 'burt.seeingRouts',
    values: ['newRoutsOnly', 'anyRouting'],
    default: 'newRoutsOnly',
    source: '8 ("Seeing friends routing")',
    doc: 'A unit tests on seeing a friend start to rout this turn, or on seeing any friend routing, every turn.',
  },
  {
    name: 'burt.testsPerTurn',
    values: ['eachReason', 'onePerStep'],
    default: 'eachReason',
    source: '8',
    doc: 'A unit with several reasons to test in one step takes a test for each, or one test for all of them.',
  },
  {
    name: 'burt.supported',
    values: ['within6Behind', 'committedOnly'],
    default: 'within6Behind',
    source: '8 (+2 "Supported")',
    doc: 'Supported means a friend (not shaken or routing) within 6" behind, or a committed reserve; or only a committed reserve.',
  },
  {
    name: 'burt.supportFrame',
    values: ['awayFromEnemy', 'ownRear'],
    default: 'awayFromEnemy',
    source: '8 (+2 "Supported")',
    doc: 'Which way is "behind" for the friend within 6" that supports a unit (burt.supported within6Behind): away from the enemy whatever the unit\'s facing, as a second line stands behind the first; or behind the unit\'s own rear, so that a unit facing away (a router, an evader) is supported by a friend between it and the enemy, one it has run through say. The same frame says which assaulted friend a RESERVE unit may be committed to support (5.3).',
    valueDocs: {
      awayFromEnemy: 'a friend further from the enemy than the unit, within 6" and overlapping it',
      ownRear: 'a friend behind the unit\'s rear by its facing, within 6" and overlapping it (for a unit facing away, between it and the enemy)',
    },
  },
  {
    name: 'burt.sightRange',
    values: [...SIGHT_RANGES],
    default: 48,
    source: '8 (+2 "No enemy in sight")',
    doc: 'Inches within which a visible enemy is "in sight" (villages and woods block the view).',
  },
  {
    name: 'burt.commandElementAsGeneral',
    values: [false, true],
    default: false,
    source: '2, 8',
    doc: "Whether a brigade's command element with the unit counts as a subordinate general (+1).",
  },
  {
    name: 'burt.regroupTest',
    values: ['automatic', 'moraleTest'],
    default: 'automatic',
    source: '4, 7',
    doc: 'A unit with REGROUP orders regains a level in step 8 without a test, or only by passing a morale test.',
  },
  {
    name: 'burt.woodsCavalry',
    values: ['quarter', 'threeQuarters'],
    default: 'quarter',
    source: '5',
    doc: '"Reduce cavalry by three-quarters" in woods: cavalry moves at a quarter of its rate, or at three quarters.',
  },
  {
    name: 'burt.villageMovement',
    values: ['asWoods', 'open'],
    default: 'asWoods',
    source: '5',
    doc: 'Villages (absent from 5) slow movement as woods do, or not at all.',
  },
  {
    name: 'burt.terrainLoss',
    values: ['perTurn', 'perMove'],
    default: 'perTurn',
    source: '5',
    doc: 'How often crossing an obstacle or moving in difficult ground costs formed troops their level of order: once a turn (the text\'s "move" is the turn, as in changing orders or casualties "this move"), so a unit that advances in step 4 and charges in step 10 through a wood loses one; or once for each move it makes in the turn.',
    valueDocs: {
      perTurn: 'at most one level a turn to terrain, however many moves cross it',
      perMove: 'a level for every move of the turn that crosses an obstacle or enters difficult ground (the play before)',
    },
  },
  {
    name: 'burt.routedReserve',
    values: ['keepsReserve', 'leavesAtRout'],
    default: 'keepsReserve',
    source: '4, 10, 11',
    doc: 'A unit that routs under RESERVE orders: it keeps them while it runs, so the point of army morale for leaving RESERVE (10) falls when its orders next change (a rally gives REGROUP, 11; a pursuer reaching it MANOEUVER), a second point after its rout; or the rout ends its RESERVE status (4: a router makes no reserve move), the rout\'s point the only one.',
    valueDocs: {
      keepsReserve: 'the router keeps RESERVE orders; rallying (or being caught by a pursuer) takes it out of RESERVE and costs its army a second point',
      leavesAtRout: 'the rout ends RESERVE status (MANOEUVER orders), at the one point the rout costs',
    },
  },
  {
    name: 'burt.armyMoraleStart',
    values: ['units', ...ARMY_MORALE_NUMBERS],
    default: 'units',
    source: '10',
    doc: "An army's starting morale: one per unit, or a given number.",
  },
];

export type ExtendedDieMode = 'stepped' | 'chained' | 'none';
export type NaturalOne = 'noEffect' | 'alwaysFails';
export type LeftoverFigures = 'penalisedDie' | 'dropped';
export type MovingModifier = 'firer' | 'target' | 'either';
export type GunCasualtyRoll = 'perCasualty' | 'summed';
export type MeleeRanks = 'front' | 'twoRanks';
export type ReserveReaction = 'section9' | 'section4';
export type StrengthModifiers = 'worstOnly' | 'cumulative';
export type CohesionModifiers = 'currentLevel' | 'cumulative';
export type PushBack = 'halfMove' | 'fullMove' | 'oneInch';
export type Pursuit = 'cavalryMust' | 'all' | 'none';
export type MeleeContinuation = 'continuous' | 'oneRound';
export type IndecisiveMelee = 'noBreak' | 'equalOnly';
export type LightCavalryFormed = 'attacking' | 'fighting';

/** The options in the shape the mechanics read them (resolved once per cell). */
export interface BurtOptions {
  extendedDie: ExtendedDieMode;
  naturalOne: NaturalOne;
  leftoverFigures: LeftoverFigures;
  movingModifier: MovingModifier;
  simultaneousFire: boolean;
  firstVolleyArtillery: boolean;
  gunsPerBattery: number;
  gunCasualtyRoll: GunCasualtyRoll;
  squareDeepTarget: boolean;
  villageCover: 'hard' | 'soft';
  figuresPerBase: number;
  meleeRanks: MeleeRanks;
  /** Units a command element touches each turn; Infinity for 'all'. */
  commandReach: number;
  reserveReaction: ReserveReaction;
  assaultedReserveOrders: 'afterReaction' | 'atDeclaration';
  reactionFire: 'twice' | 'once';
  assaultOutOfReach: 'advance' | 'stand';
  assaultedTargetManoeuvre: 'formationOnly' | 'full' | 'none';
  mutualAssault: 'bothRoles' | 'firstDeclared';
  contactedAlwaysFight: boolean;
  routBeforeContact: 'meleeRouters' | 'fleeAtOnce';
  evadeContact: 'catchInReach' | 'noContact';
  evadeInContact: 'allowed' | 'barred';
  evaders: 'anyOrdered' | 'notGunsOrSquares';
  zeroCasualtyBreak: boolean;
  indecisiveMelee: IndecisiveMelee;
  meleeContinuation: MeleeContinuation;
  lightCavalryFormed: LightCavalryFormed;
  turnAboutCost: 'quarterMove' | 'none';
  fireMoveFrame: 'towardEnemy' | 'ownFront';
  followUpOrders: 'anyOrders' | 'assaultOrders';
  gunsCompulsoryMove: 'asTheyStand' | 'limberFirst';
  pushBack: PushBack;
  pursuit: Pursuit;
  routMove: 'reserveRate' | 'normalMove';
  retreatMove: 'normalMove' | 'halfMove';
  strengthModifiers: StrengthModifiers;
  cohesionModifiers: CohesionModifiers;
  routSavePenalty: boolean;
  /** 8: a router's rout move counts as retiring on its rally test. */
  routRetiring: boolean;
  /** 8: a pursuer's pursuit move counts as advancing on its test to stop. */
  pursuitAdvancing: boolean;
  fireTestBase: 'startOfTurn' | 'original';
  seeingRouts: 'newRoutsOnly' | 'anyRouting';
  testsPerTurn: 'eachReason' | 'onePerStep';
  supported: 'within6Behind' | 'committedOnly';
  supportFrame: 'awayFromEnemy' | 'ownRear';
  sightRange: number;
  commandElementAsGeneral: boolean;
  regroupTest: 'automatic' | 'moraleTest';
  woodsCavalry: 'quarter' | 'threeQuarters';
  villageMovement: 'asWoods' | 'open';
  terrainLoss: 'perTurn' | 'perMove';
  routedReserve: 'keepsReserve' | 'leavesAtRout';
  /** 'units' (one per unit) or a fixed number. */
  armyMoraleStart: 'units' | number;
}

/** Typed view of resolved options (every `burt.*` option must be present, as resolveOptions ensures). */
export function burtOptions(resolved: ResolvedOptions): BurtOptions {
  const get = <T>(k: string): T => {
    const v = resolved[`burt.${k}`];
    if (v === undefined) throw new Error(`option burt.${k} is not resolved`);
    return v as T;
  };
  const reach = get<number | 'all'>('commandReach');
  return {
    extendedDie: get('extendedDie'),
    naturalOne: get('naturalOne'),
    leftoverFigures: get('leftoverFigures'),
    movingModifier: get('movingModifier'),
    simultaneousFire: get('simultaneousFire'),
    firstVolleyArtillery: get('firstVolleyArtillery'),
    gunsPerBattery: get('gunsPerBattery'),
    gunCasualtyRoll: get('gunCasualtyRoll'),
    squareDeepTarget: get('squareDeepTarget'),
    villageCover: get('villageCover'),
    figuresPerBase: get('figuresPerBase'),
    meleeRanks: get('meleeRanks'),
    commandReach: reach === 'all' ? Infinity : reach,
    reserveReaction: get('reserveReaction'),
    assaultedReserveOrders: get('assaultedReserveOrders'),
    reactionFire: get('reactionFire'),
    assaultOutOfReach: get('assaultOutOfReach'),
    assaultedTargetManoeuvre: get('assaultedTargetManoeuvre'),
    mutualAssault: get('mutualAssault'),
    contactedAlwaysFight: get('contactedAlwaysFight'),
    routBeforeContact: get('routBeforeContact'),
    evadeContact: get('evadeContact'),
    evadeInContact: get('evadeInContact'),
    evaders: get('evaders'),
    zeroCasualtyBreak: get('zeroCasualtyBreak'),
    indecisiveMelee: get('indecisiveMelee'),
    meleeContinuation: get('meleeContinuation'),
    lightCavalryFormed: get('lightCavalryFormed'),
    turnAboutCost: get('turnAboutCost'),
    fireMoveFrame: get('fireMoveFrame'),
    followUpOrders: get('followUpOrders'),
    gunsCompulsoryMove: get('gunsCompulsoryMove'),
    pushBack: get('pushBack'),
    pursuit: get('pursuit'),
    routMove: get('routMove'),
    retreatMove: get('retreatMove'),
    strengthModifiers: get('strengthModifiers'),
    cohesionModifiers: get('cohesionModifiers'),
    routSavePenalty: get('routSavePenalty'),
    routRetiring: get('routRetiring'),
    pursuitAdvancing: get('pursuitAdvancing'),
    fireTestBase: get('fireTestBase'),
    seeingRouts: get('seeingRouts'),
    testsPerTurn: get('testsPerTurn'),
    supported: get('supported'),
    supportFrame: get('supportFrame'),
    sightRange: get('sightRange'),
    commandElementAsGeneral: get('commandElementAsGeneral'),
    regroupTest: get('regroupTest'),
    woodsCavalry: get('woodsCavalry'),
    villageMovement: get('villageMovement'),
    terrainLoss: get('terrainLoss'),
    routedReserve: get('routedReserve'),
    armyMoraleStart: get('armyMoraleStart'),
  };
}

/** Every option at its default, resolved. */
export const DEFAULT_BURT_RESOLVED: ResolvedOptions = Object.fromEntries(BURT_OPTIONS.map((o) => [o.name, o.default]));

/** Defaults, for tests and tools that need the mechanics without a scenario. */
export const DEFAULT_BURT_OPTIONS: BurtOptions = burtOptions(DEFAULT_BURT_RESOLVED);
