/** Age of Rifles refits as the Ruleset contract has them (src/core/ruleset.ts, RefitSupport). */
import type { RefitSupport } from '../../../core/ruleset.js';
import { applyRefit, entries, rawUnits, valueIn } from './apply.js';
import { duels } from './duel.js';
import { refitBody, type Refit } from './schema.js';

export const AOR_REFIT: RefitSupport = {
  body: refitBody,
  defaults: (refit: Refit) => `default morale ${refit.defaultMorale}`,
  apply: applyRefit,
  entries,
  valueIn,
  units: rawUnits,
  // 2.2: morale 4 unless rated; pursuit by aor.pursuitRatingDefault; no flags.
  unitFields: { morale: 4, pursuit: 'by aor.pursuitRatingDefault', flags: [] },
  defaultsField: 'defaultMorale',
  duels,
};
