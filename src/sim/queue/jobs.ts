/**
 * What a distributed run puts in Redis (src/sim/queue/): the plan once, under its hash, and one job per
 * batch naming the plan's hash and the batch. No code ever goes through the queue, only this data, and
 * a worker checks it like any input file before it plays a batch: the shape of the plan, the version
 * and dice that made it, its hash, every cell's rule system, options and scenario.
 */
import { z } from 'zod';
import { DICE_FORMAT } from '../../core/dice.js';
import { resolveOptions } from '../../core/ruleset.js';
import { VOLLEY_VERSION } from '../../results/version.js';
import { findRuleset } from '../../rules/index.js';
import { scenarioSchema } from '../../scenario/schema.js';
import type { CellAccumulator } from '../../stats/cellAccumulator.js';
import type { EngagementFailure } from '../engine/batch.js';
import { planHash } from '../engine/planHash.js';
import { cellRuleset, type BatchTask, type RunPlan } from '../engine/plan.js';
import type { WorkerSetup } from '../engine/runner.js';

/** The queue every volley worker takes batches from (one per Redis database). */
export const QUEUE_NAME = 'volley-batches';
export const PLAN_FORMAT = 'volley-queue-plan/1';
export const JOB_FORMAT = 'volley-queue-job/1';

/** The plan as stored once per run, under planKey(hash). */
export interface StoredPlan {
  format: typeof PLAN_FORMAT;
  /** The volley version and dice scheme of the coordinator: a worker with others refuses the plan. */
  volley: string;
  dice: string;
  hash: string;
  setup: WorkerSetup;
}

/** A job's data: which batch of which plan. */
export interface JobData {
  format: typeof JOB_FORMAT;
  hash: string;
  batch: BatchTask;
}

/** A job's return value: the batch's accumulator (and rows, with an export) and how long it took. */
export interface JobResult {
  acc: CellAccumulator;
  rows?: string;
  ms: number;
}

/** Why a job failed, as its failedReason carries it: an engagement that threw, or a refused plan. */
export type JobFailure = { engagement: EngagementFailure } | { refused: string };

const FAILURE_MARK = 'volley-failure:';

export function planKey(hash: string): string {
  return `volley:plan:${hash}`;
}

/** A batch's job id: the same on every enqueue of the plan, so a resumed run finds its finished jobs. */
export function jobId(hash: string, batch: number): string {
  return `${hash}-${batch}`;
}

export function storedPlan(plan: RunPlan, setup: WorkerSetup): StoredPlan {
  return { format: PLAN_FORMAT, volley: VOLLEY_VERSION, dice: DICE_FORMAT, hash: planHash(plan), setup };
}

export function jobData(hash: string, batch: BatchTask): JobData {
  return { format: JOB_FORMAT, hash, batch: { index: batch.index, cell: batch.cell, start: batch.start, count: batch.count } };
}

export function encodeFailure(f: JobFailure): string {
  return FAILURE_MARK + JSON.stringify(f);
}

/** A failedReason of ours, or null (BullMQ's own, such as a job that stalled too often). */
export function decodeFailure(reason: string | undefined): JobFailure | null {
  if (!reason?.startsWith(FAILURE_MARK)) return null;
  try {
    return JSON.parse(reason.slice(FAILURE_MARK.length)) as JobFailure;
  } catch {
    return null;
  }
}

const whole = z.number().int().nonnegative();
const hashField = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

const batchSchema = z.strictObject({ index: whole, cell: whole, start: whole, count: z.number().int().positive() });

const jobSchema = z.strictObject({ format: z.literal(JOB_FORMAT), hash: hashField, batch: batchSchema });

const optionValue = z.union([z.string(), z.number(), z.boolean()]);

