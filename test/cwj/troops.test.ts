import { describe, expect, it } from 'vitest';
import { DEFAULT_CWJ_OPTIONS } from '../../src/rules/cwj/options.js';
import {
  AUSTRIAN_TABLE,
  FRENCH_TABLE,
  isLightInfantry,
  meleeFactorOf,
  nationSlip,
  tableFor,
  TROOP_KINDS,
  troopRatings,
  type TroopType,
} from '../../src/rules/cwj/troops.js';

// Independent transcription of the two tables of ../shared/rules/cwj-napoleonic-rules-v1.2.txt:
// type, fire ("-" none), rally, melee (lancers "(5)3"), light (*).
const FRENCH = `
guard 2 2 7 -
grenadier 1 2 5 -
lightInfantry 2 1 3 *
line 1 1 4 -
vetLine 1 2 4 -
conscript -1 -1 2 -
heavyCavalry - 1 5 -
lancer - 1 (5)3 -
mediumCavalry - 1 3 -
lightCavalry - 0 2 *
heavyFootArtillery 2 1 3 -
mediumFootArtillery 1 1 2 -
lightFootArtillery 0 0 1 *
mediumHorseArtillery 1 1 2 -
lightHorseArtillery 0 0 1 *
`;
const AUSTRIAN = `
grenadier 1 2 6 -
jager 2 1 2 *
grenz 2 0 2 *
lightInfantry 1 1 3 *
line 0 1 0 -
vetLine 1 2 4 -
landwehr -1 -1 2 -
heavyCavalry - 2 5 -
lancer - 1 (5)3 -
mediumCavalry - 1 3 -
lightCavalry - 0 2 *
heavyFootArtillery 2 1 3 -
mediumFootArtillery 1 1 2 -
lightFootArtillery 0 0 1 *
mediumHorseArtillery 1 1 2 -
lightHorseArtillery 0 0 1 *
`;

interface Row {
  type: TroopType;
  fire: number | null;
  rally: number;
  melee: number;
  bracket?: number;
  light: boolean;
}
function parse(text: string): Row[] {
  return text
    .trim()
    .split('\n')
    .map((l) => {
      const [type, fire, rally, melee, light] = l.trim().split(/\s+/);
      const m = /^\((\d)\)(\d)$/.exec(melee);
      const row: Row = { type: type as TroopType, fire: fire === '-' ? null : Number(fire), rally: Number(rally), melee: m ? Number(m[2]) : Number(melee), light: light === '*' };
      if (m) row.bracket = Number(m[1]);
      return row;
    });
}

const printed = { ...DEFAULT_CWJ_OPTIONS, austrianLineMelee: 0 };

describe('national troop tables ([FrT] l.307-391, [AuT] l.392-476)', () => {
  for (const [nation, text, table] of [
    ['french', FRENCH, FRENCH_TABLE],
    ['austrian', AUSTRIAN, AUSTRIAN_TABLE],
  ] as const) {
    const rows = parse(text);
    it(`${table.source}: the table has exactly the ${rows.length} rows of the text`, () => {
      expect(Object.keys(table.rows).sort()).toEqual(rows.map((r) => r.type).sort());
    });
    for (const r of rows) {
      it(`${table.rows[r.type]!.source}: ${nation} ${r.type} is ${r.fire ?? '-'}/${r.rally}/${r.bracket ? `(${r.bracket})` : ''}${r.melee}${r.light ? ' *' : ''}`, () => {
        const got = troopRatings(nation, r.type, printed)!;
        expect(got.fire).toBe(r.fire);
        expect(got.rally).toBe(r.rally);
        expect(got.melee).toBe(r.melee);
        expect(got.meleeBracketed).toBe(r.bracket);
        expect(got.light).toBe(r.light);
        expect(got.arm).toBe(TROOP_KINDS[r.type].arm);
      });
    }
  }

  it('[FrT] [AuT]: cavalry never fires (fire mod "-"), every other arm has one', () => {
    for (const t of [FRENCH_TABLE, AUSTRIAN_TABLE]) {
      for (const [type, r] of Object.entries(t.rows)) expect(r!.fire === null, type).toBe(TROOP_KINDS[type as TroopType].arm === 'cavalry');
    }
  });

  it('[FrT] l.387-390: French Guard artillery adds +1 fire, rally and melee to its battery type', () => {
    const g = troopRatings('french', 'heavyFootArtillery', printed, true)!;
    expect([g.fire, g.rally, g.melee]).toEqual([3, 2, 4]);
    const lh = troopRatings('french', 'lightHorseArtillery', printed, true)!;
    expect([lh.fire, lh.rally, lh.melee]).toEqual([1, 1, 2]);
  });

  it('[AuT]: Austria has no Guard artillery row; Guard artillery for a non-battery is refused', () => {
    expect(troopRatings('austrian', 'heavyFootArtillery', printed, true)).toBeUndefined();
    expect(troopRatings('french', 'line', printed, true)).toBeUndefined();
  });

  it('[FrT] [AuT]: a type its own table lacks is refused (French Jäger, Austrian Guard or Conscript)', () => {
    expect(troopRatings('french', 'jager', printed)).toBeUndefined();
    expect(troopRatings('french', 'landwehr', printed)).toBeUndefined();
    expect(troopRatings('austrian', 'guard', printed)).toBeUndefined();
    expect(troopRatings('austrian', 'conscript', printed)).toBeUndefined();
  });

  it('[Fire] l.140-141: batteries carry their weight (horse batteries too) for range', () => {
    expect(troopRatings('french', 'mediumHorseArtillery', printed)).toMatchObject({ weight: 'medium', horse: true });
    expect(troopRatings('french', 'heavyFootArtillery', printed)).toMatchObject({ weight: 'heavy', horse: false });
    expect(troopRatings('french', 'line', printed)!.weight).toBeUndefined();
  });
});

