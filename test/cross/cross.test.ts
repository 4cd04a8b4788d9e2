/**
 * Cross-system experiments (DESIGN.md, "Cross-system studies"): one scenario per rule system, common
 * factors, each system with its own dice, results side by side with agreement tests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { findRuleset, RULESETS } from '../../src/rules/index.js';
import { agreementRows, commonMinutes, countedWithin, CROSS_METHOD, crossCell, isCross, minutesText, timeLimitText, type CrossCell, type CrossResults, type TimeLimit } from '../../src/results/cross.js';
import { accSize, addResult, emptyCellAcc } from '../../src/stats/cellAccumulator.js';
import { summarizeCell, wonWithin } from '../../src/stats/summary.js';
import { play as playNagb, shipped } from '../nagb/lane.js';

const nagbRuleset = findRuleset('nagb')!;
import type { Results } from '../../src/results/results.js';
import { crossTable } from '../../src/report/table.js';
import { loadExperiment, SYSTEM_FACTOR } from '../../src/scenario/load.js';
import { runPlanOutcome } from '../../src/sim/engine/runner.js';
import { prepareRun, resultsOf } from '../../src/sim/studies/prepare.js';
import { wilson } from '../../src/stats/intervals.js';
import { coincidentSystems, crossCharts, crossHtml, sideBySide } from '../../src/report/cross.js';
import { chartSection } from '../../src/report/html.js';

const EXPERIMENT = 'sims/cross/village-quality.experiment.yaml';
const A = resolve('sims/aor/common-a-village.scenario.yaml');
const B = resolve('sims/aor/common-b-open.scenario.yaml');

function file(body: string): string {
  const f = join(mkdtempSync(join(tmpdir(), 'volley-cross-')), 'x.experiment.yaml');
  writeFileSync(f, `kind: experiment\nname: x\nengagements: 10\nseed: 1\n${body}\n`);
  return f;
}
const refused = (body: string) => {
  try {
    loadExperiment(file(body));
  } catch (e) {
    if (e instanceof VolleyInputError) return `${e.line}: ${e.field}: ${e.detail}`;
    throw e;
  }
  throw new Error('accepted');
};

describe('loading a cross-system experiment', () => {
  it('makes a cell per system and combination of the common factors, each system with its own dice', () => {
    const e = loadExperiment(EXPERIMENT);
    const systems = e.systems!;
    expect(systems.map((s) => s.ruleset)).toEqual(e.experiment.scenarios!.map(() => expect.any(String)));
    expect(e.cells.length).toBe(systems.length * 5);
    expect(e.cells.map((c) => c.index)).toEqual(e.cells.map((_, i) => i));
    for (const s of systems) {
      const cells = s.cells.map((i) => e.cells[i]);
      expect(cells.every((c) => c.scenario.ruleset === s.ruleset && c.factors[SYSTEM_FACTOR] === s.ruleset)).toBe(true);
      // Common random numbers within a system, never across systems.
      expect(new Set(cells.map((c) => c.rngKey))).toEqual(new Set([s.ruleset]));
      expect(cells.map((c) => c.factors['defender.quality'])).toEqual(['conscript', 'line', 'veteran', 'elite', 'guard']);
    }
  });

  it('refuses what does not apply, at its line', () => {
    expect(refused(`scenario: ${A}\nscenarios: [${A}]`)).toBe('5: scenario: give one scenario, or scenarios (one per rule system), not both');
    expect(refused('vary: {}')).toMatch(/^1: scenario: missing: expected the scenario file/);
    expect(refused(`scenarios: [${A}, ${B}]`)).toBe("5: scenarios[1]: a second scenario of 'aor' (scenarios[0] is one); name one scenario per rule system");
    expect(refused(`scenarios: [${A}]\nvary:\n  defender.units[0].morale: [3]`)).toMatch(/^7: vary\.defender\.units\[0\]\.morale: a cross-system experiment varies common factors only/);
    expect(refused(`scenarios: [${A}]\nacrossDoctrines: [by-the-book, careful]`)).toMatch(/^6: acrossDoctrines: does not apply to a cross-system experiment/);
    expect(refused(`scenarios: [missing.scenario.yaml]`)).toMatch(/^5: scenarios\[0\]: file not found: /);
    // One question: scenarios that say which variant of the common order of battle they map must agree.
    const nagbB = resolve('sims/nagb/common-b-open.scenario.yaml');
    expect(refused(`scenarios:\n  - ${A}\n  - ${nagbB}`)).toBe('7: scenarios[1]: maps variant B of the common order of battle, scenarios[0] variant A: the systems of one experiment answer one question');
  });

  const other = RULESETS.find((r) => r.id !== 'aor');
  it.skipIf(!other)('refuses an option of a rule system that plays no scenario here', () => {
    const o = other!.options[0];
    expect(refused(`scenarios: [${A}]\noptions:\n  ${o.name}: ${JSON.stringify(o.default)}`)).toBe(`7: options.${o.name}: an option of '${other!.id}', which plays no scenario here (aor)`);
  });
});

describe('a cross-system run', () => {
  it('gives the same bits on 0 and 2 workers, and each system’s figures as its own results have them', async () => {
    const prep = prepareRun({ file: EXPERIMENT, engagements: 40, batch: 10 });
    const here = await runPlanOutcome(prep.plan, { workers: 0 });
    const pool = await runPlanOutcome(prep.plan, { workers: 2 });
    expect(JSON.stringify(pool.accumulators)).toBe(JSON.stringify(here.accumulators));
    const x = resultsOf(prep, here.accumulators) as CrossResults;
    expect(isCross(x)).toBe(true);
    expect(JSON.stringify(resultsOf(prep, pool.accumulators))).toBe(JSON.stringify(x));
    for (const c of x.comparison.cells) {
      const r = x.systems.find((s) => s.provenance.ruleset.id === c.system)!;
      const s = r.cells.find((k) => k.index === c.cell)!.summary;
      const attacker = r.sides.findIndex((side) => side.role === 'attacker');
      expect(c.carried.p).toBe(s.outcome.find((o) => o.side === attacker)!.p);
      const hours = s.minutes.mean / 60;
      for (const k of [0, 1] as const) {
        expect(c.sides[k].casualtiesPerHour.value).toBeCloseTo((100 * s.sides[k].casualties.mean) / s.sides[k].startMen.mean / hours, 9);
      }
      const timeLimit = r.vocabulary.outcomes.filter((o) => o.timeLimit).map((o) => o.id);
      const decided = s.reasons.filter((k) => !timeLimit.includes(k.reason)).reduce((n, k) => n + k.count, 0);
      expect(c.decided.count).toBe(decided);
      // An Age of Rifles assault has no army to break: not in this system, not a measured 0.
      for (const k of [0, 1] as const) {
        if (c.system === 'aor') expect(c.sides[k].armyBroken, `${c.system} ${c.label}`).toBeNull();
        else expect(c.sides[k].armyBroken!.p, `${c.system} ${c.label}`).toBe(s.sides[k].armyBroken.p);
      }
    }
    const aor = x.systems.find((s) => s.provenance.ruleset.id === 'aor')!;
    expect(aor.unmeasured).toEqual(['routs', 'armyBroken']);
    expect(x.systems.filter((s) => s.provenance.ruleset.id !== 'aor').every((s) => s.unmeasured === undefined)).toBe(true);
    const broken = x.comparison.agreement.filter((a) => a.figure.startsWith('army broken'));
    expect(broken.length).toBe(10); // two sides, five rungs
    for (const a of broken) {
      expect(a.unmeasured).toEqual(['aor']);
      expect(a.values.map((v) => v.system)).not.toContain('aor');
      expect(a.differ.some((d) => d.a === 'aor' || d.b === 'aor')).toBe(false);
    }
    // The chart of broken defences draws no Age of Rifles line, and says why.
    const chart = crossCharts(x).find((c) => c.name === 'cross-defence-broken')!.spec as { title: { subtitle: string[] }; data: { values: { system: string }[] } };
    const aorName = x.provenance.systems.find((s) => s.id === 'aor')!.short;
    expect(chart.data.values.some((v) => v.system === aorName)).toBe(false);
    expect(chart.data.values.length).toBe(4 * 5);
    expect(chart.title.subtitle).toContain(`${aorName}: not in this system (no army to break)`);
  });

  it('an Age of Rifles battle measures its army broken: only routs are not in the system', async () => {
    const prep = prepareRun({ file: 'sims/meeting-engagement.scenario.yaml', engagements: 4, batch: 4 });
    const r = resultsOf(prep, (await runPlanOutcome(prep.plan, { workers: 0 })).accumulators) as Results;
    expect(r.unmeasured).toEqual(['routs']);
    const c = crossCell(r, 0, 'base', {});
    expect(c.sides.map((s) => s.routsPerEngagement)).toEqual([null, null]);
    expect(c.sides.map((s) => s.armyBroken)).toEqual(r.cells[0].summary.sides.map((s) => s.armyBroken));
  });
});

/** A cross cell with the given share carried (other figures at zero). */
function cell(system: string, carried: number, n = 1000): CrossCell {
  const zero = { mean: 0, sd: 0, lo: 0, hi: 0, n };
  const side = (role: string) => ({ name: role, role, startMen: 1000, menLost: zero, casualties: zero, casualtiesPerHour: { value: 0, lo: 0, hi: 0 }, hitHarder: false, routsPerEngagement: zero, armyBroken: wilson(0, n) });
  return { system, cell: 0, label: 'base', factors: {}, engagements: n, attacker: 0, carried: wilson(carried * n, n), held: wilson((1 - carried) * n, n), draw: wilson(0, n), hours: { ...zero, mean: 1 }, decided: wilson(n, n), sides: [side('attacker'), side('defender')] };
}

