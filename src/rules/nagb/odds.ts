/**
 * Exact odds (STYLE.md 7): full distributions by convolution and enumeration over the dice, never by
 * sampling. (a) a shooting step: hits, kills and the test it triggers (p10-11, p27); (b) a charge from
 * declaration to its end (p12-13, p17-18); (c) one round of hand to hand (p14-16). Each also has a
 * builder from plain unit profiles, so the play loop and `volley odds` build the same numbers.
 */
import { modifiedLd, stubbornLd, testPassProbability } from './leadership.js';
import {
  CHARGE_ENDINGS,
  type ChargeEnding,
  chargeTestRequired,
  type ChargeSpec,
  caught,
  defensiveNeed,
  fireAndFleeDice,
  flightOf,
  fleeDice,
  firedHigh,
  defensiveFireDistance,
  halfChargeMove,
  type TargetAfterCharge,
} from './charge.js';
import { needsShootingTest, shootingTestFailure, shootingTestLd, shootingTestThreshold } from './disorder.js';
import {
  casualtyPerDie,
  figuresCounted,
  loserBreaksOutright,
  MELEE_ENDINGS,
  type MeleeEnding,
  meleeBonus,
  type BonusCase,
  meleeHitNeeded,
  meleeKillOn,
  meleeSaveOn,
  type MeleeSideSpec,
  type MeleeSpec,
  outnumberBonus,
} from './melee.js';
import { chargeBase, chargeDice } from './movement.js';
import type { NagbOptions } from './options.js';
import { binomial, convolve, faceAtLeast, sumD6Distribution } from './roll.js';
import {
  diceForFigures,
  type FireKind,
  firingFigures,
  formationMayVolley,
  holdsFire,
  rangeBand,
  squareFireAtChargers,
  toHitNeeded,
  townFiringFigures,
} from './shooting.js';
import { artilleryHitNeeded } from './artillery.js';
import {
  type Arm,
  CANISTER_KILL,
  type CavalryType,
  type CavalryWeapon,
  classRow,
  isStubbornClass,
  type Cover,
  figureWeight,
  type Formation,
  leadershipOf,
  SMALL_ARMS_KILL,
  type TerrainTest,
  type UnitClass,
  type Weapon,
  weaponRow,
} from './tables.js';

// ---------------------------------------------------------------------------------------------------
// Shared pieces

/** Binomial(n, p) with the mass above `cap` gathered at `cap` (casualties cannot exceed the figures). */
export function cappedBinomial(n: number, p: number, cap: number): number[] {
  const b = binomial(n, p);
  if (cap >= n) return b;
  const out = b.slice(0, cap + 1);
  for (let k = cap + 1; k <= n; k++) out[cap] += b[k];
  return out;
}

/** P(kills = k) for `dice` dice hitting on `need` and killing on `killOn`, capped at `cap`. */
export function killDistribution(dice: number, need: number, killOn: number, cap: number): number[] {
  if (holdsFire(need)) return [1];
  return cappedBinomial(dice, faceAtLeast(need) * faceAtLeast(killOn), cap);
}

/** Exact P(the to-hit dice of a volley show more 6s than 1s) and the reverse (p10, nagb.lowAmmo). */
export function lowAmmoOdds(dice: number): { more6s: number; more1s: number } {
  // Each die: a 6 (1/6), a 1 (1/6) or neither (4/6); the difference 6s - 1s is a walk of `dice` steps.
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < dice; i++) {
    const next = new Map<number, number>();
    for (const [d, p] of dist) {
      next.set(d + 1, (next.get(d + 1) ?? 0) + p / 6);
      next.set(d - 1, (next.get(d - 1) ?? 0) + p / 6);
      next.set(d, (next.get(d) ?? 0) + (4 * p) / 6);
    }
    dist = next;
  }
  let more6s = 0, more1s = 0;
  for (const [d, p] of dist) {
    if (d > 0) more6s += p;
    else if (d < 0) more1s += p;
  }
  return { more6s, more1s };
}

