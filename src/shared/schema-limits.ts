/**
 * Limits read from the bundled schemas (maxLength, maxItems, maximum, ...), for code that needs
 * them as values (an input's maxLength). Never written again by hand:
 * tests/unit/no-limit-copies.test.ts fails on a literal copy next to the property's name.
 */
import { schemaAtPointer } from './validation-messages.js';

export type LimitKeyword = 'maxLength' | 'minLength' | 'maxItems' | 'minItems' | 'maximum' | 'minimum';

/**
 * The limit `keyword` of the subschema at a JSON pointer of a bundled schema ('/properties/keyword').
 * A property that refers to a definition of the bundle (`"$ref": "#/definitions/inviteCode"`)
 * takes the definition's limit unless it sets its own.
 */
export function limitAt(schema: unknown, pointer: string, keyword: LimitKeyword): number {
  const seen = new Set<string>();
  let node = schemaAtPointer(schema, pointer);
  while (node && typeof node[keyword] !== 'number' && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    node = schemaAtPointer(schema, node.$ref);
  }
  const value = node?.[keyword];
  if (typeof value !== 'number') throw new Error(`no ${keyword} at ${pointer}`);
  return value;
}
