/**
 * `volley odds` for Burt's rules (src/core/ruleset.ts, OddsSupport): one fire (6), one melee round
 * (9) with the tests that may follow it (8, 12), and one morale test (8). `exact` gives every value
 * with its probability by convolution (./odds.ts); `sample` draws the same quantities through the
 * functions the engine plays with (turn/fire.ts resolveFire, melee.ts setMeleePlan and
 * meleeOutcome, morale.ts rollMoraleTest), so the conformance suite compares the two.
 */
import { z } from 'zod';
import type { EngagementDice } from '../../core/dice.js';
import type { OddsDistribution, OddsIssue, OddsQuestion, OddsSupport } from '../../core/ruleset.js';
import { emptyPlan, type FirePlan, fireSaveModifier, gunsInBattery, fireToHitModifier, gunShot, rollCasualties, setFirePlan, setGunFirePlan, type Cover, type FireSituation, type RangeBand } from './fire.js';
import { bothTestAfter, meleeOutcome, MELEE_OUTCOMES, setMeleePlan, type MeleeFighter } from './melee.js';
import { advancingItem, isSupported, levelAfterTest, moraleModifier, moraleTarget, MORALE_PURPOSES, retiringItem, rollMoraleTest, type MoralePurpose, type MoraleSituation } from './morale.js';
import { casualtyDistribution, gunLossOdds, hitDistribution, meleeOdds, moraleOdds, situationAfterRound, type MeleeOddsSide } from './odds.js';
import { scoreNeeded, scoreOn } from './die.js';
import { figureModel, figuresInContact, figuresInOverlap, FIGURE_WIDTH, type FigureModel } from './figures.js';
import { burtOptions, type BurtOptions } from './options.js';
import { COHESION_LEVELS, FORMED, GUN_CREW, ROUT, type Cohesion, type MoraleClass } from './tables.js';
import { bestLevel } from './cohesion.js';
import { resolveFire, type FireOutcome } from './turn/fire.js';
import { CLASSES, defaultFigures, defaultFormation, formationIssue, FORMATIONS, ORDNANCE } from './scenarios.js';

const level = z.enum(COHESION_LEVELS).default('formed').describe('7: the order class.');
const cover = z.enum(['none', 'soft', 'hard', 'village']).default('none').describe('6, 8: none, soft (woods, hedges), hard (walls), or village (burt.villageCover).');
/** 6, 8 (rulings; burt.villageCover): cover as a question gives it, a village read by the option. */
const coverIn = (c: z.infer<typeof cover>, o: Pick<BurtOptions, 'villageCover'>): Cover => (c === 'village' ? o.villageCover : c);
const BANDS = ['short', 'medium', 'long'] as const;

/**
 * 8 (+2 "Supported"): true or false says outright; or who stands behind it, for burt.supported to read:
 * 'committed', a reserve committed to support it (supported under either reading); 'friendBehind', a
 * friend neither shaken nor routing within 6" behind it, not committed (supported under within6Behind
 * only).
 */
const supported = z
  .union([z.boolean(), z.enum(['committed', 'friendBehind'])])
  .default(false)
  .describe("8: +2 for the test. true or false outright; or 'committed' (a reserve committed to support it: supported under either reading of burt.supported) or 'friendBehind' (a friend neither shaken nor routing within 6\" behind, not committed: supported under within6Behind only).");

/** 8 (burt.supported): a question's support through isSupported, as play reads the lane. */
const supportedIn = (s: z.infer<typeof supported>, o: Pick<BurtOptions, 'supported'>): boolean =>
  typeof s === 'boolean' ? s : isSupported(o.supported, s === 'committed', s === 'friendBehind' ? { distance: 6, level: 0 } : null);

// ---------------------------------------------------------------------------------------------
// One fire (6).

