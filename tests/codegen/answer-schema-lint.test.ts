/** Answer schemas (x-response) are exempt from the input rules (maxLength, labels, title key), and only they. */
import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../src/shared/form-rules/lint.js';
import type { SourceSchema } from '../../codegen/schema-files.js';

const definitions: SourceSchema = {
  name: 'definitions',
  file: 'definitions.json',
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://summit.example/schemas/definitions.json',
    'x-version': 1,
    definitions: {},
  },
};

function answer(marked: boolean): SourceSchema {
  return {
    name: 'response-thing',
    file: 'response-thing.json',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://summit.example/schemas/response-thing.json',
      'x-version': 1,
      ...(marked ? { 'x-response': true } : {}),
      type: 'object',
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string', format: 'no-such-format' } } },
    },
  };
}

const lint = (source: SourceSchema): string[] =>
  lintSchemas({ sources: [definitions, source], localeKeys: { 'zh-CN': new Set(), en: new Set() } });

describe('answer schemas in the lint', () => {
  it('need no maxLength, labels or title key, but still a known format', () => {
    const problems = lint(answer(true));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('schemas/response-thing.json#/properties/tags/items: unknown format "no-such-format"');
  });

  it('the same schema without x-response gets every input rule', () => {
    const problems = lint(answer(false)).join('\n');
    expect(problems).toContain('x-i18n (title key) is missing');
    expect(problems).toContain('#/properties/name: string without maxLength');
    expect(problems).toContain('/properties/name: no label');
  });
});
