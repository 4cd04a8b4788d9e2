/**
 * results.json: provenance (everything that fixes the numbers, and a hash of it) and the summary of
 * every cell. Anything that depends on the machine lives only under `timing`.
 */
import { createHash } from 'node:crypto';
import type { EngagementShape } from '../core/ruleset.js';
import { findRuleset } from '../rules/index.js';
import type { Cell } from '../scenario/load.js';
import type { CellAccumulator } from '../stats/cellAccumulator.js';
import { summarizeCell, type CellSummary } from '../stats/summary.js';
import { VOLLEY_VERSION } from './version.js';

export const RESULTS_FORMAT = 'volley-results/1';

export interface ResultsCell {
  index: number;
  label: string;
  factors: Record<string, unknown>;
  rngKey: string;
  options: Record<string, unknown>;
  /** The cell's scenario after factors and defaults: every unit value the engine used. */
  scenario: unknown;
  summary: CellSummary;
}

export interface Provenance {
  volley: string;
  ruleset: { id: string; title: string };
  /** `refit`: the refit file the experiment applies to every cell, if any. */
  experiment: { file: string; name: string; title?: string; question?: string; refit?: string } | null;
  scenario: { file: string; name: string; title?: string; question?: string };
  seed: string | number;
  engagementsPerCell: number;
  batch: number;
  commonRandomNumbers: boolean;
  factors: Record<string, unknown[]>;
  /** sha256 of everything above except file names, and of every cell's options and scenario. */
  hash: string;
}

export interface Timing {
  workers: number;
  wallSeconds: number;
  engagementsPerSecond: number;
}

export interface Results {
  format: string;
  provenance: Provenance;
  sides: { name: string; role: string }[];
  /** Formations and objectives of the (first cell's) engagement, in the order the summaries use. */
  formations: { id: string; name: string; side: 0 | 1 }[];
  objectives: { name: string; vp: number }[];
  /** Turn limit of the (first cell's) engagement. */
  turns: number;
  cells: ResultsCell[];
  timing?: Timing;
}

/** JSON with object keys sorted, so the hash does not depend on key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export interface ResultsInput {
  cells: Cell[];
  accumulators: CellAccumulator[];
  seed: string | number;
  engagements: number;
  batch: number;
  commonRandomNumbers: boolean;
  factors: Record<string, unknown[]>;
  scenarioFile: string;
  experiment: Provenance['experiment'];
}

export function buildResults(inp: ResultsInput): Results {
  const first = inp.cells[0].scenario;
  const rs = findRuleset(first.ruleset)!;
  let shape: EngagementShape | undefined;
  const cells: ResultsCell[] = inp.cells.map((c, i) => {
    const cellShape = rs.describe(rs.compile(c.scenario, c.options));
    shape ??= cellShape;
    return {
      index: c.index,
      label: c.label,
      factors: c.factors,
      rngKey: c.rngKey,
      options: c.options,
      scenario: c.scenario,
      summary: summarizeCell(inp.accumulators[i], cellShape),
    };
  });
  const hashed = {
    volley: VOLLEY_VERSION,
    ruleset: rs.id,
    seed: inp.seed,
    engagementsPerCell: inp.engagements,
    batch: inp.batch,
    commonRandomNumbers: inp.commonRandomNumbers,
    factors: inp.factors,
    cells: cells.map((c) => ({ label: c.label, rngKey: c.rngKey, options: c.options, scenario: c.scenario })),
  };
  const provenance: Provenance = {
    volley: VOLLEY_VERSION,
    ruleset: { id: rs.id, title: rs.title },
    experiment: inp.experiment,
    scenario: { file: inp.scenarioFile, name: first.name, title: first.title, question: first.question },
    seed: inp.seed,
    engagementsPerCell: inp.engagements,
    batch: inp.batch,
    commonRandomNumbers: inp.commonRandomNumbers,
    factors: inp.factors,
    hash: createHash('sha256').update(canonicalJson(hashed)).digest('hex'),
  };
  return {
    format: RESULTS_FORMAT,
    provenance,
    sides: shape!.sides,
    formations: shape!.formations,
    objectives: shape!.objectives,
    turns: shape!.turns,
    cells,
  };
}
