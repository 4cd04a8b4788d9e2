/**
 * The runner (src/sim/engine/runner.ts): a BatchSession plays and merges the batches it is given exactly as a
 * run of those batches does, in this thread or on a pool it keeps between calls (DESIGN.md
 * "Accumulators": batches merge in order, so any worker count gives the same numbers); the time spent
 * playing batches is counted apart from the wall time, and never touches the results.
 */
import { describe, expect, it } from 'vitest';
import { BatchRunner } from '../../src/sim/engine/batch.js';
import { batchesOf } from '../../src/sim/engine/plan.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { RunInterrupted, WorkerFault } from '../../src/sim/engine/errors.js';
import { BatchSession, groupSize, runPlanOutcome, WorkerPool, type RunOptions, type WorkerReply } from '../../src/sim/engine/runner.js';
import { rowLayout } from '../../src/results/rows.js';
import { SIMS } from '../report/fixture.js';

/**
 * What `make` returns, made with worker.ts's test hook VOLLEY_FAULT set to `fault`: workers read it as
 * they start, so a pool started within `make` has it, and nothing after it does.
 */
function withFault<T>(fault: string, make: () => T): T {
  process.env.VOLLEY_FAULT = fault;
  try {
    return make();
  } finally {
    delete process.env.VOLLEY_FAULT;
  }
}

const prep = prepareRun({ file: SIMS.townAssault, engagements: 300, batch: 50 });
const plan = prep.plan;
const tasks = batchesOf(plan);

describe('BatchSession', () => {
  it('gives the accumulators of a whole run, in this thread and on 2 workers, call after call on the same threads', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    for (const workers of [0, 2]) {
      const session = new BatchSession(plan, workers);
      try {
        // The plan in full, twice, then its first cell alone: each merges in order as a run does.
        const first = await session.run(tasks);
        expect(first.accumulators).toEqual(whole.accumulators);
        const again = await session.run(tasks);
        expect(again.accumulators).toEqual(whole.accumulators);
        const firstCell = await session.run(tasks.filter((t) => t.cell === 0));
        expect(firstCell.accumulators[0]).toEqual(whole.accumulators[0]);
        expect(firstCell.accumulators[1].n).toBe(0);
      } finally {
        await session.close();
      }
    }
  });
});

describe('a batch played a slice at a time (BatchRunner.begin), as the main thread plays its share between its events', () => {
  it('gives the accumulator and rows of the batch played at once, however it is cut', () => {
    const layout = rowLayout('csv', new BatchRunner(plan).probe(plan.cells.map((c) => ({ label: String(c.index), factors: {} }))));
    const t = tasks[7];
    const whole = new BatchRunner(plan, { rows: layout }).runBatch(t);
    const runner = new BatchRunner(plan, { rows: layout });
    // Left unfinished, another batch's slice: beginning again drops its rows.
    expect(runner.begin(tasks[3]).advance(() => true)).toBe(false);
    const play = runner.begin(t);
    expect(() => play.output()).toThrow(/not played to its end/);
    let slices = 1;
    while (!play.advance(() => true)) slices++;
    // Asked every 16 engagements: a batch of 50 in 4 slices.
    expect(slices).toBe(4);
    expect(play.output()).toEqual(whole);
    expect(whole.rows!.split('\n').filter(Boolean)).toHaveLength(t.count);
  });
});

describe('batchSeconds', () => {
  it('counts the time spent playing batches, at most the wall time of every thread together', async () => {
    for (const workers of [0, 2]) {
      const t0 = performance.now();
      const out = await runPlanOutcome(plan, { workers });
      const wall = (performance.now() - t0) / 1000;
      expect(out.batchSeconds).toBeGreaterThan(0);
      expect(out.batchSeconds).toBeLessThanOrEqual(Math.max(1, workers) * wall);
    }
  });
});

describe('tasks of several short batches (src/sim/engine/runner.ts)', () => {
  it('hand out one batch a task until a batch has been timed, then enough for about 100 ms, at most 32', () => {
    expect(groupSize(null)).toBe(1);
    expect(groupSize(0)).toBe(1);
    expect(groupSize(500)).toBe(1);
    expect(groupSize(100)).toBe(1);
    expect(groupSize(49.9)).toBe(2);
    expect(groupSize(7)).toBe(14);
    expect(groupSize(2.7)).toBe(32);
    expect(groupSize(0.01)).toBe(32);
  });

  it('name the batches and engagements of the task a dying worker held', () => {
    const t = (index: number) => tasks[index];
    expect(new WorkerFault([t(2)], 'exit 3').message).toBe('a worker died while running batch 2 (cell 0, engagements 100..149): exit 3');
    expect(new WorkerFault([t(7), t(8), t(9)], 'exit 3').message).toBe('a worker died while running one of batches 7..9 (cell 1, engagements 50..199): exit 3');
    expect(new WorkerFault(null, 'exit 3').message).toBe('a worker died between batches: exit 3');
  });
});

