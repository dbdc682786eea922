import { loadSchema } from '../http/schema-loader.js';
import { currentSchema, liveSchemasGeneration, storedSchemasGeneration, storedSchemasOf } from '../http/live-schemas.js';
import { sensitiveFieldsOfSchemas, type SensitiveField } from '../../shared/sensitive-fields.js';

// one reading of the x-sensitive marks for both sides (src/shared/sensitive-fields.ts)
export { mapAtPath, sensitiveFieldsOfSchema, valuesAtPath, type SensitiveField } from '../../shared/sensitive-fields.js';

const cache = new Map<string, SensitiveField[]>();
let cachedGeneration = '';

/**
 * The sensitive fields of a stored document's schema, cached: the marks of the build (bundled by
 * codegen), of the live version and of every version the database stores (a form an organiser
 * publishes in the console). A mark, once published, is never dropped nor put on a field that
 * held clear values (src/shared/form-rules/sensitive-marks.ts): so a path marked in any version
 * is marked in every version that has the field, and these marks are the ones of each record's
 * own version — a field a version lacks is simply absent from its records. Saves seal by them
 * (the live version's marks included from the moment it is switched to), reads open and mask by
 * them, whatever version a record was saved under.
 */
export function sensitiveFields(schemaName: string): SensitiveField[] {
  const generation = `${liveSchemasGeneration()}:${storedSchemasGeneration()}`;
  if (generation !== cachedGeneration) {
    cache.clear();
    cachedGeneration = generation;
  }
  let fields = cache.get(schemaName);
  if (!fields) {
    fields = marksOfVersions(schemaName);
    cache.set(schemaName, fields);
  }
  return fields;
}

function marksOfVersions(schemaName: string): SensitiveField[] {
  return sensitiveFieldsOfSchemas([loadSchema(schemaName), currentSchema(schemaName), ...storedSchemasOf(schemaName)]);
}
