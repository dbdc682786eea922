/**
 * A field of a bundled schema as a person reads it: its label key (`x-i18n`), the label key of
 * each enum value (`x-enum-i18n`), and whether it holds a time or a yes/no. Exports, the audit
 * log and the imports read labels here, so no list of labels is written again in TypeScript.
 *
 * Bundled schemas only use local refs (`#/definitions/...`), directly or wrapped in a one-member
 * `allOf` (the house rule for keywords beside a reference); a property's own `x-i18n` wins over
 * the one of the definition it refers to (`{ "$ref": ".../dateTime", "x-i18n": "...arrivalTime" }`).
 */
type Schema = Record<string, unknown>;

export interface FieldInfo {
  labelKey: string | null;
  enumValues: readonly unknown[] | null;
  enumKeys: readonly string[] | null;
  kind: 'enum' | 'boolean' | 'date-time' | 'date' | 'file' | 'other';
}

const asSchema = (value: unknown): Schema | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;

/** `{ "allOf": [{ "$ref": ... }], ...annotations }`: the house rule's way of adding keywords to a reference. */
function wrappedRef(schema: Schema): Schema | undefined {
  const members = schema.allOf;
  return Array.isArray(members) && members.length === 1 && typeof asSchema(members[0])?.$ref === 'string'
    ? asSchema(members[0])
    : undefined;
}

/**
 * A subschema with its local reference followed, direct or wrapped in a one-member `allOf`:
 * the definition's keywords, overridden by the referring schema's own (its label, its limits).
 * Both sides read labels through it (the form's titles, exports, messages, the audit log).
 */
export function resolveField(root: Schema, schema: Schema | undefined): Schema | undefined {
  return resolve(root, schema);
}

function resolve(root: Schema, schema: Schema | undefined, depth = 0): Schema | undefined {
  const wrapped = schema && depth <= 16 ? wrappedRef(schema) : undefined;
  if (schema && wrapped) {
    const { allOf: _allOf, ...own } = schema;
    return { ...(resolve(root, wrapped, depth + 1) ?? {}), ...own };
  }
  const ref = schema?.$ref;
  if (!schema || typeof ref !== 'string' || depth > 16) return schema;
  const target = asSchema(asSchema(root.definitions)?.[ref.replace(/^.*#\/definitions\//, '')]);
  // the referring schema's own annotations win over the definition's
  const merged: Schema = { ...(resolve(root, target, depth + 1) ?? {}), ...schema };
  delete merged.$ref;
  return merged;
}

/** The schema of a property path (`['arrival', 'transportMode']`; `*` steps into array items). */
export function schemaOfField(root: Schema, path: readonly string[]): Schema | undefined {
  let current = resolve(root, root);
  for (const step of path) {
    if (!current) return undefined;
    const next = step === '*' ? current.items : (asSchema(current.properties)?.[step] ?? fromBranches(root, current, step));
    current = resolve(root, asSchema(next));
  }
  return current;
}

/** A property declared only inside `if/then/else`, `allOf`, `anyOf` or `oneOf` (unit type variants). */
function fromBranches(root: Schema, schema: Schema, step: string): unknown {
  const branches = [
    schema.then,
    schema.else,
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [])),
  ];
  for (const branch of branches) {
    const found = asSchema(asSchema(resolve(root, asSchema(branch))?.properties)?.[step]);
    if (found) return found;
  }
  return undefined;
}

export function fieldInfo(root: Schema, path: readonly string[]): FieldInfo {
  const schema = schemaOfField(root, path);
  // a list of choices (a notice's account types) reads each value by the label of its items' enum
  const items = resolve(root, asSchema(schema?.items));
  const choices = Array.isArray(schema?.enum) ? schema : Array.isArray(items?.enum) ? items : undefined;
  const enumValues = Array.isArray(choices?.enum) ? (choices.enum as unknown[]) : null;
  const enumKeys = Array.isArray(choices?.['x-enum-i18n']) ? (choices['x-enum-i18n'] as string[]) : null;
  const types = Array.isArray(schema?.type) ? (schema.type as unknown[]) : [schema?.type];
  const isFile = schema?.['x-upload'] !== undefined || asSchema(schema?.items)?.['x-upload'] !== undefined;
  const kind = isFile
    ? 'file'
    : enumValues && enumKeys
      ? 'enum'
      : types.includes('boolean')
        ? 'boolean'
        : schema?.format === 'date-time'
          ? 'date-time'
          : schema?.format === 'date'
            ? 'date'
            : 'other';
  return { labelKey: typeof schema?.['x-i18n'] === 'string' ? schema['x-i18n'] : null, enumValues, enumKeys, kind };
}

/** One field of a document, as exports and read-only views list them. */
export interface DocumentField {
  name: string;
  info: FieldInfo;
}

/**
 * Every top-level field of a bundled schema in the schema's order, each with its label and
 * kind: its own properties, then those declared only in a branch (`if/then/else`, `allOf`...).
 * What an edition adds, drops or relabels in the schema files is what this answers.
 */
export function documentFields(root: Schema): DocumentField[] {
  const top = resolve(root, root);
  if (!top) return [];
  const names = new Set(Object.keys(asSchema(top.properties) ?? {}));
  const branches = [
    top.then,
    top.else,
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => (Array.isArray(top[k]) ? (top[k] as unknown[]) : [])),
  ];
  for (const branch of branches)
    for (const name of Object.keys(asSchema(resolve(root, asSchema(branch))?.properties) ?? {})) names.add(name);
  return [...names].map((name) => ({ name, info: fieldInfo(root, [name]) }));
}

/** The i18n key of an enum value of a field, or null when the field has no text for it. */
export function enumLabelKey(info: FieldInfo, value: unknown): string | null {
  const index = info.enumValues?.indexOf(value) ?? -1;
  return index >= 0 ? (info.enumKeys?.[index] ?? null) : null;
}
