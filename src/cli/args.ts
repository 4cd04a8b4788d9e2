/**
 * Command-line values every command reads the same way: the seed, the number of workers, an output
 * folder, and options given more than once. Bad values are usage errors (exit code 2).
 */
import { availableParallelism } from 'node:os';
import { folderProblem, makeFolder } from '../results/files.js';
import { UsageError } from '../core/errors.js';
import { counted } from '../report/words.js';
import { closest } from '../core/suggest.js';

/** --seed: a whole number stays a number (as in a file), anything else is text; empty is refused. */
export function seedArg(v: string | undefined): string | number | undefined {
  if (v === undefined) return undefined;
  if (v.trim() === '') throw new UsageError('--seed: expected a number or a word, found nothing');
  return /^-?\d+$/.test(v) ? Number(v) : v;
}

/**
 * --workers: a whole number of 0 or more (0: in this thread); the machine's cores when not given, and
 * never more: a thread past the cores plays no faster, and each holds its own engine and memory (500
 * took 5.4 GB). The cap is said on stderr unless `quiet`; the results do not depend on the workers.
 */
export function workersArg(v: number | undefined, quiet = false, cores = availableParallelism()): number {
  const workers = v ?? cores;
  if (!Number.isInteger(workers) || workers < 0) throw new UsageError('--workers: expected a whole number of 0 or more');
  if (workers <= cores) return workers;
  if (!quiet) process.stderr.write(`volley: --workers ${workers}: capped at the ${counted(cores, 'core')} available (more threads are no faster and each holds its own memory; the results are the same)\n`);
  return cores;
}

/** An output folder flag: anything but nothing (an empty --out would mean the current folder). */
export function outArg(dir: string, flag = '--out'): string {
  if (dir.trim() === '') throw new UsageError(`${flag}: expected a folder, found nothing`);
  return dir;
}

/**
 * Make an output folder before any work is done, so that a folder that cannot be written is refused at
 * once and not after the engagements are played.
 */
export function outputFolder(dir: string, flag = '--out'): string {
  outArg(dir, flag);
  const problem = folderProblem(dir, flag);
  if (problem) throw new UsageError(problem);
  try {
    makeFolder(dir);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const where = err.path && err.path !== dir ? ` at ${err.path}` : '';
    throw new UsageError(`${flag}: cannot make folder ${dir} (${err.code ?? err.message}${where}); choose another ${flag}`);
  }
  return dir;
}

/** --workers of every command that plays on the pool (read with workersArg). */
export const WORKERS_OPTION = { alias: 'w', type: 'number', describe: 'Worker threads; 0 runs in this thread (default: a worker on each core but one, started when the run is long enough to gain from them, this thread playing beside them)' } as const;

/** --force of trace, tournament, tune and refit check (src/sim/store/outputFolder.ts claimFolder). */
export const FORCE_OPTION = { type: 'boolean', default: false, describe: 'Write into a folder that holds earlier output (it is overwritten)' } as const;

/**
 * A switch given a value (--json=abc, -q=yes): yargs would read it as false, silently. true and false
 * are the values a switch may be given. `switches` lists the boolean options of the command parsed,
 * `aliases` their other names (-q for --quiet).
 */
export function refuseSwitchValues(args: readonly string[], switches: readonly string[], aliases: Readonly<Record<string, readonly string[]>> = {}): void {
  const known = new Set(switches);
  for (const s of switches) for (const a of aliases[s] ?? []) known.add(a);
  for (const a of args) {
    if (a === '--') return;
    const m = /^--(?:no-)?([^=]+)=(.*)$/s.exec(a) ?? /^-([^-=])=(.*)$/s.exec(a);
    if (!m || !known.has(m[1])) continue;
    const flag = m[1].length === 1 ? `-${m[1]}` : `--${m[1]}`;
    if (m[2] !== 'true' && m[2] !== 'false') throw new UsageError(`${flag} is a switch: give it alone (or =true, =false), not '${m[2]}'`);
  }
}

/**
 * Options given twice: the same value twice is taken once; two different values are refused (which one
 * was meant?). Options declared as arrays (`array: true`) are left alone. For yargs' middleware, before
 * validation; `arrays` lists the array options of the command parsed.
 */
export function refuseRepeatedOptions(argv: Record<string, unknown>, arrays: readonly string[]): void {
  const keep = new Set(arrays);
  // Longest names first: an option is named by its long name, not its one-letter alias.
  for (const [key, value] of Object.entries(argv).sort((a, b) => b[0].length - a[0].length)) {
    if (key === '_' || key === '$0' || !Array.isArray(value) || keep.has(key)) continue;
    const distinct = [...new Set(value.map((x) => String(x)))];
    if (distinct.length > 1) {
      const flag = key.length === 1 ? `-${key}` : `--${key}`;
      throw new UsageError(`${flag} given more than once (${distinct.join(', ')}); give it once`);
    }
    argv[key] = value[0];
  }
}

