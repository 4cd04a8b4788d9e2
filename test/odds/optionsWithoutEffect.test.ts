/**
 * `volley odds` says which options an odds file (or an assault scenario) sets to no effect: an option
 * whose every value gives the same distributions with the file's parameters (src/scenario/odds.ts,
 * optionsWithoutEffect), with the parameters that stand for it where the question takes it as given
 * (OddsQuestion.givenByParams). A researcher comparing readings sees which ones cannot matter here.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveOptions, type OddsQuestion } from '../../src/core/ruleset.js';
import { RULESETS } from '../../src/rules/index.js';
import { givesParam, loadOddsRequest, optionsWithoutEffect, type OddsRequest } from '../../src/scenario/odds.js';
import { volleyHere } from '../cli/here.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-odds-options-'));

function file(name: string, lines: string[]): string {
  const f = join(dir, name);
  writeFileSync(f, `${lines.join('\n')}\n`);
  return f;
}

/** sims/burt/melee-round.odds.yaml's round with the options given. */
const burtMelee = (options: string[]) =>
  file(`burt-${options.length}.odds.yaml`, [
    'kind: odds',
    'ruleset: burt',
    'question: melee',
    ...(options.length > 0 ? ['options:', ...options.map((o) => `  ${o}`)] : []),
    'params:',
    '  a: { figuresInContact: 8, figures: 22, startFigures: 24, formation: column, ranks: 3, class: C, charging: true, supported: true }',
    '  b: { figuresInContact: 8, figures: 20, startFigures: 24, formation: line, ranks: 2, class: C, cover: village, secureFlank: true }',
    '  firstContact: true',
  ]);

const inert = (req: OddsRequest) => optionsWithoutEffect(req, req.question.exact(req.params, req.options).distributions);