describe('agreement between systems', () => {
  it("a difference of 10 points in 1,000 engagements each parts two systems; of 2 points it does not (Newcombe's interval, pooled test, Holm)", () => {
    const rows = agreementRows([cell('a', 0.5), cell('b', 0.6), cell('c', 0.52)]);
    const carried = rows.find((r) => r.figure === 'attacks won')!;
    // Newcombe's interval of 600/1000 − 500/1000 (the Wilson intervals combined), worked out apart: [5.6427, 14.3037].
    const ab = carried.differ.find((d) => d.a === 'a' && d.b === 'b')!;
    expect(ab.difference).toBeCloseTo(10, 9);
    expect(ab.lo).toBeCloseTo(5.64270642, 6);
    expect(ab.hi).toBeCloseTo(14.30372901, 6);
    // Pooled score statistic 4.4947, p 7.4e-6 before Holm's correction over the three pairs.
    expect(ab.p).toBeLessThan(1e-4);
    expect(carried.differ.some((d) => d.a === 'a' && d.b === 'c')).toBe(false);
    expect(carried.spread).toBeCloseTo(10, 9);
    // Men at the start are shown, not tested.
    expect(rows.find((r) => r.figure === 'men at the start, attacker')!.compared).toBe(false);
  });

  it("a figure a system has no such thing as (Age of Rifles has no rout) is left out of the row and named, not compared as 0", () => {
    const noRouts = cell('aor', 0.5);
    for (const side of noRouts.sides) side.routsPerEngagement = null;
    const some = (system: string, mean: number) => {
      const c = cell(system, 0.5);
      for (const side of c.sides) side.routsPerEngagement = { mean, sd: 0.5, lo: mean - 0.03, hi: mean + 0.03, n: 1000 };
      return c;
    };
    const rows = agreementRows([noRouts, some('nagb', 0.4), some('burt', 0.4)]);
    const routs = rows.find((r) => r.figure === 'routs, attacker')!;
    expect(routs.values.map((v) => v.system)).toEqual(['nagb', 'burt']);
    expect(routs.unmeasured).toEqual(['aor']);
    expect(routs.differ).toEqual([]); // the two that have routs agree; aor is not set against them at 0
    expect(rows.find((r) => r.figure === 'attacks won')!.unmeasured).toBeUndefined();
  });

  it('an army broken that the scenario kind does not measure (an Age of Rifles assault) is left out of the row and named, not compared as 0', () => {
    const assault = cell('aor', 0.5);
    for (const side of assault.sides) side.armyBroken = null;
    const broke = (system: string, k: number) => {
      const c = cell(system, 0.5);
      for (const side of c.sides) side.armyBroken = wilson(k, 1000);
      return c;
    };
    const rows = agreementRows([assault, broke('nagb', 300), broke('burt', 310)]);
    const row = rows.find((r) => r.figure === 'army broken, defender')!;
    expect(row.values.map((v) => v.system)).toEqual(['nagb', 'burt']);
    expect(row.unmeasured).toEqual(['aor']);
    expect(row.differ).toEqual([]);
  });

  it('shares at 0%: two systems that both never carry agree; 6 carried in 400 against none parts them, the interval kept off 0 by its width', () => {
    const never = (system: string) => cell(system, 0, 400);
    const rows = agreementRows([never('a'), never('b'), cell('c', 6 / 400, 400)]);
    const carried = rows.find((r) => r.figure === 'attacks won')!;
    expect(carried.differ.map((d) => `${d.a}-${d.b}`).sort()).toEqual(['a-c', 'b-c']);
    const ac = carried.differ.find((d) => d.a === 'a')!;
    // Newcombe: [0.2501, 3.2335] points (a normal interval, with no spread at 0%, gives [0.31, 2.69]).
    expect(ac.lo).toBeCloseTo(0.25012531, 6);
    expect(ac.hi).toBeCloseTo(3.23346336, 6);
  });

  it('one system alone: nothing to compare', () => {
    expect(agreementRows([cell('a', 0.5)]).every((r) => r.differ.length === 0)).toBe(true);
  });
});

