/**
 * The questions `volley odds` answers for CWJ (src/core/ruleset.ts, OddsQuestion): one fire roll on the
 * Firing Table with every modifier and a general's try, one melee between two sides, one Rally Table
 * roll, one Cavalry Control Table roll. `exact` builds full distributions by convolution over the faces
 * (./odds.ts); `sample` draws the same quantities with the functions play uses (fire.ts resolveFire,
 * melee.ts resolveMelee, rally.ts rollRallyTable, control.ts rollControl), so the two can only disagree
 * by chance. Units are given as a designer thinks of them (troop type, nation, formation, state), and
 * their modifiers come from the same rule functions play calls.
 */
import { z } from 'zod';
import { d6, type EngagementDice } from '../../core/dice.js';
import type { OddsDistribution, OddsIssue, OddsQuestion, OddsSupport, ResolvedOptions } from '../../core/ruleset.js';
import { CONTROL_REMOVED, CONTROL_RESULT_NAMES, controlModifier, rollControl } from './control.js';
import { ARTILLERY_RANGE_CM, coverModifier, FIRE_ELIMINATE, FIRE_MODIFIERS, FIRE_RESULT_NAMES, fireModifier, mayFire, MUSKET_RANGE_CM, newFireRoll, rangeBand, resolveFire } from './fire.js';
import { cavalryCapApplies, MELEE_ELIMINATE, MELEE_RETREAT, meleeResult, newMeleeRoll, resolveMelee, sideMeleeModifier, sideMeleeTotal, unitMeleeValue } from './melee.js';
import { controlOdds, fireOdds, meleeOdds, rallyOdds } from './odds.js';
import { cwjOptions, type CwjOptions } from './options.js';
import { contactCheckModifier, generalUsedOnCheck, RALLY_ROUT, RALLY_RESULT_NAMES, rallyModifier, rollRallyTable } from './rally.js';
import { GENERAL_EFFECTS, generalDies } from './generals.js';
import { FORMATIONS, TROOP_TYPES } from './scenarios.js';
import { meleeFactorOf, nationSlip, nationSlipMessage, troopRatings, type TroopRatings, type TroopType } from './troops.js';
import { TERRAIN_COVER } from './layout.js';
import { ARM_FORMATIONS, formationAllowed, type Cover, type Formation } from './types.js';

const unitFields = {
  type: z.enum(TROOP_TYPES).default('line').describe('Troop type ([FrT] [AuT]).'),
  nation: z.string().min(1).default('french').describe('Nation whose table it reads.'),
  formation: z.enum(FORMATIONS).optional().describe('Formation; default line (cavalry line, artillery unlimbered).'),
  disordered: z.boolean().default(false).describe('Disordered or unformed.'),
  general: z.boolean().default(false).describe('A divisional general of its arm is attached.'),
  guard: z.boolean().optional().meta({ default: false }).describe('French Guard artillery: +1 fire, rally and melee on its battery row ([FrT] l.387-390; default false). Artillery only.'),
};

function ratingsOf(u: { type: TroopType; nation: string; guard?: boolean }, opts: CwjOptions): TroopRatings {
  const r = troopRatings(u.nation, u.type, opts, u.guard === true);
  if (!r) throw new Error(`the ${u.nation} table has no ${u.type} row${u.guard ? ' of Guard artillery' : ''}`);
  return r;
}

function formationOf(u: { formation?: Formation }, r: TroopRatings): Formation {
  return u.formation ?? (r.arm === 'artillery' ? 'unlimbered' : 'line');
}