/** A plain description of a unit, from which the builders compute dice, scores and Ld. */
export interface UnitProfile {
  arm: Arm;
  cls: UnitClass;
  formation: Formation;
  figures: number;
  startFigures: number;
  /** Current front-rank figures (a square: one face). */
  front: number;
  /** Acts disordered (disordered, shaken, blown, without colours). */
  disordered: boolean;
  jubilant: number;
  /** Personal influence added to its tests (p4). */
  influence: number;
  /** Its small arm (p10), or null: none (cavalry without carbines or pistols, p25, p40; a battery's crew). */
  weapon: Weapon | null;
  /** p35: British and Portuguese line roll four dice per three figures. */
  fourPerThree?: boolean;
  cavalryType?: CavalryType | null;
  cavalryWeapon?: CavalryWeapon | null;
  /** A commander has joined: stubborn, rerolls missed hits in hand to hand (p5, p39). */
  commanderJoined?: boolean;
  lowOnAmmo?: boolean;
  /** Moved this turn (p8, p10: no volley, its stand-and-shoot volley included); false when absent. */
  moved?: boolean;
  /** A friend within 8" straight ahead, in its volley fire zone (p10: no volley, its stand-and-shoot volley included); false when absent. */
  friendAhead?: boolean;
  /** Defends a village sector (p30, p31). */
  inVillage?: boolean;
  /** The lane's line front of the unit (for firing out of a village, nagb.townFireFigures). */
  lineFront?: number;
  /** A leadership of its own (a scenario's or refit's `leadership`); without, its class's (ldOf). */
  ld?: number;
  /** A battery's national modifier to hit (p35, nagb.russianArtillery); none when absent. */
  gunnery?: number;
}

/** p39-40: a unit's leadership: its own (a scenario's or refit's), else its class's. */
export function ldOf(p: UnitProfile, opts: Pick<NagbOptions, 'guardLeadership'>): number {
  return p.ld ?? leadershipOf(p.arm, p.cls, opts);
}

function isStubborn(p: UnitProfile): boolean {
  return isStubbornClass(p.arm, p.cls) || p.commanderJoined === true;
}

// ---------------------------------------------------------------------------------------------------
// (a) A shooting step

/** One firing unit compiled: its dice, score to hit and kill number. */
export interface FireGroup {
  dice: number;
  need: number;
  killOn: number;
  /** Whether it fires a volley (its dice then count toward low ammunition). */
  volley: boolean;
}

/** The target's test after the step (p11, p27). */
export interface ShootingTarget {
  cls: UnitClass;
  figures: number;
  startFigures: number;
  ld: number;
  disordered: boolean;
  jubilant: number;
  enfilade: boolean;
  influence: number;
  inVillage: boolean;
}

export interface ShootingOdds {
  /** P(hits = h), index h. */
  hits: number[];
  /** P(casualties = k), index k (capped at the target's figures). */
  kills: number[];
  expectedHits: number;
  expectedKills: number;
  /** The test it triggers: none, passed, failed and disordered, failed and broken. */
  noTest: number;
  passed: number;
  disordered: number;
  broken: number;
  /** For each firer, P(its volley leaves it low on ammunition) under nagb.lowAmmo (0 for normal fire). */
  lowAmmo: number[];
}

/** Exact odds of one shooting step: several firers at one target, casualties added, one test (p10-11). */
export function shootingOdds(groups: readonly FireGroup[], target: ShootingTarget, opts: Pick<NagbOptions, 'lowAmmo'>): ShootingOdds {
  let hits = [1];
  let killsRaw = [1];
  for (const g of groups) {
    if (holdsFire(g.need)) continue;
    hits = convolve(hits, binomial(g.dice, faceAtLeast(g.need)));
    killsRaw = convolve(killsRaw, binomial(g.dice, faceAtLeast(g.need) * faceAtLeast(g.killOn)));
  }
  const cap = target.figures;
  const kills = killsRaw.slice(0, Math.min(killsRaw.length, cap + 1));
  for (let k = cap + 1; k < killsRaw.length; k++) kills[cap] += killsRaw[k];
  let noTest = 0, passed = 0, disordered = 0, broken = 0, eh = 0, ek = 0;
  for (let h = 0; h < hits.length; h++) eh += h * hits[h];
  for (let k = 0; k < kills.length; k++) {
    const p = kills[k];
    ek += k * p;
    if (!needsShootingTest(target.cls, target.startFigures, k)) {
      noTest += p;
      continue;
    }
    const pass = testPassProbability(shootingTestLd({ ...target, casualties: k }));
    passed += p * pass;
    if (shootingTestFailure(target.disordered, target.inVillage) === 'broken') broken += p * (1 - pass);
    else disordered += p * (1 - pass);
  }
  const lowAmmo = groups.map((g) => {
    if (!g.volley || holdsFire(g.need) || opts.lowAmmo === 'off') return 0;
    const o = lowAmmoOdds(g.dice);
    return opts.lowAmmo === 'more6sThan1s' ? o.more6s : o.more1s;
  });
  return { hits, kills, expectedHits: eh, expectedKills: ek, noTest, passed, disordered, broken, lowAmmo };
}

