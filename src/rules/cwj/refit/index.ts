/** CWJ refits as the Ruleset contract has them (src/core/ruleset.ts, RefitSupport). */
import type { RefitSupport } from '../../../core/ruleset.js';
import { applyRefit, defaults, entries, rawUnits, valueIn } from './apply.js';
import { duels } from './duel.js';
import { refitBody } from './schema.js';

export const CWJ_REFIT: RefitSupport = {
  body: refitBody,
  defaults,
  apply: applyRefit,
  entries,
  valueIn,
  units: rawUnits,
  // A unit is Line unless typed; its values are its table row's.
  unitFields: { type: 'line', quality: null, fire: "the table's", rally: "the table's", melee: "the table's" },
  duels,
};