export const fireParams = z
  .strictObject({
    figures: z.int().min(1).max(60).optional().describe('Figures firing (the front two ranks of foot, one of horse); give either figures or guns.'),
    guns: z.int().min(1).max(12).optional().describe('Gun models firing (a die each, two with canister); give either figures or guns.'),
    ordnance: z.enum(ORDNANCE).optional().describe('6: the guns\' weight (with guns; default 6pdr).'),
    ammunition: z.enum(['ball', 'canister']).optional().describe('6: ball or canister (with guns, default ball; small arms fire neither).'),
    range: z.enum(BANDS).describe('6: the band of the distance front to front.'),
    firerMoved: z.boolean().default(false),
    targetMoved: z.boolean().default(false),
    firerLevel: level,
    firstVolley: z.boolean().default(false).describe('6: the firers\' first volley of the day (-1; not skirmishers).'),
    skirmishers: z.boolean().default(false).describe('The firers are skirmishers.'),
    target: z
      .strictObject({
        figures: z.int().min(1).max(60).default(24).describe('Figures the target has (casualties stop there).'),
        cover,
        formation: z.enum(['line', 'column', 'square']).optional().describe("12: the formation of a target on foot, which decides overTwoRanks by the figure model: a column of more than two ranks (burt.figuresPerBase), a square (burt.squareDeepTarget); give either formation or overTwoRanks."),
        overTwoRanks: z.boolean().optional().describe('6: more than two ranks deep (a column, a square): guns -1; default from formation, else false.'),
        skirmishers: z.boolean().default(false).describe('6: skirmishers save at -1.'),
        battery: z.strictObject({ guns: z.int().min(1).max(12), ordnance: z.enum(ORDNANCE).default('6pdr') }).optional().describe('The target is a battery: a d6 per casualty against the next gun\'s crew.'),
      })
      .prefault({}),
  })
  .superRefine((p, ctx) => {
    // A fire needs firers: small arms (figures) or a battery (guns), not both and not neither.
    if (p.figures === undefined && p.guns === undefined) ctx.addIssue({ code: 'custom', path: ['figures'], message: 'missing: expected the figures firing, or guns for a battery' });
    else if (p.figures !== undefined && p.guns !== undefined) ctx.addIssue({ code: 'custom', path: ['guns'], message: 'give either figures (small arms) or guns (a battery), not both' });
    else if (p.guns === undefined && p.ammunition !== undefined) ctx.addIssue({ code: 'custom', path: ['ammunition'], message: `${p.ammunition} is fired by guns; small arms (figures) fire neither ball nor canister` });
    else if (p.guns === undefined && p.ordnance !== undefined) ctx.addIssue({ code: 'custom', path: ['ordnance'], message: 'ordnance is the weight of guns; small arms (figures) have none' });
    // 7: routers do not fire (play never has them fire, so the table has no to-hit item for them).
    if (p.firerLevel === 'rout') ctx.addIssue({ code: 'custom', path: ['firerLevel'], message: 'a routing unit does not fire (7)' });
    if (p.target.formation !== undefined && p.target.overTwoRanks !== undefined) ctx.addIssue({ code: 'custom', path: ['target', 'overTwoRanks'], message: 'give either the target\'s formation (which decides it) or overTwoRanks, not both' });
    if (p.target.formation !== undefined && (p.target.skirmishers || p.target.battery)) ctx.addIssue({ code: 'custom', path: ['target', 'formation'], message: `a formation is a target on foot's; ${p.target.battery ? 'a battery' : 'skirmishers'} take none` });
  })
  .transform((p) => ({ ...p, ordnance: p.ordnance ?? ('6pdr' as const), ammunition: p.ammunition ?? ('ball' as const) }));
export type FireParams = z.infer<typeof fireParams>;

/** 6, 12: whether the target is over two ranks deep: given, or its formation's figure model's (rulings, figure model). */
function targetOverTwoRanks(p: FireParams, o: Pick<BurtOptions, 'figuresPerBase' | 'squareDeepTarget'>): boolean {
  if (p.target.formation === undefined) return p.target.overTwoRanks ?? false;
  return figureModel('infantry', p.target.formation, p.target.figures, o.figuresPerBase, o.squareDeepTarget).overTwoRanks;
}

function fireSituation(p: FireParams, o: BurtOptions): FireSituation {
  return {
    band: BANDS.indexOf(p.range) as RangeBand,
    firerMoved: p.firerMoved,
    targetMoved: p.targetMoved,
    targetInCover: p.target.cover !== 'none',
    firerLevel: COHESION_LEVELS.indexOf(p.firerLevel) as Cohesion,
    guns: p.guns !== undefined,
    skirmishers: p.skirmishers,
    targetOverTwoRanks: targetOverTwoRanks(p, o),
    firstVolley: p.firstVolley,
  };
}

/** The plan of a fire from its parameters, as the engine would build it (turn/fire.ts fireAt). */
export function firePlanOf(p: FireParams, o: BurtOptions) {
  const s = fireSituation(p, o);
  const toHit = fireToHitModifier(s, o);
  const shot = p.guns !== undefined ? gunShot(p.ordnance, p.ammunition) : 'smallArms';
  const save = fireSaveModifier(shot, coverIn(p.target.cover, o), p.target.skirmishers || p.target.battery !== undefined);
  const plan = emptyPlan(o);
  if (p.guns !== undefined) setGunFirePlan(plan, p.guns, p.ammunition, toHit, save, o);
  else setFirePlan(plan, p.figures ?? 0, toHit, save, o);
  return { plan, shot };
}

