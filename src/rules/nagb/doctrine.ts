/**
 * Doctrines: the choices the rules leave to a player, as named presets of parameters (the AI that
 * applies them is ./play/ai.ts). A side names a preset and may override any parameter; experiments
 * vary either like any factor. Every doctrine plays either role: the attacker (or both sides of a
 * meeting engagement) advances on the objective, the defender holds its ground.
 *
 * What they decide: which unit gets the pips (p3) and when a general advance saves them; in which
 * formation to advance and where to deploy (p6-8); when to charge (p12) and when to hold fire so as to
 * stand and shoot (p12, p17); a battery's reaction to horse (p19); when to form square against cavalry
 * (p13); volleys (p10); rerolls and personal influence (p3-4); standing or pursuing after a win (p16);
 * recalling cavalry, after a melee and blown cavalry in the rally phase (p2, p23).
 */
import { z } from 'zod';
import { overridden } from '../../core/records.js';

export interface NagbDoctrine {
  /**
   * The yardstick of play quality: every choice at random among the legal ones (from the side's own
   * AI dice), the rules' obligations (aggressive cavalry, flight, tests) still enforced. The other
   * parameters are then unused.
   */
  random: boolean;
  /** Formation infantry advances in (p6: a column moves 8", a line 6"). */
  advanceIn: 'attackColumn' | 'line';
  /** Infantry forms line once the nearest enemy ahead is within this many inches (0: never). */
  deployWithin: number;
  /** An advancing unit halts this many inches from the enemy ahead (0: it closes to charge reach). */
  closeTo: number;
  /** Which targets infantry charges: any in reach, only weakened ones (disordered, shaken, silenced, blown), or none. */
  charge: 'reach' | 'weakened' | 'never';
  /** A charge is declared only when the distance is at most the charge base plus this (3.5: the mean of a d6; 6: whenever it can reach). */
  chargeMargin: number;
  /** Spend one pip on a general advance of the brigade's columns when two or more would advance (p3). */
  generalAdvance: boolean;
  /** Order volleys (a pip each, p10) at targets within this range; 0 never. */
  volleyWithin: number;
  /** Hold fire in the fire phases while an enemy could charge the unit next, to stand and shoot instead (p12). */
  holdFire: boolean;
  /**
   * Reaction of infantry charged by infantry, and of cavalry charged by cavalry (p12): stand and shoot
   * when loaded (cavalry only with the carbines or pistols it carries, p25, p40), or stand.
   */
  reaction: 'standAndShoot' | 'stand';
  /**
   * Reaction of a battery charged by cavalry (p19): flee, or fire canister at the chargers (a pip and its
   * load) and flee a d6 shorter when its guns reach them, fleeing else. Charged by infantry it stands.
   */
  battery: 'flee' | 'fireAndFlee';
  /** Squares against cavalry (p13): form when charged, form early in the own movement phase once cavalry could charge next turn, or never. */
  square: 'charged' | 'early' | 'never';
  /** Which failed tests to reroll for a pip (p3): none, the important ones (break, brigade, panic, charge, rally of broken units), or all. */
  rerolls: 'none' | 'important' | 'all';
  /** The brigade commander rides within 4" of the unit most at risk and adds his +1 to its tests (p4). */
  influence: boolean;
  /** Pips kept back in the movement phase for volleys and rerolls later in the turn. */
  keepPips: number;
  /** Melee winners test to stand instead of pursuing or falling back (p16). */
  stand: boolean;
  /** Cavalry that wins a melee, or fights cavalry with nobody broken, is recalled for a pip (p23), so as not to be blown. */
  recall: boolean;
  /**
   * Blown cavalry with an enemy still within 12" is recalled in the rally phase for a pip (p2, p23): 3d6
   * back before anyone moves, when that cannot carry it off the table.
   */
  rallyRecall: boolean;
  /** A defender charges disordered, halted or shaken attackers within reach. */
  counterCharge: boolean;
  /** Enter an empty village sector the unit stands at (p30). */
  enterSectors: boolean;
  /** Bring columns up in the reserve movement phase (p2). */
  reserveMoves: boolean;
  /** Pips of the CinC spent on the initiative roll (p2); the rest go to his brigade commanders. */
  initiativePips: number;
}

const BASE: Omit<NagbDoctrine, 'random'> = {
  advanceIn: 'attackColumn',
  deployWithin: 0,
  closeTo: 0,
  charge: 'reach',
  chargeMargin: 4,
  generalAdvance: true,
  volleyWithin: 0,
  holdFire: true,
  reaction: 'standAndShoot',
  battery: 'flee',
  square: 'charged',
  rerolls: 'important',
  influence: true,
  keepPips: 1,
  stand: true,
  recall: true,
  rallyRecall: true,
  counterCharge: false,
  enterSectors: true,
  reserveMoves: true,
  initiativePips: 1,
};

