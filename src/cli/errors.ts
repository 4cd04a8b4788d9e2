/** A command-line usage error: printed as one line, exit code 2. */
export class UsageError extends Error {}
