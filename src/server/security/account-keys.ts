import { channelOf, normaliseAccount } from './account-name.js';
import type { DataProtection } from './data-protection.js';

/**
 * How a sign-in name is stored. A mobile used as an account name (accounts, one-time code
 * targets, outbox recipients) is personal data: the column the look-ups and the unique
 * constraint use holds its HMAC blind index (`idx:<hex>`), and a sealed copy beside it
 * (AES-256-GCM) gives the clear name back for display and sending. An e-mail address stays
 * clear: it is not a national identifier, and the e-mail channel's SMTP log and the organisers'
 * searches need it. Failure counters (sign_in_failures, Redis) are keyed by the index only.
 * Plain functions of the keys, so the migration that first converted the names and the live
 * sign-in code store them one way.
 */

/** A look-up key that is a blind index, not a clear name. */
const INDEX_KEY = /^idx:[0-9a-f]{64}$/;

export const isIndexKey = (value: string): boolean => INDEX_KEY.test(value);

/** the stored look-up key of a (raw or normalised) account name */
export function accountKey(protection: DataProtection, account: string): string {
  const name = normaliseAccount(account);
  return channelOf(name) === 'email' ? name : `idx:${protection.index('mobile', name)}`;
}

/** the sealed copy stored beside a mobile's key; null for an e-mail (its key is its name) */
export function sealedAccountName(protection: DataProtection, account: string, editionId?: string | null): string | null {
  const name = normaliseAccount(account);
  return channelOf(name) === 'email' ? null : protection.seal(name, editionId);
}

/** the key of the sign-in throttle's counters: always an index, so no name reaches them */
export function throttleKey(protection: DataProtection, account: string): string {
  return protection.index('mobile', normaliseAccount(account));
}
