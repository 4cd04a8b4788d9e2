/**
 * A small JSON Schema (draft-07) validator covering the keywords the Vega-Lite schema uses: $ref, anyOf,
 * type, enum, const, properties, additionalProperties, required, items, minimum, maximum, minItems,
 * maxItems, minLength, maxLength, minProperties. `format` is not checked (annotations only, as in
 * draft-07 by default). Any other keyword makes the validator throw, so it cannot silently skip one.
 * (ajv is not a dependency of this project.)
 */
type Schema = boolean | { [k: string]: unknown };

const KNOWN = new Set([
  '$ref', '$schema', 'definitions', 'description', 'anyOf', 'type', 'enum', 'const', 'properties', 'additionalProperties',
  'required', 'items', 'minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'format',
]);

export interface SchemaError {
  path: string;
  message: string;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function matchesType(t: string, v: unknown): boolean {
  switch (t) {
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      return typeOf(v) === t;
  }
}

export function makeValidator(root: { [k: string]: unknown }): (v: unknown) => SchemaError[] {
  const resolve = (ref: string): Schema => {
    if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
    let node: unknown = root;
    for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node as Schema;
  };

  const check = (schema: Schema, v: unknown, path: string, errors: SchemaError[]): void => {
    if (schema === true) return;
    if (schema === false) {
      errors.push({ path, message: 'no value is allowed here' });
      return;
    }
    for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`schema keyword ${k} is not supported (at ${path})`);
    if (typeof schema.$ref === 'string') check(resolve(schema.$ref), v, path, errors);
    if (Array.isArray(schema.anyOf)) {
      let best: SchemaError[] | null = null;
      for (const s of schema.anyOf as Schema[]) {
        const e: SchemaError[] = [];
        check(s, v, path, e);
        if (e.length === 0) {
          best = null;
          break;
        }
        if (best === null || e.length < best.length) best = e;
      }
      if (best) errors.push({ path, message: `matches none of ${(schema.anyOf as unknown[]).length} alternatives; closest: ${best.map((e) => `${e.path} ${e.message}`).join('; ')}` });
    }
    if (schema.type !== undefined) {
      const types = ([] as string[]).concat(schema.type as string | string[]);
      if (!types.some((t) => matchesType(t, v))) {
        errors.push({ path, message: `expected ${types.join(' or ')}, found ${typeOf(v)}` });
        return;
      }
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((x) => JSON.stringify(x) === JSON.stringify(v))) {
      errors.push({ path, message: `expected one of ${JSON.stringify(schema.enum)}, found ${JSON.stringify(v)}` });
    }
    if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(v)) {
      errors.push({ path, message: `expected ${JSON.stringify(schema.const)}, found ${JSON.stringify(v)}` });
    }
    if (typeof v === 'number') {
      if (typeof schema.minimum === 'number' && v < schema.minimum) errors.push({ path, message: `below minimum ${schema.minimum}` });
      if (typeof schema.maximum === 'number' && v > schema.maximum) errors.push({ path, message: `above maximum ${schema.maximum}` });
    }
    if (typeof v === 'string') {
      if (typeof schema.minLength === 'number' && v.length < schema.minLength) errors.push({ path, message: `shorter than ${schema.minLength}` });
      if (typeof schema.maxLength === 'number' && v.length > schema.maxLength) errors.push({ path, message: `longer than ${schema.maxLength}` });
    }
    if (Array.isArray(v)) {
      if (typeof schema.minItems === 'number' && v.length < schema.minItems) errors.push({ path, message: `fewer than ${schema.minItems} items` });
      if (typeof schema.maxItems === 'number' && v.length > schema.maxItems) errors.push({ path, message: `more than ${schema.maxItems} items` });
      if (schema.items !== undefined) v.forEach((x, i) => check(schema.items as Schema, x, `${path}[${i}]`, errors));
    }
    if (typeOf(v) === 'object') {
      const o = v as Record<string, unknown>;
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      if (Array.isArray(schema.required)) for (const k of schema.required as string[]) if (!(k in o)) errors.push({ path, message: `missing required property ${k}` });
      if (typeof schema.minProperties === 'number' && Object.keys(o).length < schema.minProperties) errors.push({ path, message: `fewer than ${schema.minProperties} properties` });
      for (const [k, x] of Object.entries(o)) {
        if (k in props) check(props[k], x, `${path}.${k}`, errors);
        else if (schema.additionalProperties !== undefined) {
          if (schema.additionalProperties === false) errors.push({ path, message: `unknown property ${k}` });
          else check(schema.additionalProperties as Schema, x, `${path}.${k}`, errors);
        }
      }
    }
  };

  return (v) => {
    const errors: SchemaError[] = [];
    check(root as Schema, v, '$', errors);
    return errors;
  };
}
