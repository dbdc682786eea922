/** A JSON object, neither null nor an array: a document, a schema node, a parsed JSON column. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
