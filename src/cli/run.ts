import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { CHECKPOINT_FILE } from '../sim/store/checkpoint.js';
import { EXPORT_FORMATS, type ExportFormat } from '../results/rows.js';
import { DEFAULT_MAX_ENGAGEMENTS, prepareRun, resultsOf, runInputs, type PreparedRun } from '../sim/studies/prepare.js';
import { finishedHere, recordInputs } from '../sim/store/outputFolder.js';
import { RESULTS_FILE } from '../sim/store/folderRun.js';
import type { Results } from '../results/results.js';
import type { CrossResults } from '../results/cross.js';
import { isCross } from '../results/cross.js';
import { ResultsFileError, resultsFileMessage } from '../results/check.js';
import { usefulWorkers } from '../sim/engine/plan.js';
import { outArg, seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { UsageError } from '../core/errors.js';
import { refitChangeSetsText } from '../scenario/refit.js';
import { CliExit } from './exit.js';
import { hidePassword, parseQueueUrl, type QueueAddress } from '../sim/queue/url.js';
import { counted, playedOn } from '../report/words.js';
import { shellWord, VOLLEY_COMMAND } from '../core/command.js';
import { progress } from './progress.js';
import { recordReport } from '../report/manifest.js';

// The run's own modules (the pool, the statistics, the report) load once the input is known to be
// good: a bad file is reported without paying for them.
const runModules = async () => ({
  ...(await import('../sim/engine/batch.js')),
  ...(await import('../sim/store/folderRun.js')),
  ...(await import('../results/results.js')),
  ...(await import('../sim/engine/errors.js')),
  ...(await import('../results/files.js')),
  ...(await import('../results/store.js')),
});
type RunModules = Awaited<ReturnType<typeof runModules>>;
type FolderRun = import('../sim/store/folderRun.js').FolderRun;

interface RunArgs {
  file: string;
  engagements?: number;
  seed?: string;
  workers?: number;
  batch?: number;
  out?: string;
  quiet: boolean;
  checkInvariants: boolean;
  report: boolean;
  resume: boolean;
  force: boolean;
  export?: ExportFormat;
  precision?: number;
  maxEngagements?: number;
  queue?: string;
  set?: string[];
  compare?: string;
}


/** The command that continues this run: the same arguments, with --resume instead of --force (and no password shown). */
function resumeCommand(): string {
  const args = process.argv.slice(2).filter((a) => a !== '--force' && a !== '--resume').map(hidePassword);
  return `${VOLLEY_COMMAND} ${[...args, '--resume'].map(shellWord).join(' ')}`;
}

/** The executor of a queued run (BullMQ loads only then), telling where the batches went. */
async function queueExecutor(address: QueueAddress, quiet: boolean) {
  const { QueueExecutor } = await import('../sim/queue/coordinator.js');
  // The server is asked before the output folder is made: a run that cannot start leaves nothing behind.
  const { checkServer } = await import('../sim/queue/connection.js');
  try {
    await checkServer(address);
  } catch (e) {
    if (e instanceof Error && e.name === 'QueueUnreachable') throw new CliExit(`${e.message}\n  nothing was played; run the same command again once it is reachable`, 1);
    throw e;
  }
  const onQueued = quiet
    ? undefined
    : (q: { batches: number; workers: number }) =>
        process.stderr.write(
          `volley: ${q.batches} batches queued at ${address.shown}; ${q.workers} worker${q.workers === 1 ? '' : 's'} connected` +
            `${q.workers === 0 ? `; start one on each machine with: ${VOLLEY_COMMAND} worker --queue ${address.shown}` : ''}\n`,
        );
  return (plan: import('../sim/engine/plan.js').RunPlan, opts: import('../sim/engine/runner.js').RunOptions) => new QueueExecutor(plan, opts, address, { onQueued });
}

/** A checkpoint of no batch: its head line alone (or no file). */
function checkpointIsEmpty(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').length <= 1;
  } catch {
    return true;
  }
}

