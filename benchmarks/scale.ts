/**
 * Scaled versions of the reference corps battle (sims/corps-battle.scenario.yaml), for the scaling
 * benchmark: the same battle with 10, 20, 40 or 80 units a side and any number of turns, generated
 * deterministically from the shipped file.
 *
 * The reference map is two sectors of `SECTOR_ROWS` rows each (north: Oberdorf, south: Unterdorf), and
 * each formation stands in one sector. Half the battle is the north sector alone; twice or four times
 * the battle repeats the whole map southward, each copy with its own formations, objectives, supply
 * and plan, its overall commander becoming a wing commander of the copy. Army demoralization levels and
 * the draw margin grow with the armies.
 *
 *   node dist/benchmarks/scale.js [--out DIR]   writes corps-<units>u-<turns>t.scenario.yaml files
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

export const REFERENCE = 'sims/corps-battle.scenario.yaml';
/** Rows of one sector of the reference map (even, so copies keep the odd-row offset). */
export const SECTOR_ROWS = 8;
export const UNITS_PER_SIDE = [10, 20, 40, 80] as const;
export const TURNS = [6, 12, 24] as const;

type Raw = Record<string, any>;

const HEX = /^\s*(\d+)\s*,\s*(\d+)\s*$/;
const SIDE = /^\s*(\d+)\s*,\s*(\d+)\s*\/\s*(\w+)\s*$/;

function rowOf(hex: string): number {
  const m = HEX.exec(hex) ?? SIDE.exec(hex);
  if (!m) throw new Error(`scale: not a hex or hexside: ${hex}`);
  return Number(m[2]);
}

function shiftHex(hex: string, rows: number): string {
  const m = HEX.exec(hex);
  if (m) return `${m[1]},${Number(m[2]) + rows}`;
  const s = SIDE.exec(hex);
  if (s) return `${s[1]},${Number(s[2]) + rows}/${s[3]}`;
  throw new Error(`scale: not a hex or hexside: ${hex}`);
}

const shiftPath = (path: string, rows: number) => path.trim().split(/\s+/).map((h) => shiftHex(h, rows)).join(' ');

/** Units a side has in the scenario. */
export function unitsPerSide(sc: Raw): [number, number] {
  return sc.sides.map((s: Raw) => s.formations.reduce((n: number, f: Raw) => n + f.units.length, 0)) as [number, number];
}

/** The north sector alone: rows below `rows`, the formations, objectives and orders that lie there. */
function northSector(sc: Raw, rows: number): Raw {
  const inside = (hex: string) => rowOf(hex) < rows;
  const out: Raw = structuredClone(sc);
  const m = out.map;
  m.height = rows;
  m.terrain = String(m.terrain).split('\n').filter((l: string) => l.trim().length > 0).slice(0, rows).join('\n') + '\n';
  for (const key of ['streams', 'rivers', 'bridges', 'crests', 'fortified']) if (m[key]) m[key] = m[key].filter(inside);
  for (const key of ['roads', 'trails']) if (m[key]) m[key] = m[key].filter((p: string) => p.trim().split(/\s+/).every(inside));
  const names = new Set<string>();
  out.objectives = (out.objectives ?? []).filter((o: Raw) => inside(o.at));
  for (const o of out.objectives) names.add(o.name);
  for (const side of out.sides) {
    side.supply = side.supply.filter(inside);
    side.formations = side.formations.filter((f: Raw) => f.units.every((u: Raw) => inside(u.at)));
    const ids = new Set(side.formations.map((f: Raw) => f.id));
    for (const c of side.commanders ?? []) if (!inside(c.at)) throw new Error(`scale: commander ${c.id} is outside the north sector`);
    side.plan = (side.plan ?? []).filter((p: Raw) => ids.has(p.order.formation) && (p.whenLost === undefined || names.has(p.whenLost)));
  }
  return out;
}

