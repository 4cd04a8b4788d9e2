import type { RefitSupport } from '../../core/ruleset.js';
export const NAGB_REFIT: RefitSupport | undefined = undefined;
