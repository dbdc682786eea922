/**
 * Test documents built from the schemas, so a test writes only the fields it is about and an
 * form-version change (a new required enum field, a tightened limit) needs no edit in tests about
 * other fields. Every field the test does not give is filled, if the schema requires it, from
 * the field's own schema, in this order: `examples[0]`, `default`, `const`, the first `enum`
 * value, a sample of its `format` (formats of src/shared/schema-formats.ts), a sample of its
 * `pattern`, else a short text within its length limits. `if`/`then`/`else` are applied to
 * the values chosen (the guest's resident-ID rule). Deterministic: the same call gives the
 * same document. Free of test-runner imports (benchmarks use it too).
 *
 * `buildRecord` returns the document as is (tests of refusals give invalid fields);
 * `validRecord` also checks it with the app's precompiled validator and throws, naming the
 * field, when the schema asks for something the factory cannot guess: give that field.
 * A field given as `undefined` is left out (a test about a missing required field).
 */
import { rootSchemas } from '../../src/generated/validator-map.js';
import type { SchemaName } from '../../src/generated/registry.js';
import { residentIdCheckChar } from '../../src/shared/formats.js';
import { validateDocument } from '../../src/shared/validation.js';
import { createRng } from '../reliability/support/prng.js';
import { sampleOfPattern } from '../reliability/support/regex-sample.js';

type Schema = Record<string, unknown>;
export type Fields = Record<string, unknown>;

const FIRST_17 = '37020219800101001';

/** One stable sample per format (each valid under src/shared/schema-formats.ts). */
const FORMAT_SAMPLES: Record<string, string> = {
  mobile: '13800138000',
  landline: '0532-88886666',
  email: 'someone@example.com',
  account: 'someone@example.com',
  'person-name': '张三',
  'latin-person-name': 'Zhang San',
  password: 'Summit#2025',
  'verify-code': 'K7QM',
  'external-link': 'https://www.example.com/',
  'cn-resident-id': FIRST_17 + residentIdCheckChar(FIRST_17),
  date: '2027-06-18',
  'date-time': '2027-06-17T08:00:00+08:00',
  uri: 'https://www.example.com/',
  uuid: '6f1c5e0e-9d3a-4c0b-8f2e-1a2b3c4d5e6f',
};

/** A second sample, for a field that must differ from a sibling (x-differs-from). */
const OTHER_SAMPLES: Record<string, string> = {
  mobile: '13900139000',
  email: 'someone.else@example.com',
  account: 'someone.else@example.com',
  password: 'Summit#2027',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

function resolve(schema: unknown, root: Schema): Schema {
  let node = schema;
  for (let depth = 0; isRecord(node) && typeof node.$ref === 'string' && depth < 20; depth += 1) {
    const tokens = node.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
    const { $ref: _ref, ...siblings } = node;
    const target = tokens.reduce<unknown>(
      (at, token) => (isRecord(at) ? at[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      root,
    );
    node = { ...(isRecord(target) ? target : {}), ...siblings };
  }
  return isRecord(node) ? node : {};
}

/** The schema with its $ref followed and its allOf parts merged in (later parts add to earlier ones). */
function flatten(schema: unknown, root: Schema): Schema {
  const node = resolve(schema, root);
  const parts = Array.isArray(node.allOf) ? node.allOf : [];
  if (parts.length === 0) return node;
  const out: Schema = {};
  for (const part of [...parts.map((p) => flatten(p, root)), { ...node, allOf: undefined }]) {
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined) continue;
      if (key === 'properties') out.properties = { ...(out.properties as Schema), ...(value as Schema) };
      else if (key === 'required') out.required = [...new Set([...((out.required as string[]) ?? []), ...(value as string[])])];
      else if (key === 'conditionals') out.conditionals = [...((out.conditionals as Schema[]) ?? []), ...(value as Schema[])];
      else if (key === 'if')
        out.conditionals = [...((out.conditionals as Schema[]) ?? []), { if: part.if, then: part.then, else: part.else }];
      else if (key !== 'then' && key !== 'else') out[key] = value;
    }
  }
  return out;
}

function conditionalsOf(schema: Schema): Schema[] {
  const own = schema.if !== undefined ? [{ if: schema.if, then: schema.then, else: schema.else }] : [];
  return [...own, ...((schema.conditionals as Schema[] | undefined) ?? [])];
}

/** Enough of validation for the `if` of our schemas: const, enum, required, properties, not. */
function matches(schema: Schema, value: unknown, root: Schema): boolean {
  const node = flatten(schema, root);
  if ('const' in node && value !== node.const) return false;
  if (Array.isArray(node.enum) && !node.enum.includes(value)) return false;
  if (isRecord(node.not) && matches(node.not, value, root)) return false;
  if (isRecord(value)) {
    for (const name of (node.required as string[] | undefined) ?? []) if (!(name in value)) return false;
    for (const [name, sub] of Object.entries((node.properties as Record<string, Schema> | undefined) ?? {})) {
      if (name in value && !matches(sub, value[name], root)) return false;
    }
  }
  return true;
}

function typeOf(schema: Schema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  return schema.properties ? 'object' : 'string';
}

function sampleString(schema: Schema): string {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 100;
  const format = FORMAT_SAMPLES[String(schema.format)];
  if (format !== undefined) return format;
  if (typeof schema.pattern === 'string') {
    const regex = new RegExp(schema.pattern, 'u');
    const rng = createRng(1);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const sample = sampleOfPattern(schema.pattern, rng);
      if (sample !== null && sample.length >= min && sample.length <= max && regex.test(sample)) return sample;
    }
  }
  const text = '示例文本'.slice(0, Math.max(1, Math.min(max, 4)));
  return text.padEnd(min, '文');
}