describe('WorkerPool: one pool for several plans (volley tune)', () => {
  const other = prepareRun({ file: SIMS.townAssault, engagements: 200, batch: 40, seed: 7 }).plan;

  it('runs plan after plan on the same threads, each as a run of its own would', async () => {
    const pool = new WorkerPool(2);
    try {
      const threads = () => pool.piscina.threads.map((t) => t.threadId).sort();
      const a = await runPlanOutcome(plan, { workers: 2, pool });
      const first = threads();
      const b = await runPlanOutcome(other, { workers: 2, pool });
      const c = await runPlanOutcome(plan, { workers: 2, pool });
      expect(threads()).toEqual(first);
      expect(first).toHaveLength(2);
      expect(a.accumulators).toEqual((await runPlanOutcome(plan, { workers: 0 })).accumulators);
      expect(b.accumulators).toEqual((await runPlanOutcome(other, { workers: 0 })).accumulators);
      expect(c.accumulators).toEqual(a.accumulators);
    } finally {
      await pool.close();
    }
  });

  it('reports an engagement that fails, and stays usable for the next plan', async () => {
    const pool = withFault('throw:cell=3,engagement=61', () => new WorkerPool(2));
    try {
      await expect(runPlanOutcome(plan, { workers: 2, pool })).rejects.toThrow(/engagement 61 of cell 3/);
      // The second plan has one cell: nothing in it throws.
      const single = prepareRun({ file: SIMS.townAssault.replace('experiment', 'scenario'), engagements: 100, batch: 50 }).plan;
      const ok = await runPlanOutcome(single, { workers: 2, pool });
      expect(ok.accumulators).toEqual((await runPlanOutcome(single, { workers: 0 })).accumulators);
    } finally {
      await pool.close();
    }
  });
});

describe('a pool a run started for itself, kept (RunOptions.keepPool, as volley tune keeps its first round\'s)', () => {
  it('is handed over open at the run\'s end, and later runs of other plans play on its threads as on a given pool', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    const kept: WorkerPool[] = [];
    try {
      const first = await runPlanOutcome(plan, { workers: 2, autoStart: { warmMs: 0, restMs: 0 }, keepPool: (p) => kept.push(p) });
      expect(first.workers).toBe(1);
      expect(first.accumulators).toEqual(whole.accumulators);
      expect(kept).toHaveLength(1);
      const pool = kept[0];
      const threads = pool.piscina.threads.map((t) => t.threadId);
      expect(threads).toHaveLength(1);
      const other = prepareRun({ file: SIMS.townAssault, engagements: 200, batch: 40, seed: 7 }).plan;
      const next = await runPlanOutcome(other, { workers: 2, pool });
      expect(pool.piscina.threads.map((t) => t.threadId)).toEqual(threads);
      expect(next.threads).toBe(2);
      expect(next.accumulators).toEqual((await runPlanOutcome(other, { workers: 0 })).accumulators);
      // A run that starts no pool (a short one) hands none over.
      await runPlanOutcome(plan, { workers: 2, autoStart: true, keepPool: (p) => kept.push(p) });
      expect(kept).toHaveLength(1);
    } finally {
      for (const p of kept) await p.close();
    }
  });
});