describe('options set to no effect in an odds file', () => {
  it('9, 6: Burt melee takes the figures in contact as given (burt.meleeRanks); the extended die never comes up (no score above 6 is needed); the village\'s cover counts (8: 2020/19683 soft)', () => {
    const req = loadOddsRequest(burtMelee(['burt.meleeRanks: twoRanks', 'burt.villageCover: soft', 'burt.extendedDie: chained']));
    expect(req.set).toEqual(['burt.meleeRanks', 'burt.villageCover', 'burt.extendedDie']);
    expect(inert(req)).toEqual([{ option: 'burt.meleeRanks', givenBy: ['a.figuresInContact', 'b.figuresInContact'] }, { option: 'burt.extendedDie' }]);
  });

  it('an option at its default counts as set: its other values are what it is tested against', () => {
    expect(inert(loadOddsRequest(burtMelee(['burt.villageCover: hard'])))).toEqual([]);
    expect(inert(loadOddsRequest(burtMelee(['burt.extendedDie: stepped'])))).toEqual([{ option: 'burt.extendedDie' }]);
  });

  it('options not set are not looked at', () => {
    const req = loadOddsRequest(burtMelee([]));
    expect(req.set).toEqual([]);
    expect(inert(req)).toEqual([]);
  });

  it('a value the question refuses (OddsQuestion.check) is passed over, not taken as a change', () => {
    // A question of one die whose option `x.n` counts only at 3, a value it refuses with these params.
    const question: OddsQuestion<{ big: boolean }> = {
      id: 'q',
      doc: 'a die',
      params: z.object({ big: z.boolean() }),
      exact: (_p, o) => ({ distributions: [{ name: 'd', label: 'd', values: [{ value: o['x.n'] === 3 ? 'three' : 'other', p: 1 }] }] }),
      sample: () => ({}),
      examples: [],
      check: (p, o) => (p.big && o['x.n'] === 3 ? [{ path: ['big'], message: 'not at 3' }] : []),
    };
    const ruleset = { options: [{ name: 'x.n', values: [1, 2, 3], default: 1, source: '', doc: '' }] } as unknown as OddsRequest['ruleset'];
    const ask = (big: boolean): OddsRequest => ({ ruleset, question, params: { big }, options: { 'x.n': 1 }, set: ['x.n'], title: '' });
    const answer = (req: OddsRequest) => optionsWithoutEffect(req, req.question.exact(req.params, req.options).distributions);
    expect(answer(ask(true))).toEqual([{ option: 'x.n' }]);
    expect(answer(ask(false))).toEqual([]);
  });

  it('volley odds says it under the worked-out line, and --json lists it', async () => {
    const f = burtMelee(['burt.meleeRanks: twoRanks', 'burt.villageCover: soft']);
    const text = await volleyHere(['odds', f]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('\nan option set here that changes nothing in these odds (every value gives the same): burt.meleeRanks (what it decides is given: a.figuresInContact, b.figuresInContact)\n');
    const json = await volleyHere(['odds', f, '--json']);
    expect(JSON.parse(json.stdout).optionsWithoutEffect).toEqual([{ option: 'burt.meleeRanks', givenBy: ['a.figuresInContact', 'b.figuresInContact'] }]);
    const none = await volleyHere(['odds', 'sims/burt/melee-round.odds.yaml', '--json']);
    expect(JSON.parse(none.stdout).optionsWithoutEffect).toEqual([]);
    expect((await volleyHere(['odds', 'sims/burt/melee-round.odds.yaml'])).stdout).not.toContain('changes nothing');
  });

  it("7.4, 16: an assault scenario's options are asked the same (aor.retreatCheckHits changes the first round of the town assault; what a failed Attack order becomes at night does not)", async () => {
    const text = readFileSync('sims/town-assault.scenario.yaml', 'utf8');
    expect(text).not.toMatch(/^options:/m);
    const f = file('town.scenario.yaml', [text.replace(/\n*$/, ''), 'options:', '  aor.retreatCheckHits: beforeHalving', '  aor.nightAttackFailure: defend']);
    const r = await volleyHere(['odds', f, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).optionsWithoutEffect).toEqual([{ option: 'aor.nightAttackFailure' }]);
  });
});

describe('givesParam', () => {
  it('finds a value at a dotted path; a missing or undefined one is not given', () => {
    const p = { a: { n: 1, z: 0, f: false, u: undefined } };
    expect(['a.n', 'a.z', 'a.f'].map((x) => givesParam(p, x))).toEqual([true, true, true]);
    expect(['a.u', 'a.m', 'b.n', 'a.n.deeper'].map((x) => givesParam(p, x))).toEqual([false, false, false, false]);
  });
});

describe.each(RULESETS.filter((r) => r.odds?.questions.some((q) => q.givenByParams)).map((r) => [r.id, r] as const))('%s: options the odds questions take from their parameters', (_, rs) => {
  const defaults = resolveOptions(rs.options, {});
  it.each(rs.odds!.questions.filter((q) => q.givenByParams).map((q) => [q.id, q] as const))('%s: each changes nothing, under any of its values, in the examples that give those parameters (and some do)', (_, q) => {
    for (const [name, paths] of Object.entries(q.givenByParams!)) {
      const spec = rs.options.find((o) => o.name === name);
      expect(spec, `${name} is an option of ${rs.id}`).toBeDefined();
      const giving = q.examples.filter((params) => paths.every((path) => givesParam(params, path)));
      expect(giving.length, `${q.id}: examples that give ${paths.join(', ')}`).toBeGreaterThan(0);
      giving.forEach((params, k) => {
        const base = JSON.stringify(q.exact(params, defaults).distributions);
        for (const v of spec!.values) {
          const options = { ...defaults, [name]: v };
          if (q.check?.(params, options).length) continue;
          expect(JSON.stringify(q.exact(params, options).distributions), `${q.id} example ${k}: ${name} = ${String(v)}`).toBe(base);
        }
      });
    }
  });
});
