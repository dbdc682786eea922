import path from 'node:path';
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';

const LOGIN_INFO = '/exhibition/center/user/basic/loginInfo?entranceTypes=2';

/** better-sqlite3's Statement prototype, where every statement's `all` lives */
function statementPrototype(): { all: (...args: unknown[]) => unknown } {
  const memory = new SQLite(':memory:');
  const prototype = Object.getPrototypeOf(memory.prepare('select 1')) as { all: (...args: unknown[]) => unknown };
  memory.close();
  return prototype;
}

/** The hot read (loginInfo) on SQLite: the session row is read again only when the database changed. */
describe('session lookups while the database is unchanged (sqlite)', () => {
  const t = useTestApp('sqlite');
  afterEach(() => vi.restoreAllMocks());

  const sessionReads = () => {
    const all = vi.spyOn(statementPrototype(), 'all');
    return () => all.mock.contexts.filter((statement) => String((statement as { source?: string }).source).includes('token_hash')).length;
  };

  it('runs the session query once for repeated requests of one token', async () => {
    const token = await tokenFor(t);
    const reads = sessionReads();
    for (let i = 0; i < 5; i += 1) expect((await t.call({ method: 'GET', url: LOGIN_INFO, headers: bearer(token) })).status).toBe(200);
    expect(reads()).toBe(1);
  });

  it('refuses a session on the very next request once another connection (another process) revoked it', async () => {
    const token = await tokenFor(t);
    expect((await t.call({ method: 'GET', url: LOGIN_INFO, headers: bearer(token) })).status).toBe(200);
    const other = new SQLite(path.join(t.app.config.dataDir, 'summit.sqlite'));
    other.pragma('busy_timeout = 5000');
    other
      .prepare('update sessions set revoked_at = ? where token_hash = ?')
      .run(new Date().toISOString(), createHash('sha256').update(token).digest('hex'));
    other.close();
    expect((await t.call({ method: 'GET', url: LOGIN_INFO, headers: bearer(token) })).status).toBe(401);
  });

  it('shows a change this process made to the account on the next request', async () => {
    const token = await tokenFor(t);
    const first = await t.call<{ user: { id: string; name: string } }>({ method: 'GET', url: LOGIN_INFO, headers: bearer(token) });
    await t.app.db.updateTable('accounts').set({ name: 'Renamed Enterprise' }).where('id', '=', first.body.data.user.id).execute();
    const second = await t.call<{ user: { name: string } }>({ method: 'GET', url: LOGIN_INFO, headers: bearer(token) });
    expect(second.body.data.user.name).toBe('Renamed Enterprise');
  });
});