describe('lines of the side-by-side charts that lie on one another', () => {
  const row = (system: string, x: string, y: number, others = '') => ({ system, x, others, y });
  it('are named in groups, in the systems’ order, only when the same at every point of every panel', () => {
    const systems = ['AoR', 'NAGB', 'Burt', 'AoE', 'CWJ'];
    const rows = [
      ...['a', 'b'].flatMap((x) => [row('CWJ', x, 0), row('NAGB', x, 0), row('AoR', x, 30), row('Burt', x, x === 'a' ? 30 : 31), row('AoE', x, x === 'a' ? 30 : 31)]),
    ];
    expect(coincidentSystems(rows, systems)).toEqual([['NAGB', 'CWJ'], ['Burt', 'AoE']]);
    // The same in one panel, apart in the other: not one line.
    const panels = [row('AoR', 'a', 5, 'p=1'), row('NAGB', 'a', 5, 'p=1'), row('AoR', 'a', 5, 'p=2'), row('NAGB', 'a', 6, 'p=2')];
    expect(coincidentSystems(panels, systems)).toEqual([]);
  });

  it('say so in the subtitle of the chart that draws them', () => {
    const systems = [
      { id: 'aor', short: 'AoR' },
      { id: 'nagb', short: 'NAGB' },
      { id: 'cwj', short: 'CWJ' },
    ];
    const at = (system: string, quality: string, carried: number) => ({ ...cell(system, carried), factors: { 'defender.quality': quality } });
    const cells = ['line', 'guard'].flatMap((q) => [at('aor', q, q === 'line' ? 0.4 : 0.3), at('nagb', q, 0.2), at('cwj', q, 0.2)]);
    const x = { provenance: { systems, factors: { 'defender.quality': ['line', 'guard'] }, engagementsPerCell: 1000 }, comparison: { cells } } as unknown as CrossResults;
    const subtitle = (name: string) => (crossCharts(x).find((c) => c.name === name)!.spec as { title: { subtitle: string[] } }).title.subtitle;
    expect(subtitle('cross-carried')).toContain('NAGB and CWJ: one line, the same at every point');
    // No system breaks a defence here (the cells' shares are all 0).
    expect(subtitle('cross-defence-broken')).toContain('AoR, NAGB and CWJ: one line, the same at every point');
    expect(subtitle('cross-carried').some((l) => l.startsWith('AoR'))).toBe(false);
  });
});

