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
    name: 'aor.blockedRetreat',
    values: ['eliminate', 'stepLoss'],
    default: 'eliminate',
    source: '7.4',
    doc: 'A unit that must retreat and has no hex to retreat into is eliminated, or loses one step and stays.',
  },
  {
    name: 'aor.bombardStackBonus',
    values: [false, true],
    default: false,
    source: 'Combat modifiers: Bombardment (opt.)',
    doc: 'The optional +50% for bombardment against a stack of two non-artillery units.',
  },
  {
    name: 'aor.bombardFirstHit',
    values: ['disruptOrStep', 'alwaysDisrupt'],
    default: 'disruptOrStep',
    source: '8.1',
    doc: "The first bombardment hit disrupts an undisrupted unit of the target, or (when every unit is already disrupted) costs a step; or it is always spent as a disruption.",
  },
  {
    name: 'aor.bombardmentRetreatCheck',
    values: [false, true],
    default: false,
    source: '8.1',
    doc: 'Whether a target that lost a step to bombardment checks morale and retreats on a failure (the text gives no retreat for bombardment).',
  },
  {
    name: 'aor.armyLossMeasure',
    values: ['eliminatedFull', 'strengthLost'],
    default: 'eliminatedFull',
    source: '13, 14.1',
    doc: "What counts toward the army demoralization level: the full strength of eliminated units (as 14.1 counts a corps), or every strength point lost.",
  },
  {
    name: 'aor.squareEffect',
    values: ['7.6', '7.10'],
    default: '7.6',
    source: '7.6, 7.10',
    doc: 'What forming square does to a charge: 7.6 — square formed: normal strength, not formed: double; 7.10 — formed: halved, not formed: normal.',
  },
  {
    name: 'aor.chargeTie',
    values: ['chargerReturns', 'bothStay'],
    default: 'chargerReturns',
    source: '7.6',
    doc: 'When a charge ends with both sides losing as many steps: the charger returns to its start hex, or both stay where they are.',
  },
  {
    name: 'aor.chargeDefenceFire',
    values: ['full', 'halvedUnlessRepeating'],
    default: 'full',
    source: '7.10 ("underlined combat value is not halved against a charge")',
    doc: "The target's fire against a charge: at full strength (the text states no halving), or halved except for units with repeating weapons (what 7.10's exception implies).",
  },
  {
    name: 'aor.pursuitRatingDefault',
    values: ['morale', 'none'],
    default: 'morale',
    source: '2.2, 7.7',
    doc: 'The pursuit rating of a unit the scenario gives none: its morale, or none (no forced pursuit test).',
  },
  {
    name: 'aor.demoralizedComplianceDelay',
    values: [0, 1, 2],
    default: 0,
    source: '14.2 (the sentence breaks off)',
    doc: 'Extra turns before a demoralized formation complies with a new order; 1 is the likely intent of the truncated 14.2.',
  },
  {
    name: 'aor.nightAttackFailure',
    values: ['reserve', 'defend'],
    default: 'reserve',
    source: '16',
    doc: 'What a failed Attack order becomes on a night turn (one not occupying part of its target): Reserve or Defend.',
  },
  {
    name: 'aor.riverAssault',
    values: ['forbidden', 'asStream'],
    default: 'forbidden',
    source: 'Terrain Effects table (no River row); 5.4',
    doc: 'Whether stacks may assault across a river hexside without a bridge: not at all (rivers are impassable and block ZOCs), or as across a stream (-25%).',
  },
  {
    name: 'aor.targetRuleOrder',
    values: ['distributionFirst', 'priorityFirst'],
    default: 'distributionFirst',
    source: '7.3',
    doc: "Which of 7.3's target rules narrows the choice first: spreading Attack-order attacks over unattacked stacks, or the infantry stack's priority (chateau, infantry, cavalry, artillery).",
  },
  {
    name: 'aor.fortifiedHexsideRetreat',
    values: ['ignore', 'normal'],
    default: 'ignore',
    source: '10.1, 10.2',
    doc: 'Defenders attacked only across fortified hexsides ignore retreat results as in a fort, or retreat normally.',
  },
  {
    name: 'aor.marchFlank',
    values: ['flankableTerrain', 'inTowns'],
    default: 'flankableTerrain',
    source: '12.2 March, 7.6, 10.1',
    doc: 'Units under March orders attacked on a road or trail hex are flanked (12.2); in a town there, whether 7.6 (towns cannot be flanked) still protects them. A fort always does (10.1).',
    valueDocs: { flankableTerrain: 'a town on the road still cannot be flanked (7.6)', inTowns: 'the March rule overrides 7.6 in towns (not in forts, 10.1)' },
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
  blockedRetreat: 'eliminate' | 'stepLoss';
  bombardStackBonus: boolean;
  bombardFirstHit: 'disruptOrStep' | 'alwaysDisrupt';
  bombardmentRetreatCheck: boolean;
  armyLossMeasure: 'eliminatedFull' | 'strengthLost';
  squareEffect: '7.6' | '7.10';
  chargeTie: 'chargerReturns' | 'bothStay';
  pursuitRatingDefault: 'morale' | 'none';
  chargeDefenceFire: 'full' | 'halvedUnlessRepeating';
  demoralizedComplianceDelay: number;
  nightAttackFailure: 'reserve' | 'defend';
  riverAssault: 'forbidden' | 'asStream';
  targetRuleOrder: 'distributionFirst' | 'priorityFirst';
  marchFlank: 'flankableTerrain' | 'inTowns';
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
    blockedRetreat: get('blockedRetreat'),
    bombardStackBonus: get('bombardStackBonus'),
    bombardFirstHit: get('bombardFirstHit'),
    bombardmentRetreatCheck: get('bombardmentRetreatCheck'),
    armyLossMeasure: get('armyLossMeasure'),
    squareEffect: get('squareEffect'),
    chargeTie: get('chargeTie'),
    pursuitRatingDefault: get('pursuitRatingDefault'),
    chargeDefenceFire: get('chargeDefenceFire'),
    demoralizedComplianceDelay: get('demoralizedComplianceDelay'),
    nightAttackFailure: get('nightAttackFailure'),
    riverAssault: get('riverAssault'),
    targetRuleOrder: get('targetRuleOrder'),
    marchFlank: get('marchFlank'),
  };
}

/** Defaults, for tests and tools that need a kernel configuration without a scenario. */
export const DEFAULT_AOR_OPTIONS: AorOptions = aorOptions(
  Object.fromEntries(AOR_OPTIONS.map((o) => [o.name, o.default])),
);