/** 6, 9: a plan's dice in words: the score each needs to hit (the 1-2 figure die one more), and the score of the other side's saves. */
function planWords(plan: FirePlan, saver: string, o: BurtOptions): string {
  const score = (n: number) => scoreOn(n, o.extendedDie, o.naturalOne);
  const extra = plan.penalised ? ` and ${plan.penalised} for the figures left over on ${score(plan.penalisedHitOn)}` : '';
  return `${plan.plain} ${plan.plain === 1 ? 'die' : 'dice'} to hit on ${score(plan.hitOn)}${extra}, ${saver} saving on ${score(plan.saveOn)}`;
}

const distribution = (name: string, label: string, dist: readonly number[]): OddsDistribution => ({ name, label, values: dist.map((p, k) => ({ value: k, p })) });

const fire: OddsQuestion<FireParams> = {
  id: 'fire',
  doc: 'One fire (6): the hits, the figures removed after saves, and on a battery the guns put out of action.',
  params: fireParams,
  givenByParams: { 'burt.squareDeepTarget': ['target.overTwoRanks'], 'burt.figuresPerBase': ['figures', 'target.overTwoRanks'] },
  exact(p, options) {
    const o = burtOptions(options);
    const { plan, shot } = firePlanOf(p, o);
    const b = p.target.battery;
    const hits = hitDistribution(plan);
    const cap = b ? Infinity : p.target.figures;
    const removed = casualtyDistribution(plan, cap);
    const out: OddsDistribution[] = [distribution('hits', 'hits', hits), distribution('removed', b ? 'crew casualties' : 'figures removed', removed)];
    if (b) out.push(distribution('gunsOut', 'guns put out of action', gunLossOdds(removed, b.guns, GUN_CREW[b.ordnance], shot, o.gunCasualtyRoll)));
    return { distributions: out, summary: { plan }, worked: `${planWords(plan, 'the target', o)} (6)` };
  },
  sample(p, options, dice: EngagementDice) {
    const o = burtOptions(options);
    const { plan, shot } = firePlanOf(p, o);
    const b = p.target.battery;
    const out: FireOutcome = { hits: 0, removed: 0, gunsOut: 0 };
    resolveFire(plan, b ? Infinity : p.target.figures, b ? { guns: b.guns, crew: GUN_CREW[b.ordnance], shot, mode: o.gunCasualtyRoll } : null, dice.fire(0), out);
    const draw: Record<string, number> = { hits: out.hits, removed: out.removed };
    if (b) draw.gunsOut = out.gunsOut;
    return draw;
  },
  examples: [
    { figures: 24, range: 'medium', firstVolley: true, firerMoved: false, targetMoved: false, firerLevel: 'formed', skirmishers: false, ordnance: '6pdr', ammunition: 'ball', target: { figures: 24, cover: 'none', overTwoRanks: true, skirmishers: false } },
    { figures: 22, range: 'short', firstVolley: false, firerMoved: false, targetMoved: true, firerLevel: 'shaken', skirmishers: false, ordnance: '6pdr', ammunition: 'ball', target: { figures: 20, cover: 'hard', overTwoRanks: false, skirmishers: false } },
    { guns: 4, ordnance: '6pdr', ammunition: 'canister', range: 'medium', firstVolley: false, firerMoved: false, targetMoved: false, firerLevel: 'unformed', skirmishers: false, target: { figures: 16, cover: 'none', overTwoRanks: false, skirmishers: false } },
    { figures: 9, range: 'short', firstVolley: false, firerMoved: false, targetMoved: false, firerLevel: 'formed', skirmishers: false, ordnance: '6pdr', ammunition: 'ball', target: { figures: 16, cover: 'none', overTwoRanks: false, skirmishers: false, battery: { guns: 4, ordnance: '6pdr' } } },
    // Ball at a square, deep by burt.squareDeepTarget (6, 12).
    fireParams.parse({ guns: 2, ammunition: 'ball', range: 'medium', target: { formation: 'square' } }),
  ],
};

// ---------------------------------------------------------------------------------------------
// One melee round (9) and the step-12 tests after it (8).

