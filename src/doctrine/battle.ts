/**
 * Parameters of the battle doctrine: the choices 12.2's orders leave open. The AoR player that applies
 * them lives with the rules (src/rules/aor/battle/ai.ts); these are plain data.
 */
export interface BattleDoctrine {
  /** Attack orders: enemy units within this many hexes of the objective are targets to close with. */
  engageRadius: number;
  /** Defend orders: counterattack an adjacent stack when our strength is at least this multiple of its own. */
  counterattackRatio: number;
  /** Advance after combat (7.5) with Attack orders. */
  advance: boolean;
  /** Charge (7.6) or reaction-charge (7.8) when the expected charge strength is at least this multiple of the target's. */
  chargeRatio: number;
  /** Pursue by choice after a won charge (7.7) unless the cavalry is disrupted or damaged. */
  pursue: boolean;
}

export const DEFAULT_BATTLE_DOCTRINE: BattleDoctrine = { engageRadius: 4, counterattackRatio: 2, advance: true, chargeRatio: 1.5, pursue: true };
