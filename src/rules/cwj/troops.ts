/**
 * The national troop tables [FrT] l.307-391 and [AuT] l.392-476: fire, rally ("morale") and melee
 * modifiers per troop type, and the light movement bonus (*). Only France and Austria have tables;
 * every other nation borrows one (`cwj.missingNationTable`, rulings section 1).
 */
import { editDistance } from '../../core/suggest.js';
import type { Arm } from './types.js';
import type { CwjOptions } from './options.js';

/** Troop types named in either table. Horse artillery is split by weight as the tables are. */
export type TroopType =
  | 'guard'
  | 'grenadier'
  | 'lightInfantry'
  | 'jager'
  | 'grenz'
  | 'line'
  | 'vetLine'
  | 'conscript'
  | 'landwehr'
  | 'heavyCavalry'
  | 'lancer'
  | 'mediumCavalry'
  | 'lightCavalry'
  | 'heavyFootArtillery'
  | 'mediumFootArtillery'
  | 'lightFootArtillery'
  | 'mediumHorseArtillery'
  | 'lightHorseArtillery';

/** The arm and build of each type: what the tables' group headings and names say. */
export interface TroopKind {
  arm: Arm;
  /** Battery weight, for its normal range ([Fire] l.140-141; horse batteries read by weight). */
  weight?: 'heavy' | 'medium' | 'light';
  /** Horse artillery (its limbered rate, [Move] l.85-94). */
  horse?: boolean;
}

export const TROOP_KINDS: Readonly<Record<TroopType, TroopKind>> = {
  guard: { arm: 'infantry' },
  grenadier: { arm: 'infantry' },
  lightInfantry: { arm: 'infantry' },
  jager: { arm: 'infantry' },
  grenz: { arm: 'infantry' },
  line: { arm: 'infantry' },
  vetLine: { arm: 'infantry' },
  conscript: { arm: 'infantry' },
  landwehr: { arm: 'infantry' },
  heavyCavalry: { arm: 'cavalry' },
  lancer: { arm: 'cavalry' },
  mediumCavalry: { arm: 'cavalry' },
  lightCavalry: { arm: 'cavalry' },
  heavyFootArtillery: { arm: 'artillery', weight: 'heavy' },
  mediumFootArtillery: { arm: 'artillery', weight: 'medium' },
  lightFootArtillery: { arm: 'artillery', weight: 'light' },
  mediumHorseArtillery: { arm: 'artillery', weight: 'medium', horse: true },
  lightHorseArtillery: { arm: 'artillery', weight: 'light', horse: true },
};

/** One row of a national table. */
export interface TroopRow {
  /** Fire mod; null for cavalry ("-": cavalry never fires). */
  fire: number | null;
  rally: number;
  melee: number;
  /** Lancers' bracketed "(5)" beside their 3 (read by `cwj.lancerMelee`). */
  meleeBracketed?: number;
  /** Marked * : eligible for the light movement bonus. */
  light: boolean;
  /** Where the row is in the text. */
  source: string;
}

export interface NationTable {
  name: string;
  source: string;
  rows: Readonly<Partial<Record<TroopType, TroopRow>>>;
  /** Guard artillery: added to its battery type's three values; only France has it. */
  guardArtillery?: { fire: number; rally: number; melee: number; source: string };
}

const row = (fire: number | null, rally: number, melee: number, light: boolean, source: string, meleeBracketed?: number): TroopRow =>
  meleeBracketed === undefined ? { fire, rally, melee, light, source } : { fire, rally, melee, light, source, meleeBracketed };

/** [FrT] l.307-391. */
export const FRENCH_TABLE: NationTable = {
  name: 'French',
  source: '[FrT] l.307-391',
  rows: {
    guard: row(2, 2, 7, false, '[FrT] l.320-323'),
    grenadier: row(1, 2, 5, false, '[FrT] l.324-327'),
    lightInfantry: row(2, 1, 3, true, '[FrT] l.328-331'),
    line: row(1, 1, 4, false, '[FrT] l.332-335'),
    vetLine: row(1, 2, 4, false, '[FrT] l.336-339'),
    conscript: row(-1, -1, 2, false, '[FrT] l.340-343'),
    heavyCavalry: row(null, 1, 5, false, '[FrT] l.347-350'),
    lancer: row(null, 1, 3, false, '[FrT] l.351-355', 5),
    mediumCavalry: row(null, 1, 3, false, '[FrT] l.356-359'),
    lightCavalry: row(null, 0, 2, true, '[FrT] l.360-363'),
    heavyFootArtillery: row(2, 1, 3, false, '[FrT] l.367-370'),
    mediumFootArtillery: row(1, 1, 2, false, '[FrT] l.371-374'),
    lightFootArtillery: row(0, 0, 1, true, '[FrT] l.375-378'),
    mediumHorseArtillery: row(1, 1, 2, false, '[FrT] l.379-382'),
    lightHorseArtillery: row(0, 0, 1, true, '[FrT] l.383-386'),
  },
  guardArtillery: { fire: 1, rally: 1, melee: 1, source: '[FrT] l.387-390' },
};

