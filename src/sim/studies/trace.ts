/**
 * `volley trace`: replay one engagement of a run from its file, cell and index (the same seed derivation
 * as `volley run`) with an event sink; the rule system's trace (src/core/ruleset.ts, TraceSupport) tells
 * its story and draws it.
 */
import type { FlagPart } from '../store/folderName.js';
import { relative } from 'node:path';
import { EngagementDice, engagementSeed } from '../../core/dice.js';
import type { BaseEvent } from '../../core/events.js';
import type { EngagementResult } from '../../core/result.js';
import type { EngagementShape, TraceSupport } from '../../core/ruleset.js';
import type { Vocabulary } from '../../core/vocabulary.js';
import { UsageError } from '../../core/errors.js';
import { findRuleset } from '../../rules/index.js';
import { VOLLEY_VERSION } from '../../results/version.js';
import { prepareRun } from './prepare.js';
import type { SettingsFlags } from './settings.js';

export interface TraceRequest {
  file: string;
  /** The cell: its index, or its label (as the report and results.json give it). */
  cell?: number | string;
  engagement: number;
  seed?: string | number;
  /** Engagements per cell of the run (its -n), for the range check; default the file's. */
  engagements?: number;
  /** The run's --set and --compare, if it was given them: the same cells. */
  settings?: SettingsFlags;
}

/** Which run the engagement comes from, for the page's header and the first line of events.ndjson. */
export interface ReplayProvenance {
  file: string;
  cell: number;
  label: string;
  engagement: number;
  seed: string;
  version: string;
}

export interface Replay {
  /** The experiment's name, or the scenario's. */
  name: string;
  /** What names the trace's default folder: the file's (src/sim/store/folderName.ts) and its --seed, --set and --compare if they change it. */
  folder: { name: string; changes: FlagPart[] };
  /** The scenario's title (or name), for the page. */
  title: string;
  ruleset: string;
  trace: TraceSupport<unknown, unknown, BaseEvent>;
  /** What the engagement is about, as the rule system's trace describes it. */
  subject: unknown;
  /** Its sides, units, formations and scale (EngagementShape), and the words of its results. */
  shape: EngagementShape;
  vocabulary: Vocabulary;
  events: BaseEvent[];
  result: EngagementResult;
  provenance: ReplayProvenance;
}

/** Replay engagement `engagement` of cell `cell` exactly as `volley run` plays it. */
export function replayEngagement(req: TraceRequest): Replay {
  const prep = prepareRun({ file: req.file, seed: req.seed, engagements: req.engagements, settings: req.settings });
  const cells = prep.cells;
  const which = req.cell ?? 0;
  const cellIndex = typeof which === 'number' ? which : /^\d+$/.test(which) ? Number(which) : cells.findIndex((c) => c.label === which);
  if (!Number.isInteger(cellIndex) || cellIndex < 0 || cellIndex >= cells.length) {
    throw new UsageError(
      `--cell ${typeof which === 'string' && !/^\d+$/.test(which) ? `'${which}'` : which}: ${req.file} has ${cells.length === 1 ? 'one cell, 0' : `${cells.length} cells, 0 to ${cells.length - 1}`}` +
        `${cells.length > 1 ? ` (${cells.map((c) => `${c.index}: ${c.label}`).join('; ')})` : ''}`,
    );
  }
  const n = prep.plan.engagements;
  if (!Number.isInteger(req.engagement) || req.engagement < 0 || req.engagement >= n) {
    const has = prep.plan.precision ? `a cell of the run plays at most ${n} engagements (it stops at its precision target)` : `the run has ${n} engagements per cell`;
    throw new UsageError(`--engagement ${req.engagement}: ${has}, 0 to ${n - 1} (give -n if the run was longer)`);
  }
  const cell = cells[cellIndex];
  const ruleset = findRuleset(cell.scenario.ruleset)!;
  if (!ruleset.trace) throw new UsageError(`the ${ruleset.id} rule system has no trace`);
  const compiled = ruleset.compile(cell.scenario, cell.options);
  const events: BaseEvent[] = [];
  const seed = prep.plan.seed;
  const result = ruleset.play(compiled, EngagementDice.for(seed, cell.rngKey, req.engagement), { sink: (e: BaseEvent) => events.push(e) });
  const trace = ruleset.trace as TraceSupport<unknown, unknown, BaseEvent>;
  return {
    name: prep.meta.experiment?.name ?? cell.scenario.name,
    // -n only checks the range: the engagement is the same whatever the run's length.
    folder: { name: prep.folderName, changes: prep.changes.filter(([f]) => f === 'seed' || f === 'set' || f === 'compare') },
    title: cell.scenario.title ?? cell.scenario.name,
    ruleset: ruleset.id,
    trace,
    subject: trace.subject(compiled, cell.scenario.name, cell.scenario.title),
    shape: ruleset.describe(compiled),
    vocabulary: ruleset.vocabulary,
    events,
    result: structuredClone(result),
    provenance: {
      file: relative(process.cwd(), req.file) || req.file,
      cell: cellIndex,
      label: cell.label,
      engagement: req.engagement,
      seed: engagementSeed(seed, cell.rngKey, req.engagement),
      version: VOLLEY_VERSION,
    },
  };
}

/** The story a replay tells (story.txt). */
export function replayStoryLines(r: Replay) {
  return r.trace.story(r.events, r.subject, r.result);
}
