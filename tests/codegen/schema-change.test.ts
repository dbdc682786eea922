/**
 * "Changing one maxLength in one schema file changes the generated type's doc and the
 * validator, with no other edit": done on a temp copy of schemas/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { writeFiles } from '../../codegen/output.js';
import { generateAll } from '../../codegen/pipeline.js';
import { editJson, tempWorkspace } from './helpers.js';

const ID = 'https://summit.example/schemas/account-registration.json';
const valid = {
  userType: 'enterprise',
  account: 'someone@example.com',
  name: 'Li Lei',
  password: 'Qw!9zx8Lm',
  confirmPassword: 'Qw!9zx8Lm',
  code: '1a2b',
  agreeTerms: true,
};

function interfaceBlock(types: string, name: string): string {
  const start = types.indexOf(`export interface ${name} {`);
  return types.slice(start, types.indexOf('\n}', start));
}

describe('one maxLength change flows into types and validators', () => {
  const workspace = tempWorkspace();
  let before: { types: string; validate: ValidateFunction };
  let after: { types: string; validate: ValidateFunction };

  async function generate(tag: string): Promise<{ types: string; validate: ValidateFunction }> {
    const options = { ...workspace.options, outDir: path.join(workspace.dir, tag) };
    const files = await generateAll(options);
    writeFiles(files, options.outDir);
    const types = files.get(path.join(options.outDir, 'types.ts')) as string;
    const moduleUrl = pathToFileURL(path.join(options.outDir, 'validators', 'account-registration.js')).href;
    const module = (await import(moduleUrl)) as Record<string, ValidateFunction>;
    return { types, validate: module[ID] as ValidateFunction };
  }

  beforeAll(async () => {
    before = await generate('before');
    editJson(path.join(workspace.options.schemasDir, 'account-registration.json'), (schema) => {
      const properties = schema.properties as Record<string, { maxLength?: number }>;
      (properties.unitName as { maxLength: number }).maxLength = 120;
    });
    after = await generate('after');
  }, 30_000);
  afterAll(() => workspace.cleanup());

  it('changes the doc comment of the generated type', () => {
    expect(interfaceBlock(before.types, 'AccountRegistration')).toContain('@maxLength 150');
    expect(interfaceBlock(after.types, 'AccountRegistration')).toContain('@maxLength 120');
    expect(interfaceBlock(after.types, 'AccountRegistration')).not.toContain('@maxLength 150');
  });

  it('changes the precompiled validator', () => {
    const data = { ...valid, unitName: 'U'.repeat(130) };
    expect(before.validate(data)).toBe(true);
    expect(after.validate(data)).toBe(false);
    expect(after.validate.errors?.[0]).toMatchObject({ instancePath: '/unitName', keyword: 'maxLength', params: { limit: 120 } });
    expect(after.validate({ ...valid, unitName: 'U'.repeat(120) })).toBe(true);
  });

  it('leaves the real schemas untouched', () => {
    const real = JSON.parse(fs.readFileSync(path.resolve('schemas/account-registration.json'), 'utf8')) as {
      properties: { unitName: { maxLength: number } };
    };
    expect(real.properties.unitName.maxLength).toBe(150);
  });
});
