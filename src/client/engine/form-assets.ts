import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// The precompiled validator only: importing the package index would drag the ajv compiler in.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { loadSchemaFiles } from './schema-files';

export interface FormAssets {
  schema: RJSFSchema;
  validator: ValidatorType;
}

const cache = new Map<string, Promise<FormAssets>>();

/** The bundled schema and the validator bound to that exact object (RJSF checks identity). */
export function loadFormAssets(name: string): Promise<FormAssets> {
  let pending = cache.get(name);
  if (!pending) {
    pending = (async () => {
      const { schema, validateFns } = await loadSchemaFiles(name);
      return { schema, validator: createPrecompiledValidator(validateFns, schema) };
    })();
    cache.set(name, pending);
    pending.catch(() => cache.delete(name));
  }
  return pending;
}
