/**
 * The command line run in this test process: src/cli/cli.ts's `main` on the given arguments, as the
 * program src/cli/main.ts runs it, with what it writes captured and `process.exit` caught. For the
 * tests of what a command says and with which exit code when it refuses its input or answers at once
 * (validate, rulesets, odds, bad flags), and for runs whose files are only the inputs of a check (a
 * reference to compare with, a resume, the results a report is written from): each would otherwise
 * start a Node process and load every module again, about 0.8 s of CPU on a small machine. Every
 * command is still run as the built program by ./volley.ts somewhere, as a user runs it, and so is
 * every run that is killed, stopped, given a fault, or judged by what it prints outside a terminal.
 */
import { format } from 'node:util';
import { fail, main } from '../../src/cli/cli.js';
import type { CliRun } from './volley.js';

/** process.exit, caught: thrown where the process would have ended. */
class Exited extends Error {}

type Write = typeof process.stdout.write;

/** The process events a command listens to while it runs (Ctrl-C, and clean-ups at exit). */
const LISTENED = ['SIGINT', 'SIGTERM', 'exit'] as const;
type Listener = (...a: unknown[]) => void;
const listenersOf = (e: string) => process.listeners(e as 'exit') as Listener[];

/** A stream's write that appends to `sink` and calls back, as a write that went through would. */
function capture(sink: (text: string) => void): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, cb?: unknown) => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as Write;
}

/** `volley ...args` in this process, from `cwd`, with `env` added: its exit code and what it wrote. */
export async function volleyHere(args: string[], cwd = process.cwd(), env: Record<string, string> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  // The first exit ends the command as it ends a process: its code counts, and nothing after it does
  // (yargs, for one, catches what its failure handler throws and hands it on).
  let exited: number | null = null;
  const out = (t: string) => void (exited === null && (stdout += t));
  const err = (t: string) => void (exited === null && (stderr += t));
  const saved = {
    argv: process.argv,
    exit: process.exit,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    console: { log: console.log, info: console.info, warn: console.warn, error: console.error },
    cwd: process.cwd(),
    env: { ...process.env },
  };
  process.argv = [process.argv[0], 'volley', ...args];
  process.exit = ((code?: number | string | null) => {
    exited ??= Number(code ?? 0);
    throw new Exited();
  }) as typeof process.exit;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  console.log = console.info = (...a: unknown[]) => out(`${format(...a)}\n`);
  console.warn = console.error = (...a: unknown[]) => err(`${format(...a)}\n`);
  Object.assign(process.env, { FORCE_COLOR: '0', VOLLEY_DEBUG: '' }, env);
  process.chdir(cwd);
  const listening = LISTENED.map(listenersOf);
  try {
    await main().catch(fail);
  } catch (e) {
    if (exited === null) throw e;
  } finally {
    process.chdir(saved.cwd);
    for (const k of Object.keys(process.env)) if (!(k in saved.env)) delete process.env[k];
    Object.assign(process.env, saved.env);
    Object.assign(console, saved.console);
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    process.exit = saved.exit;
    process.argv = saved.argv;
  }
  // A command that returns leaves no listener behind; one that exited ended its process, listeners
  // and all, so what it added goes (this process goes on to the next test).
  LISTENED.forEach((e, i) => {
    const added = listenersOf(e).filter((l) => !listening[i].includes(l));
    if (added.length && exited === null) throw new Error(`volley ${args.join(' ')} left a '${e}' listener on the process`);
    for (const l of added) process.off(e, l);
  });
  return { code: exited ?? 0, stdout, stderr };
}
