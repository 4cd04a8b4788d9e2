/**
 * `volley trace`: replay one engagement of a run from its file, cell and index (the same seed
 * derivation as `volley run`) with an event sink, and write its story, its events and a page that
 * draws it step by step.
 */
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { UsageError } from '../core/errors.js';
import { counted, sideVerb } from '../core/words.js';
import { writeFileAtomic } from '../results/files.js';
import { tracePage } from '../report/trace/html.js';
import { storyText } from '../report/trace/story.js';
import { claimFolder, finishedHere, inputsHash, recordInputs } from '../sim/store/outputFolder.js';
import { defaultFolder } from '../sim/store/folderName.js';
import { replayEngagement, replayStoryLines } from '../sim/studies/trace.js';
import { FORCE_OPTION, seedArg } from './args.js';
import { MAX_ENGAGEMENTS } from '../scenario/limits.js';

const STORY_FILE = 'story.txt';

interface TraceArgs {
  file: string;
  cell: string;
  engagement: string;
  seed?: string;
  engagements?: string;
  out?: string;
  force: boolean;
  quiet: boolean;
  set?: string[];
  compare?: string;
}

/**
 * A whole number of 0 or more, written plainly or in exponent form (1e9 is 1000000000, which the range
 * check then compares with the run's engagements); past 2^53 it is refused as more than any run holds.
 */
export function wholeNumber(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = String(v).trim();
  const n = Number(t);
  if (!/^(\d+|\d+(\.\d+)?e\+?\d+)$/i.test(t) || !Number.isInteger(n)) throw new UsageError(`${flag}: expected a whole number of 0 or more, found '${v}'`);
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag}: ${t} is more than any run's engagements (at most ${MAX_ENGAGEMENTS.toLocaleString('en-GB')} a cell)`);
  return n;
}

export const traceCommand: CommandModule<object, TraceArgs> = {
  command: 'trace <file>',
  describe: 'Replay one engagement of a run and write its story, its events and a step-by-step page',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'experiment or scenario YAML' })
      .option('cell', { alias: 'c', type: 'string', default: '0', describe: 'The cell: its index or its label (see results.json cells[])' })
      .option('engagement', { alias: 'e', type: 'string', demandOption: true, describe: 'Engagement index within the cell' })
      .option('seed', { type: 'string', describe: 'Experiment seed (as given to volley run --seed)' })
      .option('engagements', { alias: 'n', type: 'string', describe: 'Engagements per cell of the run, if it was given -n (range check only)' })
      .option('out', { alias: 'o', type: 'string', describe: 'Output folder (default reports/<name>-trace-c<K>-e<I>, <name>.scenario for a scenario, and a suffix when --seed, --set or --compare change what is played)' })
      .option('set', { type: 'string', array: true, nargs: 1, describe: 'As given to volley run --set PATH=VALUE (repeat for more)' })
      .option('compare', { type: 'string', describe: 'As given to volley run --compare PATH=A,B' })
      .option('force', FORCE_OPTION)
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing: the files are written all the same' }) as never,
  handler: (argv) => {
    // An index, or a cell's label.
    const cell = argv.cell === undefined ? 0 : /^\d+$/.test(String(argv.cell).trim()) ? Number(argv.cell) : String(argv.cell);
    const engagement = wholeNumber('--engagement', argv.engagement)!;
    const engagements = wholeNumber('--engagements', argv.engagements);
    if (engagements === 0) throw new UsageError('--engagements: expected a whole number of at least 1');
    const seed = seedArg(argv.seed);
    const r = replayEngagement({ file: argv.file, cell, engagement, seed, engagements, settings: { set: argv.set, compare: argv.compare } });
    // A trace with another seed or other settings is another trace: a folder of its own.
    const out = argv.out ?? defaultFolder(`${r.folder.name}-trace-c${r.provenance.cell}-e${engagement}`, r.folder.changes);
    // The same engagement traced again writes its trace again: it is replayed exactly, so nothing is
    // lost (the file may have changed since: then the trace shows it as it is now).
    const p = r.provenance;
    const inputs = inputsHash({ file: p.file, cell: p.cell, engagement: p.engagement, seed: p.seed, set: argv.set ?? [], compare: argv.compare ?? null });
    const again = !argv.force && finishedHere(out, STORY_FILE, inputs) !== null;
    const lock = claimFolder(out, { marker: STORY_FILE, command: 'trace', force: argv.force || again });
    try {
      const files = {
        story: join(out, STORY_FILE),
        events: join(out, 'events.ndjson'),
        html: join(out, 'trace.html'),
      };
      writeFileAtomic(files.story, storyText(replayStoryLines(r), r.provenance.seed));
      const head = { type: 'trace', ...r.provenance, ruleset: r.ruleset, scenario: r.name };
      writeFileAtomic(files.events, [head, ...r.events].map((e) => JSON.stringify(e)).join('\n') + '\n');
      writeFileAtomic(files.html, tracePage(r));
      recordInputs(out, inputs);
      if (argv.quiet) return;
      const res = r.result;
      const winner = res.winner === null ? 'draw' : sideVerb(r.shape.sides[res.winner].name, 'wins', 'win');
      const reason = r.vocabulary.outcomes.find((o) => o.id === res.reason)?.label ?? res.reason;
      console.log(`story:  ${files.story}`);
      console.log(`events: ${files.events}`);
      console.log(`page:   ${files.html}`);
      console.log(`${winner} (${reason}) after ${counted(res.turns, r.shape.scale?.turnWord ?? 'turn')}; seed ${r.provenance.seed}`);
    } finally {
      lock.release();
    }
  },
};
