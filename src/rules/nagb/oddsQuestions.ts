import type { OddsSupport } from '../../core/ruleset.js';
export const NAGB_ODDS: OddsSupport = { questions: [] };
