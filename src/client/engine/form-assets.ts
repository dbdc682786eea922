import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// The precompiled validator only: importing the package index would drag the ajv compiler in.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';

type Loader<T> = () => Promise<T>;

// One lazy chunk per schema and per precompiled validator (codegen output).
const schemaFiles = import.meta.glob<RJSFSchema>('../../generated/schemas/*.json', { import: 'default' }) as Record<
  string,
  Loader<RJSFSchema>
>;
const validatorFiles = import.meta.glob<ValidatorFunctions>('../../generated/validators/*.js') as Record<
  string,
  Loader<ValidatorFunctions>
>;

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
      const loadSchema = schemaFiles[`../../generated/schemas/${name}.json`];
      const loadValidator = validatorFiles[`../../generated/validators/${name}.js`];
      if (!loadSchema || !loadValidator) throw new Error(`form assets missing for schema "${name}"`);
      const [schema, validateFns] = await Promise.all([loadSchema(), loadValidator()]);
      return { schema, validator: createPrecompiledValidator(validateFns, schema) };
    })();
    cache.set(name, pending);
    pending.catch(() => cache.delete(name));
  }
  return pending;
}
