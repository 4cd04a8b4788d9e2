/**
 * Whole engagements on the lane: the turn of 3 in order, the result in the common vocabulary (rulings,
 * "Mapping"), invariants under every doctrine, and determinism.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { RUNG } from '../../src/core/result.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { burt } from '../../src/rules/burt/index.js';
import { STEP_NAMES } from '../../src/rules/burt/events.js';
import { STEPS } from '../../src/rules/burt/turn/index.js';
import type { CompiledLane } from '../../src/rules/burt/play/state.js';
import { BURT_DOCTRINE_PRESETS } from '../../src/rules/burt/doctrine/presets.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { EXTRA_INDEX } from '../../src/rules/burt/vocabulary.js';
import type { BurtEvent } from '../../src/rules/burt/events.js';
import { rollReaches } from '../../src/rules/burt/die.js';

const FILES = ['common-a-village', 'common-b-open', 'common-c-cavalry', 'meeting'].map((f) => `sims/burt/${f}.scenario.yaml`);

function compiled(file: string, doctrines?: [string, string]): CompiledLane {
  const raw = parse(readFileSync(file, 'utf8')) as Record<string, any>;
  if (doctrines) raw.sides.forEach((s: Record<string, unknown>, k: number) => (s.doctrine = doctrines[k]));
  const sc = scenarioSchema.parse(raw) as any;
  return burt.compile(sc, resolveOptions(burt.options, sc.options));
}

describe('the turn (3)', () => {
  it('3: twelve steps in the order of the text, orders to morale tests', () => {
    expect(STEPS.length).toBe(12);
    expect(STEP_NAMES).toEqual(['orders', 'initiative', 'compulsory moves', 'assault declarations', 'manoeuvres', 'reserve moves', 'command elements', 'regroup', 'firing', 'assault reactions', 'melee', 'morale tests']);
  });
});

describe('results in the common vocabulary (rulings, "Mapping")', () => {
  it('1: men are figures x 30, casualties the figures killed (not dispersed), minutes turns x 15; the ladder counts every unit', () => {
    for (const file of FILES) {
      const c = compiled(file);
      for (let i = 0; i < 25; i++) {
        const r = burt.play(c, EngagementDice.for('mapping', 'cell', i));
        expect(r.minutes).toBe(r.turns * 15);
        r.sides.forEach((s, k) => {
          expect(s.startMen).toBe(s.startStrength * 30);
          expect(s.menLost).toBe(s.strengthLost * 30);
          expect(s.casualties).toBe(s.stepsLost * 30);
          const dispersed = r.extras[`figuresDispersed.${k}`];
          expect(s.strengthLost).toBe(s.stepsLost + dispersed);
          expect(s.rungs[RUNG.good]).toBe(c.units.filter((u) => u.side === k).length);
          expect(s.rungs[RUNG.routed]).toBeLessThanOrEqual(s.routs);
          if (s.armyBrokenTurn > 0) expect(s.armyBrokenTurn).toBeLessThanOrEqual(r.turns);
        });
      }
    }
    void EXTRA_INDEX;
  });
});

describe('invariants under every doctrine (DESIGN.md, "Reliability")', () => {
  const names = Object.keys(BURT_DOCTRINE_PRESETS);
  it('no unit in two places, every unit on the lane, losses within strength: 12 engagements of each scenario under each doctrine against random-legal, invariants checked every turn', () => {
    for (const file of FILES) {
      for (const d of names) {
        for (const pair of [[d, 'random-legal'], ['random-legal', d]] as [string, string][]) {
          const c = compiled(file, pair);
          for (let i = 0; i < 12; i++) burt.play(c, EngagementDice.for(`inv-${pair.join('-')}`, 'cell', i), { checkInvariants: true });
        }
      }
    }
  });
});

describe('determinism', () => {
  it('the same dice give the same result, with or without a sink watching', () => {
    const c = compiled(FILES[0]);
    const a = JSON.stringify(burt.play(c, EngagementDice.for(7, 'cell', 3)));
    const b = JSON.stringify(burt.play(c, EngagementDice.for(7, 'cell', 3), { sink: () => {} }));
    const again = JSON.stringify(burt.play(c, EngagementDice.for(7, 'cell', 3)));
    expect(b).toBe(a);
    expect(again).toBe(a);
  });
});

describe('the traced morale test (8, 6: the extended die)', () => {
  it('every test shows the faces it threw, and they reach its score exactly when it passed', () => {
    for (const file of FILES) {
      const c = compiled(file);
      const o = c.options;
      let tests = 0;
      for (let i = 0; i < 6; i++) {
        const events: BurtEvent[] = [];
        burt.play(c, EngagementDice.for('faces', 'cell', i), { sink: (e) => events.push(e as BurtEvent) });
        for (const e of events) {
          if (e.type !== 'check') continue;
          tests++;
          const faces = e.roll as number[];
          expect(faces.length).toBeGreaterThan(0);
          let k = 0;
          const again = rollReaches(e.target, o.extendedDie, o.naturalOne, () => (faces[k++] - 0.5) / 6);
          expect([again, k], `${file} ${i} ${e.unit} ${faces}`).toEqual([e.passed, faces.length]);
        }
      }
      expect(tests).toBeGreaterThan(0);
    }
  });
});
