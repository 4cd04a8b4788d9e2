import type { CommandModule } from 'yargs';
import { OptionError } from '../core/ruleset.js';
import { UsageError, VolleyInputError } from '../core/errors.js';
import { kindOfFile, validateFile } from '../scenario/validate.js';
import { CliExit } from './exit.js';
import { counted } from '../report/words.js';

export const validateCommand: CommandModule<object, { files: string[]; scenario?: string[] }> = {
  command: 'validate <files..>',
  describe: 'Check scenario, experiment and refit files without running them',
  builder: (y) =>
    y
      .positional('files', { type: 'string', array: true, demandOption: true })
      .option('scenario', { type: 'string', array: true, describe: 'Apply each refit file to this scenario and show what it changes (repeat for several)' }) as never,
  handler: (argv) => {
    // --scenario is for refit files: given with none, it would be ignored.
    if (argv.scenario?.length) {
      const kinds = argv.files.map(kindOfFile);
      if (kinds.every((k) => k === 'scenario' || k === 'experiment' || k === 'odds')) {
        const what = argv.files.length === 1 ? `${argv.files[0]} is ${kinds[0] === 'odds' ? 'an odds question' : `a ${kinds[0]}`}` : 'none of the files is a refit';
        throw new UsageError(`--scenario applies a refit file to scenarios, and ${what}; give it with a refit file (kind: refit), or leave it out`);
      }
    }
    // Every file is checked, a bad one does not hide the next: each error on a line of its own.
    if (argv.files.length === 1) return void console.log(validateFile(argv.files[0], argv.scenario));
    let bad = 0;
    for (const f of argv.files) {
      try {
        console.log(validateFile(f, argv.scenario));
      } catch (e) {
        if (!(e instanceof VolleyInputError || e instanceof OptionError)) throw e;
        process.stderr.write(`volley: ${e.message}\n`);
        bad++;
      }
    }
    if (bad > 0) throw new CliExit(`${bad} of ${counted(argv.files.length, 'file')} ${bad === 1 ? 'has' : 'have'} errors`, 2);
  },
};