describe('cwj.austrianLineMelee ([AuT] l.421-424)', () => {
  it('[AuT] l.424: Austrian Line melee is 0 as printed by default (the text wins over the ruling)', () => {
    expect(DEFAULT_CWJ_OPTIONS.austrianLineMelee).toBe(0);
    expect(troopRatings('austrian', 'line', DEFAULT_CWJ_OPTIONS)!.melee).toBe(0);
  });
  it('[AuT] l.424: the ruling reads 4 (or 3); only Austrian Line changes', () => {
    expect(troopRatings('austrian', 'line', { ...DEFAULT_CWJ_OPTIONS, austrianLineMelee: 4 })!.melee).toBe(4);
    expect(troopRatings('austrian', 'line', { ...DEFAULT_CWJ_OPTIONS, austrianLineMelee: 3 })!.melee).toBe(3);
    expect(troopRatings('french', 'line', { ...DEFAULT_CWJ_OPTIONS, austrianLineMelee: 0 })!.melee).toBe(4);
    expect(troopRatings('austrian', 'vetLine', { ...DEFAULT_CWJ_OPTIONS, austrianLineMelee: 3 })!.melee).toBe(4);
  });
  it('[AuT] l.424: a nation borrowing the Austrian Line row takes the option too', () => {
    const o = { ...DEFAULT_CWJ_OPTIONS, missingNationTable: 'austrian' as const, austrianLineMelee: 4 };
    expect(troopRatings('prussian', 'line', o)!.melee).toBe(4);
  });
});

