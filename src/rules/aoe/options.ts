/**
 * Every open reading of the Age of Eagles regimental conversion is an option (DESIGN.md, "Rulings
 * become options"; ../shared/rulings/age-of-eagles-regimental.md section 4; docs/rules/aoe.md).
 * Sources cite the text by page and heading ("p2 Bayonet & Sabre"); "[gap]" marks a procedure the text
 * leaves to the parent game and the rulings fill from the Fire & Fury family.
 */
import type { OptionSpec } from '../../core/ruleset.js';
import { overridden } from '../../core/records.js';

/** Resolved option values by full name, as the core's resolver returns them. */
export type AoeResolvedOptions = Readonly<Record<string, string | number | boolean>>;

export const AOE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'aoe.die',
    values: ['d10', 'd6'],
    default: 'd10',
    source: 'all tables (no die named) [gap]',
    doc: 'The die every test rolls: a ten-sided die as in the parent game, or a six-sided one (tables unchanged).',
  },
  {
    name: 'aoe.d10Faces',
    values: ['1-10', '0-9'],
    default: '1-10',
    source: 'p1 March Table, p2 result bands [gap]',
    doc: 'How a d10 is read: faces 1..10, or 0..9 (the bands sit one below the Fire & Fury ones, as if read 0-9). Ignored with a d6.',
  },
  {
    name: 'aoe.standLoss',
    values: ['hit', 'ignore'],
    default: 'hit',
    source: 'p1 March Table (Broken), p2 Bayonet & Sabre (result 0) vs p3 Hits',
    doc: 'A "lose a stand" result, where p3 says no stand is ever removed: it costs one hit, or nothing.',
  },
  {
    name: 'aoe.cohesion',
    values: ['quarters', 'quartersNoBreak', 'none'],
    default: 'quarters',
    source: 'p1 Tactical Movement Modifiers ("each Army Cohesion level") [gap]',
    doc: 'Army cohesion levels: floor(4 x removed / starting foot and horse units), level 2 breaking the army; the same without the break; or none.',
    valueDocs: {
      quarters: 'level = floor(4 x removed / starting foot and horse units); level 2 or more: army broken',
      quartersNoBreak: 'the same levels (March -1 each) but the army never breaks',
      none: 'level always 0',
    },
  },
  {
    name: 'aoe.disorderedFire',
    values: ['half', 'none'],
    default: 'half',
    source: 'p2 Fire Point Modifiers (value missing)',
    doc: 'Fire points of a disordered firer or a damaged gun: halved, or unchanged.',
  },
  {
    name: 'aoe.skirmishFire',
    values: ['perStand', 'perUnit'],
    default: 'perStand',
    source: 'p2 Fire Points at Range ("1 Sk")',
    doc: 'Skirmish fire at 3.1"-6": 1 point per front stand (not from a BUA, Square or March Column), or 1 point per unit.',
  },
  {
    name: 'aoe.skirmishPenalty',
    values: ['either', 'openOrderOnly'],
    default: 'either',
    source: 'p2 Die Roll Modifiers (-2 Open Order or Skirmisher)',
    doc: 'The -2 applies to fire at an Open Order target or to skirmish fire (either), or to Open Order targets only.',
  },
  {
    name: 'aoe.squareFire',
    values: ['allStands', 'facingFace'],
    default: 'allStands',
    source: 'p2 notes (squares fire at 1 point per stand)',
    doc: 'A square fires 1 point for each of its stands, or for each stand on the face toward the target.',
  },
  {
    name: 'aoe.combineFire',
    values: ['separate', 'combined'],
    default: 'separate',
    source: 'p2 Volley & Cannonade (silent) [gap]',
    doc: 'Each firing unit rolls on its own, or the fire points of all units firing at one target are added for one roll.',
  },
  {
    name: 'aoe.chargerFires',
    values: [true, false],
    default: true,
    source: 'p3 Fire Points',
    doc: 'A charging unit in contact fires with its front rank in its own fire phase, or does not fire.',
  },
  {
    name: 'aoe.chargeRequires',
    values: ['anyMove', 'fullMove', 'aLaBayonette'],
    default: 'anyMove',
    source: 'p1 March Table (the two top good-order results read the same)',
    doc: 'Which March results let a unit charge: any result that moves (a half move charges if it reaches), a full move, or only the top band.',
  },
  {
    name: 'aoe.squareRoll',
    values: ['squareOnly', 'fullResult'],
    default: 'squareOnly',
    source: 'p1 Forming Square, p3 Forming Square',
    doc: 'The March roll to form square decides only the square, or applies its whole result (rally, retreats, rout).',
  },
  {
    name: 'aoe.marchCheck',
    values: ['movers', 'everyUnit'],
    default: 'movers',
    source: 'p1 Play Sequence (March phase b: units moving)',
    doc: 'Who rolls on the March Table: units that move, change formation, charge or want to rally; or every unit every turn.',
  },
  {
    name: 'aoe.outnumberCount',
    values: ['allStands', 'frontRank'],
    default: 'allStands',
    source: 'p2 Bayonet & Sabre (outnumber); p3 Built Up Areas implies a narrower count',
    doc: 'Outnumbering counts all troop stands of the units in the combat, or only their stands in contact (all stands in a BUA).',
  },
  {
    name: 'aoe.cavVsInfantry',
    values: ['openTerrainOnly', 'anyTerrain'],
    default: 'openTerrainOnly',
    source: 'p2 Bayonet & Sabre ("in Open") vs p3 Forming Square list',
    doc: 'The +2 for cavalry charging infantry in neither square nor masse needs the infantry in open terrain (p2), or applies anywhere (p3).',
  },
  {
    name: 'aoe.armouredCav',
    values: ['replace', 'stack'],
    default: 'replace',
    source: 'p2 Bayonet & Sabre (Heavy +1, Armoured Heavy +2)',
    doc: 'Armoured heavy cavalry gets +2 in place of the heavy +1, or both (+3).',
  },
  {
    name: 'aoe.freshHits',
    values: ['double', 'once'],
    default: 'double',
    source: 'p2 Bayonet & Sabre (hit this fire phase; each hit on unit)',
    doc: 'A hit taken in the current fire phase counts under both hit lines (-2), or once (-1).',
  },
  {
    name: 'aoe.drawResult',
    values: ['nextPhase', 'immediate', 'attackerFallsBack'],
    default: 'nextPhase',
    source: 'p2 Bayonet & Sabre (result 0)',
    doc: 'After a 0: both stay in contact and fight again next Bayonet & Sabre phase, fight again at once, or the attacker falls back 2".',
  },
  {
    name: 'aoe.breakthrough',
    values: ['closestAny', 'unengagedOnly'],
    default: 'closestAny',
    source: 'p2 Bayonet & Sabre ("closest enemy")',
    doc: 'A breakthrough charge goes at the closest enemy, the beaten unit included, or at the closest enemy not engaged or beaten.',
  },
  {
    name: 'aoe.infantryBreakthrough',
    values: ['must', 'may'],
    default: 'must',
    source: 'p2 Bayonet & Sabre (+7 or more)',
    doc: 'After a +7, attacking infantry must make the breakthrough charge, or may.',
  },
  {
    name: 'aoe.multiUnitHits',
    values: ['oneUnit', 'eachUnit'],
    default: 'oneUnit',
    source: 'p2 Bayonet & Sabre (silent on several units a side)',
    doc: 'Hits of a combat with several units on a side go to one unit its owner picks, or to each unit.',
  },
  {
    name: 'aoe.removalHits',
    values: ['five', 'prorated'],
    default: 'five',
    source: 'p3 Hits',
    doc: 'A unit is removed at 5 hits, or at 5 prorated to its stands (for units smaller than the standard 6 or 4 stands).',
    valueDocs: {
      five: '5 hits for every unit (p3 Hits)',
      prorated: 'ceil(5 x stands / standard stands of its arm): a standard unit keeps 5; a 3-stand battalion goes at 3',
    },
  },
  {
    name: 'aoe.retreatFacing',
    values: ['faceEnemy', 'aboutFaced'],
    default: 'faceEnemy',
    source: 'p2 Bayonet & Sabre (retreats), p2 Die Roll Modifiers (about-faced)',
    doc: 'A unit ends a retreat facing the enemy, or about-faced (+1 to fire at it until it moves).',
  },
  {
    name: 'aoe.retireDistance',
    values: ['musket', 'skirmish'],
    default: 'musket',
    source: 'p1 March Table (Retire)',
    doc: 'Retire moves the unit beyond musket range (3"), or beyond skirmish range (6").',
  },
  {
    name: 'aoe.initiative',
    values: ['roll', 'attackerFirst'],
    default: 'roll',
    source: 'p1 Play Sequence (Initiative Phase) [gap]',
    doc: 'Each turn both sides roll a die, higher moves first, ties rolled again; or the attacker is always first.',
  },
  {
    name: 'aoe.infantryRough',
    values: ['half', 'none'],
    default: 'half',
    source: 'p1 movement table (blank infantry rough cells) [layout]',
    doc: 'Infantry in rough ground moves at half rate, or at full rate (the blank cells read as no effect).',
  },
  {
    name: 'aoe.linearMasse',
    values: ['inconsistent', 'consistent'],
    default: 'inconsistent',
    source: 'p1 Tactical Movement Modifiers vs p3 March Table - March Mode',
    doc: 'Masse is a formation against the March Mode of Linear infantry (p1), or not (p3 names Field Column only).',
  },
  {
    name: 'aoe.buaCover',
    values: [1, 2, 3],
    default: 2,
    source: 'p2 Die Roll Modifiers and Bayonet & Sabre (cover "per scenario")',
    doc: 'The cover level of a built-up area block: -1/-2/-3 to fire at it, +1/+2/+3 to defend it.',
  },
  {
    name: 'aoe.buaEntry',
    values: ['noChange', 'changedFormation'],
    default: 'noChange',
    source: 'p2 Die Roll Modifiers (+1 changed formation); p1, p3 Built Up Areas (entering occupies automatically; leaving is reforming)',
    doc: 'Occupying a village block (entering a vacant one, or taking it after a combat) is no formation change, or counts as one (+1 to be fired on this turn).',
    valueDocs: {
      noChange: 'no +1: the text calls only leaving a block reforming; entering is automatic and the unit is in no formation',
      changedFormation: 'the unit changed formation (from its own to none): +1 to be fired on for the rest of the game turn',
    },
  },
  {
    name: 'aoe.buaCavalry',
    values: ['disordered', 'onContact', 'combatOnly'],
    default: 'disordered',
    source: 'p3 Built Up Areas (cavalry attacking a unit in a BUA are always Disordered); p1 Tactical Movement Modifiers (-3 disordered cavalry moving into charge combat)',
    doc: 'Cavalry attacking a unit in a village block is Disordered: from its charge roll (the -3) and after contact until rallied; only from contact; or only in the combat (the -2).',
    valueDocs: {
      disordered: 'it is Disordered throughout the attack: its charge roll takes the -3 of disordered cavalry, it becomes disordered at contact and stays so until rallied',
      onContact: 'it becomes disordered at contact and stays so until rallied; its charge roll is made in its own state',
      combatOnly: 'it counts as disordered in the combat (the -2) and its state is unchanged',
    },
  },
  {
    name: 'aoe.blockEdge',
    values: ['contact', 'noContact'],
    default: 'contact',
    source: 'p1 Built-up Areas (a charge at a unit in a block contacts its outside edge; entering a vacant block ends the move); p3 Built Up Areas',
    doc: 'An enemy touching the outside edge of a unit\'s village block is in contact with it (a charge that ends in a block touching its target has reached it; an advance does not end in such a block), or not (entering the block ends the move short of contact).',
    valueDocs: {
      contact: 'contact with a block is at its outside edge, both ways: a charge whose move ends in a vacant block that touches its target is home and fights it; an advance (no move into contact but a charge) stops short of a vacant block an enemy touches',
      noContact: 'entering a block ends the move before contact: a charge that ends in a block touching its target does not fight it until one of them charges the other, and an advance may enter such a block (this project\'s earlier play)',
    },
  },
  {
    name: 'aoe.tellingGuns',
    values: ['damaged', 'silencedToo'],
    default: 'damaged',
    source: 'p2 Die Result (Telling: 1 gun stand damaged; Galling: silenced); p2 Fire Point Modifiers (damaged gun)',
    doc: 'Telling fire on a battery damages its gun stand (it fires at half from then on), or damages and silences it (no fire until rallied), as Galling does.',
    valueDocs: {
      damaged: 'damaged only, as p2 prints it: the battery keeps firing at half its points',
      silencedToo: 'damaged and silenced: the results read as cumulative, Telling including Galling as it does for troops (disordered and a hit)',
    },
  },
  {
    name: 'aoe.guardStep',
    values: ['sameAsElite', 'extraPlusOne'],
    default: 'sameAsElite',
    source: 'p1 Tactical Movement Modifiers, p2 Bayonet & Sabre (quality); the common quality ladder',
    doc: 'Guard troops are Elite, or Elite with +1 more on the March Table and in Bayonet & Sabre.',
  },
  {
    name: 'aoe.countercharge',
    values: ['facingCharger', 'anyGoodOrder'],
    default: 'facingCharger',
    source: 'p2 Bayonet & Sabre (-2 non-countercharging cavalry; countercharging cavalry may carry or recall) [gap]',
    doc: 'Defending cavalry in good order countercharges (no -2) unless it is outflanked or attacked in the rear, or whenever it is in good order.',
    valueDocs: {
      facingCharger: 'it countercharges when in good order and no attacker is on its flank or rear: it rides at a charger it faces',
      anyGoodOrder: 'it countercharges whenever it is in good order, even when taken in the flank or rear',
    },
  },
  {
    name: 'aoe.marchModeChange',
    values: ['moveOnly', 'changeToo'],
    default: 'moveOnly',
    source: 'p1 Tactical Movement Modifiers, p3 March Table - March Mode (-2 inconsistent formation); p1 notes (a change costs half a move)',
    doc: 'The March Mode -2 applies when the unit moves in a formation against its mode, or also when it only changes into one where it stands.',
    valueDocs: {
      moveOnly: 'only a unit that moves along the ground (advance, withdrawal, charge) in the formation: p3 lets any formation be adopted',
      changeToo: 'a formation change in place into such a formation counts as moving in it (p1: a change costs half a move)',
    },
  },
  {
    name: 'aoe.breakthroughCombat',
    values: ['oncePerPhase', 'allInContact'],
    default: 'oncePerPhase',
    source: 'p1 Play Sequence (Bayonet & Sabre phase: all charges, countercharges and breakthroughs resolved, results at once); p2 breakthrough charge, result 0',
    doc: 'Who fights a breakthrough charge\'s combat beside the unit making it: the attackers in contact with the defender that have not fought this phase (one left in contact by a 0 this phase waits for the next), or every attacker in contact with it.',
    valueDocs: {
      oncePerPhase: 'each charge is resolved once a phase: an attacker whose combat gave a 0 this phase stays in contact and fights in the next phase, not in a later breakthrough\'s combat at the same defender; the unit breaking through fights again, as p2 makes it',
      allInContact: 'every attacker in contact with the defender joins the breakthrough\'s combat, one that drew earlier in the phase included (this project\'s earlier play)',
    },
  },
  {
    name: 'aoe.prolonge',
    values: ['move', 'off'],
    default: 'move',
    source: 'p1 movement notes (a battery can prolong 1" without limbering); p1 Play Sequence (March phase b: units moving roll); p3 March Table - Artillery',
    doc: 'An unlimbered battery may prolong: move up to 1" forward or back without limbering, as its move of the March phase (rolled for like any move, made on a result that lets it move); or batteries move only limbered.',
    valueDocs: {
      move: 'the prolonge is the battery\'s move: it states it, rolls the March Table as a mover and shifts up to 1" on a result that moves (a half move included); it fires as usual afterwards, the text giving the shift no fire cost',
      off: 'no prolonge: an unlimbered battery stays where it is until it limbers (this project\'s earlier play)',
    },
  },
  {
    name: 'aoe.retreatOntoFriend',
    values: ['beyond', 'short', 'share'],
    default: 'beyond',
    source: 'p1 movement notes (passage of lines: units pass through friends); p1/p3 Built-up Areas (a block holds a single unit); p2 retreat distances [gap]',
    doc: 'A forced retreat that would end on ground a friend stands on: it goes on through the friend to the first clear ground behind it, stops at the friend\'s near edge, or ends on the friend\'s ground.',
    valueDocs: {
      beyond: 'through the friend (passage of lines, p1) to the first clear ground behind it, so the retreat is at least its distance; what stops it there is read as if the friends were not there: an enemy behind them stops it at the friend\'s near edge and cuts it off under aoe.blockedRetreat cutOff, the table edge behind them removes it as any retreat off the lane (rulings 3.6); a recall, "up to a full move", stops at the friend\'s near edge instead',
      short: 'the friend stops the retreat at its near edge, as an enemy behind does: the retreat falls short of its distance (never back past where it began, so a unit that began on a friend\'s ground may end on it)',
      share: 'the unit ends where its distance takes it, on the friend\'s ground (this project\'s earlier play)',
    },
  },
  {
    name: 'aoe.blockedRetreat',
    values: ['cutOff', 'stop'],
    default: 'cutOff',
    source: 'p1 March Table, p2 Bayonet & Sabre (retreat distances); rulings 3.6 (a retreat off the lane removes the unit) [gap]',
    doc: 'A forced retreat that an enemy behind the unit stops short of its distance: the unit is cut off and removed, or it stops at the enemy and stays in play.',
    valueDocs: {
      cutOff: 'removed, as a retreat off the table edge is (rulings 3.6): it cannot give the ground the result demands; a recall ("up to a full move") or a Retire (as far as falling back takes it, p1 March Table) stopped short is not cut off',
      stop: 'it stops at the enemy and stays in play, short of its distance (this project\'s earlier play); only a retreat that ends on an enemy\'s ground removes it',
    },
  },
  {
    name: 'aoe.friendInPath',
    values: ['passage', 'short', 'share'],
    default: 'passage',
    source: 'p1 movement notes (passage of lines: 3" a unit penetrated); p1/p3 Built-up Areas (a block holds a single unit, closed but to friendly March Column passing through)',
    doc: 'An advance or a withdrawal by choice whose path meets a friend, a front charge with a friend between it and its target, and a winner taking the beaten unit\'s ground where a friend stands: the move passes through the friend at 3" a unit passed when that takes it clear beyond, or it stops at the friend\'s near edge (no charge through a friend), or it ends on the friend\'s ground.',
    valueDocs: {
      passage: 'an advance or withdrawal goes through the friends in its path, its move less 3" for each (p1 passage of lines), when that leaves it clear beyond them; a village block a friend holds lets only March Column through (p3); otherwise it passes as many as it can and stops with its leading edge on the next friend\'s near edge, when that edge is within its move less 3" for each passed and it stands there on no friend\'s ground (passing none, on the first friend\'s near edge). A move to a vacant village block pays for the friends on its way first and enters the block only if it still reaches it. A front charge (a breakthrough charge too) is a move into contact (rulings 2): it goes through the friends between it and its target at 3" each, when it stands on no friend\'s ground in contact. A winner taking ground stops at the friend\'s near edge (a flank winner stays put): it takes the ground the beaten unit left, not a move through friends',
      short: 'a friend stops every such move at its near edge, as an enemy does: passage of lines is not played, and a friend between a charger and its target closes the front to it',
      share: 'the move ends where it would with no friend there, on the friend\'s ground (this project\'s earlier play); a friend between a charger and its target still closes the front to it, as it always did',
    },
  },
  {
    name: 'aoe.formationRoom',
    values: ['aside', 'refuse', 'share'],
    default: 'aside',
    source: 'p1 movement notes (a formation change costs half a move; the text names no stand it is made about); p1/p3 Built-up Areas (a block holds a single unit) [gap]',
    doc: 'A formation change whose new footprint, formed about the old one\'s centre on its front edge, would stand on a friend\'s ground (a unit leaving a village block and forming outside it too): the new formation stands aside of the friend, clear of it, or the change is not made, or it stands on the friend\'s ground.',
    valueDocs: {
      aside: 'the new formation is formed off-centre, shifted sideways the least that leaves it clear of every friend, still covering the point the old footprint was centred on (formed on one of its own stands, the text naming none), on the table and clear of enemies; with no such place the change is not made',
      refuse: 'the change is not made, as a change onto an enemy is not: the new formation forms about the old centre or not at all (a unit leaving a block forms on its other side, or stays in it)',
      share: 'the new formation stands on the friend\'s ground (this project\'s earlier play)',
    },
  },
  {
    name: 'aoe.retireFrom',
    values: ['infantry', 'anyEnemy'],
    default: 'infantry',
    source: 'p1 March Table (Retire: beyond enemy musketry range); p2 Fire Points at Range (muskets are infantry\'s; cavalry has none, guns cannonade)',
    doc: 'Whose musketry range a Retire takes the unit beyond: the nearest enemy infantry\'s (no enemy infantry ahead of its rear: Hold Ground), or the nearest enemy\'s of any arm ahead of its rear.',
    valueDocs: {
      infantry: 'measured from the nearest enemy infantry, the only arm with muskets (p2), ahead of the unit\'s rear (falling back closes on one behind it); with none there the unit is as far beyond musketry range as falling back takes it and holds its ground [gap]. An enemy behind that stops a Retire short never cuts it off (aoe.blockedRetreat)',
      anyEnemy: 'measured from the nearest enemy of any arm ahead of the unit\'s rear, cavalry and batteries included (this project\'s earlier play, which also measured from enemies behind it)',
    },
  },
  {
    name: 'aoe.hitMen',
    values: ['fifth', 'stand'],
    default: 'fifth',
    source: 'p3 Hits (reporting only)',
    doc: 'Men a hit stands for in reports: a fifth of the unit, or one stand (240 foot, 120 horse).',
  },
];

