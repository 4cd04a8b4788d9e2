/**
 * Every reading of the CWJ-based Napoleonic rules v1.2 that the engine could take more than one way is
 * an option (DESIGN.md, "Rulings become options"; ../shared/rulings/cwj-napoleonic-rules.md section 9;
 * docs/rules/cwj.md). Sources are the rulings page's heading tags with the text's line numbers.
 */
import type { OptionSpec, ResolvedOptions } from '../../core/ruleset.js';

export const CWJ_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'cwj.yardsPerCm',
    values: [20, 25, 30],
    default: 25,
    source: 'none (the text gives no ground scale)',
    doc: 'Yards per centimetre of table, for scenarios given in yards and for reports only (musket 5 cm is 125 yd at 25).',
  },
  {
    name: 'cwj.minutesPerTurn',
    values: [5, 10, 15],
    default: 10,
    source: 'none (the text gives no turn length)',
    doc: 'Minutes of battle per game turn (two player turns), for per-hour loss rates only.',
  },
  {
    name: 'cwj.missingNationTable',
    values: ['french', 'austrian'],
    default: 'french',
    source: '[FrT] l.307-391, [AuT] l.392-476',
    doc: 'Which troop table a nation without one borrows; types the chosen table lacks come from the other.',
    valueDocs: {
      french: 'the French row of the same name; Jäger, Grenz and Landwehr from the Austrian table',
      austrian: 'the Austrian row of the same name; Guard, Conscript and Guard artillery from the French table',
    },
  },
  {
    name: 'cwj.lightQuality',
    values: ['keepRow', 'ladderRow'],
    default: 'keepRow',
    source: 'rulings 12 (the quality sweep names line rows) vs [FrT] l.328-331, [AuT] l.409-420 (light rows, marked *)',
    doc: "A light infantry battalion (Light, Jäger, Grenz) given a quality rung keeps its own row and light bonus, moved by the cavalry's steps; or takes the line ladder's row of its rung.",
    valueDocs: {
      keepRow: 'its printed row and light movement bonus; conscript rally -1, veteran rally +1, elite and guard rally and melee +1',
      ladderRow: 'Conscript, Line, Vet. Line, Grenadier or Guard (Austrian: Landwehr ... Grenadier), as line infantry: the light row is lost',
    },
  },
  {
    name: 'cwj.austrianLineMelee',
    values: [0, 3, 4],
    default: 0,
    source: '[AuT] l.421-424',
    doc: 'Melee factor of Austrian Line infantry: 0 as printed (the text wins), or 4 (French and Austrian Vet. Line) or 3, since 0 is below Landwehr.',
  },
  {
    name: 'cwj.lancerMelee',
    values: ['charging', 'vsInfantry', 'always3', 'always5'],
    default: 'charging',
    source: '[FrT] l.351-355, [AuT] l.440-444',
    doc: 'How lancers read the printed "(5) 3" melee factor.',
    valueDocs: {
      charging: '5 in a melee that follows its own move into contact this player turn, else 3',
      vsInfantry: '5 against a side with infantry, else 3',
      always3: 'always 3',
      always5: 'always 5',
    },
  },
  {
    name: 'cwj.chargeMove',
    values: ['cavalry12', 'cavalry14', 'ratePlus2'],
    default: 'cavalry12',
    source: '[Move] l.79-83, [SoP] l.12',
    doc: 'The charge row\'s "12 cm" and "+2 cm" sit under Infantry and Cavalry; only cavalry charges.',
    valueDocs: {
      cavalry12: 'cavalry charges 12 cm, light cavalry +2 cm',
      cavalry14: 'the cells as placed: 12 cm (the infantry cell) +2 cm for cavalry, 14 cm, no light bonus',
      ratePlus2: "the cavalry's formation rate with its light bonus, +2 cm",
    },
  },
  {
    name: 'cwj.cavalryMoveContact',
    values: ['allowed', 'chargeOnly'],
    default: 'allowed',
    source: '[SoP] l.10-12, [Fire] l.202-204',
    doc: 'Whether cavalry may end a normal move in contact (the target cannot square but may fire), or reaches contact only by a charge.',
  },
  {
    name: 'cwj.formationChangeRate',
    values: ['slower', 'start', 'end'],
    default: 'slower',
    source: '[Move] l.100-102',
    doc: 'Which formation\'s rate is halved when a unit changes formation during its move.',
    valueDocs: { slower: 'the slower of the two formations', start: 'the formation it starts in', end: 'the formation it ends in' },
  },
  {
    name: 'cwj.moveFormation',
    values: ['start', 'end'],
    default: 'end',
    source: '[Move] l.100-102 (silent on when in the move the change is made), read by [Rough] l.110-118, [Contact] l.126-127, [Spec] l.106',
    doc: 'The formation a unit that changes formation in its move makes that move in: the one its rough-terrain test reads (line -1), the one its contact is made in (an infantry column makes the contacted infantry check), and whether it moved as a square toward a visible enemy.',
    valueDocs: {
      start: 'the formation it starts in, the change made once it halts (as its footprint moves on the lane)',
      end: 'the formation it ends in, the change made before it sets off',
    },
  },
  {
    name: 'cwj.withdrawalTrigger',
    values: ['moveOrReform', 'moveOnly'],
    default: 'moveOrReform',
    source: '[Spec] l.107-109 ("move within 10cm"), [Move] l.100-102 vs [Rally] l.50-53, [Melee] l.254',
    doc: 'Whether enemy foot or guns within 10 cm that changed formation without changing place "moved" and so let cavalry withdraw.',
    valueDocs: {
      moveOrReform: 'a formation change is part of a move ([Move] l.100-102 halves a move that makes one): a unit that only changed formation in place moved',
      moveOnly: 'only a unit that changed its place moved; [Rally] l.50-53 and [Melee] l.254 name moving and changing formation apart',
    },
  },
  {
    name: 'cwj.meleeContactCheck',
    values: ['retreats', 'stays'],
    default: 'retreats',
    source: '[Contact] l.125-129 ("any" infantry checks and does as the table says) vs [Melee] l.254 (units in contact stay so until the melee is fought again)',
    doc: 'Infantry in a standing melee that a unit joining the melee contacts checks as any other; whether a 4-5 (retreat) takes it out of its melee.',
    valueDocs: {
      retreats: 'it retreats 30 cm, disordered, out of its melee, as the Rally Table says',
      stays: 'it stays in its melee, disordered where it stands; a rout still removes it',
    },
  },
  {
    name: 'cwj.squareMove',
    values: ['halfLine', 'none'],
    default: 'halfLine',
    source: '[Spec] l.106, [Move] (no square row)',
    doc: 'A square moves (never toward a visible enemy) at half its line rate, or not at all.',
  },
  {
    name: 'cwj.roughSign',
    values: ['bonus', 'penalty'],
    default: 'bonus',
    source: '[Rough] l.115-120',
    doc: 'The terrain values of the rough-terrain test (water 2, woods 3, uphill 5, linear 4): added as printed, or subtracted.',
    valueDocs: { bonus: 'as printed: water is the hardest terrain', penalty: 'subtracted: uphill (-5) almost never passes' },
  },
  {
    name: 'cwj.roughFailure',
    values: ['unformed', 'unformedNoRoll', 'disordered'],
    default: 'unformed',
    source: '[Rough] l.112-114 and l.121-124 (the two sentences differ)',
    doc: 'What a failed rough-terrain test leaves.',
    valueDocs: {
      unformed: 'unformed (l.121-124): as disordered, rolls to rally, but a failed rally costs no chip; ends if the unit stays still in its movement phase',
      unformedNoRoll: 'unformed, but never rolls on the Rally Table: only staying still in its movement phase (or a pass) ends it',
      disordered: 'plain disorder (l.112-114)',
    },
  },
  {
    name: 'cwj.villageCover',
    values: ['hard', 'soft'],
    default: 'hard',
    source: '[Fire] l.217-224',
    doc: 'The cover a village gives against fire (the text ties cover to no terrain).',
  },
  {
    name: 'cwj.lineCover',
    values: ['holder', 'either'],
    default: 'holder',
    source: '[Fire] l.217-224 (the target "in" soft or hard cover), [Melee] l.237-238',
    doc: "Who is in a wall's or hedge's cover when two units meet across it: the unit lining it that the enemy came at, the enemy that came up to it (moved into the contact) standing in the open, for as long as the contact lasts; or both, the line standing between them.",
    valueDocs: {
      holder: 'the unit that held the line; a unit that moved into contact with an enemy lining it has no cover from the line, in later turns of that contact too (units deployed in contact both keep it)',
      either: 'any unit whose front lines it, fired on from across it',
    },
  },
  {
    name: 'cwj.villageWall',
    values: [false, true],
    default: false,
    source: '[Melee] l.237-238',
    doc: 'Whether defending a village counts as defending a wall or fortification (+1 in melee); a village is an area, not a wall.',
  },
  {
    name: 'cwj.wallDefence',
    values: ['nonPhasing', 'either'],
    default: 'nonPhasing',
    source: '[Melee] l.237-238 ("Defending wall"), [SoP] l.4-14',
    doc: "Who defends a wall line both sides' fronts stand on (+1 in melee): the side the enemy came at (the non-phasing side when the contact is made, and still that side in the later rounds of a standing melee); or either side lining it (the two bonuses then cancel).",
  },
  {
    name: 'cwj.generalCheckBonus',
    values: ['allChecks', 'rallyPhaseOnly'],
    default: 'allChecks',
    source: '[Rally] l.42-43, [Gen] l.286-287',
    doc: "An attached general's +1 on the Rally Table: on every roll there (contact, withdrawal, rough terrain too), or only in the rally phase.",
  },
  {
    name: 'cwj.checkRetreatDisorders',
    values: [true, false],
    default: true,
    source: '[Rally] l.44-48, [Contact] l.125-129',
    doc: 'Whether a good unit that retreats on a contact or withdrawal check (Rally Table 4-5) is also disordered.',
  },
  {
    name: 'cwj.fireIntoContact',
    values: ['contactedOnly', 'freshContact'],
    default: 'contactedOnly',
    source: '[Fire] l.131-134, [Melee] l.254',
    doc: 'Who may fire at an enemy that made contact in the movement phase just before.',
    valueDocs: {
      contactedOnly: 'only the unit whose front it contacted',
      freshContact: 'any unit with it in range and arc, until the melee makes the contact a standing melee',
    },
  },
  {
    name: 'cwj.cavalryContactFire',
    values: ['anyFirer', 'infantryOnly'],
    default: 'anyFirer',
    source: '[Fire] l.202-204 (the row names no arm) vs rulings 4 (infantry)',
    doc: 'Who takes the firer\'s -2 for firing at cavalry in contact with it when not in square or an area: any firer, a battery too, as the text prints the row; or infantry only, as the rulings read it.',
    valueDocs: {
      anyFirer: 'any firer neither in square nor deployed in an area: infantry in line, column or skirmish order, and a battery (the text)',
      infantryOnly: 'infantry alone; a battery fires at cavalry in contact with no such penalty (the rulings)',
    },
  },
  {
    name: 'cwj.artilleryTargetMods',
    values: ['stack', 'single'],
    default: 'stack',
    source: '[Fire] l.205-212',
    doc: 'A target battery: "Artillery -1" and "Unlimbered -1" both apply (an unlimbered battery -2), or one -1 in all.',
  },
  {
    name: 'cwj.meleeMultiUnit',
    values: ['sum', 'bestPlusOne'],
    default: 'sum',
    source: '[Melee] l.228-229',
    doc: 'A side with several units in one melee: the sum of their modified factors, or the best one +1 for each other unit.',
  },
  {
    name: 'cwj.cavalryCap',
    values: ['loser', 'winner', 'both', 'none'],
    default: 'loser',
    source: '[Melee] l.239',
    doc: 'Which cavalry treats a melee difference of 5 or more as 4 (retreat instead of elimination).',
    valueDocs: {
      loser: 'a losing cavalry unit is never eliminated in melee',
      winner: 'a side of cavalry alone never eliminates its loser',
      both: 'either',
      none: 'no cap',
    },
  },
  {
    name: 'cwj.controlTest',
    values: ['contactBroken', 'anyWin'],
    default: 'contactBroken',
    source: '[Melee] l.254, [Control] l.255-283',
    doc: 'Winning cavalry tests control only when its win broke contact (the foe retreated or was eliminated), or after every win.',
  },
  {
    name: 'cwj.uncontrolledContact',
    values: ['nextMeleePhase', 'samePhase'],
    default: 'nextMeleePhase',
    source: '[Control] l.266-272, [Melee] l.254',
    doc: 'A contact made by an uncontrolled charge or move is fought in the next melee phase, or at once in this one.',
  },
  {
    name: 'cwj.routChips',
    values: ['both', 'removalOnly'],
    default: 'both',
    source: '[Win] l.303-304',
    doc: 'A rout on a rally roll is a failed rally (1 chip) and a unit leaving the table (2 chips), or the removal alone.',
  },
  {
    name: 'cwj.checkFailureChips',
    values: ['rallyPhaseOnly', 'anyRallyTable'],
    default: 'rallyPhaseOnly',
    source: '[Win] l.304',
    doc: 'Whether only failed rally-phase rolls cost the 1 chip, or failed contact and withdrawal checks too (rough tests never do).',
  },
  {
    name: 'cwj.chipTally',
    values: ['count', 'capAtCorps'],
    default: 'count',
    source: '[Win] l.295, l.303-304',
    doc: "Chips lost by a corps that has too few left: every chip still goes to the army dish, or only the chips the corps had.",
  },
  {
    name: 'cwj.singleCorpsFatigue',
    values: ['apply', 'skip'],
    default: 'apply',
    source: '[Win] l.297-298 ("if a side has multiple Corps")',
    doc: "Whether a side's only corps can be fatigued (no chips left) like one of several.",
  },
  {
    name: 'cwj.chipUnit',
    values: ['unit', 'regiment'],
    default: 'unit',
    source: '[Win] l.299, l.303-304 ("regiment")',
    doc: 'What earns and loses chips: every unit (battalion, cavalry regiment, battery), or regiments as the scenario groups battalions.',
  },
  {
    name: 'cwj.moralePasses',
    values: [0, 1, 2, 3, 4, 5],
    default: 3,
    source: '[Rally] l.24-27 ("one to five")',
    doc: 'Morale passes of a corps commander at the start, where the scenario gives none (0 switches passes off, outside the text).',
  },
  {
    name: 'cwj.objectiveLost',
    values: ['held', 'heldAtStart'],
    default: 'held',
    source: '[Win] l.296 ("each terrain objective you have lost to the enemy") vs rulings 8 (held at the start)',
    doc: 'Which terrain objectives now held by the enemy cost a side -2 army morale: any it has held, taken in play too (the text); or only one it held at the start (the rulings).',
    valueDocs: {
      held: 'any objective the side has held at some time, at the start or taken in play, and the enemy holds now (the text)',
      heldAtStart: 'only an objective the side held at the start; one it took in play and lost again costs only its +2 (the rulings)',
    },
  },
  {
    name: 'cwj.mutualDefeat',
    values: ['draw', 'phasingLoses'],
    default: 'draw',
    source: '[Win] l.295',
    doc: 'Both army dishes reach their army morale at once: a draw, or the phasing side is defeated.',
  },
  {
    name: 'cwj.generalUnitLost',
    values: ['survives', 'dies'],
    default: 'survives',
    source: '[Gen] l.284-292 (silent)',
    doc: 'A divisional general whose unit is removed joins another unit of his arm and corps, or is lost with it.',
  },
  {
    name: 'cwj.besideContact',
    values: ['none', 'flanks'],
    default: 'none',
    source: 'rulings 11 (the lane: files side by side) with [Melee] l.226-236, [Move] l.79-80, [Fire] l.131-134, [Rally] l.47-48',
    doc: 'Whether two enemies in neighbouring files, their footprints side by side along the lane, touch: never (a unit touches, as it sees, moves into and retreats into, only what overlaps its frontage); or flank to flank, so that moves stop before coming beside an enemy and a retreat that would come beside one surrenders.',
    valueDocs: {
      none: 'files edge to edge do not touch: units pass each other in neighbouring files; every contact is front to front',
      flanks: 'they touch flank to flank (a melee, each hit in flank): a move stops level with an enemy in the next file, and a retreat that would come beside one surrenders',
    },
  },
  {
    name: 'cwj.fireArc',
    values: ['45each', '45total'],
    default: '45each',
    source: '[Fire] l.131-133',
    doc: 'The fire arc "within 45 degrees of its front": 45 degrees each side of straight ahead, or 45 in all (2-D only; the lane reads overlap).',
  },
];

