/**
 * `volley odds` for NAGB (src/core/ruleset.ts, OddsQuestion): three questions, each answered exactly by
 * the distributions of ./odds.ts (convolution and enumeration, never sampling) and sampled with the
 * same functions the play loop rolls (rollHits, rollKills and the shooting test; resolveCharge;
 * resolveMeleeRound), from units described as profiles:
 * - `shooting`: one fire step, several firers at one target: hits, casualties, the test it triggers and
 *   its result (p10-11, p27);
 * - `charge`: one charge from declaration to going home: the charge test, the reaction (stand and shoot
 *   included), the charge move, the chargers' test, contact or flight (p12-13, p17-18);
 * - `melee`: one round of hand to hand: casualties of each side, the winner and the loser's fate
 *   (p14-16).
 * Commanders' influence and rerolls are not part of the questions (they are the doctrine's).
 */
import { z } from 'zod';
import type { EngagementDice } from '../../core/dice.js';
import { onceAsked, type OddsDistribution, type OddsIssue, type OddsQuestion, type OddsSupport, type ResolvedOptions } from '../../core/ruleset.js';
import { CHARGE_ENDINGS, newChargeResult, reactionAllowed, resolveCharge, whyNoCharge, type ChargeSpec } from './charge.js';
import { FAILED_BROKEN, FAILED_DISORDERED, NO_TEST, PASSED, rollShootingTest } from './disorder.js';
import { facingFigures, laneOverlappedEnds, MELEE_ENDINGS, meleeDice, newMeleeResult, resolveMeleeRound, strikeOrder, type MeleeSpec } from './melee.js';
import { isShaken } from './morale.js';
import {
  chargeOdds,
  chargeSpec,
  fireGroup,
  ldOf,
  type FirerProfile,
  type MeleeParty,
  meleeOdds,
  meleeSpec,
  shootingStepOdds,
  type TargetCircumstances,
  type UnitProfile,
} from './odds.js';
import { type NagbOptions, nagbOptions } from './options.js';
import { formationMayVolley, lowOnAmmo, newHitRoll, rollHits, rollKills, type SmallArmChoice, smallArmOf, smallArmRefusal, smallArmsOfArm, squareFireAtChargers } from './shooting.js';
import { type Arm, cavalryTypeOf, type Formation, type Gun, GUNS, type TerrainTest } from './tables.js';
import { defaultFigures, figureWidth, frontRank, GUN_WIDTH } from './units.js';
import { ARMS, CAVALRY_FORMATIONS, GUN_KINDS, INFANTRY_FORMATIONS, formationsOf } from './scenarios.js';
import { canisterAtChargers, gunsManned } from './artillery.js';

const CLASSES = ['militia', 'conscripts', 'line', 'veteran', 'elite', 'guard'] as const;

/** The guns of a battery an odds file does not count (the common order of battle's battery has 3). */
const DEFAULT_GUNS = 3;

/** A unit as an odds file describes it; every field defaulted (formation: line). */
const unitFields = {
  arm: z.enum(ARMS).default('infantry'),
  class: z.enum(CLASSES).default('line').describe('Troop class (p39-40).'),
  leadership: z.int().min(2).max(12).optional().describe("A leadership of the unit's own, as a scenario's or refit's; default its class's (p39-40)."),
  formation: z
    .enum([...new Set([...INFANTRY_FORMATIONS, ...CAVALRY_FORMATIONS])] as [string, ...string[]])
    .optional()
    .describe(`Infantry: ${INFANTRY_FORMATIONS.join(', ')}; cavalry: ${CAVALRY_FORMATIONS.join(', ')}. Default line; a battery has none.`),
  guns: z.int().min(1).max(12).optional().describe('Artillery only: the battery\'s guns; default 3. Its figures are its crew, 4 a gun (p19), and it fights with as many as 2 a gun (as play).'),
  gun: z.enum(GUN_KINDS).optional().describe('Artillery only: the kind of every gun of the battery (p21), for its canister when it fires and flees; default medium.'),
  horse: z.boolean().optional().describe('Artillery only: horse artillery, which flees a charge 3d6 (2d6 after firing) halved, limbering as it goes (p19); default false.'),
  figures: z.int().min(1).max(200).optional().describe('Figures now; default 24 (cavalry 16, a battery 4 a gun).'),
  startFigures: z.int().min(1).max(200).optional().describe('Figures at the start; default the figures now.'),
  front: z.int().min(1).max(100).optional().describe('Front-rank figures now (a square: one face); default from the formation (rulings 6).'),
  disordered: z.boolean().default(false),
  jubilant: z.int().min(0).max(5).default(0),
  weapon: z
    .enum(['musket', 'rifle', 'carbine', 'pistol', 'none'])
    .optional()
    .describe('Small arm (p10), as a scenario gives it: infantry musket (default) or rifle; cavalry carbine, pistol or none (default: p25, p40). Not for a battery.'),
  cavalryType: z.enum(['light', 'heavy', 'cuirassier']).optional().describe('Cavalry only; default heavy (Cossack lancers light, p24).'),
  cavalryWeapon: z.enum(['sabre', 'lance', 'cossackLance']).optional().describe('Cavalry only; default sabre.'),
  inVillage: z.boolean().default(false).describe('Holds a village sector (p30-31).'),
  lowOnAmmo: z.boolean().default(false),
  fourPerThree: z.boolean().default(false),
};
/**
 * p6, p22: each arm takes only its own formations (as a lane scenario's units, ./scenarios.ts
 * checkLane); a horseman's type and weapon belong to cavalry alone.
 */
