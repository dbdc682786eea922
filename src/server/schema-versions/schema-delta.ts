/**
 * What a new version of a form can reject in a record that its own version accepted: only what
 * changed between the two bundled schemas. The stored-records diff validates each record of an
 * unchanged-elsewhere version against this small schema instead of the whole new one, and so
 * needs neither the whole validation nor (unless a changed field is sealed) the sealed values.
 *
 * Why it is exact: a record saved under version V passed V's validator when it was saved (every
 * save validates against the live version first). Every keyword of the new version that is the
 * same schema as in V, applied to the same data, gives the same verdict as it did then, so the new
 * version's errors on such a record are those of its changed or added properties and of its newly
 * required names, in the new version's order. What could break that is left to the full check:
 * - any top-level keyword other than `properties` and `required` that differs (a conditional, the
 *   definitions, additionalProperties...), a `$ref` into the properties, or a root that is not a
 *   closed object (returns null: no delta for that pair of versions);
 * - a time relative to now (`x-when`): a field with one is always checked, it may fail by the
 *   calendar alone; one outside the properties returns null;
 * - a record with a field the new version does not have (it is dropped, and what is left checked
 *   anew): the caller checks `known` first.
 */
import { isDeepStrictEqual } from 'node:util';

type Schema = Record<string, unknown>;

export interface SchemaDelta {
  /** the properties and required names that can reject a record of the old version, as a root schema */
  schema: Schema;
  /** the new version's top-level property names: a record with another name needs the full check */
  known: ReadonlySet<string>;
  /** the top-level names the delta validates (a sealed one among them must be opened first) */
  checked: readonly string[];
}

/** Root keywords that are kept in the delta because they validate nothing themselves. */
const KEPT_ROOT = new Set(['$schema', '$id', 'definitions', '$defs', 'type', 'title', 'description']);

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The delta from `from` (the version a record was saved under) to `to`, or null when it cannot be isolated. */
export function schemaDelta(from: Schema, to: Schema): SchemaDelta | null {
  const fromProperties = from.properties;
  const toProperties = to.properties;
  if (!isSchema(fromProperties) || !isSchema(toProperties)) return null;
  if (to.type !== 'object' || to.additionalProperties !== false) return null;
  const rootKeys = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const key of rootKeys) {
    if (key === 'properties' || key === 'required' || key === 'x-version') continue;
    if (!isDeepStrictEqual(from[key], to[key])) return null;
  }
  const text = JSON.stringify(to);
  // a reference into the properties, or to the root, reads a changed property from elsewhere
  if (text.includes('"#/properties/') || text.includes('"$ref":"#"')) return null;
  const outside = Object.fromEntries(
    Object.entries(to).filter(([key]) => key !== 'properties' && key !== 'definitions' && key !== '$defs'),
  );
  if (JSON.stringify(outside).includes('"x-when"')) return null;
  const definitionsWhen = JSON.stringify([to.definitions, to.$defs]).includes('"x-when"');
  const volatile = (property: unknown) => {
    const own = JSON.stringify(property);
    return own.includes('"x-when"') || (definitionsWhen && own.includes('"$ref"'));
  };

  const wasRequired = new Set(names(from.required));
  const newlyRequired = names(to.required).filter((name) => !wasRequired.has(name));
  const newlyRequiredSet = new Set(newlyRequired);
  // in the new version's order: the errors come in the order its own validator gives them
  const checked = Object.keys(toProperties).filter(
    (name) => !isDeepStrictEqual(fromProperties[name], toProperties[name]) || newlyRequiredSet.has(name) || volatile(toProperties[name]),
  );
  const schema: Schema = Object.fromEntries(Object.entries(to).filter(([key]) => KEPT_ROOT.has(key) || key.startsWith('x-')));
  schema.properties = Object.fromEntries(checked.map((name) => [name, toProperties[name]]));
  if (newlyRequired.length > 0) schema.required = newlyRequired;
  return { schema, known: new Set(Object.keys(toProperties)), checked };
}