/** [AuT] l.392-476. Line melee is printed 0 (l.424); `cwj.austrianLineMelee` may replace it. */
export const AUSTRIAN_TABLE: NationTable = {
  name: 'Austrian',
  source: '[AuT] l.392-476',
  rows: {
    grenadier: row(1, 2, 6, false, '[AuT] l.405-408'),
    jager: row(2, 1, 2, true, '[AuT] l.409-412'),
    grenz: row(2, 0, 2, true, '[AuT] l.413-416'),
    lightInfantry: row(1, 1, 3, true, '[AuT] l.417-420'),
    line: row(0, 1, 0, false, '[AuT] l.421-424'),
    vetLine: row(1, 2, 4, false, '[AuT] l.425-428'),
    landwehr: row(-1, -1, 2, false, '[AuT] l.429-432'),
    heavyCavalry: row(null, 2, 5, false, '[AuT] l.436-439'),
    lancer: row(null, 1, 3, false, '[AuT] l.440-444', 5),
    mediumCavalry: row(null, 1, 3, false, '[AuT] l.445-448'),
    lightCavalry: row(null, 0, 2, true, '[AuT] l.449-452'),
    heavyFootArtillery: row(2, 1, 3, false, '[AuT] l.456-459'),
    mediumFootArtillery: row(1, 1, 2, false, '[AuT] l.460-463'),
    lightFootArtillery: row(0, 0, 1, true, '[AuT] l.464-467'),
    mediumHorseArtillery: row(1, 1, 2, false, '[AuT] l.468-471'),
    lightHorseArtillery: row(0, 0, 1, true, '[AuT] l.472-475'),
  },
};

/** A unit's ratings once its nation's table (or the borrowed one) and the options are applied. */
export interface TroopRatings {
  type: TroopType;
  arm: Arm;
  /** Fire mod; null: the unit never fires (cavalry). */
  fire: number | null;
  rally: number;
  /** Melee factor; for lancers the plain (unbracketed) one. */
  melee: number;
  /** Lancers' bracketed factor, where the table prints one. */
  meleeBracketed?: number;
  light: boolean;
  weight?: 'heavy' | 'medium' | 'light';
  horse: boolean;
  /** The table the row came from, e.g. "[FrT] l.332-335". */
  source: string;
}

/** The nations with a table of their own (tableFor), case ignored. */
export const TABLE_NATIONS = ['french', 'austrian', 'france', 'austria'] as const;

/**
 * Armies of the period (adjective and country), never taken for a slip of another: Russians and
 * Prussians fought side by side, one a letter from the other.
 */
const PERIOD_NATIONS = new Set([
  'prussian', 'prussia', 'russian', 'russia', 'british', 'britain', 'spanish', 'spain', 'portuguese', 'portugal',
  'bavarian', 'bavaria', 'saxon', 'saxony', 'swedish', 'sweden', 'dutch', 'netherlands', 'belgian', 'italian',
  'italy', 'polish', 'poland', 'westphalian', 'westphalia', 'neapolitan', 'naples', 'hanoverian', 'hanover',
  'brunswick', 'danish', 'denmark', 'ottoman', 'turkish', 'hessian', 'baden', 'swiss', 'wurttemberg',
  'württemberg', 'wurttemberger', 'württemberger',
]);

/**
 * A nation is free text: one without a table borrows one (rulings section 1). One within two edits of
 * a nation with a table, or of one the scenario assigns a table (`assigned`, its nationTables), and
 * none of them nor an army of the period (PERIOD_NATIONS), is a slip ('fench' for 'french') that would
 * silently read the borrowed table: the nation it nearly is, or undefined.
 */