/** A firing unit as the shooting builder takes it. */
export interface FirerProfile extends UnitProfile {
  kind: FireKind;
  distance: number;
  /** Defensive or reaction fire (point blank counts, p12). */
  defensive: boolean;
  /** Cavalry firing from the saddle (p10, p25). */
  mounted?: boolean;
}

/** The target's circumstances (beyond its profile) for the builder. */
export interface TargetCircumstances {
  cover: Cover;
  charging: boolean;
  skirmishers: boolean;
  deployedArtillery: boolean;
  enfilade: boolean;
}

/**
 * p10, p30, p35: the fire group of a firing unit at a target: firing figures (half the front rank, a
 * volley the whole of it, skirmishers all; half the facing figures out of a village), dice per figure,
 * the score to hit with every modifier, 4+ to kill.
 */
export function fireGroup(f: FirerProfile, t: TargetCircumstances, opts: NagbOptions): FireGroup {
  const volley = f.kind === 'volley';
  // Without small arms (p25, p40) a unit fires nothing: no dice.
  if (f.weapon === null) return { dice: 0, need: 7, killOn: SMALL_ARMS_KILL, volley };
  const band = rangeBand(f.weapon, f.distance, volley, f.defensive, opts);
  const figures = f.inVillage ? townFiringFigures(f.figures, f.lineFront ?? f.front, opts) : firingFigures(f.kind, f.front, f.figures);
  const need =
    band === 'out'
      ? 7
      : toHitNeeded(
          {
            firerClass: f.cls,
            firerDisordered: f.disordered,
            band,
            cover: t.cover,
            targetCharging: t.charging,
            targetSkirmishers: t.skirmishers,
            targetDeployedArtillery: t.deployedArtillery,
            mounted: f.mounted === true,
            portugueseLine: false,
          },
          opts,
        );
  return { dice: diceForFigures(figures, f.fourPerThree === true), need, killOn: SMALL_ARMS_KILL, volley };
}

/** (a) from profiles: the exact odds of firers shooting at one target in one step. */
export function shootingStepOdds(firers: readonly FirerProfile[], target: UnitProfile, t: TargetCircumstances, opts: NagbOptions): ShootingOdds {
  const groups = firers.map((f) => fireGroup(f, t, opts));
  return shootingOdds(
    groups,
    {
      cls: target.cls,
      figures: target.figures,
      startFigures: target.startFigures,
      ld: ldOf(target, opts),
      disordered: target.disordered,
      jubilant: target.jubilant,
      enfilade: t.enfilade,
      influence: target.influence,
      inVillage: target.inVillage === true,
    },
    opts,
  );
}

// ---------------------------------------------------------------------------------------------------
// (b) A charge

export interface ChargeOdds {
  endings: Record<ChargeEnding, number>;
  target: Record<TargetAfterCharge, number>;
  /** P(the chargers end disordered). */
  chargerDisordered: number;
  /** P(casualties on the chargers = k). */
  chargerCasualties: number[];
  volley: number;
  firedHigh: number;
}

