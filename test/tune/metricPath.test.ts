/**
 * The metric paths of `volley tune` (src/stats/metricPath.ts; docs/files.md, "Metric paths"): each
 * reads the figure of the summary it names, selectors take ids, names, indices and roles, and every
 * mistake is an error that says what was expected and suggests the nearest metrics. Also the target
 * and range syntax of the command (src/sim/studies/tune.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngagementShape } from '../../src/core/ruleset.js';
import { findRuleset } from '../../src/rules/index.js';
import { VolleyInputError } from '../../src/core/errors.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { parseRange, parseTargetValue, prepareTune, splitTarget } from '../../src/sim/studies/tune.js';
import { editDistance, listMetrics, MetricError, metricNames, parseMetric } from '../../src/stats/metricPath.js';
import { summarizeCell, type CellSummary } from '../../src/stats/summary.js';
import { AOR_VOCABULARY } from '../../src/rules/aor/vocabulary.js';

/** The outcome reasons of Age of Rifles (the metric paths ended[R]). */
const R = AOR_VOCABULARY.outcomes.map((o) => o.id);

async function summaryOf(file: string, n: number, rulesetId = 'aor'): Promise<{ shape: EngagementShape; s: CellSummary }> {
  const { scenario } = loadScenario(file);
  const cell = singleCell(scenario);
  const [acc] = await runPlan({ rulesetId, seed: 1, engagements: n, batch: 500, cells: [{ index: 0, rngKey: 'cell', scenario, options: cell.options }], checkInvariants: false }, { workers: 0 });
  const rs = findRuleset(rulesetId)!;
  const shape = rs.describe(rs.compile(scenario, cell.options));
  return { shape, s: summarizeCell(acc, shape, rs.vocabulary) };
}

