/**
 * `volley trace`: replay one engagement of a run from its file, cell and index (the same seed
 * derivation as `volley run`) with an event sink, and write its story, its events and a page that
 * draws it step by step.
 */
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import type { CommandModule } from 'yargs';
import { EngagementDice, engagementSeed } from '../core/dice.js';
import type { VolleyEvent } from '../core/events.js';
import type { EngagementResult } from '../core/result.js';
import { DOCTRINE_PRESETS, type AssaultDoctrine } from '../rules/aor/doctrine/assault.js';
import { BATTLE_DOCTRINE_PRESETS, type BattleDoctrine } from '../rules/aor/doctrine/battle.js';
import type { CompiledBattle } from '../rules/aor/battle/compile.js';
import type { CompiledAssault } from '../rules/aor/engagement.js';
import type { AorCompiled } from '../rules/aor/index.js';
import { BRIDGE, CREST, FORTIFIED, RIVER, ROAD, STREAM, TRAIL } from '../rules/aor/map.js';
import { HEX_TERRAIN } from '../rules/aor/terrain.js';
import type { UnitSpec } from '../rules/aor/units.js';
import { findRuleset } from '../rules/index.js';
import { traceHtml } from '../report/trace/html.js';
import { storyText } from '../report/trace/story.js';
import type { HexsideFeature, TraceFinal, TraceProvenance, TraceSubject, TraceUnit } from '../rules/aor/trace/subject.js';
import { prepareRun } from '../sim/studies/prepare.js';
import { VOLLEY_VERSION } from '../results/version.js';
import { writeFileAtomic } from '../results/files.js';
import { FORCE_OPTION, seedArg } from './args.js';
import { UsageError } from './errors.js';
import { claimFolder } from '../sim/store/outputFolder.js';

export interface TraceRequest {
  file: string;
  /** The cell: its index, or its label (as the report and results.json give it). */
  cell?: number | string;
  engagement: number;
  seed?: string | number;
  /** Engagements per cell of the run (its -n), for the range check; default the file's. */
  engagements?: number;
}

export interface Replay {
  name: string;
  subject: TraceSubject;
  events: VolleyEvent[];
  result: EngagementResult;
  final: TraceFinal;
  provenance: TraceProvenance;
}

/** Replay engagement `engagement` of cell `cell` exactly as `volley run` plays it. */
export function replayEngagement(req: TraceRequest): Replay {
  const prep = prepareRun({ file: req.file, seed: req.seed, engagements: req.engagements });
  const cells = prep.cells;
  const which = req.cell ?? 0;
  const cellIndex = typeof which === 'number' ? which : /^\d+$/.test(which) ? Number(which) : cells.findIndex((c) => c.label === which);
  if (!Number.isInteger(cellIndex) || cellIndex < 0 || cellIndex >= cells.length) {
    throw new UsageError(
      `--cell ${typeof which === 'string' && !/^\d+$/.test(which) ? `'${which}'` : which}: ${req.file} has ${cells.length === 1 ? 'one cell, 0' : `${cells.length} cells, 0 to ${cells.length - 1}`}` +
        `${cells.length > 1 ? ` (${cells.map((c) => `${c.index}: ${c.label}`).join('; ')})` : ''}`,
    );
  }
  const n = prep.plan.engagements;
  if (!Number.isInteger(req.engagement) || req.engagement < 0 || req.engagement >= n) {
    const has = prep.plan.precision ? `a cell of the run plays at most ${n} engagements (it stops at its precision target)` : `the run has ${n} engagements per cell`;
    throw new UsageError(`--engagement ${req.engagement}: ${has}, 0 to ${n - 1} (give -n if the run was longer)`);
  }
  const cell = cells[cellIndex];
  const ruleset = findRuleset(cell.scenario.ruleset);
  if (!ruleset || ruleset.id !== 'aor') throw new UsageError(`trace knows the aor rule system only, not '${cell.scenario.ruleset}'`);
  const compiled = ruleset.compile(cell.scenario, cell.options) as AorCompiled;
  const events: VolleyEvent[] = [];
  const seed = prep.plan.seed;
  const result = ruleset.play(compiled, EngagementDice.for(seed, cell.rngKey, req.engagement), { sink: (e) => events.push(e) });
  const subject = subjectOf(compiled, cell.scenario.name, cell.scenario.title);
  const name = prep.meta.experiment?.name ?? cell.scenario.name;
  return {
    name,
    subject,
    events,
    result,
    final: { victoryPoints: [result.sides[0].victoryPoints, result.sides[1].victoryPoints], objectives: Array.from(result.objectives) },
    provenance: {
      file: relative(process.cwd(), req.file) || req.file,
      cell: cellIndex,
      label: cell.label,
      engagement: req.engagement,
      seed: engagementSeed(seed, cell.rngKey, req.engagement),
      version: VOLLEY_VERSION,
    },
  };
}

