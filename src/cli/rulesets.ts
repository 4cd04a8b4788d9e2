import type { CommandModule } from 'yargs';
import { QUALITY_LADDER, type Ruleset } from '../core/ruleset.js';
import { UsageError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';
import { RULESETS, findRuleset } from '../rules/index.js';
import { VOLLEY_COMMAND } from '../core/command.js';

/** A rule system's scale in words: "1 hex = 480 yards, 250 men a strength point, 60 minutes a turn". */
function scaleText(rs: Ruleset<any, any>): string {
  const s = rs.scale;
  return `1 ${s.groundUnit} = ${s.yardsPerUnit} yards, ${s.menPerStrength} men a ${s.strengthUnit}, ${s.minutesPerTurn} minutes a turn`;
}

/** Everything the contract says of a rule system, as plain data (`volley rulesets ID --json`). */
function describeRuleset(rs: Ruleset<any, any>) {
  return {
    id: rs.id,
    title: rs.title,
    source: rs.source,
    scale: rs.scale,
    engagements: rs.scenarioKinds.map((k) => ({ engagement: k.engagement, doc: k.doc })),
    options: rs.options,
    doctrines: rs.doctrines.list,
    quality: rs.quality?.describe ?? null,
    refits: rs.refit !== undefined,
    odds: rs.odds?.questions.map((q) => ({ id: q.id, doc: q.doc })) ?? [],
    trace: rs.trace !== undefined,
    checkPurposes: rs.vocabulary.checkPurposes,
    outcomes: rs.vocabulary.outcomes,
  };
}

export const rulesetsCommand: CommandModule<object, { id?: string; json?: boolean }> = {
  command: 'rulesets [id]',
  describe: 'List the rule systems, or everything about one: scale, options, doctrines, quality ladder',
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Rule system id, e.g. aor' })
      .option('json', { type: 'boolean', default: false, describe: 'Print JSON' }) as never,
  handler: (argv) => {
    if (!argv.id) {
      if (argv.json) return void console.log(JSON.stringify(RULESETS.map((r) => ({ id: r.id, title: r.title, scale: r.scale, options: r.options.length })), null, 2));
      for (const r of RULESETS) console.log(`${r.id.padEnd(6)} ${r.title}: ${scaleText(r)} (${r.options.length} options; '${VOLLEY_COMMAND} rulesets ${r.id}' lists them)`);
      return;
    }
    // Rule system ids are lower case; AoR is aor.
    const rs = findRuleset(argv.id) ?? RULESETS.find((r) => r.id.toLowerCase() === argv.id!.toLowerCase());
    if (!rs) throw new UsageError(`unknown rule system '${argv.id}'; known: ${RULESETS.map((r) => r.id).join(', ')}${didYouMean(argv.id, RULESETS.map((r) => r.id))}`);
    if (argv.json) return void console.log(JSON.stringify(describeRuleset(rs), null, 2));
    console.log(`${rs.title} (${rs.id})`);
    console.log(`scale: ${scaleText(rs)}`);
    console.log(`engagements: ${rs.scenarioKinds.map((k) => `${k.engagement} (${k.doc})`).join(', ')}`);
    console.log(`text: ${rs.source.text}; rulings: ${rs.source.rulings}; the project's readings: ${rs.source.docs}`);
    if (rs.quality) console.log(`quality ladder: ${QUALITY_LADDER.map((q) => `${q} = ${rs.quality!.describe[q]}`).join('; ')}`);
    if (rs.odds) console.log(`exact odds (volley odds): ${rs.odds.questions.map((q) => q.id).join(', ')}`);
    console.log(`\ndoctrines:`);
    for (const d of rs.doctrines.list) console.log(`  ${d.name}${d.engagements ? ` (${d.engagements.join(', ')})` : ''}${d.baseline ? ' [baseline]' : ''}: ${d.doc}`);
    console.log(`\n${rs.options.length} options:\n`);
    for (const o of rs.options) {
      console.log(`${o.name}`);
      console.log(`  ${o.doc}`);
      console.log(`  values: ${o.values.map((v) => (v === o.default ? `${v} (default)` : String(v))).join(' | ')}`);
      if (o.valueDocs) for (const [v, d] of Object.entries(o.valueDocs)) console.log(`    ${v}: ${d}`);
      console.log(`  source: ${o.source}\n`);
    }
  },
};
