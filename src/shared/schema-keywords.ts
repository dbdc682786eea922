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
 * - `x-after: "<sibling>"`: a time after the sibling's ("departure after arrival").
 * - `x-when: "future" | "past"`: a time relative to now ("expiry in the future", "test date
 *   not in the future").
 * Annotation keywords (no validation): x-version, x-i18n, x-enum-i18n, x-messages, x-upload,
 * x-response (marks a server answer schema: see codegen/lint.ts), x-sensitive ("idNumber" |
 * "mobile": personal data the server seals at rest and finds by a blind index), x-protected
 * (true: server or client code reads the field, so the console editor may relabel it and
 * tighten its limits but not drop, rename or retype it).
 */
import type { Code, KeywordDefinition, KeywordCxt, Name } from 'ajv';
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

/**
 * A time is read as an instant: a date-time by Date.parse, a calendar date (YYYY-MM-DD) as the
 * start of that day in Shanghai (UTC+8 all year). NaN when unreadable (the format reports it).
 */
const instantOf = (value: Code | Name) =>
  _`(typeof ${value} == "string" ? Date.parse(${value}.length == 10 ? ${value} + "T00:00:00+08:00" : ${value}) : NaN)`;

/**
 * `x-after: "<sibling>"`: a time after the sibling's (departure after arrival). Absent or
 * unreadable values are left to `required` and `format`.
 */
const afterSibling: KeywordDefinition = {
  keyword: 'x-after',
  schemaType: 'string',
  error: {
    message: 'must be after its sibling',
    params: ({ schema }) => _`{sibling: ${schema}}`,
  },
  code(cxt: KeywordCxt) {
    const { data, schema, it } = cxt;
    const parent = it.parentData;
    const sibling = _`${parent}[${schema as string}]`;
    const mine = instantOf(data);
    const theirs = instantOf(sibling);
    cxt.fail(_`${parent} && typeof ${parent} == "object" && !isNaN(${mine}) && !isNaN(${theirs}) && ${mine} <= ${theirs}`);
  },
};

/**
 * `x-when: "future"`: a time not yet past (a calendar date: today or later, in Shanghai);
 * `x-when: "past"`: a time not in the future (a calendar date: today or earlier). Read against
 * the clock when the check runs, in the browser and on the server alike.
 */
const relativeToNow: KeywordDefinition = {
  keyword: 'x-when',
  schemaType: 'string',
  error: {
    message: 'must be on the side of now its schema names',
    params: ({ schema }) => _`{when: ${schema}}`,
  },
  code(cxt: KeywordCxt) {
    const { data, schema } = cxt;
    if (schema !== 'future' && schema !== 'past') throw new Error(`x-when must be "future" or "past", not ${JSON.stringify(schema)}`);
    const value = instantOf(data);
    // a calendar date counts whole days: today is allowed either way
    const isDate = _`(typeof ${data} == "string" && ${data}.length == 10)`;
    const startOfToday = _`(Math.floor((Date.now() + 28800000) / 86400000) * 86400000 - 28800000)`;
    const now = _`(${isDate} ? ${startOfToday} : Date.now())`;
    cxt.fail(
      schema === 'future'
        ? _`!isNaN(${value}) && ${value} < ${now}`
        : _`!isNaN(${value}) && ${value} > (${isDate} ? ${startOfToday} : Date.now())`,
    );
  },
};

export const validationKeywords: KeywordDefinition[] = [
  siblingComparison('x-same-as', false),
  siblingComparison('x-differs-from', true),
  afterSibling,
  relativeToNow,
];

export const annotationKeywords = [
  'x-version',
  'x-i18n',
  'x-enum-i18n',
  'x-messages',
  'x-upload',
  'x-response',
  'x-sensitive',
  'x-consent',
  'x-protected',
] as const;

export const customKeywordNames: string[] = [...validationKeywords.map((k) => String(k.keyword)), ...annotationKeywords];

/** Adds every custom keyword to an ajv instance (returns it, to fit rjsf's `extenderFn`). */
export function addSchemaKeywords<T extends { addKeyword(def: KeywordDefinition | string): unknown }>(ajv: T): T {
  for (const definition of validationKeywords) ajv.addKeyword(definition);
  for (const keyword of annotationKeywords) ajv.addKeyword(keyword);
  return ajv;
}