function armFormation(u: { arm: (typeof ARMS)[number]; formation?: string; weapon?: SmallArmChoice; cavalryType?: string; cavalryWeapon?: string; guns?: number; gun?: string; horse?: boolean; disordered?: boolean; jubilant?: number; figures?: number; startFigures?: number }, ctx: z.RefinementCtx): void {
  for (const field of ['cavalryType', 'cavalryWeapon'] as const) {
    if (u.arm !== 'cavalry' && u[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is for cavalry; this unit is ${u.arm}` });
  }
  // p10, p25, p38-40 (as a scenario's units, ./scenarios.ts checkLane): each arm its own small arms.
  if (u.weapon !== undefined && !smallArmsOfArm(u.arm).includes(u.weapon)) ctx.addIssue({ code: 'custom', path: ['weapon'], message: smallArmRefusal(u.arm, u.weapon) });
  for (const field of ['guns', 'gun', 'horse'] as const) {
    if (u.arm !== 'artillery' && u[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is for a battery; this unit is ${u.arm}` });
  }
  figureCounts(u, ctx);
  jubilance(u, ctx);
  if (u.formation === undefined) return;
  if (u.arm === 'artillery') ctx.addIssue({ code: 'custom', path: ['formation'], message: `a battery has no formation; found '${u.formation}'` });
  else if (!formationsOf(u.arm).includes(u.formation)) ctx.addIssue({ code: 'custom', path: ['formation'], message: `expected one of ${formationsOf(u.arm).join(', ')} for ${u.arm}, found '${u.formation}'` });
}

/**
 * p28: a unit is jubilant only in good order (disorder ends it), and p27: a shaken unit (over half its
 * figures lost) is disordered for good; so jubilance with either is refused, not quietly dropped.
 */
function jubilance(u: { arm: (typeof ARMS)[number]; guns?: number; disordered?: boolean; jubilant?: number; figures?: number; startFigures?: number }, ctx: z.RefinementCtx): void {
  if (!u.jubilant) return;
  const figures = u.figures ?? defaultFigures(u.arm, u.guns ?? DEFAULT_GUNS);
  if (u.disordered) ctx.addIssue({ code: 'custom', path: ['jubilant'], message: 'a disordered unit is no longer jubilant (p28)' });
  else if (isShaken(figures, u.startFigures ?? figures, false)) ctx.addIssue({ code: 'custom', path: ['jubilant'], message: `with ${figures} of ${u.startFigures} figures the unit is shaken, so disordered for good (p27) and not jubilant (p28)` });
}

/** Figures now at most those at the start, and a front rank (or the dice of p14) of no more figures than there are. */
function figureCounts(u: { arm: (typeof ARMS)[number]; figures?: number; startFigures?: number; front?: number; dice?: number; guns?: number }, ctx: z.RefinementCtx): void {
  const figures = u.figures ?? defaultFigures(u.arm, u.guns ?? DEFAULT_GUNS);
  if (u.startFigures !== undefined && figures > u.startFigures) ctx.addIssue({ code: 'custom', path: ['figures'], message: `${figures} figures now, more than the ${u.startFigures} it started with (startFigures)` });
  if (u.front !== undefined && u.front > figures) ctx.addIssue({ code: 'custom', path: ['front'], message: `a front rank of ${u.front} figures, but the unit has ${figures}` });
  // p14: a die for each figure in the front rank in contact, and one for each overlapping figure.
  if (u.dice !== undefined && u.dice > figures) ctx.addIssue({ code: 'custom', path: ['dice'], message: `${u.dice} dice, but the unit has ${figures} figures: a die a figure in contact or overlapping (p14)` });
}

const unitSchema = z.strictObject(unitFields).superRefine(armFormation);
type UnitInput = z.infer<typeof unitSchema>;

/** A charge's target: a unit, whether it moved this turn and whether a friend stands in its fire zone (as play's profile carries them). */
const chargeTargetSchema = z
  .strictObject({
    ...unitFields,
    moved: z.boolean().default(false).describe("Moved (or charged) earlier this turn: it stands and shoots at normal effect, never a volley (p8, p10); a battery's canister as it flees is -1 under nagb.canisterModifiers asBall (p20's list for ball), not under p20."),
    friendAhead: z.boolean().default(false).describe('A friend within 8" straight ahead, in its fire zone: it stands and shoots at normal effect, never a volley (p10).'),
  })
  .superRefine(armFormation);

/** The profile of an odds file's unit (../odds.ts's builders take profiles). */
export function profileFrom(u: UnitInput, opts: NagbOptions): UnitProfile {
  const guns = u.arm === 'artillery' ? (u.guns ?? DEFAULT_GUNS) : 0;
  const cavalryType = u.arm === 'cavalry' ? cavalryTypeOf(u.cavalryType, u.cavalryWeapon) : null;
  const figures = u.figures ?? defaultFigures(u.arm, guns);
  const start = u.startFigures ?? figures;
  const formation = (u.formation ?? 'line') as Formation;
  return {
    arm: u.arm,
    cls: u.class,
    formation,
    figures,
    startFigures: start,
    // A battery as play fights it: its crew, as many as 2 a gun (play/profiles.ts, frontNow).
    front: u.front ?? (u.arm === 'artillery' ? Math.min(figures, 2 * guns) : frontRank(u.arm, formation, start, figures, cavalryType === 'light', opts)),
    // p27: a shaken unit (over half its figures lost) is disordered for good, as in play (Unit.disordered).
    disordered: u.disordered || isShaken(figures, start, false),
    jubilant: u.jubilant,
    influence: 0,
    // p10, p25, p39-40, as play compiles it: cavalry fires only the carbine or pistol it is given.
    weapon: smallArmOf(u.arm, u.weapon),
    fourPerThree: u.fourPerThree,
    cavalryType,
    cavalryWeapon: u.arm === 'cavalry' ? (u.cavalryWeapon ?? 'sabre') : null,
    commanderJoined: false,
    lowOnAmmo: u.lowOnAmmo,
    inVillage: u.inVillage,
    lineFront: frontRank(u.arm, 'line', start, start, cavalryType === 'light', opts),
    ld: u.leadership,
  };
}

