import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import type { MenuNode } from '../../src/shared/api-types.js';
import { DEMO_GUEST, bearer, messageCode, tokenFor, useTestApp } from './helpers/test-app.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

const LOGIN_INFO = '/exhibition/center/user/basic/loginInfo?entranceTypes=2';
const MENU = '/exhibition/center/menu/basic/userMenuTree?entranceTypes=2';

describeEachDatabase('session', (kind) => {
  const t = useTestApp(kind);

  it('returns login info and the unit menu tree, not cacheable', async () => {
    const token = await tokenFor(t);
    const info = await t.call<{ user: { account: string; userType: string }; types: string[]; permissions: string[] }>({
      method: 'GET',
      url: LOGIN_INFO,
      headers: bearer(token),
    });
    expect(info.status).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.body.data.user).toMatchObject({ account: 'enterprise@demo.example.com', userType: 'enterprise' });
    expect(info.body.data.types).toEqual(['enterprise']);
    expect(info.body.data.permissions.length).toBeGreaterThan(0);

    const menu = await t.call<MenuNode[]>({ method: 'GET', url: MENU, headers: { ...bearer(token), 'accept-language': 'en' } });
    const components = JSON.stringify(menu.body.data);
    for (const key of ['Dashboard', 'MyNotice', 'NoticeDetail', 'AccountChange', 'PasswordChange', 'Guide'])
      expect(components).toContain(`"${key}"`);
    expect(menu.body.data[0]?.meta).toMatchObject({ title: 'Attendance guide', affix: true });
  });

  it('gives a guest the guest menu', async () => {
    const code = await messageCode(t, DEMO_GUEST, 'guest-login');
    const login = await t.call<string>({
      method: 'POST',
      url: '/exhibition/center/user/front/guestLogin',
      payload: { account: DEMO_GUEST, code },
    });
    const menu = await t.call<MenuNode[]>({ method: 'GET', url: MENU, headers: bearer(sessionTokenFrom(login.headers['set-cookie'])) });
    expect(menu.body.data.map((m) => m.component)).toContain('MyRegistration');
    expect(JSON.stringify(menu.body.data)).not.toContain('AccountChange');
  });

  it('answers "Please log in again" without a token and "verification failed" with a bad one', async () => {
    const none = await t.call({ method: 'GET', url: LOGIN_INFO, headers: { 'accept-language': 'en' } });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, msg: 'Please log in again' });
    const bad = await t.call({
      method: 'GET',
      url: LOGIN_INFO,
      headers: { authorization: 'Bearer not-a-real-token-at-all', 'accept-language': 'en' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('Verification failed, log in again');
    const zh = await t.call({ method: 'GET', url: LOGIN_INFO });
    expect(zh.body.msg).toBe('请重新登录');
  });

  it('revokes the token at logout', async () => {
    const token = await tokenFor(t);
    // SPEC 7's client sends a JSON content type even on a bodiless POST
    const out = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/basic/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(out.status).toBe(200);
    const after = await t.call({ method: 'GET', url: LOGIN_INFO, headers: bearer(token) });
    expect(after.status).toBe(401);
  });

  it('ends sessions after the idle time and at the absolute expiry', async () => {
    const idle = await tokenFor(t);
    const absolute = await tokenFor(t);
    const [first, second] = await t.app.db
      .selectFrom('sessions')
      .select(['id', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(2)
      .execute();
    await t.app.db.updateTable('sessions').set({ last_seen_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', second!.id).execute();
    await t.app.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', first!.id).execute();
    expect((await t.call({ method: 'GET', url: LOGIN_INFO, headers: bearer(idle) })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: LOGIN_INFO, headers: bearer(absolute) })).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await tokenFor(t);
    const rows = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('returns the unit of a unit account as master info', async () => {
    const token = await tokenFor(t);
    const master = await t.call<{ guest: unknown; unit: { unitType: string } | null }>({
      method: 'GET',
      url: '/exhibition/qms/group-participant-link-info/front/getMasterInfo',
      headers: bearer(token),
    });
    expect(master.body.data.guest).toBeNull();
    // the unit schema's unitType, as qms/unit/mine answers it (the demo unit's column says 'company')
    expect(master.body.data.unit?.unitType).toBe('enterprise');
  });
});

describeEachDatabase('housekeeping', (kind) => {
  const t = useTestApp(kind);

  it('purges codes and sessions that ended more than a day ago', async () => {
    const { purgeExpired } = await import('../../src/server/cluster/housekeeping.js');
    await tokenFor(t);
    await t.app.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await t.app.db.updateTable('one_time_codes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await purgeExpired(t.app.db);
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect(await t.app.db.selectFrom('one_time_codes').selectAll().execute()).toHaveLength(0);
  });
});
