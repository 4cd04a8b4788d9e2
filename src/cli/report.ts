/**
 * `volley report DIR`: write a run's report again from the results.json in DIR, nothing played: to rank
 * a large experiment's cells by another figure first (`--rank-by`), or after a new build of volley
 * draws its charts otherwise. The files are those `volley run` writes, in the same folder.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { isCross } from '../results/cross.js';
import { ResultsFileError, resultsFileMessage } from '../results/check.js';
import { readResults } from '../results/store.js';
import { CHECKPOINT_FILE } from '../sim/store/checkpoint.js';
import { FolderLock, lockHolder } from '../sim/store/folderLock.js';
import { CliExit } from './exit.js';
import { progress } from './progress.js';

interface ReportArgs {
  dir: string;
  rankBy?: string;
  quiet: boolean;
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report <dir>',
  describe: "Write a run's report again from DIR/results.json (nothing is played)",
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'The folder of a finished run' })
      .option('rank-by', {
        type: 'string',
        describe: "A report of many cells: the figure its top and bottom cells are ranked by when the page opens (wins0, wins1: the first or second side's wins; draws; lost0, lost1: strength lost; retreat0, retreat1; fail0, fail1: checks failed; turns; carried0, carried1 where cells carry objectives)",
      })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress and no summary' }) as never,
  handler: async (argv) => {
    const file = join(argv.dir, 'results.json');
    const dir = (() => {
      try {
        return statSync(argv.dir);
      } catch {
        return null;
      }
    })();
    if (!dir) throw new CliExit(`${argv.dir}: no such folder: give the folder of a finished run (the one volley run wrote results.json in)`, 2);
    if (!dir.isDirectory()) throw new CliExit(`${argv.dir} is a file: give the folder that holds results.json, not the file (volley report ${dirname(argv.dir)})`, 2);
    if (!existsSync(file)) throw new CliExit(`${argv.dir} holds no results.json: a finished run's folder is needed (volley run writes one)`, 2);
    if (existsSync(join(argv.dir, CHECKPOINT_FILE))) {
      // A run that stopped while playing (its results.json, if any, an earlier run's) or while writing its files.
      throw new CliExit(
        `${argv.dir} holds an unfinished run (${CHECKPOINT_FILE}): it stopped while playing or while writing its files, so results.json may be an earlier run's, or this one's without its report; ` +
          `finish it with volley run FILE --out ${argv.dir} --resume (the file and flags it was started with), which writes results.json and the report`,
        2,
      );
    }
    let results;
    try {
      results = readResults(argv.dir);
    } catch (e) {
      if (!(e instanceof ResultsFileError)) throw e;
      throw new CliExit(resultsFileMessage(file, e), 2);
    }
    const report = await import('../report/index.js');
    const systems = isCross(results) ? results.systems : [results];
    if (argv.rankBy !== undefined) {
      const ids = [...new Set(systems.flatMap((r) => report.cellMetrics(r).map((m) => m.id)))];
      if (!ids.includes(argv.rankBy)) throw new CliExit(`--rank-by ${argv.rankBy}: not a figure of this run's cells; one of ${ids.join(', ')}`, 2);
      const ranked = systems.filter((r) => !report.chartsEveryCell(r));
      if (ranked.length === 0 && !argv.quiet) process.stderr.write(`volley: --rank-by changes nothing here: the report charts every one of its cells (the ranking is for reports of more than ${report.MAX_CELLS_CHARTED} cells)\n`);
    }
    // The folder's lock, as a run takes it: no run writes there meanwhile (refused if one is).
    const who = lockHolder(argv.dir);
    if (who) throw new CliExit(`${argv.dir} is in use by another volley command (${who}); write its report once it has ended`, 2);
    let lock: FolderLock;
    try {
      lock = FolderLock.take(argv.dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException | null)?.code;
      if (typeof code !== 'string') throw e; // a run took it since: OutputFolderError says who
      throw new CliExit(`cannot write the lock file in ${argv.dir} (${code}): the report would be written there`, 2);
    }
    const bar = progress({ what: 'writing the report', unit: 'charts', quiet: argv.quiet });
    let files: string[];
    try {
      const onChart = (done: number, total: number) => bar.update(done, total);
      files = await report.writeRunReport(results, argv.dir, onChart, { rankBy: argv.rankBy });
    } finally {
      bar.stop();
      lock.release();
    }
    if (!argv.quiet) console.log(`report:  ${join(argv.dir, 'index.html')} (${files.length} files written)`);
  },
};
