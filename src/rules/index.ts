/**
 * The one list of rule systems. The CLI and the conformance tests iterate over it (STYLE.md 4).
 */
import type { Ruleset } from '../core/ruleset.js';
import { aor } from './aor/index.js';
import { nagb } from './nagb/index.js';
import { burt } from './burt/index.js';
import { aoe } from './aoe/index.js';
import { cwj } from './cwj/index.js';

export const RULESETS: readonly Ruleset<any, any>[] = [aor, nagb, burt, aoe, cwj];

export function findRuleset(id: string): Ruleset<any, any> | undefined {
  return RULESETS.find((r) => r.id === id);
}
