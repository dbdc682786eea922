/**
 * `multipleOf` as draft-07 means it, for every compiled validator (codegen adds it through the
 * validators' extenderFn, so the browser's form and the server run the same code).
 *
 * rjsf compiles with `multipleOfPrecision: 8` (its AJV_CONFIG), which keeps decimal steps sane
 * (19.99 is a multiple of 0.01 although 19.99 / 0.01 is 1998.9999999999998 in binary floats) but
 * answers "valid" when the quotient overflows: 1e308 / 0.123456789 is Infinity, and ajv's test
 * `Math.abs(Math.round(q) - q) > 1e-8` is false for Infinity (NaN > 1e-8). The JSON-Schema-Test-Suite
 * says 1e308 is not a multiple of 0.123456789 ("float division = inf") and, in optional/, that it is
 * one of 0.5. This definition keeps the tolerance where the quotient is finite and, where it
 * overflows, asks the remainder (exact in IEEE 754: 1e308 % 0.5 is 0, 1e308 % 0.123456789 is not).
 * Its error is ajv's own (keyword, params, message), so messages and pointers do not change.
 * Build-time only, like schema-keywords.ts.
 */
import type { KeywordCxt, KeywordDefinition } from 'ajv';
import { _, str } from 'ajv';

export const exactMultipleOf: KeywordDefinition = {
  keyword: 'multipleOf',
  type: 'number',
  schemaType: 'number',
  $data: true,
  error: {
    message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
    params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, schemaCode, it } = cxt;
    const precision = it.opts.multipleOfPrecision;
    const quotient = gen.let('quotient');
    const invalid = precision
      ? _`isFinite(${quotient}) ? Math.abs(Math.round(${quotient}) - ${quotient}) > 1e-${precision} : ${data} % ${schemaCode} !== 0`
      : _`${quotient} !== parseInt(${quotient})`;
    cxt.fail$data(_`(${schemaCode} === 0 || (${quotient} = ${data}/${schemaCode}, ${invalid}))`);
  },
};

/** Replaces ajv's built-in `multipleOf` by exactMultipleOf (returns the instance, to fit rjsf's extenderFn). */
export function useExactMultipleOf<T extends { removeKeyword(name: string): unknown; addKeyword(def: KeywordDefinition): unknown }>(
  ajv: T,
): T {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword(exactMultipleOf);
  return ajv;
}
