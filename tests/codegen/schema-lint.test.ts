import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateAll, SchemaLintError } from '../../codegen/pipeline.js';
import { tempWorkspace } from './helpers.js';

const bad = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://summit.example/schemas/sign-in-code.json',
  'x-version': 1,
  'x-i18n': 'schema.titles.no-such-title',
  type: 'object',
  properties: {
    free: { type: 'string' },
    odd: { type: 'string', maxLength: 10, format: 'no-such-format' },
    broken: { type: 'strin' },
    choice: { type: 'string', enum: ['a', 'b'], 'x-enum-i18n': ['schema.enums.gender.male'] },
    upload: { type: 'string', maxLength: 64, 'x-upload': { maxBytes: 'big', colour: true } },
    confirm: { type: 'string', maxLength: 5, 'x-same-as': 'nothing' },
  },
};

describe('schema lint', () => {
  let cleanup = (): void => undefined;
  afterEach(() => cleanup());

  it('passes on the real schemas', async () => {
    const files = await generateAll();
    expect(files.size).toBeGreaterThan(20);
  }, 30_000);

  it('fails with a clear message for every broken rule', async () => {
    const workspace = tempWorkspace();
    cleanup = workspace.cleanup;
    fs.writeFileSync(path.join(workspace.options.schemasDir, 'bad-form.json'), JSON.stringify(bad));
    const error = await generateAll(workspace.options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaLintError);
    const message = (error as SchemaLintError).message;
    expect(message).toContain('schemas/bad-form.json#/properties/free: string without maxLength');
    expect(message).toContain('unknown format "no-such-format"');
    expect(message).toContain('schemas/bad-form.json#/properties/broken/type: not valid draft-07');
    expect(message).toContain('$id must be "https://summit.example/schemas/bad-form.json"');
    expect(message).toContain('is also used by schemas/');
    expect(message).toContain('i18n key "schema.titles.no-such-title" missing in locales/zh-CN');
    expect(message).toContain('i18n key "schema.titles.no-such-title" missing in locales/en');
    expect(message).toContain('x-enum-i18n must be an array parallel to enum');
    expect(message).toContain('x-upload has unknown rule "colour"');
    expect(message).toContain('x-upload.maxBytes must be number');
    expect(message).toContain('x-same-as names no sibling property');
    expect(message).toContain('#/properties/free: no label');
  });

  it('fails when a key exists in only one locale', async () => {
    const workspace = tempWorkspace();
    cleanup = workspace.cleanup;
    const localesDir = path.join(workspace.dir, 'locales');
    fs.cpSync(workspace.options.localesDir, localesDir, { recursive: true });
    const enSchema = path.join(localesDir, 'en', 'schema.json');
    const json = JSON.parse(fs.readFileSync(enSchema, 'utf8')) as { fields: Record<string, string> };
    delete json.fields.mobile;
    fs.writeFileSync(enSchema, JSON.stringify(json));
    const error = await generateAll({ ...workspace.options, localesDir }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('i18n key "schema.fields.mobile" missing in locales/en');
    expect((error as Error).message).not.toContain('missing in locales/zh-CN');
  });
});
