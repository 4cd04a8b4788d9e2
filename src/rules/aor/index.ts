/** Age of Rifles Basic Rules (Markus Stumptner, 2007) as a Ruleset. */
import type { Ruleset } from '../../core/ruleset.js';
import { compileAssault, playAssault, type AssaultScenario, type CompiledAssault } from './engagement.js';
import { AOR_OPTIONS, aorOptions } from './options.js';

export const aor: Ruleset<AssaultScenario, CompiledAssault> = {
  id: 'aor',
  title: 'Age of Rifles Basic Rules (2007)',
  options: AOR_OPTIONS,
  compile: (scenario, options) => compileAssault(scenario, aorOptions(options)),
  play: playAssault,
  unitNames: (c) => c.specs.map((s) => ({ id: s.id, side: s.side })),
};
