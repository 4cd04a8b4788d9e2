/**
 * Every reading of the Napoleonic Avant-garde Battles text (V/4/2015) that the engine could take more
 * than one way is an option (DESIGN.md, "Rulings become options"; shared/rulings/napoleonic-avant-garde-
 * battles.md section 4; docs/rules/nagb.md). The three scales the text never states are options too.
 * Sources cite the page of the text ("p10") and the rulings section where it gives the reading.
 */
import type { OptionSpec, ResolvedOptions } from '../../core/ruleset.js';

/** Years a scenario may be set in (nagb.scenarioYear): the Revolutionary and Napoleonic wars. */
const YEARS: readonly number[] = Array.from({ length: 1815 - 1792 + 1 }, (_, i) => 1792 + i);

export const NAGB_OPTIONS: readonly OptionSpec[] = [
  // Scales (rulings 1): never stated by the text.
  {
    name: 'nagb.groundScale',
    values: [20, 25, 33],
    default: 25,
    source: 'p10, p21 (not stated; rulings 1)',
    doc: 'Yards per inch of table: 25 makes the musket 8" = 200 yd and heavy ball 48" = 1,200 yd.',
  },
  {
    name: 'nagb.figureScale',
    values: [20, 30, 33, 50],
    default: 30,
    source: 'p11, p27, p38 (not stated; rulings 1)',
    doc: 'Men per figure (foot, horse and gun crew alike): 30 makes the 24-figure battalion of the examples 720 men.',
  },
  {
    name: 'nagb.turnMinutes',
    values: [5, 10, 15],
    default: 10,
    source: 'p37, p41 (not stated; rulings 1)',
    doc: 'Minutes of battle per game turn (a game is 7-9 turns, p37; "2.5 hours or 7+ turns", p41).',
  },
  // Ranges and formations.
  {
    name: 'nagb.musketShortRange',
    values: [5, 4],
    default: 5,
    source: 'p10 range table vs p17 ("long range over 4")',
    doc: 'Where musket short range ends: 5" (the range table) or 4" (the stand-and-shoot example).',
  },
  {
    name: 'nagb.volleyRange',
    values: [8, 9],
    default: 8,
    source: 'p10 (8" long range and fire zone) vs p8 ("(9" range)")',
    doc: 'Greatest range of a musket volley: 8" as every musket shot, or the 9" that p8 gives volleys of a line.',
  },
  {
    name: 'nagb.columnChargeBase',
    values: [8, 6],
    default: 8,
    source: 'p6 movement table vs p17 ("6 + d6") and p39 (M 6")',
    doc: "An attack column's charge move before its d6: its 8\" normal pace (p6) or the 6\" of the example and the unit stats.",
  },
  {
    name: 'nagb.guardLeadership',
    values: [11, 10],
    default: 11,
    source: 'p39 (Guard 11) vs p38 (Guard 10, no Elite row); also guard cavalry (p40)',
    doc: 'Leadership of Guard infantry and cavalry: 11 (unit stats) or 10 (points table).',
  },
  {
    name: 'nagb.eliteFireBonus',
    values: ['veteranUp', 'veteranOnly'],
    default: 'veteranUp',
    source: 'p10, p14, p20 (only "Veterans" and "Veterans/Guard" listed)',
    doc: "Who gets the veterans' +1 to hit in shooting, artillery and hand to hand: veteran, elite and guard, or veterans only (and guard gun crews, which p20 names).",
  },
  {
    name: 'nagb.cavalryLostStats',
    values: ['flat', 'progression'],
    default: 'flat',
    source: 'p40 (Elite and Guard Ld and recovery cells lost; heavy Line and Veteran rows lost)',
    doc: 'Lost cavalry cells: elite Ld 10 and guard Ld 11 (nagb.guardLeadership) both with recovery +2, heavy Line/Veteran as light; or recovery rising +4, +6.',
    valueDocs: { flat: 'elite and guard recover at +2, as veterans', progression: 'elite +4, guard +6 (the -2, 0, +2 steps carried on)' },
  },
  {
    name: 'nagb.veteranCavalryDrilled',
    values: [false, true],
    default: false,
    source: 'p40 (cavalry stats: Veteran without Drilled, Elite Drilled) vs p38 (points table: Veteran "Drilled, 25%" for cavalry as for foot)',
    doc: "Whether veteran cavalry is drilled (a free line/column change, p39): no, as the cavalry's own stats (p40) give it to elite and guard only; or yes, as the points table's cavalry rows (p38).",
    valueDocs: { false: 'p40: veteran cavalry is not drilled (elite and guard are)', true: 'p38: veteran cavalry is drilled, as veteran foot' },
  },
  {
    name: 'nagb.commanderTable',
    values: ['uninspiring7', 'uninspiring6'],
    default: 'uninspiring7',
    source: 'p5 (radius 7") vs p39 (radius 6"); first row lost (rulings 1: Charismatic Ld 10, +1 pip, 10")',
    doc: "An uninspiring commander's command radius: 7\" (p5) or 6\" (p39).",
  },
  // Turn sequence (p2).
  {
    name: 'nagb.initiative',
    values: ['winnerIsA', 'winnerChooses'],
    default: 'winnerIsA',
    source: 'p2 (silent on what winning the initiative gives)',
    doc: 'The side winning the initiative roll is side A (moves first), ties reroll; or the winner chooses which side is A.',
  },
  {
    name: 'nagb.smallArmsOrder',
    values: ['simultaneous', 'sequential'],
    default: 'simultaneous',
    source: 'p2 ("simultaneously" and "side A ... fires, then side B")',
    doc: "Small arms of the two sides fire simultaneously (casualties after both), or the moving side's fire is removed before the other replies.",
  },
  {
    name: 'nagb.cavalryPhaseBSide',
    values: ['B', 'A'],
    default: 'B',
    source: 'p2 (phase 10 says "Side A moves Cav", a repeat of phase 9)',
    doc: 'Which side moves its cavalry in phase 10: B (the evident intent) or A again (the literal text).',
  },
  {
    name: 'nagb.fireAtEngaged',
    values: [false, true],
    default: false,
    source: 'p2, p10 (silent)',
    doc: 'Whether units in base contact may fire or be fired at in the fire phases.',
  },
  {
    name: 'nagb.attackColumnWidth',
    values: [8, 4],
    default: 8,
    source: 'p8 ("1 or 2 bases of 3 wide"); p14 example fights with 8',
    doc: 'Front rank of a 24-figure attack column: 8 figures (3 ranks, the p14 example) or 4 (6 ranks, one stand).',
  },
  {
    name: 'nagb.squareFace',
    values: ['lineFrontQuarter', 'figuresQuarter'],
    default: 'lineFrontQuarter',
    source: 'p8, p14 ("each side of a square has 1/4 of the front rank figures")',
    doc: "Figures on one face of a square: a quarter of the unit's line front rank, or a quarter of its figures.",
  },
  {
    name: 'nagb.slowPace',
    values: [4, 2],
    default: 4,
    source: 'p6 table (4") vs p6 and p8 prose ("slow walking pace usually 2")',
    doc: 'Slow walking pace of formed infantry (no terrain disorder risk): 4" or 2".',
  },
  {
    name: 'nagb.infantryTerrainDisorder',
    values: ['sameForBoth', 'normalUnmodified'],
    default: 'sameForBoth',
    source: 'p6 disorder table (rows Normal and Charge, one row of values survives)',
    doc: 'The surviving row of infantry terrain modifiers serves normal pace and charges alike, or charges only (normal pace: a plain test).',
    valueDocs: { sameForBoth: 'normal pace and charge both use -4 / automatic', normalUnmodified: 'the row is the charge row; at normal pace every listed terrain is an unmodified test' },
  },
  {
    name: 'nagb.villageAssaultDisorder',
    values: [false, true],
    default: false,
    source: 'p30 (village not in the p6 table; sectors are bounded by a fence or wall)',
    doc: 'Whether entering or assaulting a village sector risks terrain disorder (as crossing a fence, -4).',
  },
  // Shooting (p10-12, p17).
  {
    name: 'nagb.pointBlank',
    values: ['defensiveOnly', 'allFire'],
    default: 'defensiveOnly',
    source: 'p12, p17 (+1 at 1" or less listed under defensive fire only)',
    doc: 'The +1 to hit at 1" or less applies to defensive (and reaction) fire only, or to all fire.',
  },
  {
    name: 'nagb.casualtyRemoval',
    values: ['rearFirst', 'proportional'],
    default: 'rearFirst',
    source: 'p8 ("remove casualties from back ranks", said of columns only)',
    doc: 'Casualties come off the rear ranks (front = min(formation width, figures)), or every rank alike (ranks kept even).',
  },
  {
    name: 'nagb.lowAmmo',
    values: ['more6sThan1s', 'more1sThan6s', 'off'],
    default: 'more6sThan1s',
    source: 'p10 ("more 6s than 1s")',
    doc: "A volley's to-hit dice showing more 6s than 1s end the unit's volleys for the battle (the literal text); the reverse; or never.",
  },
  {
    name: 'nagb.shootingTestScope',
    values: ['perStep', 'perFiringUnit', 'perPhase'],
    default: 'perStep',
    source: 'p2, p11, p27 ("in a single phase", "in a round of shooting")',
    doc: "Casualties counted toward a shooting test: per fire step (artillery, then small arms), per firing unit, or over the whole fire phase.",
  },
  // Charges (p3, p12-13, p17-18).
  {
    name: 'nagb.failedChargeTest',
    values: ['hold', 'moveNormally'],
    default: 'hold',
    source: 'p3, p12 (silent on a failed charge test)',
    doc: 'A unit failing its test to charge loses the pip and stays put, or may still make its normal move.',
  },
  {
    name: 'nagb.standAndShootVolley',
    values: ['testNoPip', 'testAndPip'],
    default: 'testNoPip',
    source: 'p12 (a test gives the volley) vs p3 (a volley costs a pip)',
    doc: "A stand-and-shoot volley needs only the test, or the test and a pip of the brigade commander.",
  },
  {
    name: 'nagb.batteryChargeFire',
    values: ['pip', 'free'],
    default: 'pip',
    source: 'p19 (a pip to fire all guns at one target) vs p12 (a charged unit\'s reactions cost nothing)',
    doc: "A battery that fires and flees pays for its fire a pip of its own, or fires free like any charged unit's reaction.",
  },
  {
    name: 'nagb.batteryHoldFire',
    values: ['fires', 'holdsFire'],
    default: 'fires',
    source: 'p10 (a unit needing more than 6 to hit does not fire: written for small arms and a battalion) vs p19-21 (the artillery rules give no such rule; canister is resolved as musketry, p20)',
    doc: 'Whether a battery fires in the fire phase when no gun that reaches its target can do anything with the ammunition it would fire (each needs 7 or more to hit; under nagb.nearMissAtSeven onSix a ball or shell gun needing exactly 7 can still near-miss, so it counts as able): it fires, spending its pip and its load to no effect; or it holds its fire as p10 has a battalion do, keeping both. A battery firing canister at chargers as it flees holds such fire under either value.',
    valueDocs: {
      fires: 'the battery fires: a pip and its load spent, nothing hit (as the engine has played)',
      holdsFire: 'p10 read for guns too: the battery does not fire, keeps its pip and its load, and is not counted as having fired',
    },
  },
  {
    name: 'nagb.volleyFormations',
    values: ['lineOrAttackColumn', 'lineOnly'],
    default: 'lineOrAttackColumn',
    source: 'p10 (a volley from a formed line or attack column) vs p3 (the order to fire a volley: the unit must be in line) and p8 (the volley named under the line alone)',
    doc: 'The infantry formations that may fire a volley: a line or an attack column (the shooting rules\' own conditions), or a line only (the order and the formation notes).',
    valueDocs: {
      lineOrAttackColumn: 'a line or an attack column volleys, in the fire phase for a pip and when it stands and shoots after a test',
      lineOnly: 'only a line volleys; an attack column fires half its front rank, in the fire phase and standing and shooting alike',
    },
  },
  {
    name: 'nagb.cavalryVolley',
    values: ['never', 'inLine'],
    default: 'never',
    source: 'p8 (infantry in line may volley) vs p10, p12 (the volley\'s conditions and the stand-and-shoot volley name no arm); p25 (carbines fire mounted at -1)',
    doc: 'Whether cavalry with carbines or pistols ever fires a volley (the whole front rank): never, the volley being infantry fire (p8), so it fires half its front rank in the fire phase and when it stands and shoots; or in line, on the conditions of p10 as infantry (a pip in the fire phase; a test when it stands and shoots).',
    valueDocs: {
      never: 'cavalry fires half its front rank, in the fire phase and standing and shooting alike',
      inLine: 'cavalry in line volleys as infantry in line does: ordered for a pip in the fire phase (good order, not moved, no friend within 8" ahead, ammunition), after a passed test when it stands and shoots',
    },
  },
  {
    name: 'nagb.squareWithoutVolley',
    values: ['holdsFire', 'halfFace'],
    default: 'holdsFire',
    source: 'p8 (a square fires only at chargers, by a volley) with p10 (a volley needs good order; low on ammunition, no more volleys) vs p12 (a unit that may not volley stands and shoots at normal effect)',
    doc: 'A square that may not volley (disordered, or low on ammunition) does not fire at chargers, its only fire being the volley; or fires at normal effect, half its face, as any unit standing and shooting without a volley.',
    valueDocs: {
      holdsFire: 'p8: the volley is a square\'s only fire, so without it the square does not fire',
      halfFace: 'p12: it stands and shoots at normal effect, half the figures of its face',
    },
  },
  {
    name: 'nagb.halfChargeRounding',
    values: ['floor', 'exact'],
    default: 'floor',
    source: 'p13 (a charge of 17 gives half = 8)',
    doc: "Half the charge move, for the -4 to form square: rounded down as in the example, or exact (8.5).",
  },
  // Hand to hand (p14-16).
  {
    name: 'nagb.overlapDice',
    values: ['perOverlappedEnd', 'plusOne'],
    default: 'perOverlappedEnd',
    source: 'p14 ("an extra figure on each overlap"; 8 against 10)',
    doc: 'The wider unit rolls for its figures facing the enemy plus one die per end it overlaps, or plus one in all.',
  },
  {
    name: 'nagb.outnumberBasis',
    values: ['wholeUnit', 'inContact'],
    default: 'wholeUnit',
    source: 'p14 ("+1 if outnumber, calculated after combat")',
    doc: 'The +1 for outnumbering counts every figure of each unit, or only the figures fighting.',
  },
  {
    name: 'nagb.buildingAssault',
    values: ['hardOnly', 'always6'],
    default: 'hardOnly',
    source: 'p31 (6s only against hard cover) vs p14 (6+ against any building)',
    doc: 'Assaulters of a building hit only on 6s when the sector is hard cover (soft: they strike last at normal numbers), or always.',
  },
  {
    name: 'nagb.disorderedLoser',
    values: ['breaksExceptStubborn', 'breaks', 'tests'],
    default: 'breaksExceptStubborn',
    source: 'p27 (a disordered loser breaks) vs p39 (stubborn units always take break tests)',
    doc: 'A disordered loser of a melee breaks without a test unless stubborn; breaks always; or tests like any loser.',
  },
  {
    name: 'nagb.stubbornAutobreak',
    values: ['breaks', 'tests'],
    default: 'breaks',
    source: 'p8 (march column) and p40 (ferocious charge: the enemy breaks) vs p39 (stubborn units always take break tests)',
    doc: 'A stubborn loser in march column or beaten by charging heavy cavalry breaks without a test like any other, or takes its break test at unmodified Ld.',
  },
  {
    name: 'nagb.blownCavalry',
    values: ['foughtAny', 'chargedFormed'],
    default: 'foughtAny',
    source: 'p2 (cavalry that fight in hand to hand are blown if not recalled) vs p23 (cavalry that charge and fight a formed unit)',
    doc: 'Which cavalry is blown after a melee unless recalled: any that fought (the sequence of play), or only cavalry that charged and fought a formed unit: not in skirmish order, nor blown cavalry, which has no formation (the cavalry rules).',
  },
  {
    name: 'nagb.recallRide',
    values: ['throughFriends', 'withinTable', 'fullRoll'],
    default: 'throughFriends',
    source: 'p23 (a recall is a fall back in good order of 3d6, "towards a safe spot"; recalling through friends may disorder them, as routers bursting through do, p28) vs p6 (a unit that falls back off the table is lost)',
    doc: 'How far recalled cavalry rides back, after a melee or in the rally phase: its 3d6 toward its own edge, through friends (each crossed takes the burst-through test) but short of an enemy and never past its own table edge; or the same cut short at any unit behind it; or the whole roll, pushed past any unit behind and off the table if it gets there.',
    valueDocs: {
      throughFriends: 'the 3d6, through the friends behind it (each one ridden past takes the burst-through test of p28, squares and routers excepted, unless a gap of one of its bases lets it pass, as nagb.routerGap reads it for routers; a friend it cannot ride wholly past it stops short of), short of an enemy and at the own table edge',
      withinTable: 'the 3d6, cut short at a unit behind it and at the own table edge: a recall toward a safe spot never leaves the battle, and friends behind it stop it (as the engine played before throughFriends)',
      fullRoll: 'the whole 3d6 straight back, pushed past any unit behind with no burst-through test; off the table it is lost (p6)',
    },
  },
  {
    name: 'nagb.blownRide',
    values: ['toSafety', 'throughFriends', 'fullRoll'],
    default: 'toSafety',
    source: 'p9 (blown cavalry "may retreat 3d6" each movement phase) vs p23 (it moves 3d6 toward a safe place, where it recovers without moving; silent on friends in the way, where a recall may ride through them, burst-through as p28)',
    doc: 'How far blown cavalry rides back in its movement phase: up to its 3d6, stopping where it is safe, short of a unit behind it and never off its own table edge; or the same through friends, as a recall rides; or the whole roll, through friends and off the table if it gets there.',
    valueDocs: {
      toSafety: 'up to the roll: as far as safety (beyond 12" of every enemy), short of a unit behind it, never past the own table edge',
      throughFriends: 'up to the roll, as far as safety, through the friends behind it as nagb.recallRide throughFriends rides (each ridden wholly past takes the burst-through test of p28, squares and routers excepted, unless a gap of one of its bases lets it pass, as nagb.routerGap reads it; one it cannot ride wholly past it stops short of; one it would stand on at safety it rides on past if the roll carries it), short of an enemy and at the own table edge',
      fullRoll: 'the whole 3d6 straight back; off the table it is lost (p6), as the engine played before',
    },
  },
  {
    name: 'nagb.recoveryReset',
    values: ['hit', 'firedOn', 'casualty'],
    default: 'hit',
    source: 'p23 (blown cavalry "hit" by artillery or small arms fire while recovering loses its tally) with p10, p20-21 (a hit is a roll to hit that succeeds, before the roll to kill; a near miss may still hit); rulings 3.8 (being fired on resets the tally)',
    doc: 'What resets blown cavalry\'s recovery tally to 0: any hit of artillery or small arms fire on it (a die that hit, a ball or shell that struck its figures, even if it killed nobody); or being fired on at all, the rulings\' reading; or any casualty, as in the rules\' other uses of hit and wound.',
    valueDocs: {
      hit: 'any hit (the text\'s word): a small-arms or canister die that hit, a ball with a figure on its line or a shell with a burst die of 4+ on it (near misses too), whether or not it killed; a shell that hit and burst clear of it does not',
      firedOn: 'being fired on (rulings 3.8): any fire at it in the fire phase, even when every die misses',
      casualty: 'casualties only: fire that hit and killed nobody leaves the tally (as the engine played before)',
    },
  },
  {
    name: 'nagb.lineOfFire',
    values: ['strip', 'centreLine'],
    default: 'strip',
    source: 'p10 (small arms: figures in range and arc fire, each within 45 degrees of its front centre; silent on units in the way) vs p20 (artillery: a straight line from the gun to the target\'s front-rank centre, ball passing over no friends on the level)',
    doc: 'What blocks small arms fire at a target: any unit in the strip between the firer\'s and the target\'s footprints where they face each other, or only a unit across the straight line from the centre of the firer\'s front to the centre of the target\'s front rank, the line p20 draws for artillery. Artillery always takes the line.',
    valueDocs: {
      strip: 'any unit in the strip between the two footprints (their common lateral extent, or the gap between them where they do not overlap) blocks (as the engine played)',
      centreLine: 'only a unit whose footprint crosses the segment from the centre of the firer\'s front edge to the centre of the target\'s front edge blocks, as for artillery (p20)',
    },
  },
  {
    name: 'nagb.cavalryBreakThrough',
    values: ['fromContact', 'beyondEnemy', 'off'],
    default: 'fromContact',
    source: 'p23 (cavalry against cavalry drawn or unbroken: both break through 2d6; p22 measures a follow-up from the point of first contact); the lane is one-dimensional',
    doc: 'Cavalry that fought cavalry to a draw or with neither broken rides straight through the other: 2d6 from the point of contact (on until both are clear of each other), or 2d6 beyond the rear of the enemy as it stood; or off: both fall back as after any melee (p15-16).',
    valueDocs: {
      fromContact: 'each front goes its 2d6 on from the point of contact; where the two would still overlap, both go on until clear',
      beyondEnemy: 'each front goes through the whole depth of the enemy and its 2d6 beyond',
      off: 'not played: a draw falls back d6 disordered, a beaten unit that passes its test too, the winner falls back or is recalled (p15-16)',
    },
  },
  {
    name: 'nagb.caughtFleeing',
    values: ['pursuitAtLeastFlight', 'pursuitExceedsFlight'],
    default: 'pursuitAtLeastFlight',
    source: 'p16, p13 (silent on a tie)',
    doc: 'A fleeing unit is caught when the pursuit (or charge) move reaches its flight exactly, or only when it goes beyond.',
  },
  {
    name: 'nagb.freeHack',
    values: ['round', 'singleHit'],
    default: 'round',
    source: 'p16 ("a free hit at the back ... at +1 to hit")',
    doc: "The free hack on a caught unit: the winner's front-rank dice at +1 to hit with charge kill numbers, or a single die so.",
  },
  {
    name: 'nagb.lostColours',
    values: ['shaken', 'removed'],
    default: 'shaken',
    source: 'p28 (colours lost: shaken; removed below 50%) vs p16 (shattered if the standard is lost)',
    doc: 'A unit caught fleeing and losing its colours becomes shaken (removed once below 50%), or is shattered and removed.',
  },
  // Morale (p2, p27-29).
  {
    name: 'nagb.rallyModifier',
    values: [-1, 0],
    default: -1,
    source: 'p2, p27 (the rally test is not stated; disordered units are -1 to morale)',
    doc: 'Modifier of a rally test of a disordered or broken unit: -1 (its disorder) or none.',
  },
  {
    name: 'nagb.routerMove',
    values: ['fleeEachTurn', 'stay'],
    default: 'fleeEachTurn',
    source: 'p28 (routers make for their own edge; the distance each turn is not stated)',
    doc: 'A broken unit failing to rally flees again 2d6 (cavalry 3d6) toward its edge, or stays where it is.',
  },
  {
    name: 'nagb.routerGap',
    values: ['reached', 'inPath', 'none'],
    default: 'reached',
    source: 'p28 (a router bursts through a friend it meets unless a gap of at least one base width lets it flow through; where the gap must lie is not said; a base is a stand, rulings 1)',
    doc: 'Where the gap lies that spares friends a router\'s burst-through: a router whose straight flight meets friends bursts through them (each tests) unless the units across its flight leave a lateral gap of at least one of its bases (a stand of 4 figures: 3.2" foot, 4" horse; a gun 2"): one its path reaches, or one within its path; or no gap counts. Cavalry recalled or blown through friends (p23: as in the burst-through rules) spares them by the same gap.',
    valueDocs: {
      reached: 'a gap of at least one base width beside or between the units across its flight that its path reaches (overlaps, or meets at its edge, as open ground beside a friend squarely behind it): the router flows through it and nobody tests',
      inPath: 'only an open stretch of at least one base width within the router\'s own path counts',
      none: 'no gap counts: every friend whose ground the flight crosses tests (as the engine played before)',
    },
  },
  {
    name: 'nagb.breakTestsPerPhase',
    values: ['one', 'meleeAndProximity'],
    default: 'one',
    source: 'p28 (a unit never makes more than one break test a phase; p15 calls a melee loser\'s test its break test, p2 the tests near a friend breaking from combat break tests too)',
    doc: 'Whether a unit that took its break test after losing a melee also takes the proximity test when a friend within 6" breaks from combat in the same phase: no (one break test a phase), or yes (only the proximity tests are limited to one).',
    valueDocs: {
      one: 'a unit takes at most one break test a phase: one that tested as a melee loser takes no proximity test in that phase',
      meleeAndProximity: 'the melee loser\'s break test and a proximity test are counted apart: it may take both (as the engine played before)',
    },
  },
  {
    name: 'nagb.brigadeLosses',
    values: ['figures', 'casualtiesOnly', 'units'],
    default: 'figures',
    source: 'p29 ("stands/units/figures, depends on your basing")',
    doc: "What a brigade's 50% and 60% count: figures (casualties plus removed units' remaining figures, guns excluded), casualties only, or units lost.",
  },
  {
    name: 'nagb.brigadeTestFrequency',
    values: ['onceEachThreshold', 'everyCommandPhase'],
    default: 'onceEachThreshold',
    source: 'p29 ("when the following losses are reached")',
    doc: 'Brigade tests are taken once when 50% and once when 60% is first reached, or in every command phase at or beyond them.',
  },
  {
    name: 'nagb.brokenBrigade',
    values: ['testsOnly', 'withdraw'],
    default: 'testsOnly',
    source: 'p29 (no effect of "broken" beyond the tests)',
    doc: 'A broken brigade only takes its tests, or also withdraws (no advance toward the enemy, no charges).',
  },
  {
    name: 'nagb.batteryBrigadeTest',
    values: ['silenced', 'exempt'],
    default: 'silenced',
    source: 'p29 (each unit tests; failing in good order it falls back 2d6) vs p19, p21 (unlimbered guns move 1-3"; a battery failing a morale test is silenced, its foot crew flee leaving the guns) and rulings 3.11 (batteries left out of the count)',
    doc: "What a brigade test asks of the brigade's batteries: each tests, and failing is silenced (in good order) or its crew flee (disordered or silenced); or batteries take no brigade test.",
    valueDocs: {
      silenced: 'a battery tests with its brigade; failing in good order it is silenced (disordered, its pips lost), failing disordered or silenced its crew flee 2d6',
      exempt: 'batteries take no brigade test, as they count for none of its losses',
    },
  },
  // Terrain and artillery (p19-21, p30-32).
  {
    name: 'nagb.villageCover',
    values: ['hard', 'soft'],
    default: 'hard',
    source: 'p31 (cover table lost: "-1 or -2 depending on the type of cover")',
    doc: 'Cover of a village sector: hard (-2 to hit; assaulters hit on 6s) or soft (-1).',
  },
  {
    name: 'nagb.townFireFigures',
    values: ['facingFrontage', 'allFacing'],
    default: 'facingFrontage',
    source: 'p30 ("half the number of figures rounded up" facing the target)',
    doc: 'Figures of a unit in a village firing out of one edge: half of a line front rank on that edge, or half of all its figures.',
  },
  {
    name: 'nagb.ballFigures',
    values: ['minRanksBounce', 'ranks'],
    default: 'minRanksBounce',
    source: 'p20 (every figure along the line of the bounce); the lane is one-dimensional',
    doc: 'Figures a hit by ball can kill: one per inch of the d6 bounce up to the ranks of the target, or every rank.',
  },
  {
    name: 'nagb.nearMiss',
    values: ['shortOnly', 'full', 'off'],
    default: 'shortOnly',
    source: 'p20 (near-miss scatter; direction, distance, trail); the lane is one-dimensional',
    doc: 'Ball missing by exactly 1: only an undershot can still strike the target (over and wide miss); an overshot can strike deep formations too; or no near misses.',
  },
  {
    name: 'nagb.nearMissAtSeven',
    values: ['none', 'onSix'],
    default: 'none',
    source: 'p20, p21 (a roll that missed by 1 may still hit: ball and shell alike) vs p10 (a unit needing more than 6 to hit does not fire, its fire ineffective: written for small arms)',
    doc: 'Whether a gun needing exactly 7 to hit with ball or shell can still near-miss: it cannot (p10 read for guns: needing 7 or more it can do nothing, and rolls no die); or it rolls, and a 6 misses by 1, a near miss scattered and resolved as any other under nagb.nearMiss (none when that is off). Canister, resolved as musketry, never; a gun needing 8 or more, never.',
    valueDocs: {
      none: 'a gun needing 7 or more neither hits nor near-misses (as the engine has played)',
      onSix: 'p20 and p21 read for every roll: a ball or shell needing exactly 7 is rolled and near-misses on a 6; such a gun can do something, so its battery does not hold its fire under nagb.batteryHoldFire holdsFire',
    },
  },
  {
    name: 'nagb.shellModifiers',
    values: ['p21', 'asBall'],
    default: 'p21',
    source: 'p21 (shell\'s own list: veterans +1, raw -1, long range -1) vs p20 (ball\'s list; rulings 3.9.2 apply it to ball and shell alike)',
    doc: 'Which modifiers a shell\'s roll to hit takes (a gun\'s or a howitzer\'s, overhead too): p21\'s own list, crew class (as nagb.eliteFireBonus reads it) and long range, with the -1 of a disordered crew (p27) and the national modifier (p35), which apply to every roll; or p20\'s whole list for ball, adding soft cover -1, hard cover -2, unlimbered, moved or pivoted -1 and skirmishers -1, as the rulings read it.',
    valueDocs: {
      p21: 'shell takes p21\'s list: crew class, long range; plus disorder (p27) and the national modifier (p35)',
      asBall: 'shell takes p20\'s whole list as ball does: cover, unlimbered, moved or pivoted, skirmishers too (the rulings; as the engine played before)',
    },
  },
  {
    name: 'nagb.canisterModifiers',
    values: ['p20', 'asBall'],
    default: 'p20',
    source: 'p20 (canister\'s own list: veterans/guard +1, raw -1) vs p20\'s list for ball (rulings 3.9.2 apply it to every shot)',
    doc: 'Which modifiers a canister shot\'s roll to hit takes: p20\'s own list under canister, crew class (veterans and guard +1 as nagb.eliteFireBonus reads it, raw -1), with the -1 of a disordered crew (p27), the national modifier (p35) and, at chargers, the -1 and point-blank +1 that p12 gives all fire at chargers; or ball\'s whole list, adding soft cover -1, hard cover -2, unlimbered, moved or pivoted -1 and skirmishers -1, as the rulings read it.',
    valueDocs: {
      p20: 'canister takes its own list: crew class; plus disorder (p27), the national modifier (p35) and p12\'s modifiers at chargers',
      asBall: 'canister takes ball\'s list: cover, unlimbered, moved or pivoted, skirmishers too (the rulings; as the engine played before)',
    },
  },
  {
    name: 'nagb.shellHits',
    values: [6, 5],
    default: 6,
    source: 'p21 ("(5 hits)" in the heading vs "6 hits" in the text and table)',
    doc: 'Dice thrown at the target when a shell bursts over it.',
  },
  {
    name: 'nagb.buildingDamage',
    values: [false, true],
    default: false,
    source: 'p31 (hit points of structures lost)',
    doc: 'Whether artillery and fire damage village buildings (d6 per hit or burning end phase) until they collapse.',
  },
  {
    name: 'nagb.scenarioYear',
    values: YEARS,
    default: 1815,
    source: 'p35 (the cut-off dates of the national rules are lost)',
    doc: 'Year of the scenario: before 1813 Prussian and before 1812 Russian foot may not move and change formation in one phase; French 1813-14 foot is not drilled.',
  },
  {
    name: 'nagb.russianArtillery',
    values: ['easier', 'harder'],
    default: 'easier',
    source: 'p35 (Russian artillery "minus one to the number needed to hit" before a lost date, read as nagb.scenarioYear 1812 as the Russian foot)',
    doc: 'Before 1812 (nagb.scenarioYear) the guns of a Russian side need one less to hit, as the Portuguese line on the same page; or the minus is a -1 to the roll, as the modifier lists write penalties.',
    valueDocs: {
      easier: 'one off the score needed (4+ becomes 3+), as p35 words the Portuguese line\'s bonus',
      harder: 'a -1 to hit (4+ becomes 5+), as p10 and p20 list their penalties',
    },
  },
  {
    name: 'nagb.gameLength',
    values: ['sevenThenRoll', 'fixed7'],
    default: 'sevenThenRoll',
    source: 'p37, p41',
    doc: 'Seven turns, then 5+ on a d6 plays turn 8 and then a 6 plays turn 9; or exactly seven turns.',
  },
];

