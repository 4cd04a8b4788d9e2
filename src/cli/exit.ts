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