describe('a batch a worker holds, played here too once nothing is left to hand out (PoolRound.backup, WorkerTask.cut)', () => {
  /** A task's cut (WorkerTask.cut), at `at`. */
  const cutOf = (at: number) => {
    const cut = new Int32Array(new SharedArrayBuffer(4));
    cut[0] = at;
    return cut;
  };
  /** Cut `cut` at `at` in `ms` milliseconds. */
  const cutLater = (cut: Int32Array, at: number, ms: number) =>
    setTimeout(() => {
      Atomics.store(cut, 0, at);
      Atomics.notify(cut, 0);
    }, ms);

  it('a worker leaves the batches of its task from where the task is cut, while one waits (the test hook) and while it plays', async () => {
    // Each batch waits 2 s before it plays, unless its task is cut.
    const slow = withFault('slow:ms=2000', () => new WorkerPool(1, { plan, rows: null }));
    try {
      const cutTask = (at: number, ms: number) => {
        const cut = cutOf(3);
        const reply = slow.piscina.run({ batches: [tasks[0], tasks[1], tasks[2]], cut }) as Promise<WorkerReply>;
        cutLater(cut, at, ms);
        return reply;
      };
      // Cut at 1 while batch 0 waits: batch 0 is played, 1 and 2 are left.
      const one = await cutTask(1, 200);
      expect(one.ok).toBe(true);
      expect(one.outs.map((o) => o.acc)).toEqual([new BatchRunner(plan).run(tasks[0])]);
      // Cut at 0 while batch 0 waits: nothing is played.
      expect((await cutTask(0, 200)).outs).toEqual([]);
    } finally {
      await slow.close();
    }
    // No hook: a batch of a million town assaults (seconds of play), cut at 0 once it has begun, is
    // left unfinished (warm first, so that it begins at once).
    const plain = new WorkerPool(1, { plan, rows: null });
    try {
      await plain.piscina.run({ batches: [tasks[0]] });
      const cut = cutOf(1);
      const long = plain.piscina.run({ batches: [{ index: 0, cell: 0, start: 0, count: 1_000_000 }], cut }) as Promise<WorkerReply>;
      cutLater(cut, 0, 200);
      expect((await long).outs).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('beside a worker too slow to end a batch, this thread plays them all, the worker\'s copies are cut, and the run merges what this thread alone does', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    // Every batch a minute long in the worker: without the copies played here, the run would wait for it.
    // The pool starts during the run (autoStart, after this thread's second batch), not within the
    // call (withFault): the hook stays set until the run ends.
    process.env.VOLLEY_FAULT = 'slow:ms=60000';
    const kept: WorkerPool[] = [];
    try {
      const beside = await runPlanOutcome(plan, { workers: 2, autoStart: { warmMs: 0, restMs: 0 }, keepPool: (p) => kept.push(p) });
      delete process.env.VOLLEY_FAULT;
      expect(beside.workers).toBe(1);
      expect(beside.batchesHere).toBe(tasks.length);
      expect(beside.accumulators).toEqual(whole.accumulators);
      expect(beside.order).toEqual(tasks);
      // The worker left its copies as they were cut: a task handed to it now is answered within
      // seconds, not after the minute's wait of a copy (this one is cut from the start: not played).
      const t0 = performance.now();
      const reply = (await kept[0].piscina.run({ batches: [tasks[0]], plan: { key: 'next', setup: { plan, rows: null } }, cut: cutOf(0) })) as WorkerReply;
      expect(reply.outs).toEqual([]);
      expect(performance.now() - t0).toBeLessThan(10_000);
    } finally {
      delete process.env.VOLLEY_FAULT;
      for (const p of kept) await p.close();
    }
  });

  it('a worker that dies holding a task this thread has played the tail of: the fault names only the batches it could have died in', async () => {
    // Six batches of 40,000 (some 200 ms each here); the worker takes batches 0 and 1 as one task and
    // waits a minute before each. This thread plays 2..5, then copies of 1 and 0 (the task's tail
    // first): once 1 is merged, the worker is ended from outside, while this thread plays 0.
    const long = prepareRun({ file: SIMS.townAssault.replace('experiment', 'scenario'), engagements: 240_000, batch: 40_000 }).plan;
    expect(batchesOf(long).length).toBe(6);
    const pool = withFault('slow:ms=60000', () => new WorkerPool(1, null, { beside: true }));
    try {
      const merged: number[] = [];
      const run = runPlanOutcome(long, {
        workers: 2,
        pool,
        batchesPerTask: 2,
        onBatch: (i) => {
          merged.push(i);
          if (i === 1) void pool.piscina.threads[0].terminate();
        },
      });
      const fault = await run.then(
        () => null,
        (e: unknown) => e,
      );
      expect(merged).toEqual([2, 3, 4, 5, 1]);
      expect(fault).toBeInstanceOf(WorkerFault);
      expect((fault as WorkerFault).message).toMatch(/^a worker died while running batch 0 \(cell 0, engagements 0\.\.39999\): /);
    } finally {
      await pool.close();
    }
  });

  it('on a warm pool beside this thread, tasks of six batches, some cut short by copies played here: every batch merged once, in order, as one thread merges them', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    const pool = new WorkerPool(1, null, { beside: true });
    try {
      for (let round = 0; round < 4; round++) {
        const saved: number[] = [];
        const out = await runPlanOutcome(plan, { workers: 2, pool, batchesPerTask: 6, onBatch: (i) => saved.push(i) });
        expect(out.accumulators).toEqual(whole.accumulators);
        expect(out.order).toEqual(tasks);
        expect(saved.sort((a, b) => a - b)).toEqual(tasks.map((t) => t.index));
      }
    } finally {
      await pool.close();
    }
  });
});

describe('tasks of several batches on 2 workers (batchesPerTask, the test seam)', () => {
  it('merge as a run in this thread does, with done batches (a resumed run) breaking the tasks up', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    // Batches 2, 3, 9 and 17 came from a checkpoint: tasks stop at the holes they leave.
    const done = new Map([2, 3, 9, 17].map((i) => [i, batchAcc(i)] as const));
    function batchAcc(i: number) {
      const t = tasks[i];
      return new BatchRunner(plan).run({ cell: t.cell, start: t.start, count: t.count });
    }
    const ran: number[] = [];
    const out = await runPlanOutcome(plan, { workers: 2, batchesPerTask: 4, done, onBatch: (i) => ran.push(i) });
    expect(out.accumulators).toEqual(whole.accumulators);
    expect(ran.sort((a, b) => a - b)).toEqual(tasks.map((t) => t.index).filter((i) => !done.has(i)));
  });

  it('keep the batches a failed task played before the engagement that failed', async () => {
    // Cell 1 is batches 6..11 (engagements 0..299 by 50): engagement 120 is in batch 8, the third of
    // the task 6, 7, 8. The pool starts at once, within the call: the hook is set for it only.
    const saved: number[] = [];
    const running = withFault('throw:cell=1,engagement=120', () => runPlanOutcome(plan, { workers: 2, batchesPerTask: 3, onBatch: (i) => saved.push(i) }));
    await expect(running).rejects.toThrow(/engagement 120 of cell 1/);
    expect(saved).toContain(6);
    expect(saved).toContain(7);
    expect(saved).not.toContain(8);
  });
});

