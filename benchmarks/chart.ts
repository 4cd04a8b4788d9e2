/** The scaling chart of RESULTS.md: engagements per second and peak memory against units and turns. */
import type { TopLevelSpec } from 'vega-lite';
import type { ScaleRun } from './scaleRun.js';

export interface ScaleRow extends ScaleRun {
  turns: number;
}

export function scalingSpec(rows: readonly ScaleRow[]): TopLevelSpec {
  const bySize = rows.filter((r) => r.turns === 12).sort((a, b) => a.units - b.units);
  const byLength = rows.filter((r) => r.units === 20).sort((a, b) => a.turns - b.turns);
  const ref = bySize.find((r) => r.units === 20);
  // What the rate would be if the cost of an engagement grew in proportion to the units.
  const proportional = ref ? bySize.map((r) => ({ units: r.units, rate: (ref.engagementsPerSecond * ref.units) / r.units })) : [];
  const rate = { field: 'engagementsPerSecond', type: 'quantitative', title: 'engagements per second (one thread)', scale: { type: 'log' }, axis: { format: '~s' } } as const;
  const mem = { field: 'MB', type: 'quantitative', title: 'peak memory (MB)', scale: { zero: true } } as const;
  const memColor = { field: 'memory', type: 'nominal', title: null, scale: { domain: ['resident set (RSS)', 'V8 heap in use'], range: ['#1f5fa8', '#d9822b'] }, legend: { orient: 'bottom' } } as const;
  const fold = [{ fold: ['peakRssMB', 'peakHeapMB'], as: ['key', 'MB'] }, { calculate: "datum.key === 'peakRssMB' ? 'resident set (RSS)' : 'V8 heap in use'", as: 'memory' }];
  const unitsX = { field: 'units', type: 'quantitative', title: 'units a side (12 turns)', scale: { type: 'log', base: 2 }, axis: { values: [10, 20, 40, 80] } } as const;
  const turnsX = { field: 'turns', type: 'quantitative', title: 'turns (20 units a side)', scale: { type: 'log', base: 2 }, axis: { values: [6, 12, 24] } } as const;
  const line = { type: 'line', point: { size: 60 }, color: '#1f5fa8' } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'The reference corps battle, scaled: engagements per second and memory',
      subtitle: ['benchmarks/scale.ts; in-process, one thread; log scales for rates.', 'Dashed: the rate if an engagement cost in proportion to its units.'],
    },
    columns: 2,
    concat: [
      {
        width: 300,
        height: 200,
        layer: [
          { data: { values: bySize }, mark: line, encoding: { x: unitsX, y: rate, tooltip: [{ field: 'units' }, { field: 'engagementsPerSecond', format: ',.0f' }] } },
          {
            data: { values: proportional },
            mark: { type: 'line', strokeDash: [4, 4], color: '#999' },
            encoding: { x: { field: 'units', type: 'quantitative', scale: { type: 'log', base: 2 } }, y: { field: 'rate', type: 'quantitative', scale: { type: 'log' } } },
          },
        ],
      },
      { width: 300, height: 200, data: { values: bySize }, transform: fold, mark: { type: 'line', point: { size: 60 } }, encoding: { x: unitsX, y: mem, color: memColor } },
      { width: 300, height: 200, data: { values: byLength }, mark: line, encoding: { x: turnsX, y: rate } },
      { width: 300, height: 200, data: { values: byLength }, transform: fold, mark: { type: 'line', point: { size: 60 } }, encoding: { x: turnsX, y: mem, color: memColor } },
    ],
  } as TopLevelSpec;
}

export function scalingCsv(rows: readonly ScaleRow[]): string {
  const head = 'units_a_side,turns,hexes,engagements_per_second,mean_turns_played,engagements_measured,rss_start_mb,peak_rss_mb,peak_heap_mb';
  const lines = rows.map((r) =>
    [r.units, r.turns, r.hexes, r.engagementsPerSecond.toFixed(1), r.meanTurns.toFixed(2), r.engagements, r.rssStartMB.toFixed(1), r.peakRssMB.toFixed(1), r.peakHeapMB.toFixed(1)].join(','),
  );
  return [head, ...lines].join('\n') + '\n';
}