/** The whole battle `copies` times, each copy `rows` farther south than the last. */
function repeated(sc: Raw, copies: number, rows: number): Raw {
  const out: Raw = structuredClone(sc);
  const m = out.map;
  const terrain = String(sc.map.terrain).split('\n').filter((l: string) => l.trim().length > 0);
  m.height = rows * copies;
  m.terrain = Array.from({ length: copies }, () => terrain.join('\n')).join('\n') + '\n';
  const tag = (text: string, k: number) => (k === 0 ? text : `${text}-${k + 1}`);
  for (const key of ['streams', 'rivers', 'bridges', 'crests', 'fortified', 'roads', 'trails']) {
    if (!sc.map[key]) continue;
    m[key] = Array.from({ length: copies }, (_, k) => sc.map[key].map((x: string) => (key === 'roads' || key === 'trails' ? shiftPath(x, k * rows) : shiftHex(x, k * rows)))).flat();
  }
  out.objectives = Array.from({ length: copies }, (_, k) =>
    (sc.objectives ?? []).map((o: Raw) => ({ ...o, name: k === 0 ? o.name : `${o.name} (${k + 1})`, at: shiftHex(o.at, k * rows) })),
  ).flat();
  out.sides = sc.sides.map((side: Raw) => {
    const s: Raw = structuredClone(side);
    s.supply = Array.from({ length: copies }, (_, k) => side.supply.map((h: string) => shiftHex(h, k * rows))).flat();
    s.formations = Array.from({ length: copies }, (_, k) =>
      side.formations.map((f: Raw) => ({
        ...structuredClone(f),
        id: tag(f.id, k),
        ...(f.name ? { name: k === 0 ? f.name : `${f.name} (${k + 1})` } : {}),
        ...(f.objective ? { objective: shiftHex(f.objective, k * rows) } : {}),
        ...(f.leader ? { leader: { ...f.leader, id: tag(f.leader.id, k), at: shiftHex(f.leader.at, k * rows) } } : {}),
        units: f.units.map((u: Raw) => ({ ...u, id: tag(u.id, k), at: shiftHex(u.at, k * rows) })),
      })),
    ).flat();
    // Copy k > 0: its overall commander is a wing commander of the copy's formations.
    s.commanders = Array.from({ length: copies }, (_, k) =>
      (side.commanders ?? []).map((c: Raw) =>
        k === 0
          ? { ...c }
          : {
              ...c,
              id: tag(c.id, k),
              at: shiftHex(c.at, k * rows),
              role: 'wc',
              formations: c.role === 'oc' ? side.formations.map((f: Raw) => tag(f.id, k)) : (c.formations ?? []).map((id: string) => tag(id, k)),
            },
      ),
    ).flat();
    const oc = (side.commanders ?? []).find((c: Raw) => c.role === 'oc');
    s.plan = Array.from({ length: copies }, (_, k) =>
      (side.plan ?? []).map((p: Raw) => {
        const from = p.order.from ?? (k > 0 && oc ? oc.id : undefined);
        return {
          ...structuredClone(p),
          ...(p.whenLost !== undefined ? { whenLost: k === 0 ? p.whenLost : `${p.whenLost} (${k + 1})` } : {}),
          ...(p.whenDemoralized !== undefined ? { whenDemoralized: tag(p.whenDemoralized, k) } : {}),
          order: {
            ...p.order,
            formation: tag(p.order.formation, k),
            ...(p.order.objective ? { objective: shiftHex(p.order.objective, k * rows) } : {}),
            ...(from !== undefined ? { from: tag(from, k) } : {}),
          },
        };
      }),
    ).flat();
    return s;
  });
  return out;
}

/**
 * The reference battle with `units` units a side (10, 20, 40 or 80) and `turns` turns. Army
 * demoralization levels and the draw margin scale with the armies' size.
 */
export function scaleBattle(reference: Raw, units: number, turns: number, rows = SECTOR_ROWS): Raw {
  const [a, b] = unitsPerSide(reference);
  if (a !== b) throw new Error(`scale: the reference battle has ${a} and ${b} units a side`);
  const factor = units / a;
  let out: Raw;
  if (factor === 0.5) out = northSector(reference, rows);
  else if (Number.isInteger(factor) && factor >= 1) out = factor === 1 ? structuredClone(reference) : repeated(reference, factor, Number(reference.map.height));
  else throw new Error(`scale: ${units} units a side is not half or a multiple of the reference's ${a}`);
  const got = unitsPerSide(out);
  if (got[0] !== units || got[1] !== units) throw new Error(`scale: made ${got[0]} and ${got[1]} units a side, not ${units}`);
  const ratio = factor;
  out.name = `${reference.name}-${units}u-${turns}t`;
  out.title = `${reference.title} — ${units} units a side, ${turns} turns (benchmark)`;
  out.turns = turns;
  if (out.night) out.night = out.night.filter((t: number) => t <= turns);
  for (const s of out.sides) if (s.armyDemoralization) s.armyDemoralization = Math.max(1, Math.round(s.armyDemoralization * ratio));
  if (out.victory?.drawMargin) out.victory.drawMargin = Math.round(out.victory.drawMargin * ratio);
  return out;
}

/** The configurations the scaling benchmark measures: each size at 12 turns, and 20 units at each length. */
export function scaleConfigs(): { units: number; turns: number }[] {
  const sizes = UNITS_PER_SIDE.map((units) => ({ units, turns: 12 }));
  const lengths = TURNS.filter((t) => t !== 12).map((turns) => ({ units: 20, turns }));
  return [...sizes, ...lengths];
}

/** Write the scaled scenarios into `dir`; returns their paths by configuration. */
export function writeScaled(dir: string, reference = REFERENCE): { units: number; turns: number; file: string }[] {
  const raw = parse(readFileSync(reference, 'utf8')) as Raw;
  mkdirSync(dir, { recursive: true });
  return scaleConfigs().map(({ units, turns }) => {
    const file = join(dir, `corps-${units}u-${turns}t.scenario.yaml`);
    const head = `# Generated by benchmarks/scale.ts from ${reference}: ${units} units a side, ${turns} turns.\n`;
    writeFileSync(file, head + stringify(scaleBattle(raw, units, turns), { lineWidth: 0 }));
    return { units, turns, file };
  });
}

if (process.argv[1]?.endsWith('scale.js')) {
  const i = process.argv.indexOf('--out');
  const dir = i > 0 ? process.argv[i + 1] : 'reports/bench-scaled';
  for (const s of writeScaled(dir)) console.log(`${s.file}: ${s.units} units a side, ${s.turns} turns`);
}
