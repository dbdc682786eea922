import type { RJSFSchema } from '@rjsf/utils';
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

/**
 * The bundled schema and its precompiled validator functions (by schema $id), without any
 * validator runtime: the RJSF forms bind them with @rjsf/validator-ajv8 (form-assets.ts), the
 * lean sign-in form calls them directly (lean/lean-assets.ts).
 */
export async function loadSchemaFiles(name: string): Promise<{ schema: RJSFSchema; validateFns: ValidatorFunctions }> {
  const loadSchema = schemaFiles[`../../generated/schemas/${name}.json`];
  const loadValidator = validatorFiles[`../../generated/validators/${name}.js`];
  if (!loadSchema || !loadValidator) throw new Error(`form assets missing for schema "${name}"`);
  const [schema, validateFns] = await Promise.all([loadSchema(), loadValidator()]);
  return { schema, validateFns };
}