/** The options in the shape the rule functions read them (resolved once per cell). */
export interface NagbOptions {
  groundScale: number;
  figureScale: number;
  turnMinutes: number;
  musketShortRange: number;
  volleyRange: number;
  columnChargeBase: number;
  guardLeadership: number;
  eliteFireBonus: 'veteranUp' | 'veteranOnly';
  cavalryLostStats: 'flat' | 'progression';
  veteranCavalryDrilled: boolean;
  commanderTable: 'uninspiring7' | 'uninspiring6';
  initiative: 'winnerIsA' | 'winnerChooses';
  smallArmsOrder: 'simultaneous' | 'sequential';
  cavalryPhaseBSide: 'B' | 'A';
  fireAtEngaged: boolean;
  attackColumnWidth: number;
  squareFace: 'lineFrontQuarter' | 'figuresQuarter';
  slowPace: number;
  infantryTerrainDisorder: 'sameForBoth' | 'normalUnmodified';
  villageAssaultDisorder: boolean;
  pointBlank: 'defensiveOnly' | 'allFire';
  casualtyRemoval: 'rearFirst' | 'proportional';
  lowAmmo: 'more6sThan1s' | 'more1sThan6s' | 'off';
  shootingTestScope: 'perStep' | 'perFiringUnit' | 'perPhase';
  failedChargeTest: 'hold' | 'moveNormally';
  standAndShootVolley: 'testNoPip' | 'testAndPip';
  batteryChargeFire: 'pip' | 'free';
  batteryHoldFire: 'fires' | 'holdsFire';
  volleyFormations: 'lineOrAttackColumn' | 'lineOnly';
  cavalryVolley: 'never' | 'inLine';
  squareWithoutVolley: 'holdsFire' | 'halfFace';
  halfChargeRounding: 'floor' | 'exact';
  overlapDice: 'perOverlappedEnd' | 'plusOne';
  outnumberBasis: 'wholeUnit' | 'inContact';
  buildingAssault: 'hardOnly' | 'always6';
  disorderedLoser: 'breaksExceptStubborn' | 'breaks' | 'tests';
  stubbornAutobreak: 'breaks' | 'tests';
  blownCavalry: 'foughtAny' | 'chargedFormed';
  blownRide: 'toSafety' | 'throughFriends' | 'fullRoll';
  recallRide: 'throughFriends' | 'withinTable' | 'fullRoll';
  recoveryReset: 'hit' | 'firedOn' | 'casualty';
  lineOfFire: 'strip' | 'centreLine';
  cavalryBreakThrough: 'fromContact' | 'beyondEnemy' | 'off';
  caughtFleeing: 'pursuitAtLeastFlight' | 'pursuitExceedsFlight';
  freeHack: 'round' | 'singleHit';
  lostColours: 'shaken' | 'removed';
  rallyModifier: number;
  routerMove: 'fleeEachTurn' | 'stay';
  routerGap: 'reached' | 'inPath' | 'none';
  breakTestsPerPhase: 'one' | 'meleeAndProximity';
  brigadeLosses: 'figures' | 'casualtiesOnly' | 'units';
  brigadeTestFrequency: 'onceEachThreshold' | 'everyCommandPhase';
  brokenBrigade: 'testsOnly' | 'withdraw';
  batteryBrigadeTest: 'silenced' | 'exempt';
  villageCover: 'hard' | 'soft';
  townFireFigures: 'facingFrontage' | 'allFacing';
  ballFigures: 'minRanksBounce' | 'ranks';
  nearMiss: 'shortOnly' | 'full' | 'off';
  nearMissAtSeven: 'none' | 'onSix';
  shellModifiers: 'p21' | 'asBall';
  canisterModifiers: 'p20' | 'asBall';
  shellHits: number;
  buildingDamage: boolean;
  scenarioYear: number;
  russianArtillery: 'easier' | 'harder';
  gameLength: 'sevenThenRoll' | 'fixed7';
}

