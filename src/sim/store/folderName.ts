/**
 * Default output folders (docs/files.md, "Output folders"). A command writes into reports/<name>, the
 * name of its file qualified by the file's kind (an experiment and a scenario may share a name), and
 * when the command line changes what is played (-n, --seed, --precision, ...), a suffix that says how:
 * reports/town-assault.scenario-n5000. Each way of playing a file gets a folder of its own, so the
 * commands of the README run one after the other without one refusing the folder of another.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** A flag that changes what is played, with the value it was given: ['n', 5000] writes `-n5000`. */
export type FlagPart = readonly [flag: string, value: string | number];

/** A value that can stand in a folder name as it is: short, and no character a shell or a file system minds. */
const PLAIN = /^[A-Za-z0-9._-]{1,40}$/;

/** The first 8 hex digits of the sha256 of a JSON value: short, and different for different values. */
export const shortHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 8);

/**
 * The suffix of the folder for these flags: `-<flag><value>` for each plain value, in the order given,
 * then one `-<hash>` of all the others together (a seed with a space, a list of doctrines, a tune's
 * question). No flags, no suffix.
 */
export function folderSuffix(parts: readonly FlagPart[]): string {
  const plain = parts.filter(([, v]) => PLAIN.test(String(v)));
  const other = parts.filter(([, v]) => !PLAIN.test(String(v)));
  const words = plain.map(([f, v]) => `-${f}${v}`);
  if (other.length) words.push(`-${shortHash(other.map(([f, v]) => [f, String(v)]))}`);
  return words.join('');
}

/** reports/<name><suffix>: the default folder of a command. */
export const defaultFolder = (name: string, parts: readonly FlagPart[] = []): string => join('reports', `${name}${folderSuffix(parts)}`);

/**
 * The flags among `given` whose value differs from the file's own (`file`): only these name the
 * folder, so `-n 400` on a file that plays 400 is the same run as no -n at all.
 */
export function changedFlags(given: readonly (readonly [flag: string, value: string | number | undefined, fileValue: string | number | undefined])[]): FlagPart[] {
  return given.filter(([, v, fv]) => v !== undefined && String(v) !== String(fv)).map(([f, v]) => [f, v!] as const);
}
