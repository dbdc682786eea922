import { channelOf, normaliseAccount } from './account-name.js';
import type { DataProtection } from '../security/data-protection.js';

/** A look-up key that is a blind index, not a clear name. */
const INDEX_KEY = /^idx:[0-9a-f]{64}$/;

export const isIndexKey = (value: string): boolean => INDEX_KEY.test(value);

/**
 * How a sign-in name is stored. A mobile used as an account name (accounts,
 * one-time code targets, outbox recipients) is personal data: the column the look-ups and the
 * unique constraint use holds its HMAC blind index (`idx:<hex>`), and a sealed copy beside it
 * (AES-256-GCM) gives the clear name back for display and sending. An e-mail address stays
 * clear: the issue names ID numbers and mobiles, an organisation's sign-in address is not a
 * national identifier, and the e-mail channel's SMTP log and the organisers' searches need it.
 * Whatever the name, failure counters (sign_in_failures, Redis) are keyed by the index only.
 */
export class AccountNames {
  constructor(private readonly protection: DataProtection) {}

  /** the stored look-up key of a (raw or normalised) account name */
  key(account: string): string {
    const name = normaliseAccount(account);
    return channelOf(name) === 'email' ? name : `idx:${this.protection.index('mobile', name)}`;
  }

  /** the sealed copy stored beside a mobile's key; null for an e-mail (its key is its name) */
  sealed(account: string): string | null {
    const name = normaliseAccount(account);
    return channelOf(name) === 'email' ? null : this.protection.seal(name);
  }

  /** the clear name of a stored (key, sealed copy) pair */
  clear(key: string, sealed: string | null): string {
    return sealed === null ? key : this.protection.open(sealed);
  }

  /** the key of the sign-in throttle's counters: always an index, so no name reaches them */
  throttleKey(account: string): string {
    return this.protection.index('mobile', normaliseAccount(account));
  }
}
