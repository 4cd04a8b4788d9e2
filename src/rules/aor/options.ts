/**
 * Every reading of the Age of Rifles text that the engine could take more than one way is an option
 * (DESIGN.md, "Rulings become options"; ../shared/rulings/age-of-rifles.md; docs/rules/age-of-rifles.md).
 */
import type { OptionSpec, ResolvedOptions } from '../../core/ruleset.js';

export const AOR_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'aor.terrainReductions',
    values: ['largest', 'multiply'],
    default: 'largest',
    source: '7.6 Terrain; Terrain Effects on Combat',
    doc: 'When several terrain reductions apply to one firing unit: only the largest counts, or they compound.',
    valueDocs: { largest: 'the single largest reduction applies', multiply: 'reductions multiply (-25% and -50% give -62.5%)' },
  },
  {
    name: 'aor.groupMoraleFallback',
    values: ['artillery', 'fails'],
    default: 'artillery',
    source: '2.3',
    doc: 'A group with neither infantry nor cavalry checks against its highest artillery morale, or fails outright.',
  },
  {
    name: 'aor.moraleBounds',
    values: ['none', '1-5'],
    default: 'none',
    source: '2.2, 2.3, Morale Modifiers',
    doc: 'Whether modified morale is kept between 1 and 5 (as in the full rules) or left unbounded.',
  },
  {
    name: 'aor.hitAllocation',
    values: ['combined', 'infantryFirst'],
    default: 'combined',
    source: '7.1',
    doc: 'The first hit goes to infantry: to damaged infantry first when there is some (combined), or to any infantry (infantryFirst).',
  },
  {
    name: 'aor.hexsideFire',
    values: ['attackerOnly', 'both'],
    default: 'attackerOnly',
    source: '7.6 Terrain; Terrain Effects on Combat',
    doc: "Whether a stream, crest, bridge or fortified hexside reduces only the attacker's fire across it, or the defender's reply too.",
  },
  {
    name: 'aor.oldGuardEffect',
    values: ['attacking', 'attackingOrDefending'],
    default: 'attacking',
    source: 'Morale Modifiers ("attacked by Old Guard infantry")',
    doc: 'The Old Guard -1 applies to the side it attacks only, or also to attackers it defends against.',
  },
  {
    name: 'aor.fireFirstTargets',
    values: ['movedStacks', 'allStacks'],
    default: 'movedStacks',
    source: '7.3',
    doc: 'When the defender fires first, it fires only at the stacks that moved adjacent in its LOS, or at all attacking stacks.',
  },
  {
    name: 'aor.fireFirstRetreat',
    values: ['afterBoth', 'beforeReply'],
    default: 'afterBoth',
    source: '7.3, 7.4',
    doc: "When the defender fires first: voluntary retreats are decided after both fires (the attacker's applied losses stand), or the attacker may retreat before replying, halving its hits.",
  },
  {
    name: 'aor.defenderTargetTerrain',
    values: ['leastProtected', 'mostProtected'],
    default: 'leastProtected',
    source: '7.3, 7.6 Terrain',
    doc: "When the defender fires at several attacking stacks in different terrain, its fire takes the reduction of the least protected stack, or of the most protected one.",
  },
  {
    name: 'aor.cavalryAloneRetreat',
    values: ['always', 'unlessAttackerRetreats'],
    default: 'always',
    source: '7.3',
    doc: 'Cavalry defending alone retreats voluntarily after every assault round, or not when the attacker has already chosen to retreat.',
  },
  {
    name: 'aor.fortifiedHexsideRetreat',
    values: ['ignore', 'normal'],
    default: 'ignore',
    source: '10.1, 10.2',
    doc: 'Defenders attacked only across fortified hexsides ignore retreat results as in a fort, or retreat normally.',
  },
];

/** The options in the shape the kernel reads them (resolved once per cell by compile). */
export interface AorOptions {
  terrainReductions: 'largest' | 'multiply';
  groupMoraleFallback: 'artillery' | 'fails';
  moraleBounds: 'none' | '1-5';
  hitAllocation: 'combined' | 'infantryFirst';
  hexsideFire: 'attackerOnly' | 'both';
  oldGuardEffect: 'attacking' | 'attackingOrDefending';
  fireFirstTargets: 'movedStacks' | 'allStacks';
  fireFirstRetreat: 'afterBoth' | 'beforeReply';
  defenderTargetTerrain: 'leastProtected' | 'mostProtected';
  cavalryAloneRetreat: 'always' | 'unlessAttackerRetreats';
  fortifiedHexsideRetreat: 'ignore' | 'normal';
}

export function aorOptions(resolved: ResolvedOptions): AorOptions {
  const get = <T>(k: string) => resolved[`aor.${k}`] as T;
  return {
    terrainReductions: get('terrainReductions'),
    groupMoraleFallback: get('groupMoraleFallback'),
    moraleBounds: get('moraleBounds'),
    hitAllocation: get('hitAllocation'),
    hexsideFire: get('hexsideFire'),
    oldGuardEffect: get('oldGuardEffect'),
    fireFirstTargets: get('fireFirstTargets'),
    fireFirstRetreat: get('fireFirstRetreat'),
    defenderTargetTerrain: get('defenderTargetTerrain'),
    cavalryAloneRetreat: get('cavalryAloneRetreat'),
    fortifiedHexsideRetreat: get('fortifiedHexsideRetreat'),
  };
}

/** Defaults, for tests and tools that need a kernel configuration without a scenario. */
export const DEFAULT_AOR_OPTIONS: AorOptions = aorOptions(
  Object.fromEntries(AOR_OPTIONS.map((o) => [o.name, o.default])),
);