const planSchema = z.strictObject({
  rulesetId: z.string(),
  seed: z.union([z.string(), z.number()]),
  engagements: z.number().int().positive(),
  batch: z.number().int().positive(),
  cells: z
    .array(
      z.strictObject({
        index: whole,
        rngKey: z.string(),
        scenario: z.record(z.string(), z.unknown()),
        options: z.record(z.string(), optionValue),
        watch: z.array(z.string()).optional(),
        ruleset: z.string().optional(),
      }),
    )
    .min(1),
  checkInvariants: z.boolean(),
  pairs: z.boolean().optional(),
  precision: z.strictObject({ halfWidth: z.number().positive() }).optional(),
});

const storedSchema = z.strictObject({
  format: z.literal(PLAN_FORMAT),
  volley: z.string(),
  dice: z.string(),
  hash: hashField,
  setup: z.strictObject({ plan: planSchema, rows: z.unknown() }),
});

/** Thrown for data a worker will not play; the message says why. */
export class RefusedPlan extends Error {}

function problem(e: z.ZodError): string {
  const i = e.issues[0];
  return `${i.path.length ? i.path.join('.') : '(top)'}: ${i.message}`;
}

/** A job's data, checked. */
export function readJob(data: unknown): JobData {
  const r = jobSchema.safeParse(data);
  if (!r.success) throw new RefusedPlan(`a job that is not a volley batch (${problem(r.error)})`);
  return r.data as JobData;
}

/**
 * A stored plan (its JSON text), checked before anything of it is played: the format, the version and
 * dice of this volley, the hash of what it holds, each cell's rule system, options and scenario.
 */
export function readPlan(text: string, hash: string): StoredPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new RefusedPlan(`the plan ${hash.slice(0, 12)} is not JSON`);
  }
  const r = storedSchema.safeParse(raw);
  if (!r.success) throw new RefusedPlan(`the plan ${hash.slice(0, 12)} is not a volley plan (${problem(r.error)})`);
  const stored = r.data as StoredPlan;
  if (stored.volley !== VOLLEY_VERSION || stored.dice !== DICE_FORMAT) {
    throw new RefusedPlan(
      `the plan ${hash.slice(0, 12)} was made by volley ${stored.volley} (dice ${stored.dice}); this worker is volley ${VOLLEY_VERSION} (dice ${DICE_FORMAT}): run workers of the coordinator's version`,
    );
  }
  const plan = stored.setup.plan;
  if (stored.hash !== hash || planHash(plan) !== hash) throw new RefusedPlan(`the plan stored under ${hash.slice(0, 12)} does not have that hash`);
  for (const [k, cell] of plan.cells.entries()) {
    if (cell.index !== k) throw new RefusedPlan(`the plan ${hash.slice(0, 12)}: cell ${k} says it is cell ${cell.index}`);
    const id = cellRuleset(plan, k);
    const rs = findRuleset(id);
    if (!rs) throw new RefusedPlan(`the plan ${hash.slice(0, 12)}: cell ${k} plays '${id}', a rule system this volley does not have`);
    try {
      resolveOptions(rs.options, cell.options);
    } catch (e) {
      throw new RefusedPlan(`the plan ${hash.slice(0, 12)}: cell ${k}: ${(e as Error).message}`);
    }
    const s = scenarioSchema.safeParse(cell.scenario);
    if (!s.success) throw new RefusedPlan(`the plan ${hash.slice(0, 12)}: cell ${k}'s scenario: ${problem(s.error)}`);
  }
  return stored;
}

/** Whether a job's batch is one of its plan's (the index, cell and engagements as batchesOf makes them). */
export function checkBatch(plan: RunPlan, batch: BatchTask): void {
  const perCell = Math.ceil(plan.engagements / plan.batch);
  const cell = Math.floor(batch.index / perCell);
  const start = (batch.index % perCell) * plan.batch;
  const count = Math.min(plan.batch, plan.engagements - start);
  if (cell >= plan.cells.length || batch.cell !== cell || batch.start !== start || batch.count !== count) {
    throw new RefusedPlan(`batch ${batch.index} is not a batch of the plan ${planHash(plan).slice(0, 12)}`);
  }
}