/** A score on a d6 in words: 7 or more cannot be rolled. */
const onD6 = (n: number) => (n > 6 ? 'never' : n <= 1 ? 'any roll' : `${n}+`);
const dist = (name: string, label: string, ps: readonly number[]): OddsDistribution => ({ name, label, values: ps.map((p, v) => ({ value: v, p })) });
const TEST_OUTCOMES = ['none', 'passed', 'disordered', 'broken'] as const;
const TEST_CODE: Record<number, (typeof TEST_OUTCOMES)[number]> = { [NO_TEST]: 'none', [PASSED]: 'passed', [FAILED_DISORDERED]: 'disordered', [FAILED_BROKEN]: 'broken' };

// ---------------------------------------------------------------------------------------------------
// A shooting step

const firerSchema = z.strictObject({
  ...unitFields,
  fire: z.enum(['normal', 'volley']).default('normal').describe('Half the front rank, or a volley of all of it (p10).'),
  distance: z.number().min(0).max(60).describe('Inches front to front.'),
  defensive: z.boolean().default(false).describe('Defensive or reaction fire: point blank counts (p12, nagb.pointBlank).'),
  mounted: z.boolean().optional().describe('Cavalry firing from the saddle, -1 (p10, p25): the only cavalry fire play has (dismounted troopers, p25, are not played); default for cavalry, and false is refused.'),
}).superRefine((f, ctx) => {
  armFormation(f, ctx);
  // p10 is small arms; a battery's guns fire by p20-21, which this question does not ask.
  if (f.arm === 'artillery') ctx.addIssue({ code: 'custom', path: ['arm'], message: "a battery's guns are not small arms: this question asks the fire of infantry and cavalry (p10; guns p20-21)" });
  if (f.mounted !== undefined && f.arm !== 'cavalry') ctx.addIssue({ code: 'custom', path: ['mounted'], message: `mounted is for cavalry; this firer is ${f.arm}` });
  // p25: dismounted troopers are skirmishers (one figure in four holds the horses, the rest all fire, at
  // -2 Ld); play never dismounts, and half a front rank on foot would be neither, so it is not asked.
  else if (f.mounted === false) ctx.addIssue({ code: 'custom', path: ['mounted'], message: 'dismounted cavalry fights as skirmishers (p25: one figure in four holds the horses, the others fire every figure), which play does not model: cavalry fires mounted, -1 (p10, p25); leave mounted out' });
  // p25, p40: a regiment fires only the carbines or pistols it is given (play never fires without).
  if (f.arm === 'cavalry' && smallArmOf(f.arm, f.weapon) === null) {
    ctx.addIssue({ code: 'custom', path: ['weapon'], message: "this cavalry carries no small arms (p40: carbines or pistols only as the scenario gives them; p25): give weapon carbine or pistol" });
  }
  if (f.fire === 'volley') for (const [path, message] of volleyRefusals(f)) ctx.addIssue({ code: 'custom', path: [path], message });
  // p8: a square's only fire is a volley of its face at chargers (play's canFire never fires it otherwise);
  // one that may not volley (p10) fires half its face only under nagb.squareWithoutVolley halfFace (the
  // question's check).
  else if (f.formation === 'square' && !(f.defensive && (f.disordered || f.lowOnAmmo))) ctx.addIssue({ code: 'custom', path: ['fire'], message: 'a square fires only a volley of its face at chargers (p8): give fire: volley and defensive: true' });
});

/**
 * p8, p10: why a firer may not fire the volley it is asked to, as play decides (shooting.ts mayVolley,
 * odds.ts chargeSpecInto): a formed line or attack column in good order, with ammunition, not in a
 * village sector (rulings 3.12); a square only at chargers (p8), and then always. Whether it moved and
 * its fire zone are not asked: the question takes it as free. An attack column's and cavalry's volleys
 * depend on options (nagb.volleyFormations, nagb.cavalryVolley): the question's `check` refuses them
 * (volleyIssues).
 */
export function volleyRefusals(f: { arm: string; formation?: string; disordered: boolean; lowOnAmmo: boolean; inVillage: boolean; defensive: boolean }): [string, string][] {
  const formation = f.formation ?? 'line';
  // p8: a square fires at charges only by volley; p10: a volley needs good order and ammunition.
  if (formation === 'square') {
    if (!f.defensive) return [['formation', 'a square fires a volley only at chargers (p8): give defensive: true']];
    const sq: [string, string][] = [];
    const without = 'it holds its fire (nagb.squareWithoutVolley holdsFire) or fires half its face (halfFace: ask fire normal)';
    if (f.disordered) sq.push(['disordered', `a square volleys only in good order (p8, p10): disordered, ${without}`]);
    if (f.lowOnAmmo) sq.push(['lowOnAmmo', `a square low on ammunition volleys no more (p8, p10): ${without}`]);
    return sq;
  }
  const out: [string, string][] = [];
  if (formation !== 'line' && formation !== 'attackColumn') out.push(['formation', `a volley is fired in line or attack column (p10); found ${formation}`]);
  if (f.disordered) out.push(['disordered', 'a volley needs good order (p10): a disordered unit fires half its front rank']);
  if (f.lowOnAmmo) out.push(['lowOnAmmo', 'a unit low on ammunition volleys no more this battle (p10)']);
  if (f.inVillage) out.push(['inVillage', 'a village garrison fires at half effect, never a volley (rulings 3.12)']);
  return out;
}

