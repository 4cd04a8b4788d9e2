/**
 * Building small CWJ lane scenarios for tests: a raw scenario with one corps a side, validated by the
 * scenario schema and compiled with the options given.
 */
import { EngagementDice } from '../../src/core/dice.js';
import type { EngagementResult } from '../../src/core/result.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { findRuleset } from '../../src/rules/index.js';
import type { CompiledLane } from '../../src/rules/cwj/compile.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { scenarioSchema } from '../../src/scenario/schema.js';

export const cwj = findRuleset('cwj')!;

type Raw = Record<string, unknown>;

/** A raw lane scenario: one corps a side, the units given, everything else defaulted. */
export function rawLane(attackerUnits: Raw[], defenderUnits: Raw[], extra: Raw = {}, sides: { attacker?: Raw; defender?: Raw } = {}): Raw {
  return {
    kind: 'scenario',
    name: 'test-lane',
    ruleset: 'cwj',
    engagement: 'lane',
    attacker: { name: 'French', nation: 'french', line: -20, corps: [{ id: 'fr', units: attackerUnits }], ...sides.attacker },
    defender: { name: 'Prussians', nation: 'prussian', line: 0, corps: [{ id: 'pr', units: defenderUnits }], ...sides.defender },
    ...extra,
  };
}

/** Validate a raw scenario: the parsed scenario, or the first issue's path and message. */
export function parse(raw: Raw): { ok: true; scenario: Raw } | { ok: false; path: string; message: string } {
  const r = scenarioSchema.safeParse(raw);
  if (r.success) return { ok: true, scenario: r.data as Raw };
  const i = r.error.issues[0];
  return { ok: false, path: i.path.map(String).join('.'), message: i.message };
}

/** Parse and compile; throws on an invalid scenario. */
export function compile(raw: Raw, options: Record<string, string | number | boolean> = {}): CompiledLane {
  const p = parse({ ...raw, options: { ...((raw.options as Raw) ?? {}), ...options } });
  if (!p.ok) throw new Error(`${p.path}: ${p.message}`);
  const s = p.scenario as { options: Record<string, unknown> };
  return cwj.compile(s, resolveOptions(cwj.options, s.options)) as CompiledLane;
}

/** Play engagement i with events. */
export function playWithEvents(c: CompiledLane, seed: string, i = 0): { result: EngagementResult; events: CwjEvent[] } {
  const events: CwjEvent[] = [];
  const result = cwj.play(c, EngagementDice.for(seed, 'cell', i), { sink: (e: CwjEvent) => events.push(e), checkInvariants: true });
  return { result: structuredClone(result), events };
}

/** Play n engagements (invariants checked), calling `each` with every result. */
export function playMany(c: CompiledLane, seed: string, n: number, each: (r: EngagementResult, i: number) => void): void {
  for (let i = 0; i < n; i++) each(cwj.play(c, EngagementDice.for(seed, 'cell', i), { checkInvariants: true }), i);
}
