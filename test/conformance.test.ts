/**
 * The conformance suite (DESIGN.md, "Contracts"; STYLE.md 4): every registered rule system, every one
 * of its example files, through the same checks. A rule system that passes here plays in every study,
 * report and command of volley. Its exclusion list stays empty.
 *
 * For each example: engagements with invariant checks on; the same accumulators on 0 and 2 workers and
 * after a resume; a sane result vocabulary in every engagement; a trace that replays the engagement it
 * traces. For each rule system: every option listed with default, values, source and its place in
 * docs/rules; a JSON Schema for each scenario kind; a random-legal baseline among its doctrines; exact
 * odds that Monte Carlo agrees with (within 4 standard errors, fixed seeds).
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { EngagementDice } from '../src/core/dice.js';
import { RUNGS, type EngagementResult } from '../src/core/result.js';
import { QUALITY_LADDER, type OddsQuestion, type Ruleset } from '../src/core/ruleset.js';
import { RULESETS } from '../src/rules/index.js';
import { parse } from 'yaml';
import { scenarioKindSchema, scenarioSchema } from '../src/scenario/schema.js';
import type { RunPlan } from '../src/sim/engine/plan.js';
import { batchesOf } from '../src/sim/engine/plan.js';
import { runPlanOutcome, WorkerPool } from '../src/sim/engine/runner.js';
import { prepareRun } from '../src/sim/studies/prepare.js';
import { replayEngagement, replayStoryLines } from '../src/sim/studies/trace.js';
import type { CellAccumulator } from '../src/stats/cellAccumulator.js';

/** Rule systems (or `id:file` examples) the suite does not yet hold to the contract. Keep it empty. */
const EXCLUDED: readonly string[] = [];

/**
 * Engagements per cell, in batches of BATCH: several batches (four), so merging and resuming are
 * exercised; each engagement is played four times here (0 and 2 workers, the resume's half, the
 * check of its figures), so N weighs on the suite's time.
 */
const N = 16;
const BATCH = 4;
/** Draws per odds example. */
const ODDS_DRAWS = 4000;
/** The tolerance of the odds check, in standard errors of each exact probability. */
const Z = 4;

const included = (key: string) => !EXCLUDED.includes(key);

/**
 * Two worker threads kept for every example (a pool serves one plan after another, each task bringing
 * its plan): the same code paths as a run's own pool, without starting threads for each example.
 */
let pool: WorkerPool | null = null;
const twoWorkers = () => (pool ??= new WorkerPool(2));
afterAll(async () => {
  await pool?.close();
});

/** The example's plan, cut to N engagements a cell in batches of BATCH, invariants checked. */
function smallPlan(file: string): { plan: RunPlan; prep: ReturnType<typeof prepareRun> } {
  const prep = prepareRun({ file, engagements: N, batch: BATCH, fixedCount: true, checkInvariants: true });
  return { prep, plan: prep.plan };
}

/** Accumulators as JSON, for bit-for-bit comparison. */
const bits = (accs: readonly CellAccumulator[]) => JSON.stringify(accs);