/**
 * p3, p8, p10, p25 (nagb.volleyFormations, nagb.cavalryVolley; as play's mayVolley and chargeSpecInto):
 * an attack column volleys only under lineOrAttackColumn, cavalry only under inLine; the firers asked to
 * volley otherwise are refused at their `fire`.
 */
function volleyIssues(p: { firers: readonly { arm: string; formation?: string; fire: string }[] }, o: NagbOptions): OddsIssue[] {
  const out: OddsIssue[] = [];
  p.firers.forEach((f, i) => {
    const formation = (f.formation ?? 'line') as Formation;
    // p8, p10, p12 (nagb.squareWithoutVolley): a square that may not volley fires half its face only under halfFace.
    if (formation === 'square' && f.fire === 'normal' && o.squareWithoutVolley === 'holdsFire') {
      out.push({ path: ['firers', i, 'fire'], message: 'a square that may not volley (disordered or low on ammunition, p10) does not fire at chargers under nagb.squareWithoutVolley holdsFire (p8: its only fire is the volley)' });
      return;
    }
    if (f.fire !== 'volley' || (f.arm !== 'cavalry' && formation !== 'attackColumn') || formationMayVolley(f.arm as Arm, formation, o)) return;
    const message =
      f.arm === 'cavalry'
        ? 'cavalry fires no volley (p8: the volley is infantry fire; nagb.cavalryVolley never): ask fire normal, or set nagb.cavalryVolley inLine'
        : 'an attack column fires no volley under nagb.volleyFormations lineOnly (p3, p8: a line alone): ask fire normal';
    out.push({ path: ['firers', i, 'fire'], message });
  });
  return out;
}

const shootingParams = z.strictObject({
  firers: z.array(firerSchema).min(1).max(8).describe('The units firing at the target in this step.'),
  target: z.strictObject({
    ...unitFields,
    cover: z.enum(['none', 'soft', 'hard']).default('none').describe('Soft -1, hard -2 (p10, p31).'),
    charging: z.boolean().default(false).describe('The target is charging: -1, no cover (p10, p12).'),
    enfilade: z.boolean().default(false).describe('Fire from outside its front arc: -2 to its test (p11).'),
    deployedArtillery: z.boolean().default(false).describe('A battery target that is unlimbered: -1 to hit it (p10).'),
  }).superRefine((t, ctx) => {
    armFormation(t, ctx);
    if (t.deployedArtillery && t.arm !== 'artillery') ctx.addIssue({ code: 'custom', path: ['deployedArtillery'], message: `deployedArtillery is for a battery target; this target is ${t.arm}` });
    // p11: no enfilade against a square (it faces every way); p6, p12, p19: nor does a square or a battery charge.
    if (t.formation === 'square' && t.enfilade) ctx.addIssue({ code: 'custom', path: ['enfilade'], message: 'a square cannot be enfiladed (p11): it faces every way' });
    if (t.formation === 'square' && t.charging) ctx.addIssue({ code: 'custom', path: ['charging'], message: 'infantry in square does not charge (p6)' });
    if (t.arm === 'artillery' && t.charging) ctx.addIssue({ code: 'custom', path: ['charging'], message: 'a battery does not charge (p12, p19)' });
  }),
});
type ShootingParams = z.infer<typeof shootingParams>;

function shootingSetup(p: ShootingParams, o: NagbOptions) {
  const firers: FirerProfile[] = p.firers.map((f) => ({
    ...profileFrom(f, o),
    kind: f.fire,
    distance: f.distance,
    defensive: f.defensive,
    mounted: f.mounted ?? f.arm === 'cavalry',
  }));
  const target = profileFrom(p.target, o);
  const t: TargetCircumstances = { cover: p.target.cover, charging: p.target.charging, skirmishers: false, deployedArtillery: p.target.deployedArtillery, enfilade: p.target.enfilade };
  return { firers, target, t, groups: firers.map((f) => fireGroup(f, t, o)) };
}

const shootingAsked = onceAsked((p: ShootingParams, options: ResolvedOptions) => {
  const o = nagbOptions(options);
  return { o, ...shootingSetup(p, o) };
});

