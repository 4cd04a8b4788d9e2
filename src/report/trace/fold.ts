/**
 * Quiet steps folded: a run of consecutive steps in which nothing happens (a phase with no event, and
 * the same picture throughout) becomes one step, "Turn 1, French: Command and reorganization to
 * Cavalry charges", so stepping through an engagement goes from one happening to the next.
 */
import type { TraceFrame, TraceLine } from '../../core/ruleset.js';

/** A step of a phase in which nothing happens: no event line. The start and the end always show. */
export function isQuiet(f: TraceFrame): boolean {
  return f.phase !== null && !f.end && !f.lines.some((l) => l.kind === 'event');
}

/**
 * "Turn 1, French: Command" and "Turn 1, French: Combat" -> "Turn 1, French: Command to Combat": the
 * second title without the words it shares with the first, up to a ", " or ": ".
 */
export function spanTitle(first: string, last: string): string {
  if (first === last) return first;
  let cut = 0;
  for (const m of last.matchAll(/, |: /g)) {
    const end = m.index + m[0].length;
    if (first.slice(0, end) === last.slice(0, end)) cut = end;
    else break;
  }
  return `${first} to ${last.slice(cut)}`;
}

/** The heading lines of the folded steps, their phases' names joined on one line under each heading. */
function foldedLines(run: readonly TraceFrame[]): TraceLine[] {
  const out: TraceLine[] = [];
  for (const l of run.flatMap((f) => f.lines)) {
    const prev = out[out.length - 1];
    if (l.kind === 'phase' && prev?.kind === 'phase') out[out.length - 1] = { ...prev, text: `${prev.text}, ${l.text}` };
    else out.push(l);
  }
  return out;
}

/** The steps with every run of two or more quiet steps showing the same picture made one. */
export function foldQuiet(frames: readonly TraceFrame[]): TraceFrame[] {
  const out: TraceFrame[] = [];
  for (let i = 0; i < frames.length; ) {
    let j = i;
    while (isQuiet(frames[i]) && j + 1 < frames.length && isQuiet(frames[j + 1]) && frames[j + 1].svg === frames[i].svg) j++;
    if (j === i) out.push(frames[i]);
    else {
      const run = frames.slice(i, j + 1);
      out.push({ ...frames[j], title: spanTitle(frames[i].title, frames[j].title), turn: frames[i].turn, side: frames[i].side, phase: frames[i].phase, lines: foldedLines(run) });
    }
    i = j + 1;
  }
  return out;
}
