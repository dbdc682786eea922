import { describe, expect, it } from 'vitest';
import { compileValidatorModule } from '../../src/shared/form-rules/validator-code.js';

describe('compileValidatorModule', () => {
  it('exports every validator under its rjsf key, whether or not the key is an identifier', () => {
    for (const id of ['simpleId', 'https://summit.example/schemas/x.json']) {
      const { js, dts } = compileValidatorModule(
        { $id: id, type: 'object', properties: { a: { type: 'string', maxLength: 3, format: 'mobile' } } },
        '../../shared',
        '// header',
      );
      expect(js).toContain(`as "${id}"`);
      expect(dts).toContain(`as "${id}"`);
      expect(js).toContain("import { schemaFormats } from '../../shared/schema-formats.ts';");
      expect(js).toContain("from '../../shared/ajv-runtime.ts';");
      expect(js).not.toMatch(/\brequire\(|\bexports\b/);
    }
  });

  it("takes the schema's own words for what they are: a description or an option that says exports or require(", () => {
    const schema = {
      $id: 'trade',
      type: 'object',
      description: 'What the unit exports',
      properties: {
        business: { type: 'string', enum: ['exports', 'module.exports', 'require("x")'], description: "exports['x'] = 1" },
        note: { type: 'string', const: "it's exports", maxLength: 20 },
      },
    };
    const { js } = compileValidatorModule(schema, '../../shared', '// header');
    expect(js).toContain('as "trade"');
    expect(js).toContain('"require(\\"x\\")"');
  });

  it('refuses a format that is not ours', () => {
    expect(() => compileValidatorModule({ $id: 'x', type: 'string', maxLength: 3, format: 'hostname' }, '.', '//')).toThrow(
      /unknown format/,
    );
  });
});