/** A unit whose nation's table (or the stand-in table, cwj.missingNationTable) has no row for its type. */
function unitIssues(u: { type: TroopType; nation: string; guard?: boolean; formation?: Formation }, path: (string | number)[], opts: CwjOptions): OddsIssue[] {
  const slip = nationSlip(u.nation);
  if (slip) return [{ path: [...path, 'nation'], message: nationSlipMessage(u.nation, slip, false) }];
  const plain = troopRatings(u.nation, u.type, opts);
  if (!plain) return [{ path: [...path, 'type'], message: `the ${u.nation} table has no ${u.type} row, nor the table that stands in for it (cwj.missingNationTable ${opts.missingNationTable}) ([FrT] [AuT])` }];
  // [Form] l.16-18, as a scenario's units are checked: cavalry never squares, infantry never limbers.
  if (u.formation !== undefined && !formationAllowed(plain.arm, u.formation)) return [{ path: [...path, 'formation'], message: `${plain.arm} takes ${ARM_FORMATIONS[plain.arm].join(', ')} ([Form] l.16-18), not ${u.formation}` }];
  if (!u.guard) return [];
  if (plain.arm !== 'artillery') return [{ path: [...path, 'guard'], message: `only artillery has guard (Guard artillery, [FrT] l.387-390); this unit is ${plain.arm}` }];
  if (!troopRatings(u.nation, u.type, opts, true)) return [{ path: [...path, 'guard'], message: 'Guard artillery is a French battery row ([FrT] l.387-390)' }];
  return [];
}

/**
 * A square has no flank or rear (docs/rules/cwj.md, "Flank and rear": its rear rank faces out, [Form]
 * l.16-20), so play never hits one there; a question that says so is refused rather than answered
 * for a situation play cannot reach.
 */
function squareFlankIssues(u: { formation?: Formation; flank: boolean }, path: (string | number)[]): OddsIssue[] {
  if (!u.flank || u.formation !== 'square') return [];
  return [{ path: [...path, 'flank'], message: 'a square has no flank or rear to be hit in (its rear rank faces out, [Form] l.16-20; docs/rules/cwj.md, Flank and rear)' }];
}

/**
 * [Gen] l.286-292: an infantry general serves infantry and a cavalry general cavalry, so a battery has
 * none attached.
 */
function generalIssues(u: { type: TroopType; nation: string; general: boolean }, path: (string | number)[], opts: CwjOptions): OddsIssue[] {
  if (!u.general || ratingsOf(u, opts).arm !== 'artillery') return [];
  return [{ path: [...path, 'general'], message: 'a divisional general serves only infantry or only cavalry: artillery has none attached ([Gen] l.291-292)' }];
}

/**
 * The firer must fire ([FrT] [AuT] fire mod, [Fire] l.130-142) and the target stand within its range
 * ([Fire] l.140-142); only batteries combine their fire ([Fire] l.134-136); a general acts in fire only
 * for the unit fired on (his downgrade, [Gen] l.286-290), so the firer's is refused rather than ignored.
 */
function fireIssues(p: FireParams, opts: CwjOptions): OddsIssue[] {
  const issues = [...unitIssues(p.firer, ['firer'], opts), ...unitIssues(p.target, ['target'], opts), ...squareFlankIssues(p.target, ['target'])];
  if (issues.length > 0) return issues;
  const fr = ratingsOf(p.firer, opts);
  if (fr.fire === null) return [{ path: ['firer', 'type'], message: `${p.firer.type} has no fire mod: it never fires ([FrT] [AuT]); the firer is infantry or artillery` }];
  if (p.firer.general) return [{ path: ['firer', 'general'], message: "a general does nothing for the unit that fires: he tries to downgrade the result on the unit he is attached to when it is fired on ([Gen] l.286-290); set the target's general" }];
  if (p.combinedWith !== undefined && fr.arm !== 'artillery') return [{ path: ['combinedWith'], message: `only two touching artillery units combine their fire mods ([Fire] l.134-136); the firer is ${fr.arm}` }];
  const general = generalIssues(p.target, ['target'], opts);
  if (general.length > 0) return general;
  const formation = formationOf(p.firer, fr);
  if (!mayFire(fr.arm, formation, false)) return [{ path: ['firer', 'formation'], message: `${fr.arm} in ${formation} does not fire ([Fire] l.130-142): artillery fires unlimbered` }];
  const cover = deployedCoverIssues(p.target, ratingsOf(p.target, opts), opts);
  if (cover.length > 0) return cover;
  if (rangeBand(p.distance, fr.arm === 'artillery' ? fr.weight : undefined) < 0) {
    const reach = fr.arm === 'artillery' ? `${fr.weight} artillery to ${3 * ARTILLERY_RANGE_CM[fr.weight!]} cm (three times ${ARTILLERY_RANGE_CM[fr.weight!]})` : `muskets to ${MUSKET_RANGE_CM} cm`;
    return [{ path: ['distance'], message: `${p.distance} cm is beyond the firer's range: ${reach} ([Fire] l.140-142)` }];
  }
  return [];
}

