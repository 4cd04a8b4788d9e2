/** A run that stopped short, with the message to print and the exit code (130 interrupted, 1 failed, 2 refused). */
export class CliExit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'CliExit';
  }
}

/**
 * Ctrl-C in a command that plays: the first calls `onFirst` (stop a progress bar, say what happens) and
 * aborts `signal`, so the play stops between batches; a second quits at once (exit 130). Once the play
 * is over, `writing(message, cleanup)`: a Ctrl-C while the files are written runs `cleanup` (release
 * the folder), says `message` and quits (exit 130). `release` stops listening.
 */
export function stopOnCtrlC(onFirst: () => void): { signal: AbortSignal; writing: (message: string, cleanup: () => void) => void; release: () => void } {
  const stop = new AbortController();
  let whileWriting: { message: string; cleanup: () => void } | null = null;
  const onSigint = () => {
    if (whileWriting) {
      whileWriting.cleanup();
      process.stderr.write(`\nvolley: ${whileWriting.message}\n`);
      process.exit(130);
    }
    if (stop.signal.aborted) process.exit(130);
    onFirst();
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  return {
    signal: stop.signal,
    writing: (message, cleanup) => void (whileWriting = { message, cleanup }),
    release: () => void process.off('SIGINT', onSigint),
  };
}