const shooting: OddsQuestion<ShootingParams> = {
  id: 'shooting',
  doc: 'One fire step (p10-11): hits and casualties of several firers at one target, and the disorder or panic test the casualties trigger.',
  params: shootingParams,
  check: (p, options) => volleyIssues(p, nagbOptions(options)),
  exact(p, options) {
    const o = nagbOptions(options);
    const { firers, target, t, groups } = shootingSetup(p, o);
    const odds = shootingStepOdds(firers, target, t, o);
    const out: OddsDistribution[] = [
      dist('hits', 'hits', odds.hits),
      dist('kills', 'casualties (figures)', odds.kills),
      { name: 'test', label: "the target's test", values: TEST_OUTCOMES.map((v) => ({ value: v, p: v === 'none' ? odds.noTest : v === 'passed' ? odds.passed : v === 'disordered' ? odds.disordered : odds.broken })) },
    ];
    groups.forEach((g, i) => {
      if (g.volley) out.push({ name: `lowAmmo${i}`, label: `firers[${i}] low on ammunition (p10)`, values: [{ value: 'yes', p: odds.lowAmmo[i] }, { value: 'no', p: 1 - odds.lowAmmo[i] }] });
    });
    return {
      distributions: out,
      summary: { expectedHits: odds.expectedHits, expectedKills: odds.expectedKills, groups: groups.map((g) => ({ dice: g.dice, need: g.need, killOn: g.killOn, volley: g.volley })) },
      worked: `${groups.map((g, i) => `firers[${i}] ${g.dice} ${g.dice === 1 ? 'die' : 'dice'}${g.volley ? ' (a volley)' : ''} to hit on ${onD6(g.need)}, kill on ${onD6(g.killOn)}`).join('; ')} (p10); the target's Ld ${ldOf(target, o)} before its test's modifiers (p11, p39)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const { o, target, groups } = shootingAsked(p, options);
    const fire = dice.fire(0);
    const rec = newHitRoll();
    let hits = 0;
    let kills = 0;
    const out: Record<string, number | string> = {};
    groups.forEach((g, i) => {
      if (g.need > 6) {
        if (g.volley) out[`lowAmmo${i}`] = 'no';
        return;
      }
      rollHits(fire, g.dice, g.need, rec);
      hits += rec.hits;
      kills += rollKills(fire, rec.hits, g.killOn);
      if (g.volley) out[`lowAmmo${i}`] = lowOnAmmo(rec.sixes, rec.ones, o) ? 'yes' : 'no';
    });
    kills = Math.min(kills, target.figures);
    const ld = ldOf(target, o);
    const r = rollShootingTest(
      dice.morale(1),
      { ld, cls: target.cls, casualties: kills, disordered: target.disordered, jubilant: target.jubilant, enfilade: p.target.enfilade, influence: 0 },
      target.startFigures,
      target.inVillage === true,
    );
    out.hits = hits;
    out.kills = kills;
    out.test = TEST_CODE[r];
    return out;
  },
  examples: [
    // A line volleys at an attack column 4" away (p10).
    shootingParams.parse({ firers: [{ fire: 'volley', distance: 4 }], target: { formation: 'attackColumn' } }),
    // A veteran line at 6" and a disordered conscript column at 3" fire at shaken conscripts behind soft cover.
    shootingParams.parse({
      firers: [
        { class: 'veteran', distance: 6 },
        { class: 'conscripts', formation: 'attackColumn', distance: 3, disordered: true },
      ],
      target: { class: 'conscripts', figures: 18, startFigures: 24, cover: 'soft', disordered: true },
    }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// A charge

const chargeParams = z.strictObject({
  charger: unitSchema,
  target: chargeTargetSchema,
  distance: z.number().min(0).max(40).describe('Inches front to front at the declaration.'),
  reaction: z.enum(['stand', 'standAndShoot', 'fireAndFlee', 'flee', 'formSquare']).default('standAndShoot').describe("The target's reaction (p12-13)."),
  aggressive: z.boolean().default(false).describe('An aggressive cavalry charge: no test (p22).'),
  contactTest: z.union([z.literal('none'), z.literal('auto'), z.int().min(-6).max(0)]).default('none').describe("The chargers' terrain test at contact (p13): none, auto, or a modifier."),
}).superRefine((p, ctx) => {
  // A charge the play loop would not declare is no question (./charge.ts, mayDeclareCharge); a shaken
  // unit counts as disordered (p27).
  const figures = p.charger.figures ?? defaultFigures(p.charger.arm, p.charger.guns ?? DEFAULT_GUNS);
  const shaken = isShaken(figures, p.charger.startFigures ?? figures, false);
  const why = whyNoCharge({ arm: p.charger.arm, formation: (p.charger.formation ?? 'line') as Formation, disordered: p.charger.disordered || shaken, inVillage: p.charger.inVillage, targetArm: p.target.arm, skirmishers: false, targetSkirmishers: false, frontal: true, cavalryBlocked: false });
  if (why !== null) ctx.addIssue({ code: 'custom', path: ['charger'], message: `no charge to ask about: ${why}${shaken && !p.charger.disordered ? ' (shaken: over half its starting figures lost)' : ''}` });
  // Nor a reaction the target may not take (p12-13, p19; ./charge.ts, reactionAllowed).
  const t = p.target;
  if (t.arm === 'artillery' && p.reaction === 'standAndShoot') {
    ctx.addIssue({ code: 'custom', path: ['reaction'], message: "a battery's crew carry no small arms to stand and shoot with (p19): ask stand, flee, or fireAndFlee (its guns' canister)" });
  } else if (t.arm === 'artillery' && p.reaction === 'fireAndFlee' && batteryAtChargers(t, p.distance).canisterDice === 0) {
    ctx.addIssue({ code: 'custom', path: ['reaction'], message: `the battery's ${t.gun ?? DEFAULT_GUN} guns' canister does not reach chargers ${p.distance}" away (p21: ${GUNS[t.gun ?? DEFAULT_GUN].canisterRange}"), and ball at chargers is not played: ask stand or flee` });
  } else if (t.arm === 'cavalry' && (p.reaction === 'standAndShoot' || p.reaction === 'fireAndFlee') && smallArmOf(t.arm, t.weapon) === null) {
    // p25, p40, as play chooses (reactionAllowed: nothing to fire).
    ctx.addIssue({ code: 'custom', path: ['reaction'], message: `this cavalry carries no small arms to ${p.reaction === 'standAndShoot' ? 'stand and shoot' : 'fire and flee'} with (p40: carbines or pistols only as the scenario gives them; p25): give the target weapon carbine or pistol, or ask stand or flee` });
  } else if (!reactionAllowed(p.reaction, { arm: t.arm, formation: (t.formation ?? 'line') as Formation, armed: true, loaded: true, skirmishers: false, lightCavalry: t.cavalryType === 'light', crew: t.arm === 'artillery', onReact: false, chargerFormed: true, squareFires: true })) {
    ctx.addIssue({ code: 'custom', path: ['reaction'], message: `${p.reaction} is not a reaction ${t.arm === 'infantry' ? `infantry in ${t.formation ?? 'line'}` : t.arm} may take (p12-13)` });
  }
});
type ChargeParams = z.infer<typeof chargeParams>;

/** The kind of an odds file's battery's guns when it names none (the common order of battle's are medium). */
const DEFAULT_GUN = 'medium';

/** A battery target's canister at chargers `distance` away (p19-21): every gun of its kind, those manned. */
function batteryAtChargers(t: UnitInput & { moved: boolean }, distance: number): { canisterDice: number; moved: boolean } {
  const guns = t.guns ?? DEFAULT_GUNS;
  const crew = t.figures ?? defaultFigures('artillery', guns);
  return { canisterDice: canisterAtChargers(new Array<Gun>(guns).fill(t.gun ?? DEFAULT_GUN), gunsManned(guns, crew), distance), moved: t.moved };
}

function chargeSetup(p: ChargeParams, o: NagbOptions): ChargeSpec {
  const battery = p.target.arm === 'artillery' && p.reaction === 'fireAndFlee' ? batteryAtChargers(p.target, p.distance) : undefined;
  const horseArtillery = p.target.arm === 'artillery' && p.target.horse === true;
  return chargeSpec(profileFrom(p.charger, o), { ...profileFrom(p.target, o), moved: p.target.moved, friendAhead: p.target.friendAhead }, { distance: p.distance, reaction: p.reaction, frontal: true, aggressive: p.aggressive, contactTest: p.contactTest as TerrainTest, horseArtillery, battery }, o);
}

/**
 * p8, p10 (nagb.squareWithoutVolley holdsFire; as play's reactionAllowed): a square target that may not
 * volley (disordered, shaken, or low on ammunition) has no fire to stand and shoot with.
 */
function squareTargetIssues(p: ChargeParams, o: NagbOptions): OddsIssue[] {
  if (p.reaction !== 'standAndShoot' || p.target.formation !== 'square') return [];
  const t = profileFrom(p.target, o);
  if (squareFireAtChargers(t.disordered, t.lowOnAmmo === true, o) !== 'none') return [];
  return [{ path: ['reaction'], message: `a square ${t.disordered ? 'in disorder' : 'low on ammunition'} may not volley (p10), its only fire (p8): under nagb.squareWithoutVolley holdsFire it does not fire; ask stand, or set halfFace` }];
}

const TARGET_STATES = ['unchanged', 'square', 'disordered', 'fled'] as const;

const chargeAsked = onceAsked((p: ChargeParams, options: ResolvedOptions) => chargeSetup(p, nagbOptions(options)));

const charge: OddsQuestion<ChargeParams> = {
  id: 'charge',
  doc: 'One charge from declaration to going home (p12-13, p17-18): the charge test, the target’s reaction (its volley or fire if it shoots, its test if it forms square), the charge move, the chargers\' test, contact, flight and being caught.',
  params: chargeParams,
  check: (p, options) => squareTargetIssues(p, nagbOptions(options)),
  exact(p, options) {
    const spec = chargeSetup(p, nagbOptions(options));
    const odds = chargeOdds(spec);
    return {
      distributions: [
        { name: 'ending', label: 'how the charge ends', values: CHARGE_ENDINGS.map((e) => ({ value: e, p: odds.endings[e] })) },
        { name: 'target', label: 'the target after it', values: TARGET_STATES.map((e) => ({ value: e, p: odds.target[e] })) },
        dist('chargerCasualties', "the chargers' casualties", odds.chargerCasualties),
        { name: 'chargerDisordered', label: 'the chargers disordered', values: [{ value: 'yes', p: odds.chargerDisordered }, { value: 'no', p: 1 - odds.chargerDisordered }] },
        // A refused charge is never reacted to: its share is shown apart, so 'no' is a charge the target met without a volley.
        { name: 'volley', label: 'the target volleyed', values: [{ value: 'yes', p: odds.volley }, { value: 'no', p: 1 - odds.volley - odds.endings.refused }, { value: 'refused', p: odds.endings.refused }] },
        { name: 'firedHigh', label: 'the target fired high', values: [{ value: 'yes', p: odds.firedHigh }, { value: 'no', p: 1 - odds.firedHigh - odds.endings.refused }, { value: 'refused', p: odds.endings.refused }] },
      ],
      summary: { chargeTestLd: spec.chargeTestLd, chargeBase: spec.chargeBase, chargeDice: spec.chargeDice, fire: spec.fire },
      worked: `${spec.chargeTestLd === null ? 'no charge test' : `the charge test at Ld ${spec.chargeTestLd}`} (p12); the charge move ${spec.chargeBase}" + ${spec.chargeDice}d6 (p13)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const out = resolveCharge(dice.morale(0), chargeAsked(p, options), newChargeResult());
    return {
      ending: out.ending,
      target: out.target,
      chargerCasualties: out.chargerCasualties,
      chargerDisordered: out.chargerDisordered ? 'yes' : 'no',
      volley: out.ending === 'refused' ? 'refused' : out.volley ? 'yes' : 'no',
      firedHigh: out.ending === 'refused' ? 'refused' : out.firedHigh ? 'yes' : 'no',
    };
  },
  examples: [
    // p17-18: a Russian column charges a French line from 8" that stands and shoots.
    { charger: { ...unitSchema.parse({ formation: 'attackColumn' }) }, target: chargeTargetSchema.parse({}), distance: 8, reaction: 'standAndShoot', aggressive: false, contactTest: 'none' },
    // Rulings 7, C: cuirassiers from 12" at a line that forms square.
    { charger: unitSchema.parse({ arm: 'cavalry', figures: 16, cavalryType: 'cuirassier' }), target: chargeTargetSchema.parse({}), distance: 12, reaction: 'formSquare', aggressive: false, contactTest: 'none' },
    { charger: unitSchema.parse({ formation: 'attackColumn', class: 'veteran' }), target: chargeTargetSchema.parse({ class: 'conscripts', disordered: true }), distance: 5, reaction: 'fireAndFlee', aggressive: false, contactTest: -4 },
    // p19-21: hussars at a foot battery of three medium guns 8" away, which fires canister and flees.
    { charger: unitSchema.parse({ arm: 'cavalry', figures: 16, cavalryType: 'light' }), target: chargeTargetSchema.parse({ arm: 'artillery', gun: 'medium' }), distance: 8, reaction: 'fireAndFlee', aggressive: false, contactTest: 'none' },
    // p19: a horse battery limbering as it flees dragoons 6" away: 3d6 halved.
    { charger: unitSchema.parse({ arm: 'cavalry', figures: 16 }), target: chargeTargetSchema.parse({ arm: 'artillery', horse: true, guns: 2 }), distance: 6, reaction: 'flee', aggressive: false, contactTest: 'none' },
  ],
};