describe('the casualty rates on the cross-system page', () => {
  const systems = [
    { id: 'aor', short: 'AoR' },
    { id: 'cwj', short: 'CWJ' },
  ];
  const x = (casualties: (string | undefined)[]) =>
    ({
      provenance: { systems, factors: {}, engagementsPerCell: 1000 },
      systems: casualties.map((c) => ({ vocabulary: c === undefined ? {} : { casualties: c } })),
      comparison: { cells: [cell('aor', 0.5), cell('cwj', 0.5)] },
    }) as unknown as CrossResults;
  const chart = (r: CrossResults) => crossCharts(r).find((c) => c.name === 'cross-casualties')!;

  it('say under the chart how each system counts its killed and wounded, in the systems’ order', () => {
    const c = chart(x(['Strength points lost.', 'Whole units only.']));
    expect(c.definition).toMatch(/each in its own way:$/);
    expect(c.notes).toEqual(['AoR: Strength points lost.', 'CWJ: Whole units only.']);
    expect(chartSection(c)).toContain('<ul class="notes"><li>AoR: Strength points lost.</li><li>CWJ: Whole units only.</li></ul>');
  });

  it('leave the list out for results written before the systems said it', () => {
    const c = chart(x([undefined, undefined]));
    expect(c.notes).toEqual([]);
    expect(c.definition).not.toContain('own way');
    expect(chartSection(c)).not.toContain('class="notes"');
  });
});

