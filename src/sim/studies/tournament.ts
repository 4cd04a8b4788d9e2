/**
 * Doctrine tournaments: every ordered pair of doctrines plays the same engagements (same seeds: one
 * random-number key for all pairings), each doctrine once as side 0 and once as side 1, so neither the
 * dice nor the side favours either. A match's score is the share of its 2n engagements a doctrine wins,
 * with a Wilson 95% interval; draws count as not won. A doctrine plays with the assault doctrine it
 * names (its `assault` parameter), not the one the scenario gives a side.
 */
import { BATTLE_DOCTRINE_PRESETS } from '../../rules/aor/doctrine/battle.js';
import { VolleyInputError } from '../../scenario/errors.js';
import { checkCount, MAX_ENGAGEMENTS } from '../../scenario/limits.js';
import { loadScenario, singleCell } from '../../scenario/load.js';
import { scenarioSchema } from '../../scenario/schema.js';
import { wilson, type Proportion } from '../../stats/intervals.js';
import type { RunPlan } from '../engine/plan.js';
import { runPlan } from '../engine/runner.js';
import { VOLLEY_VERSION } from '../../results/version.js';

export interface TournamentRequest {
  file: string;
  doctrines: string[];
  /** Engagements per ordered pairing. */
  engagements: number;
  seed: string | number;
  workers: number;
}

export interface Match extends Proportion {
  doctrine: string;
  opponent: string;
  wins: number;
  losses: number;
  draws: number;
}

export interface TournamentResult {
  format: 'volley-tournament/1';
  volley: string;
  scenario: string;
  seed: string | number;
  engagementsPerPairing: number;
  doctrines: string[];
  /** Every ordered pair of different doctrines: the row doctrine's score against the column doctrine. */
  matches: Match[];
}

/** A tournament read and checked, nothing played yet. */
export interface PreparedTournament {
  req: TournamentRequest;
  /** The ordered pairs, one cell each: [side 0's doctrine, side 1's]. */
  pairs: [string, string][];
  plan: RunPlan;
}

/** Read and check a tournament request; input errors are VolleyInputErrors. */
export function prepareTournament(req: TournamentRequest): PreparedTournament {
  for (const d of req.doctrines) {
    if (!BATTLE_DOCTRINE_PRESETS[d]) {
      throw new VolleyInputError('--doctrines', undefined, undefined, `unknown doctrine '${d}'; known: ${Object.keys(BATTLE_DOCTRINE_PRESETS).join(', ')}`);
    }
  }
  if (req.doctrines.length < 2) throw new VolleyInputError('--doctrines', undefined, undefined, 'name at least two doctrines');
  const twice = req.doctrines.find((d, i) => req.doctrines.indexOf(d) !== i);
  if (twice) throw new VolleyInputError('--doctrines', undefined, undefined, `'${twice}' is named twice; name each doctrine once`);
  checkCount('--engagements', req.engagements, MAX_ENGAGEMENTS);
  const { scenario } = loadScenario(req.file);
  if (scenario.engagement !== 'battle') {
    throw new VolleyInputError(req.file, undefined, 'engagement', 'a tournament needs a battle scenario (doctrines play battles)');
  }
  const pairs: [string, string][] = [];
  for (const a of req.doctrines) for (const b of req.doctrines) if (a !== b) pairs.push([a, b]);
  const cells = pairs.map(([a, b], index) => {
    // The doctrine is the whole player: its assault choices too (the battle doctrine's own), whatever
    // assault doctrine the scenario names for its sides.
    const data = structuredClone(scenario) as unknown as { sides: { battleDoctrine: unknown; doctrine?: unknown }[] };
    data.sides[0].battleDoctrine = a;
    data.sides[1].battleDoctrine = b;
    delete data.sides[0].doctrine;
    delete data.sides[1].doctrine;
    const cell = singleCell(scenarioSchema.parse(data));
    return { index, rngKey: 'tournament', scenario: cell.scenario, options: cell.options };
  });
  const plan: RunPlan = { rulesetId: scenario.ruleset, seed: req.seed, engagements: req.engagements, batch: 100, cells, checkInvariants: false };
  return { req, pairs, plan };
}