/**
 * Cover as a fire question gives it: the Firing Table's own words (none, soft, hard; a village by
 * `cwj.villageCover`), or the lane's terrain kinds that give cover, read as play reads them
 * (layout.ts TERRAIN_COVER, Game.coverAgainst): woods soft and a fortification hard from any side; a
 * wall (hard) or hedge (soft) only to the unit lining it against fire from across it, none when it is
 * hit in flank or rear.
 */
export const COVER_VALUES = ['none', 'soft', 'hard', 'village', 'woods', 'fortification', 'wall', 'hedge'] as const;
export type CoverValue = (typeof COVER_VALUES)[number];

/** The cover of a question's target as play gives it (see COVER_VALUES). */
export function questionCover(cover: CoverValue, flank: boolean): Cover {
  if (cover === 'none' || cover === 'soft' || cover === 'hard' || cover === 'village') return cover;
  if (flank && (cover === 'wall' || cover === 'hedge')) return 'none';
  return TERRAIN_COVER[cover];
}

/**
 * Rulings 3 and 11: a Deployed unit holds a village or fortification (a scenario places it only in one,
 * and one whose front leaves it stands in line, effects.ts leaveAreaIfOut), so it always has that
 * area's cover at least: never none, and under `cwj.villageCover` hard never only soft. A question that
 * gives it less is one play cannot meet, refused at the field.
 */
