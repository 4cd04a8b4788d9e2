/**
 * The volley command line. Thin: parse, call the library, print. Input errors exit with code 2 and a
 * one-line message naming file, line and field; nothing else ever prints a stack unless VOLLEY_DEBUG=1.
 * `main` reads the command from process.argv; ./main.ts, the program, runs it (`main().catch(fail)`).
 */
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { OptionError } from '../core/ruleset.js';
import { VolleyInputError } from '../core/errors.js';
import { EngagementError } from '../sim/engine/batch.js';
import { oddsCommand } from './odds.js';
import { refitCheckCommand, refitCommand } from './refit.js';
import { reportCommand } from './report.js';
import { rulesetsCommand } from './rulesets.js';
import { runCommand } from './run.js';
import { schemaCommand } from './schema.js';
import { traceCommand } from './trace.js';
import { tournamentCommand } from './tournament.js';
import { tuneCommand } from './tune.js';
import { validateCommand } from './validate.js';
import { workerCommand } from './worker.js';
import { refuseNotANumber, refuseRepeatedOptions, refuseSwitchValues, skipHelpCache, unknownArgumentHints } from './args.js';
import { UsageError } from '../core/errors.js';
import { OutputFolderError } from '../sim/engine/errors.js';
import { CliExit } from './exit.js';
import { BUILD_ID, VOLLEY_VERSION } from '../results/version.js';

/** Say what went wrong as volley speaks and exit: 2 refused input, 1 failed, the code a CliExit carries. */
export function fail(e: unknown): never {
  if (e instanceof VolleyInputError || e instanceof OptionError || e instanceof UsageError || e instanceof OutputFolderError) {
    process.stderr.write(`volley: ${e.message}\n`);
    process.exit(2);
  }
  if (e instanceof CliExit) {
    process.stderr.write(`volley: ${e.message}\n`);
    process.exit(e.code);
  }
  if (e instanceof EngagementError) {
    process.stderr.write(`volley: ${e.message}\n`);
    process.exit(1);
  }
  const msg = e instanceof Error ? e.message : String(e);
  // A file system refusal met while writing (a full disk, a folder made read-only meanwhile) is the
  // machine's, not volley's: say what and where, without calling it an internal error.
  const sys = e as NodeJS.ErrnoException;
  if (e instanceof Error && typeof sys.code === 'string' && typeof sys.syscall === 'string') {
    process.stderr.write(`volley: ${msg}\n`);
    process.exit(1);
  }
  process.stderr.write(`volley: internal error: ${msg}\n`);
  if (process.env.VOLLEY_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
  process.exit(1);
}

/**
 * A value that starts with '-' (--range -1..5) reads as a flag: yargs then says "Unknown argument: 1".
 * Say how to give it.
 */
function negativeValueHint(msg: string): string {
  if (!/^Unknown arguments?:/.test(msg)) return '';
  const args = hideBin(process.argv);
  const i = args.findIndex((a, k) => k > 0 && /^-\d/.test(a) && /^--?[a-z]/i.test(args[k - 1]) && !args[k - 1].includes('='));
  return i < 0 ? '' : `; a value that starts with '-' goes after '=': ${args[i - 1]}=${args[i]}`;
}

/** The options yargs has parsed for the command at hand (its types leave getOptions out). */
const optionsOf = (y: unknown) =>
  (y as { getOptions(): { array: string[]; boolean: string[]; number: string[]; alias: Record<string, string[]>; key: Record<string, unknown> } }).getOptions();

const COMMANDS = [runCommand, reportCommand, oddsCommand, rulesetsCommand, validateCommand, schemaCommand, traceCommand, tournamentCommand, refitCommand, tuneCommand, workerCommand];
const COMMAND_NAMES = COMMANDS.map((c) => String(c.command).split(' ')[0]);
const commandList = `${COMMAND_NAMES.slice(0, -1).join(', ')} or ${COMMAND_NAMES[COMMAND_NAMES.length - 1]}`;

/** Commands that take a command of their own, and theirs. */
const SUBCOMMANDS: Record<string, readonly { name: string; usage: string }[]> = { refit: [{ name: 'check', usage: String(refitCheckCommand.command) }] };

const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * yargs's own words for a command line it cannot take, said as volley speaks: a first word (or a refit
 * command) that is no command is an unknown command, with the list (a near one is suggested by the
 * hints); a missing file or folder is named with the command's usage.
 */
function plainMessage(msg: string): string {
  const [first, second] = hideBin(process.argv);
  const unknown = (word: string | undefined) => word !== undefined && new RegExp(`^Unknown arguments?: ${escapeRe(word)}(,|$)`).test(msg);
  if (first !== undefined && !first.startsWith('-') && !COMMAND_NAMES.includes(first) && unknown(first)) return `unknown command '${first}': one of ${commandList}`;
  const subs = first === undefined ? undefined : SUBCOMMANDS[first];
  if (subs && second !== undefined && !second.startsWith('-') && unknown(second)) return `unknown ${first} command '${second}': one of ${subs.map((c) => c.name).join(', ')}`;
  if (/^Not enough non-option arguments/.test(msg) && first !== undefined) {
    const usage = subs ? subs.find((c) => c.name === second)?.usage : COMMANDS.find((c) => String(c.command).split(' ')[0] === first)?.command;
    const wanted = usage === undefined ? null : /<([^>]+)>/.exec(String(usage));
    if (usage !== undefined && wanted) return `missing <${wanted[1]}>: volley ${subs ? `${first} ` : ''}${String(usage)}`;
  }
  return msg;
}

/** Parse process.argv and run the command it names. */
export async function main(): Promise<void> {
  // yargs prints the version whatever else is given: a word beside it is a slip, not a request.
  const args = hideBin(process.argv);
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  const version = args.slice(0, end).indexOf('--version');
  if (version >= 0 && args.length > 1) {
    const other = args.find((a, i) => i !== version);
    throw new UsageError(`--version takes nothing else: give it alone (volley --version), not with '${other}'`);
  }
  const cli = yargs(hideBin(process.argv));
  skipHelpCache(cli);
  await cli
    .scriptName('volley')
    // Every message is English, yargs's own too: the hints below read its messages, and a page of
    // English help with another language's labels reads worse than one language.
    .locale('en')
    .usage('$0 <command> [options]\n\nMonte Carlo battle simulator and balance analyzer for horse-and-musket wargame rules.')
    .command(COMMANDS as CommandModule[])
    // Before validation, so that a repeated option is named as such and not as a bad value.
    .middleware((argv) => {
      refuseNotANumber(argv, hideBin(process.argv), optionsOf(cli).number, optionsOf(cli).alias);
      refuseRepeatedOptions(argv, optionsOf(cli).array);
      refuseSwitchValues(hideBin(process.argv), optionsOf(cli).boolean, optionsOf(cli).alias);
    }, true)
    .demandCommand(1, `name a command: ${commandList}`)
    .strict()
    .help()
    .version(BUILD_ID ? `${VOLLEY_VERSION} (build ${BUILD_ID.slice(0, 12)})` : VOLLEY_VERSION)
    .fail((msg, err) => {
      if (err) fail(err);
      const hints = unknownArgumentHints(msg, hideBin(process.argv), Object.keys(optionsOf(cli).key), COMMAND_NAMES);
      process.stderr.write(`volley: ${plainMessage(msg)}${negativeValueHint(msg) || hints}\n(see 'volley --help')\n`);
      process.exit(2);
    })
    .parseAsync();
}

