/**
 * Limits read from the bundled schemas (maxLength, maxItems, maximum, ...), for code that needs
 * them as values (an input's maxLength). Never written again by hand:
 * tests/unit/no-limit-copies.test.ts fails on a literal copy next to the property's name.
 */

export type LimitKeyword = 'maxLength' | 'minLength' | 'maxItems' | 'minItems' | 'maximum' | 'minimum';

/** The limit `keyword` of the subschema at a JSON pointer of a bundled schema ('/properties/keyword'). */
export function limitAt(schema: unknown, pointer: string, keyword: LimitKeyword): number {
  let node: unknown = schema;
  for (const token of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[token];
  const value = (node as Partial<Record<LimitKeyword, unknown>> | undefined)?.[keyword];
  if (typeof value !== 'number') throw new Error(`no ${keyword} at ${pointer}`);
  return value;
}
