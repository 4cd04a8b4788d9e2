import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import type { CommandModule } from 'yargs';
import { writeReport } from '../report/index.js';
import { summaryTable } from '../report/table.js';
import { prepareRun } from '../sim/prepare.js';
import { buildResults } from '../sim/results.js';
import { runPlan } from '../sim/runner.js';
import { writeFileAtomic } from '../sim/writeFiles.js';
import { UsageError } from './errors.js';
import { availableParallelism } from 'node:os';

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
}

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run <file>',
  describe: 'Run an experiment (or a single scenario) and write results.json and a report',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'experiment or scenario YAML' })
      .option('engagements', { alias: 'n', type: 'number', describe: 'Engagements per cell (overrides the file)' })
      .option('seed', { type: 'string', describe: 'Experiment seed (overrides the file)' })
      .option('workers', { alias: 'w', type: 'number', describe: 'Worker threads; 0 runs in this thread (default: cores)' })
      .option('batch', { type: 'number', describe: 'Engagements per batch (overrides the file; default 500)' })
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/<name>)' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress bar and no summary table' })
      .option('check-invariants', { type: 'boolean', default: false, describe: 'Check invariants after every step (slower)' })
      .option('report', { type: 'boolean', default: true, describe: 'Write the HTML/SVG/PNG report (--no-report: results.json only)' }) as never,
  handler: async (argv) => {
    const workers = argv.workers ?? availableParallelism();
    if (!Number.isInteger(workers) || workers < 0) throw new UsageError('--workers: expected a whole number of 0 or more');
    const seed = argv.seed === undefined ? undefined : /^-?\d+$/.test(argv.seed) ? Number(argv.seed) : argv.seed;
    const prep = prepareRun({
      file: argv.file,
      engagements: argv.engagements,
      seed,
      batch: argv.batch,
      out: argv.out,
      checkInvariants: argv.checkInvariants,
    });
    if (existsSync(prep.outDir) && !existsSync(join(prep.outDir, 'results.json')) && !argv.quiet) {
      // A folder without results.json may belong to something else; say where we write.
      process.stderr.write(`volley: writing into existing folder ${prep.outDir}\n`);
    }
    const total = prep.plan.engagements * prep.plan.cells.length;
    const bar =
      !argv.quiet && process.stderr.isTTY
        ? new cliProgress.SingleBar(
            { format: ' {bar} {percentage}% | {value}/{total} engagements | {rate}/s | ETA {eta_formatted}', hideCursor: true, stream: process.stderr },
            cliProgress.Presets.shades_classic,
          )
        : null;
    const started = performance.now();
    bar?.start(total, 0, { rate: 0 });
    const accumulators = await runPlan(prep.plan, {
      workers,
      onProgress: (p) => bar?.update(p.done, { rate: Math.round(p.done / ((performance.now() - started) / 1000)) }),
    });
    bar?.stop();
    const wall = (performance.now() - started) / 1000;
    const results = buildResults({ ...prep.meta, accumulators });
    results.timing = { workers, wallSeconds: Number(wall.toFixed(3)), engagementsPerSecond: Math.round(total / wall) };
    writeFileAtomic(join(prep.outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const files = argv.report ? await writeReport(results, prep.outDir) : [];
    if (!argv.quiet) {
      console.log(summaryTable(results));
      console.log(`\n${total} engagements in ${wall.toFixed(1)} s (${results.timing.engagementsPerSecond}/s, ${workers} workers)`);
      console.log(`results: ${join(prep.outDir, 'results.json')}`);
      if (files.length) console.log(`report:  ${join(prep.outDir, 'index.html')}`);
    }
  },
};