/** Every figure of a result against what the vocabulary and the engagement's shape allow. */
function checkResult(rs: Ruleset<any, any>, r: EngagementResult, units: { side: 0 | 1 }[], turnLimit: number, where: string): void {
  const reasons = rs.vocabulary.outcomes.map((o) => o.id);
  expect(reasons, `${where}: reason '${r.reason}' is declared`).toContain(r.reason);
  expect([null, 0, 1], `${where}: winner`).toContain(r.winner);
  expect(r.turns, `${where}: turns`).toBeGreaterThanOrEqual(1);
  expect(r.turns, `${where}: turns within the limit`).toBeLessThanOrEqual(turnLimit);
  expect(r.minutes, `${where}: minutes`).toBeGreaterThanOrEqual(0);
  expect(r.units.length, `${where}: a result per unit`).toBe(units.length);
  r.sides.forEach((s, k) => {
    const w = `${where}, side ${k}`;
    const own = units.filter((u) => u.side === k).length;
    expect(s.strengthLost, `${w}: strength lost within strength`).toBeLessThanOrEqual(s.startStrength + 1e-9);
    expect(s.strengthLost, `${w}: strength lost`).toBeGreaterThanOrEqual(0);
    expect(s.startMen, `${w}: men at the start`).toBeGreaterThan(0);
    expect(s.menLost, `${w}: men lost within men`).toBeLessThanOrEqual(s.startMen + 1e-9);
    expect(s.casualties, `${w}: casualties within men lost`).toBeLessThanOrEqual(s.menLost + 1e-9);
    expect(s.unitsEliminated, `${w}: units eliminated within units`).toBeLessThanOrEqual(own);
    expect(s.rungs.length, `${w}: a count per rung`).toBe(RUNGS.length);
    expect(s.rungs[0], `${w}: every unit on the first rung`).toBe(own);
    for (let i = 1; i < s.rungs.length; i++) expect(s.rungs[i], `${w}: rung ${RUNGS[i]} within rung ${RUNGS[i - 1]}`).toBeLessThanOrEqual(s.rungs[i - 1]);
    expect(s.checksTaken.length, `${w}: a count per purpose`).toBe(rs.vocabulary.checkPurposes.length);
    let counted = 0;
    let countedFailed = 0;
    rs.vocabulary.checkPurposes.forEach((p, i) => {
      expect(s.checksFailed[i], `${w}: ${p.id} failures within checks`).toBeLessThanOrEqual(s.checksTaken[i]);
      if (p.counted) (counted += s.checksTaken[i]), (countedFailed += s.checksFailed[i]);
    });
    expect([s.moraleChecks, s.moraleChecksFailed], `${w}: morale checks are the counted purposes'`).toEqual([counted, countedFailed]);
    expect(s.checksByRating.reduce((a, b) => a + b, 0), `${w}: checks by rating`).toBeLessThanOrEqual(s.moraleChecks);
    expect(s.checksByRating.length, `${w}: a count per rating`).toBe(rs.vocabulary.ratings.labels.length);
    expect(s.chargesHome, `${w}: charges home within declared`).toBeLessThanOrEqual(s.chargesDeclared);
    expect(s.chargesWon, `${w}: charges won within home`).toBeLessThanOrEqual(s.chargesHome);
    expect(s.armyBrokenTurn, `${w}: army broken turn`).toBeLessThanOrEqual(r.turns);
    for (const f of s.formationsBroken) expect(f.turn, `${w}: formation ${f.formation} broken turn`).toBeLessThanOrEqual(r.turns);
  });
  for (const k of Object.keys(r.extras)) {
    const declared = rs.vocabulary.extras.some((e) => (e.perSide ? k === `${e.key}.0` || k === `${e.key}.1` : k === e.key));
    expect(declared, `${where}: extra '${k}' is declared in the vocabulary`).toBe(true);
  }
}

