/** A doctrine tournament as text (the console) and as a page. */
import { escapeHtml } from '../results/html.js';
import type { TournamentResult } from '../results/tournament.js';
import { interval, possessive, sideVerb, signed } from './words.js';

const pct = (p: number) => `${(100 * p).toFixed(0)}%`;

/** The win-rate matrix as text: row doctrine's share of wins against the column doctrine. */
export function tournamentTable(t: TournamentResult): string {
  const cell = (a: string, b: string) => {
    const m = t.matches.find((x) => x.doctrine === a && x.opponent === b);
    return m ? `${pct(m.p)} ${interval(m.lo, m.hi, (x) => (100 * x).toFixed(0))}` : '-';
  };
  // Every column as wide as its widest entry, name or figure, and two spaces apart.
  const first = Math.max(...t.doctrines.map((d) => d.length)) + 2;
  const widths = t.doctrines.map((b) => Math.max(b.length, ...t.doctrines.map((a) => cell(a, b).length)) + 2);
  const head = ''.padEnd(first) + t.doctrines.map((d, j) => d.padStart(widths[j])).join('');
  const rows = t.doctrines.map((a) => a.padEnd(first) + t.doctrines.map((b, j) => cell(a, b).padStart(widths[j])).join(''));
  return [head, ...rows].join('\n');
}

const points = (v: number) => signed(v, 1);

/** The seat table as text: each doctrine against itself, each side's share of wins and side 0's advantage. */
export function seatsTable(t: TournamentResult): string {
  const head = ['doctrine', sideVerb(t.sides[0], 'wins', 'win'), sideVerb(t.sides[1], 'wins', 'win'), 'draws', `advantage of ${t.sides[0]}`];
  const rows = t.seats.map((s) => [s.doctrine, pct(s.wins[0].p), pct(s.wins[1].p), pct(s.draws.p), `${points(s.advantage.points)} pts ${interval(s.advantage.lo, s.advantage.hi, points)}`]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

const esc = escapeHtml;

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
<style>body{font-family:system-ui,sans-serif;margin:2em auto;padding:0 1em;max-width:75rem;color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.5em 1em;text-align:center}th{background:#f4f4f4}small{color:#555}</style></head>
<body><h1>Doctrine tournament</h1>
<p>${esc(t.scenario)}: every ordered pair of doctrines played ${esc(t.engagementsPerPairing)} engagements each way round on the same dice (seed ${esc(t.seed)}). A cell is the share of the ${esc(2 * t.engagementsPerPairing)} engagements the row's doctrine won against the column's, with its 95% Wilson interval, then wins-losses-draws.</p>
<table><tr><th>row beats column</th>${t.doctrines.map((d) => `<th>${esc(d)}</th>`).join('')}</tr>
${t.doctrines.map((a) => `<tr><th>${esc(a)}</th>${cells(a)}</tr>`).join('\n')}</table>
<h2>What the seat is worth</h2>
<p>Each doctrine against itself on the same ${esc(t.engagementsPerPairing)} engagements: the shares each side won and the draws, and ${esc(possessive(t.sides[0]))} advantage (its share of wins minus ${esc(possessive(t.sides[1]))}, in points, with its 95% interval). An advantage that holds under every doctrine belongs to the scenario, not to the play.</p>
<table><tr><th>doctrine</th><th>${esc(sideVerb(t.sides[0], 'wins', 'win'))}</th><th>${esc(sideVerb(t.sides[1], 'wins', 'win'))}</th><th>draws</th><th>advantage of ${esc(t.sides[0])}</th></tr>
${t.seats.map((s) => `<tr><th>${esc(s.doctrine)}</th><td>${esc(pct(s.wins[0].p))}</td><td>${esc(pct(s.wins[1].p))}</td><td>${esc(pct(s.draws.p))}</td><td>${esc(points(s.advantage.points))} <small>[${esc(points(s.advantage.lo))}, ${esc(points(s.advantage.hi))}]</small></td></tr>`).join('\n')}</table>
<p><small>volley ${esc(t.volley)}</small></p></body></html>
`;
}
