/** The CommonJS entry piscina loads for src/sim/studies/refitWorker.ts; src/sim/engine/workerEntry.cts says why. */
type Run = typeof import('./refitWorker.js').default;
let handler: Promise<Run> | null = null;

export = function runTask(task: Parameters<Run>[0]): Promise<ReturnType<Run>> {
  handler ??= import('./refitWorker.js').then((m) => m.default);
  return handler.then((run) => run(task));
};
