/**
 * Battle doctrines: the choices 12.2's orders leave open, as named presets of parameters. The AoR
 * player that applies them lives with the rules (src/rules/aor/battle/ai.ts); these are plain data.
 * A side names a preset and may override any parameter; experiments vary either like any factor.
 */
import { overridden } from '../../../core/records.js';
export interface BattleDoctrine {
  /** Attack orders: enemy units within this many hexes of the objective are targets to close with. */
  engageRadius: number;
  /** Attack orders: attack an adjacent stack that is not the objective when our strength after its terrain is at least this multiple of its own. */
  attackOdds: number;
  /**
   * Attack orders: a unit steps into an enemy ZOC (and so must attack, 7.3) only when the friendly
   * infantry and cavalry within two hexes of the enemy stack there, itself included, are at least this
   * multiple of that stack's strength after its terrain; otherwise it waits one turn for support, then
   * goes in anyway (12.2). Into or next to its own objective held by the enemy it never waits. 0: never.
   */
  support: number;
  /** Defend orders: counterattack an adjacent stack in the open when our strength is at least this multiple of its own. */
  counterattackRatio: number;
  /** Advance after combat (7.5) with Attack orders. */
  advance: boolean;
  /** Advance even where the enemy next to the vacated hex is stronger than the advancing unit. */
  advanceIntoThreat: boolean;
  /** Charge (7.6) or reaction-charge (7.8) when the expected charge strength is at least this multiple of the target's. */
  chargeRatio: number;
  /** Pursue by choice after a won charge (7.7) unless the cavalry is disrupted or damaged. */
  pursue: boolean;
  /**
   * The commander's plan (12.3-12.5): when the overall commander sends formations held in Reserve into
   * the attack, on the objective the enemy holds nearest to them: never, once any friendly unit is in
   * contact, or once a friendly formation is demoralized. Orders travel with 12.4's delay within 12.5's
   * capacity, after the scenario's own plan.
   */
  commitReserves: 'never' | 'whenEngaged' | 'whenDemoralized';
  /**
   * The commander's plan (12.3-12.5): the overall commander sends a demoralized formation that still
   * has Attack orders a Reserve order, so that it stops attacking and may reorganize at night (15).
   */
  rallyBroken: boolean;
  /**
   * Movement paths (5, 7.3): the cheapest way to the chosen hex, or 'covered': when the unit ends next
   * to enemy stacks, its last step comes if it can from a hex out of their line of sight (or next to
   * them), so that none may fire first at it.
   */
  approach: 'cheapest' | 'covered';
  /**
   * The yardstick of play quality: every choice is made at random among the legal ones (from the
   * side's own AI dice), the rules' obligations still enforced. The other parameters are then unused.
   */
  random: boolean;
  /**
   * Reorganization (15): which eliminated units a Reserve leader brings back first when more wait than
   * the stacking limit takes: the strongest (reduced strength, then morale) or the steadiest (morale,
   * then strength).
   */
  reorganize: 'strongest' | 'steadiest';
  /**
   * The assault doctrine (src/rules/aor/doctrine/assault.ts) the side fights its assaults with (fire first,
   * voluntary retreat, hit allocation) when the scenario names none for it.
   */
  assault: string;
}

export const BATTLE_DOCTRINE_PRESETS: Readonly<Record<string, { doc: string; params: BattleDoctrine }>> = {
  'by-the-book': {
    doc: 'Closes on enemies near the objective, attacks the objective and even odds, counterattacks at 2:1 in the open, advances unless the hex is threatened, charges at 3:2; pulls broken formations out to rally.',
    params: { engageRadius: 4, attackOdds: 1, support: 1, counterattackRatio: 2, advance: true, advanceIntoThreat: false, chargeRatio: 1.5, pursue: true, commitReserves: 'whenEngaged', rallyBroken: true, approach: 'covered', random: false, reorganize: 'strongest', assault: 'by-the-book' },
  },
  aggressive: {
    doc: 'Attacks at 3:4, counterattacks at 6:5, always advances, charges at even odds and pursues; never retreats by choice, and broken formations attack on.',
    params: { engageRadius: 4, attackOdds: 0.75, support: 0, counterattackRatio: 1.2, advance: true, advanceIntoThreat: true, chargeRatio: 1, pursue: true, commitReserves: 'whenEngaged', rallyBroken: false, approach: 'cheapest', random: false, reorganize: 'strongest', assault: 'stubborn' },
  },
  careful: {
    doc: 'Engages only near the objective, attacks other stacks at 3:2, counterattacks at 3:1, advances only into the objective, charges at 5:2 and never pursues by choice; pulls back when outshot.',
    params: { engageRadius: 3, attackOdds: 1.5, support: 1.5, counterattackRatio: 3, advance: false, advanceIntoThreat: false, chargeRatio: 2.5, pursue: false, commitReserves: 'whenDemoralized', rallyBroken: true, approach: 'covered', random: false, reorganize: 'steadiest', assault: 'careful' },
  },
  'random-legal': {
    doc: 'Every choice at random among the legal ones: the baseline that real doctrines must beat.',
    params: { engageRadius: 4, attackOdds: 1, support: 1, counterattackRatio: 2, advance: true, advanceIntoThreat: false, chargeRatio: 1.5, pursue: true, commitReserves: 'whenEngaged', rallyBroken: false, approach: 'cheapest', random: true, reorganize: 'strongest', assault: 'random-legal' },
  },
};

export const DEFAULT_BATTLE_DOCTRINE: BattleDoctrine = BATTLE_DOCTRINE_PRESETS['by-the-book'].params;

export function resolveBattleDoctrine(name: string, overrides: Partial<BattleDoctrine> = {}): BattleDoctrine {
  const preset = BATTLE_DOCTRINE_PRESETS[name];
  if (!preset) throw new Error(`unknown battle doctrine '${name}'; known: ${Object.keys(BATTLE_DOCTRINE_PRESETS).join(', ')}`);
  return overridden(preset.params, overrides);
}