describe.each(RULESETS.filter((r) => included(r.id)).map((r) => [r.id, r] as const))('conformance: %s', (id, rs) => {
  it('lists every option with default, values, source and doc, and documents it in docs/rules', () => {
    expect(rs.options.length).toBeGreaterThan(0);
    const docs = readFileSync(rs.source.docs, 'utf8');
    for (const o of rs.options) {
      expect(o.name.startsWith(`${id}.`), o.name).toBe(true);
      expect(o.values, `${o.name}: its default is one of its values`).toContain(o.default);
      expect(o.source.trim().length, `${o.name}: source`).toBeGreaterThan(0);
      expect(o.doc.trim().length, `${o.name}: doc`).toBeGreaterThan(0);
      expect(docs, `${o.name} in ${rs.source.docs}`).toContain(o.name);
    }
    expect(new Set(rs.options.map((o) => o.name)).size).toBe(rs.options.length);
  });

  it('declares its scale, vocabulary and doctrines, a random-legal baseline among them', () => {
    for (const k of ['yardsPerUnit', 'menPerStrength', 'minutesPerTurn'] as const) expect(rs.scale[k], k).toBeGreaterThan(0);
    expect(rs.vocabulary.outcomes.length).toBeGreaterThan(0);
    expect(rs.vocabulary.checkPurposes.length).toBeGreaterThan(0);
    expect(rs.vocabulary.ratings.labels.length).toBeGreaterThan(0);
    // How its killed and wounded come about, for the cross-system page's casualty rates.
    expect(rs.vocabulary.casualties?.length ?? 0, 'vocabulary.casualties').toBeGreaterThan(60);
    // The report's sentences that cite the rules, in this system's own words.
    const words = rs.vocabulary.report;
    expect(words, 'vocabulary.report').toBeDefined();
    for (const t of [words!.objectiveHolder, words!.formations, words!.army, words!.retreats.forced, words!.retreats.voluntary, words!.retreats.definition, words!.strengthLost, words!.eliminated]) expect(t.trim().length).toBeGreaterThan(3);
    expect(words!.retreats.definition).toMatch(/\.$/);
    if (rs.vocabulary.ratings.failure) expect(rs.vocabulary.ratings.failure.p.length).toBe(rs.vocabulary.ratings.labels.length);
    for (const kind of rs.scenarioKinds) {
      const listed = rs.doctrines.list.filter((d) => !d.engagements || d.engagements.includes(kind.engagement));
      expect(listed.length, `${kind.engagement}: doctrines`).toBeGreaterThanOrEqual(2);
      expect(listed.some((d) => d.baseline), `${kind.engagement}: a random-legal baseline`).toBe(true);
    }
    expect(rs.vocabulary.outcomes.some((o) => o.timeLimit), 'an outcome reason marks the turn limit (timeLimit)').toBe(true);
    expect((rs.short ?? '').length, 'a short name').toBeGreaterThan(0);
    expect(rs.examples.length).toBeGreaterThan(0);
    for (const f of rs.examples) expect(existsSync(f), f).toBe(true);
  });

  it('maps the common quality ladder: every rung on every unit of its example scenarios validates, and the rungs differ', () => {
    expect(rs.quality, 'Ruleset.quality').toBeDefined();
    const q = rs.quality!;
    for (const rung of QUALITY_LADDER) expect(q.describe[rung].length, rung).toBeGreaterThan(0);
    const units = q.units ?? rs.refit?.units;
    expect(units, 'quality.units or refit.units finds the units of a raw scenario').toBeDefined();
    const scenarios = rs.examples.filter((f) => f.endsWith('.scenario.yaml'));
    expect(scenarios.length, 'example scenarios').toBeGreaterThan(0);
    for (const file of scenarios) {
      const raw = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const byRung = QUALITY_LADDER.map((rung) => {
        const data = structuredClone(raw);
        const found = units!(data);
        expect(found.length, `${file}: units`).toBeGreaterThan(0);
        for (const u of found) {
          for (const k of Object.keys(q.fields(rung, u.unit))) if (!Array.isArray(u.unit[k])) delete u.unit[k];
          u.unit.quality = rung;
        }
        const r = scenarioSchema.safeParse(data);
        expect(r.success, `${file} with every unit ${rung}: ${r.success ? '' : JSON.stringify(r.error.issues[0])}`).toBe(true);
        return JSON.stringify(r.data);
      });
      expect(new Set(byRung).size, `${file}: conscript to guard set different ratings`).toBeGreaterThan(2);
    }
  });

  it('emits a JSON Schema for each kind of scenario', () => {
    for (const kind of rs.scenarioKinds) {
      const schema = z.toJSONSchema(scenarioKindSchema(rs, kind), { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
      expect(Object.keys(schema.properties ?? {}), kind.engagement).toEqual(expect.arrayContaining(['kind', 'ruleset', 'options', 'engagement']));
    }
  });

  describe.each(rs.examples.filter((f) => included(`${id}:${f}`)).map((f) => [f] as const))('%s', (file) => {
    it('plays with invariant checks on: the same bits on 0 and 2 workers and after a resume, every result sane', async () => {
      const { plan } = smallPlan(file);
      // The first half of the batches kept as a checkpoint would keep them, for the resume below.
      const tasks = batchesOf(plan);
      const saved = new Map<number, CellAccumulator>();
      const here = await runPlanOutcome(plan, { workers: 0, onBatch: (i, acc) => i < tasks.length / 2 && saved.set(i, structuredClone(acc)) });
      const two = await runPlanOutcome(plan, { workers: 2, pool: twoWorkers() });
      expect(bits(two.accumulators), 'the same on 0 and 2 workers').toBe(bits(here.accumulators));
      // A resume: the first half of the batches from that "checkpoint", the rest played again.
      const resumed = await runPlanOutcome(plan, { workers: 0, done: saved });
      expect(bits(resumed.accumulators), 'the same after a resume').toBe(bits(here.accumulators));
      // Every engagement's figures, cell by cell.
      plan.cells.forEach((cell) => {
        const compiled = rs.compile(cell.scenario, cell.options);
        const shape = rs.describe(compiled);
        for (let i = 0; i < N; i++) {
          const r = rs.play(compiled, EngagementDice.for(plan.seed, cell.rngKey, i), { checkInvariants: true });
          checkResult(rs, r, shape.units, shape.turns, `${file} cell ${cell.index} engagement ${i}`);
        }
        const acc = here.accumulators[cell.index];
        const shares = acc.winners[0] + acc.winners[1] + acc.winners[2];
        expect(shares, 'outcome shares sum to one').toBe(acc.n);
      });
    });

    it('replays an engagement as its trace: the same result with a sink as without, a story and pictures', () => {
      if (!rs.trace) return;
      const r = replayEngagement({ file, engagement: 3, engagements: N });
      const again = replayEngagement({ file, engagement: 3, engagements: N });
      expect(again.events).toEqual(r.events);
      const { plan } = smallPlan(file);
      const cell = plan.cells[0];
      const plain = rs.play(rs.compile(cell.scenario, cell.options), EngagementDice.for(plan.seed, cell.rngKey, 3));
      expect(JSON.stringify(plain), 'a sink only watches').toBe(JSON.stringify(r.result));
      expect(r.events.some((e) => e.type === 'end'), 'the events end').toBe(true);
      expect(replayStoryLines(r).length).toBeGreaterThan(2);
      const frames = r.trace.frames(r.events, r.subject, r.result);
      expect(frames.length).toBeGreaterThan(1);
      const pic = r.trace.picture(r.subject);
      expect(pic.width * pic.height).toBeGreaterThan(0);
      expect(r.trace.outcome(r.result, r.subject).length).toBeGreaterThan(0);
    });
  });

  it('gives exact odds that sampling agrees with, within 4 standard errors', () => {
    if (!rs.odds) return;
    const cases: OddsCase[] = [];
    const defaults = Object.fromEntries(rs.options.map((o) => [o.name, o.default]));
    for (const q of rs.odds.questions) q.examples.forEach((p, k) => cases.push({ question: q, params: p, options: defaults, label: `${q.id} #${k}` }));
    for (const file of rs.examples) {
      const { plan } = smallPlan(file);
      const cell = plan.cells[0];
      const asked = rs.odds.ofScenario?.(cell.scenario);
      if (asked) cases.push({ question: rs.odds.questions.find((q) => q.id === asked.question)!, params: asked.params, options: cell.options, label: `${asked.question} of ${file}` });
    }
    expect(cases.length, 'odds examples').toBeGreaterThan(0);
    cases.forEach((c, k) => expectSamplingAgrees(c, `${c.question.id}-${k}`));
  });

  it("gives exact odds that sampling agrees with under every option value that gives a question example another answer", () => {
    if (!rs.odds) return;
    const defaults = Object.fromEntries(rs.options.map((o) => [o.name, o.default]));
    let variants = 0;
    for (const q of rs.odds.questions) {
      q.examples.forEach((params, k) => {
        // Answers already sampled for this example (the defaults', and those of earlier variants).
        const seen = new Set([JSON.stringify(q.exact(params, defaults).distributions)]);
        for (const spec of rs.options) {
          for (const v of spec.values) {
            const options = { ...defaults, [spec.name]: v };
            if (v === spec.default || q.check?.(params, options).length) continue;
            const answer = JSON.stringify(q.exact(params, options).distributions);
            if (seen.has(answer)) continue;
            seen.add(answer);
            const label = `${q.id} #${k} under ${spec.name} ${String(v)}`;
            expectSamplingAgrees({ question: q, params, options, label }, label);
            variants++;
          }
        }
      });
    }
    // Every rule system's examples answer differently under some option (AoR asks its question of scenarios only).
    if (rs.odds.questions.some((q) => q.examples.length > 0)) expect(variants, 'option values that change an example').toBeGreaterThan(0);
  });
});

/** One odds question asked with its parameters and options, named for messages. */
interface OddsCase {
  question: OddsQuestion;
  params: unknown;
  options: Record<string, string | number | boolean>;
  label: string;
}

/**
 * The exact distributions of a case against ODDS_DRAWS draws of its sampler (the engine's own code),
 * each value within Z standard errors; the draws are the engagements of the cell `key`.
 */
function expectSamplingAgrees(c: OddsCase, key: string): void {
  const exact = c.question.exact(c.params, c.options);
  expect(exact.worked, `${c.label} says what it worked out before the dice`).toMatch(/\S/);
  const counts = new Map<string, Map<string, number>>(exact.distributions.map((d) => [d.name, new Map()]));
  for (let i = 0; i < ODDS_DRAWS; i++) {
    const draw = c.question.sample(c.params, c.options, EngagementDice.for('conformance-odds', key, i));
    for (const [name, v] of Object.entries(draw)) {
      const m = counts.get(name);
      if (m) m.set(String(v), (m.get(String(v)) ?? 0) + 1);
    }
  }
  for (const d of exact.distributions) {
    const total = d.values.reduce((s, v) => s + v.p, 0);
    expect(total, `${c.label} ${d.name}: probabilities sum to one`).toBeCloseTo(1, 9);
    const seen = counts.get(d.name)!;
    for (const v of d.values) {
      const phat = (seen.get(String(v.value)) ?? 0) / ODDS_DRAWS;
      // (A sure outcome's sum of paths may come out an ulp above 1: its standard error is 0, not NaN.)
      const p = Math.min(1, Math.max(0, v.p));
      const se = Math.sqrt((p * (1 - p)) / ODDS_DRAWS);
      expect(Math.abs(phat - v.p), `${c.label} ${d.name}=${v.value}: exact ${v.p}, sampled ${phat}`).toBeLessThanOrEqual(Z * se + 1e-12);
    }
    for (const value of seen.keys()) expect(d.values.some((v) => String(v.value) === value), `${c.label} ${d.name}=${value} was sampled but has no exact probability`).toBe(true);
  }
}

describe('conformance: the exclusion list', () => {
  it('is empty', () => {
    expect(EXCLUDED).toEqual([]);
  });
});