const meleeSide = z.strictObject({
  figuresInContact: z
    .int()
    .min(0)
    .max(60)
    .optional()
    .describe("9: figures in contact; default head-on, the two fronts centred on each other: the side's whole figures within the frontage they share, of its front rank or front two ranks (burt.meleeRanks), fronts by the figure model (burt.figuresPerBase)."),
  figures: z.int().min(1).max(60).optional().describe("Figures the side has (casualties stop there); default as a scenario's unit of its arm (2): 24 foot, 16 horse, 8 skirmishers, a battery's crew (burt.gunsPerBattery guns of 4)."),
  startFigures: z.int().min(1).max(60).optional().describe('8: figures it started with (strength modifiers); default figures.'),
  arm: z.enum(['infantry', 'cavalry', 'skirmishers', 'guns']).default('infantry'),
  formation: z.enum(FORMATIONS).optional().describe('12: line, column, square (infantry only) or open (skirmishers only); default line, open for skirmishers.'),
  ranks: z.int().min(1).max(12).optional().describe("9: ranks of the formation (the deeper side's first-contact bonus); default the figure model's (burt.figuresPerBase): 24 foot in line 2, in column 3, a square 1."),
  level: z.enum(COHESION_LEVELS).optional().describe('7: the order class; default formed, unformed for skirmishers and guns (they are never formed, and save at +1 in melee as unformed).'),
  class: z.enum(CLASSES).optional().describe('8: morale class, for the test after an indecisive round; without both sides\' classes no tests are asked.'),
  light: z.boolean().default(false),
  armoured: z.boolean().default(false),
  lancers: z.boolean().default(false),
  charging: z.boolean().default(false).describe('9: charging or following up (-1 to the score it needs to hit).'),
  advanced: z
    .boolean()
    .optional()
    .describe('8: it moved toward the enemy this turn, however far and whatever came after (+1 at the step-12 test, as in play: a charger pushed back still advanced, and takes the -1 for being pushed back too); default charging.'),
  retired: z.boolean().optional().describe('8: it moved away from the enemy this turn before the round, a shaken retreat say (-1 at the step-12 test, one item with being pushed back); default false.'),
  attacking: z
    .boolean()
    .optional()
    .describe('9 (burt.lightCavalryFormed attacking): it attacks in this melee (it charged, countercharged, followed up or pursued into it, this turn or in an earlier round), for light cavalry\'s +1 against formed troops; default charging.'),
  cover,
  againstRear: z.boolean().default(false).describe('9: fighting the enemy\'s flank or rear (-1).'),
  supported,
  secureFlank: z.boolean().default(false).describe('8: +1 for the test.'),
})
  .superRefine((s, ctx) => {
    const wrong = s.formation === undefined ? undefined : formationIssue(s.arm, s.formation);
    if (wrong) ctx.addIssue({ code: 'custom', path: ['formation'], message: wrong });
    // 7: skirmishers and guns start unformed and can never be formed (play never has them formed).
    if (s.level === 'formed' && bestLevel(s.arm) !== FORMED) ctx.addIssue({ code: 'custom', path: ['level'], message: `${s.arm === 'guns' ? 'a battery' : 'skirmishers'} can never be formed (7); the best it can be is unformed` });
  })
  .transform((s) => ({ ...s, formation: s.formation ?? defaultFormation(s.arm), level: s.level ?? COHESION_LEVELS[bestLevel(s.arm)] }));

/** A melee side's figures: given, or a scenario unit's of its arm (2; a battery's guns, burt.gunsPerBattery, of 6pdr crew). */
function sideFigures(s: { figures?: number; arm: 'infantry' | 'cavalry' | 'skirmishers' | 'guns' }, o: Pick<BurtOptions, 'gunsPerBattery'>): number {
  return s.figures ?? (s.arm === 'guns' ? gunsInBattery(undefined, o.gunsPerBattery) * GUN_CREW['6pdr'] : defaultFigures(s.arm));
}

/** A melee side's figure model (rulings, figure model): a battery's guns side by side, its figures their crews. */
function sideModel(s: MeleeSideParams, o: Pick<BurtOptions, 'gunsPerBattery' | 'figuresPerBase' | 'squareDeepTarget'>): FigureModel {
  const figures = sideFigures(s, o);
  const count = s.arm === 'guns' ? Math.ceil(figures / GUN_CREW['6pdr']) : figures;
  return figureModel(s.arm, s.formation, count, o.figuresPerBase, o.squareDeepTarget);
}

/**
 * 9 (burt.meleeRanks): a side's figures in contact, given or as on the lane head-on with the fronts
 * centred (play/turn/melee.ts, contactFigures): whole figures of its front within the narrower front's
 * width, and under twoRanks as many of its second rank behind them; a battery fights with the crews of
 * the guns in that width.
 */
export function meleeContact(s: MeleeSideParams, enemy: MeleeSideParams, o: BurtOptions): number {
  if (s.figuresInContact !== undefined) return s.figuresInContact;
  const own = sideModel(s, o);
  const shared = Math.min(own.frontageInches, sideModel(enemy, o).frontageInches);
  const within = figuresInOverlap(shared, FIGURE_WIDTH[s.arm]);
  if (s.arm === 'guns') return Math.min(sideFigures(s, o), Math.min(own.frontRankFigures, within) * GUN_CREW['6pdr']);
  return figuresInContact(own, within, o.meleeRanks);
}

/** A side's ranks: given, or its figure model's. */
const sideRanks = (s: MeleeSideParams, o: BurtOptions): number => s.ranks ?? Math.max(1, sideModel(s, o).ranks);

