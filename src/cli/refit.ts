import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { UsageError } from '../core/errors.js';
import { CHECKPOINT_FILE } from '../sim/store/checkpoint.js';
import { prepareRefitCheck, REFIT_CHECK_FILE, REFIT_CHECK_PAGE } from '../sim/studies/refitCheck.js';
import { CliExit } from './exit.js';
import { seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { progress } from './progress.js';

interface RefitCheckArgs {
  refit: string;
  scenario: string[];
  engagements: number;
  seed: string;
  batch?: number;
  workers?: number;
  out?: string;
  quiet: boolean;
  force: boolean;
  resume: boolean;
}

const check: CommandModule<object, RefitCheckArgs> = {
  command: 'check <refit>',
  describe: 'What each exception of a refit changes: paired differences with and without it, same dice',
  builder: (y) =>
    y
      .positional('refit', { type: 'string', demandOption: true, describe: 'refit YAML' })
      .option('scenario', { type: 'string', array: true, demandOption: true, describe: 'Scenario to play (repeat for several)' })
      .option('engagements', { alias: 'n', type: 'number', default: 1000, describe: 'Engagements per exception and scenario' })
      .option('seed', { type: 'string', default: '1', describe: 'Seed' })
      .option('batch', { type: 'number', describe: 'Engagements per batch (default 500; never depends on the workers)' })
      .option('workers', WORKERS_OPTION)
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/refit-<name>)' })
      .option('resume', { type: 'boolean', default: false, describe: `Continue an interrupted check from DIR/${CHECKPOINT_FILE}` })
      .option('force', { type: 'boolean', default: false, describe: 'Start over in a folder that holds a finished or unfinished check' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress and no summary table' }) as never,
  handler: async (argv) => {
    if (argv.resume && argv.force) throw new UsageError('--resume and --force: choose one (continue the check, or start over)');
    const workers = workersArg(argv.workers, argv.quiet);
    const seed = seedArg(argv.seed)!;
    const prep = prepareRefitCheck({ refitFile: argv.refit, scenarioFiles: argv.scenario, engagements: argv.engagements, seed, batch: argv.batch });
    const outDir = argv.out ?? `reports/refit-${prep.refit.name}`;
    const { runRefitCheck, buildRefitResults } = await import('../sim/studies/refitCheck.js');
    const { writeFileAtomic } = await import('../results/files.js');
    const { refitCheckTable, refitDuelsTable, writeRefitReport } = await import('../report/refitCheck.js');
    const { RunInterrupted, OutputFolderError } = await import('../sim/engine/errors.js');
    const stop = new AbortController();
    const bar = progress({ what: 'playing', unit: 'engagements', total: prep.plan.engagements * prep.plan.cells.length, quiet: argv.quiet });
    const onSigint = () => {
      if (stop.signal.aborted) process.exit(130);
      bar.stop();
      stop.abort();
    };
    process.on('SIGINT', onSigint);
    const started = performance.now();
    let accs: Awaited<ReturnType<typeof runRefitCheck>>;
    try {
      accs = await runRefitCheck(prep, { workers, outDir, resume: argv.resume, force: argv.force, signal: stop.signal, onProgress: (p) => bar.update(p.done, p.total) });
      bar.stop();
    } catch (e) {
      bar.stop();
      process.off('SIGINT', onSigint);
      if (e instanceof RunInterrupted) throw new CliExit(`interrupted: the batches played are saved in ${join(outDir, CHECKPOINT_FILE)}; continue with --resume`, 130);
      if (e instanceof OutputFolderError) throw new CliExit(e.message, 2);
      throw e;
    }
    try {
      const results = buildRefitResults(prep, accs);
      writeFileAtomic(join(outDir, REFIT_CHECK_FILE), `${JSON.stringify(results, null, 2)}\n`);
      await writeRefitReport(results, outDir);
      await accs.finish?.();
      for (const w of results.warnings) process.stderr.write(`volley: warning: ${w}\n`);
      if (!argv.quiet) {
        console.log(refitCheckTable(results));
        const secs = (performance.now() - started) / 1000;
        if (results.duels.length) console.log(`\n${refitDuelsTable(results)}`);
        const what = `${prep.exceptions.length} exceptions and ${prep.duels.length} standard duels`;
        console.log(`\n${what} x 2 x ${prep.engagements} engagements in ${secs.toFixed(1)} s (${workers} workers)`);
        console.log(`results: ${join(outDir, REFIT_CHECK_FILE)}`);
        console.log(`report:  ${join(outDir, REFIT_CHECK_PAGE)}`);
      }
    } catch (e) {
      await accs.release?.().catch(() => undefined);
      throw e;
    } finally {
      process.off('SIGINT', onSigint);
    }
  },
};

export const refitCommand: CommandModule = {
  command: 'refit <command>',
  describe: 'Refits: check what each exception changes',
  builder: (y) => y.command(check).demandCommand(1, 'name a refit command: check') as never,
  handler: () => undefined,
};