export const DOCTRINE_PRESETS: Readonly<Record<string, { doc: string; params: NagbDoctrine }>> = {
  'column-assault': {
    doc: 'Attack: columns advance together on a general advance and charge whatever they can reach; the commander rides with the leading column. Defence: hold fire to stand and shoot, form square when charged.',
    params: { random: false, ...BASE },
  },
  'fire-and-charge': {
    doc: 'Attack: columns deploy into line 10" out, close to musket short range and volley, and charge only weakened enemies. Defence: volley at short range, counter-charge disordered attackers.',
    params: { random: false, ...BASE, deployWithin: 10, closeTo: 4.5, charge: 'weakened', chargeMargin: 4, volleyWithin: 5, holdFire: false, keepPips: 2, counterCharge: true },
  },
  'hold-and-volley': {
    doc: 'Defence: never advances, keeps loaded to stand and shoot at chargers, volleys at short range, forms square early against cavalry, rerolls every failed test. Attack: a firefight in line at short range.',
    params: { random: false, ...BASE, advanceIn: 'line', deployWithin: 12, closeTo: 5, charge: 'weakened', chargeMargin: 3, volleyWithin: 5, holdFire: true, square: 'early', rerolls: 'all', keepPips: 3 },
  },
  'active-defence': {
    doc: 'Defence: fires at every chance with volleys, counter-charges disordered or halted attackers, forms square when charged. Attack: columns that halt at 6", volley, and charge weakened enemies.',
    params: { random: false, ...BASE, deployWithin: 0, closeTo: 6, charge: 'weakened', chargeMargin: 4, volleyWithin: 8, holdFire: false, counterCharge: true, keepPips: 2 },
  },
  'random-legal': {
    doc: 'Every choice at random among the legal ones: the baseline that real doctrines must beat.',
    params: { random: true, ...BASE },
  },
};

export const DOCTRINE_NAMES = Object.keys(DOCTRINE_PRESETS) as [string, ...string[]];
export const DEFAULT_DOCTRINE = 'column-assault';

const doctrineParams = z.strictObject({
  preset: z.enum(DOCTRINE_NAMES).default(DEFAULT_DOCTRINE),
  random: z.boolean().optional(),
  advanceIn: z.enum(['attackColumn', 'line']).optional().describe('Formation infantry advances in (p6).'),
  deployWithin: z.number().min(0).max(48).optional().describe('Infantry forms line once the enemy ahead is within this (0: never).'),
  closeTo: z.number().min(0).max(48).optional().describe('Halt this far from the enemy ahead (0: close to charge reach).'),
  charge: z.enum(['reach', 'weakened', 'never']).optional().describe('Infantry charges any target in reach, only weakened ones, or none.'),
  chargeMargin: z.number().min(0).max(12).optional().describe('Charge only when the distance is at most the charge base plus this.'),
  generalAdvance: z.boolean().optional().describe('Use a general advance (one pip) when two or more columns advance (p3).'),
  volleyWithin: z.number().min(0).max(9).optional().describe('Order volleys at targets within this range (0: never; p10).'),
  holdFire: z.boolean().optional().describe('Keep loaded while an enemy could charge next, to stand and shoot (p12).'),
  reaction: z.enum(['standAndShoot', 'stand']).optional().describe('Reaction of infantry charged by infantry, and of cavalry (with carbines or pistols, p25, p40) charged by cavalry (p12).'),
  battery: z.enum(['flee', 'fireAndFlee']).optional().describe('A battery charged by cavalry flees, or fires canister and flees a d6 shorter when its guns reach (p19).'),
  square: z.enum(['charged', 'early', 'never']).optional().describe('Squares against cavalry: when charged, early, or never (p13).'),
  rerolls: z.enum(['none', 'important', 'all']).optional().describe('Failed tests rerolled for a pip (p3).'),
  influence: z.boolean().optional().describe('The commander adds his personal influence to tests within 4" (p4).'),
  keepPips: z.int().min(0).max(6).optional().describe('Pips kept back from movement for volleys and rerolls.'),
  stand: z.boolean().optional().describe('Melee winners test to stand (p16).'),
  recall: z.boolean().optional().describe('Recall cavalry that won a melee, or fought cavalry with nobody broken (p23).'),
  rallyRecall: z.boolean().optional().describe('Recall blown cavalry in the rally phase for a pip while an enemy is within 12", when its 3d6 back cannot carry it off the table (p2, p23).'),
  counterCharge: z.boolean().optional().describe('A defender charges weakened attackers within reach.'),
  enterSectors: z.boolean().optional().describe('Enter empty village sectors (p30).'),
  reserveMoves: z.boolean().optional().describe('Move columns in the reserve phase (p2).'),
  initiativePips: z.int().min(0).max(6).optional().describe('CinC pips spent on the initiative roll (p2).'),
});

/** A doctrine named or given as parameters; default column-assault. */
export const doctrineField = z
  .union([z.enum(DOCTRINE_NAMES), doctrineParams])
  .default(DEFAULT_DOCTRINE)
  .describe(`How the side plays: a preset (${DOCTRINE_NAMES.join(', ')}) or { preset, ...parameters }.`);

export type DoctrineInput = z.infer<typeof doctrineField>;

/** The doctrine a scenario's field names, with its overrides. */
export function resolveDoctrine(d: DoctrineInput | undefined): NagbDoctrine {
  if (d === undefined) return overridden(DOCTRINE_PRESETS[DEFAULT_DOCTRINE].params);
  if (typeof d === 'string') {
    const p = DOCTRINE_PRESETS[d];
    if (!p) throw new Error(`unknown doctrine '${d}'; known: ${DOCTRINE_NAMES.join(', ')}`);
    return overridden(p.params);
  }
  const { preset, ...over } = d;
  const base = DOCTRINE_PRESETS[preset ?? DEFAULT_DOCTRINE];
  const defined = Object.fromEntries(Object.entries(over).filter(([, v]) => v !== undefined)) as Partial<NagbDoctrine>;
  return overridden(base.params, defined);
}

/** A preset's name when the doctrine is one, else the nearest preset and what differs. */
export function doctrineName(d: NagbDoctrine): string {
  let best = '';
  let diff: string[] = [];
  for (const [name, p] of Object.entries(DOCTRINE_PRESETS)) {
    const q = p.params as unknown as Record<string, unknown>;
    const differs = Object.entries(d)
      .filter(([k, v]) => q[k] !== v)
      .map(([k, v]) => `${k} ${String(v)}`);
    if (!best || differs.length < diff.length) [best, diff] = [name, differs];
  }
  return diff.length ? `${best} with ${diff.join(', ')}` : best;
}
