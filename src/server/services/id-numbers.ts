import { createHash } from 'node:crypto';

/**
 * The plain SHA-256 the duplicate check used before migration 0017 (reversible by enumerating
 * ID numbers): only benchmarks and old-record fixtures still write it. The server uses the HMAC
 * blind index (security/blind-index.ts).
 */
export function idNumberHash(idNumber: string): string {
  return createHash('sha256').update(idNumber.trim().toUpperCase()).digest('hex');
}

/**
 * For lists: first 6 + asterisks + last 4 (370202********1234). Short document numbers
 * (passports) keep less in clear so that most of the number is still hidden.
 */
export function maskIdNumber(idNumber: string): string {
  const value = idNumber.trim();
  if (value.length > 10) return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
  if (value.length >= 5) return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
  return '*'.repeat(value.length);
}

/**
 * An entourage member's document as answers show it: the ID number masked. There is no
 * read of one member for editing, so every answer (list, detail, add, save) masks it and the
 * edit form asks for the full number again; the full number is only ever written, never read.
 */
export function withMaskedIdNumber(document: Record<string, unknown>): Record<string, unknown> {
  return typeof document.idNumber === 'string' ? { ...document, idNumber: maskIdNumber(document.idNumber) } : document;
}
