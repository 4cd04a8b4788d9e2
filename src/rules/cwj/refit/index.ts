import type { RefitSupport } from '../../../core/ruleset.js';
export const CWJ_REFIT: RefitSupport | undefined = undefined;
