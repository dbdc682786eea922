import { createHash } from 'node:crypto';

/**
 * The plain SHA-256 the duplicate check used before migration 0017 (reversible by enumerating
 * ID numbers): kept to build pre-0017 rows in tests. The server, the benchmarks and the e2e
 * fixtures use the HMAC blind index (security/blind-index.ts).
 */
export function idNumberHash(idNumber: string): string {
  return createHash('sha256').update(idNumber.trim().toUpperCase()).digest('hex');
}

// the one masking rule of both sides
export { maskIdNumber } from '../../../shared/sensitive-fields.js';
import { maskIdNumber } from '../../../shared/sensitive-fields.js';

/**
 * An entourage member's document as answers show it: the ID number masked. There is no
 * read of one member for editing, so every answer (list, detail, add, save) masks it and the
 * edit form asks for the full number again; the full number is only ever written, never read.
 */
export function withMaskedIdNumber(document: Record<string, unknown>): Record<string, unknown> {
  return typeof document.idNumber === 'string' ? { ...document, idNumber: maskIdNumber(document.idNumber) } : document;
}
