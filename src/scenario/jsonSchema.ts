/** JSON Schemas of the file kinds, generated from the zod schemas (the single source of truth). */
import { z } from 'zod';
import { refitFileSchema, refitRulesets } from './refit.js';
import { FILE_KINDS } from './schema.js';

export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const refits = refitRulesets().map(refitFileSchema);
  const kinds: Record<string, z.ZodType> = {
    ...FILE_KINDS,
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
