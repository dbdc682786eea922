/**
 * Strings no record may hold: NUL (PostgreSQL text/jsonb refuse it, so it used to end as a 500)
 * and lone UTF-16 surrogates (not encodable as UTF-8; SQLite stored them, PostgreSQL refused).
 * Checked on every string and object key before schema validation, on both databases alike.
 */
import { escapePointerToken } from './json-pointer.js';
export const UNSAFE_CHARACTER_KEY = 'validation.unsafeCharacter';

// no `u` flag on purpose: the pattern works on UTF-16 code units, so it sees lone halves
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeString(value: string): boolean {
  return !UNSAFE.test(value);
}

/** Deeper than any document of ours: the walk stops there (a 5,000-deep `[[[...]]]` overflowed the stack: 500). */
const MAX_DEPTH = 64;

/** JSON pointers of every unsafe string (or object key) inside `data`; a too-deep value counts as unsafe. */
export function unsafeStringPointers(data: unknown, pointer = '', found: string[] = [], depth = 0): string[] {
  if (found.length >= 20) return found;
  if (depth > MAX_DEPTH) {
    found.push(pointer);
    return found;
  }
  if (typeof data === 'string') {
    if (!isSafeString(data)) found.push(pointer);
  } else if (Array.isArray(data)) {
    data.forEach((item, index) => unsafeStringPointers(item, `${pointer}/${index}`, found, depth + 1));
  } else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      // an unsafe key cannot be named by a pointer safely: the object itself is reported
      if (!isSafeString(key)) found.push(pointer);
      else unsafeStringPointers(value, `${pointer}/${escapePointerToken(key)}`, found, depth + 1);
    }
  }
  return found;
}
