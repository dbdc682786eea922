/**
 * Which i18n key (namespace `validation` or any namespace the schema names) explains an ajv
 * error. Shared by the server (validateDocument) and the client (RJSF transformErrors).
 *
 * Order: the `x-messages` of the schema holding the failing keyword (field-specific, e.g.
 * `validation.mobile`), then the generic key of the keyword (`validation.maxLength` with
 * {{limit}}). For `required`, the missing property's own x-messages.required comes first,
 * then the object's x-messages.required (a key, or an object property -> key).
 *
 * The holding schema is ajv's `parentSchema` (verbose errors); when absent (RJSF's
 * transformed errors) it is found from `schemaPath` in the root schema, which works because
 * our bundled schemas only use local refs (`#/definitions/...`, where ajv's schemaPath points).
 */
import { resolveField } from './schema-field.js';
import { escapePointerToken, unescapePointerToken } from './json-pointer.js';
type Schema = Record<string, unknown>;

export interface AjvErrorLike {
  /** ajv: keyword; RJSF: name */
  keyword?: string;
  name?: string;
  instancePath?: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
  parentSchema?: unknown;
}

const GENERIC_KEYS: Record<string, string> = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  pattern: 'validation.pattern',
  format: 'validation.format',
  enum: 'validation.enum',
  const: 'validation.const',
  type: 'validation.type',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMinimum: 'validation.exclusiveMinimum',
  exclusiveMaximum: 'validation.exclusiveMaximum',
  minItems: 'validation.minItems',
  maxItems: 'validation.maxItems',
  uniqueItems: 'validation.uniqueItems',
  additionalProperties: 'validation.additionalProperties',
  anyOf: 'validation.anyOf',
  oneOf: 'validation.oneOf',
  not: 'validation.not',
  'x-same-as': 'validation.sameAs',
  'x-differs-from': 'validation.differsFrom',
  'x-after': 'validation.after',
  'x-when': 'validation.when',
};

export const FALLBACK_MESSAGE_KEY = 'validation.invalid';

/** Every generic key this module can return (the locale tests check they exist). */
export const genericMessageKeys = [...Object.values(GENERIC_KEYS), FALLBACK_MESSAGE_KEY];

function asSchema(value: unknown): Schema | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

/** A token of a pointer in a URI fragment: percent-decoded, then unescaped. */
const unescapeToken = (token: string): string => unescapePointerToken(decodeURIComponent(token));

/** Schema at a JSON pointer of the root schema ('#/properties/a/x' -> root.properties.a.x). */
export function schemaAtPointer(root: unknown, pointer: string): Schema | undefined {
  let current: unknown = root;
  const tokens = pointer.replace(/^#\/?/, '').split('/').filter(Boolean);
  for (const token of tokens) {
    const node = current as Record<string, unknown> | unknown[] | undefined;
    if (!node || typeof node !== 'object') return undefined;
    current = (node as Record<string, unknown>)[unescapeToken(token)];
  }
  return asSchema(current);
}

/** Follows a local `$ref` ('#/definitions/x') once, when the root schema is known. */
function resolveRef(schema: Schema | undefined, root: unknown): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref === 'string' && ref.startsWith('#') && root) return schemaAtPointer(root, ref);
  return undefined;
}

function messageOf(schema: Schema | undefined, keyword: string): unknown {
  return asSchema(schema?.['x-messages'])?.[keyword];
}

export function keywordOf(error: AjvErrorLike): string {
  return error.keyword ?? error.name ?? '';
}

/** The schema object holding the failing keyword. */
export function parentSchemaOf(error: AjvErrorLike, rootSchema?: unknown): Schema | undefined {
  const direct = asSchema(error.parentSchema);
  if (direct) return direct;
  if (!rootSchema || !error.schemaPath) return undefined;
  return schemaAtPointer(rootSchema, error.schemaPath.replace(/\/[^/]*$/, ''));
}

export function messageKeyForAjvError(error: AjvErrorLike, rootSchema?: unknown): string {
  const keyword = keywordOf(error);
  const parent = parentSchemaOf(error, rootSchema);
  if (keyword === 'required') {
    const missing = String(error.params?.missingProperty ?? '');
    const property = asSchema(asSchema(parent?.properties)?.[missing]);
    const own = messageOf(property, 'required') ?? messageOf(resolveRef(property, rootSchema), 'required');
    if (typeof own === 'string') return own;
    const fromObject = messageOf(parent, 'required');
    if (typeof fromObject === 'string') return fromObject;
    const perProperty = asSchema(fromObject)?.[missing];
    if (typeof perProperty === 'string') return perProperty;
  } else {
    const specific = messageOf(parent, keyword);
    if (typeof specific === 'string') return specific;
  }
  return GENERIC_KEYS[keyword] ?? FALLBACK_MESSAGE_KEY;
}

/**
 * JSON pointer of the failing field: a missing or unexpected property points at that property
 * (not at the object holding it); every other error at ajv's instancePath.
 */
export function pointerForAjvError(error: AjvErrorLike): string {
  const base = error.instancePath ?? '';
  const keyword = keywordOf(error);
  if (keyword === 'required' && error.params?.missingProperty !== undefined) {
    return `${base}/${escapePointerToken(String(error.params.missingProperty))}`;
  }
  if (keyword === 'additionalProperties' && error.params?.additionalProperty !== undefined) {
    return `${base}/${escapePointerToken(String(error.params.additionalProperty))}`;
  }
  return base;
}

function childSchema(schema: Schema, token: string, root: unknown): Schema | undefined {
  const resolved = resolveRef(schema, root) ?? schema;
  const fromAllOf = Array.isArray(resolved.allOf) ? (resolved.allOf as unknown[]).map(asSchema) : [];
  for (const candidate of [resolved, ...fromAllOf]) {
    if (!candidate) continue;
    const property = asSchema(asSchema(candidate.properties)?.[token]);
    if (property) return property;
    if (/^\d+$/.test(token) && asSchema(candidate.items)) return asSchema(candidate.items);
  }
  return undefined;
}

/**
 * i18n key of the label of the field at a JSON pointer of the data (its own x-i18n, else that
 * of the definition it refers to), so a message can name its field. '' -> the schema's title.
 */
export function labelKeyAt(rootSchema: unknown, pointer: string): string | undefined {
  let schema = asSchema(rootSchema);
  const tokens = pointer.split('/').slice(1).map(unescapeToken);
  for (const token of tokens) {
    schema = schema ? childSchema(schema, token, rootSchema) : undefined;
  }
  if (!schema) return undefined;
  // its own x-i18n, else that of the definition it refers to, directly or wrapped in allOf
  const label = resolveField(asSchema(rootSchema) ?? {}, schema)?.['x-i18n'] ?? resolveRef(schema, rootSchema)?.['x-i18n'];
  return typeof label === 'string' ? label : undefined;
}