// ---------------------------------------------------------------------------------------------------
// A round of hand to hand

const partyFields = {
  ...unitFields,
  dice: z.int().min(0).max(60).optional().describe('Dice rolled (p14); default as on the lane: the whole front rank of the narrower side, the figures facing the enemy plus a die an overlapped end for the wider (nagb.overlapDice).'),
  charging: z.boolean().default(false),
  assaulting: z.enum(['none', 'soft', 'hard']).default('none').describe('Cover of the village sector it assaults (p31).'),
  standard: z.boolean().default(true),
  flankSupport: z.boolean().default(false),
  rearSupport: z.boolean().default(false),
  lapFlank: z.boolean().default(false),
};
const partySchema = z.strictObject(partyFields).superRefine((x, ctx) => {
  armFormation(x, ctx);
  if (x.charging && x.formation === 'square') ctx.addIssue({ code: 'custom', path: ['charging'], message: 'infantry in square does not charge (p6)' });
  if (x.charging && x.arm === 'artillery') ctx.addIssue({ code: 'custom', path: ['charging'], message: 'a battery does not charge (p12, p19)' });
});
type Party = z.infer<typeof partySchema>;

const meleeParams = z
  .strictObject({
    a: partySchema.describe('Side a (usually the chargers).'),
    b: partySchema.describe('Side b.'),
    order: z.enum(['a', 'b', 'simultaneous']).optional().describe('Who strikes first (p14); default as play orders it: the chargers, unless a square in good order meets cavalry without lances (p8) or the side charged holds a village sector (p31).'),
  })
  .superRefine((p, ctx) => {
    // p5: a counter-charge strikes on the initiative roll, which the question does not make.
    if (p.order === undefined && p.a.charging && p.b.charging) ctx.addIssue({ code: 'custom', path: ['order'], message: 'both sides charging is a counter-charge, which strikes on initiative (p5): give order a or b' });
    // p12: infantry does not charge cavalry (as the charge question refuses it, and play never declares it).
    for (const [k, x, enemy] of [['a', p.a, p.b], ['b', p.b, p.a]] as const) {
      if (x.charging && x.arm === 'infantry' && enemy.arm === 'cavalry') ctx.addIssue({ code: 'custom', path: [k, 'charging'], message: 'infantry does not charge cavalry (p12)' });
    }
  });
