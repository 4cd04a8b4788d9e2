/**
 * The charts of `volley refit check`: what each exception changes (a forest plot of the paired
 * differences) and the standard duels (each excepted unit as rated and at the refit's defaults).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { DuelResult, ExceptionResult, RefitCheckResults } from '../../results/refitCheck.js';
import type { PairedDifference } from '../../stats/paired.js';
import { CONFIG, NEUTRAL, REFERENCE, SCHEMA, SIDE_COLORS } from './common.js';

/** The rates of a row, as in the table: in percentage points. */
const EFFECTS = [
  ['sideWon', "Side's wins"],
  ['retreated', 'Retreat rate'],
  ['eliminated', 'Elimination rate'],
] as const;

export function exceptionLabel(x: Pick<ExceptionResult, 'unit' | 'list' | 'target' | 'sideName' | 'field' | 'value' | 'scenario'>, scenarios: number): string {
  const who = x.unit ?? (x.list === 'armies' ? `army ${x.sideName}` : `${x.list === 'formations' ? 'formation' : 'leader'} ${x.target ?? ''}`);
  const where = scenarios > 1 ? ` (${x.scenario.replace(/^.*\//, '').replace(/\.scenario\.yaml$/, '')})` : '';
  return `${who} ${x.field}=${Array.isArray(x.value) ? x.value.join('+') : String(x.value)}${where}`;
}

const pp = (d: PairedDifference) => ({ diff: 100 * d.mean, lo: 100 * d.lo, hi: 100 * d.hi });

