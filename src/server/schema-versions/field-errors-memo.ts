/**
 * fieldErrorsOf for many records checked against one schema: records that fail alike (a new
 * required field fails all 100,000 guests alike) share one translation of their errors, instead
 * of each walking the schema again for the labels and messages. The key is everything of the
 * errors that fieldErrorsOf reads but the schema: where, which rule, with what parameters.
 * The same FieldError objects are handed to every such record: callers must not change them.
 */
import type { ErrorObject } from 'ajv';
import { fieldErrorsOf, type FieldError } from '../../shared/validation.js';

/** distinct error lists remembered at most (a walk over varied records stays bounded) */
const LIMIT = 5000;

export type FieldErrorsOf = (errors: readonly ErrorObject[], rootSchema: Record<string, unknown>) => FieldError[];

export function memoisedFieldErrors(): FieldErrorsOf {
  const known = new Map<string, FieldError[]>();
  let schemaOfKnown: unknown;
  return (errors, rootSchema) => {
    if (rootSchema !== schemaOfKnown) {
      known.clear();
      schemaOfKnown = rootSchema;
    }
    let key = '';
    for (const error of errors)
      key += `${error.instancePath}\u0000${error.schemaPath}\u0000${error.keyword}\u0000${JSON.stringify(error.params)}\u0001`;
    let result = known.get(key);
    if (!result) {
      result = fieldErrorsOf(errors, rootSchema);
      if (known.size >= LIMIT) known.clear();
      known.set(key, result);
    }
    return result;
  };
}