/** Exact odds of resolveCharge (p12-13, p17-18), path by path of its dice, by distribution. */
export function chargeOdds(s: ChargeSpec): ChargeOdds {
  const endings: Record<ChargeEnding, number> = { refused: 0, fellShort: 0, halted: 0, home: 0, caught: 0, escaped: 0 };
  const target: Record<TargetAfterCharge, number> = { unchanged: 0, square: 0, disordered: 0, fled: 0 };
  const cas: number[] = new Array(s.chargers.figures + 1).fill(0);
  let chargerDisordered = 0, volleyP = 0, firedHighP = 0;
  const opts = { caughtFleeing: s.caughtFleeing, halfChargeRounding: s.halfChargeRounding };
  const pGo = s.chargeTestLd === null ? 1 : testPassProbability(s.chargeTestLd);
  endings.refused = 1 - pGo;
  cas[0] += 1 - pGo;
  if (pGo === 0) {
    target.unchanged = 1;
    return { endings, target, chargerDisordered, chargerCasualties: cas, volley: 0, firedHigh: 0 };
  }
  const D = s.distance;
  const move = sumD6Distribution(s.chargeDice); // index: dice total
  const c = s.chargers;
  const failFire = (k: number) => (k <= 0 || k < c.threshold ? 0 : 1 - testPassProbability(c.ld - (c.casualtyModified ? k : 0)));
  const contactDisorder =
    s.contactTest === 'auto' ? 1 : typeof s.contactTest === 'number' ? 1 - testPassProbability(c.ld + s.contactTest) : 0;
  const shortDisorder = 1 - testPassProbability(c.ld);
  // The chargers arriving (or not) after a move M, with weight w.
  const arrive = (M: number, w: number) => {
    if (M >= D) {
      endings.home += w;
      chargerDisordered += w * contactDisorder;
    } else {
      endings.fellShort += w;
      chargerDisordered += w * shortDisorder;
    }
  };
  // P(caught) against a flight of `dice` d6 (halved for a horse battery, p19) after a move M.
  const caughtGiven = (M: number, dice: number) => {
    const flight = sumD6Distribution(dice);
    let p = 0;
    for (let f = 0; f < flight.length; f++) if (flight[f] > 0 && caught(M, D + flightOf(s, f), opts)) p += flight[f];
    return p;
  };
  for (let t = 0; t < move.length; t++) {
    const pm = move[t];
    if (pm === 0) continue;
    const M = s.chargeBase + t;
    const w = pGo * pm;
    switch (s.reaction) {
      case 'flee': {
        const pc = caughtGiven(M, s.fleeDice);
        target.fled += w;
        endings.caught += w * pc;
        endings.escaped += w * (1 - pc);
        cas[0] += w;
        break;
      }
      case 'fireAndFlee': {
        const kd = killDistribution(s.fire.normalDice, defensiveNeed(s, D, false), s.fire.killOn, c.figures);
        const pc = caughtGiven(M, s.fireAndFleeDice);
        target.fled += w;
        for (let k = 0; k < kd.length; k++) {
          const wk = w * kd[k];
          cas[k] += wk;
          const ph = failFire(k);
          endings.halted += wk * ph;
          chargerDisordered += wk * ph;
          endings.caught += wk * (1 - ph) * pc;
          endings.escaped += wk * (1 - ph) * (1 - pc);
        }
        break;
      }
      case 'formSquare': {
        const pSq = testPassProbability(s.squareLd + (D <= halfChargeMove(M, opts) ? -4 : 0));
        cas[0] += w;
        target.square += w * pSq;
        arrive(M, w * pSq);
        if (s.targetDisordered) {
          const pc = caughtGiven(M, s.fleeDice);
          target.fled += w * (1 - pSq);
          endings.caught += w * (1 - pSq) * pc;
          endings.escaped += w * (1 - pSq) * (1 - pc);
        } else {
          target.disordered += w * (1 - pSq);
          arrive(M, w * (1 - pSq));
        }
        break;
      }
      case 'standAndShoot': {
        const f = s.fire;
        const pv = f.volleyAlways ? 1 : f.volleyTestLd === null ? 0 : testPassProbability(f.volleyTestLd);
        target.unchanged += w;
        volleyP += w * pv;
        for (const [volley, wv] of [
          [true, pv],
          [false, 1 - pv],
        ] as const) {
          if (wv === 0) continue;
          for (let face = 1; face <= 6; face++) {
            const R = face + f.rangeModifier;
            const wr = (w * wv) / 6;
            if (firedHigh(R, D)) {
              firedHighP += wr;
              cas[0] += wr;
              arrive(M, wr);
              continue;
            }
            const need = defensiveNeed(s, defensiveFireDistance(R, D, M), volley);
            const kd = killDistribution(volley ? f.volleyDice : f.normalDice, need, f.killOn, c.figures);
            for (let k = 0; k < kd.length; k++) {
              const wk = wr * kd[k];
              if (wk === 0) continue;
              cas[k] += wk;
              const ph = failFire(k);
              endings.halted += wk * ph;
              chargerDisordered += wk * ph;
              arrive(M, wk * (1 - ph));
            }
          }
        }
        break;
      }
      case 'stand':
        target.unchanged += w;
        cas[0] += w;
        arrive(M, w);
        break;
    }
  }
  target.unchanged += 1 - pGo;
  return { endings, target, chargerDisordered, chargerCasualties: cas, volley: volleyP, firedHigh: firedHighP };
}

/** What the charge builder needs beyond the two profiles. */
export interface ChargeSituation {
  distance: number;
  reaction: ChargeSpec['reaction'];
  frontal: boolean;
  /** p22: an aggressive cavalry charge needs no test. */
  aggressive: boolean;
  /** Terrain test of the chargers at contact (movement.terrainDisorderTest at charge pace). */
  contactTest: TerrainTest;
  /** The target is a horse battery (p19: flees 3d6). */
  horseArtillery?: boolean;
  /**
   * A battery that fires and flees (p12, p19): its canister dice at the start distance
   * (artillery.ts, canisterAtChargers) and whether it moved or unlimbered this turn (p20: -1).
   */
  battery?: { canisterDice: number; moved: boolean };
}