/** A melee side's counts that could be (its default figures depend on the options): none in contact beyond its figures, none beyond its start. */
function meleeSideIssues(s: MeleeSideParams, side: 'a' | 'b', o: BurtOptions): OddsIssue[] {
  const figures = sideFigures(s, o);
  const out: OddsIssue[] = [];
  if (s.figuresInContact !== undefined && s.figuresInContact > figures) out.push({ path: [side, 'figuresInContact'], message: `${s.figuresInContact} figures in contact, but the side has ${figures}` });
  if (s.startFigures !== undefined && figures > s.startFigures) out.push({ path: [side, 'figures'], message: `${figures} figures now, more than the ${s.startFigures} it started with (startFigures)` });
  return out;
}

/** Figures now never more than at the start (8's strength modifiers compare them). */
function figuresWithinStart(s: { figures: number; startFigures?: number }, ctx: z.RefinementCtx): void {
  if (s.startFigures !== undefined && s.figures > s.startFigures) ctx.addIssue({ code: 'custom', path: ['figures'], message: `${s.figures} figures now, more than the ${s.startFigures} it started with (startFigures)` });
}

export const meleeParams = z.strictObject({
  a: meleeSide.describe('Side a (the assaulter, say).'),
  b: meleeSide.describe('Side b.'),
  firstContact: z.boolean().default(true).describe('9: the round of the turn of contact (deeper formation, armoured or lancers).'),
});
export type MeleeParams = z.infer<typeof meleeParams>;
type MeleeSideParams = MeleeParams['a'];

function fighter(s: MeleeSideParams, o: BurtOptions): MeleeFighter {
  return {
    arm: s.arm,
    formation: s.formation,
    ranks: sideRanks(s, o),
    level: COHESION_LEVELS.indexOf(s.level) as Cohesion,
    lightCavalry: s.light,
    armoured: s.armoured,
    lancers: s.lancers,
    chargingOrFollowingUp: s.charging,
    attacking: s.attacking ?? s.charging,
    cover: coverIn(s.cover, o),
    downhillOfEnemy: false,
    againstFlankOrRear: s.againstRear,
  };
}

/** 8: the situation of a melee side's step-12 test, before the round's own effects (situationAfterRound adds them). */
export function meleeSideMorale(s: MeleeSideParams, o: BurtOptions): MoraleSituation {
  return {
    figures: sideFigures(s, o),
    startFigures: s.startFigures ?? sideFigures(s, o),
    level: COHESION_LEVELS.indexOf(s.level) as Cohesion,
    nearestVisibleEnemy: 0, // the enemy is in contact
    chargingSkirmishersOrRouters: false,
    chargingFlankOrRear: false,
    commanderInChief: false,
    subordinateGeneral: false,
    commandElement: false,
    formation: s.formation,
    supported: supportedIn(s.supported, o),
    cover: coverIn(s.cover, o),
    // 8, rulings: advancing is having moved toward the enemy this turn (a side that charged or followed
    // up into the melee has), retiring away, as the play loop sums every move of the turn (advancingItem,
    // retiringItem); pushing back and being pushed back come from the round (situationAfterRound).
    advancingOrPushingBack: advancingItem((s.advanced ?? s.charging) ? 1 : 0, 0, false, 'melee', o),
    retiringOrPushedBack: retiringItem(s.retired ? 1 : 0, 0, false, 'melee', o),
    secureFlank: s.secureFlank,
    casualtiesThisTurn: false,
    armyDemoralised: false,
  };
}

function oddsSide(s: MeleeSideParams, enemy: MeleeSideParams, withMorale: boolean, o: BurtOptions): MeleeOddsSide {
  return { fighter: fighter(s, o), figuresInContact: meleeContact(s, enemy, o), figures: sideFigures(s, o), ...(withMorale ? { morale: { klass: s.class as MoraleClass, situation: meleeSideMorale(s, o) } } : {}) };
}

/** A side's figures in contact and ranks, for the worked-out line. */
const contactWords = (s: MeleeOddsSide) => `${s.figuresInContact} ${s.figuresInContact === 1 ? 'figure' : 'figures'} in contact, ${s.fighter.ranks} ${s.fighter.ranks === 1 ? 'rank' : 'ranks'}`;

const yesNo = (name: string, label: string, p: number): OddsDistribution => ({ name, label, values: [{ value: 'yes', p }, { value: 'no', p: 1 - p }] });

