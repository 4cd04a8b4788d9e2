import type { CommandModule } from 'yargs';
import type { OddsDistribution } from '../core/ruleset.js';
import { TooManyPathsError } from '../core/enumerate.js';
import { VolleyInputError } from '../core/errors.js';
import { loadOddsRequest, optionsWithoutEffect, tooManyPathsMessage, type OptionWithoutEffect } from '../scenario/odds.js';

const pct = (p: number) => `${(100 * p).toFixed(2)}%`;

/** The options set to no effect, in a sentence: each with the parameters that stand for it, if any. */
function withoutEffectLine(list: readonly OptionWithoutEffect[]): string {
  const each = list.map((o) => (o.givenBy ? `${o.option} (what it decides is given: ${o.givenBy.join(', ')})` : o.option));
  return `${list.length === 1 ? 'an option' : 'options'} set here that ${list.length === 1 ? 'changes' : 'change'} nothing in these odds (every value gives the same): ${each.join('; ')}`;
}

/** One distribution in a few lines: every value with its probability, and the mean of a numeric one. */
function distributionLines(d: OddsDistribution): string[] {
  const numeric = d.values.every((v) => typeof v.value === 'number');
  const mean = numeric ? d.values.reduce((s, v) => s + (v.value as number) * v.p, 0) : null;
  const shown = d.values.filter((v) => v.p > 0 || !numeric);
  return [`${d.label}${mean === null ? '' : ` (mean ${mean.toFixed(3)})`}`, `  ${shown.map((v) => `${v.value}: ${pct(v.p)}`).join('  ')}`];
}

export const oddsCommand: CommandModule<object, { file: string; json: boolean }> = {
  command: 'odds <file>',
  describe: "Exact odds of a rule system's core resolution: a scenario's (an assault round) or an odds file's question",
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'scenario or odds YAML (kind: odds)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print JSON' }) as never,
  handler: (argv) => {
    const req = loadOddsRequest(argv.file);
    let exact, inert;
    try {
      exact = req.question.exact(req.params, req.options);
      inert = optionsWithoutEffect(req, exact.distributions);
    } catch (e) {
      if (!(e instanceof TooManyPathsError)) throw e;
      throw new VolleyInputError(argv.file, undefined, undefined, tooManyPathsMessage(req.question, e.maxPaths));
    }
    if (argv.json) {
      const json = { ruleset: req.ruleset.id, question: req.question.id, paths: exact.paths, worked: exact.worked, optionsWithoutEffect: inert, distributions: exact.distributions, ...exact.summary };
      return void console.log(JSON.stringify(json, null, 2));
    }
    const over = exact.paths === undefined ? 'exact' : `exact over ${exact.paths.toLocaleString('en-US')} dice paths`;
    console.log(`${req.title}: ${req.question.doc} (${req.ruleset.id}, ${over})\n`);
    if (exact.worked) console.log(`worked out: ${exact.worked}\n`);
    if (inert.length > 0) console.log(`${withoutEffectLine(inert)}\n`);
    for (const d of exact.distributions) console.log(distributionLines(d).join('\n'));
  },
};
