import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { prepareTournament, runTournament } from '../sim/studies/tournament.js';
import { seatsTable, tournamentHtml, tournamentTable } from '../report/tournament.js';
import { writeFileAtomic } from '../results/files.js';
import { FORCE_OPTION, seedArg, WORKERS_OPTION, workersArg } from './args.js';
import { claimFolder } from '../sim/store/outputFolder.js';
import { progress } from './progress.js';

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
      .option('engagements', { alias: 'n', type: 'number', default: 400, describe: 'Engagements per ordered pairing' })
      .option('seed', { type: 'string', default: '1', describe: 'Seed' })
      .option('workers', WORKERS_OPTION)
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/tournament-<scenario>)' })
      .option('force', FORCE_OPTION)
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing: the files are written all the same' }) as never,
  handler: async (argv) => {
    const prep = prepareTournament({
      file: argv.file,
      doctrines: argv.doctrines?.split(',').map((d) => d.trim()).filter((d) => d),
      engagements: argv.engagements,
      seed: seedArg(argv.seed)!,
      workers: workersArg(argv.workers, argv.quiet),
    });
    const name = argv.file.replace(/^.*\//, '').replace(/\.scenario\.yaml$|\.yaml$/, '');
    const out = argv.out ?? join('reports', `tournament-${name}`);
    const lock = claimFolder(out, { marker: 'tournament.json', command: 'tournament', force: argv.force });
    try {
      const bar = progress({ what: 'playing', unit: 'engagements', total: prep.plan.engagements * prep.plan.cells.length, quiet: argv.quiet });
      let t;
      try {
        t = await runTournament(prep, { onProgress: (p) => bar.update(p.done, p.total) });
      } finally {
        bar.stop();
      }
      writeFileAtomic(join(out, 'tournament.json'), `${JSON.stringify(t, null, 2)}\n`);
      writeFileAtomic(join(out, 'tournament.html'), tournamentHtml(t));
      if (argv.quiet) return;
      console.log(`Row doctrine's share of wins against the column doctrine (${2 * t.engagementsPerPairing} engagements a match, 95% interval):\n`);
      console.log(tournamentTable(t));
      console.log(`\nEach doctrine against itself: what the seat is worth (${t.engagementsPerPairing} engagements, 95% interval):\n`);
      console.log(seatsTable(t));
      console.log(`\nresults: ${join(out, 'tournament.json')}\npage:    ${join(out, 'tournament.html')}`);
    } finally {
      lock.release();
    }
  },
};
