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
  // The scenario's defaults (src/rules/aoe/scenarios.ts): Regular, Impulse, 3-rank musket.
  unitFields: { troops: 'regular', marchMode: 'impulse', musket: 3 },
  defaultsField: 'defaultTroops',
  duels,
};
