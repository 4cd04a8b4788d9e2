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
import { QUALITY_LADDER, type Quality, type QualitySupport } from '../../core/ruleset.js';
import { AUSTRIAN_TABLE, FRENCH_TABLE, type TroopType } from './troops.js';

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

const fmt = (n: number | null) => (n === null ? '-' : String(n));
const rowText = (t: 'french' | 'austrian', type: TroopType) => {
  const r = (t === 'french' ? FRENCH_TABLE : AUSTRIAN_TABLE).rows[type]!;
  return `${fmt(r.fire)}/${fmt(r.rally)}/${type === 'line' && t === 'austrian' ? 'cwj.austrianLineMelee' : fmt(r.melee)}`;
};
const NAMES: Partial<Record<TroopType, string>> = { conscript: 'Conscript', landwehr: 'Landwehr', line: 'Line', vetLine: 'Vet. Line', grenadier: 'Grenadier', guard: 'Guard' };
const stepText = (s: { fire: number; rally: number; melee: number }, withFire: boolean) => {
  const parts = (['fire', 'rally', 'melee'] as const).filter((k) => s[k] !== 0 && (withFire || k !== 'fire')).map((k) => `${k} ${s[k] > 0 ? '+' : ''}${s[k]}`);
  return parts.length ? parts.join(', ') : 'as printed';
};

/**
 * What each rung becomes, in words (`volley rulesets cwj`), made from the ladder, the steps and the
 * tables so they cannot drift from play; the light infantry clause names both `cwj.lightQuality`
 * readings, since the words are shown without a scenario's options.
 */
export function qualityWords(q: Quality): string {
  const [fr, au] = [INFANTRY_LADDER[q].french, INFANTRY_LADDER[q].austrian];
  const s = MOUNTED_STEPS[q];
  const infantry = `infantry ${NAMES[fr]} ${rowText('french', fr)} (Austrian table: ${NAMES[au]} ${rowText('austrian', au)})`;
  const light = `light infantry (Light, Jäger, Grenz) under cwj.lightQuality keepRow its own row, ${stepText(s, false)}; under ladderRow the infantry row`;
  return `${infantry}; ${light}; cavalry ${stepText(s, false)}; batteries ${stepText(s, true)}`;
}

const WORDS: Readonly<Record<Quality, string>> = Object.fromEntries(QUALITY_LADDER.map((q) => [q, qualityWords(q)])) as Record<Quality, string>;

export const CWJ_QUALITY: QualitySupport = {
  describe: WORDS,
  // The rung is resolved at compile time, against the table the unit reads (its nation and
  // cwj.missingNationTable): a raw unit only records it.
  fields: (quality) => ({ quality }),
};