const melee: OddsQuestion<MeleeParams> = {
  id: 'melee',
  doc: 'One melee round (9): the figures each side removes, the outcome (indecisive, pushed back, breaks), and with both classes the chance each side fails the step-12 test and each routs.',
  params: meleeParams,
  givenByParams: {
    'burt.meleeRanks': ['a.figuresInContact', 'b.figuresInContact'],
    'burt.figuresPerBase': ['a.figuresInContact', 'b.figuresInContact', 'a.ranks', 'b.ranks'],
    // burt.supported is not listed: a side's `supported` may leave it to the option ('committed', 'friendBehind').
  },
  check: (p, options) => [...meleeSideIssues(p.a, 'a', burtOptions(options)), ...meleeSideIssues(p.b, 'b', burtOptions(options))],
  exact(p, options) {
    const o = burtOptions(options);
    const withMorale = p.a.class !== undefined && p.b.class !== undefined;
    const a = oddsSide(p.a, p.b, withMorale, o);
    const b = oddsSide(p.b, p.a, withMorale, o);
    const m = meleeOdds(a, b, p.firstContact, o);
    const out: OddsDistribution[] = [
      distribution('inflictedByA', 'figures side a takes off side b', m.inflictedByA),
      distribution('inflictedByB', 'figures side b takes off side a', m.inflictedByB),
      { name: 'outcome', label: 'the round', values: MELEE_OUTCOMES.map((k) => ({ value: k, p: m.outcomes[k] })) },
    ];
    if (m.testFails) out.push(yesNo('aFailsTest', 'side a fails the step-12 test (it loses a level, 8; a routing side does not test)', m.testFails[0]), yesNo('bFailsTest', 'side b fails the step-12 test', m.testFails[1]));
    if (m.routs) out.push(yesNo('aRouts', 'side a routs (breaks, or fails the step-12 test when shaken; not when routing already)', m.routs[0]), yesNo('bRouts', 'side b routs', m.routs[1]));
    return { distributions: out, summary: { bothTest: m.bothTest, testFails: m.testFails ?? null }, worked: `side a ${contactWords(a)}: ${planWords(m.planA, 'b', o)}; side b ${contactWords(b)}: ${planWords(m.planB, 'a', o)} (9)` };
  },
  sample(p, options, dice: EngagementDice) {
    const o = burtOptions(options);
    const fa = fighter(p.a, o);
    const fb = fighter(p.b, o);
    const planA = setMeleePlan(emptyPlan(o), meleeContact(p.a, p.b, o), fa, fb, p.firstContact, o);
    const planB = setMeleePlan(emptyPlan(o), meleeContact(p.b, p.a, o), fb, fa, p.firstContact, o);
    // As the engine's strike: each side rolls on its own fire stream.
    const byA = rollCasualties(planA, sideFigures(p.b, o), dice.fire(0));
    const byB = rollCasualties(planB, sideFigures(p.a, o), dice.fire(1));
    const outcome = meleeOutcome(byA, byB, o.zeroCasualtyBreak);
    const draw: Record<string, number | string> = { inflictedByA: byA, inflictedByB: byB, outcome };
    if (p.a.class === undefined || p.b.class === undefined) return draw;
    // As play (turn/melee.ts): a side already routing neither routs again when it breaks nor takes the step-12 test.
    const routing = [p.a.level === 'rout', p.b.level === 'rout'];
    const routs = [outcome === 'aBreaks' && !routing[0], outcome === 'bBreaks' && !routing[1]];
    const failed = [false, false];
    if (bothTestAfter(outcome, o.indecisiveMelee)) {
      const sides = [
        [p.a, byB, outcome === 'aPushedBack', outcome === 'bPushedBack'],
        [p.b, byA, outcome === 'bPushedBack', outcome === 'aPushedBack'],
      ] as const;
      sides.forEach(([s, lost, pushedBack, pushing], k) => {
        if (routing[k]) return;
        const sit = situationAfterRound(meleeSideMorale(s, o), lost, pushedBack, pushing);
        const passed = rollMoraleTest(s.class as MoraleClass, moraleModifier(sit, 'melee', o), o.extendedDie, o.naturalOne, dice.morale(k as 0 | 1));
        failed[k] = !passed;
        if (!passed && levelAfterTest(sit.level, 'melee', false) === ROUT) routs[k] = true;
      });
    }
    draw.aFailsTest = failed[0] ? 'yes' : 'no';
    draw.bFailsTest = failed[1] ? 'yes' : 'no';
    draw.aRouts = routs[0] ? 'yes' : 'no';
    draw.bRouts = routs[1] ? 'yes' : 'no';
    return draw;
  },
  examples: [
    {
      a: { figuresInContact: 8, figures: 24, arm: 'infantry', formation: 'column', ranks: 3, level: 'formed', class: 'C', light: false, armoured: false, lancers: false, charging: true, cover: 'none', againstRear: false, supported: true, secureFlank: false },
      b: { figuresInContact: 8, figures: 24, arm: 'infantry', formation: 'line', ranks: 2, level: 'formed', class: 'C', light: false, armoured: false, lancers: false, charging: false, cover: 'hard', againstRear: false, supported: false, secureFlank: true },
      firstContact: true,
    },
    {
      a: { figuresInContact: 5, figures: 16, arm: 'cavalry', formation: 'line', ranks: 2, level: 'formed', class: 'C', light: false, armoured: true, lancers: false, charging: true, cover: 'none', againstRear: false, supported: false, secureFlank: false },
      b: { figuresInContact: 8, figures: 24, arm: 'infantry', formation: 'square', ranks: 1, level: 'formed', class: 'C', light: false, armoured: false, lancers: false, charging: false, cover: 'none', againstRear: false, supported: false, secureFlank: false },
      firstContact: true,
    },
    {
      a: { figuresInContact: 8, figures: 16, arm: 'cavalry', formation: 'line', ranks: 2, level: 'formed', light: false, armoured: true, lancers: false, charging: true, cover: 'none', againstRear: false, supported: false, secureFlank: false },
      b: { figuresInContact: 11, figures: 24, arm: 'infantry', formation: 'line', ranks: 2, level: 'disordered', light: false, armoured: false, lancers: false, charging: false, cover: 'none', againstRear: false, supported: false, secureFlank: false },
      firstContact: true,
    },
    // Figures in contact and ranks as on the lane, head-on (a column of 24 against a battery's guns).
    meleeParams.parse({ a: { formation: 'column', charging: true, class: 'B' }, b: { arm: 'guns', class: 'C' } }),
  ],
};

