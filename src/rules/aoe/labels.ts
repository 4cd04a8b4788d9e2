/**
 * The modifiers of a roll in words, for the trace (events carry them only when a sink is given):
 * each line of the table that applies, with its value and section.
 */
import type { BayonetSituation, CombatUnit } from './bayonet.js';
import {
  breakthroughDrm,
  cavalryVsInfantryDrm,
  combatQualityDrm,
  coverDrm,
  disorderDrm,
  freshHitsDrm,
  heavyCavalryDrm,
  hitsDrm,
  infantryVsSquareDrm,
  lancersDrm,
  leaderDrm,
  outflankedDrm,
  outnumberDrm,
  outnumberStands,
} from './bayonet.js';
import { cohesionMarchDrm } from './cohesion.js';
import { attachedLeaderMarchDrm, chargesAsDisordered, detachedLeaderDrm, disorderedChargeDrm, formationMarchDrm, marchModeDrm, type MarchSituation } from './march.js';
import type { AoeOptions } from './options.js';
import { marchQualityDrm } from './units.js';
import { firePointDrm, targetDrm, type VolleyTarget } from './volley.js';

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

const FORMATION_WORDS: Record<string, string> = {
  line: 'Line',
  fieldColumn: 'Field Column',
  masse: 'Masse',
  marchColumn: 'March Column',
  openOrder: 'Open Order',
  square: 'square',
  none: 'a village',
};

function add(out: string[], value: number, what: string): void {
  if (value !== 0) out.push(`${signed(value)} ${what}`);
}

/** p1 Tactical Movement Modifiers that apply. */
export function marchLabels(s: MarchSituation, o: Pick<AoeOptions, 'linearMasse' | 'guardStep' | 'buaCavalry'>): string[] {
  const out: string[] = [];
  add(out, detachedLeaderDrm(s.detachedLeaders, s.detachedCharismatic), 'detached leaders');
  add(out, attachedLeaderMarchDrm(s.attachedLeader), 'attached leader');
  add(out, formationMarchDrm(s.arm, s.formation), `in ${FORMATION_WORDS[s.formation] ?? s.formation}`);
  add(out, marchModeDrm(s.marchMode, s.movingFormation, s.moving, o.linearMasse), `moving against its March Mode (${s.marchMode})`);
  add(out, s.secureFlanks ? 1 : 0, 'secure flanks');
  add(out, marchQualityDrm(s.troops, o.guardStep), s.troops === 'conscript' ? 'Conscript' : s.troops === 'elite' ? 'Elite' : 'guard');
  add(out, -s.hits, `for ${s.hits} hit${s.hits === 1 ? '' : 's'}`);
  add(out, disorderedChargeDrm(s.arm, chargesAsDisordered(s.disordered, s.chargeAtBua, o.buaCavalry), s.charging), s.disordered ? 'disordered cavalry charging' : 'cavalry charging into a village, always disordered (p3)');
  add(out, cohesionMarchDrm(s.cohesionLevel), `for army cohesion level ${s.cohesionLevel}`);
  return out;
}

/** p2 Die Roll Modifiers of a fire roll that apply. */
export function volleyLabels(points: number, t: VolleyTarget, skirmish: boolean, penalty: AoeOptions['skirmishPenalty']): string[] {
  const out: string[] = [];
  add(out, firePointDrm(points), 'for its fire points');
  const tm = targetDrm({ ...t, cover: 0 }, skirmish, penalty);
  add(out, tm, `target ${t.formation === 'none' ? 'in a village' : `in ${FORMATION_WORDS[t.formation] ?? t.formation}`}${t.changedFormation ? ', changed formation' : ''}${t.aboutFaced ? ', about-faced' : ''}${t.limbered ? ', limbered' : ''}${skirmish ? ', skirmish fire' : ''}`);
  add(out, -t.cover, 'cover');
  return out;
}

type ModOpts = Pick<AoeOptions, 'outnumberCount' | 'cavVsInfantry' | 'armouredCav' | 'freshHits' | 'guardStep'>;

/** p2 Bayonet & Sabre modifiers of each side that apply: [attacker's, defender's]. */
export function bayonetLabels(att: readonly CombatUnit[], def: readonly CombatUnit[], s: BayonetSituation, o: ModOpts): [string[], string[]] {
  const a: string[] = [];
  const d: string[] = [];
  const as = outnumberStands(att, o.outnumberCount);
  const ds = outnumberStands(def, o.outnumberCount);
  add(a, leaderDrm(att), 'leader');
  add(a, outnumberDrm(as, ds), `outnumbers ${as}:${ds}`);
  const cav = cavalryVsInfantryDrm(att, def, o.cavVsInfantry);
  add(a, cav, cav === -3 ? 'cavalry charging a square' : cav === -2 ? 'cavalry charging a masse' : 'cavalry charging infantry in the open');
  add(a, infantryVsSquareDrm(att, def), 'infantry charging a square');
  add(a, lancersDrm(att, def), 'lancers');
  const heavy = (v: number) => (v === 1 ? 'heavy cavalry' : v === 2 ? 'armoured heavy cavalry' : 'heavy and armoured cavalry');
  add(a, heavyCavalryDrm(att, o.armouredCav), heavy(heavyCavalryDrm(att, o.armouredCav)));
  add(a, breakthroughDrm(s), 'breakthrough charge');
  add(a, disorderDrm(att, 'attacker', def), 'disordered (or open order, or cavalry at a village)');
  add(a, freshHitsDrm(att, o.freshHits), 'hits this fire phase');
  add(a, hitsDrm(att), 'for hits on the unit');
  add(a, combatQualityDrm(att, o.guardStep), 'troop quality');
  add(d, leaderDrm(def), 'leader');
  add(d, outnumberDrm(ds, as), `outnumbers ${ds}:${as}`);
  add(d, heavyCavalryDrm(def, o.armouredCav), heavy(heavyCavalryDrm(def, o.armouredCav)));
  add(d, disorderDrm(def, 'defender', att), 'disordered (or open order, cavalry standing, a lone battery)');
  add(d, freshHitsDrm(def, o.freshHits), 'hits this fire phase');
  add(d, hitsDrm(def), 'for hits on the unit');
  add(d, coverDrm(def), 'cover');
  add(d, outflankedDrm(s), 'outflanked');
  add(d, combatQualityDrm(def, o.guardStep), 'troop quality');
  return [a, d];
}
