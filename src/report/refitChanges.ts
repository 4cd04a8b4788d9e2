/**
 * What a refit changed in the scenario, as the reports show it: one table per refit and scenario (and
 * per cell or variant where they differ), unit by unit and field by field, with the entry that set
 * each value (src/scenario/refit.ts, refitChanges).
 */
import type { RefitChangeRecord } from '../results/results.js';
import { escapeHtml } from '../results/html.js';

const value = (v: unknown): string => {
  if (v === null || v === undefined) return 'none';
  if (Array.isArray(v)) return v.length ? v.join('+') : 'none';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
};

/** The tables as HTML; a value the refit's defaults set on a unit no rule names is marked so. */
export function refitChangesHtml(sets: readonly RefitChangeRecord[]): string {
  return sets
    .map((s) => {
      const head = `<p><code>${escapeHtml(s.refit)}</code> on <code>${escapeHtml(s.scenario)}</code>${s.where ? ` (${escapeHtml(s.where)})` : ''}${s.changes.length ? ' changes:' : ' changes nothing.'}</p>`;
      if (!s.changes.length) return head;
      const rows = s.changes
        .map((c) => `<tr${c.named ? '' : ' class="unnamed"'}><td>${escapeHtml(c.subject)}</td><td>${escapeHtml(c.field)}</td><td class="n">${escapeHtml(value(c.before))}</td><td class="n">${escapeHtml(value(c.after))}</td><td>${escapeHtml(c.named ? c.by : `${c.by} (no rule names it)`)}</td></tr>`)
        .join('\n');
      return `${head}\n<table class="refit-changes"><thead><tr><th>unit</th><th>field</th><th>before</th><th>after</th><th>set by</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`;
    })
    .join('\n');
}