// ---------------------------------------------------------------------------------------------
// One morale test (8).

export const moraleParams = z.strictObject({
  class: z.enum(CLASSES).describe('8: A (2 to pass) ... E (6).'),
  purpose: z.enum(MORALE_PURPOSES).default('fireLoss').describe('8: why the unit tests (the charge items count for assault and assaulted only).'),
  figures: z.int().min(0).max(60).default(24),
  startFigures: z.int().min(1).max(60).default(24),
  level,
  formation: z.enum(FORMATIONS).default('line'),
  cover,
  noEnemyInSight: z.boolean().default(false),
  chargingSkirmishersOrRouters: z.boolean().default(false),
  chargingFlankOrRear: z.boolean().default(false),
  commanderInChief: z.boolean().default(false),
  subordinateGeneral: z.boolean().default(false),
  supported,
  advancingOrPushingBack: z.boolean().default(false).describe('8: moved toward the enemy this turn (besides a pursuer\'s pursuit move, see routOrPursuitMove), or pushed an enemy back (+1).'),
  retiringOrPushedBack: z.boolean().default(false).describe('8: moved away from the enemy this turn (besides a router\'s rout move, see routOrPursuitMove), or was pushed back (-1).'),
  routOrPursuitMove: z
    .boolean()
    .optional()
    .describe("3.3, 8: for a rally test, the router made its rout move this turn (as it does unless blocked); for a test to stop pursuing, the pursuer its pursuit move. It counts as retiring (-1) under burt.routRetiring true, as advancing (+1) under burt.pursuitAdvancing true, as nothing under the defaults. Default true for those two purposes; only for them."),
  secureFlank: z.boolean().default(false),
  casualtiesThisTurn: z.boolean().default(false),
  armyDemoralised: z.boolean().default(false),
}).superRefine((p, ctx) => {
  // 3.3: only routers make a rout move and only pursuers a pursuit move; the other tests have neither.
  if (p.routOrPursuitMove !== undefined && p.purpose !== 'rally' && p.purpose !== 'stopPursuit') ctx.addIssue({ code: 'custom', path: ['routOrPursuitMove'], message: `only a router (rally) or a pursuer (stopPursuit) makes a rout or pursuit move (3.3); this test's purpose is ${p.purpose}` });
  figuresWithinStart(p, ctx);
  // 8: the charging items count only when testing to assault; asked for another test they would be dropped.
  for (const field of ['chargingSkirmishersOrRouters', 'chargingFlankOrRear'] as const) {
    if (p[field] && p.purpose !== 'assault') ctx.addIssue({ code: 'custom', path: [field], message: `counts only when testing to assault (8); this test's purpose is ${p.purpose}` });
  }
  // 7, 8: only a routing unit tries to rally (and it takes the routing -3): asked of another level, the answer would be play's never.
  if (p.purpose === 'rally' && p.level !== 'rout') ctx.addIssue({ code: 'custom', path: ['level'], message: `only a routing unit tests to rally (8); this unit is ${p.level}` });
});
export type MoraleParams = z.infer<typeof moraleParams>;

/** 3.3: the rout move (rally) or pursuit move (stopPursuit) of a test of that purpose, as 1 inch moved or 0. */
function stateMove(p: MoraleParams, purpose: 'rally' | 'stopPursuit'): number {
  return p.purpose === purpose && (p.routOrPursuitMove ?? true) ? 1 : 0;
}