/** Play every ordered pairing (a request, or one prepareTournament has checked). */
export async function runTournament(request: TournamentRequest | PreparedTournament): Promise<TournamentResult> {
  const { req, pairs, plan } = 'plan' in request ? request : prepareTournament(request);
  const accs = await runPlan(plan, { workers: req.workers });
  const at = (a: string, b: string) => accs[pairs.findIndex(([x, y]) => x === a && y === b)];
  const matches: Match[] = [];
  for (const [a, b] of pairs) {
    const asSide0 = at(a, b); // a plays side 0
    const asSide1 = at(b, a); // a plays side 1
    const wins = asSide0.winners[0] + asSide1.winners[1];
    const losses = asSide0.winners[1] + asSide1.winners[0];
    const draws = asSide0.winners[2] + asSide1.winners[2];
    matches.push({ doctrine: a, opponent: b, wins, losses, draws, ...wilson(wins, wins + losses + draws) });
  }
  return {
    format: 'volley-tournament/1',
    volley: VOLLEY_VERSION,
    scenario: req.file,
    seed: req.seed,
    engagementsPerPairing: req.engagements,
    doctrines: req.doctrines,
    matches,
  };
}

const pct = (p: number) => `${(100 * p).toFixed(0)}%`;

/** The win-rate matrix as text: row doctrine's share of wins against the column doctrine. */
export function tournamentTable(t: TournamentResult): string {
  const cell = (a: string, b: string) => {
    const m = t.matches.find((x) => x.doctrine === a && x.opponent === b);
    return m ? `${pct(m.p)} [${pct(m.lo)}-${pct(m.hi)}]` : '-';
  };
  // Every column as wide as its widest entry, name or figure, and two spaces apart.
  const first = Math.max(...t.doctrines.map((d) => d.length)) + 2;
  const widths = t.doctrines.map((b) => Math.max(b.length, ...t.doctrines.map((a) => cell(a, b).length)) + 2);
  const head = ''.padEnd(first) + t.doctrines.map((d, j) => d.padStart(widths[j])).join('');
  const rows = t.doctrines.map((a) => a.padEnd(first) + t.doctrines.map((b, j) => cell(a, b).padStart(widths[j])).join(''));
  return [head, ...rows].join('\n');
}

function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained page with the matrix. */
export function tournamentHtml(t: TournamentResult): string {
  const cells = (a: string) =>
    t.doctrines
      .map((b) => {
        const m = t.matches.find((x) => x.doctrine === a && x.opponent === b);
        if (!m) return '<td>—</td>';
        const shade = Math.round(255 - 120 * m.p);
        return `<td style="background:rgb(${shade},${255 - Math.round(60 * (1 - m.p))},${shade})">${esc(pct(m.p))}<br><small>[${esc(pct(m.lo))}, ${esc(pct(m.hi))}]<br>${m.wins}-${m.losses}-${m.draws}</small></td>`;
      })
      .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tournament · volley</title>
<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.5em 1em;text-align:center}th{background:#f4f4f4}small{color:#555}</style></head>
<body><h1>Doctrine tournament</h1>
<p>${esc(t.scenario)}: every ordered pair of doctrines played ${esc(t.engagementsPerPairing)} engagements each way round on the same dice (seed ${esc(t.seed)}). A cell is the share of the ${esc(2 * t.engagementsPerPairing)} engagements the row's doctrine won against the column's, with its 95% Wilson interval, then wins-losses-draws.</p>
<table><tr><th>row beats column</th>${t.doctrines.map((d) => `<th>${esc(d)}</th>`).join('')}</tr>
${t.doctrines.map((a) => `<tr><th>${esc(a)}</th>${cells(a)}</tr>`).join('\n')}</table>
<p><small>volley ${esc(t.volley)}</small></p></body></html>
`;
}
