import { sensitiveFields } from './sensitive-fields.js';

type Document = Record<string, unknown>;

/** A field's value as searchable text (absent values are empty). */
export const plainText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);

const valueAt = (doc: Document, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Document)[key] : undefined), doc);

/**
 * The keyword search text kept in clear beside a sealed document: the given fields (dotted
 * paths) but the schema's sensitive ones (x-sensitive), which are sealed and never kept in
 * clear, lower-cased one per line.
 */
export function clearSearchText(schema: string, searched: readonly string[], doc: Document): string {
  const sealed = new Set(sensitiveFields(schema).map((field) => field.path.join('.')));
  return searched
    .filter((path) => !sealed.has(path))
    .map((path) => plainText(valueAt(doc, path)))
    .join('\n')
    .toLowerCase();
}