/** The description of a compiled aor engagement the story and the page read. */
export function subjectOf(c: AorCompiled, name: string, title?: string): TraceSubject {
  return c.kind === 'battle' ? battleSubject(c, name, title) : assaultSubject(c, name, title);
}

function unitOf(s: UnitSpec, formation: string): TraceUnit {
  const flags = [s.steadfast && 'steadfast', s.oldGuard && 'oldGuard', s.repeating && 'repeating'].filter((f): f is string => typeof f === 'string');
  return {
    id: s.id,
    side: s.side,
    kind: s.kind,
    full: s.full,
    reduced: s.reduced,
    maxSteps: s.maxSteps,
    startSteps: s.startSteps,
    startDisrupted: s.startDisrupted,
    morale: s.morale,
    flags,
    formation,
  };
}

/** A preset's name when the doctrine is one, else its parameters. */
function doctrineName(d: AssaultDoctrine): string {
  const same = (q: AssaultDoctrine) => (Object.keys(d) as (keyof AssaultDoctrine)[]).every((k) => q[k] === d[k]);
  for (const [name, p] of Object.entries(DOCTRINE_PRESETS)) if (same(p.params)) return name;
  return Object.entries(d)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
}

/** A battle doctrine's preset name when it is one, else the nearest preset's name and what differs. */
function battleDoctrineName(d: BattleDoctrine): string {
  let best = '', diff: string[] = [];
  for (const [name, p] of Object.entries(BATTLE_DOCTRINE_PRESETS)) {
    const q = p.params as unknown as Record<string, unknown>;
    const differs = Object.entries(d).filter(([k, v]) => q[k] !== v).map(([k, v]) => `${k} ${String(v)}`);
    if (!best || differs.length < diff.length) [best, diff] = [name, differs];
  }
  return diff.length ? `${best} with ${diff.join(', ')}` : best;
}

const FEATURE_BITS: [number, HexsideFeature][] = [
  [STREAM, 'stream'],
  [RIVER, 'river'],
  [BRIDGE, 'bridge'],
  [CREST, 'crest'],
  [FORTIFIED, 'fortified'],
];

function battleSubject(c: CompiledBattle, name: string, title?: string): TraceSubject {
  const g = c.map.grid;
  const hexsides: { hex: number; dir: number; features: HexsideFeature[] }[] = [];
  const roads: { hex: number; dir: number; kind: 'road' | 'trail' }[] = [];
  for (let id = 0; id < g.hexsideCount; id++) {
    const [hex, dir] = g.hexsideHexes(id);
    const f = c.map.sides[id];
    if (f) hexsides.push({ hex, dir, features: FEATURE_BITS.filter(([bit]) => f & bit).map(([, n]) => n) });
    const r = c.map.roads[id];
    if (r === ROAD || r === TRAIL) roads.push({ hex, dir, kind: r === ROAD ? 'road' : 'trail' });
  }
  const sideAtStart = (hex: number) => {
    const u = Array.from(c.startHex).indexOf(hex);
    return u < 0 ? -1 : c.specs[u].side;
  };
  const night: number[] = [];
  for (let t = 1; t <= c.turns; t++) if (c.night[t]) night.push(t);
  return {
    kind: 'battle',
    name,
    title,
    sides: [0, 1].map((s) => ({
      name: c.sides[s].name,
      role: c.sides[s].role,
      doctrine: doctrineName(c.sides[s].doctrine),
      battleDoctrine: battleDoctrineName(c.sides[s].battle),
      armyLevel: c.sides[s].armyLevel,
      supply: c.sides[s].supply.slice(),
    })) as [TraceSubject['sides'][0], TraceSubject['sides'][1]],
    units: c.specs.map((s, u) => ({
      ...unitOf(s, c.formations[c.formationOf[u]].id),
      movement: c.movement[u],
      start: c.startHex[u],
      ...(c.arrives && c.arrives[u] > 1 ? { arrives: c.arrives[u] } : {}),
    })),
    turns: c.turns,
    map: { width: g.width, height: g.height, terrain: Array.from(c.map.terrain, (t) => HEX_TERRAIN[t]), hexsides, roads },
    formations: c.formations.map((f) => ({ id: f.id, name: f.name, side: f.side, orders: f.orders, objective: f.objective, limit: f.limit })),
    objectives: c.objectives.map((o) => ({ name: o.name, hex: o.hex, vp: o.vp, holder: o.holder >= 0 ? o.holder : sideAtStart(o.hex) })),
    night,
    first: c.first,
    victory: { ...c.victory },
    options: { ...c.options },
  };
}

