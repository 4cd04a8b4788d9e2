/** JSON Schemas of the file kinds, generated from the zod schemas (the single source of truth). */
import { z } from 'zod';
import { refitFileSchema, refitRulesets } from './refit.js';
import { FILE_KINDS } from './schema.js';
import { RULESETS } from '../rules/index.js';

/** An odds file (src/scenario/odds.ts): one shape per rule system and question, its params the question's. */
export function oddsFileSchema(): z.ZodType | null {
  const shapes = RULESETS.flatMap((rs) =>
    (rs.odds?.questions ?? []).map((q) =>
      z.strictObject({
        kind: z.literal('odds'),
        ruleset: z.literal(rs.id),
        question: z.literal(q.id).describe(q.doc),
        title: z.string().optional(),
        options: z.strictObject(Object.fromEntries(rs.options.map((o) => [o.name, z.union(o.values.map((v) => z.literal(v)) as never).optional().describe(o.doc)]))).optional(),
        params: q.params,
      }),
    ),
  );
  if (shapes.length === 0) return null;
  return shapes.length === 1 ? shapes[0] : z.union(shapes as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const refits = refitRulesets().map(refitFileSchema);
  const odds = oddsFileSchema();
  const kinds: Record<string, z.ZodType> = {
    ...FILE_KINDS,
    ...(odds ? { odds } : {}),
    ...(refits.length ? { refit: refits.length === 1 ? refits[0] : z.union(refits as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]) } : {}),
  };
  for (const [kind, schema] of Object.entries(kinds)) {
    out[kind] = {
      ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
      // What the loader checks beyond zod (src/scenario/load.ts): an experiment plays a count or to a target.
      ...(kind === 'experiment'
        ? {
            allOf: [
              { oneOf: [{ required: ['engagements'] }, { required: ['precision'] }] },
              { oneOf: [{ required: ['scenario'] }, { required: ['scenarios'] }] },
            ],
          }
        : {}),
      title: `volley ${kind}`,
    };
  }
  return out;
}
