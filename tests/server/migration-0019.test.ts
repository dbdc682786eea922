import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db } from '../../src/server/db/database.js';
import { AccountNames } from '../../src/server/auth/account-names.js';
import { makeKeyring } from '../../src/server/security/data-keys.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { resealAccountNames } from '../../src/server/auth/sealed-account-names.js';
import { isSealed, keyIdOfSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';

const MOBILE = '13955550019';

/** Migration 0019 converts sign-in names written before it; keys:rotate re-seals them afterwards. */
describeEachDatabase('migration 0019 seals mobiles used as sign-in names', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  let protection: DataProtection;
  let names: AccountNames;
  const ids = {
    mobile: randomUUID(),
    email: randomUUID(),
    sms: randomUUID(),
    mail: randomUUID(),
    code: randomUUID(),
    captcha: randomUUID(),
  };

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0017-sealed-personal-data');
    ({ db, protection } = stage);
    names = new AccountNames(protection);
    // rows as the server wrote them before 0019: the mobile in clear as name, target, recipient, key
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 600_000).toISOString();
    await sql`insert into accounts (id, account, name, user_type, password_hash, created_at, updated_at) values (${ids.mobile}, ${MOBILE}, 'G', 'guest', 'x', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into accounts (id, account, name, user_type, password_hash, created_at, updated_at) values (${ids.email}, 'o@example.com', 'O', 'organiser', 'x', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into outbox (id, channel, recipient, subject, body, dev_code, status, created_at, sent_at) values (${ids.sms}, 'sms', ${MOBILE}, null, 'code ****', null, 'sent', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into outbox (id, channel, recipient, subject, body, dev_code, status, created_at, sent_at) values (${ids.mail}, 'email', 'o@example.com', 's', 'code ****', null, 'sent', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into one_time_codes (id, kind, target, code_hmac, attempts, expires_at, used_at, created_at) values (${ids.code}, 'message:login', ${MOBILE}, 'h', 0, ${later}, null, ${now})`.execute(
      db,
    );
    await sql`insert into one_time_codes (id, kind, target, code_hmac, attempts, expires_at, used_at, created_at) values (${ids.captcha}, 'captcha', ${ids.captcha}, 'h', 0, ${later}, null, ${now})`.execute(
      db,
    );
    await sql`insert into sign_in_failures (account, failures, window_start) values (${`account:${MOBILE}`}, 3, ${now})`.execute(db);
    await sql`insert into sign_in_failures (account, failures, window_start) values (${`pair:${MOBILE}|10.0.0.1`}, 2, ${now})`.execute(db);
    const edition = randomUUID();
    await sql`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    await sql`insert into audit_log (id, edition_id, actor_account_id, actor_account, action, target_type, target_id, at) values (${randomUUID()}, ${edition}, ${ids.mobile}, ${MOBILE}, 'x', 'guest', 'g', ${now})`.execute(
      db,
    );
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('leaves no clear mobile in accounts, codes, outbox, failure counters or audit actors', async () => {
    const all = JSON.stringify(
      await Promise.all(
        ['accounts', 'outbox', 'one_time_codes', 'sign_in_failures', 'audit_log'].map((table) =>
          db
            .selectFrom(table as 'accounts')
            .selectAll()
            .execute(),
        ),
      ),
    );
    expect(all).not.toContain(MOBILE);
    expect(all).toContain('139****0019');

    const account = await db
      .selectFrom('accounts')
      .select(['account', 'account_sealed'])
      .where('id', '=', ids.mobile)
      .executeTakeFirstOrThrow();
    expect(account.account).toBe(names.key(MOBILE));
    expect(isSealed(account.account_sealed)).toBe(true);
    expect(names.clear(account.account, account.account_sealed)).toBe(MOBILE);
    // an e-mail stays its own key
    expect(
      await db.selectFrom('accounts').select(['account', 'account_sealed']).where('id', '=', ids.email).executeTakeFirstOrThrow(),
    ).toEqual({ account: 'o@example.com', account_sealed: null });

    const sms = await db.selectFrom('outbox').select(['recipient', 'recipient_sealed']).where('id', '=', ids.sms).executeTakeFirstOrThrow();
    expect(sms.recipient).toBe(names.key(MOBILE));
    expect(names.clear(sms.recipient, sms.recipient_sealed)).toBe(MOBILE);
    expect((await db.selectFrom('outbox').select('recipient').where('id', '=', ids.mail).executeTakeFirstOrThrow()).recipient).toBe(
      'o@example.com',
    );

    expect((await db.selectFrom('one_time_codes').select('target').where('id', '=', ids.code).executeTakeFirstOrThrow()).target).toBe(
      names.key(MOBILE),
    );
    expect((await db.selectFrom('one_time_codes').select('target').where('id', '=', ids.captcha).executeTakeFirstOrThrow()).target).toBe(
      ids.captcha,
    );

    const failures = await db.selectFrom('sign_in_failures').select(['account', 'failures']).orderBy('account').execute();
    expect(failures).toEqual([
      { account: `account:${names.throttleKey(MOBILE)}`, failures: 3 },
      { account: `pair:${names.throttleKey(MOBILE)}|10.0.0.1`, failures: 2 },
    ]);
  });

  it('re-seals the sealed names under a new key (keys:rotate), keeping the look-up keys', async () => {
    const oldKeys = [...protection.keyring.keys.values()].map((key) => key.key);
    const rotated = new DataProtection(makeKeyring(randomBytes(32), oldKeys, protection.keyring.indexKey));
    const progress = await resealAccountNames(db, rotated, 1);
    expect(progress).toEqual([
      { table: 'accounts', resealed: 1, scanned: 2 },
      { table: 'outbox', resealed: 1, scanned: 2 },
    ]);
    const account = await db
      .selectFrom('accounts')
      .select(['account', 'account_sealed'])
      .where('id', '=', ids.mobile)
      .executeTakeFirstOrThrow();
    expect(keyIdOfSealed(account.account_sealed!)).toBe(rotated.keyring.current.id);
    expect(account.account).toBe(names.key(MOBILE));
    expect(new AccountNames(rotated).clear(account.account, account.account_sealed)).toBe(MOBILE);
    // a second run finds nothing left under the old key
    expect((await resealAccountNames(db, rotated)).map((table) => table.resealed)).toEqual([0, 0]);
  });
});