describe('autoStart: the workers start only for a run long enough to gain from them', () => {
  it('a short run plays in this thread: no worker started, the same accumulators', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    const auto = await runPlanOutcome(plan, { workers: 2, autoStart: true });
    // 24 batches of 50 town assaults take this thread a few milliseconds once warm: far below AUTO_START.
    expect(auto.workers).toBe(0);
    expect(auto.accumulators).toEqual(whole.accumulators);
  });

  it('a run whose rest would take this thread longer than the threshold starts a pool of one thread fewer, this thread playing beside it, with the same accumulators', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    // Thresholds of 0: the pool starts after this thread's second batch.
    for (const threads of [2, 3]) {
      const auto = await runPlanOutcome(plan, { workers: threads, autoStart: { warmMs: 0, restMs: 0 } });
      expect(auto.workers).toBe(threads - 1);
      expect(auto.threads).toBe(threads);
      expect(auto.accumulators).toEqual(whole.accumulators);
      expect(auto.order).toEqual(tasks);
    }
  });

  it('beside the pool, a run with rows (an export) and batches from a checkpoint, and a run to a precision target, give what this thread alone gives', async () => {
    const layout = rowLayout('csv', new BatchRunner(plan).probe(plan.cells.map((c) => ({ label: String(c.index), factors: {} }))));
    const t = (i: number) => tasks[i];
    const done = new Map([2, 9].map((i) => [i, new BatchRunner(plan).run({ cell: t(i).cell, start: t(i).start, count: t(i).count })] as const));
    const play = async (o: Pick<RunOptions, 'workers' | 'autoStart' | 'signal' | 'sliceMs'>) => {
      const rows: string[] = [];
      // Rows from merge position 4: done batch 2 merges from the checkpoint, done batch 9 plays again for its rows.
      const out = await runPlanOutcome(plan, { ...o, done, rows: { layout, from: 4, write: (pos, text) => rows.push(`${pos}\n${text}`) } });
      return { out, rows };
    };
    const here = await play({ workers: 0 });
    // Batches cut at every look at the clock (every 16 engagements), in this thread and beside the pool.
    const sliced = await play({ workers: 0, signal: new AbortController().signal, sliceMs: 0 });
    const beside = await play({ workers: 2, autoStart: { warmMs: 0, restMs: 0 }, sliceMs: 0 });
    expect(beside.out.threads).toBe(2);
    expect(beside.rows).toHaveLength(tasks.length - 4);
    for (const other of [sliced, beside]) {
      expect(other.rows).toEqual(here.rows);
      expect(other.out.accumulators).toEqual(here.out.accumulators);
    }
    const precise = { ...plan, precision: { halfWidth: 0.08 } };
    const preciseHere = await runPlanOutcome(precise, { workers: 0 });
    const preciseBeside = await runPlanOutcome(precise, { workers: 2, autoStart: { warmMs: 0, restMs: 0 } });
    expect(preciseBeside.threads).toBe(2);
    expect(preciseBeside.stops).toEqual(preciseHere.stops);
    expect(preciseBeside.order).toEqual(preciseHere.order);
    expect(preciseBeside.accumulators).toEqual(preciseHere.accumulators);
  });

  it('beside the pool, an abort stops the run between this thread\'s batches', async () => {
    const stop = new AbortController();
    let merged = 0;
    const running = runPlanOutcome(plan, {
      workers: 2,
      autoStart: { warmMs: 0, restMs: 0 },
      signal: stop.signal,
      onBatch: () => {
        if (++merged === 3) stop.abort();
      },
    });
    await expect(running).rejects.toBeInstanceOf(RunInterrupted);
  });

  it('with one thread to play on (one core), no pool starts however long the run', async () => {
    const auto = await runPlanOutcome(plan, { workers: 1, autoStart: { warmMs: 0, restMs: 0 } });
    expect(auto.workers).toBe(0);
    expect(auto.threads).toBe(1);
  });

  it('with workers asked for, the pool starts at once with as many threads', async () => {
    const asked = await runPlanOutcome(plan, { workers: 2 });
    expect(asked.workers).toBe(2);
    expect(asked.threads).toBe(2);
    expect((await runPlanOutcome(plan, { workers: 0, autoStart: true })).workers).toBe(0);
  });
});