/** The options in the shape the rule functions read them (resolved once per cell). */
export interface CwjOptions {
  yardsPerCm: number;
  minutesPerTurn: number;
  missingNationTable: 'french' | 'austrian';
  lightQuality: 'keepRow' | 'ladderRow';
  austrianLineMelee: number;
  lancerMelee: 'charging' | 'vsInfantry' | 'always3' | 'always5';
  chargeMove: 'cavalry12' | 'cavalry14' | 'ratePlus2';
  cavalryMoveContact: 'allowed' | 'chargeOnly';
  formationChangeRate: 'slower' | 'start' | 'end';
  moveFormation: 'start' | 'end';
  withdrawalTrigger: 'moveOrReform' | 'moveOnly';
  meleeContactCheck: 'retreats' | 'stays';
  squareMove: 'halfLine' | 'none';
  roughSign: 'bonus' | 'penalty';
  roughFailure: 'unformed' | 'unformedNoRoll' | 'disordered';
  villageCover: 'hard' | 'soft';
  lineCover: 'holder' | 'either';
  villageWall: boolean;
  wallDefence: 'nonPhasing' | 'either';
  generalCheckBonus: 'allChecks' | 'rallyPhaseOnly';
  checkRetreatDisorders: boolean;
  fireIntoContact: 'contactedOnly' | 'freshContact';
  cavalryContactFire: 'anyFirer' | 'infantryOnly';
  artilleryTargetMods: 'stack' | 'single';
  meleeMultiUnit: 'sum' | 'bestPlusOne';
  cavalryCap: 'loser' | 'winner' | 'both' | 'none';
  controlTest: 'contactBroken' | 'anyWin';
  uncontrolledContact: 'nextMeleePhase' | 'samePhase';
  routChips: 'both' | 'removalOnly';
  checkFailureChips: 'rallyPhaseOnly' | 'anyRallyTable';
  chipTally: 'count' | 'capAtCorps';
  singleCorpsFatigue: 'apply' | 'skip';
  chipUnit: 'unit' | 'regiment';
  moralePasses: number;
  objectiveLost: 'held' | 'heldAtStart';
  mutualDefeat: 'draw' | 'phasingLoses';
  generalUnitLost: 'survives' | 'dies';
  fireArc: '45each' | '45total';
  besideContact: 'none' | 'flanks';
}

