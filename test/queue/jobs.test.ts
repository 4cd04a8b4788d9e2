/**
 * What a distributed run puts through Redis (src/sim/queue/jobs.ts, url.ts): the address and its
 * password, job data, the stored plan and every check a worker makes before it plays a batch; and the
 * runner's executor seam, which merges in batch order whatever order a queue's batches finish in.
 */
import { describe, expect, it } from 'vitest';
import { DICE_FORMAT } from '../../src/core/dice.js';
import { RULESETS } from '../../src/rules/index.js';
import { BatchRunner } from '../../src/sim/engine/batch.js';
import { batchesOf, type RunPlan } from '../../src/sim/engine/plan.js';
import { runPlanOutcome, type Executor } from '../../src/sim/engine/runner.js';
import { checkBatch, decodeFailure, encodeFailure, jobData, jobId, readJob, readPlan, RefusedPlan, storedPlan } from '../../src/sim/queue/jobs.js';
import { hidePassword, parseQueueUrl } from '../../src/sim/queue/url.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { SIMS } from '../report/fixture.js';

const prep = prepareRun({ file: SIMS.townAssault, engagements: 120, batch: 20 });
const plan = prep.plan;
const text = (p: RunPlan, edit: (s: ReturnType<typeof storedPlan>) => void = () => undefined) => {
  const s = structuredClone(storedPlan(p, { plan: p, rows: null }));
  edit(s);
  return { text: JSON.stringify(s), hash: s.hash };
};

