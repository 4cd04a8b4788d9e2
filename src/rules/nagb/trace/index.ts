import type { TraceSupport } from '../../../core/ruleset.js';
export const NAGB_TRACE: TraceSupport | undefined = undefined;