/** What stopped a run, as the message and exit code the user gets. */
function explain(e: unknown, argv: RunArgs, prep: PreparedRun, m: RunModules, madeFolder = false): unknown {
  const checkpoint = join(prep.outDir, CHECKPOINT_FILE);
  const label = (cell: number) => prep.cells[cell]?.label ?? String(cell);
  // `trace` replays one engagement from the run's file, the cell and the index (and --seed if given).
  // A precision run may play past the file's engagements: -n lets trace reach them.
  const n = prep.plan.precision ? prep.plan.engagements : argv.engagements;
  const settings = `${(argv.set ?? []).map((x) => ` --set ${shellWord(x)}`).join('')}${argv.compare === undefined ? '' : ` --compare ${shellWord(argv.compare)}`}`;
  const trace = (cell: number, engagement: string) =>
    `${VOLLEY_COMMAND} trace ${shellWord(argv.file)} --cell ${cell} --engagement ${engagement}${argv.seed === undefined ? '' : ` --seed ${shellWord(argv.seed)}`}${n === undefined ? '' : ` -n ${n}`}${settings}`;
  if (e instanceof m.RunInterrupted) {
    // A precision run does not know in advance how many batches it will play.
    const saved = prep.plan.precision ? `${e.savedBatches} batches are` : `${e.savedBatches} of ${e.totalBatches} batches are`;
    return new CliExit(`interrupted: ${saved} saved in ${checkpoint}\nresume with: ${resumeCommand()}`, 130);
  }
  if (e instanceof m.EngagementError) {
    return new CliExit(
      `engagement ${e.engagement} of cell ${e.cell} (${label(e.cell)}) failed: ${e.reason}\n` +
        `  seed: ${e.seed}\n  replay it with: ${trace(e.cell, String(e.engagement))}`,
      1,
    );
  }
  if (e instanceof m.WorkerFault) {
    const b = e.span;
    return new CliExit(
      b
        ? `a worker died while running ${b.batches}: cell ${b.cell} (${label(b.cell)}), engagements ${b.first}..${b.last}: ${e.reason}\n` +
            `  replay one of them with: ${trace(b.cell, `<${b.first}..${b.last}>`)}\n` +
            `  the batches done are saved; continue with: ${resumeCommand()}`
        : `${e.message}\n  the batches done are saved; continue with: ${resumeCommand()}`,
      1,
    );
  }
  if (e instanceof m.RunWriteError) {
    // A full disk while playing: which file, what is kept, and the command that goes on from there.
    const saved = prep.plan.precision ? `${e.savedBatches} batches are` : `${e.savedBatches} of ${e.totalBatches} batches are`;
    return new CliExit(`${e.message}: the run stopped; ${saved} saved in ${e.checkpoint}\n  free some space (or move the folder) and continue with: ${resumeCommand()}`, 1);
  }
  if (e instanceof m.OutputFolderError) return new CliExit(e.message, 2);
  if (argv.queue !== undefined && e instanceof Error && (e.name === 'QueueUnreachable' || e.name === 'QueueJobFailed')) {
    // Nothing played yet (the checkpoint holds only its head): no run to continue, so none is left to block the next.
    if (e.name === 'QueueUnreachable' && checkpointIsEmpty(checkpoint)) {
      rmSync(checkpoint, { force: true });
      // The folder this command made, left empty, goes too (the server went between the check and the start).
      if (madeFolder) {
        try {
          if (readdirSync(prep.outDir).length === 0) rmdirSync(prep.outDir);
        } catch {
          // Not there, or not empty: left as it is.
        }
      }
      return new CliExit(`${e.message}\n  nothing was played; run the same command again once it is reachable`, 1);
    }
    return new CliExit(`${e.message}\n  the batches done are saved; continue with: ${resumeCommand()}`, 1);
  }
  return e;
}

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run <file>',
  describe: 'Run an experiment (or a single scenario) and write results.json and a report',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'experiment or scenario YAML' })
      .option('engagements', { alias: 'n', type: 'number', describe: 'Engagements per cell (overrides the file)' })
      .option('seed', { type: 'string', describe: 'Experiment seed (overrides the file)' })
      .option('workers', WORKERS_OPTION)
      .option('batch', { type: 'number', describe: 'Engagements per batch (overrides the file; default 500)' })
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/<name>, or <name>.scenario, with -n<N>, -seed<S>, ... for flags that change what is played)' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress bar and no summary table' })
      .option('check-invariants', { type: 'boolean', default: false, describe: 'Check invariants after every step (slower)' })
      .option('report', { type: 'boolean', default: true, describe: 'Write the HTML/SVG/PNG report (--no-report: results.json only)' })
      .option('resume', { type: 'boolean', default: false, describe: `Continue an interrupted run from DIR/${CHECKPOINT_FILE}` })
      .option('force', { type: 'boolean', default: false, describe: 'Start over in a folder that holds a finished or unfinished run (the same run asked again is otherwise shown from its folder)' })
      .option('export', { choices: EXPORT_FORMATS, describe: 'Also write one row per engagement to DIR/engagements.<csv|ndjson>' })
      .option('precision', {
        type: 'number',
        describe: 'Play each cell until every primary share has a 95% interval half-width of at most this (0.01: ±1 point)',
      })
      .option('queue', {
        type: 'string',
        describe: 'Play the batches on the machines that serve this Redis queue (volley worker): redis://HOST:PORT/DB, a password in the URL or REDIS_PASSWORD',
      })
      .option('set', {
        type: 'string',
        array: true,
        // One PATH=VALUE each time: the file after it is not taken for another.
        nargs: 1,
        describe: 'Change the file without editing it: PATH=VALUE, a rule option (aor.squareEffect=7.10) or a scenario value as in vary (defender.units[*].morale=5); repeat for more',
      })
      .option('compare', {
        type: 'string',
        describe: 'Compare values of one PATH in pairs on the same dice, as an experiment\'s variants: PATH=A,B (aor.squareEffect=7.6,7.10; the first is the reference)',
      })
      .option('max-engagements', { type: 'number', describe: `With a precision target (--precision, or precision in the experiment): the most engagements per cell (default: the experiment's maxEngagements, or ${DEFAULT_MAX_ENGAGEMENTS})` }) as never,
  handler: async (argv) => {
    const asked = workersArg(argv.workers, argv.quiet);
    if (argv.out !== undefined) outArg(argv.out);
    if (argv.resume && argv.force) throw new UsageError('--resume and --force: choose one (continue the run, or start over)');
    const seed = seedArg(argv.seed);
    const address = argv.queue === undefined ? null : parseQueueUrl(argv.queue, process.env);
    const prep = prepareRun({
      file: argv.file,
      engagements: argv.engagements,
      seed,
      batch: argv.batch,
      out: argv.out,
      checkInvariants: argv.checkInvariants,
      precision: argv.precision,
      maxEngagements: argv.maxEngagements,
      settings: { set: argv.set, compare: argv.compare },
    });
    // A queued run plays on the workers' machines: none here.
    const workers = address ? 0 : usefulWorkers(prep.plan, asked);
    for (const w of prep.warnings) process.stderr.write(`volley: warning: ${w}\n`);
    const m = await runModules();
    // The same run asked again (same file, flags and build of volley) is shown from its folder: played
    // again it would give the same results.json. A report or an export not written then is, by
    // playing it again; so are invariants asked for now.
    const inputs = runInputs(prep);
    let force = argv.force;
    if (!argv.force && !argv.resume) {
      const needs = [...(argv.report ? [REPORT_PAGE] : []), ...(argv.export ? [m.exportFileName(argv.export)] : [])];
      const found = finishedHere(prep.outDir, m.RESULTS_FILE, inputs, needs);
      if (found === 'done' && !argv.checkInvariants) {
        await showFinished(prep.outDir, argv, m);
        return;
      }
      if (found) {
        if (!argv.quiet) process.stderr.write(`volley: ${prep.outDir} holds this run already; playing it again for what it lacks (same inputs, same results)\n`);
        force = true;
      }
    }
    // What the refits change, before anything is played: a moved baseline is seen, not found later.
    // A folder that would be refused is refused first (and checked again when claimed).
    if (!argv.quiet && prep.refitChanges.length) {
      try {
        m.checkOutputFolder(prep.outDir, { resume: argv.resume, force });
      } catch (e) {
        throw explain(e, argv, prep, m);
      }
      console.log(`${refitChangeSetsText(prep.refitChanges)}\n`);
    }
    const executor = address ? await queueExecutor(address, argv.quiet) : undefined;
    const madeFolder = !existsSync(prep.outDir);
    // With a target precision the total grows as cells are given more engagements.
    const precise = prep.plan.precision !== undefined;
    const bar = progress({ what: 'playing', unit: 'engagements', total: precise ? undefined : prep.plan.engagements * prep.plan.cells.length, quiet: argv.quiet });

    // Ctrl-C: stop the pool, keep the checkpoint, say how to resume (exit 130). A second one quits now.
    const stop = new AbortController();
    // Once every batch is played and saved, Ctrl-C leaves the checkpoint for --resume to write the rest.
    let writing = false;
    const onSigint = () => {
      if (writing) {
        process.stderr.write(`\nvolley: interrupted while writing the results; every batch is saved in ${join(prep.outDir, CHECKPOINT_FILE)}\nresume with: ${resumeCommand()}\n`);
        process.exit(130);
      }
      if (stop.signal.aborted) process.exit(130);
      bar.stop();
      process.stderr.write('\nvolley: stopping; saving the checkpoint (Ctrl-C again to quit at once)\n');
      stop.abort();
    };
    process.on('SIGINT', onSigint);
    const started = performance.now();
    let run: FolderRun;
    try {
      run = await m.runIntoFolder(prep, {
        workers,
        // Without --workers, a worker starts only for a run long enough to gain from it.
        autoStart: argv.workers === undefined,
        resume: argv.resume,
        force,
        export: argv.export ?? null,
        signal: stop.signal,
        executor,
        onProgress: (p) => bar.update(p.done, p.total),
      });
    } catch (e) {
      process.off('SIGINT', onSigint);
      throw explain(e, argv, prep, m, madeFolder);
    } finally {
      bar.stop();
    }
    const wall = (performance.now() - started) / 1000;
    const played = run.accumulators.reduce((a, acc) => a + acc.n, 0);
    const ran = played - run.resumedEngagements;
    const results = resultsOf(prep, run.accumulators, prep.plan.precision && run.stops ? { halfWidth: prep.plan.precision.halfWidth, stops: run.stops } : undefined);
    // The engagement figures of paired comparisons have served: results.json holds the comparisons.
    for (const a of run.accumulators) delete a.pairs;
    results.timing = { workers: run.workers, threads: run.threads, wallSeconds: Number(wall.toFixed(3)), engagementsPerSecond: Math.round(ran / wall), batchSeconds: Number(run.batchSeconds.toFixed(3)) };
    // results.json, the report, then the export in place and the checkpoint gone: until that last step a
    // failure or Ctrl-C leaves every batch in the checkpoint, and --resume writes it all again.
    writing = true;
    let files: string[];
    try {
      // The cells' columnar file (a large experiment's) before results.json, which names it.
      const written = m.resultsFiles(results, m.RESULTS_FILE);
      for (const f of written) m.writeFileAtomic(join(prep.outDir, f.name), f.text);
      m.removeStaleColumns(prep.outDir, written);
      // The report's libraries are heavy: load them only when a report is written.
      const report = argv.report ? await import('../report/index.js') : null;
      const charts = progress({ what: 'writing the report', unit: 'charts', quiet: argv.quiet });
      try {
        const onChart = (done: number, total: number) => charts.update(done, total);
        if (report) files = await report.writeRunReport(results, prep.outDir, onChart);
        else {
          // Without a report, an earlier one in the folder (of other results) goes.
          recordReport(prep.outDir, []);
          files = [];
        }
      } finally {
        charts.stop();
      }
      await run.finish();
      recordInputs(prep.outDir, inputs);
    } catch (e) {
      // The machine refused a write (a full disk): say which file, and that nothing played is lost.
      // Anything else is a fault of volley's own and goes on as one (an internal error, its stack
      // with VOLLEY_DEBUG).
      await run.release().catch(() => undefined);
      if (!(e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string')) throw e;
      throw new CliExit(`${e.message}\n  every batch is saved in ${join(prep.outDir, CHECKPOINT_FILE)}; continue with: ${resumeCommand()}`, 1);
    } finally {
      process.off('SIGINT', onSigint);
    }
    const resumed = run.resumedBatches ? `; ${counted(run.resumedBatches, 'batch', 'batches')} taken from the checkpoint` : '';
    const timing = `${counted(played, 'engagement')} in ${wall.toFixed(1)} s (${results.timing.engagementsPerSecond.toLocaleString('en-US')}/s, ${address ? `queue ${address.shown}` : playedOn(run.workers, run.threads)}${resumed})`;
    await printOutcome(results, prep.outDir, argv.quiet, { timing, exportFile: run.exportFile, report: files.length > 0 });
  },
};

/** The page a run's report opens with. */
const REPORT_PAGE = 'index.html';

/**
 * What a run prints when it ends: the summary, the precision reached, how long it took and where its
 * files are. A quiet run says only that it stopped short of the precision asked for, if it did.
 */
async function printOutcome(results: Results | CrossResults, outDir: string, quiet: boolean, o: { timing: string; exportFile: string | null; report: boolean }): Promise<void> {
  const precisionMessage = async (r: typeof results) => (isCross(r) ? null : r.provenance.precision ? (await import('../report/precision.js')).precisionMessage(r) : null);
  if (!quiet) {
    const { comparisonsTable, crossTable, summaryTable } = await import('../report/table.js');
    if (isCross(results)) console.log(crossTable(results));
    else {
      // The question first, answered one line per cell; then the table of key numbers.
      console.log(`${(await import('../report/question.js')).questionBlock(results)}\n`);
      console.log(summaryTable(results));
      if (results.comparisons) console.log(comparisonsTable(results));
      const across = (await import('../report/robustness.js')).robustnessText(results);
      if (across) console.log(`\n${across}`);
    }
    const precise = await precisionMessage(results);
    if (precise) console.log(`\n${precise}`);
    console.log(`\n${o.timing}`);
    console.log(`results: ${join(outDir, RESULTS_FILE)}`);
    if (o.exportFile) console.log(`engagements: ${o.exportFile}`);
    if (o.report) console.log(`report:  ${join(outDir, REPORT_PAGE)}`);
  } else if (!isCross(results) && results.provenance.precision && !results.provenance.precision.reached) {
    // Even a quiet run says when it stopped short of the precision asked for.
    const msg = (await precisionMessage(results))!;
    process.stderr.write(`volley: ${msg.replace(/^precision: /, 'warning: ')}\n`);
  }
}

/** A run asked again: what it printed when it was played, from its folder, and how to play it again. */
async function showFinished(outDir: string, argv: RunArgs, m: RunModules): Promise<void> {
  let results;
  try {
    results = m.readResults(outDir, RESULTS_FILE);
  } catch (e) {
    if (!(e instanceof ResultsFileError)) throw e;
    throw new CliExit(`${resultsFileMessage(join(outDir, RESULTS_FILE), e)}: this run's results can no longer be read; add --force to play it again`, 2);
  }
  if (!argv.quiet) process.stderr.write(`volley: ${outDir} holds this run already (same file, flags and build of volley, so the same results); shown from there. Add --force to play it again.\n`);
  const t = results.timing;
  const played = isCross(results)
    ? results.systems.reduce((a, r) => a + r.cells.reduce((b, c) => b + c.summary.engagements, 0), 0)
    : results.cells.reduce((a, c) => a + c.summary.engagements, 0);
  const timing = `${counted(played, 'engagement')}${t ? `, played in ${t.wallSeconds.toFixed(1)} s (${playedOn(t.workers, t.threads)})` : ''}`;
  const exportFile = argv.export ? join(outDir, m.exportFileName(argv.export)) : null;
  await printOutcome(results, outDir, argv.quiet, { timing, exportFile, report: argv.report });
}