describe('this thread plays while the workers start only where the pool leaves it a core', () => {
  it('beside fewer workers than cores it plays from the start; beside as many, none; the same accumulators either way', async () => {
    const whole = await runPlanOutcome(plan, { workers: 0 });
    expect(whole.batchesHere).toBe(tasks.length);
    // The workers load their modules for a tenth of a second or more: this thread has played batches by then.
    const spare = await runPlanOutcome(plan, { workers: 2, cores: 4 });
    expect(spare.batchesHere).toBeGreaterThan(0);
    const full = await runPlanOutcome(plan, { workers: 2, cores: 2 });
    expect(full.batchesHere).toBe(0);
    const more = await runPlanOutcome(plan, { workers: 3, cores: 2 });
    expect(more.batchesHere).toBe(0);
    for (const r of [spare, full, more]) {
      expect(r.accumulators).toEqual(whole.accumulators);
      expect(r.order).toEqual(tasks);
    }
  });

  it('beside the pool autoStart starts it plays on to the end, whatever the cores', async () => {
    // One core, as many workers as cores: were it played as a pool asked for, this thread would stop
    // at the pool's start, after its two batches (thresholds of 0).
    const auto = await runPlanOutcome(plan, { workers: 2, cores: 1, autoStart: { warmMs: 0, restMs: 0 } });
    expect(auto.workers).toBe(1);
    expect(auto.batchesHere).toBeGreaterThan(2);
  });
});

describe('a worker handed two tasks at once (WorkerPool tasksPerWorker, beside this thread)', () => {
  it("replies to the first as it ends, not after the second: the next task is not kept waiting for the reply", async () => {
    // Every batch 400 ms longer (the test hook): two tasks of one batch each.
    const pool = withFault('delay:ms=400', () => new WorkerPool(1, { plan, rows: null }, { beside: true }));
    try {
      await pool.piscina.run({ batches: [tasks[0]] }); // the thread started and warm
      const t0 = performance.now();
      const at: number[] = [];
      await Promise.all([tasks[1], tasks[2]].map((t) => pool.piscina.run({ batches: [t] }).then(() => at.push(performance.now() - t0))));
      // Played one after the other in the one thread: the first reply comes a batch before the second.
      expect(at[0]).toBeLessThan(at[1] - 300);
    } finally {
      await pool.close();
    }
  });

  it('that dies in the second keeps the first one played, and in the first fails it first (the fault names the batch it was playing)', async () => {
    for (const [dying, first, second] of [
      [2, 1, 2],
      [1, 1, 2],
    ]) {
      // Three at once: the two tasks reach the worker together while it plays the first batch, cold.
      const pool = withFault(`exit:batch=${dying}`, () => new WorkerPool(1, { plan, rows: null }, { tasksPerWorker: 3 }));
      try {
        const settled: string[] = [];
        const run = (i: number) =>
          pool.piscina.run({ batches: [tasks[i]] }).then(
            () => settled.push(`${i} played`),
            () => settled.push(`${i} failed`),
          );
        await Promise.all([run(0), run(first), run(second)]);
        expect(settled).toEqual(dying === second ? ['0 played', `${first} played`, `${second} failed`] : ['0 played', `${first} failed`, `${second} failed`]);
      } finally {
        await pool.close();
      }
    }
  });
});