/** The options in the shape the mechanisms read them (resolved once per cell). */
export interface AoeOptions {
  die: 'd10' | 'd6';
  d10Faces: '1-10' | '0-9';
  standLoss: 'hit' | 'ignore';
  cohesion: 'quarters' | 'quartersNoBreak' | 'none';
  disorderedFire: 'half' | 'none';
  skirmishFire: 'perStand' | 'perUnit';
  skirmishPenalty: 'either' | 'openOrderOnly';
  squareFire: 'allStands' | 'facingFace';
  combineFire: 'separate' | 'combined';
  chargerFires: boolean;
  chargeRequires: 'anyMove' | 'fullMove' | 'aLaBayonette';
  squareRoll: 'squareOnly' | 'fullResult';
  marchCheck: 'movers' | 'everyUnit';
  outnumberCount: 'allStands' | 'frontRank';
  cavVsInfantry: 'openTerrainOnly' | 'anyTerrain';
  armouredCav: 'replace' | 'stack';
  freshHits: 'double' | 'once';
  drawResult: 'nextPhase' | 'immediate' | 'attackerFallsBack';
  breakthrough: 'closestAny' | 'unengagedOnly';
  infantryBreakthrough: 'must' | 'may';
  multiUnitHits: 'oneUnit' | 'eachUnit';
  removalHits: 'five' | 'prorated';
  retreatFacing: 'faceEnemy' | 'aboutFaced';
  retireDistance: 'musket' | 'skirmish';
  initiative: 'roll' | 'attackerFirst';
  infantryRough: 'half' | 'none';
  linearMasse: 'inconsistent' | 'consistent';
  buaCover: 1 | 2 | 3;
  buaEntry: 'noChange' | 'changedFormation';
  buaCavalry: 'disordered' | 'onContact' | 'combatOnly';
  blockEdge: 'contact' | 'noContact';
  tellingGuns: 'damaged' | 'silencedToo';
  guardStep: 'sameAsElite' | 'extraPlusOne';
  hitMen: 'fifth' | 'stand';
  countercharge: 'facingCharger' | 'anyGoodOrder';
  marchModeChange: 'moveOnly' | 'changeToo';
  breakthroughCombat: 'oncePerPhase' | 'allInContact';
  prolonge: 'move' | 'off';
  retreatOntoFriend: 'beyond' | 'short' | 'share';
  blockedRetreat: 'cutOff' | 'stop';
  retireFrom: 'infantry' | 'anyEnemy';
  friendInPath: 'passage' | 'short' | 'share';
  formationRoom: 'aside' | 'refuse' | 'share';
}

/**
 * Resolved options (every `aoe.` name; missing ones take their default) to the typed object. A value
 * outside an option's list is an error here too, so a hand-built record cannot slip past.
 */
export function aoeOptions(resolved: AoeResolvedOptions): AoeOptions {
  const out: Record<string, string | number | boolean> = {};
  for (const spec of AOE_OPTIONS) {
    const v = Object.prototype.hasOwnProperty.call(resolved, spec.name) ? resolved[spec.name] : spec.default;
    if (!spec.values.some((x) => x === v)) {
      throw new Error(`option '${spec.name}' cannot be ${JSON.stringify(v)}; expected one of ${spec.values.map((x) => JSON.stringify(x)).join(', ')}`);
    }
    out[spec.name.slice('aoe.'.length)] = v;
  }
  // Copied into one literal: built key by key, its 43 keys make a dictionary, which play reads slowly.
  return overridden(out) as unknown as AoeOptions;
}

/** Defaults, for tests and tools that need the mechanisms without a scenario. */
export const DEFAULT_AOE_OPTIONS: AoeOptions = aoeOptions({});
