/**
 * A results.json read back (`volley report`, a run's check of its folder) is checked before anything
 * uses it: its format, then the fields a report reads, each at its path. A file written by another
 * version of volley, cut short or edited by hand is refused with the field that is wrong and its line,
 * instead of failing somewhere inside the report.
 */
import { z } from 'zod';
import { formatPath } from '../core/errors.js';
import { kindOf } from '../scenario/yamlFile.js';
import { jsonLine } from './jsonLine.js';
import { CROSS_RESULTS_FORMAT } from './cross.js';
import { RESULTS_FORMAT, RESULTS_FORMAT_COLUMNS } from './results.js';

const FORMATS = [RESULTS_FORMAT, RESULTS_FORMAT_COLUMNS, CROSS_RESULTS_FORMAT] as const;

/** A problem with a results file: the field's path, its line where it can be found, and what is wrong. */
export class ResultsFileError extends Error {
  constructor(
    readonly field: string,
    readonly line: number | undefined,
    readonly detail: string,
  ) {
    super(`${line === undefined ? '' : `line ${line}: `}${field === '' ? '' : `${field}: `}${detail}`);
    this.name = 'ResultsFileError';
  }
}

/** The error as the CLI prints it: file:line: field: what is wrong. */
export function resultsFileMessage(file: string, e: ResultsFileError): string {
  return `${file}${e.line === undefined ? '' : `:${e.line}`}: ${e.field === '' ? '' : `${e.field}: `}${e.detail}`;
}

const share = z.looseObject({ count: z.number(), n: z.number(), p: z.number() });
const mean = z.looseObject({ mean: z.number() });
const summary = z.looseObject({
  engagements: z.int().min(1),
  outcome: z.array(share.extend({ winner: z.string() })),
  reasons: z.array(share.extend({ reason: z.string() })),
  turns: mean,
  minutes: mean,
  sides: z.tuple([z.looseObject({ name: z.string(), strengthLost: mean, menLost: mean }), z.looseObject({ name: z.string(), strengthLost: mean, menLost: mean })]),
  units: z.array(z.looseObject({ id: z.string() })),
  formations: z.array(z.looseObject({ id: z.string() })),
  objectives: z.array(z.looseObject({ name: z.string() })),
  extras: z.record(z.string(), mean),
});
const cell = z.looseObject({ index: z.int().min(0), label: z.string(), factors: z.record(z.string(), z.unknown()), summary });
const provenance = z.looseObject({ volley: z.string(), ruleset: z.looseObject({ id: z.string(), title: z.string() }), hash: z.string() });
const common = {
  provenance,
  vocabulary: z.looseObject({ outcomes: z.unknown() }),
  scale: z.looseObject({}),
  sides: z.array(z.looseObject({ name: z.string(), role: z.string() })).length(2),
  formations: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  objectives: z.array(z.looseObject({ name: z.string() })),
  turns: z.number(),
};
const oneSystem = z.looseObject({ format: z.literal(RESULTS_FORMAT), ...common, cells: z.array(cell).min(1) });
const oneSystemColumns = z.looseObject({ format: z.literal(RESULTS_FORMAT_COLUMNS), ...common, cellColumns: z.looseObject({ file: z.string(), cells: z.int().min(1) }) });
const cross = z.looseObject({
  format: z.literal(CROSS_RESULTS_FORMAT),
  provenance: z.looseObject({ volley: z.string() }),
  systems: z.array(z.union([oneSystem, oneSystemColumns])).min(1),
  comparison: z.looseObject({ cells: z.array(z.looseObject({ system: z.string(), label: z.string() })) }),
});


/**
 * Check a parsed results.json (as written: cells inline or in a columnar file); `text` is the file's
 * text, read again only to find a problem's line. Throws ResultsFileError at the first problem.
 */
export function checkResultsJson(parsed: unknown, text: string): void {
  const fail = (path: readonly PropertyKey[], detail: string): never => {
    throw new ResultsFileError(formatPath(path), jsonLine(text, path), detail);
  };
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) fail([], 'expected an object, the results of a run');
  const format = (parsed as { format?: unknown }).format;
  if (typeof format !== 'string') fail(['format'], `missing: a results file names its format (${FORMATS.join(', ')})`);
  if (!(FORMATS as readonly string[]).includes(format as string)) {
    const ours = /^volley-(cross-)?results\//.test(format as string);
    fail(['format'], ours ? `'${format}' was written by another version of volley; this one reads ${FORMATS.join(', ')}: run it again with this volley` : `'${format}' is not a volley results format (${FORMATS.join(', ')})`);
  }
  const schema = format === CROSS_RESULTS_FORMAT ? cross : format === RESULTS_FORMAT_COLUMNS ? oneSystemColumns : oneSystem;
  const r = schema.safeParse(parsed);
  if (r.success) return;
  const issue = r.error.issues[0];
  // zod's issues do not carry the value: look at the path, so that a field of the wrong type is not called missing.
  let value: unknown = parsed;
  for (const k of issue.path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[k] : undefined;
  if (issue.code === 'invalid_type' && value === undefined) fail(issue.path, 'missing (volley writes it in every results file: was the file cut short or edited?)');
  if (issue.code === 'invalid_type') fail(issue.path, `expected ${issue.expected}, found ${kindOf(value)}${value === null ? '' : ` ${shortJson(value)}`} (was the file edited?)`);
  fail(issue.path, issue.message);
}

/** A value as JSON, cut to a line. */
function shortJson(v: unknown): string {
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Check the cells read back from a columnar file (`file`, named by results.json). */
export function checkCells(cells: unknown, file: string): void {
  const r = z.array(cell).min(1).safeParse(cells);
  if (r.success) return;
  const issue = r.error.issues[0];
  throw new ResultsFileError(formatPath(['cells', ...issue.path]), undefined, `${issue.message} (read from ${file})`);
}
