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
let handler: Promise<Run> | null = null;

export = function runTask(task: Parameters<Run>[0]): Promise<ReturnType<Run>> {
  handler ??= import('./worker.js').then((m) => m.default);
  return handler.then((run) => run(task));
};
