/**
 * The Ruleset contract (DESIGN.md, "Contracts"): a rule system declares its options, compiles a
 * scenario once per cell into immutable fast data, and plays single engagements from it.
 */
import type { EngagementDice } from './dice.js';
import type { EventSink } from './events.js';
import type { EngagementResult } from './result.js';

export type OptionValue = string | number | boolean;

export interface OptionSpec {
  /** Full name, e.g. `aor.terrainReductions`. */
  name: string;
  values: readonly OptionValue[];
  default: OptionValue;
  /** Section of the rule text the option reads, e.g. "7.6, Terrain Effects table". */
  source: string;
  /** One line: what the option decides. */
  doc: string;
  /** One line per value, optional. */
  valueDocs?: Record<string, string>;
}

export type ResolvedOptions = Record<string, OptionValue>;

export interface PlayOptions {
  sink?: EventSink;
  /** A result object to reuse (reset by play). */
  out?: EngagementResult;
  /** Check invariants after every step and throw on a violation. */
  checkInvariants?: boolean;
}

export interface Ruleset<Scenario = unknown, Compiled = unknown> {
  id: string;
  title: string;
  options: readonly OptionSpec[];
  /** Validate the ruleset-specific scenario and build immutable data for play. Throws ScenarioError. */
  compile(scenario: Scenario, options: ResolvedOptions): Compiled;
  play(compiled: Compiled, dice: EngagementDice, opts?: PlayOptions): EngagementResult;
  /** Names of the units in compiled order (result.units follows it). */
  unitNames(compiled: Compiled): { id: string; side: 0 | 1 }[];
  /** What results are about: side names and roles, formations and objectives in compiled order. */
  describe(compiled: Compiled): EngagementShape;
  /** A result object sized for this compiled engagement. */
  newResult(compiled: Compiled): EngagementResult;
}

export interface EngagementShape {
  sides: [{ name: string; role: string }, { name: string; role: string }];
  units: { id: string; side: 0 | 1; kind: string; formation: string }[];
  formations: { id: string; name: string; side: 0 | 1 }[];
  objectives: { name: string; vp: number }[];
  /** The turn limit, for charts by turn. */
  turns: number;
}

export class OptionError extends Error {}

/**
 * Resolve user-given options against a ruleset's specs: unknown names and values are errors;
 * every option not given takes its default. The result lists every option (provenance).
 */
export function resolveOptions(specs: readonly OptionSpec[], given: Record<string, unknown> = {}): ResolvedOptions {
  const out: ResolvedOptions = {};
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const [name, value] of Object.entries(given)) {
    const spec = byName.get(name);
    if (!spec) {
      throw new OptionError(`unknown option '${name}'; known options: ${specs.map((s) => s.name).join(', ')}`);
    }
    if (!spec.values.some((v) => v === value)) {
      throw new OptionError(
        `option '${name}' cannot be ${JSON.stringify(value)}; expected one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    }
  }
  for (const spec of specs) out[spec.name] = givenValue(given, spec) ?? spec.default;
  return out;
}

function givenValue(given: Record<string, unknown>, spec: OptionSpec): OptionValue | undefined {
  return Object.prototype.hasOwnProperty.call(given, spec.name) ? (given[spec.name] as OptionValue) : undefined;
}