/** A value for a schema: the order of the file header. */
export function sampleValue(schema: unknown, root: Schema, given?: unknown): unknown {
  const node = flatten(schema, root);
  if (Array.isArray(node.examples) && node.examples.length > 0 && given === undefined) return node.examples[0];
  if (node.default !== undefined && given === undefined) return node.default;
  if ('const' in node && given === undefined) return node.const;
  if (Array.isArray(node.enum) && given === undefined) return node.enum[0];
  const choices = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(choices) && choices.length > 0 && !node.type && !node.properties) return sampleValue(choices[0], root, given);
  switch (typeOf(node)) {
    case 'object':
      return sampleObject(node, root, isRecord(given) ? given : {});
    case 'array': {
      const count = (node.minItems as number | undefined) ?? 0;
      return Array.from({ length: count }, () => sampleValue(node.items ?? {}, root));
    }
    case 'integer':
    case 'number': {
      const min = (node.minimum as number | undefined) ?? (typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum + 1 : 1);
      return typeof node.maximum === 'number' ? Math.min(min, node.maximum) : min;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(node);
  }
}

function sampleObject(schema: Schema, root: Schema, given: Fields): Fields {
  const properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Fields = {};
  const fill = (name: string, propertySchema: unknown): void => {
    if (name in given) {
      const value = given[name];
      if (value === undefined) return;
      // a nested object the test gives in part: the rest is filled from the schema
      out[name] = isRecord(value) && typeOf(flatten(propertySchema, root)) === 'object' ? sampleValue(propertySchema, root, value) : value;
    } else if (required.has(name)) {
      out[name] = sampleValue(propertySchema, root);
    }
  };
  for (const [name, propertySchema] of Object.entries(properties)) fill(name, propertySchema);
  for (const [name, value] of Object.entries(given)) if (!(name in properties) && value !== undefined) out[name] = value;
  // sibling rules of the app's keywords: a confirmation equals its field, a new value differs from the old
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (name in given || !(name in out)) continue;
    const flat = flatten(propertySchema, root);
    const same = flat['x-same-as'];
    if (typeof same === 'string' && same in out) out[name] = out[same];
    const differs = flat['x-differs-from'];
    if (typeof differs === 'string' && out[differs] === out[name])
      out[name] = OTHER_SAMPLES[String(flat.format)] ?? `${String(out[name])}2`;
  }
  // if/then/else on the values chosen: the branch's rules replace the sample of its fields
  for (const conditional of conditionalsOf(schema)) {
    const branch = matches(conditional.if as Schema, out, root) ? conditional.then : conditional.else;
    if (!isRecord(branch)) continue;
    const extra = flatten(branch, root);
    for (const name of (extra.required as string[] | undefined) ?? []) required.add(name);
    const branchProperties = (extra.properties as Record<string, unknown> | undefined) ?? {};
    for (const name of new Set([...Object.keys(branchProperties), ...((extra.required as string[] | undefined) ?? [])])) {
      if (name in given) continue;
      const combined = { allOf: [properties[name] ?? {}, branchProperties[name] ?? {}] };
      if (required.has(name) || name in out) out[name] = sampleValue(combined, root);
    }
  }
  return out;
}

/** A document of the schema with the given fields and every other required field filled. */
export function buildRecord(schema: SchemaName, fields: Fields = {}): Fields {
  const root = rootSchemas[schema];
  return sampleValue(root, root, fields) as Fields;
}

/** buildRecord, checked by the app's validator: throws naming each field the factory could not fill. */
export function validRecord(schema: SchemaName, fields: Fields = {}): Fields {
  const document = buildRecord(schema, fields);
  const result = validateDocument(schema, document);
  if (!result.valid) {
    const fields = result.errors.map((error) => `${error.pointer || '/'} (${error.key})`).join(', ');
    throw new Error(
      `record factory: the ${schema} document it built is refused at ${fields}; give these fields in the test, or add "examples" to them in schemas/`,
    );
  }
  return document;
}
