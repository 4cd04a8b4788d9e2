/**
 * `volley odds` for Age of Eagles (src/core/ruleset.ts, OddsSupport): the three core resolutions as
 * questions whose parameters describe the units as a designer would (a firer at a range and its target;
 * the units of a Bayonet & Sabre combat; a unit rolling on the March Table). The modifiers are worked
 * out by the engine's own functions; `exact` counts faces (./odds.ts), `sample` rolls the same dice the
 * engine rolls (rollVolley, rollBayonet, rollMarch), so the conformance suite can compare them.
 */
import { z } from 'zod';
import type { EngagementDice } from '../../core/dice.js';
import { onceAsked, type OddsDistribution, type OddsQuestion, type OddsSupport, type ResolvedOptions } from '../../core/ruleset.js';
import {
  attackerModifier,
  BAYONET_BAND_KEYS,
  countercharges,
  bayonetBand,
  bandHits,
  bayonetSides,
  bayonetWinner,
  BOTH_SHATTERED,
  defenderModifier,
  rollBayonet,
  type BayonetSituation,
  type CombatUnit,
} from './bayonet.js';
import { mayCharge } from './charge.js';
import { aoeDie, rollDie } from './dice.js';
import { standLossHits } from './hits.js';
import { MARCH_RESULTS, marchCheckFailed, marchModifier, marchResult, type MarchSituation } from './march.js';
import { bayonetOdds, marchOdds, volleyOdds } from './odds.js';
import { aoeOptions, type AoeOptions } from './options.js';
import { formsSquare, mayRollForSquare } from './square.js';
import { FORMATIONS, TROOPS, type Formation } from './units.js';
import {
  batteryFirePoints,
  GUNS_DAMAGED,
  GUNS_SILENCED,
  GUNS_WRECKED,
  isSkirmishRange,
  musketFirePoints,
  rollVolley,
  VOLLEY_RESULT_KEYS,
  volleyChecksCharge,
  volleyDisorders,
  volleyGunEffect,
  volleyHits,
  volleyModifier,
  type VolleyTarget,
  ARTILLERY_RANGE,
  maySkirmish,
  MUSKET_RANGE,
  SKIRMISH_RANGE,
} from './volley.js';

/** Cover as an odds file gives it: a level, or the ground it stands for (rulings 6: woods 1, a village's BUA block aoe.buaCover). */
const coverParam = z.union([z.int().min(0).max(3), z.enum(['open', 'woods', 'village'])]);
function coverLevel(c: z.infer<typeof coverParam>, o: AoeOptions): number {
  return typeof c === 'number' ? c : c === 'village' ? o.buaCover : c === 'woods' ? 1 : 0;
}

const formation = z.enum(FORMATIONS).describe('line, fieldColumn, masse, marchColumn, openOrder, square, or none (in a village block).');
const troops = z.enum(TROOPS).default('regular');

// ---- (a) A volley ----

const volleyParams = z
  .strictObject({
    firer: z
      .strictObject({
        kind: z.enum(['musket', 'battery']).default('musket').describe('Infantry muskets or a battery.'),
        stands: z.int().min(1).max(12).default(6).describe('Musket: stands in the unit.'),
        musket: z.union([z.literal(2), z.literal(3)]).default(3).describe('Musket: 2- or 3-rank.'),
        formation: formation.default('line').describe('Musket: its formation (none: in a village, half fire, no skirmish).'),
        disordered: z.boolean().default(false).describe('Disordered (a battery: damaged): aoe.disorderedFire.'),
        guns: z.union([z.literal(6), z.literal(8)]).default(8),
        weight: z.enum(['heavy', 'light']).default('light'),
      })
      .default({ kind: 'musket', stands: 6, musket: 3, formation: 'line', disordered: false, guns: 8, weight: 'light' })
      .describe('Who fires.'),
    distance: z.number().min(0).default(3).describe('Inches to the target (p2 bands: 3, 6, 12, 18, 24).'),
    target: z
      .strictObject({
        formation: formation.default('line'),
        aboutFaced: z.boolean().default(false),
        limbered: z.boolean().default(false).describe('A battery target, limbered.'),
        changedFormation: z.boolean().default(false),
        enfiladed: z.boolean().default(false),
        cover: coverParam.default(0).describe('Cover: a level 0-3, or the ground: open (0), woods (1), village (a BUA block: aoe.buaCover).'),
      })
      .default({ formation: 'line', aboutFaced: false, limbered: false, changedFormation: false, enfiladed: false, cover: 0 })
      .describe('What it fires at.'),
  })
  .superRefine((p, ctx) => {
    // p2: guns reach the last artillery column; muskets 3", and 6" where their formation may skirmish.
    // Beyond, there is no volley to ask about.
    const battery = p.firer.kind === 'battery';
    const skirmishers = !battery && maySkirmish(p.firer.formation);
    const reach = battery ? ARTILLERY_RANGE : skirmishers ? SKIRMISH_RANGE : MUSKET_RANGE;
    const what = battery ? 'artillery range' : skirmishers ? 'skirmish range' : `musket range (a ${p.firer.formation === 'none' ? 'unit in a village block' : p.firer.formation} does not skirmish)`;
    if (p.distance > reach) ctx.addIssue({ code: 'custom', path: ['distance'], message: `${p.distance}" is beyond ${what}: ${reach}" (p2)` });
  });
