import type { CommandModule } from 'yargs';
import { compileAssault } from '../rules/aor/engagement.js';
import { assaultOdds, type SideOdds } from '../rules/aor/odds.js';
import { aorOptions } from '../rules/aor/options.js';
import { loadScenario, singleCell } from '../scenario/load.js';
import { UsageError } from './errors.js';

const pct = (p: number) => `${(100 * p).toFixed(2).padStart(6)}%`;

function sideLines(name: string, s: SideOdds): string[] {
  return [
    `${name}`,
    `  hits taken:   ${s.hits.map((p, h) => `${h}: ${pct(p).trim()}`).join('  ')}  (mean ${s.expectedHits.toFixed(3)})`,
    `  holds              ${pct(s.holds)}`,
    `  retreats by choice ${pct(s.retreatsVoluntarily)}`,
    `  retreats (failed)  ${pct(s.retreatsOnFailedCheck)}`,
    `  eliminated         ${pct(s.eliminated)}`,
  ];
}

export const oddsCommand: CommandModule<object, { file: string; json: boolean }> = {
  command: 'odds <file>',
  describe: 'Exact odds of the first assault round of a scenario, by enumerating every roll of the dice',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'scenario YAML' })
      .option('json', { type: 'boolean', default: false, describe: 'Print JSON' }) as never,
  handler: (argv) => {
    const { scenario } = loadScenario(argv.file);
    if (scenario.engagement !== 'assault') {
      throw new UsageError(`${argv.file}: odds works on assault scenarios (engagement: assault); this one is a ${scenario.engagement}`);
    }
    const cell = singleCell(scenario);
    const compiled = compileAssault(scenario, aorOptions(cell.options));
    const odds = assaultOdds(compiled);
    if (argv.json) return void console.log(JSON.stringify(odds, null, 2));
    console.log(`${scenario.title ?? scenario.name}: one assault round, exact over ${odds.paths} dice paths\n`);
    console.log(sideLines(`${scenario.attacker.name} (attacker)`, odds.attacker).join('\n'));
    console.log(sideLines(`${scenario.defender.name} (defender)`, odds.defender).join('\n'));
  },
};