describe('metric paths on a battle', () => {
  let shape: EngagementShape;
  let s: CellSummary;
  beforeAll(async () => {
    ({ shape, s } = await summaryOf('test/tune/skirmish.scenario.yaml', 60));
  });
  const read = (path: string) => parseMetric(path, shape, R).read(s)!;

  it('read the figure they name, shares with their Wilson interval and means with theirs', () => {
    expect(read('winner[Blue]')).toMatchObject({ value: s.outcome[0].p, lo: s.outcome[0].lo, hi: s.outcome[0].hi, n: 60 });
    expect(read('winner[1]').value).toBe(s.outcome[1].p);
    expect(read('winner[draw]').value).toBe(s.outcome[2].p);
    expect(read('turns')).toMatchObject({ value: s.turns.mean, lo: s.turns.lo, hi: s.turns.hi });
    expect(read('side[Red].retreatRate').value).toBe(s.sides[1].retreatRate.p);
    expect(read('side[0].strengthLost')).toMatchObject({ value: s.sides[0].strengthLost.mean, lo: s.sides[0].strengthLost.lo });
    expect(read('side[1].victoryPoints').value).toBe(s.sides[1].victoryPoints.mean);
    expect(read('side[0].armyDemoralized').value).toBe(s.sides[0].armyBroken.p);
    expect(read('side[Blue].armyDemoralizedByTurn[2]').value).toBe(s.sides[0].armyBrokenByTurn[1].p);
    expect(read('side[Red].strengthByTurn[1]').value).toBe(s.sides[1].strengthByTurn[0].mean);
    expect(read('formation[Red-Bde].demoralized').value).toBe(s.formations[1].broken.p);
    expect(read('formation[Blue-Bde].demoralizedByTurn[2]').value).toBe(s.formations[0].brokenByTurn[1].p);
    expect(read('formation[1].strengthLost').value).toBe(s.formations[1].strengthLost.mean);
    expect(read('objective[Village].heldBy[Blue]').value).toBe(s.objectives[0].heldBy[0].p);
    expect(read('objective[0].heldBy[nobody]').value).toBe(s.objectives[0].heldBy[2].p);
    expect(read('unit[Red-1].eliminated').value).toBe(s.units.find((u) => u.id === 'Red-1')!.eliminated.p);
    const ended = s.reasons.filter((x) => x.reason === 'victoryPoints').reduce((k, x) => k + x.count, 0);
    expect(read('ended[victoryPoints]').value).toBe(ended / 60);
  });

  it('a share\'s standard error is sqrt(p(1-p)/n); a mean\'s is its interval over 2 x 1.96', () => {
    const w = read('winner[Blue]');
    expect(w.se).toBeCloseTo(Math.sqrt((w.value * (1 - w.value)) / 60), 12);
    const m = read('side[0].strengthLost');
    expect(m.se).toBeCloseTo(s.sides[0].strengthLost.sd / Math.sqrt(60), 6);
  });

  it('take sides by name, index or role, and names in any case; write the path with names', () => {
    for (const p of ['side[Red].retreatRate', 'side[1].retreatRate', 'side[defender].retreatRate', 'side[red].retreatRate']) {
      expect(parseMetric(p, shape, R).path).toBe('side[Red].retreatRate');
    }
    expect(parseMetric(' formation[blue-bde].demoralized ', shape, R).path).toBe('formation[Blue-Bde].broken');
    expect(parseMetric('objective[village].heldBy[defender]', shape, R).path).toBe('objective[Village].heldBy[Red]');
    expect(parseMetric('winner[Blue]', shape, R)).toMatchObject({ kind: 'share', words: 'Blue won' });
    expect(parseMetric('side[Blue].victoryPoints', shape, R).kind).toBe('mean');
  });

  it('every listed metric reads, and every name is one the parser takes', () => {
    const names = metricNames(shape, R);
    expect(names.length).toBeGreaterThan(40);
    for (const n of names) expect(parseMetric(n, shape, R).read(s), n).not.toBeNull();
    expect(listMetrics(shape, R).map((e) => e.pattern)).toContain('formation[Red-Bde].brokenByTurn[1..2]');
  });

  it('unknown metrics are errors with the nearest known ones', () => {
    const cases: [string, RegExp][] = [
      ['winer[Blue]', /unknown metric 'winer\[Blue\]'.*did you mean 'winner\[Blue\]'/],
      ['formation[Red-Bde].demoralisedByTurn[2]', /did you mean 'formation\[Red-Bde\]\.demoralizedByTurn\[2\]'/],
      ['formation[Green].demoralized', /no formation 'Green'; formations: Blue-Bde, Red-Bde/],
      ['side[2].retreatRate', /no side '2'; expected 0 or 'Blue' \(attacker\), 1 or 'Red' \(defender\)/],
      ['side[Blue].armyDemoralizedByTurn[3]', /expected a turn from 1 to 2 in the brackets, found '3'/],
      ['formation[Red-Bde].demoralizedByTurn', /expected a turn from 1 to 2 in the brackets, found nothing/],
      ['objective[Mill].heldBy[Blue]', /no objective 'Mill'; objectives: Village/],
      ['objective[Village].heldBy[Green]', /expected 0 or 'Blue'.*or nobody/],
      ['ended[rout]', /no end reason 'rout'; expected one of retreat, destroyed/],
      ['unit[Nobody].retreated', /no unit 'Nobody'/],
      ['side[Blue].moraleFailRate', /unknown metric/],
      ['winner[Blue].x', /unknown metric/],
      ['side[Blue].retreatRate[3]', /unknown metric/],
      ['', /no metric given/],
      ['winner[Blue', /unknown metric/],
    ];
    for (const [path, re] of cases) {
      expect(() => parseMetric(path, shape, R), path).toThrow(MetricError);
      expect(() => parseMetric(path, shape, R), path).toThrow(re);
    }
  });

  it('edit distance', () => {
    expect(editDistance('winer', 'winner')).toBe(1);
    expect(editDistance('Side', 'side')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('metric paths on an assault', () => {
  it('figures an Age of Rifles map-free assault has no such thing as are refused, naming what the scenario is', async () => {
    const { shape } = await summaryOf('test/tune/one-round.scenario.yaml', 10);
    const refused: [string, string][] = [
      ['formation[0].demoralized', 'formations'],
      ['side[0].victoryPoints', 'victory points'],
      ['side[0].armyBroken', 'army to break'],
      ['side[0].strengthByTurn[1]', 'strength on the map turn by turn'],
      ['objective[0].heldBy[0]', 'objectives'],
    ];
    for (const [path, lacks] of refused) expect(() => parseMetric(path, shape, R), path).toThrow(`${path}: this scenario is an Age of Rifles map-free assault, which has no ${lacks}`);
    expect(parseMetric('side[Grey].retreatRate', shape, R).path).toBe('side[Grey].retreatRate');
    const patterns = listMetrics(shape, R).map((e) => e.pattern);
    expect(patterns.some((p) => /^formation|^objective|strengthByTurn|armyBroken|victoryPoints/.test(p)), patterns.join(' ')).toBe(false);
  });
});

describe('metric paths on lane engagements without formations (Burt, Age of Eagles)', () => {
  for (const [id, file] of [
    ['burt', 'sims/burt/meeting.scenario.yaml'],
    ['aoe', 'sims/aoe/meeting.scenario.yaml'],
  ] as const) {
    it(`${id}: strength by turn, the army broken and the objective are listed and read; formations and victory points are refused as what the scenario is`, async () => {
      const { shape, s } = await summaryOf(file, 8, id);
      const reasons = findRuleset(id)!.vocabulary.outcomes.map((o) => o.id);
      const side = shape.sides[1].name;
      expect(parseMetric(`side[1].strengthByTurn[${shape.turns}]`, shape, reasons).read(s)!.value).toBe(s.sides[1].strengthByTurn[shape.turns - 1].mean);
      expect(parseMetric('side[0].armyBroken', shape, reasons).read(s)!.value).toBe(s.sides[0].armyBroken.p);
      expect(parseMetric('objective[0].heldBy[nobody]', shape, reasons).read(s)!.value).toBe(s.objectives[0].heldBy[2].p);
      const patterns = listMetrics(shape, reasons).map((e) => e.pattern);
      expect(patterns).toContain(`side[${side}].strengthByTurn[1..${shape.turns}]`);
      expect(patterns).toContain(`side[${side}].armyBrokenByTurn[1..${shape.turns}]`);
      for (const n of metricNames(shape, reasons)) expect(parseMetric(n, shape, reasons).read(s), n).not.toBeNull();
      const what = id === 'burt' ? 'a Burt engagement on the lane' : 'an Age of Eagles engagement on the lane';
      expect(() => parseMetric('formation[0].broken', shape, reasons)).toThrow(`formation[0].broken: this scenario is ${what}, which has no formations`);
      expect(() => parseMetric('side[0].victoryPoints', shape, reasons)).toThrow(`this scenario is ${what}, which has no victory points`);
    });
  }
});

describe('the target and the range of volley tune', () => {
  it('split "METRIC = VALUE" and read shares as % or fractions, means as numbers', async () => {
    const { shape } = await summaryOf('test/tune/one-round.scenario.yaml', 10);
    const share = parseMetric('winner[0]', shape, R);
    const mean = parseMetric('side[0].strengthLost', shape, R);
    expect(splitTarget(' winner[0] = 30% ')).toEqual({ metric: 'winner[0]', value: '30%' });
    expect(parseTargetValue('30%', share)).toBeCloseTo(0.3, 12);
    expect(parseTargetValue('0.3', share)).toBe(0.3);
    expect(parseTargetValue('2.5', mean)).toBe(2.5);
    const bad: [() => unknown, RegExp][] = [
      [() => splitTarget('winner[0] 30%'), /expected "METRIC = VALUE"/],
      [() => splitTarget(' = 30%'), /no metric before '='/],
      [() => splitTarget('winner[0] ='), /no value after '='/],
      [() => parseTargetValue('30', share), /a share, from 0 to 1 .* \(for 30% write the % sign\)/],
      [() => parseTargetValue('abc', share), /expected a percentage such as 30% or a fraction such as 0.3/],
      [() => parseTargetValue('120%', share), /a share, from 0 to 1/],
      [() => parseTargetValue('3%', mean), /a mean per engagement, not a share/],
      [() => parseTargetValue('x', mean), /expected a number after '='/],
      [() => parseTargetValue('-3', mean), /side\[Blue\]\.strengthLost is a mean of .* per engagement, never below 0; found -3/],
    ];
    for (const [f, re] of bad) {
      expect(f).toThrow(VolleyInputError);
      expect(f).toThrow(re);
    }
  });

  it('ranges are A..B with the first below the second', () => {
    expect(parseRange('8..28')).toEqual({ from: 8, to: 28 });
    expect(parseRange('-1.5 .. 2')).toEqual({ from: -1.5, to: 2 });
    expect(() => parseRange('8-28')).toThrow(/--range: expected A..B with two numbers/);
    expect(() => parseRange('5..5')).toThrow(/--range: expected the first number below the second/);
  });

  it('prepareTune names the flag at fault, and tells whole-number parameters from real ones', () => {
    const T = 'side[Grey].retreatRate = 20%';
    const F = 'test/tune/one-round.scenario.yaml';
    const bad: [Parameters<typeof prepareTune>[0], RegExp][] = [
      [{ file: F, param: 'defender.units[*].moral', target: T, range: '0..6' }, /^--param: 'defender.units\[\*\].moral' is not in the scenario: .*unknown field 'moral'/],
      [{ file: F, param: 'defender.units[Nobody].morale', target: T, range: '0..6' }, /^--param: .* selects nothing in/],
      [{ file: F, param: 'defender.name', target: T, range: '0..6' }, /^--param: 'defender.name' is "Grey" in the scenario, not a number/],
      [{ file: F, param: 'aor.terrainReductions', target: T }, /^--param: 'aor.terrainReductions' is "largest"/],
      [{ file: F, param: 'defender.units[*].morale', target: T }, /^--range: give the values to search as --range A..B \(defender.units\[\*\].morale is 4 in the scenario\)/],
      [{ file: F, param: 'defender.units[*].morale', target: T, range: '0..11' }, /^--range: defender.units\[\*\].morale = 11 makes the scenario invalid at defender.units\[0\].morale: /],
      [{ file: F, param: 'defender.units[*].morale', target: T, range: '0.5..6' }, /^--range: .* = 0.5 makes the scenario invalid/],
      [{ file: F, param: 'defender.units[*].morale', target: T, range: '0..6', tolerance: 0.1 }, /^--tolerance: .* takes whole numbers/],
      [{ file: F, param: 'defender.units[*].morale', target: 'side[Grey].retreatRat = 20%', range: '0..6' }, /^--target: unknown metric/],
      [{ file: F, param: 'turns', target: T, range: '1..3', cell: '2' }, /^--cell: no cell '2'/],
      [{ file: 'test/tune/skirmish.scenario.yaml', param: 'turns', target: 'formation[Red-Bde].demoralizedByTurn[2] = 10%', range: '1..2' }, /^--target: when turns = 1: .*expected a turn from 1 to 1/],
    ];
    for (const [req, re] of bad) {
      expect(() => prepareTune(req), req.param).toThrow(VolleyInputError);
      expect(() => prepareTune(req), req.param).toThrow(re);
    }
    expect(prepareTune({ file: F, param: 'defender.units[*].morale', target: T, range: '0..6' }).param.integer).toBe(true);
    const real = prepareTune({ file: 'test/tune/skirmish.scenario.yaml', param: 'sides[0].battleDoctrine.chargeRatio', target: 'winner[0] = 50%', range: '0.5..3' });
    expect(real.param.integer).toBe(false);
    expect(real.tolerance).toBe(0.025);
    // A numeric option searches its own values without a --range.
    const opt = prepareTune({ file: F, param: 'aor.demoralizedComplianceDelay', target: T });
    expect(opt.range).toEqual({ from: 0, to: 2, given: false });
    expect(opt.param.scenarioValues).toEqual([0]);
  });

  it('an experiment with several cells needs --cell', () => {
    expect(() => prepareTune({ file: 'sims/town-assault.experiment.yaml', param: 'turns', target: 'winner[0] = 50%', range: '2..8' })).toThrow(
      /^--cell: sims\/town-assault.experiment.yaml has 4 cells; name the one to tune with --cell/,
    );
    const p = prepareTune({ file: 'sims/town-assault.experiment.yaml', param: 'turns', target: 'winner[0] = 50%', range: '2..8', cell: 'defender.units[*].morale=5' });
    expect(p.base.index).toBe(2);
    expect(prepareTune({ file: 'sims/town-assault.experiment.yaml', param: 'turns', target: 'winner[0] = 50%', range: '2..8', cell: '3' }).base.label).toBe('defender.units[*].morale=6');
  });
});
