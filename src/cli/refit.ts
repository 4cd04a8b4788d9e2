import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { prepareRefitCheck, REFIT_CHECK_FILE, REFIT_CHECK_PAGE } from '../sim/studies/refitCheck.js';
import { FORCE_OPTION, seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { claimFolder } from '../sim/store/outputFolder.js';

interface RefitCheckArgs {
  refit: string;
  scenario: string[];
  engagements: number;
  seed: string;
  workers?: number;
  out?: string;
  quiet: boolean;
  force: boolean;
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
      .option('workers', WORKERS_OPTION)
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/refit-<name>)' })
      .option('force', FORCE_OPTION)
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No summary table' }) as never,
  handler: async (argv) => {
    const workers = workersArg(argv.workers);
    const seed = seedArg(argv.seed)!;
    const prep = prepareRefitCheck({ refitFile: argv.refit, scenarioFiles: argv.scenario, engagements: argv.engagements, seed });
    const outDir = argv.out ?? `reports/refit-${prep.refit.name}`;
    const lock = claimFolder(outDir, { marker: REFIT_CHECK_FILE, command: 'refit check', force: argv.force });
    try {
      const { runRefitCheck, buildRefitResults } = await import('../sim/studies/refitCheck.js');
      const { writeFileAtomic } = await import('../results/files.js');
      const { refitCheckTable, refitDuelsTable, writeRefitReport } = await import('../report/refitCheck.js');
      const started = performance.now();
      const accs = await runRefitCheck(prep, workers);
      const results = buildRefitResults(prep, accs);
      writeFileAtomic(join(outDir, REFIT_CHECK_FILE), `${JSON.stringify(results, null, 2)}\n`);
      await writeRefitReport(results, outDir);
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
    } finally {
      lock.release();
    }
  },
};

export const refitCommand: CommandModule = {
  command: 'refit <command>',
  describe: 'Refits: check what each exception changes',
  builder: (y) => y.command(check).demandCommand(1, 'name a refit command: check') as never,
  handler: () => undefined,
};
