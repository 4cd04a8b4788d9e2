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
 * aborts `signal`, so the play stops between batches; a second quits at once (exit 130). `release`
 * stops listening.
 */
export function stopOnCtrlC(onFirst: () => void): { signal: AbortSignal; release: () => void } {
  const stop = new AbortController();
  const onSigint = () => {
    if (stop.signal.aborted) process.exit(130);
    onFirst();
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: stop.signal, release: () => void process.off('SIGINT', onSigint) };
}
