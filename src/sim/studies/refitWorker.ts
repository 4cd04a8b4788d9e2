/** Piscina worker of `volley refit check`: plays one pair of cells (src/sim/studies/refitCheck.ts). */
import { EngagementError } from '../engine/batch.js';
import { runPairTask, type PairReply, type PairTask } from './refitCheck.js';

export default function runPair(task: PairTask): PairReply {
  try {
    return { ok: true, accs: runPairTask(task) };
  } catch (e) {
    if (e instanceof EngagementError) return { ok: false, failure: e.toPlain() };
    throw e;
  }
}