/** Number options that take a fraction or a real number; every other number option counts something. */
const REAL_NUMBER_OPTIONS = new Set(['precision', 'tolerance']);

/** How a message names an option: `-n (--engagements)` when it has a one-letter alias, else `--seed`. */
export function flagName(key: string, aliases: Readonly<Record<string, readonly string[]>>): string {
  const short = (aliases[key] ?? []).find((a) => a.length === 1);
  return short ? `-${short} (--${key})` : `--${key}`;
}

/** The text given to an option on the command line (`--key=X`, `--key X`, `-k X`, `-kX`), or undefined. */
export function givenText(args: readonly string[], key: string, aliases: readonly string[]): string | undefined {
  for (const name of [key, ...aliases]) {
    const dashes = name.length === 1 ? '-' : '--';
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a === '--') break;
      if (a === `${dashes}${name}`) return args[i + 1] ?? '';
      if (a.startsWith(`${dashes}${name}=`)) return a.slice(dashes.length + name.length + 1);
      if (name.length === 1 && a.startsWith(`-${name}`) && !a.startsWith('--') && a.length > 2) return a.slice(2);
    }
  }
  return undefined;
}

/**
 * A number option given something that is not a number (yargs reads `-n abc` as NaN): refused by
 * name with the text given, "-n (--engagements) must be a whole number, got 'abc'". `numbers` lists
 * the number options of the command parsed, `aliases` their aliases (yargs' getOptions()).
 */
export function refuseNotANumber(
  argv: Record<string, unknown>,
  args: readonly string[],
  numbers: readonly string[],
  aliases: Readonly<Record<string, readonly string[]>>,
): void {
  // Long names only: an alias and a camelCase copy hold the same value.
  for (const key of numbers.filter((k) => k.length > 1 && k === k.toLowerCase())) {
    const values = ([] as unknown[]).concat(argv[key]);
    const text = givenText(args, key, aliases[key] ?? []);
    // yargs reads an empty value (--engagements=, -n '') as 0: refused as empty, not as the 0 it is not.
    if (!values.some((v) => typeof v === 'number' && Number.isNaN(v)) && !(text !== undefined && text.trim() === '')) continue;
    const what = REAL_NUMBER_OPTIONS.has(key) ? 'a number' : 'a whole number';
    throw new UsageError(`${flagName(key, aliases)} must be ${what}, got ${text === undefined || text === '' ? 'nothing' : `'${text}'`}`);
  }
}

/**
 * yargs' "Unknown argument(s): a, b" with the nearest known name of each: an option for a word given
 * as a flag (--engagments: did you mean --engagements?), a command for a bare word. Empty when there
 * is nothing near enough, or the message is another.
 */
export function unknownArgumentHints(msg: string, args: readonly string[], options: readonly string[], commands: readonly string[]): string {
  const m = /^Unknown arguments?: (.*)$/.exec(msg);
  if (!m) return '';
  const longOptions = options.filter((o) => o.length > 1 && o === o.toLowerCase());
  const hints = m[1].split(', ').flatMap((name) => {
    const asFlag = args.some((a) => a === `--${name}` || a.startsWith(`--${name}=`) || a === `-${name}` || a === `--no-${name}`);
    // volley run --set a=1 b=2: each --set takes one PATH=VALUE.
    if (!asFlag && name.includes('=') && args.includes('--set')) return [`'${name}': give each PATH=VALUE its own --set (--set ${name})`];
    const known = closest(name, asFlag ? longOptions : commands);
    if (known === undefined) return [];
    return [asFlag ? `${name.length === 1 ? '-' : '--'}${name}: did you mean --${known}?` : `'${name}': did you mean '${known}'?`];
  });
  return hints.length ? `; ${hints.join('; ')}` : '';
}

/** The part of yargs's internals skipHelpCache reaches (yargs 18; absent elsewhere, and then left alone). */
interface YargsInternals {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } | undefined } | undefined;
}

/**
 * yargs renders a command's whole help page every time the command runs, to keep it for a later
 * `showHelp` (volley never calls one): measuring the width of every line costs about a tenth of a
 * command's start-up. Stop that; `--help` and usage errors render their page as before. Returns whether
 * the hook was found (a yargs without it is left as it is).
 */
export function skipHelpCache(cli: object): boolean {
  const usage = (cli as YargsInternals).getInternalMethods?.()?.getUsageInstance?.();
  if (!usage || typeof usage.cacheHelpMessage !== 'function') return false;
  usage.cacheHelpMessage = () => {};
  return true;
}
