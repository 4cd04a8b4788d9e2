/**
 * The subjects of `volley refit check`'s standard duels, grouped the same way for every rule system:
 * each system says how a unit's counter reads as the refit rates it and as its defaults would rate it,
 * and how a counter reads as text (what plays, ids aside); this finds the units to duel.
 */
import type { DuelSubject } from './ruleset.js';

/** One unit of one scenario: its counter as the refit rates it and as its defaults would. */
export interface DuelCandidate {
  scenario: string;
  unit: string;
  rated: Record<string, unknown>;
  atDefaults: Record<string, unknown>;
}

/**
 * The candidates whose two counters differ (by `canonical`, which leaves out the id and whatever does
 * not play), in order. Units whose two counters are alike, in one scenario or several, share one duel,
 * listed under the first.
 */
export function groupDuelSubjects(candidates: Iterable<DuelCandidate>, canonical: (counter: Record<string, unknown>) => string): DuelSubject[] {
  const out: DuelSubject[] = [];
  const seen = new Map<string, DuelSubject>();
  for (const c of candidates) {
    const rated = canonical(c.rated);
    const atDefaults = canonical(c.atDefaults);
    if (rated === atDefaults) continue;
    const key = JSON.stringify([rated, atDefaults]);
    const same = seen.get(key);
    if (same) {
      if (!same.units.includes(c.unit)) same.units.push(c.unit);
      continue;
    }
    const subject: DuelSubject = { unit: c.unit, units: [c.unit], scenario: c.scenario, rated: c.rated, atDefaults: c.atDefaults };
    seen.set(key, subject);
    out.push(subject);
  }
  return out;
}
