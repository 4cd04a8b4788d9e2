import type { TraceSupport } from '../../../core/ruleset.js';
export const CWJ_TRACE: TraceSupport<any, any, any> | undefined = undefined;