function deployedCoverIssues(t: { formation?: Formation; cover: CoverValue; flank: boolean }, r: TroopRatings, opts: CwjOptions): OddsIssue[] {
  if (formationOf(t, r) !== 'deployed') return [];
  const got = coverModifier(questionCover(t.cover, t.flank), opts.villageCover);
  const least = Math.max(coverModifier('village', opts.villageCover), coverModifier('hard', opts.villageCover));
  if (got <= least) return [];
  const needs = least <= FIRE_MODIFIERS.target.hardCover ? 'hard cover (-2)' : 'soft cover (-1) or hard';
  const given = `${t.cover}${t.flank && (t.cover === 'wall' || t.cover === 'hedge') ? ' in flank or rear' : ''}`;
  return [
    {
      path: ['target', 'cover'],
      message: `a Deployed unit holds a village or fortification (rulings 3), so it is in ${needs} ([Fire] l.217-224; villages ${opts.villageCover} by cwj.villageCover); cover ${given} gives ${signed(got)}: give cover village or fortification`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Fire

const fireParams = z.strictObject({
  firer: z.strictObject({ ...unitFields, type: unitFields.type.describe('Troop type of the firer (infantry or artillery).') }),
  target: z.strictObject({
    ...unitFields,
    flank: z.boolean().default(false).describe('Hit in flank or rear.'),
    cover: z
      .enum(COVER_VALUES)
      .default('none')
      .describe('Cover: none, soft or hard as the Firing Table says, or the terrain giving it (village by cwj.villageCover; woods soft; fortification hard; a wall hard and a hedge soft against fire from across it, none in flank or rear). A Deployed target has its village or fortification.'),
  }),
  distance: z.number().min(0).default(5).describe('Front-edge distance in cm (musket 5; batteries 15/30/45 medium).'),
  combinedWith: z.int().min(-3).max(4).optional().describe("A second battery's fire mod, when two touching batteries fire as one ([Fire] l.134-136)."),
});
type FireParams = z.infer<typeof fireParams>;

/** The whole modifier of a fire roll as play computes it. */
export function fireQuestionModifier(p: FireParams, opts: CwjOptions): { modifier: number; general: boolean } {
  const fr = ratingsOf(p.firer, opts);
  const tr = ratingsOf(p.target, opts);
  if (fr.fire === null) throw new Error(`${p.firer.type} never fires`);
  const band = rangeBand(p.distance, fr.arm === 'artillery' ? fr.weight : undefined);
  if (band < 0) throw new Error(`${p.distance} cm is out of range for ${p.firer.type}`);
  const tf = formationOf(p.target, tr);
  const base = p.combinedWith === undefined ? fr.fire : (fr.fire === 0 ? 1 : fr.fire) + (p.combinedWith === 0 ? 1 : p.combinedWith);
  const modifier = fireModifier(
    base,
    { arm: fr.arm, formation: formationOf(p.firer, fr), disordered: p.firer.disordered },
    band,
    tr.arm === 'cavalry' && p.distance <= 0,
    { arm: tr.arm, formation: tf, disordered: p.target.disordered, flankOrRear: p.target.flank, cover: questionCover(p.target.cover, p.target.flank) },
    opts,
  );
  return { modifier, general: p.target.general };
}

const FIRE_VALUES = FIRE_RESULT_NAMES as readonly string[];
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));
const YES_NO = ['no', 'yes'];

/**
 * Whether a general dies in one procedure: on a 1 on his d6 after he is used ([Gen] l.290; `rolls`), or,
 * under cwj.generalUnitLost dies, with his unit when the procedure removes it (`removed`, its chance;
 * his roll, on other dice, comes first).
 */
function generalDeath(name: string, label: string, rolls: boolean, removed: number, withUnit: boolean): OddsDistribution {
  const roll = rolls ? 1 / 6 : 0;
  const p = roll + (withUnit ? removed * (1 - roll) : 0);
  const how = [...(rolls ? [`on ${GENERAL_EFFECTS.diesOn} on his d6 after he is used, [Gen] l.290`] : []), ...(withUnit ? ['with his unit, cwj.generalUnitLost dies'] : [])].join('; or ');
  return { name, label: `${label} (${how})`, values: [{ value: 'no', p: 1 - p }, { value: 'yes', p }] };
}

/** The same roll drawn with the play functions' die. */
const deathRoll = (u: () => number) => YES_NO[generalDies(d6(u)) ? 1 : 0];

const fireQuestion: OddsQuestion<FireParams> = {
  id: 'fire',
  doc: 'One roll on the Firing Table: the result on the target after every modifier and the attached general’s try, and whether he dies ([Fire] l.130-225, [Gen] l.286-290).',
  params: fireParams as unknown as z.ZodType<FireParams>,
  check: (p, options) => fireIssues(p, cwjOptions(options)),
  exact(p, options) {
    const opts = cwjOptions(options);
    const { modifier, general } = fireQuestionModifier(p, opts);
    const o = fireOdds(modifier, general);
    // Without an attached general there is no try and no roll for his death: not asked, not shown. He
    // tries whenever the result is eliminated, so under cwj.generalUnitLost dies a 5 in 6 of those
    // eliminations kill him too (the other sixth he died on his roll already).
    const withUnit = opts.generalUnitLost === 'dies';
    const dies = o.generalDies + (withUnit ? (o.result[FIRE_ELIMINATE] * 5) / 6 : 0);
    const label = `the target’s general dies (he tries on a 7+ result and dies on a 1, [Gen] l.286-290${withUnit ? '; or with his unit, cwj.generalUnitLost dies' : ''})`;
    return {
      distributions: [
        { name: 'result', label: `result on the target (modifier ${modifier >= 0 ? '+' : ''}${modifier})`, values: FIRE_VALUES.map((v, i) => ({ value: v, p: o.result[i] })) },
        ...(general ? [{ name: 'generalDies', label, values: [{ value: 'no', p: 1 - dies }, { value: 'yes', p: dies }] }] : []),
      ],
      summary: { modifier, generalTries: o.generalTries },
      worked: `2d6 ${signed(modifier)} on the Firing Table ([Fire] l.143-224)${general ? '; the attached general tries to downgrade a 7+ result ([Gen] l.286-290)' : ''}`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const opts = cwjOptions(options);
    const { modifier, general } = fireQuestionModifier(p, opts);
    const roll = newFireRoll();
    const r = resolveFire(dice.fire(0), modifier, general, roll);
    const out: Record<string, string> = { result: FIRE_VALUES[r] };
    if (general) out.generalDies = YES_NO[roll.generalDied || (opts.generalUnitLost === 'dies' && r === FIRE_ELIMINATE) ? 1 : 0];
    return out;
  },
  examples: [
    { firer: { type: 'line', nation: 'french', formation: 'line', disordered: false, general: false }, target: { type: 'line', nation: 'prussian', formation: 'column', disordered: false, general: true, flank: false, cover: 'none' }, distance: 5 },
    { firer: { type: 'mediumFootArtillery', nation: 'french', disordered: false, general: false }, target: { type: 'line', nation: 'prussian', formation: 'deployed', disordered: false, general: false, flank: false, cover: 'village' }, distance: 16 },
    { firer: { type: 'line', nation: 'prussian', formation: 'square', disordered: true, general: false }, target: { type: 'heavyCavalry', nation: 'french', formation: 'line', disordered: false, general: false, flank: false, cover: 'none' }, distance: 3 },
  ],
};

// ---------------------------------------------------------------------------------------------
// Melee

const meleeUnit = z.strictObject({
  ...unitFields,
  flank: z.boolean().default(false).describe('Hit in flank or rear.'),
  contacted: z.boolean().default(false).describe('It moved or charged into this contact this player turn (lancers, cwj.lancerMelee).'),
});
const meleeSide = z.strictObject({
  units: z.array(meleeUnit).min(1).describe('Its units in the melee.'),
  wall: z.boolean().default(false).describe('Defends a wall or fortification.'),
  village: z.boolean().default(false).describe('Defends a village (+1 only under cwj.villageWall).'),
  uphill: z.boolean().default(false).describe('Uphill of the enemy.'),
});
const meleeParams = z.strictObject({ attacker: meleeSide, defender: meleeSide });
type MeleeParams = z.infer<typeof meleeParams>;
type MeleeSide = z.infer<typeof meleeSide>;

interface MeleeSetup {
  totals: [number, number];
  /** Per side, per unit: capped when it loses. */
  caps: [boolean[], boolean[]];
}

/** The sides' totals before their dice, and each unit's cavalry cap, as play computes them. */
export function meleeSetup(p: MeleeParams, opts: CwjOptions): MeleeSetup {
  const sides: [MeleeSide, MeleeSide] = [p.attacker, p.defender];
  const rs = sides.map((s) => s.units.map((u) => ratingsOf(u, opts)));
  const has = (k: number, arm: string) => rs[k].some((r) => r.arm === arm);
  const totals = sides.map((s, k) => {
    const values = s.units.map((u, i) =>
      unitMeleeValue(
        {
          factor: meleeFactorOf(rs[k][i], opts.lancerMelee, u.contacted, has(1 - k, 'infantry')),
          arm: rs[k][i].arm,
          formation: formationOf(u, rs[k][i]),
          disordered: u.disordered,
          flankOrRear: u.flank,
          generalServes: u.general,
        },
        has(1 - k, 'cavalry'),
      ),
    );
    return sideMeleeTotal(values, values.length, sideMeleeModifier(s.wall, s.village, s.uphill, opts.villageWall), opts.meleeMultiUnit);
  }) as [number, number];
  const allCav = (k: number) => rs[k].every((r) => r.arm === 'cavalry');
  const caps = [0, 1].map((k) => rs[k].map((r) => cavalryCapApplies(opts.cavalryCap, r.arm === 'cavalry', allCav(1 - k)))) as [boolean[], boolean[]];
  return { totals, caps };
}

const MELEE_WORDS = ['won', 'standoff', 'disordered', 'retreats', 'eliminated'] as const;

/** A unit's word for its side's outcome: won, standoff, or its loss (disordered, retreats, eliminated). */
function unitWord(loser: -1 | 0 | 1, side: number, difference: number, capped: boolean): string {
  if (loser < 0) return 'standoff';
  if (loser !== side) return 'won';
  const r = meleeResult(difference, capped);
  return r === MELEE_ELIMINATE ? 'eliminated' : r === MELEE_RETREAT ? 'retreats' : 'disordered';
}

const meleeQuestion: OddsQuestion<MeleeParams> = {
  id: 'melee',
  doc: 'One melee: each side’s total of melee factors and modifiers plus one d6; the difference, and what each unit gets ([Melee] l.226-254).',
  params: meleeParams as unknown as z.ZodType<MeleeParams>,
  check: (p, options) =>
    (['attacker', 'defender'] as const).flatMap((side) =>
      p[side].units.flatMap((u, i) => {
        const opts = cwjOptions(options);
        const unit = unitIssues(u, [side, 'units', i], opts);
        return [...unit, ...squareFlankIssues(u, [side, 'units', i]), ...(unit.length ? [] : generalIssues(u, [side, 'units', i], opts))];
      }),
    ),
  exact(p, options) {
    const { totals, caps } = meleeSetup(p, cwjOptions(options));
    // Every pair of faces counted in ways out of 36, so each probability is exact (no float drift past 1).
    const o = meleeOdds(totals[0], totals[1]);
    const ways = new Map<number, number>();
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) ways.set(totals[0] + a - totals[1] - b, (ways.get(totals[0] + a - totals[1] - b) ?? 0) + 1);
    const distributions: OddsDistribution[] = [
      { name: 'difference', label: `attacker total minus defender total (${totals[0]} and ${totals[1]} before the dice)`, values: o.difference.map((_, i) => ({ value: o.minDifference + i, p: (ways.get(o.minDifference + i) ?? 0) / 36 })) },
    ];
    (['attacker', 'defender'] as const).forEach((role, k) => {
      caps[k].forEach((capped, i) => {
        const count = new Map<string, number>(MELEE_WORDS.map((w) => [w, 0]));
        for (const [d, n] of ways) {
          const w = unitWord(d === 0 ? -1 : d < 0 ? 0 : 1, k, d, capped);
          count.set(w, count.get(w)! + n);
        }
        distributions.push({ name: `${role}${i}`, label: `${role} unit ${i + 1} (${p[role].units[i].type})`, values: MELEE_WORDS.map((w) => ({ value: w, p: count.get(w)! / 36 })) });
      });
    });
    // Each general who gave his +1 rolls for his death after the melee ([Melee] l.238, [Gen] l.290);
    // under cwj.generalUnitLost dies he is lost with a unit the melee eliminates, and rolls no more.
    const withUnit = cwjOptions(options).generalUnitLost === 'dies';
    for (const role of ['attacker', 'defender'] as const) {
      p[role].units.forEach((u, i) => {
        if (!u.general) return;
        const eliminated = distributions.find((d) => d.name === `${role}${i}`)!.values.find((v) => v.value === 'eliminated')!.p;
        distributions.push(generalDeath(`${role}${i}General`, `the general with ${role} unit ${i + 1} dies`, true, eliminated, withUnit));
      });
    }
    return { distributions, summary: { totals }, worked: `the attacker ${totals[0]} and the defender ${totals[1]} before each side's d6 ([Melee] l.226-254)` };
  },
  sample(p, options, dice: EngagementDice) {
    const { totals, caps } = meleeSetup(p, cwjOptions(options));
    const roll = newMeleeRoll();
    resolveMelee(dice.fire(0), dice.fire(1), totals[0], totals[1], false, false, roll);
    const out: Record<string, number | string> = { difference: roll.difference };
    (['attacker', 'defender'] as const).forEach((role, k) => caps[k].forEach((capped, i) => (out[`${role}${i}`] = unitWord(roll.loser, k, roll.difference, capped))));
    (['attacker', 'defender'] as const).forEach((role, k) =>
      p[role].units.forEach((u, i) => {
        if (!u.general) return;
        const lostWithUnit = cwjOptions(options).generalUnitLost === 'dies' && out[`${role}${i}`] === 'eliminated';
        out[`${role}${i}General`] = lostWithUnit ? 'yes' : deathRoll(dice.morale(k as 0 | 1));
      }),
    );
    return out;
  },
  examples: [
    {
      attacker: { units: [{ type: 'line', nation: 'french', formation: 'column', disordered: false, general: true, flank: false, contacted: true }], wall: false, village: false, uphill: false },
      defender: { units: [{ type: 'line', nation: 'prussian', formation: 'deployed', disordered: true, general: false, flank: false, contacted: false }], wall: false, village: true, uphill: false },
    },
    {
      attacker: { units: [{ type: 'heavyCavalry', nation: 'french', formation: 'line', disordered: false, general: false, flank: false, contacted: true }], wall: false, village: false, uphill: false },
      defender: { units: [{ type: 'line', nation: 'prussian', formation: 'square', disordered: false, general: false, flank: false, contacted: false }], wall: false, village: false, uphill: false },
    },
    {
      attacker: { units: [{ type: 'lancer', nation: 'french', formation: 'line', disordered: false, general: false, flank: false, contacted: true }, { type: 'line', nation: 'french', formation: 'column', disordered: false, general: false, flank: false, contacted: true }], wall: false, village: false, uphill: false },
      defender: { units: [{ type: 'line', nation: 'austrian', formation: 'line', disordered: false, general: false, flank: false, contacted: false }], wall: false, village: false, uphill: true },
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Rally Table

const rallyParams = z.strictObject({
  ...unitFields,
  purpose: z.enum(['rally', 'contact', 'withdrawal']).default('rally').describe('Why it rolls: a rally, a contact check (infantry; skirmish -3), a withdrawal (cavalry).'),
  modifier: z.int().min(-10).max(10).default(0).describe('Any further modifier (a rough-terrain test’s unit and terrain values).'),
});
type RallyParams = z.infer<typeof rallyParams>;

export function rallyQuestionModifier(p: RallyParams, opts: CwjOptions): number {
  const r = ratingsOf(p, opts);
  if (p.purpose === 'contact') return contactCheckModifier(r.rally, p.general, formationOf(p, r), opts.generalCheckBonus) + p.modifier;
  return rallyModifier(r.rally, p.general, p.purpose, opts.generalCheckBonus) + p.modifier;
}

const RALLY_VALUES = RALLY_RESULT_NAMES as readonly string[];

const rallyQuestion: OddsQuestion<RallyParams> = {
  id: 'rally',
  doc: 'One Rally Table roll: rout, retreat 30 cm, stay disordered, or rally (a pass) ([Rally] l.34-58; contact checks [Contact] l.125-129).',
  params: rallyParams as unknown as z.ZodType<RallyParams>,
  check: (p, options) => {
    const opts = cwjOptions(options);
    const unit = unitIssues(p, [], opts);
    if (unit.length > 0) return unit;
    // [Contact] l.125-129: the contact check is infantry's, contacted by cavalry or by an infantry column.
    if (p.purpose === 'contact' && ratingsOf(p, opts).arm !== 'infantry') return [{ path: ['purpose'], message: `only infantry takes a contact check ([Contact] l.125-129); this unit is ${ratingsOf(p, opts).arm}` }];
    // [Spec] l.107-109: the withdrawal (2d6 cm, then the Rally Table) is cavalry's.
    if (p.purpose === 'withdrawal' && ratingsOf(p, opts).arm !== 'cavalry') return [{ path: ['purpose'], message: `only cavalry withdraws from enemy foot or guns closing within 10 cm ([Spec] l.107-109); this unit is ${ratingsOf(p, opts).arm}` }];
    return generalIssues(p, [], opts);
  },
  exact(p, options) {
    const opts = cwjOptions(options);
    const m = rallyQuestionModifier(p, opts);
    const o = rallyOdds(m);
    const used = generalUsedOnCheck(p.general, p.purpose, opts.generalCheckBonus);
    // A rout removes the unit ([Rally] l.34-58), and under cwj.generalUnitLost dies its general with it.
    const withUnit = p.general && opts.generalUnitLost === 'dies';
    return {
      distributions: [
        { name: 'result', label: `Rally Table (modifier ${m >= 0 ? '+' : ''}${m})`, values: RALLY_VALUES.map((v, i) => ({ value: v, p: o[i] })) },
        ...(used || withUnit ? [generalDeath('generalDies', 'the attached general dies', used, o[RALLY_ROUT], withUnit)] : []),
      ],
      summary: { modifier: m },
      worked: `2d6 ${signed(m)} on the Rally Table ([Rally] l.34-58)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const opts = cwjOptions(options);
    const m = rallyQuestionModifier(p, opts);
    const r = rollRallyTable(dice.morale(0), m);
    const out: Record<string, string> = { result: RALLY_VALUES[r] };
    const used = generalUsedOnCheck(p.general, p.purpose, opts.generalCheckBonus);
    const withUnit = p.general && opts.generalUnitLost === 'dies';
    if (used || withUnit) {
      const rolled = used ? deathRoll(dice.morale(0)) : 'no';
      out.generalDies = rolled === 'yes' || (withUnit && r === RALLY_ROUT) ? 'yes' : 'no';
    }
    return out;
  },
  examples: [
    { type: 'line', nation: 'french', disordered: true, general: false, purpose: 'rally', modifier: 0 },
    { type: 'conscript', nation: 'french', formation: 'skirmish', disordered: false, general: true, purpose: 'contact', modifier: 0 },
    { type: 'landwehr', nation: 'austrian', disordered: false, general: false, purpose: 'contact', modifier: 0 },
  ],
};

// ---------------------------------------------------------------------------------------------
// Cavalry Control Table

const controlParams = z.strictObject({
  general: z.boolean().default(false).describe('A cavalry general attached (+2).'),
  british: z.boolean().default(false).describe('British cavalry other than the KGL (-1).'),
  disordered: z.boolean().default(false).describe('Disordered (-1).'),
  flankVisible: z.boolean().default(false).describe('An enemy flank or rear visible to it (-2).'),
});
type ControlParams = z.infer<typeof controlParams>;

const CONTROL_VALUES = CONTROL_RESULT_NAMES as readonly string[];
const controlMod = (p: ControlParams) => controlModifier({ generalServes: p.general, britishNotKgl: p.british, disordered: p.disordered, enemyFlankOrRearVisible: p.flankVisible });

const controlQuestion: OddsQuestion<ControlParams> = {
  id: 'control',
  doc: 'One Cavalry Control Table roll of cavalry that won a melee: lost on a natural 2, uncontrolled charge, uncontrolled move, mill about, controlled ([Control] l.255-283).',
  params: controlParams as unknown as z.ZodType<ControlParams>,
  exact(p, options) {
    const m = controlMod(p);
    const o = controlOdds(m);
    return {
      distributions: [
        { name: 'result', label: `Control Table (modifier ${m >= 0 ? '+' : ''}${m})`, values: CONTROL_VALUES.map((v, i) => ({ value: v, p: o[i] })) },
        ...(p.general ? [generalDeath('generalDies', 'the cavalry general dies', true, o[CONTROL_REMOVED], cwjOptions(options).generalUnitLost === 'dies')] : []),
      ],
      summary: { modifier: m },
      worked: `2d6 ${signed(m)} on the Cavalry Control Table ([Control] l.255-283)`,
    };
  },
  sample(p, options: ResolvedOptions, dice: EngagementDice) {
    const r = rollControl(dice.morale(0), controlMod(p));
    const out: Record<string, string> = { result: CONTROL_VALUES[r] };
    // A natural 2 removes the regiment ([Control] l.255-283), and under cwj.generalUnitLost dies its general.
    if (p.general) out.generalDies = deathRoll(dice.morale(0)) === 'yes' || (cwjOptions(options).generalUnitLost === 'dies' && r === CONTROL_REMOVED) ? 'yes' : 'no';
    return out;
  },
  examples: [
    { general: false, british: false, disordered: false, flankVisible: false },
    { general: true, british: true, disordered: true, flankVisible: false },
  ],
};

export const CWJ_ODDS: OddsSupport = {
  questions: [fireQuestion, meleeQuestion, rallyQuestion, controlQuestion],
};