/**
 * (b) from profiles: the charge compiled to numbers (p12-13, p17-18, p8): the charge test when due, the
 * charge move, the target's fire (a volley after a test in line or attack column, a square's face
 * always, half the front rank otherwise; half the facing figures out of a village, never a volley), the
 * chargers' test, flight and square tests.
 */
export function chargeSpec(charger: UnitProfile, target: UnitProfile, s: ChargeSituation, opts: NagbOptions): ChargeSpec {
  return chargeSpecInto(newChargeSpec(), charger, target, s, opts);
}

/** A blank ChargeSpec of the builder's shape, for chargeSpecInto to fill (the play loop keeps one). */
export function newChargeSpec(): ChargeSpec {
  return {
    distance: 0,
    chargeBase: 0,
    chargeDice: 0,
    chargeTestLd: null,
    reaction: 'stand',
    fire: {
      volleyTestLd: null,
      volleyAlways: false,
      volleyDice: 0,
      normalDice: 0,
      rangeModifier: 0,
      needPointBlank: 0,
      needShort: 0,
      needLong: 0,
      shortEnd: 0,
      longEnd: 0,
      volleyLongEnd: 0,
      killOn: 0,
    },
    chargers: { figures: 0, threshold: 0, ld: 0, casualtyModified: false },
    fleeDice: 0,
    fireAndFleeDice: 0,
    flightHalved: false,
    squareLd: 0,
    targetDisordered: false,
    contactTest: 'none',
    caughtFleeing: 'pursuitAtLeastFlight',
    halfChargeRounding: 'floor',
  };
}

/**
 * ...but one that fires and flees (p12, p19) fires its guns' canister at the chargers' start distance,
 * resolved as musketry (p20): its dice, 4+ to hit with the gunnery modifiers and -1 at charging enemy
 * (who have no cover), +1 at 1" or less as any fire at chargers (p12), 3+ to kill. The dice already hold
 * the range (canisterAtChargers), so short and long take the same score.
 */
function batteryFireAtChargers(f: ChargeSpec['fire'], charger: UnitProfile, target: UnitProfile, b: ChargeSituation['battery'], opts: NagbOptions): void {
  const need = artilleryHitNeeded(
    {
      crewClass: target.cls,
      disordered: target.disordered,
      longRange: false,
      cover: 'none',
      movedOrUnlimbered: b?.moved === true,
      targetSkirmishers: charger.formation === 'skirmish',
      targetCharging: true,
      national: target.gunnery ?? 0,
      canister: true,
    },
    opts,
  );
  f.normalDice = b?.canisterDice ?? 0;
  f.needShort = f.needLong = need;
  f.needPointBlank = Math.max(2, need - 1);
  f.shortEnd = f.longEnd = f.volleyLongEnd = Infinity;
  f.killOn = CANISTER_KILL;
}

/** The target's score to hit the chargers at one range band (chargeSpec's defensive fire). */
function standNeed(charger: UnitProfile, target: UnitProfile, longPenalty: boolean, band: 'pointBlank' | 'short' | 'long', opts: NagbOptions): number {
  return toHitNeeded(
    {
      firerClass: target.cls,
      firerDisordered: target.disordered,
      band: band === 'long' && !longPenalty ? 'short' : band,
      cover: 'none',
      targetCharging: true,
      targetSkirmishers: charger.formation === 'skirmish',
      targetDeployedArtillery: false,
      mounted: target.arm === 'cavalry',
      portugueseLine: false,
    },
    opts,
  );
}

