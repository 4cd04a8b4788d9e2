/** The CommonJS entry piscina loads for src/sim/pairedWorker.ts; src/sim/workerEntry.cts says why. */
type Run = typeof import('./pairedWorker.js').default;
let handler: Promise<Run> | null = null;

export = function runTask(task: Parameters<Run>[0]): Promise<ReturnType<Run>> {
  handler ??= import('./pairedWorker.js').then((m) => m.default);
  return handler.then((run) => run(task));
};
