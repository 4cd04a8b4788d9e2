/**
 * The story of one engagement as plain text (story.txt and the golden transcripts of STYLE.md 8):
 * a pure function of the events and the description of the engagement.
 */
import type { VolleyEvent } from '../../core/events.js';
import { narrate, type TraceLine } from '../../rules/aor/trace/narrate.js';
import type { TraceFinal, TraceSubject } from '../../rules/aor/trace/subject.js';

export interface StoryOptions {
  /** The engagement's seed string, printed under the title. */
  seed?: string;
  /** What only the result knows (victory points). */
  final?: TraceFinal;
}

/** The story of `events` about `subject`, one line per happening, indented under turn, player turn and phase. */
export function storyText(events: readonly VolleyEvent[], subject: TraceSubject, opts: StoryOptions = {}): string {
  const lines = narrate(events, subject, opts.final).lines.slice();
  if (opts.seed !== undefined) lines.splice(1, 0, { depth: 0, kind: 'title', text: `Seed ${opts.seed}` });
  return formatLines(lines);
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
