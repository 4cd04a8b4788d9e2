/**
 * Words the CWJ-based Napoleonic rules (v1.2) use for units, shared by every rule step. The text has
 * no section numbers: rules are cited by the heading tags of ../shared/rulings/cwj-napoleonic-rules.md
 * and the text's line numbers (l.), e.g. [Fire] l.145-158.
 */

/** The three arms of [Form] l.16-18 and the troop tables [FrT] [AuT]. */
export type Arm = 'infantry' | 'cavalry' | 'artillery';

/**
 * [Form] l.16-18: infantry Line, Column, Square, Skirmish, Deployed (holding an area such as a
 * village); cavalry Line, Column; artillery Limbered, Unlimbered.
 */
export type Formation = 'line' | 'column' | 'square' | 'skirmish' | 'deployed' | 'limbered' | 'unlimbered';

/** Formations each arm may take ([Form] l.16-18). */
export const ARM_FORMATIONS: Readonly<Record<Arm, readonly Formation[]>> = {
  infantry: ['line', 'column', 'square', 'skirmish', 'deployed'],
  cavalry: ['line', 'column'],
  artillery: ['limbered', 'unlimbered'],
};

/** Whether an arm may take a formation ([Form] l.16-18). */
export function formationAllowed(arm: Arm, formation: Formation): boolean {
  return ARM_FORMATIONS[arm].includes(formation);
}

/**
 * A unit's cohesion. `unformed` is the state a failed rough-terrain test leaves ([Rough] l.121-124):
 * it acts as disordered with the differences the rally and chip rules give it.
 */
export type Cohesion = 'good' | 'disordered' | 'unformed';

/** Whether a unit counts as disordered for modifiers and movement (unformed acts as disordered). */
export function actsDisordered(c: Cohesion): boolean {
  return c !== 'good';
}

/** Cover a fire target may have ([Fire] l.217-224); `village` is resolved by `cwj.villageCover`. */
export type Cover = 'none' | 'soft' | 'hard' | 'village';