/** chargeSpec written into `o` (every field of it and of its fire and chargers records). */
export function chargeSpecInto(o: ChargeSpec, charger: UnitProfile, target: UnitProfile, s: ChargeSituation, opts: NagbOptions): ChargeSpec {
  const chLd = ldOf(charger, opts);
  const tLd = ldOf(target, opts);
  const needTest = chargeTestRequired({
    frontal: s.frontal,
    targetFormedGoodOrder: target.formation !== 'skirmish' && !target.disordered,
    chargerWeighted: charger.figures * figureWeight(charger.arm),
    targetWeighted: target.figures * figureWeight(target.arm),
    aggressive: s.aggressive,
    skirmishingCavalry: charger.arm === 'cavalry' && charger.formation === 'skirmish',
  });
  const chargersLd = modifiedLd(chLd, charger.jubilant, charger.disordered, charger.influence);
  const square = target.formation === 'square';
  const village = target.inVillage === true;
  // p10's volley needs good order, a unit that has not moved this turn (p8 too) and no friend in its
  // fire zone (8" straight ahead), as p12's stand-and-shoot volley does: a disordered target, one that
  // moved (or charged) earlier in the turn, or one with a friend before it shoots at normal effect; an
  // attack column volleys by nagb.volleyFormations (p3, p8, p10), cavalry only under
  // nagb.cavalryVolley inLine (p8, p25).
  const canVolley =
    !square && !village && !target.lowOnAmmo && !target.disordered && target.moved !== true && target.friendAhead !== true && formationMayVolley(target.arm, target.formation, opts);
  const weapon = target.weapon;
  const four = target.fourPerThree === true;
  const normalFigures = village ? townFiringFigures(target.figures, target.lineFront ?? target.front, opts) : firingFigures('normal', target.front, target.figures);
  const squareLdMod = target.formation === 'line' || target.formation === 'marchColumn' ? -1 : 0;
  o.distance = s.distance;
  o.chargeBase = chargeBase(charger.arm, charger.formation, opts);
  o.chargeDice = chargeDice(charger.arm);
  o.chargeTestLd = needTest ? chargersLd : null;
  o.reaction = s.reaction;
  const f = o.fire;
  f.rangeModifier = classRow(target.cls).standRange + (target.disordered ? 1 : 0);
  f.killOn = SMALL_ARMS_KILL;
  if (weapon === null || target.arm === 'artillery') {
    // Without small arms nothing fires (p25, p40: cavalry its scenario gives no carbines or pistols;
    // p19: a battery's crew, whose guns fire only on its own pips)...
    f.volleyTestLd = null;
    f.volleyAlways = false;
    f.volleyDice = 0;
    f.normalDice = 0;
    f.needPointBlank = f.needShort = f.needLong = 7;
    f.shortEnd = f.longEnd = f.volleyLongEnd = 0;
  } else {
    const row = weaponRow(weapon, opts);
    f.volleyTestLd = canVolley ? modifiedLd(tLd, target.jubilant, target.disordered, target.influence) : null;
    // p8, p10: a square volleys its face free unless disordered or low on ammunition; then it holds its
    // fire or fires half its face (nagb.squareWithoutVolley; reactionAllowed refuses the first).
    const squareFire = square ? squareFireAtChargers(target.disordered, target.lowOnAmmo === true, opts) : 'normal';
    f.volleyAlways = squareFire === 'volley';
    f.volleyDice = diceForFigures(target.front, four);
    f.normalDice = squareFire === 'none' ? 0 : diceForFigures(normalFigures, four);
    f.needPointBlank = standNeed(charger, target, row.longPenalty, 'pointBlank', opts);
    f.needShort = standNeed(charger, target, row.longPenalty, 'short', opts);
    f.needLong = standNeed(charger, target, row.longPenalty, 'long', opts);
    f.shortEnd = row.short;
    f.longEnd = row.long;
    f.volleyLongEnd = weapon === 'musket' ? Math.max(row.long, opts.volleyRange) : row.long;
  }
  if (target.arm === 'artillery' && s.reaction === 'fireAndFlee') batteryFireAtChargers(f, charger, target, s.battery, opts);
  const c = o.chargers;
  c.figures = charger.figures;
  c.threshold = shootingTestThreshold(charger.cls, charger.startFigures);
  c.ld = chargersLd;
  c.casualtyModified = classRow(charger.cls).casualtyModified;
  o.fleeDice = fleeDice(target.arm, s.horseArtillery === true);
  o.fireAndFleeDice = fireAndFleeDice(target.arm, s.horseArtillery === true);
  // Batteries on the lane stand unlimbered (they do not move): a horse battery limbers as it flees.
  o.flightHalved = target.arm === 'artillery' && s.horseArtillery === true;
  o.squareLd = modifiedLd(tLd, target.jubilant, target.disordered, target.influence + squareLdMod);
  o.targetDisordered = target.disordered;
  o.contactTest = s.contactTest;
  o.caughtFleeing = opts.caughtFleeing;
  o.halfChargeRounding = opts.halfChargeRounding;
  return o;
}

// ---------------------------------------------------------------------------------------------------
// (c) One round of hand to hand

export interface MeleeOdds {
  /** P(casualties suffered by side a = k) and by side b. */
  onA: number[];
  onB: number[];
  /** P(score of a = s), P(score of b = s) (scores below 0 cannot occur unless bonuses are negative: offset by scoreOffset). */
  scoreA: number[];
  scoreB: number[];
  scoreOffset: number;
  /** P(scoreA - scoreB = m), sorted by m. */
  margins: { margin: number; p: number }[];
  aWins: number;
  bWins: number;
  draw: number;
  endings: Record<MeleeEnding, number>;
  breakThrough: number;
}