export type VolleyParams = z.infer<typeof volleyParams>;

/** The fire points, whether it is cannonade or skirmish fire, and the total modifier of a volley (p2). */
export function volleySetup(p: VolleyParams, options: ResolvedOptions): { points: number; cannonade: boolean; skirmish: boolean; modifier: number } {
  const o = aoeOptions(options);
  const f = p.firer;
  const cannonade = f.kind === 'battery';
  const points = cannonade
    ? batteryFirePoints({ guns: f.guns, weight: f.weight, limbered: false, silenced: false, damaged: f.disordered, inBua: false }, p.distance, o.disorderedFire)
    : musketFirePoints({ ranks: f.musket, stands: f.stands, formation: f.formation, disordered: f.disordered }, p.distance, o);
  const skirmish = !cannonade && isSkirmishRange(p.distance);
  const target: VolleyTarget = { ...p.target, cover: coverLevel(p.target.cover, o) };
  return { points, cannonade, skirmish, modifier: volleyModifier({ firePoints: points, cannonade, skirmish }, target, o.skirmishPenalty) };
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));
const GUN_KEYS = ['unharmed', 'silenced', 'damaged', 'wrecked'];
const yesNo = (name: string, label: string, p: number): OddsDistribution => ({ name, label, values: [{ value: 'yes', p }, { value: 'no', p: 1 - p }] });

const volleyAsked = onceAsked((p: VolleyParams, options: ResolvedOptions) => {
  const o = aoeOptions(options);
  return { s: volleySetup(p, options), die: aoeDie(o.die, o.d10Faces) };
});