type MeleeParams = z.infer<typeof meleeParams>;

/**
 * p5, p8, p14, p31 (melee.ts strikeOrder, as play asks it): who strikes first when the file does not
 * say. The charging side is the charger (a when neither charges: a melee fought on).
 */
export function defaultStrikeOrder(p: MeleeParams, o: NagbOptions): 'a' | 'b' | 'simultaneous' {
  const bCharges = p.b.charging && !p.a.charging;
  const [charger, target] = bCharges ? [p.b, p.a] : [p.a, p.b];
  const order = strikeOrder({
    chargerArm: charger.arm,
    chargerLancers: charger.cavalryWeapon === 'lance' || charger.cavalryWeapon === 'cossackLance',
    targetFormation: (target.formation ?? 'line') as Formation,
    targetDisordered: profileFrom(target, o).disordered,
    targetInBuilding: target.inVillage,
    targetDefendsObstacle: false,
    counterCharge: false,
  });
  if (order === 'simultaneous') return 'simultaneous';
  return (order === 'target') !== bCharges ? 'b' : 'a';
}

/** Inches of a side's front: a battery's manned guns abreast, else its front-rank figures (units.ts). */
function frontWidth(x: Party, p: UnitProfile): number {
  return x.arm === 'artillery' ? (x.guns ?? DEFAULT_GUNS) * GUN_WIDTH : p.front * figureWidth(x.arm);
}