/** Exact odds of resolveMeleeRound (p14-16, p23). */
export function meleeOdds(s: MeleeSpec): MeleeOdds {
  const a = s.a, b = s.b;
  const qa = casualtyPerDie(a.need, a.rerollMisses, a.killOn, a.saveOn);
  const qb = casualtyPerDie(b.need, b.rerollMisses, b.killOn, b.saveOn);
  const onA = new Array(a.figures + 1).fill(0);
  const onB = new Array(b.figures + 1).fill(0);
  const endings: Record<MeleeEnding, number> = { draw: 0, aBreaks: 0, aFallsBack: 0, bBreaks: 0, bFallsBack: 0 };
  const margins = new Map<number, number>();
  const scoreOffset = Math.max(0, -Math.min(a.bonus, b.bonus));
  const maxScore = Math.max(a.bonus, b.bonus) + scoreOffset + Math.max(a.figures, b.figures) + 1;
  const scoreA = new Array(maxScore + 1).fill(0);
  const scoreB = new Array(maxScore + 1).fill(0);
  let breakThrough = 0;
  const both = a.cavalry && b.cavalry;
  const visit = (ca: number, cb: number, p: number) => {
    if (p === 0) return;
    onA[ca] += p;
    onB[cb] += p;
    const leftA = figuresCounted(a, ca), leftB = figuresCounted(b, cb);
    const sa = cb + a.bonus + outnumberBonus(leftA, a.weight, leftB, b.weight);
    const sb = ca + b.bonus + outnumberBonus(leftB, b.weight, leftA, a.weight);
    scoreA[sa + scoreOffset] += p;
    scoreB[sb + scoreOffset] += p;
    const m = sa - sb;
    margins.set(m, (margins.get(m) ?? 0) + p);
    if (m === 0) {
      endings.draw += p;
      if (both) breakThrough += p;
      return;
    }
    const loser = m < 0 ? a : b;
    const margin = Math.abs(m);
    const pass = loser.autoBreak ? 0 : testPassProbability(loser.marginModifies ? loser.breakLd - margin : loser.breakLd);
    if (m < 0) {
      endings.aBreaks += p * (1 - pass);
      endings.aFallsBack += p * pass;
    } else {
      endings.bBreaks += p * (1 - pass);
      endings.bFallsBack += p * pass;
    }
    if (both) breakThrough += p * pass;
  };
  if (s.order === 'simultaneous') {
    const da = cappedBinomial(a.dice, qa, b.figures); // casualties a inflicts on b
    const db = cappedBinomial(b.dice, qb, a.figures);
    for (let cb = 0; cb < da.length; cb++) for (let ca = 0; ca < db.length; ca++) visit(ca, cb, da[cb] * db[ca]);
  } else {
    const first = s.order === 'a' ? a : b, second = s.order === 'a' ? b : a;
    const qf = s.order === 'a' ? qa : qb, qs = s.order === 'a' ? qb : qa;
    const d1 = cappedBinomial(first.dice, qf, second.figures);
    for (let c1 = 0; c1 < d1.length; c1++) {
      if (d1[c1] === 0) continue;
      const d2 = cappedBinomial(Math.max(0, second.dice - c1), qs, first.figures);
      for (let c2 = 0; c2 < d2.length; c2++) {
        const p = d1[c1] * d2[c2];
        if (s.order === 'a') visit(c2, c1, p);
        else visit(c1, c2, p);
      }
    }
  }
  const sorted = [...margins.entries()].sort((x, y) => x[0] - y[0]).map(([margin, p]) => ({ margin, p }));
  let aWins = 0, bWins = 0;
  for (const { margin, p } of sorted) {
    if (margin > 0) aWins += p;
    else if (margin < 0) bWins += p;
  }
  return { onA, onB, scoreA, scoreB, scoreOffset, margins: sorted, aWins, bWins, draw: endings.draw, endings, breakThrough };
}

/** One side of a melee as the builder takes it. */
export interface MeleeParty extends UnitProfile {
  /** Dice it rolls (melee.meleeDice from the frontages). */
  dice: number;
  charging: boolean;
  /** Cover of the building sector it assaults ('none' otherwise). */
  assaulting: Cover;
  /** Bonus flags of p14 (the arms and formations are filled in from the profiles). */
  bonus: Omit<BonusCase, 'arm' | 'formation' | 'enemyArm' | 'enemyFormation'>;
}