describe('parseQueueUrl', () => {
  it('reads host, port and database, with the defaults of Redis', () => {
    expect(parseQueueUrl('redis://10.0.0.5:6400/3')).toEqual({ host: '10.0.0.5', port: 6400, db: 3, shown: 'redis://10.0.0.5:6400/3' });
    expect(parseQueueUrl('redis://queue.lan')).toEqual({ host: 'queue.lan', port: 6379, db: 0, shown: 'redis://queue.lan:6379/0' });
  });

  it('takes the password from the URL or REDIS_PASSWORD, and never shows it', () => {
    const a = parseQueueUrl('redis://:s3cret@host:6379/1');
    expect(a.password).toBe('s3cret');
    expect(a.shown).not.toContain('s3cret');
    expect(parseQueueUrl('redis://host/0', { REDIS_PASSWORD: 'env-pass' }).password).toBe('env-pass');
    expect(parseQueueUrl('redis://:url-pass@host/0', { REDIS_PASSWORD: 'env-pass' }).password).toBe('url-pass');
    expect(hidePassword('redis://user:s3cret@host:6379/0')).toBe('redis://user:***@host:6379/0');
  });

  it('refuses what is not a redis:// URL of a database 0-15, without echoing a password', () => {
    expect(() => parseQueueUrl('localhost:6379')).toThrow(/redis:\/\//);
    expect(() => parseQueueUrl('rediss://host/0')).toThrow(/TLS is not supported/);
    expect(() => parseQueueUrl('redis://host/16')).toThrow(/0 to 15/);
    expect(() => parseQueueUrl('redis://host/x')).toThrow(/0 to 15/);
    expect(() => parseQueueUrl('redis://host/0?password=x')).toThrow(/no query/);
    expect(() => parseQueueUrl('not a url :s3cret@')).toThrow(/not a URL/);
  });
});

describe('job data', () => {
  it('names the plan by hash and the batch; the same batch has the same job id on every enqueue', () => {
    const t = batchesOf(plan)[3];
    const hash = storedPlan(plan, { plan, rows: null }).hash;
    const data = jobData(hash, t);
    expect(readJob(JSON.parse(JSON.stringify(data)))).toEqual(data);
    expect(jobId(hash, 3)).toBe(jobId(hash, 3));
    expect(jobId(hash, 3)).not.toBe(jobId(hash, 4));
    expect(jobId(hash, 3)).not.toContain(':');
  });

  it('refuses anything else as a job', () => {
    expect(() => readJob({ format: 'volley-queue-job/1', hash: 'abc', batch: { index: 0, cell: 0, start: 0, count: 1 } })).toThrow(RefusedPlan);
    expect(() => readJob({ code: 'process.exit()' })).toThrow(/not a volley batch/);
  });

  it('carries an engagement that failed, or a refusal, through failedReason and back', () => {
    const engagement = { cell: 1, engagement: 17, seed: '1815/c1/17', reason: 'boom' };
    expect(decodeFailure(encodeFailure({ engagement }))).toEqual({ engagement });
    expect(decodeFailure(encodeFailure({ refused: 'old version' }))).toEqual({ refused: 'old version' });
    expect(decodeFailure('job stalled more than allowable limit')).toBeNull();
  });
});

describe('readPlan: a worker checks a stored plan like an input file', () => {
  it('reads a plan of every rule system\'s examples back as it was stored', () => {
    for (const rs of RULESETS) {
      for (const file of rs.examples.filter((f) => /\.(scenario|experiment)\.yaml$/.test(f))) {
        const p = prepareRun({ file, engagements: 10 }).plan;
        const s = text(p);
        expect(readPlan(s.text, s.hash).setup.plan, file).toEqual(p);
      }
    }
  });

  it('refuses another version or dice scheme, naming both', () => {
    const v = text(plan, (s) => (s.volley = '0.0.1-old'));
    expect(() => readPlan(v.text, v.hash)).toThrow(/made by volley 0\.0\.1-old .* this worker is volley/);
    const d = text(plan, (s) => (s.dice = 'other-dice/9'));
    expect(() => readPlan(d.text, d.hash)).toThrow(new RegExp(`dice other-dice/9.*dice ${DICE_FORMAT.replace(/\//g, '\\/')}`));
  });

  it('refuses a plan that does not have its hash, a rule system, option or scenario this volley does not know', () => {
    const changed = text(plan, (s) => (s.setup.plan.seed = 'another'));
    expect(() => readPlan(changed.text, changed.hash)).toThrow(/does not have that hash/);
    const good = text(plan);
    expect(() => readPlan(good.text, 'f'.repeat(64))).toThrow(/does not have that hash/);
    // Each edit keeps the hash honest (a plan made elsewhere), so the check that refuses is the field's own.
    const rehash = (edit: (p: RunPlan) => void) => {
      const p = structuredClone(plan);
      edit(p);
      return text(p);
    };
    const rs = rehash((p) => (p.cells[0].ruleset = 'chess'));
    expect(() => readPlan(rs.text, rs.hash)).toThrow(/cell 0 plays 'chess'/);
    const opt = rehash((p) => (p.cells[1].options = { ...p.cells[1].options, 'aor.noSuchOption': true }));
    expect(() => readPlan(opt.text, opt.hash)).toThrow(/cell 1: unknown option 'aor.noSuchOption'/);
    const scen = rehash((p) => ((p.cells[0].scenario as Record<string, unknown>).engagement = 'dogfight'));
    expect(() => readPlan(scen.text, scen.hash)).toThrow(/cell 0's scenario/);
    expect(() => readPlan('{"format":"volley-queue-plan/1"', good.hash)).toThrow(/not JSON/);
  });

  it('refuses a batch that is not one of the plan\'s', () => {
    const tasks = batchesOf(plan);
    for (const t of tasks) expect(() => checkBatch(plan, t)).not.toThrow();
    expect(() => checkBatch(plan, { ...tasks[2], count: tasks[2].count + 1 })).toThrow(/not a batch of the plan/);
    expect(() => checkBatch(plan, { index: tasks.length, cell: plan.cells.length, start: 0, count: 20 })).toThrow(/not a batch/);
  });
});

describe('the executor seam (RunOptions.executor)', () => {
  it('merges in batch order whatever order the batches finish in, as a queue\'s do', async () => {
    const local = await runPlanOutcome(plan, { workers: 0 });
    const runner = new BatchRunner(plan);
    // Finishes every round's batches last first, then in an interleaved order.
    for (const order of [(n: number) => [...Array(n).keys()].reverse(), (n: number) => [...Array(n).keys()].sort((a, b) => (a % 3) - (b % 3) || b - a)]) {
      const executor = (): Executor => ({
        busyMs: 0,
        async run(items, complete) {
          for (const k of order(items.length)) complete(items[k].slot, runner.runBatch(items[k].task));
        },
        async close() {},
      });
      const out = await runPlanOutcome(plan, { workers: 0, executor });
      expect(out.accumulators).toEqual(local.accumulators);
      expect(out.order.map((t) => t.index)).toEqual(batchesOf(plan).map((t) => t.index));
    }
  });
});