const volleyQuestion: OddsQuestion<VolleyParams> = {
  id: 'volley',
  doc: 'One roll of Volley & Cannonade (p2): the result, hits on troops, disorder, a charge checked, and the effect on a battery.',
  params: volleyParams as unknown as z.ZodType<VolleyParams>,
  exact(p, options) {
    const o = aoeOptions(options);
    const s = volleySetup(p, options);
    const v = volleyOdds(s.modifier, s.cannonade, aoeDie(o.die, o.d10Faces));
    return {
      distributions: [
        { name: 'result', label: 'the result (p2 Die Result)', values: VOLLEY_RESULT_KEYS.map((k, i) => ({ value: k, p: v.results[i] })) },
        { name: 'hits', label: 'hits on troops', values: v.hits.map((q, h) => ({ value: h, p: q })) },
        yesNo('disordered', 'troops disordered', v.disordered),
        yesNo('chargeChecked', 'a charger in contact checked', v.chargeChecked),
        { name: 'guns', label: 'a battery target’s gun stand', values: GUN_KEYS.map((k, i) => ({ value: k, p: v.guns[i] })) },
      ],
      summary: { firePoints: s.points, cannonade: s.cannonade, skirmish: s.skirmish, modifier: s.modifier, expectedHits: v.expectedHits },
      worked: `${s.points} fire points (${s.cannonade ? 'cannonade' : s.skirmish ? 'skirmish fire' : 'volley'}); modifier ${signed(s.modifier)} in all, the firer's points and the target's (p2)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const { s, die } = volleyAsked(p, options);
    const r = rollVolley(dice.fire(0), die, s.modifier);
    const g = volleyGunEffect(r, s.cannonade);
    return {
      result: VOLLEY_RESULT_KEYS[r],
      hits: volleyHits(r),
      disordered: volleyDisorders(r, s.cannonade) ? 'yes' : 'no',
      chargeChecked: volleyChecksCharge(r) ? 'yes' : 'no',
      guns: GUN_KEYS[g === GUNS_SILENCED ? 1 : g === GUNS_DAMAGED ? 2 : g === GUNS_WRECKED ? 3 : 0],
    };
  },
  examples: [
    volleyParams.parse({}),
    volleyParams.parse({ firer: { formation: 'none' }, distance: 0, target: { formation: 'fieldColumn' } }),
    volleyParams.parse({ firer: { kind: 'battery' }, distance: 5, target: { formation: 'none', cover: 2 } }),
    volleyParams.parse({ firer: { kind: 'battery', guns: 8, weight: 'heavy' }, distance: 2, target: { formation: 'square' } }),
    volleyParams.parse({ firer: { formation: 'fieldColumn' }, distance: 5 }),
  ],
};

// ---- (b) A Bayonet & Sabre combat ----

/**
 * p1 Formations, as a lane scenario's units take them (scenarios.ts): cavalry in line, field or march
 * column; a battery in line alone (limbered or not: no formation of its own).
 */
function armFormationIssue(arm: 'infantry' | 'cavalry' | 'artillery', f: string): string | undefined {
  if (arm === 'cavalry' && f !== 'line' && f !== 'fieldColumn' && f !== 'marchColumn') return `cavalry stands in line, fieldColumn or marchColumn, not ${f}`;
  if (arm === 'artillery' && f !== 'line') return `a battery has no formation (limbered or not: line); found ${f}`;
  return undefined;
}

const combatUnit = z.strictObject({
  arm: z.enum(['infantry', 'cavalry', 'artillery']).default('infantry'),
  stands: z.int().min(1).max(12).optional().describe('Stands: default 6 infantry, 4 cavalry, 1 battery.'),
  formation: formation.default('line'),
  troops,
  hits: z.int().min(0).max(4).default(0).describe('Hits on the unit, those of this fire phase included.'),
  freshHits: z.int().min(0).max(4).default(0).describe('Of its hits, those taken in this turn’s fire phase (no more than hits).'),
  disordered: z.boolean().default(false),
  cover: coverParam.default(0).describe('Cover: a level 0-3, or the ground: open (0), woods (1), village (a BUA block: aoe.buaCover).'),
  lancers: z.boolean().default(false),
  heavy: z.boolean().default(false),
  armoured: z.boolean().default(false),
  leader: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
}).superRefine((u, ctx) => {
  const wrong = armFormationIssue(u.arm, u.formation);
  if (wrong) ctx.addIssue({ code: 'custom', path: ['formation'], message: wrong });
  // Play counts a fresh hit among the unit's hits (effects.ts addHits): more fresh hits than hits is never met.
  if (u.freshHits > u.hits) ctx.addIssue({ code: 'custom', path: ['freshHits'], message: `fresh hits are among the unit's hits: ${u.freshHits} fresh but ${u.hits} in all` });
});

const bayonetParams = z
  .strictObject({
    attackers: z.array(combatUnit).min(1).max(4).describe('The attacking units in contact.'),
    defenders: z.array(combatUnit).min(1).max(3).describe('The defending unit (and an attached battery).'),
    breakthrough: z.boolean().default(false).describe('The attacker makes a breakthrough charge (+1).'),
    outflanked: z.boolean().default(false).describe('The defender is outflanked or attacked in the rear (-3).'),
  })
  .refine((p) => p.attackers.some((u) => u.arm !== 'artillery') && p.defenders.some((u) => u.arm !== 'artillery'), {
    message: 'each side needs troops (a result of 0 then costs each a stand, aoe.standLoss)',
  })
  .superRefine((p, ctx) => {
    // Play never orders a battery to charge (orders.ts): batteries fight only as defenders, attached.
    p.attackers.forEach((u, i) => {
      if (u.arm === 'artillery') ctx.addIssue({ code: 'custom', path: ['attackers', i, 'arm'], message: 'a battery does not charge (it fights only when charged, with the troops it is attached to)' });
    });
  });
export type BayonetParams = z.infer<typeof bayonetParams>;

/**
 * A unit of the question as play sees it (bayonetPhase.ts view): a defending battery fights beside
 * troops it touches, so it is attached (p1 Special Rules: automatically); defending cavalry
 * countercharges as play decides it (aoe.countercharge, the defender outflanked or not).
 */
function toCombat(u: z.infer<typeof combatUnit>, o: AoeOptions, defending: boolean, outflanked: boolean): CombatUnit {
  const stands = u.stands ?? (u.arm === 'infantry' ? 6 : u.arm === 'cavalry' ? 4 : 1);
  return {
    ...u,
    stands,
    formation: u.formation as Formation,
    heavy: u.heavy || u.armoured,
    cover: coverLevel(u.cover, o),
    attached: u.arm === 'artillery',
    countercharging: defending && countercharges(u.arm, u.disordered, outflanked, o.countercharge),
  };
}

function combatSides(p: BayonetParams, o: AoeOptions): { att: CombatUnit[]; def: CombatUnit[] } {
  return { att: p.attackers.map((u) => toCombat(u, o, false, p.outflanked)), def: p.defenders.map((u) => toCombat(u, o, true, p.outflanked)) };
}

/** Both sides' total modifiers for a combat (p2), as the engine works them out. */
export function bayonetSetup(p: BayonetParams, options: ResolvedOptions): { attacker: number; defender: number } {
  const o = aoeOptions(options);
  const { att, def } = combatSides(p, o);
  const sit: BayonetSituation = { breakthrough: p.breakthrough, defenderOutflanked: p.outflanked };
  return { attacker: attackerModifier(att, def, sit, o), defender: defenderModifier(att, def, sit, o) };
}

const bayonetAsked = onceAsked((p: BayonetParams, options: ResolvedOptions) => {
  const o = aoeOptions(options);
  const { att, def } = combatSides(p, o);
  const sides = bayonetSides(att, def);
  return { m: bayonetSetup(p, options), die: aoeDie(o.die, o.d10Faces), draw: standLossHits(o.standLoss), sides };
});

const bayonetQuestion: OddsQuestion<BayonetParams> = {
  id: 'bayonet',
  doc: 'One Bayonet & Sabre combat (p2): the difference band, the hits each side takes (a 0 costing a stand, aoe.standLoss) and who wins.',
  params: bayonetParams as unknown as z.ZodType<BayonetParams>,
  exact(p, options) {
    const o = aoeOptions(options);
    const m = bayonetSetup(p, options);
    const { att, def } = combatSides(p, o);
    const sides = bayonetSides(att, def);
    const b = bayonetOdds(m.attacker, m.defender, aoeDie(o.die, o.d10Faces), o.standLoss, sides.attackerCavalry && sides.defenderSquare);
    return {
      distributions: [
        { name: 'band', label: 'the difference (p2 differential table)', values: BAYONET_BAND_KEYS.map((k, i) => ({ value: k, p: b.bands[i] })) },
        { name: 'winner', label: 'who wins (a square that holds against cavalry on +1..+3 is the defender’s)', values: [{ value: 'attacker', p: b.attackerWins }, { value: 'draw', p: b.draw }, { value: 'defender', p: b.defenderWins }] },
        { name: 'attackerHits', label: 'hits the attacker takes', values: b.attackerHits.map((q, h) => ({ value: h, p: q })) },
        { name: 'defenderHits', label: 'hits the defender takes', values: b.defenderHits.map((q, h) => ({ value: h, p: q })) },
      ],
      summary: { attackerModifier: m.attacker, defenderModifier: m.defender, expectedAttackerHits: b.expectedAttackerHits, expectedDefenderHits: b.expectedDefenderHits },
      worked: `the attacker's die ${signed(m.attacker)}, the defender's ${signed(m.defender)} (p2)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const { m, die, draw, sides } = bayonetAsked(p, options);
    const band = bayonetBand(rollBayonet(dice.fire(0), dice.fire(1), die, m.attacker, m.defender));
    return {
      band: BAYONET_BAND_KEYS[band],
      winner: bayonetWinner(band, sides),
      attackerHits: band === BOTH_SHATTERED ? draw : bandHits(band, 'attacker'),
      defenderHits: band === BOTH_SHATTERED ? draw : bandHits(band, 'defender'),
    };
  },
  examples: [
    // Common scenario A: two French columns against the Prussians in the village.
    bayonetParams.parse({ attackers: [{ formation: 'fieldColumn' }, { formation: 'fieldColumn' }], defenders: [{ formation: 'none', cover: 2 }] }),
    // Common scenario C: cuirassiers against a square, and against a line.
    bayonetParams.parse({ attackers: [{ arm: 'cavalry', armoured: true }], defenders: [{ formation: 'square' }] }),
    bayonetParams.parse({ attackers: [{ arm: 'cavalry', armoured: true }], defenders: [{}] }),
    bayonetParams.parse({ attackers: [{ formation: 'fieldColumn', disordered: true, hits: 1 }], defenders: [{ troops: 'elite' }], outflanked: true }),
  ],
};

// ---- (c) The March Table ----

const marchParams = z.strictObject({
  arm: z.enum(['infantry', 'cavalry', 'artillery']).default('infantry'),
  disordered: z.boolean().default(false).describe('Disordered (a battery: silenced): the left column.'),
  formation: formation.optional().describe('Its formation: default fieldColumn (a battery line, having none of its own).'),
  troops,
  hits: z.int().min(0).max(4).default(0),
  leader: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0).describe('Attached leader: 0 none, 1 a leader, 2 charismatic.'),
  marchMode: z.enum(['linear', 'columnar', 'impulse']).optional().describe('Infantry March Mode (p3); default impulse. Only infantry has one.'),
  moving: z.boolean().default(true).describe('It wants to move (the March Mode -2 applies only then): an advance, withdrawal or charge; a formation change where it stands only under aoe.marchModeChange changeToo. The square answer is for a roll made standing.'),
  movingFormation: formation.optional().describe('The formation it would move in (default its formation).'),
  secureFlanks: z.boolean().default(false),
  charging: z.boolean().default(false),
  chargeAtBua: z.boolean().default(false).describe('The charge is at a unit in a village block (p3 Built Up Areas: cavalry attacking it are always Disordered; aoe.buaCavalry).'),
  cohesionLevel: z.int().min(0).max(4).default(0),
}).superRefine((p, ctx) => {
  if (p.marchMode !== undefined && p.arm !== 'infantry') ctx.addIssue({ code: 'custom', path: ['marchMode'], message: `only infantry has a March Mode (p3); found ${p.arm} with '${p.marchMode}'` });
  for (const field of ['formation', 'movingFormation'] as const) {
    const wrong = p[field] === undefined ? undefined : armFormationIssue(p.arm, p[field]);
    if (wrong) ctx.addIssue({ code: 'custom', path: [field], message: wrong });
  }
}).transform((p) => ({ ...p, formation: p.formation ?? (p.arm === 'artillery' ? ('line' as const) : ('fieldColumn' as const)) }));
export type MarchParams = z.infer<typeof marchParams>;

export function marchSetup(p: MarchParams, options: ResolvedOptions): number {
  return marchSituationModifier(p, options, false);
}

/**
 * The modifier of the roll: the unit's move (`forSquare` false) or its roll to form square, which play
 * makes standing where it is, neither moving nor charging (marchPhase.ts squareRoll): no March Mode -2
 * and no -3 of disordered cavalry charging apply to it.
 */
export function marchSituationModifier(p: MarchParams, options: ResolvedOptions, forSquare: boolean): number {
  const o = aoeOptions(options);
  const s: MarchSituation = {
    arm: p.arm,
    disordered: p.disordered,
    formation: p.formation,
    troops: p.troops,
    hits: p.hits,
    attachedLeader: p.leader,
    detachedLeaders: 0,
    detachedCharismatic: 0,
    marchMode: p.arm === 'infantry' ? (p.marchMode ?? 'impulse') : null,
    moving: forSquare ? false : p.moving,
    movingFormation: forSquare ? p.formation : (p.movingFormation ?? p.formation),
    secureFlanks: p.secureFlanks,
    charging: forSquare ? false : p.charging,
    chargeAtBua: forSquare ? false : p.chargeAtBua,
    cohesionLevel: p.cohesionLevel,
  };
  return marchModifier(s, o);
}

/** p1 Forming Square: who rolls to form one, as play asks it (square.ts: not in march column, square or a village block). */
function rollsForSquare(p: MarchParams): boolean {
  return mayRollForSquare(p.arm, p.formation);
}

const marchAsked = onceAsked((p: MarchParams, options: ResolvedOptions) => {
  const o = aoeOptions(options);
  return { o, mod: marchSetup(p, options), squareMod: marchSituationModifier(p, options, true), die: aoeDie(o.die, o.d10Faces) };
});

const marchQuestion: OddsQuestion<MarchParams> = {
  id: 'march',
  doc: 'One roll on the March Table (p1): the result, whether it counts as a failed check (rulings 5), whether it would form square (p1, p3) and whether it lets the unit charge (aoe.chargeRequires).',
  params: marchParams as unknown as z.ZodType<MarchParams>,
  // aoe.cohesion none: the army's cohesion level is always 0, so a question at another level asks what play never meets.
  check: (p, options) =>
    p.cohesionLevel > 0 && aoeOptions(options).cohesion === 'none'
      ? [{ path: ['cohesionLevel'], message: `under aoe.cohesion none the army's cohesion level is always 0 (p1 [gap]); found ${p.cohesionLevel}` }]
      : [],
  exact(p, options) {
    const o = aoeOptions(options);
    const mod = marchSetup(p, options);
    const squareMod = marchSituationModifier(p, options, true);
    const m = marchOdds(mod, p.disordered, aoeDie(o.die, o.d10Faces));
    const sq = marchOdds(squareMod, p.disordered, aoeDie(o.die, o.d10Faces));
    const column = p.disordered ? [6, 7, 8, 9, 10, 11] : [0, 1, 2, 3, 4, 5];
    return {
      distributions: [
        { name: 'result', label: 'the March Table result', values: column.map((r) => ({ value: MARCH_RESULTS[r].key, p: m.results[r] })) },
        yesNo('failed', 'a failed check (modified 3 or less)', m.failed),
        ...(rollsForSquare(p) ? [yesNo('square', `forms square if it rolls for one (standing: modifier ${signed(squareMod)})`, sq.formsSquare)] : []),
        // Play never orders a battery to charge (orders.ts), so the question does not ask it.
        ...(p.arm !== 'artillery' ? [yesNo('mayCharge', `may charge (aoe.chargeRequires ${o.chargeRequires})`, m.mayCharge[o.chargeRequires])] : []),
      ],
      summary: { modifier: mod, squareModifier: squareMod },
      worked: `modifier ${signed(mod)} on the ${p.disordered ? 'disordered' : 'good order'} column (p1)`,
    };
  },
  sample(p, options, dice: EngagementDice) {
    const { o, mod, squareMod, die } = marchAsked(p, options);
    // One face, read with the move's modifier and with the square roll's (rollMarch is this, split).
    const face = rollDie(dice.morale(0), die);
    const r = marchResult(face + mod, p.disordered);
    const out: Record<string, string> = {
      result: MARCH_RESULTS[r].key,
      failed: marchCheckFailed(face + mod) ? 'yes' : 'no',
    };
    if (p.arm !== 'artillery') out.mayCharge = mayCharge(r, o.chargeRequires) ? 'yes' : 'no';
    if (rollsForSquare(p)) out.square = formsSquare(face + squareMod, p.disordered) ? 'yes' : 'no';
    return out;
  },
  examples: [
    marchParams.parse({}),
    marchParams.parse({ disordered: true, hits: 2 }),
    marchParams.parse({ arm: 'cavalry', formation: 'line', disordered: true, charging: true, troops: 'elite' }),
    marchParams.parse({ formation: 'line', moving: false, marchMode: 'columnar' }),
  ],
};

export const AOE_ODDS: OddsSupport = {
  questions: [volleyQuestion, bayonetQuestion, marchQuestion],
};
