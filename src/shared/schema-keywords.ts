/**
 * The custom keywords of our schemas, as ajv keyword definitions. Codegen adds them to the ajv
 * instance that produces the standalone validators; anything compiling a schema at run time
 * (the benchmark, tests) must add them too. Build-time only: this module imports ajv's code
 * generator, so the browser never loads it (the generated code carries the checks inline).
 *
 * Validation keywords (compared with a sibling property of the same object, so "confirmation
 * matches", "new differs from old" and "new account differs" are data in the schema):
 * - `x-same-as: "<sibling>"`: the value must equal the sibling's value.
 * - `x-differs-from: "<sibling>"`: the value must not equal the sibling's value.
 * Annotation keywords (no validation): x-version, x-i18n, x-enum-i18n, x-messages, x-upload,
 * x-response (marks a server answer schema: see codegen/lint.ts).
 */
import type { KeywordDefinition, KeywordCxt } from 'ajv';
import { _ } from 'ajv';

function siblingComparison(keyword: string, failWhenEqual: boolean): KeywordDefinition {
  return {
    keyword,
    schemaType: 'string',
    error: {
      message: failWhenEqual ? 'must differ from its sibling' : 'must equal its sibling',
      params: ({ schema }) => _`{sibling: ${schema}}`,
    },
    code(cxt: KeywordCxt) {
      const { data, schema, it } = cxt;
      const parent = it.parentData;
      const sibling = _`${parent}[${schema as string}]`;
      const isObject = _`${parent} && typeof ${parent} == "object"`;
      cxt.fail(failWhenEqual ? _`${isObject} && ${data} === ${sibling}` : _`${isObject} && ${data} !== ${sibling}`);
    },
  };
}

export const validationKeywords: KeywordDefinition[] = [
  siblingComparison('x-same-as', false),
  siblingComparison('x-differs-from', true),
];

export const annotationKeywords = ['x-version', 'x-i18n', 'x-enum-i18n', 'x-messages', 'x-upload', 'x-response'] as const;

export const customKeywordNames: string[] = [...validationKeywords.map((k) => String(k.keyword)), ...annotationKeywords];

/** Adds every custom keyword to an ajv instance (returns it, to fit rjsf's `extenderFn`). */
export function addSchemaKeywords<T extends { addKeyword(def: KeywordDefinition | string): unknown }>(ajv: T): T {
  for (const definition of validationKeywords) ajv.addKeyword(definition);
  for (const keyword of annotationKeywords) ajv.addKeyword(keyword);
  return ajv;
}
