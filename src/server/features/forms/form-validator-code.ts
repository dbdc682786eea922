import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { validatorFactoryModule } from '../../../shared/form-rules/validator-code.js';
import { schemaFormats } from '../../../shared/schema-formats.js';
import * as ajvRuntime from '../../../shared/ajv-runtime.js';

/**
 * The validator module of a form version as the server compiles and serves it (codegen's ajv
 * options, formats and keywords; its header names the form and version), and the sha256 of its
 * text: the module's immutable URL. `npm run conformance -- --form` compiles stored versions
 * with it too, so the module it checks is the one the browser imports. Throws where the schema
 * does not compile.
 */
export function formValidatorCode(name: string, bundled: Record<string, unknown>): { code: string; sha256: string } {
  const code = validatorFactoryModule(
    bundled,
    `// form validators of ${name} v${String(bundled['x-version'])}, compiled by the server with codegen's options`,
  );
  return { code, sha256: createHash('sha256').update(code).digest('hex') };
}

/** The root validator of such a module's code, run in this process with the app's formats and ajv runtime. */
export async function importFormValidator(code: string, rootKey: string): Promise<ValidateFunction | undefined> {
  const factory = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: (formats: unknown, runtime: unknown) => Record<string, ValidateFunction>;
  };
  return factory.default(schemaFormats, ajvRuntime)[rootKey];
}
