import type { DataProtection } from '../security/data-protection.js';
import { accountKey, sealedAccountName, throttleKey } from '../security/account-keys.js';

/**
 * How a sign-in name is stored and read back, bound to the server's keys (the storage rule
 * itself is security/account-keys.ts): a mobile as its blind index beside a sealed copy, an
 * e-mail address as it is.
 */
export class AccountNames {
  constructor(private readonly protection: DataProtection) {}

  /** the stored look-up key of a (raw or normalised) account name */
  key(account: string): string {
    return accountKey(this.protection, account);
  }

  /**
   * the sealed copy stored beside a mobile's key; null for an e-mail (its key is its name).
   * Under the edition's key when the name is one of an edition's people (a guest's sign-in, a
   * message to them), so the retention purge shreds it with the edition.
   */
  sealed(account: string, editionId?: string | null): string | null {
    return sealedAccountName(this.protection, account, editionId);
  }

  /** the clear name of a stored (key, sealed copy) pair */
  clear(key: string, sealed: string | null): string {
    return sealed === null ? key : this.protection.open(sealed);
  }

  /** the key of the sign-in throttle's counters: always an index, so no name reaches them */
  throttleKey(account: string): string {
    return throttleKey(this.protection, account);
  }
}
