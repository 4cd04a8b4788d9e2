/** Piscina worker of `volley refit check`: plays one pair of cells (src/sim/pairedRefit.ts). */
import { EngagementError } from './batch.js';
import { runPairTask, type PairReply, type PairTask } from './pairedRefit.js';

export default function runPair(task: PairTask): PairReply {
  try {
    return { ok: true, accs: runPairTask(task) };
  } catch (e) {
    if (e instanceof EngagementError) return { ok: false, failure: e.toPlain() };
    throw e;
  }
}