describe('the attacker’s win share on the cross-system page', () => {
  it('is named as the share of attacks won, in the table, the chart and the console, never as carried', () => {
    const systems = [
      { id: 'aor', short: 'AoR' },
      { id: 'burt', short: 'Burt' },
    ];
    const x = { provenance: { systems, factors: {}, engagementsPerCell: 1000 }, comparison: { cells: [cell('aor', 0.5), cell('burt', 0.3)] } } as unknown as CrossResults;
    x.comparison.agreement = agreementRows(x.comparison.cells);
    expect(x.comparison.agreement[0].figure).toBe('attacks won');
    const chart = crossCharts(x).find((c) => c.name === 'cross-carried')!;
    expect(chart.heading).toBe('Attacks won, by rule system');
    expect((chart.spec as { title: { text: string } }).title.text).toBe('Attacks won');
    expect(chart.definition).toMatch(/^The share of engagements the attacker won/);
    expect(CROSS_METHOD).toMatch(/Attacks won: share of engagements the attacker won/);
    expect(crossTable(x).split('\n')[0]).toMatch(/^system\s+cell\s+attack won \[95% CI\]\s+defence won\s+hours/);
    expect(crossTable(x) + chart.heading + chart.definition + CROSS_METHOD).not.toMatch(/carried \[|Attacks carried|attacks carried/i);
  });
});

describe('the side-by-side table on the cross-system page', () => {
  const systems = [
    { id: 'aor', short: 'AoR' },
    { id: 'burt', short: 'Burt' },
  ];
  const page = (cells: CrossCell[]) => {
    const x = { provenance: { systems, factors: {}, engagementsPerCell: 1000 }, comparison: { cells } } as unknown as CrossResults;
    x.comparison.agreement = agreementRows(cells);
    return sideBySide(x).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  };

  it('names the defender’s win share "defence won", as the console does, never "position held" (held now means held its objective at the end)', () => {
    const text = page([cell('aor', 0.5), cell('burt', 0.3)]);
    expect(text).toContain('Defence won % of engagements');
    expect(text).not.toMatch(/position held/i);
  });

  it('writes its numbers as the console does: 7.585 hours as 7.59, and every difference with a minus sign (U+2212), never a hyphen', () => {
    const a = cell('aor', 0.2);
    const b = cell('burt', 0.8);
    a.hours = { mean: 7.585, sd: 0, lo: 7.585, hi: 7.585, n: 1000 };
    const text = page([a, b]);
    expect(text).toContain(' 7.59 ');
    expect(text).not.toContain('7.58');
    const attacks = text.slice(text.indexOf('Attacks won'), text.indexOf('Defence won'));
    expect(attacks).toMatch(/Burt \+60\.0 on AoR \[\d+\.\d, \d+\.\d\]/);
    const defence = text.slice(text.indexOf('Defence won'), text.indexOf('Drawn'));
    expect(defence).toMatch(/Burt −60\.0 on AoR \[−\d+\.\d, −\d+\.\d\]/);
    expect(text).not.toMatch(/[\s[,]-\d/);
  });
});

describe('the common time: systems whose games last different times, compared over the same time', () => {
  const limit = (turns: number, minutesPerTurn: number, fewestTurns?: number): TimeLimit => ({ turns, minutesPerTurn, ...(fewestTurns === undefined ? {} : { fewestTurns }) });

  it('is the shortest time every game always lasts (NAGB p37: seven turns, then a die for an eighth and a ninth), or none when every game lasts the same fixed time', () => {
    const aor = limit(2, 60);
    const nagb = limit(9, 10, 7);
    const burt = limit(8, 15);
    expect(commonMinutes([aor, nagb, burt])).toBe(70);
    expect(commonMinutes([aor, burt])).toBeNull();
    expect(commonMinutes([aor, limit(4, 10)])).toBe(40);
    // One system whose own game may run past its fewest turns: its wins of the later turns are left out.
    expect(commonMinutes([nagb])).toBe(70);
    expect(commonMinutes([limit(7, 10, 7)])).toBeNull();
    expect(commonMinutes([])).toBeNull();
  });

  it('is said in words, and a rolled time limit as its fewest to its most turns', () => {
    expect(timeLimitText(limit(9, 10, 7))).toBe('7 to 9 turns of 10 minutes, 1.17 to 1.5 hours');
    expect(timeLimitText(limit(2, 60))).toBe('2 turns of 60 minutes, 2 hours');
    expect(timeLimitText({ ...limit(1, 60), turnWord: 'round' })).toBe('1 round of 60 minutes, 1 hour');
    expect(minutesText(70)).toBe('70 minutes');
    expect(minutesText(40)).toBe('40 minutes');
    expect(minutesText(60)).toBe('1 hour');
    expect(minutesText(120)).toBe('2 hours');
    expect(minutesText(150)).toBe('2 hours 30 minutes');
  });

  it('says what each system counts within it where its turns do not end on it (Age of Rifles its first round of an hour, Burt 4 quarter-hour turns), leaving out a system with no turn ended by then', () => {
    const systems = [
      { short: 'AoR', timeLimit: { ...limit(2, 60), turnWord: 'round' } },
      { short: 'NAGB', timeLimit: limit(9, 10, 7) },
      { short: 'Burt', timeLimit: limit(8, 15) },
      { short: 'AoE', timeLimit: limit(6, 20) },
      { short: 'CWJ', timeLimit: limit(12, 10) },
    ];
    expect(countedWithin(systems, 70)).toBe('AoR 1 round (1 hour); Burt 4 turns (1 hour); AoE 3 turns (1 hour)');
    expect(countedWithin(systems, 40)).toBe('Burt 2 turns (30 minutes)');
    expect(countedWithin(systems.slice(1, 2), 70)).toBe('');
  });

  it('is not taken for "the same time limit" in results written before it (no common time, limits that differ)', () => {
    const systems = [
      { id: 'aor', short: 'AoR', title: 'Age of Rifles', scenario: 'a.yaml', hash: 'a'.repeat(64), timeLimit: { ...limit(2, 60), turnWord: 'round' } },
      { id: 'nagb', short: 'NAGB', title: 'NAGB', scenario: 'n.yaml', hash: 'b'.repeat(64), timeLimit: limit(9, 10) },
    ];
    const cells = [cell('aor', 0.5), cell('nagb', 0.1)];
    const x = { provenance: { systems, factors: {}, engagementsPerCell: 1000, seed: 1, batch: 10, hash: 'c'.repeat(64), volley: 'x', experiment: { file: 'x', name: 'x' } }, systems: [], comparison: { cells, agreement: agreementRows(cells), method: '' } } as unknown as CrossResults;
    const html = crossHtml(x, [], { vega: '', vegaLite: '', vegaEmbed: '' } as never);
    expect(html).toContain('The systems play to different time limits');
    expect(html).not.toContain('Every system plays to the same time limit');
  });

  it('adds a row of attacks won within it only where there is one, tested between the systems like the others', () => {
    const within = (system: string, won: number, n = 1000): CrossCell => ({ ...cell(system, 0.9, n), wonWithin: wilson(won * n, n) });
    const cells = [within('nagb', 0.1), within('burt', 0.5), within('cwj', 0.52)];
    expect(agreementRows(cells).some((r) => r.figure.startsWith('attacks won within'))).toBe(false);
    const rows = agreementRows(cells, 70);
    const row = rows.find((r) => r.figure === 'attacks won within 70 minutes')!;
    expect(rows.indexOf(row)).toBe(1);
    expect(row.values.map((v) => [v.system, v.value])).toEqual([['nagb', 10], ['burt', 50], ['cwj', 52]]);
    expect(row.differ.map((d) => `${d.a}-${d.b}`).sort()).toEqual(['nagb-burt', 'nagb-cwj']);
    // Attacks won (all of them, 90% in every system) agree.
    expect(rows.find((r) => r.figure === 'attacks won')!.differ).toEqual([]);
  });

  it('leaves out, and says why, a system none of whose turns ends within the common time: it has no wins to count yet, which is not 0%', () => {
    const cells: CrossCell[] = [{ ...cell('aor', 0.4), wonWithin: null, turnMinutes: 60 }, { ...cell('cwj', 0.3), wonWithin: wilson(300, 1000), turnMinutes: 10 }, { ...cell('nagb', 0.2), wonWithin: wilson(150, 1000), turnMinutes: 10 }];
    const row = agreementRows(cells, 40).find((r) => r.figure === 'attacks won within 40 minutes')!;
    expect(row.values.map((v) => v.system)).toEqual(['cwj', 'nagb']);
    expect(row.unmeasured).toEqual(['aor']);
    expect(row.why).toEqual({ aor: 'no turn ends within 40 minutes (a turn is 1 hour)' });
    expect(row.differ.some((d) => d.a === 'aor' || d.b === 'aor')).toBe(false);
    const systems = [{ id: 'aor', short: 'AoR' }, { id: 'cwj', short: 'CWJ' }, { id: 'nagb', short: 'NAGB' }];
    const x = { provenance: { systems, factors: {}, engagementsPerCell: 1000 }, comparison: { commonMinutes: 40, cells, agreement: agreementRows(cells, 40) } } as unknown as CrossResults;
    expect(sideBySide(x)).toContain('<td class="none">no turn ends within 40 minutes (a turn is 1 hour)</td>');
    const chart = crossCharts(x).find((c) => c.name === 'cross-won-within')!.spec as { title: { subtitle: string[] } };
    expect(chart.title.subtitle).toContain('AoR: no turn ends within 40 minutes (a turn is 1 hour)');
    expect(crossTable(x)).toMatch(/, - where no turn of the system ends by then \(AoR\)/);
  });

  it('counts in NAGB the wins of its first seven turns: the same engagements played one by one give the same count', () => {
    const c = shipped('sims/nagb/common-a-village.scenario.yaml');
    const shape = nagbRuleset.describe(c);
    expect(shape.fewestTurns).toBe(7);
    expect(shape.turns).toBe(9);
    const acc = emptyCellAcc(accSize(shape, nagbRuleset.vocabulary));
    let early = 0;
    let late = 0;
    // Played until there are wins on both sides of the seventh turn (late wins are rare in A), so that
    // the two counts below tell them apart.
    for (let i = 0; i < 600 && !(early > 0 && late > 0); i++) {
      const r = playNagb(c, 'within', i);
      if (r.winner === 0) r.turns <= 7 ? early++ : late++;
      addResult(acc, r);
    }
    const s = summarizeCell(acc, shape, nagbRuleset.vocabulary);
    expect(early + late).toBe(acc.winners[0]);
    expect(Math.min(early, late)).toBeGreaterThan(0);
    expect(wonWithin(s.sides[0], s.engagements, 70)!.count).toBe(early);
    expect(wonWithin(s.sides[0], s.engagements, 90)!.count).toBe(early + late);
    // The fixed-length reading (nagb.gameLength fixed7) plays no turn past the seventh: no common time of its own.
    const fixed = nagbRuleset.describe(shipped('sims/nagb/common-a-village.scenario.yaml', { 'nagb.gameLength': 'fixed7' }));
    expect([fixed.turns, fixed.fewestTurns]).toEqual([7, 7]);
    expect(commonMinutes([{ turns: fixed.turns, minutesPerTurn: fixed.scale.minutesPerTurn, fewestTurns: fixed.fewestTurns }])).toBeNull();
  });

  it('runs through a cross-system run: the console, the side-by-side rows and the chart give the attacker’s wins of the first 70 minutes', async () => {
    const prep = prepareRun({ file: EXPERIMENT, engagements: 40, batch: 20 });
    const x = resultsOf(prep, (await runPlanOutcome(prep.plan, { workers: 0 })).accumulators) as CrossResults;
    expect(x.comparison.commonMinutes).toBe(70);
    expect(x.provenance.systems.find((s) => s.id === 'nagb')!.timeLimit).toEqual({ turns: 9, minutesPerTurn: 10, fewestTurns: 7 });
    for (const c of x.comparison.cells) {
      expect(c.wonWithin!.count, `${c.system} ${c.label}`).toBeLessThanOrEqual(c.carried.count);
      const r = x.systems.find((s) => s.provenance.ruleset.id === c.system)!;
      const s = r.cells.find((k) => k.index === c.cell)!.summary;
      const attacker = r.sides.findIndex((side) => side.role === 'attacker') as 0 | 1;
      expect(c.wonWithin!.count).toBe(wonWithin(s.sides[attacker], s.engagements, 70)!.count);
    }
    const rows = x.comparison.agreement.filter((a) => a.figure === 'attacks won within 70 minutes');
    expect(rows.length).toBe(5);
    expect(crossTable(x)).toMatch(/attack won \[95% CI\]\s+won in 70 minutes\s+defence won/);
    expect(crossTable(x)).toContain('NAGB 7 to 9 turns of 10 minutes, 1.17 to 1.5 hours');
    const chart = crossCharts(x).find((c) => c.name === 'cross-won-within')!;
    expect(chart.heading).toMatch(/^Attacks won within 70 minutes, by rule system against the /);
    expect((chart.spec as { data: { values: unknown[] } }).data.values.length).toBe(25);
  });
});
