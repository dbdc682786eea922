import { loadSchema } from '../http/schema-loader.js';
import { sensitiveFieldsOfSchema, type SensitiveField } from '../../shared/sensitive-fields.js';

// one reading of the x-sensitive marks for both sides (src/shared/sensitive-fields.ts)
export { mapAtPath, sensitiveFieldsOfSchema, valuesAtPath, type SensitiveField } from '../../shared/sensitive-fields.js';

const cache = new Map<string, SensitiveField[]>();

/** The sensitive fields of a stored document's schema (bundled by codegen), cached. */
export function sensitiveFields(schemaName: string): SensitiveField[] {
  let fields = cache.get(schemaName);
  if (!fields) {
    fields = sensitiveFieldsOfSchema(loadSchema(schemaName));
    cache.set(schemaName, fields);
  }
  return fields;
}
