import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { jsonSchemas } from '../scenario/jsonSchema.js';
import { writeFileAtomic } from '../results/files.js';
import { outputFolder } from './args.js';

export const schemaCommand: CommandModule<object, { out: string }> = {
  command: 'schema',
  describe: 'Write JSON Schemas of the file kinds (for editors and other tools)',
  builder: (y) => y.option('out', { type: 'string', default: 'sims/schemas', describe: 'Folder to write into' }) as never,
  handler: (argv) => {
    outputFolder(argv.out);
    for (const [kind, schema] of Object.entries(jsonSchemas())) {
      const file = join(argv.out, `${kind}.schema.json`);
      writeFileAtomic(file, `${JSON.stringify(schema, null, 2)}\n`);
      console.log(`wrote ${file}`);
    }
  },
};