/** Forest plot: one row per exception, a panel per figure, the difference with its 95% interval. */
export function refitEffectsSpec(r: RefitCheckResults): TopLevelSpec {
  const labels = r.exceptions.map((x) => exceptionLabel(x, r.scenarios.length));
  const values = r.exceptions.flatMap((x, i) =>
    EFFECTS.flatMap(([key, title]) => {
      const d = x[key];
      if (!d) return [];
      return [{ exception: labels[i], figure: title, ...pp(d), noEffect: d.containsZero ? 'interval contains 0' : 'told from 0' }];
    }),
  );
  const y = { field: 'exception', type: 'nominal' as const, sort: labels, title: null, axis: { labelLimit: 480 } };
  return {
    $schema: SCHEMA,
    title: {
      text: 'What each exception changes',
      subtitle: [`With the exception minus without it, same dice (${r.engagements.toLocaleString('en-GB')} engagement pairs each)`, 'Percentage points; bars: 95% intervals; grey: cannot be told from 0'],
    },
    config: CONFIG,
    data: { values },
    facet: { column: { field: 'figure', type: 'nominal', sort: EFFECTS.map((e) => e[1]), title: null, header: { labelFontWeight: 'bold' } } },
    spec: {
      width: 200,
      height: { step: 24 },
      layer: [
        // The zero line spans the panel: no y of its own.
        { mark: { type: 'rule', color: REFERENCE, strokeDash: [4, 3], strokeWidth: 1.5 }, encoding: { x: { datum: 0, type: 'quantitative' } } },
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            y,
            x: { field: 'lo', type: 'quantitative', title: 'Difference (points)' },
            x2: { field: 'hi' },
            color: { field: 'noEffect', type: 'nominal', scale: { domain: ['told from 0', 'interval contains 0'], range: [SIDE_COLORS[0], NEUTRAL] }, title: null },
          },
        },
        {
          mark: { type: 'point', filled: true, size: 50, opacity: 1 },
          encoding: {
            y,
            x: { field: 'diff', type: 'quantitative' },
            color: { field: 'noEffect', type: 'nominal' },
            tooltip: [
              { field: 'exception', type: 'nominal', title: 'Exception' },
              { field: 'figure', type: 'nominal', title: 'Figure' },
              { field: 'diff', type: 'quantitative', format: '+.1f', title: 'Difference (points)' },
              { field: 'lo', type: 'quantitative', format: '+.1f', title: '95% low' },
              { field: 'hi', type: 'quantitative', format: '+.1f', title: '95% high' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { x: 'independent' } },
  } satisfies TopLevelSpec;
}

export const DUEL_VERSIONS = ['as rated', 'at defaults'] as const;

/** The units of a duel and their counter as rated, in the rule system's words. */
export function duelLabel(d: Pick<DuelResult, 'units' | 'label'>): string {
  return `${d.units.join(', ')} (${d.label})`;
}

/** Characters per line of a duel's axis label: the label wraps rather than being cut. */
export const DUEL_LABEL_LINE = 34;

/**
 * A duel's label for the chart's axis, in lines: the units (several to a line, each whole), then the
 * counter. Ids hold no whitespace, so a newline cannot be part of one.
 */
export function duelAxisLabel(d: Pick<DuelResult, 'units' | 'label'>): string {
  const lines: string[] = [];
  let line = '';
  d.units.forEach((u, i) => {
    const word = i < d.units.length - 1 ? `${u},` : u;
    if (line && line.length + 1 + word.length > DUEL_LABEL_LINE) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  });
  lines.push(line, `(${d.label})`);
  return lines.join('\n');
}

/** The standard duels: per unit and role, the share the unit's side wins, as rated and at defaults. */
export function refitDuelsSpec(r: RefitCheckResults): TopLevelSpec {
  const labels = [...new Set(r.duels.map(duelAxisLabel))];
  const values = r.duels.flatMap((d) =>
    ([d.figuresRated, d.figuresAtDefaults] as const).map((f, k) => ({
      unit: duelAxisLabel(d),
      units: duelLabel(d),
      role: d.role === 'attacking' ? 'Unit assaults' : 'Unit defends',
      version: DUEL_VERSIONS[k],
      p: f.sideWon.p,
      lo: f.sideWon.lo,
      hi: f.sideWon.hi,
      retreated: f.retreated.p,
      eliminated: f.eliminated.p,
    })),
  );
  const x = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%', tickCount: 5 }, title: 'Unit wins' };
  return {
    $schema: SCHEMA,
    title: {
      text: 'Standard duels: each rated unit against a standard line unit',
      subtitle: [
        `Alone and fresh against the standard unit: ${Object.entries(r.standard).map(([k, v]) => `${k} ${String(v)}`).join(', ')}`,
        `Share of ${r.engagements.toLocaleString('en-GB')} duels the unit wins, as the refit rates it and at the refit's defaults, same dice; whiskers: 95% intervals`,
      ],
    },
    config: CONFIG,
    data: { values },
    facet: { column: { field: 'role', type: 'nominal', sort: ['Unit assaults', 'Unit defends'], title: null, header: { labelFontWeight: 'bold' } } },
    spec: {
      width: 260,
      height: { step: 48 },
      encoding: {
        // One line per row of the label (duelAxisLabel); no limit cuts it.
        y: { field: 'unit', type: 'nominal', sort: labels, title: null, axis: { labelExpr: "split(datum.label, '\\n')", labelLimit: 0 } },
        yOffset: { field: 'version', type: 'nominal', sort: [...DUEL_VERSIONS] },
        color: { field: 'version', type: 'nominal', sort: [...DUEL_VERSIONS], scale: { domain: [...DUEL_VERSIONS], range: [SIDE_COLORS[1], NEUTRAL] }, title: null },
        tooltip: [
          { field: 'units', type: 'nominal', title: 'Unit' },
          { field: 'role', type: 'nominal', title: 'Duel' },
          { field: 'version', type: 'nominal', title: 'Rating' },
          { field: 'p', type: 'quantitative', format: '.1%', title: 'Wins' },
          { field: 'lo', type: 'quantitative', format: '.1%', title: '95% low' },
          { field: 'hi', type: 'quantitative', format: '.1%', title: '95% high' },
          { field: 'retreated', type: 'quantitative', format: '.1%', title: 'Retreated' },
          { field: 'eliminated', type: 'quantitative', format: '.1%', title: 'Eliminated' },
        ],
      },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
        { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { x: { field: 'p', ...x } } },
      ],
    },
  } satisfies TopLevelSpec;
}
