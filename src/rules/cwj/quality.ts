/**
 * The common quality ladder (DESIGN.md, "Cross-system studies") in CWJ terms (rulings section 12,
 * "Quality sweep"). Infantry takes the troop-table row of its rung: conscript = Conscript, line = Line,
 * veteran = Vet. Line, elite = Grenadier, guard = Guard; a unit reading the Austrian table (an Austrian,
 * or a nation without a table under `cwj.missingNationTable` = austrian) takes Landwehr, Line, Vet. Line,
 * Grenadier, Grenadier, as Austria has no Conscript or Guard rows. Light infantry (Light, Jäger, Grenz)
 * keeps its row and light bonus under cwj.lightQuality keepRow, stepped as cavalry. Cavalry and
 * batteries keep their type (weight and arm are not quality) and move by the steps of the French Guard artillery row ([FrT]
 * l.387-390: +1 to its values): conscript rally -1, line as printed, veteran rally +1, elite rally and
 * melee +1, guard fire (batteries), rally and melee +1. docs/rules/cwj.md gives the reasoning.
 */
import type { Quality, QualitySupport } from '../../core/ruleset.js';
import type { TroopType } from './troops.js';

/** The infantry row of each rung, by the table the unit reads. */
export const INFANTRY_LADDER: Readonly<Record<Quality, { french: TroopType; austrian: TroopType }>> = {
  conscript: { french: 'conscript', austrian: 'landwehr' },
  line: { french: 'line', austrian: 'line' },
  veteran: { french: 'vetLine', austrian: 'vetLine' },
  elite: { french: 'grenadier', austrian: 'grenadier' },
  guard: { french: 'guard', austrian: 'grenadier' },
};

/** The light infantry types ([FrT] l.328-331, [AuT] l.409-420, rows marked *): under cwj.lightQuality keepRow they keep their row. */
export const LIGHT_INFANTRY: readonly TroopType[] = ['lightInfantry', 'jager', 'grenz'];

/** What a rung adds to a cavalry regiment's, a battery's (or a kept light battalion's) printed values. */
export const MOUNTED_STEPS: Readonly<Record<Quality, { fire: number; rally: number; melee: number }>> = {
  conscript: { fire: 0, rally: -1, melee: 0 },
  line: { fire: 0, rally: 0, melee: 0 },
  veteran: { fire: 0, rally: 1, melee: 0 },
  elite: { fire: 0, rally: 1, melee: 1 },
  guard: { fire: 1, rally: 1, melee: 1 },
};

const WORDS: Readonly<Record<Quality, string>> = {
  conscript: 'infantry Conscript -1/-1/2 (Landwehr on the Austrian table); light infantry, cavalry and batteries rally -1',
  line: 'infantry Line 1/1/4 (Austrian Line 0/1/cwj.austrianLineMelee); light infantry, cavalry and batteries as printed',
  veteran: 'infantry Vet. Line 1/2/4; light infantry, cavalry and batteries rally +1',
  elite: 'infantry Grenadier 1/2/5 (Austrian 1/2/6); light infantry, cavalry and batteries rally and melee +1',
  guard: 'infantry Guard 2/2/7 (Austrian Grenadier 1/2/6); light infantry and cavalry rally and melee +1, batteries +1/+1/+1',
};

export const CWJ_QUALITY: QualitySupport = {
  describe: WORDS,
  // The rung is resolved at compile time, against the table the unit reads (its nation and
  // cwj.missingNationTable): a raw unit only records it.
  fields: (quality) => ({ quality }),
};
