/**
 * The "compile at run time" side of the benchmark: an ajv instance built exactly like the
 * one codegen uses for the precompiled validators (rjsf's createAjvInstance via
 * customizeValidator, same formats, keywords and options), minus `code.formats`, which only
 * makes sense in standalone code (it names the imported `schemaFormats` variable).
 */
import type Ajv from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { validatorOptions } from '../src/shared/form-rules/validator-code.js';

export function createRuntimeAjv(): Ajv {
  const { code, ...overrides } = validatorOptions.ajvOptionsOverrides ?? {};
  const { formats: _standaloneOnly, ...codeOptions } = code ?? {};
  const validator = customizeValidator({
    ...validatorOptions,
    ajvOptionsOverrides: { ...overrides, code: codeOptions },
  });
  return validator.ajv;
}