/**
 * p14 (meleeDice, nagb.overlapDice): the dice a side rolls when the file does not say, its front slid
 * centre to centre against the enemy's as on the lane (rulings 3.5.7): the narrower rolls its whole
 * front rank, the wider its figures facing the enemy plus a die an overlapped end.
 */
function defaultDice(x: Party, p: UnitProfile, enemy: Party, e: UnitProfile, o: NagbOptions): number {
  const w = x.arm === 'artillery' ? frontWidth(x, p) / Math.max(1, p.front) : figureWidth(x.arm);
  const enemyWidth = frontWidth(enemy, e);
  return meleeDice(p.front, w, enemyWidth, laneOverlappedEnds(p.front, facingFigures(enemyWidth, w)), o);
}

function partyFrom(x: Party, enemy: Party, o: NagbOptions): MeleeParty {
  const p = profileFrom(x, o);
  return {
    ...p,
    dice: x.dice ?? defaultDice(x, p, enemy, profileFrom(enemy, o), o),
    charging: x.charging,
    assaulting: x.assaulting,
    bonus: { flankAttack: false, rearAttack: false, higherGround: false, standard: x.standard, flankSupport: x.flankSupport, rearSupport: x.rearSupport, lapFlank: x.lapFlank, lapRear: false },
  };
}

function meleeSetup(p: MeleeParams, o: NagbOptions): MeleeSpec {
  return meleeSpec(partyFrom(p.a, p.b, o), partyFrom(p.b, p.a, o), p.order ?? defaultStrikeOrder(p, o), o);
}

const meleeAsked = onceAsked((p: MeleeParams, options: ResolvedOptions) => meleeSetup(p, nagbOptions(options)));

const melee: OddsQuestion<MeleeParams> = {
  id: 'melee',
  doc: 'One round of hand to hand (p14-16): the casualties each side takes, the scores, who wins, and whether the loser breaks or falls back; cavalry against cavalry, whether both break through (p23).',
  params: meleeParams,
  givenByParams: { 'nagb.overlapDice': ['a.dice', 'b.dice'] },
  exact(p, options) {
    const o = nagbOptions(options);
    const spec = meleeSetup(p, o);
    const odds = meleeOdds(spec);
    // p23: cavalry against cavalry, drawn or with the loser not broken, both ride through (unless a
    // recall comes first, a choice this question does not make); not played under nagb.cavalryBreakThrough off.
    const breakThrough: OddsDistribution[] =
      spec.a.cavalry && spec.b.cavalry && o.cavalryBreakThrough !== 'off'
        ? [{ name: 'breakThrough', label: 'both break through 2d6 (p23), unless recalled', values: [{ value: 'yes', p: odds.breakThrough }, { value: 'no', p: 1 - odds.breakThrough }] }]
        : [];
    return {
      distributions: [
        dist('onA', 'casualties of side a', odds.onA),
        dist('onB', 'casualties of side b', odds.onB),
        { name: 'ending', label: 'the result', values: MELEE_ENDINGS.map((e) => ({ value: e, p: odds.endings[e] })) },
        ...breakThrough,
      ],
      summary: { aWins: odds.aWins, bWins: odds.bWins, draw: odds.draw, a: spec.a, b: spec.b, order: spec.order },
      worked: `${(['a', 'b'] as const).map((k) => `${k} ${spec[k].dice} ${spec[k].dice === 1 ? 'die' : 'dice'} to hit on ${onD6(spec[k].need)}${spec[k].rerollMisses ? ' (misses rolled again)' : ''}, kill on ${onD6(spec[k].killOn)}, ${spec[k].saveOn > 6 ? 'no save' : `the enemy saving on ${onD6(spec[k].saveOn)}`}, bonus ${spec[k].bonus}`).join('; ')}; ${spec.order === 'simultaneous' ? 'both strike at once' : `${spec.order} strikes first`} (p14)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const out = resolveMeleeRound(dice.fire(0), meleeAsked(p, options), newMeleeResult());
    return { onA: out.onA, onB: out.onB, ending: out.ending, breakThrough: out.breakThrough ? 'yes' : 'no' };
  },
  examples: [
    // p14: a column of 8 charges a line that fights back with 10.
    { a: partySchema.parse({ formation: 'attackColumn', charging: true, dice: 8 }), b: partySchema.parse({ dice: 10 }), order: 'a' },
    // A column of 8 assaulting a village sector held in hard cover by a garrison down to 16 figures, 8 of
    // them facing it: the defenders strike first, the assaulters hit on 6s only (p14, p31).
    { a: partySchema.parse({ formation: 'attackColumn', charging: true, dice: 8, assaulting: 'hard', rearSupport: true }), b: partySchema.parse({ inVillage: true, figures: 16, startFigures: 24, dice: 8 }), order: 'b' },
    // Cuirassiers against a square's face (p8, p14): the square strikes first, +4 against cavalry.
    { a: partySchema.parse({ arm: 'cavalry', figures: 16, cavalryType: 'cuirassier', charging: true, dice: 5 }), b: partySchema.parse({ formation: 'square', dice: 3 }), order: 'b' },
    // Hussars charging dragoons (p22-23, p40): light against heavy; a draw, or a loser that holds, and both break through.
    { a: partySchema.parse({ arm: 'cavalry', figures: 12, cavalryType: 'light', charging: true, dice: 6 }), b: partySchema.parse({ arm: 'cavalry', figures: 12, dice: 6 }) },
  ],
};

export const NAGB_ODDS: OddsSupport = { questions: [shooting, charge, melee] };

export type { ResolvedOptions };