/** p14-15, p25, p39-40: one side of a melee compiled from the two parties. */
export function meleeSide(me: MeleeParty, enemy: MeleeParty, opts: NagbOptions): MeleeSideSpec {
  return meleeSideInto(newMeleeSide(), me, enemy, opts);
}

/** A blank MeleeSideSpec of meleeSide's shape, for meleeSideInto to fill. */
function newMeleeSide(): MeleeSideSpec {
  return { dice: 0, need: 0, rerollMisses: false, killOn: 0, saveOn: 0, figures: 0, countFigures: 0, weight: 0, backRanksFirst: false, bonus: 0, autoBreak: false, breakLd: 0, marginModifies: false, cavalry: false };
}

/** meleeSide written into `o` (every field). */
function meleeSideInto(o: MeleeSideSpec, me: MeleeParty, enemy: MeleeParty, opts: NagbOptions): MeleeSideSpec {
  const ld = ldOf(me, opts);
  const stubborn = isStubborn(me);
  const heavyCharger =
    enemy.arm === 'cavalry' && enemy.charging && (enemy.cavalryType === 'heavy' || enemy.cavalryType === 'cuirassier');
  o.dice = me.dice;
  o.need = meleeHitNeeded({ cls: me.cls, disordered: me.disordered, assaulting: me.assaulting, freeHack: false }, opts);
  o.rerollMisses = me.commanderJoined === true;
  o.killOn = meleeKillOn(me.arm, me.cavalryWeapon ?? null, me.charging);
  o.saveOn = meleeSaveOn(enemy.arm, enemy.cavalryType ?? null);
  o.figures = me.figures;
  o.countFigures = opts.outnumberBasis === 'wholeUnit' ? me.figures : Math.min(me.figures, me.dice);
  o.weight = figureWeight(me.arm);
  o.backRanksFirst = me.arm === 'infantry' && me.formation === 'attackColumn';
  o.bonus = meleeBonus({
    arm: me.arm,
    formation: me.formation,
    enemyArm: enemy.arm,
    enemyFormation: enemy.formation,
    flankAttack: me.bonus.flankAttack,
    rearAttack: me.bonus.rearAttack,
    higherGround: me.bonus.higherGround,
    standard: me.bonus.standard,
    flankSupport: me.bonus.flankSupport,
    rearSupport: me.bonus.rearSupport,
    lapFlank: me.bonus.lapFlank,
    lapRear: me.bonus.lapRear,
  });
  o.autoBreak = loserBreaksOutright(
    { disordered: me.disordered, stubborn, formation: me.formation, beatenByChargingHeavyCavalry: heavyCharger },
    opts,
  );
  o.breakLd = stubborn ? stubbornLd(ld, me.influence) : modifiedLd(ld, me.jubilant, me.disordered, me.influence);
  o.marginModifies = !stubborn;
  o.cavalry = me.arm === 'cavalry';
  return o;
}

/** (c) from parties: the melee compiled (side a is usually the charger). */
export function meleeSpec(a: MeleeParty, b: MeleeParty, order: MeleeSpec['order'], opts: NagbOptions): MeleeSpec {
  return { a: meleeSide(a, b, opts), b: meleeSide(b, a, opts), order };
}

/** A blank MeleeSpec of meleeSpec's shape, for meleeSpecInto to fill (the play loop keeps one). */
export function newMeleeSpec(): MeleeSpec {
  return { a: newMeleeSide(), b: newMeleeSide(), order: 'a' };
}

/** meleeSpec written into `o` (both sides whole and the order). */
export function meleeSpecInto(o: MeleeSpec, a: MeleeParty, b: MeleeParty, order: MeleeSpec['order'], opts: NagbOptions): MeleeSpec {
  meleeSideInto(o.a, a, b, opts);
  meleeSideInto(o.b, b, a, opts);
  o.order = order;
  return o;
}

/** P(a fleeing unit is caught) by a pursuit of `pursuitDice` d6 against a flight of `flightDice` d6 (p16). */
export function caughtOdds(pursuitDice: number, flightDice: number, opts: Pick<NagbOptions, 'caughtFleeing'>): number {
  const pd = sumD6Distribution(pursuitDice), fd = sumD6Distribution(flightDice);
  let p = 0;
  for (let x = 0; x < pd.length; x++) {
    if (pd[x] === 0) continue;
    for (let y = 0; y < fd.length; y++) if (fd[y] > 0 && caught(x, y, opts)) p += pd[x] * fd[y];
  }
  return p;
}

export { CHARGE_ENDINGS, MELEE_ENDINGS };
