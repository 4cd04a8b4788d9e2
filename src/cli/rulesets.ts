import type { CommandModule } from 'yargs';
import { RULESETS, findRuleset } from '../rules/index.js';
import { UsageError } from './errors.js';

export const rulesetsCommand: CommandModule<object, { id?: string; json?: boolean }> = {
  command: 'rulesets [id]',
  describe: 'List the rule systems, or every option of one',
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Rule system id, e.g. aor' })
      .option('json', { type: 'boolean', default: false, describe: 'Print JSON' }) as never,
  handler: (argv) => {
    if (!argv.id) {
      if (argv.json) return void console.log(JSON.stringify(RULESETS.map((r) => ({ id: r.id, title: r.title, options: r.options.length })), null, 2));
      for (const r of RULESETS) console.log(`${r.id.padEnd(6)} ${r.title} (${r.options.length} options; 'volley rulesets ${r.id}' lists them)`);
      return;
    }
    const rs = findRuleset(argv.id);
    if (!rs) throw new UsageError(`unknown rule system '${argv.id}'; known: ${RULESETS.map((r) => r.id).join(', ')}`);
    if (argv.json) return void console.log(JSON.stringify(rs.options, null, 2));
    console.log(`${rs.title}: ${rs.options.length} options\n`);
    for (const o of rs.options) {
      console.log(`${o.name}`);
      console.log(`  ${o.doc}`);
      console.log(`  values: ${o.values.map((v) => (v === o.default ? `${v} (default)` : String(v))).join(' | ')}`);
      if (o.valueDocs) for (const [v, d] of Object.entries(o.valueDocs)) console.log(`    ${v}: ${d}`);
      console.log(`  source: ${o.source}\n`);
    }
  },
};
