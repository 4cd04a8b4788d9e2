import type { CommandModule } from 'yargs';
import { validateFile } from '../scenario/load.js';

export const validateCommand: CommandModule<object, { files: string[] }> = {
  command: 'validate <files..>',
  describe: 'Check scenario and experiment files without running them',
  builder: (y) => y.positional('files', { type: 'string', array: true, demandOption: true }) as never,
  handler: (argv) => {
    for (const f of argv.files) console.log(validateFile(f));
  },
};