describe('cwj.missingNationTable (rulings section 1)', () => {
  it('section 1: a nation without a table takes the French row of the same name by default', () => {
    expect(tableFor('prussian', 'line', 'french')).toBe(FRENCH_TABLE);
    expect(troopRatings('prussian', 'line', DEFAULT_CWJ_OPTIONS)).toMatchObject({ fire: 1, rally: 1, melee: 4 });
    expect(troopRatings('russian', 'heavyCavalry', DEFAULT_CWJ_OPTIONS)!.rally).toBe(1); // French 1, Austrian 2
  });
  it('section 1: ... and the Austrian one for Jäger, Grenz and Landwehr', () => {
    for (const t of ['jager', 'grenz', 'landwehr'] as const) expect(tableFor('prussian', t, 'french'), t).toBe(AUSTRIAN_TABLE);
    expect(troopRatings('prussian', 'landwehr', DEFAULT_CWJ_OPTIONS)).toMatchObject({ fire: -1, rally: -1, melee: 2 });
  });
  it('section 1 (austrian): the Austrian row first, the French one for Guard and Conscript', () => {
    expect(tableFor('british', 'heavyCavalry', 'austrian')).toBe(AUSTRIAN_TABLE);
    expect(tableFor('british', 'guard', 'austrian')).toBe(FRENCH_TABLE);
    expect(tableFor('british', 'conscript', 'austrian')).toBe(FRENCH_TABLE);
    expect(troopRatings('british', 'heavyCavalry', { ...DEFAULT_CWJ_OPTIONS, missingNationTable: 'austrian' })!.rally).toBe(2);
  });
  it('section 1: a borrowing nation may have Guard artillery (the French row, the only one)', () => {
    expect(troopRatings('russian', 'mediumFootArtillery', DEFAULT_CWJ_OPTIONS, true)).toMatchObject({ fire: 2, rally: 2, melee: 3 });
  });
  it('section 1: nation names are read without regard to case; France and Austria keep their own tables', () => {
    expect(tableFor('French', 'line', 'austrian')).toBe(FRENCH_TABLE);
    expect(tableFor('AUSTRIA', 'line', 'french')).toBe(AUSTRIAN_TABLE);
  });
  it('section 1: a nation two edits or fewer from one with a table is a slip, not a borrowing nation (before: fench read the French table as a nation without one)', () => {
    expect(nationSlip('fench')).toBe('french');
    expect(nationSlip('Austrain')).toBe('austrian');
    expect(nationSlip('austira')).toBe('austria');
    // Nations of their own, and tabled nations in any case, are not slips.
    for (const n of ['prussian', 'russian', 'british', 'bavarian', 'French', 'AUSTRIA', 'france']) expect(nationSlip(n), n).toBeUndefined();
    // Near a nation the scenario gives a table (nationTables), unless it is one too.
    expect(nationSlip('bavarain', ['bavarian'])).toBe('bavarian');
    expect(nationSlip('prusian', ['prussian'])).toBe('prussian');
    // An army of the period is never a slip of another: Russians beside Prussians given a table.
    expect(nationSlip('russian', ['prussian'])).toBeUndefined();
    expect(nationSlip('Russian', ['prussian', 'russian'])).toBeUndefined();
    // Three edits away is another nation.
    expect(nationSlip('frxxxh')).toBeUndefined();
  });
});

describe('cwj.lancerMelee ([FrT] l.351-355: "(5) 3")', () => {
  const lancer = troopRatings('french', 'lancer', DEFAULT_CWJ_OPTIONS)!;
  it('[FrT] l.354-355: charging (default): 5 in the melee after its own contact move, else 3', () => {
    expect(meleeFactorOf(lancer, 'charging', true, false)).toBe(5);
    expect(meleeFactorOf(lancer, 'charging', false, true)).toBe(3);
  });
  it('[FrT] l.354-355: vsInfantry: 5 against infantry, else 3', () => {
    expect(meleeFactorOf(lancer, 'vsInfantry', false, true)).toBe(5);
    expect(meleeFactorOf(lancer, 'vsInfantry', true, false)).toBe(3);
  });
  it('[FrT] l.354-355: always3 and always5', () => {
    for (const c of [true, false]) {
      expect(meleeFactorOf(lancer, 'always3', c, !c)).toBe(3);
      expect(meleeFactorOf(lancer, 'always5', c, !c)).toBe(5);
    }
  });
  it('[FrT]: units without a bracketed factor are never changed by the lancer reading', () => {
    const heavy = troopRatings('french', 'heavyCavalry', DEFAULT_CWJ_OPTIONS)!;
    for (const r of ['charging', 'vsInfantry', 'always3', 'always5'] as const) expect(meleeFactorOf(heavy, r, true, true)).toBe(5);
  });
});

describe('light infantry ([Rough] l.118 "Lt.Inf")', () => {
  it('[Rough] l.118: infantry marked * is light infantry; light cavalry and artillery are not', () => {
    expect(isLightInfantry(troopRatings('french', 'lightInfantry', DEFAULT_CWJ_OPTIONS)!)).toBe(true);
    expect(isLightInfantry(troopRatings('austrian', 'grenz', DEFAULT_CWJ_OPTIONS)!)).toBe(true);
    expect(isLightInfantry(troopRatings('austrian', 'jager', DEFAULT_CWJ_OPTIONS)!)).toBe(true);
    expect(isLightInfantry(troopRatings('french', 'line', DEFAULT_CWJ_OPTIONS)!)).toBe(false);
    expect(isLightInfantry(troopRatings('french', 'lightCavalry', DEFAULT_CWJ_OPTIONS)!)).toBe(false);
    expect(isLightInfantry(troopRatings('french', 'lightFootArtillery', DEFAULT_CWJ_OPTIONS)!)).toBe(false);
  });
});