/**
 * Resolved options (every `nagb.` name present, as resolveOptions returns them) to the typed shape. The
 * object is built as one literal, so that the rule functions read its fields at full speed.
 */
export function nagbOptions(resolved: ResolvedOptions): NagbOptions {
  const v = (name: string): any => {
    const x = resolved[`nagb.${name}`];
    if (x === undefined) throw new Error(`option 'nagb.${name}' is not resolved`);
    return x;
  };
  return {
    groundScale: v('groundScale'),
    figureScale: v('figureScale'),
    turnMinutes: v('turnMinutes'),
    musketShortRange: v('musketShortRange'),
    volleyRange: v('volleyRange'),
    columnChargeBase: v('columnChargeBase'),
    guardLeadership: v('guardLeadership'),
    eliteFireBonus: v('eliteFireBonus'),
    cavalryLostStats: v('cavalryLostStats'),
    veteranCavalryDrilled: v('veteranCavalryDrilled'),
    commanderTable: v('commanderTable'),
    initiative: v('initiative'),
    smallArmsOrder: v('smallArmsOrder'),
    cavalryPhaseBSide: v('cavalryPhaseBSide'),
    fireAtEngaged: v('fireAtEngaged'),
    attackColumnWidth: v('attackColumnWidth'),
    squareFace: v('squareFace'),
    slowPace: v('slowPace'),
    infantryTerrainDisorder: v('infantryTerrainDisorder'),
    villageAssaultDisorder: v('villageAssaultDisorder'),
    pointBlank: v('pointBlank'),
    casualtyRemoval: v('casualtyRemoval'),
    lowAmmo: v('lowAmmo'),
    shootingTestScope: v('shootingTestScope'),
    failedChargeTest: v('failedChargeTest'),
    standAndShootVolley: v('standAndShootVolley'),
    batteryChargeFire: v('batteryChargeFire'),
    batteryHoldFire: v('batteryHoldFire'),
    volleyFormations: v('volleyFormations'),
    cavalryVolley: v('cavalryVolley'),
    squareWithoutVolley: v('squareWithoutVolley'),
    halfChargeRounding: v('halfChargeRounding'),
    overlapDice: v('overlapDice'),
    outnumberBasis: v('outnumberBasis'),
    buildingAssault: v('buildingAssault'),
    disorderedLoser: v('disorderedLoser'),
    stubbornAutobreak: v('stubbornAutobreak'),
    blownCavalry: v('blownCavalry'),
    blownRide: v('blownRide'),
    recallRide: v('recallRide'),
    recoveryReset: v('recoveryReset'),
    lineOfFire: v('lineOfFire'),
    cavalryBreakThrough: v('cavalryBreakThrough'),
    caughtFleeing: v('caughtFleeing'),
    freeHack: v('freeHack'),
    lostColours: v('lostColours'),
    rallyModifier: v('rallyModifier'),
    routerMove: v('routerMove'),
    routerGap: v('routerGap'),
    breakTestsPerPhase: v('breakTestsPerPhase'),
    brigadeLosses: v('brigadeLosses'),
    brigadeTestFrequency: v('brigadeTestFrequency'),
    brokenBrigade: v('brokenBrigade'),
    batteryBrigadeTest: v('batteryBrigadeTest'),
    villageCover: v('villageCover'),
    townFireFigures: v('townFireFigures'),
    ballFigures: v('ballFigures'),
    nearMiss: v('nearMiss'),
    nearMissAtSeven: v('nearMissAtSeven'),
    shellModifiers: v('shellModifiers'),
    canisterModifiers: v('canisterModifiers'),
    shellHits: v('shellHits'),
    buildingDamage: v('buildingDamage'),
    scenarioYear: v('scenarioYear'),
    russianArtillery: v('russianArtillery'),
    gameLength: v('gameLength'),
  };
}

/** Defaults, for tests and tools that need the rules without a scenario. */
export const DEFAULT_NAGB_OPTIONS: NagbOptions = nagbOptions(
  Object.fromEntries(NAGB_OPTIONS.map((o) => [o.name, o.default])),
);

/** The defaults with some readings changed (tests, odds tools). */
export function withOptions(changes: Partial<NagbOptions>): NagbOptions {
  return { ...DEFAULT_NAGB_OPTIONS, ...changes };
}
