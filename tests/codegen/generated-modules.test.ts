/** The generated modules are what the contract says: self-contained schemas, ESM validators, rjsf-compatible. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { loadForm, schemaIdOf, schemaNames, schemaVersions } from '../../src/generated/registry.js';
import { rootValidators } from '../../src/generated/validator-map.js';

const generatedDir = path.resolve('src/generated');

describe('generated modules', () => {
  it('lists every schema file except definitions.json', () => {
    const files = fs
      .readdirSync('schemas')
      .filter((f) => f.endsWith('.json') && f !== 'definitions.json')
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect([...schemaNames].sort()).toEqual(files);
    for (const name of schemaNames) expect(schemaVersions[name]).toBeGreaterThanOrEqual(1);
  });

  it('bundled schemas keep their $id and only local refs', () => {
    for (const name of schemaNames) {
      const text = fs.readFileSync(path.join(generatedDir, 'schemas', `${name}.json`), 'utf8');
      const schema = JSON.parse(text) as { $id: string };
      expect(schema.$id).toBe(schemaIdOf(name));
      expect(text).not.toContain('definitions.json#');
    }
  });

  it('validator modules are plain ES modules importing formats from src/shared', () => {
    for (const name of schemaNames) {
      const code = fs.readFileSync(path.join(generatedDir, 'validators', `${name}.js`), 'utf8');
      expect(code).not.toMatch(/\brequire\(|module\.exports/);
      expect(code).toContain(`as "${schemaIdOf(name)}"`);
      if (code.includes('schemaFormats')) expect(code).toContain("from '../../shared/schema-formats.ts'");
      expect(typeof rootValidators[name]).toBe('function');
    }
  });

  it('loadForm gives a schema and validators that rjsf accepts', async () => {
    const { schema, validateFns } = await loadForm('password-change');
    const validator = createPrecompiledValidator(validateFns as never, schema as RJSFSchema);
    const result = validator.validateFormData(
      { oldPassword: 'Old!pass9', password: 'Old!pass9', confirmPassword: 'other' },
      schema as RJSFSchema,
    );
    expect(result.errors.map((e) => e.name).sort()).toEqual(['x-differs-from', 'x-same-as']);
  });
});
