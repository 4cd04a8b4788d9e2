import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { changedFlags, defaultFolder } from '../sim/store/folderName.js';
import { finishedHere, inputsHash, recordInputs } from '../sim/store/outputFolder.js';
import { planHash } from '../sim/engine/planHash.js';
import type { CommandModule } from 'yargs';
import { UsageError } from '../core/errors.js';
import { CHECKPOINT_FILE } from '../sim/store/checkpoint.js';
import { DEFAULT_REFIT_BATCH, prepareRefitCheck, REFIT_CHECK_FILE, REFIT_CHECK_PAGE } from '../sim/studies/refitCheck.js';
import { CliExit, stopOnCtrlC } from './exit.js';
import { refitChangeSetsText } from '../scenario/refit.js';
import { seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { counted, playedOn } from '../report/words.js';

const DEFAULT_REFIT_ENGAGEMENTS = 1000;
const DEFAULT_REFIT_SEED = '1';
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

export const refitCheckCommand: CommandModule<object, RefitCheckArgs> = {
  command: 'check <refit>',
  describe: 'What each exception of a refit changes: paired differences with and without it, same dice',
  builder: (y) =>
    y
      .positional('refit', { type: 'string', demandOption: true, describe: 'refit YAML' })
      .option('scenario', { type: 'string', array: true, demandOption: true, describe: 'Scenario to play (repeat for several)' })
      .option('engagements', { alias: 'n', type: 'number', default: DEFAULT_REFIT_ENGAGEMENTS, describe: 'Engagements per exception and scenario' })
      .option('seed', { type: 'string', default: DEFAULT_REFIT_SEED, describe: 'Seed' })
      .option('batch', { type: 'number', describe: 'Engagements per batch (default 500; never depends on the workers)' })
      .option('workers', WORKERS_OPTION)
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/refit-<name>-on-<scenarios>, and -n<N>, -seed<S> when given)' })
      .option('resume', { type: 'boolean', default: false, describe: `Continue an interrupted check from DIR/${CHECKPOINT_FILE}` })
      .option('force', { type: 'boolean', default: false, describe: 'Start over in a folder that holds a finished or unfinished check' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress and no summary table' }) as never,
  handler: async (argv) => {
    if (argv.resume && argv.force) throw new UsageError('--resume and --force: choose one (continue the check, or start over)');
    const workers = workersArg(argv.workers, argv.quiet);
    const seed = seedArg(argv.seed)!;
    // The same scenario twice would be played twice and reported as two.
    const seen = new Map<string, string>();
    for (const f of argv.scenario) {
      const first = seen.get(resolve(f));
      if (first !== undefined) throw new UsageError(`--scenario: ${f === first ? `'${f}' is given twice` : `'${f}' and '${first}' are the same file`}; give each scenario once`);
      seen.set(resolve(f), f);
    }
    const prep = prepareRefitCheck({ refitFile: argv.refit, scenarioFiles: argv.scenario, engagements: argv.engagements, seed, batch: argv.batch });
    // A folder for each refit and the scenarios it is checked on (and -n, --seed, --batch if they change).
    const on = prep.scenarioFiles.map((f) => basename(f).replace(/\.scenario\.yaml$|\.ya?ml$/, ''));
    const outDir =
      argv.out ??
      defaultFolder(`refit-${prep.refit.name}`, [
        ['on-', on.join('.')],
        ...changedFlags([
          ['n', argv.engagements, DEFAULT_REFIT_ENGAGEMENTS],
          ['seed', argv.seed, DEFAULT_REFIT_SEED],
          ['batch', argv.batch, DEFAULT_REFIT_BATCH],
        ]),
      ]);
    const { runRefitCheck, buildRefitResults } = await import('../sim/studies/refitCheck.js');
    const { writeFileAtomic } = await import('../results/files.js');
    const { refitCheckTable, refitDuelsTable, refitUnitEffectsTable, writeRefitReport } = await import('../report/refitCheck.js');
    const { RunInterrupted, OutputFolderError } = await import('../sim/engine/errors.js');
    // The same check asked again is shown from its folder (the same inputs give the same figures).
    const inputs = inputsHash({ plan: planHash(prep.plan), refit: prep.refitFile, scenarios: prep.scenarioFiles });
    let force = argv.force;
    if (!argv.force && !argv.resume) {
      const found = finishedHere(outDir, REFIT_CHECK_FILE, inputs, [REFIT_CHECK_PAGE]);
      if (found === 'done') {
        if (!argv.quiet) {
          process.stderr.write(`volley: ${outDir} holds this refit check already (same files, flags and build of volley); shown from there. Add --force to play it again.\n`);
          const results = JSON.parse(readFileSync(join(outDir, REFIT_CHECK_FILE), 'utf8')) as Parameters<typeof refitCheckTable>[0];
          console.log(`${refitChangeSetsText(prep.changes)}\n`);
          console.log(refitCheckTable(results));
          if (results.exceptions.some((x) => x.unitsWatched > 0)) console.log(`\n${refitUnitEffectsTable(results)}`);
          if (results.duels.length) console.log(`\n${refitDuelsTable(results)}`);
          console.log(`\nresults: ${join(outDir, REFIT_CHECK_FILE)}`);
          console.log(`report:  ${join(outDir, REFIT_CHECK_PAGE)}`);
        }
        return;
      }
      force = found === 'partial';
    }
    const { checkOutputFolder } = await import('../sim/store/folderRun.js');
    // A folder that would be refused is refused before anything is printed (checked again when claimed).
    try {
      checkOutputFolder(outDir, { resume: argv.resume, force, resultsFile: REFIT_CHECK_FILE, what: 'refit check' });
    } catch (e) {
      if (e instanceof OutputFolderError) throw new CliExit(e.message, 2);
      throw e;
    }
    // What the refit changes, before anything is played: the baseline every exception is measured against.
    if (!argv.quiet) console.log(`${refitChangeSetsText(prep.changes)}\n`);
    const bar = progress({ what: 'playing', unit: 'engagements', total: prep.plan.engagements * prep.plan.cells.length, quiet: argv.quiet });
    const stop = stopOnCtrlC(() => bar.stop());
    const started = performance.now();
    let accs: Awaited<ReturnType<typeof runRefitCheck>>;
    try {
      accs = await runRefitCheck(prep, { workers, autoStart: argv.workers === undefined, outDir, resume: argv.resume, force, signal: stop.signal, onProgress: (p) => bar.update(p.done, p.total) });
      bar.stop();
    } catch (e) {
      bar.stop();
      stop.release();
      if (e instanceof RunInterrupted) throw new CliExit(`interrupted: the batches played are saved in ${join(outDir, CHECKPOINT_FILE)}; continue with --resume`, 130);
      if (e instanceof OutputFolderError) throw new CliExit(e.message, 2);
      throw e;
    }
    try {
      const results = buildRefitResults(prep, accs);
      writeFileAtomic(join(outDir, REFIT_CHECK_FILE), `${JSON.stringify(results, null, 2)}\n`);
      await writeRefitReport(results, outDir);
      await accs.finish?.();
      recordInputs(outDir, inputs);
      for (const w of results.warnings) process.stderr.write(`volley: warning: ${w}\n`);
      if (!argv.quiet) {
        console.log(refitCheckTable(results));
        if (results.exceptions.some((x) => x.unitsWatched > 0)) console.log(`\n${refitUnitEffectsTable(results)}`);
        const secs = (performance.now() - started) / 1000;
        if (results.duels.length) console.log(`\n${refitDuelsTable(results)}`);
        const what = `${counted(prep.exceptions.length, 'exception')} and ${counted(prep.duels.length, 'standard duel')}`;
        console.log(`\n${what} x 2 x ${prep.engagements} engagements in ${secs.toFixed(1)} s (${playedOn(accs.workers, accs.threads)})`);
        console.log(`results: ${join(outDir, REFIT_CHECK_FILE)}`);
        console.log(`report:  ${join(outDir, REFIT_CHECK_PAGE)}`);
      }
    } catch (e) {
      await accs.release?.().catch(() => undefined);
      throw e;
    } finally {
      stop.release();
    }
  },
};

export const refitCommand: CommandModule = {
  command: 'refit',
  describe: 'Refits: check what each exception changes',
  builder: (y) => y.command(refitCheckCommand).demandCommand(1, 'name a refit command: check') as never,
  handler: () => undefined,
};
