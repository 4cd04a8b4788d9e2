/**
 * The story of one engagement as plain text (story.txt and the golden transcripts of STYLE.md 8): the
 * rule system's story lines (src/core/ruleset.ts, TraceSupport), the seed under the title.
 */
import type { TraceLine } from '../../core/ruleset.js';

/** The story: one line per happening, indented under turn, player turn and phase; the seed after the title. */
export function storyText(lines: readonly TraceLine[], seed?: string): string {
  const all = lines.slice();
  if (seed !== undefined) all.splice(1, 0, { depth: 0, kind: 'title', text: `Seed ${seed}` });
  return formatLines(all);
}

/** Indent two spaces per depth; a blank line before each turn and section; an empty phase says so. */
export function formatLines(lines: readonly TraceLine[]): string {
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i > 0 && (l.kind === 'turn' || l.kind === 'section')) out.push('');
    let text = l.text;
    if (l.kind === 'phase') {
      const next = lines[i + 1];
      if (!next || next.kind !== 'event') text += ': nothing';
    }
    out.push(`${'  '.repeat(l.depth)}${text}`);
  });
  return `${out.join('\n')}\n`;
}
