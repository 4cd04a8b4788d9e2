/**
 * Errors in user files. Each names the file, the line, the field and what was expected; the CLI prints
 * the message (never a stack) and exits with code 2.
 */
export class VolleyInputError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  /** The message without the location. */
  readonly detail: string;

  constructor(file: string, line: number | undefined, field: string | undefined, message: string) {
    const where = line === undefined ? file : `${file}:${line}`;
    super(field ? `${where}: ${field}: ${message}` : `${where}: ${message}`);
    this.name = 'VolleyInputError';
    this.file = file;
    this.line = line;
    this.field = field;
    this.detail = message;
  }
}

/** Format a field path like the YAML a user wrote: defender.units[2].morale */
export function formatPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) {
    if (typeof p === 'number') s += `[${p}]`;
    else s += s === '' ? String(p) : `.${String(p)}`;
  }
  return s;
}

/** A command-line usage error (a flag's value, a cell or engagement out of range): printed as one line, exit code 2. */
export class UsageError extends Error {}
