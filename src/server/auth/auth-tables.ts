/**
 * The tables of accounts and what signing in keeps, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

export interface AccountTable {
  id: string;
  /** sign-in look-up key: a lower-case e-mail, or a mobile's blind index `idx:<hex>` (migration 0019) */
  account: string;
  /** the mobile sealed (AES-256-GCM) for display and sending; null for an e-mail account */
  account_sealed: string | null;
  name: string;
  user_type: string;
  unit_id: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  /** SHA-256 of the token; the token itself is never stored */
  token_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OneTimeCodeTable {
  id: string;
  /** 'captcha' | 'message' */
  kind: string;
  /** captcha uuid, or the look-up key of the account the code was sent to (AccountNames.key) */
  target: string;
  /** HMAC-SHA256 of the code (keyed by CODE_SECRET) */
  code_hmac: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** failed sign-ins per normalised account name within the current window (migration 0011) */
export interface SignInFailureTable {
  account: string;
  failures: number;
  window_start: string;
}

declare module '../db/tables.js' {
  interface Database {
    accounts: AccountTable;
    sessions: SessionTable;
    one_time_codes: OneTimeCodeTable;
    sign_in_failures: SignInFailureTable;
  }
}