function assaultSubject(c: CompiledAssault, name: string, title?: string): TraceSubject {
  return {
    kind: 'assault',
    name,
    title,
    sides: [0, 1].map((s) => ({ name: c.sideNames[s], role: s === 0 ? 'attacker' : 'defender', doctrine: doctrineName(c.doctrines[s]) })) as [
      TraceSubject['sides'][0],
      TraceSubject['sides'][1],
    ],
    units: c.specs.map((s) => unitOf(s, s.formation)),
    turns: c.turns,
    onTime: c.onTime,
    defenderTerrain: c.firstTurn.defenderTerrain,
    stacks: c.firstTurn.stacks.map((s) => ({
      direction: s.direction,
      across: s.hexside2 && s.hexside2 !== 'none' ? `${s.hexside} and ${s.hexside2}` : s.hexside,
      terrain: s.terrain,
      movedAdjacent: s.movedAdjacentInLos,
      units: s.units.slice(),
    })),
    defender: c.defenderUnits.slice(),
    options: { ...c.options },
  };
}

const REASON_WORDS: Readonly<Record<string, string>> = {
  retreat: 'the other side retreated',
  destroyed: 'destroyed',
  time: 'time ran out',
  bothRetreated: 'both sides retreated',
  victoryPoints: 'victory points',
  armyDemoralized: 'army demoralized',
};

interface TraceArgs {
  file: string;
  cell: string;
  engagement: string;
  seed?: string;
  engagements?: string;
  out?: string;
  force: boolean;
}

/** A seed as part of a folder name: itself when plain and short, else a plain prefix and a hash (no two alike). */
function seedInName(seed: string): string {
  const plain = seed.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
  return plain === seed ? seed : `${plain}-${createHash('sha256').update(seed).digest('hex').slice(0, 8)}`;
}

function wholeNumber(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(String(v).trim())) throw new UsageError(`${flag}: expected a whole number of 0 or more, found '${v}'`);
  return Number(v);
}

export const traceCommand: CommandModule<object, TraceArgs> = {
  command: 'trace <file>',
  describe: 'Replay one engagement of a run and write its story, its events and a step-by-step page',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'experiment or scenario YAML' })
      .option('cell', { alias: 'c', type: 'string', default: '0', describe: 'The cell: its index or its label (see results.json cells[])' })
      .option('engagement', { alias: 'e', type: 'string', demandOption: true, describe: 'Engagement index within the cell' })
      .option('seed', { type: 'string', describe: 'Experiment seed (as given to volley run --seed)' })
      .option('engagements', { alias: 'n', type: 'string', describe: 'Engagements per cell of the run, if it was given -n (range check only)' })
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/<name>-trace-c<K>-e<I>, with -s<seed> when --seed is given)' })
      .option('force', FORCE_OPTION) as never,
  handler: (argv) => {
    // An index, or a cell's label.
    const cell = argv.cell === undefined ? 0 : /^\d+$/.test(String(argv.cell).trim()) ? Number(argv.cell) : String(argv.cell);
    const engagement = wholeNumber('--engagement', argv.engagement)!;
    const engagements = wholeNumber('--engagements', argv.engagements);
    if (engagements === 0) throw new UsageError('--engagements: expected a whole number of at least 1');
    const seed = seedArg(argv.seed);
    const r = replayEngagement({ file: argv.file, cell, engagement, seed, engagements });
    // A trace with another seed is another trace: a folder of its own (the seed's characters that
    // cannot name a file made plain).
    const seedPart = seed === undefined ? '' : `-s${seedInName(String(seed))}`;
    const out = argv.out ?? join('reports', `${r.name}-trace-c${r.provenance.cell}-e${engagement}${seedPart}`);
    const lock = claimFolder(out, { marker: 'story.txt', command: 'trace', force: argv.force });
    try {
      const files = {
        story: join(out, 'story.txt'),
        events: join(out, 'events.ndjson'),
        html: join(out, 'trace.html'),
      };
      writeFileAtomic(files.story, storyText(r.events, r.subject, { seed: r.provenance.seed, final: r.final }));
      const head = { type: 'trace', ...r.provenance, ruleset: 'aor', scenario: r.subject.name };
      writeFileAtomic(files.events, [head, ...r.events].map((e) => JSON.stringify(e)).join('\n') + '\n');
      writeFileAtomic(files.html, traceHtml(r.events, r.subject, r.provenance, r.final));
      const res = r.result;
      const winner = res.winner === null ? 'draw' : `${r.subject.sides[res.winner].name} win`;
      console.log(`story:  ${files.story}`);
      console.log(`events: ${files.events}`);
      console.log(`page:   ${files.html}`);
      console.log(`${winner} (${REASON_WORDS[res.reason] ?? res.reason}) after ${res.turns} turn${res.turns === 1 ? '' : 's'}; seed ${r.provenance.seed}`);
    } finally {
      lock.release();
    }
  },
};
