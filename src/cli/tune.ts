import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planHash } from '../sim/engine/planHash.js';
import type { CommandModule } from 'yargs';
import { prepareTune, TUNE_CSV, TUNE_FILE, TUNE_PAGE, tuneMetricList } from '../sim/studies/tune.js';
import { FORCE_OPTION, seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { UsageError } from '../core/errors.js';
import { CliExit, stopOnCtrlC } from './exit.js';
import { claimFolder, finishedHere, inputsHash, recordInputs } from '../sim/store/outputFolder.js';
import { recordReport } from '../report/manifest.js';
import { counted, playedOn } from '../report/words.js';
import { progress, type Progress } from './progress.js';

interface TuneArgs {
  file: string;
  param?: string;
  target?: string;
  range?: string;
  engagements?: number;
  seed?: string;
  workers?: number;
  batch?: number;
  cell?: string;
  tolerance?: number;
  out?: string;
  quiet: boolean;
  force: boolean;
  report: boolean;
  listMetrics: boolean;
}

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune <file>',
  describe: 'Find the value of one parameter that brings a metric to a target (same dice for every value)',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'experiment or scenario YAML' })
      .option('param', { type: 'string', describe: 'What to tune: a vary path, e.g. sides[0].formations[Div-Foy].demoralization' })
      .option('target', { type: 'string', describe: 'The aim, "METRIC = VALUE", e.g. "formation[Div-Foy].brokenByTurn[8] = 30%"' })
      .option('range', { type: 'string', describe: 'Values to search, A..B (default: a numeric option\'s values)' })
      .option('engagements', { alias: 'n', type: 'number', describe: 'Engagements per value tried (default: the file\'s, or 1000)' })
      .option('seed', { type: 'string', describe: 'Seed (overrides the file)' })
      .option('workers', WORKERS_OPTION)
      .option('batch', { type: 'number', describe: 'Engagements per batch (overrides the file; default 500)' })
      .option('cell', { type: 'string', describe: 'For an experiment with several cells: the cell to tune (index or label)' })
      .option('tolerance', { type: 'number', describe: 'Real-valued parameters: stop when the bracket is this narrow (default range/100)' })
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/tune-<name>, then -n<N>, -seed<S> when given, then -<hash of the question>)' })
      .option('force', FORCE_OPTION)
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print only the verdict' })
      .option('report', { type: 'boolean', default: true, describe: 'Write the chart and the page (--no-report: tune.json and tune.csv only)' })
      .option('list-metrics', { type: 'boolean', default: false, describe: 'List the metrics the file\'s engagement has, and stop' }) as never,
  handler: async (argv) => {
    if (argv.listMetrics) {
      const { cell, metrics } = tuneMetricList(argv.file, argv.cell, argv.param);
      const width = Math.min(44, Math.max(...metrics.map((m) => m.pattern.length)));
      console.log(`Metrics of ${argv.file}${cell.label === 'base' ? '' : ` (cell ${cell.index}: ${cell.label})`}; shares take a target such as 30% or 0.3, means a number:\n`);
      for (const m of metrics) console.log(`  ${m.pattern.padEnd(width)}  ${m.kind === 'share' ? 'share' : 'mean '}  ${m.words}`);
      console.log('\nS: a side by name, 0, 1, attacker or defender; F: a formation by id, name or index; T: a turn. docs/files.md, "Metric paths".');
      return;
    }
    if (argv.param === undefined) throw new UsageError('tune: --param is needed (what to tune: a vary path such as sides[0].formations[0].demoralization)');
    if (argv.target === undefined) throw new UsageError('tune: --target is needed ("METRIC = VALUE"; --list-metrics lists the metrics)');
    const workers = workersArg(argv.workers, argv.quiet);
    const seed = seedArg(argv.seed);
    const prep = prepareTune({
      file: argv.file,
      param: argv.param,
      target: argv.target,
      range: argv.range,
      engagements: argv.engagements,
      seed,
      batch: argv.batch,
      cell: argv.cell,
      tolerance: argv.tolerance,
      out: argv.out,
    });
    // The same tune asked again is shown from its folder (the same inputs give the same search).
    const inputs = inputsHash({ plan: planHash(prep.run.plan), cell: prep.base.index, param: argv.param, target: argv.target, range: argv.range ?? null, tolerance: argv.tolerance ?? null });
    const found = argv.force ? null : finishedHere(prep.outDir, TUNE_FILE, inputs, argv.report ? [TUNE_PAGE] : [TUNE_CSV]);
    if (found === 'done') {
      const report = await import('../report/tune.js');
      if (!argv.quiet) process.stderr.write(`volley: ${prep.outDir} holds this tune already (same file, flags and build of volley); shown from there. Add --force to play it again.\n`);
      console.log(report.tuneVerdict(JSON.parse(readFileSync(join(prep.outDir, TUNE_FILE), 'utf8')) as Parameters<typeof report.tuneVerdict>[0]));
      if (!argv.quiet) {
        console.log(`\nresults: ${join(prep.outDir, TUNE_FILE)}`);
        if (argv.report) console.log(`report:  ${join(prep.outDir, TUNE_PAGE)}`);
      }
      return;
    }
    const lock = claimFolder(prep.outDir, { marker: TUNE_FILE, command: 'tune', force: argv.force || found === 'partial' });
    try {
      // The pool, the statistics and the report load once the request is known to be good.
      const { runTune } = await import('../sim/studies/tuneRun.js');
      const { RunInterrupted } = await import('../sim/engine/errors.js');
      const { EngagementError } = await import('../sim/engine/batch.js');
      const { writeFileAtomic } = await import('../results/files.js');
      const report = await import('../report/tune.js');
      const say = (s: string) => {
        if (!argv.quiet) process.stderr.write(`${s}\n`);
      };
      say(`tuning ${prep.param.path} over ${prep.range.from}..${prep.range.to} (${prep.param.integer ? 'whole numbers' : `real numbers, tolerance ${prep.tolerance}`}) so that ${prep.metric.path} = ${argv.target.split('=').pop()!.trim()}; ${prep.run.plan.engagements} engagements per value`);
      // A bar (or plain lines) for each round: how many rounds the search takes is not known ahead.
      let bar: { round: number; progress: Progress } | null = null;
      const endRound = () => {
        bar?.progress.stop();
        bar = null;
      };
      const stop = stopOnCtrlC(() => {
        endRound();
        process.stderr.write('\nvolley: stopping; nothing is written\n');
      });
      const started = performance.now();
      let results;
      // The worker threads the search played on (0: all in this thread), and the threads in all.
      let used = 0;
      let threads = 1;
      try {
        results = await runTune(prep, {
          workers,
          autoStart: argv.workers === undefined,
          onWorkers: (n, t) => {
            used = n;
            threads = t;
          },
          signal: stop.signal,
          onProgress: (round, p) => {
            if (bar?.round !== round) {
              endRound();
              bar = { round, progress: progress({ what: `round ${round}`, unit: 'engagements', total: p.total, quiet: argv.quiet }) };
            }
            bar.progress.update(p.done, p.total);
          },
          onRound: (round, points) => {
            endRound();
            for (const p of points) say(`  round ${round}: ${prep.param.path} = ${p.x}: ${prep.metric.kind === 'share' ? `${(100 * p.estimate.value).toFixed(1)}% [${(100 * p.estimate.lo).toFixed(1)}, ${(100 * p.estimate.hi).toFixed(1)}]` : `${p.estimate.value.toFixed(3)} [${p.estimate.lo.toFixed(3)}, ${p.estimate.hi.toFixed(3)}]`}`);
          },
        });
      } catch (e) {
        if (e instanceof RunInterrupted) throw new CliExit('interrupted: no tune was written', 130);
        if (e instanceof EngagementError) {
          throw new CliExit(`an engagement failed while tuning (engagement ${e.engagement}, seed '${e.seed}'): ${e.reason}`, 1);
        }
        stop.release();
        throw e;
      } finally {
        endRound();
      }
      stop.writing('interrupted while writing the tune: its folder holds no tune.json; run it again', () => lock.release());
      results.timing = { workers: used, threads, wallSeconds: Number(((performance.now() - started) / 1000).toFixed(3)), engagements: results.method.evaluations * prep.run.plan.engagements };
      if (argv.report) await report.writeTuneReport(results, prep.outDir);
      else {
        // Without a report, an earlier one in the folder (of another tune) goes; tune.csv is the command's own.
        recordReport(prep.outDir, []);
        writeFileAtomic(join(prep.outDir, TUNE_CSV), report.tuneCsv(results));
      }
      // tune.json last: once it is there, the folder is complete.
      writeFileAtomic(join(prep.outDir, TUNE_FILE), `${JSON.stringify(results, null, 2)}\n`);
      recordInputs(prep.outDir, inputs);
      for (const w of results.warnings) process.stderr.write(`volley: warning: ${w}\n`);
      console.log(report.tuneVerdict(results));
      if (!argv.quiet) {
        console.log(`\n${counted(results.method.evaluations, 'value')} x ${counted(prep.run.plan.engagements, 'engagement')} in ${results.timing.wallSeconds.toFixed(1)} s (${playedOn(used, threads)})`);
        console.log(`results: ${join(prep.outDir, TUNE_FILE)}`);
        if (argv.report) console.log(`report:  ${join(prep.outDir, TUNE_PAGE)}`);
      }
      stop.release();
    } finally {
      lock.release();
    }
  },
};
