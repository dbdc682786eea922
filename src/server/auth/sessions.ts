import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { changeStampOf, type ChangeStamp } from '../db/change-stamp.js';
import type { AccountType } from '../../shared/api-types.js';
import type { AccountNames } from './account-names.js';
import { newSessionToken, sha256 } from '../security/codes.js';
import { systemClock, HOUR_MS, MINUTE_MS } from '../clock.js';

export interface SignedInAccount {
  sessionId: string;
  id: string;
  /** the clear sign-in name (a mobile account's sealed copy opened): shown only to its owner */
  account: string;
  name: string;
  userType: AccountType;
  unitId: string | null;
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** Refresh "last seen" at most once a minute, so authenticated reads rarely write. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

/** Sessions read back while the database is unchanged: a bound against a flood of different tokens. */
const MOST_REMEMBERED = 10_000;

type SessionRow = Awaited<ReturnType<Sessions['findByTokenHash']>>[number];

/**
 * Opaque random tokens; only their SHA-256 is stored. A session ends at the absolute
 * expiry, after the idle time, at logout, or when the password changes.
 */
export class Sessions {
  /** the query of every signed-in request, compiled once */
  private readonly findByTokenHash;
  /** where the database can say cheaply that nothing changed (SQLite) */
  private readonly changeStamp: ChangeStamp | undefined;
  /**
   * The rows of recent lookups (by token hash) and the database's change stamp they were read
   * at. Any commit anywhere (a logout, a password change, a "last seen", another process)
   * changes the stamp and empties it, so a remembered row is always the row the query would
   * return now: revocation still acts on the very next request.
   */
  private remembered = new Map<string, SessionRow>();
  private rememberedAt: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    private readonly names: AccountNames,
  ) {
    this.findByTokenHash = preparedQuery(db, (value) =>
      db
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
        .select([
          'sessions.id as sessionId',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.revoked_at',
          'accounts.id',
          'accounts.account',
          'accounts.account_sealed',
          'accounts.name',
          'accounts.user_type',
          'accounts.unit_id',
        ])
        .where('sessions.token_hash', '=', value(0)),
    );
    this.changeStamp = changeStampOf(db);
  }

  /** The session's row, from the lookups made since the last change to the database if it is there. */
  private async find(tokenHash: string): Promise<SessionRow | undefined> {
    const stamp = this.changeStamp?.();
    if (stamp === undefined) return (await this.findByTokenHash(tokenHash))[0];
    if (stamp !== this.rememberedAt) {
      this.remembered = new Map();
      this.rememberedAt = stamp;
    }
    const known = this.remembered.get(tokenHash);
    if (known) return known;
    // SQLite answers the read at once, so the row is the one as of `stamp`; a commit meanwhile
    // gives the next lookup another stamp
    const [row] = await this.findByTokenHash(tokenHash);
    if (row && this.rememberedAt === stamp && this.remembered.size < MOST_REMEMBERED) this.remembered.set(tokenHash, row);
    return row;
  }

  async create(accountId: string): Promise<string> {
    const token = newSessionToken();
    const now = systemClock.now();
    await this.db
      .insertInto('sessions')
      .values({
        id: randomUUID(),
        token_hash: sha256(token),
        account_id: accountId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: systemClock.isoIn(this.policy.absoluteHours * HOUR_MS, now),
        revoked_at: null,
      })
      .execute();
    return token;
  }

  async authenticate(token: string): Promise<SignedInAccount | null> {
    const row = await this.find(sha256(token));
    if (!row || row.revoked_at !== null) return null;
    const now = systemClock.now().getTime();
    const lastSeen = Date.parse(row.last_seen_at);
    if (Date.parse(row.expires_at) <= now || lastSeen + this.policy.idleMinutes * MINUTE_MS <= now) return null;
    if (now - lastSeen > TOUCH_INTERVAL_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: systemClock.nowIso() }).where('id', '=', row.sessionId).execute();
    }
    return {
      sessionId: row.sessionId,
      id: row.id,
      account: this.names.clear(row.account, row.account_sealed),
      name: row.name,
      userType: row.user_type as AccountType,
      unitId: row.unit_id,
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: systemClock.nowIso() }).where('id', '=', sessionId).execute();
  }

  /** `executor`: the caller's transaction (password change), else the database. */
  async revokeAllOf(accountId: string, executor: Executor = this.db): Promise<void> {
    await executor
      .updateTable('sessions')
      .set({ revoked_at: systemClock.nowIso() })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