function situationOf(p: MoraleParams, o: BurtOptions): MoraleSituation {
  return {
    figures: p.figures,
    startFigures: p.startFigures,
    level: COHESION_LEVELS.indexOf(p.level) as Cohesion,
    nearestVisibleEnemy: p.noEnemyInSight ? Infinity : 0,
    chargingSkirmishersOrRouters: p.chargingSkirmishersOrRouters,
    chargingFlankOrRear: p.chargingFlankOrRear,
    commanderInChief: p.commanderInChief,
    subordinateGeneral: p.subordinateGeneral,
    commandElement: false,
    formation: p.formation,
    supported: supportedIn(p.supported, o),
    cover: coverIn(p.cover, o),
    // advancingItem, retiringItem, as play: the rout or pursuit move counts per burt.routRetiring and
    // burt.pursuitAdvancing; the other moves and the push-back items always.
    advancingOrPushingBack: advancingItem(stateMove(p, 'stopPursuit'), stateMove(p, 'stopPursuit'), p.advancingOrPushingBack, p.purpose as MoralePurpose, o),
    retiringOrPushedBack: retiringItem(stateMove(p, 'rally'), stateMove(p, 'rally'), p.retiringOrPushedBack, p.purpose as MoralePurpose, o),
    secureFlank: p.secureFlank,
    casualtiesThisTurn: p.casualtiesThisTurn,
    armyDemoralised: p.armyDemoralised,
  };
}

const morale: OddsQuestion<MoraleParams> = {
  id: 'morale',
  doc: 'One morale test (8): the chance it passes, and the order class after it.',
  params: moraleParams,
  // burt.supported is not listed: `supported` may leave it to the option ('committed', 'friendBehind').
  givenByParams: { 'burt.sightRange': ['noEnemyInSight'] },
  exact(p, options) {
    const o = burtOptions(options);
    const s = situationOf(p, o);
    const m = moraleModifier(s, p.purpose as MoralePurpose, o);
    const pass = moraleOdds(p.class, m, o);
    const after = new Map<string, number>();
    const add = (k: string, q: number) => after.set(k, (after.get(k) ?? 0) + q);
    add(COHESION_LEVELS[levelAfterTest(s.level, p.purpose as MoralePurpose, true)], pass);
    add(COHESION_LEVELS[levelAfterTest(s.level, p.purpose as MoralePurpose, false)], 1 - pass);
    return {
      distributions: [yesNo('passed', 'the test passes', pass), { name: 'level', label: 'order class after the test', values: [...after].map(([value, q]) => ({ value, p: q })) }],
      summary: { modifier: m },
      worked: `class ${p.class}, modifiers ${m >= 0 ? '+' : ''}${m}: ${scoreNeeded(moraleTarget(p.class as MoraleClass, m), o.extendedDie, o.naturalOne)} (8)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const o = burtOptions(options);
    const s = situationOf(p, o);
    const passed = rollMoraleTest(p.class, moraleModifier(s, p.purpose as MoralePurpose, o), o.extendedDie, o.naturalOne, dice.morale(0));
    return { passed: passed ? 'yes' : 'no', level: COHESION_LEVELS[levelAfterTest(s.level, p.purpose as MoralePurpose, passed)] };
  },
  examples: [
    { class: 'C', purpose: 'assaulted', figures: 24, startFigures: 24, level: 'formed', formation: 'square', cover: 'none', noEnemyInSight: false, chargingSkirmishersOrRouters: false, chargingFlankOrRear: false, commanderInChief: false, subordinateGeneral: false, supported: false, advancingOrPushingBack: false, retiringOrPushedBack: false, secureFlank: false, casualtiesThisTurn: false, armyDemoralised: false },
    { class: 'E', purpose: 'fireLoss', figures: 11, startFigures: 24, level: 'shaken', formation: 'line', cover: 'soft', noEnemyInSight: false, chargingSkirmishersOrRouters: false, chargingFlankOrRear: false, commanderInChief: false, subordinateGeneral: false, supported: false, advancingOrPushingBack: false, retiringOrPushedBack: true, secureFlank: false, casualtiesThisTurn: true, armyDemoralised: true },
    // Needs 5 + 3 = 8 (under 3/4 strength, casualties, retiring): the extended die (6).
    moraleParams.parse({ class: 'D', figures: 15, casualtiesThisTurn: true, retiringOrPushedBack: true }),
    // Needs 2 - 4: passes on any roll, a 1 included unless burt.naturalOne says otherwise.
    moraleParams.parse({ class: 'A', supported: true, commanderInChief: true }),
    // A friend 6" behind, not committed: +2 under burt.supported within6Behind, nothing under committedOnly.
    moraleParams.parse({ class: 'D', purpose: 'assaulted', formation: 'column', supported: 'friendBehind' }),
  ],
};

export const BURT_ODDS: OddsSupport = { questions: [fire, melee, morale] };