/** Turn fully resolved options (resolveOptions in src/core/ruleset.ts) into the typed object. */
export function cwjOptions(resolved: ResolvedOptions): CwjOptions {
  const get = <T>(k: keyof CwjOptions): T => {
    const v = resolved[`cwj.${k}`];
    if (v === undefined) throw new Error(`option cwj.${k} is not resolved`);
    return v as T;
  };
  return {
    yardsPerCm: get('yardsPerCm'),
    minutesPerTurn: get('minutesPerTurn'),
    missingNationTable: get('missingNationTable'),
    lightQuality: get('lightQuality'),
    austrianLineMelee: get('austrianLineMelee'),
    lancerMelee: get('lancerMelee'),
    chargeMove: get('chargeMove'),
    cavalryMoveContact: get('cavalryMoveContact'),
    formationChangeRate: get('formationChangeRate'),
    moveFormation: get('moveFormation'),
    withdrawalTrigger: get('withdrawalTrigger'),
    meleeContactCheck: get('meleeContactCheck'),
    squareMove: get('squareMove'),
    roughSign: get('roughSign'),
    roughFailure: get('roughFailure'),
    villageCover: get('villageCover'),
    lineCover: get('lineCover'),
    villageWall: get('villageWall'),
    wallDefence: get('wallDefence'),
    generalCheckBonus: get('generalCheckBonus'),
    checkRetreatDisorders: get('checkRetreatDisorders'),
    fireIntoContact: get('fireIntoContact'),
    cavalryContactFire: get('cavalryContactFire'),
    artilleryTargetMods: get('artilleryTargetMods'),
    meleeMultiUnit: get('meleeMultiUnit'),
    cavalryCap: get('cavalryCap'),
    controlTest: get('controlTest'),
    uncontrolledContact: get('uncontrolledContact'),
    routChips: get('routChips'),
    checkFailureChips: get('checkFailureChips'),
    chipTally: get('chipTally'),
    singleCorpsFatigue: get('singleCorpsFatigue'),
    chipUnit: get('chipUnit'),
    moralePasses: get('moralePasses'),
    objectiveLost: get('objectiveLost'),
    mutualDefeat: get('mutualDefeat'),
    generalUnitLost: get('generalUnitLost'),
    fireArc: get('fireArc'),
    besideContact: get('besideContact'),
  };
}

/** Defaults, for tests and tools that need the rule functions without a scenario. */
export const DEFAULT_CWJ_OPTIONS: CwjOptions = cwjOptions(
  Object.fromEntries(CWJ_OPTIONS.map((o) => [o.name, o.default])),
);
