/** Age of Eagles refits as the Ruleset contract has them (src/core/ruleset.ts, RefitSupport). */
import type { RefitSupport } from '../../../core/ruleset.js';
import { applyRefit, entries, rawUnits, valueIn } from './apply.js';
import { duels } from './duel.js';
import { refitBody, type AoeRefit } from './schema.js';

export const AOE_REFIT: RefitSupport = {
  body: refitBody,
  defaults: (refit: AoeRefit) => `default troops ${refit.defaultTroops}`,
  apply: applyRefit,
  entries,
  valueIn,
  units: rawUnits,
  duels,
};
