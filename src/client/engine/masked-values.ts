import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { looksMasked, sensitiveFieldsOfSchema, valuesAtPath, withoutSensitive, type SensitiveField } from '../../shared/sensitive-fields';

type Data = Record<string, unknown>;

const fieldCache = new WeakMap<object, SensitiveField[]>();

/** The x-sensitive fields of a bundled schema (cached per schema object). */
export function sensitiveFieldsOfForm(schema: RJSFSchema): SensitiveField[] {
  let fields = fieldCache.get(schema);
  if (!fields) {
    fields = sensitiveFieldsOfSchema(schema as Record<string, unknown>);
    fieldCache.set(schema, fields);
  }
  return fields;
}

/** What a browser draft may keep of a form's data: no field the schema marks x-sensitive. */
export function draftOf(schema: RJSFSchema | undefined, data: Data): Data {
  return schema ? withoutSensitive(data, sensitiveFieldsOfForm(schema)) : data;
}

/**
 * An edit form starts from a masked answer (370202********1234): while such a field still
 * holds exactly the mask it was given, its format error is not an error, because the server
 * keeps the stored value for a mask sent back (README "Privacy"). Any other value is checked
 * as usual, so a changed number must be whole and valid.
 */
export function unchangedMaskFilter(
  schema: RJSFSchema | undefined,
  initial: Data,
  current: () => Data,
): (error: RJSFValidationError) => boolean {
  if (!schema) return () => true;
  const fields = sensitiveFieldsOfForm(schema);
  const masked = fields
    .filter(({ path }) => !path.includes('*'))
    .map(({ path }) => ({ property: `.${path.join('.')}`, path, mask: valuesAtPath(initial, path)[0] }))
    .filter(({ mask }) => looksMasked(mask));
  // fields in lists (a reception's receptionist phones): items move, are added (a receptionist
  // picked from a masked list) and removed, so any mask the form started with passes at any
  // position of that field; the server keeps the number it stands for or refuses it
  const listed = fields
    .filter(({ path }) => path.includes('*'))
    .map(({ path }) => ({
      pattern: new RegExp(`^\\.${path.map((key) => (key === '*' ? '[0-9]+' : key)).join('\\.')}$`),
      masks: new Set(valuesAtPath(initial, path).filter(looksMasked)),
    }))
    .filter(({ masks }) => masks.size > 0);
  if (masked.length === 0 && listed.length === 0) return () => true;
  const valueAt = (property: string): unknown =>
    property
      .slice(1)
      .split('.')
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), current());
  return (error) =>
    !masked.some(({ property, path, mask }) => error.property === property && valuesAtPath(current(), path)[0] === mask) &&
    !listed.some(
      ({ pattern, masks }) =>
        typeof error.property === 'string' && pattern.test(error.property) && masks.has(valueAt(error.property) as string),
    );
}