export function nationSlip(nation: string, assigned: Iterable<string> = []): string | undefined {
  const known = [...TABLE_NATIONS, ...assigned];
  const n = nation.toLowerCase();
  if (PERIOD_NATIONS.has(n) || known.some((k) => k.toLowerCase() === n)) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const d = editDistance(n, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** The refusal of a nation `nationSlip` finds: what it would read, the nation it nearly is, and how to keep it. */
export function nationSlipMessage(nation: string, slip: string, scenario: boolean): string {
  const keep = scenario ? 'to keep a nation of that name, which borrows a table, name it in nationTables' : 'a nation without a table reads the one cwj.missingNationTable names';
  return `'${nation}' has no troop table and is nearly '${slip}', which has one; did you mean '${slip}'? (${keep})`;
}

/**
 * Which table a nation reads a type from (rulings section 1, `cwj.missingNationTable`): France and
 * Austria their own (undefined where it has no such row); any other nation the chosen table's row,
 * or the other table's when the chosen one lacks the type.
 */
export function tableFor(nation: string, type: TroopType, missing: CwjOptions['missingNationTable']): NationTable | undefined {
  const n = nation.toLowerCase();
  if (n === 'french' || n === 'france') return FRENCH_TABLE.rows[type] ? FRENCH_TABLE : undefined;
  if (n === 'austrian' || n === 'austria') return AUSTRIAN_TABLE.rows[type] ? AUSTRIAN_TABLE : undefined;
  const first = missing === 'french' ? FRENCH_TABLE : AUSTRIAN_TABLE;
  const second = missing === 'french' ? AUSTRIAN_TABLE : FRENCH_TABLE;
  return first.rows[type] ? first : second.rows[type] ? second : undefined;
}

/**
 * A unit's ratings ([FrT] [AuT]). `guardArtillery` adds the French Guard artillery row to a battery
 * ([FrT] l.387-390); a nation whose table has no Guard artillery row (Austria) cannot have it.
 * Austrian Line melee is `cwj.austrianLineMelee`. Returns undefined for a type the nation's table
 * lacks (a French Jäger, an Austrian Guard) or Guard artillery where none exists.
 */
export function troopRatings(
  nation: string,
  type: TroopType,
  opts: Pick<CwjOptions, 'missingNationTable' | 'austrianLineMelee'>,
  guardArtillery = false,
): TroopRatings | undefined {
  const table = tableFor(nation, type, opts.missingNationTable);
  if (!table) return undefined;
  const r = table.rows[type]!;
  const kind = TROOP_KINDS[type];
  const out: TroopRatings = {
    type,
    arm: kind.arm,
    fire: r.fire,
    rally: r.rally,
    melee: table === AUSTRIAN_TABLE && type === 'line' ? opts.austrianLineMelee : r.melee,
    light: r.light,
    horse: kind.horse === true,
    source: r.source,
  };
  if (r.meleeBracketed !== undefined) out.meleeBracketed = r.meleeBracketed;
  if (kind.weight) out.weight = kind.weight;
  if (guardArtillery) {
    if (kind.arm !== 'artillery') return undefined;
    // A nation borrowing a table takes Guard artillery from the French one, the only table that has it.
    const n = nation.toLowerCase();
    const g = n === 'austrian' || n === 'austria' ? undefined : FRENCH_TABLE.guardArtillery;
    if (!g) return undefined;
    out.fire = (out.fire ?? 0) + g.fire;
    out.rally += g.rally;
    out.melee += g.melee;
    out.source += ` + ${g.source}`;
  }
  return out;
}

/**
 * [FrT] l.351-355, `cwj.lancerMelee`: a lancer's melee factor in one melee. `ownContactMove`: it moved
 * (or charged) into this contact in the current player turn; `enemyHasInfantry`: the opposing side has
 * infantry in the melee. Units without a bracketed factor keep their melee factor.
 */
export function meleeFactorOf(
  r: Pick<TroopRatings, 'melee' | 'meleeBracketed'>,
  reading: CwjOptions['lancerMelee'],
  ownContactMove: boolean,
  enemyHasInfantry: boolean,
): number {
  if (r.meleeBracketed === undefined) return r.melee;
  switch (reading) {
    case 'charging':
      return ownContactMove ? r.meleeBracketed : r.melee;
    case 'vsInfantry':
      return enemyHasInfantry ? r.meleeBracketed : r.melee;
    case 'always3':
      return r.melee;
    case 'always5':
      return r.meleeBracketed;
  }
}

/**
 * Light infantry for the rough-terrain test's "Lt.Inf +1" ([Rough] l.118): infantry whose row is
 * marked * (French Light; Austrian Jäger, Grenz, Light).
 */
export function isLightInfantry(r: Pick<TroopRatings, 'arm' | 'light'>): boolean {
  return r.arm === 'infantry' && r.light;
}
