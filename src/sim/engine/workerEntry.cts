/**
 * The CommonJS entry piscina loads for src/sim/engine/worker.ts.
 *
 * Piscina loads a worker file with require() first. On Node >= 20.19 require() of an ES module goes
 * through require(esm), and a worker terminated while that load is under way (a pool destroyed right
 * after a fault or Ctrl-C, while it was replacing a worker) aborts the whole process in Node's module
 * loader. A CommonJS entry is required without that path and loads the ES worker with import(),
 * which a termination interrupts safely.
 */
type Run = typeof import('./worker.js').default;
// Loaded as the thread starts, not at its first task: the modules load while the main thread is still
// handing out work (and playing the first batches itself). A failure surfaces with the first task.
const handler: Promise<Run> = import('./worker.js').then((m) => m.default);
handler.catch(() => undefined);

/**
 * Each task in a turn of the event loop of its own. A worker may hold two tasks at once (WorkerPool's
 * tasksPerWorker): piscina starts both as their messages come, and were the second played in the
 * promise jobs that follow the first, the first's reply would be posted only after the second ends.
 */
export = function runTask(task: Parameters<Run>[0]): Promise<ReturnType<Run>> {
  return handler.then(
    (run) =>
      new Promise<ReturnType<Run>>((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(run(task));
          } catch (e) {
            reject(e);
          }
        }),
      ),
  );
};
