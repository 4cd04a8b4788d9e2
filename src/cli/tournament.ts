import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { prepareTournament, runTournament, type TournamentResult } from '../sim/studies/tournament.js';
import { changedFlags, defaultFolder } from '../sim/store/folderName.js';
import { planHash } from '../sim/engine/planHash.js';
import { seatsTable, tournamentHtml, tournamentTable } from '../report/tournament.js';
import { writeFileAtomic } from '../results/files.js';
import { FORCE_OPTION, seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { UsageError } from '../core/errors.js';
import { claimFolder, finishedHere, inputsHash, recordInputs } from '../sim/store/outputFolder.js';

const DEFAULT_PAIRING_ENGAGEMENTS = 400;
const DEFAULT_TOURNAMENT_SEED = '1';
import { progress } from './progress.js';
import { CliExit, stopOnCtrlC } from './exit.js';
import { RunInterrupted } from '../sim/engine/errors.js';

interface Args {
  file: string;
  doctrines?: string;
  engagements: number;
  seed: string;
  workers?: number;
  out?: string;
  force: boolean;
  quiet: boolean;
}

export const tournamentCommand: CommandModule<object, Args> = {
  command: 'tournament <file>',
  describe: 'Play doctrines against each other, both ways round on the same dice, and print a win-rate matrix',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'scenario YAML' })
      .option('doctrines', { type: 'string', describe: "Comma-separated doctrines (default: every doctrine of the scenario's rule system, see volley rulesets ID)" })
      .option('engagements', { alias: 'n', type: 'number', default: DEFAULT_PAIRING_ENGAGEMENTS, describe: 'Engagements per ordered pairing' })
      .option('seed', { type: 'string', default: DEFAULT_TOURNAMENT_SEED, describe: 'Seed' })
      .option('workers', WORKERS_OPTION)
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/tournament-<scenario>, and -n<N>, -seed<S> when given)' })
      .option('force', FORCE_OPTION)
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing: the files are written all the same' }) as never,
  handler: async (argv) => {
    const doctrines = argv.doctrines?.split(',').map((d) => d.trim());
    // 'a,,b' is a slip (a doctrine left out, or a comma too many): refused, not read as 'a,b'.
    if (argv.doctrines !== undefined && argv.doctrines.trim() === '') throw new UsageError('--doctrines: expected doctrines separated by commas, found nothing');
    const empty = doctrines?.findIndex((d) => d === '') ?? -1;
    if (empty >= 0) throw new UsageError(`--doctrines: item ${empty + 1} of '${argv.doctrines}' is empty; name a doctrine between each pair of commas`);
    const prep = prepareTournament({
      file: argv.file,
      doctrines,
      engagements: argv.engagements,
      seed: seedArg(argv.seed)!,
      workers: workersArg(argv.workers, argv.quiet),
    });
    const name = argv.file.replace(/^.*\//, '').replace(/\.scenario\.yaml$|\.yaml$/, '');
    const given = prep.req.doctrines.join('.');
    const out =
      argv.out ??
      defaultFolder(`tournament-${name}`, [
        ...changedFlags([
          ['n', argv.engagements, DEFAULT_PAIRING_ENGAGEMENTS],
          ['seed', argv.seed, DEFAULT_TOURNAMENT_SEED],
        ]),
        ...(argv.doctrines === undefined ? [] : ([['doctrines-', given]] as const)),
      ]);
    // The same tournament asked again is shown from its folder (the same inputs give the same tables).
    const inputs = inputsHash({ plan: planHash(prep.plan), pairs: prep.pairs });
    const found = argv.force ? null : finishedHere(out, TOURNAMENT_FILE, inputs, [TOURNAMENT_PAGE]);
    if (found === 'done') {
      if (!argv.quiet) process.stderr.write(`volley: ${out} holds this tournament already (same file, flags and build of volley); shown from there. Add --force to play it again.\n`);
      show(JSON.parse(readFileSync(join(out, TOURNAMENT_FILE), 'utf8')) as TournamentResult, out, argv.quiet);
      return;
    }
    const lock = claimFolder(out, { marker: TOURNAMENT_FILE, command: 'tournament', force: argv.force || found === 'partial' });
    // Ctrl-C stops the play between batches and releases the folder; a second one exits at once.
    const bar = progress({ what: 'playing', unit: 'engagements', total: prep.plan.engagements * prep.plan.cells.length, quiet: argv.quiet });
    const stop = stopOnCtrlC(() => bar.stop());
    try {
      let t;
      try {
        t = await runTournament(prep, { autoStart: argv.workers === undefined, onProgress: (p) => bar.update(p.done, p.total), signal: stop.signal });
      } catch (e) {
        stop.release();
        if (e instanceof RunInterrupted) throw new CliExit('interrupted: nothing is written (a tournament is played whole; run it again)', 130);
        throw e;
      } finally {
        bar.stop();
      }
      stop.writing('interrupted while writing the tournament: its folder holds no tournament.json; run it again', () => lock.release());
      writeFileAtomic(join(out, TOURNAMENT_FILE), `${JSON.stringify(t, null, 2)}\n`);
      writeFileAtomic(join(out, TOURNAMENT_PAGE), tournamentHtml(t));
      recordInputs(out, inputs);
      stop.release();
      show(t, out, argv.quiet);
    } finally {
      lock.release();
    }
  },
};

const TOURNAMENT_FILE = 'tournament.json';
const TOURNAMENT_PAGE = 'tournament.html';

/** The tournament's tables and where its files are (nothing when quiet). */
function show(t: TournamentResult, out: string, quiet: boolean): void {
  if (quiet) return;
  console.log(`Row doctrine's share of wins against the column doctrine (${2 * t.engagementsPerPairing} engagements a match, 95% interval):\n`);
  console.log(tournamentTable(t));
  console.log(`\nEach doctrine against itself: what the seat is worth (${t.engagementsPerPairing} engagements, 95% interval):\n`);
  console.log(seatsTable(t));
  console.log(`\nresults: ${join(out, TOURNAMENT_FILE)}\npage:    ${join(out, TOURNAMENT_PAGE)}`);
}
