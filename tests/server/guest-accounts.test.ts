import { expect, it } from 'vitest';
import { AccountNames } from '../../src/server/auth/account-names.js';
import { isSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, messageCode, useTestApp } from './helpers/test-app.js';
import type { MasterInfoData } from '../../src/shared/api-types.js';
import type { GuestSummary } from '../../src/shared/guest-api.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER } from './guests-harness.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

const GUEST_LOGIN = '/exhibition/center/user/front/guestLogin';

/** Review finding: real guests (not only the demo one) get a guest sign-in account when approved. */
describeEachDatabase('guest sign-in accounts of approved guests', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  async function signInAsGuest(mobile: string): Promise<string> {
    const code = await messageCode(t, mobile, 'guest-login');
    const response = await t.call<string>({ method: 'POST', url: GUEST_LOGIN, payload: { account: mobile, code } });
    expect(response.status).toBe(200);
    return sessionTokenFrom(response.headers['set-cookie']);
  }

  it('links a guest added with a no-review code: guestLogin works and shows only that guest', async () => {
    const c = await caller(t, ENTERPRISE);
    await addGuest(c, t, ENTERPRISE, 500, { inviteCode: 'INVITE2025A', mobile: '13700000001', nameZh: '王五' });
    const guest = await addGuest(c, t, ENTERPRISE, 501, { inviteCode: 'INVITE2025A', mobile: '13700000002', nameZh: '赵六' });
    const names = new AccountNames(t.app.services.protection);
    const account = await t.app.db
      .selectFrom('accounts')
      .select(['id', 'user_type', 'password_hash', 'account', 'account_sealed'])
      .where('account', '=', names.key('13700000002'))
      .executeTakeFirstOrThrow();
    expect(account.user_type).toBe('guest');
    // stored as its blind index and a sealed copy: the row holds no clear mobile
    expect(account.account).toMatch(/^idx:[0-9a-f]{64}$/);
    expect(isSealed(account.account_sealed)).toBe(true);
    expect(JSON.stringify(account)).not.toContain('13700000002');

    const token = await signInAsGuest('13700000002');
    const info = await t.call<MasterInfoData>({
      method: 'GET',
      url: '/exhibition/qms/group-participant-link-info/front/getMasterInfo',
      headers: bearer(token),
    });
    // the account's own mobile is masked in the answer, like every default view (master-info.test.ts)
    expect(info.body.data.guest).toMatchObject({ id: guest.id, name: '赵六', mobile: '137****0002', auditStatus: 'approved' });
    expect(JSON.stringify(info.body)).not.toContain('13700000002');
    expect(info.body.data.unit).toBeNull();
    // the account has no usable password
    const password = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      payload: { account: '13700000002', password: account.password_hash, code: 'ABCD', uuid: 'x' },
    });
    expect(password.status).toBe(400);
  });

  it('links a guest when the committee approves it, not before', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 510, { mobile: '13700000010' });
    // before the approval no guest sign-in exists for the mobile (a code request would answer as for any
    // address: code requests do not tell known accounts from unknown ones)
    const names = new AccountNames(t.app.services.protection);
    const before = await t.app.db.selectFrom('accounts').select('id').where('account', '=', names.key('13700000010')).executeTakeFirst();
    expect(before).toBeUndefined();
    const organiser = await caller(t, ORGANISER);
    expect((await organiser.post<GuestSummary[]>('admin/review/decide', { ids: [guest.id], decision: 'approve' })).status).toBe(200);
    const token = await signInAsGuest('13700000010');
    const info = await t.call<MasterInfoData>({
      method: 'GET',
      url: '/exhibition/qms/group-participant-link-info/front/getMasterInfo',
      headers: bearer(token),
    });
    expect(info.body.data.guest?.id).toBe(guest.id);
  });

  it('never turns another type of account into a guest account', async () => {
    const c = await caller(t, ENTERPRISE);
    const mobileOfUnit = '13700000020';
    const names = new AccountNames(t.app.services.protection);
    await t.app.db
      .updateTable('accounts')
      .set({ account: names.key(mobileOfUnit), account_sealed: names.sealed(mobileOfUnit) })
      .where('account', '=', 'volunteer@demo.example.com')
      .execute();
    const guest = await addGuest(c, t, ENTERPRISE, 520, { inviteCode: 'INVITE2025A', mobile: mobileOfUnit });
    const row = await t.app.db.selectFrom('guests').select('account_id').where('id', '=', guest.id).executeTakeFirstOrThrow();
    expect(row.account_id).toBeNull();
    const account = await t.app.db
      .selectFrom('accounts')
      .select('user_type')
      .where('account', '=', names.key(mobileOfUnit))
      .executeTakeFirstOrThrow();
    expect(account.user_type).toBe('volunteer');
  });
});
