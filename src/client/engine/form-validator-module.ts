import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { FormValidatorModuleExports } from '../../shared/form-versions-api';
import * as ajvRuntime from '../../shared/ajv-runtime';
import { schemaFormats } from '../../shared/schema-formats';

/**
 * The validators of a form version the server compiled: imported from its same-origin,
 * content-addressed URL (`script-src 'self'`, no eval), then made with the page's own formats and
 * ajv runtime helpers, which the module asks for instead of importing them (its URL is not the
 * build's, so it cannot name the build's files).
 */
export async function loadFormValidators(url: string): Promise<ValidatorFunctions> {
  const module = (await import(/* @vite-ignore */ url)) as Partial<FormValidatorModuleExports>;
  if (typeof module.default !== 'function') throw new Error(`${url} is not a form validator module`);
  return module.default(schemaFormats, ajvRuntime) as ValidatorFunctions;
}
