/** The docs keep up with the code: every option and every file field is documented. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.js';
import { jsonSchemas } from '../src/scenario/jsonSchema.js';

const rulesDoc = readFileSync('docs/rules/age-of-rifles.md', 'utf8');
const filesDoc = readFileSync('docs/files.md', 'utf8');

function fieldNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (schema && typeof schema === 'object') {
    const s = schema as { properties?: Record<string, unknown> };
    if (s.properties) for (const [k, v] of Object.entries(s.properties)) {
      if (!k.includes('.')) out.add(k); // option names are checked against the rules page
      fieldNames(v, out);
    }
    for (const v of Object.values(schema)) if (v && typeof v === 'object') fieldNames(v, out);
  }
  return out;
}

describe('documentation', () => {
  it('docs/rules/age-of-rifles.md names every aor option', () => {
    for (const o of RULESETS.find((r) => r.id === 'aor')!.options) expect(rulesDoc, o.name).toContain(`\`${o.name}\``);
  });

  it('docs/files.md names every field of every file kind', () => {
    for (const [kind, schema] of Object.entries(jsonSchemas())) {
      for (const f of fieldNames(schema)) expect(filesDoc, `${kind}.${f}`).toMatch(new RegExp(`\\b${f}\\b`));
    }
  });
});
