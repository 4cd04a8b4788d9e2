/** Burt refits as the Ruleset contract has them (src/core/ruleset.ts, RefitSupport). */
import type { RefitSupport } from '../../../core/ruleset.js';
import { applyRefit, entries, rawUnits, valueIn } from './apply.js';
import { duels } from './duel.js';
import { refitBody, type Refit } from './schema.js';

export const BURT_REFIT: RefitSupport = {
  body: refitBody,
  defaults: (refit: Refit) => `default class ${refit.defaultClass}`,
  apply: applyRefit,
  entries,
  valueIn,
  units: rawUnits,
  // 8: class C unless rated; 4: the starting chit by role.
  unitFields: { class: 'C', orders: 'by role (4)' },
  defaultsField: 'defaultClass',
  duels,
};
