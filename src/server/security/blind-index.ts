import { createHmac } from 'node:crypto';
import { normaliseAccount } from './account-name.js';

// what a sensitive value is decides how it is normalised, masked and indexed; the kinds are
// the x-sensitive values, read from the schemas (src/shared/sensitive-fields.ts)
import type { SensitiveKind } from '../../shared/sensitive-fields.js';
export { SENSITIVE_KINDS, type SensitiveKind } from '../../shared/sensitive-fields.js';

/** Same person, same index: case, blanks and separators do not make a new value. */
export function normaliseSensitive(kind: SensitiveKind, value: string): string {
  return kind === 'mobile' ? normaliseAccount(value) : value.trim().toUpperCase();
}

/**
 * HMAC-SHA256 blind index (hex) of a value under DATA_INDEX_KEY: equal values give equal
 * indexes, so duplicates and look-ups work on it, and nobody without the key can test guesses
 * (a plain hash of an 18-digit ID number is reversed by enumeration).
 */
export function blindIndex(indexKey: Buffer, kind: SensitiveKind, value: string): string {
  return createHmac('sha256', indexKey)
    .update(`${kind}\0${normaliseSensitive(kind, value)}`)
    .digest('hex');
}
