/** JSON Schemas of the file kinds, generated from the zod schemas (the single source of truth). */
import { z } from 'zod';
import { FILE_KINDS } from './schema.js';

export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [kind, schema] of Object.entries(FILE_KINDS)) {
    out[kind] = {
      ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
      // What the loader checks beyond zod (src/scenario/load.ts): an experiment plays a count or to a target.
      ...(kind === 'experiment' ? { oneOf: [{ required: ['engagements'] }, { required: ['precision'] }] } : {}),
      title: `volley ${kind}`,
    };
  }
  return out;
}
