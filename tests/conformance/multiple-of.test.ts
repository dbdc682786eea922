/**
 * multipleOf gives the JSON-Schema-Test-Suite's verdict in the server's validator and in the form's:
 * both run the module codegen's compileValidatorModule writes (the server calls it, the form hands
 * it to rjsf's createPrecompiledValidator, as src/client/engine/form-assets.ts does). rjsf's
 * multipleOfPrecision (8) used to make 1e308 "a multiple of 0.123456789" (Infinity quotient);
 * src/shared/multiple-of-keyword.ts closes that gap and keeps the decimal tolerance.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { compileValidatorModule, validatorOptions } from '../../src/shared/form-rules/validator-code.js';
import type { JsonSchema } from '../../codegen/schema-files';
import { addSchemaKeywords } from '../../src/shared/schema-keywords';

const SHARED_DIR = fileURLToPath(new URL('../../src/shared', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'multiple-of-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schema = {
  $id: 'https://summit.example/schemas/multiple-of-probe.json',
  type: 'object',
  properties: {
    // the suite's "float division = inf" and optional/float-overflow groups
    count: { type: 'integer', multipleOf: 0.123456789 },
    halves: { type: 'integer', multipleOf: 0.5 },
    // a decimal step a form would use: 19.99 / 0.01 is 1998.9999999999998 in binary floats
    price: { type: 'number', multipleOf: 0.01 },
    small: { type: 'number', multipleOf: 0.0001 },
  },
} as const;

let counter = 0;
async function compiled(options = validatorOptions): Promise<ValidatorFunctions> {
  const { js } = compileValidatorModule(schema as unknown as JsonSchema, SHARED_DIR, '// multipleOf probe', options);
  counter += 1;
  const file = join(dir, `probe-${counter}.js`);
  writeFileSync(file, js);
  return (await import(pathToFileURL(file).href)) as ValidatorFunctions;
}

function serverAccepts(fns: ValidatorFunctions, data: unknown): boolean {
  const validate = fns[schema.$id];
  if (!validate) throw new Error('no validator');
  return validate(data) as boolean;
}

function formErrors(fns: ValidatorFunctions, data: Record<string, unknown>): string[] {
  const validator = createPrecompiledValidator(fns, schema as unknown as RJSFSchema);
  return validator.validateFormData(data, schema as unknown as RJSFSchema).errors.map((e) => `${e.property} ${e.name}`);
}

describe('multipleOf: the form and the server give the suite verdict', () => {
  const verdicts: [string, Record<string, unknown>, boolean][] = [
    ['1e308 is not a multiple of 0.123456789', { count: 1e308 }, false],
    ['1e308 is a multiple of 0.5', { halves: 1e308 }, true],
    ['19.99 is a multiple of 0.01', { price: 19.99 }, true],
    ['19.995 is not a multiple of 0.01', { price: 19.995 }, false],
    ['0.0075 is a multiple of 0.0001', { small: 0.0075 }, true],
    ['0.00751 is not a multiple of 0.0001', { small: 0.00751 }, false],
  ];

  it.each(verdicts)('%s (server)', async (_label, data, valid) => {
    expect(serverAccepts(await compiled(), data)).toBe(valid);
  });

  it.each(verdicts)('%s (form)', async (_label, data, valid) => {
    const errors = formErrors(await compiled(), data);
    if (valid) expect(errors).toEqual([]);
    else expect(errors).toEqual([`.${Object.keys(data)[0] ?? ''} multipleOf`]);
  });

  it("rjsf's own multipleOf (precision 8, no overflow check) is what accepted 1e308", async () => {
    const rjsfDefault = await compiled({ ...validatorOptions, extenderFn: (ajv) => addSchemaKeywords(ajv) });
    expect(serverAccepts(rjsfDefault, { count: 1e308 })).toBe(true);
    expect(formErrors(rjsfDefault, { count: 1e308 })).toEqual([]);
  });
});
