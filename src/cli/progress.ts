/**
 * Progress of long work (engagements played, report charts written), one way for every command. On a
 * terminal a bar that redraws itself; anywhere else (a CI log, a file, a pipe) a plain line at every
 * tenth of the work, since a bar's redraws would fill a log with carriage returns; with --quiet nothing.
 * Always on stderr: stdout holds the results.
 */
import cliProgress from 'cli-progress';

/** Where progress goes: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` of the work so far; `total` when it changes (a precision run schedules more as it goes). */
  update(done: number, total?: number): void;
  /** The work is over (finished or stopped): the bar leaves the screen as it stands. */
  stop(): void;
}

export interface ProgressRequest {
  /** What is under way, as the plain lines start: "playing", "writing the report", "round 2". */
  what: string;
  /** What is counted, plural: "engagements", "charts". */
  unit: string;
  /** The work to do; it may be given or raised by update() instead. */
  total?: number;
  quiet?: boolean;
  stream?: ProgressStream;
  /** Seconds since some fixed moment (performance.now() / 1000); a test passes its own clock. */
  clock?: () => number;
}

const NONE: Progress = { update: () => undefined, stop: () => undefined };

/** A count as people read it: 12,000. */
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The tenth of the work `done` of `total` has reached (0 to 10), or null when it is no further than
 * `shown`, the last tenth reported. A total that grows can take `done` back below a tenth already
 * said: nothing is said again until it passes it.
 */
export function nextTenth(done: number, total: number, shown: number): number | null {
  if (total <= 0) return null;
  const tenth = Math.min(10, Math.floor((10 * done) / total + 1e-9));
  return tenth > shown ? tenth : null;
}

/** A plain progress line: "volley: playing: 30% (3,000 of 10,000 engagements, 4 s)". */
export function plainLine(what: string, tenth: number, done: number, total: number, unit: string, seconds: number): string {
  return `volley: ${what}: ${10 * tenth}% (${count(done)} of ${count(total)} ${unit}, ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s)\n`;
}

/** Plain lines at every tenth of the work (outside a terminal). */
function plainProgress(req: ProgressRequest, stream: ProgressStream, clock: () => number): Progress {
  const started = clock();
  let total = req.total ?? 0;
  // The start is said when the work starts, so a log shows what the wait is for.
  let shown = -1;
  const say = (done: number) => {
    if (shown < 0 && total > 0) {
      stream.write(`volley: ${req.what}: ${count(total)} ${req.unit}\n`);
      shown = 0;
    }
    const t = nextTenth(done, total, shown);
    if (t === null || t === 0) return;
    shown = t;
    stream.write(plainLine(req.what, t, done, total, req.unit, clock() - started));
  };
  return {
    update(done, newTotal) {
      if (newTotal !== undefined && newTotal !== total) {
        // A precision run plays on past its first total: say so, and count the tenths of the new total
        // from where the work stands (without this the log falls silent after "100%").
        if (shown >= 0) {
          stream.write(`volley: ${req.what}: ${count(newTotal)} ${req.unit} now, ${count(done)} done\n`);
          shown = nextTenth(done, newTotal, -1) ?? 0;
        }
        total = newTotal;
      }
      say(done);
    },
    stop: () => undefined,
  };
}

/** A bar that redraws itself (on a terminal), with the rate since the first update and the time left. */
function barProgress(req: ProgressRequest, stream: ProgressStream, clock: () => number): Progress {
  const bar = new cliProgress.SingleBar(
    {
      format: ` ${req.what} {bar} {percentage}% | {value}/{total} ${req.unit} | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      stream: stream as NodeJS.WritableStream,
    },
    cliProgress.Presets.shades_classic,
  );
  let total = req.total ?? 0;
  let started = false;
  // The rate counts from the first update: work taken from a checkpoint is not played now.
  let first: { done: number; at: number } | null = null;
  if (total > 0) {
    bar.start(total, 0, { rate: 0 });
    started = true;
  }
  return {
    update(done, newTotal) {
      if (newTotal !== undefined && newTotal !== total) {
        total = newTotal;
        if (started) bar.setTotal(total);
      }
      if (!started && total > 0) {
        bar.start(total, 0, { rate: 0 });
        started = true;
      }
      first ??= { done, at: clock() };
      const secs = clock() - first.at;
      bar.update(done, { rate: secs > 0 ? Math.round((done - first.done) / secs) : 0 });
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}

/** The progress of one piece of work: a bar on a terminal, plain lines elsewhere, nothing when quiet. */
export function progress(req: ProgressRequest): Progress {
  if (req.quiet) return NONE;
  const stream = req.stream ?? process.stderr;
  const clock = req.clock ?? (() => performance.now() / 1000);
  return stream.isTTY ? barProgress(req, stream, clock) : plainProgress(req, stream, clock);
}
