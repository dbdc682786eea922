import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import {
  DEMO_ENTERPRISE,
  DEMO_PASSWORD,
  bearer,
  forgetCodeTimes,
  messageCode,
  outbox,
  passwordLogin,
  tokenFor,
  useTestApp,
} from './helpers/test-app.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

const REGISTER = '/exhibition/qms/user-register/registerAndCheck';
const NEW_PASSWORD = 'Harbor#9753x';

describeEachDatabase('accounts', (kind) => {
  const t = useTestApp(kind);

  const registration = (account: string, code: string) => ({
    userType: 'enterprise',
    account,
    name: '陈新',
    unitName: '新企业有限公司',
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    code,
    agreeTerms: true,
  });

  it('registers an enterprise account with a code, which can then sign in', async () => {
    const code = await messageCode(t, '13700000001', 'register');
    const { status, body } = await t.call({ method: 'POST', url: REGISTER, payload: registration('13700000001', code) });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const login = await passwordLogin(t, '13700000001', NEW_PASSWORD);
    expect(login.status).toBe(200);
    const info = await t.call<{ user: { userType: string; unitId: string | null } }>({
      method: 'GET',
      url: '/exhibition/center/user/basic/loginInfo',
      headers: bearer(sessionTokenFrom(login.headers['set-cookie'])),
    });
    expect(info.body.data.user.userType).toBe('enterprise');
    expect(info.body.data.user.unitId).not.toBeNull();
    // the unit's first document does not keep the mobile in clear (issue 18)
    const unit = await t.app.db
      .selectFrom('units')
      .select('document')
      .where('id', '=', info.body.data.user.unitId as string)
      .executeTakeFirstOrThrow();
    expect(unit.document).not.toContain('13700000001');
  });

  it('registers every self-service account type', async () => {
    for (const [index, userType] of ['government', 'media', 'staff', 'volunteer', 'same-period'].entries()) {
      const account = `type${index}@new.example.com`;
      const code = await messageCode(t, account, 'register');
      const { status } = await t.call({ method: 'POST', url: REGISTER, payload: { ...registration(account, code), userType } });
      expect(status, userType).toBe(200);
    }
  });

  it('tells a registered mobile\'s owner instead of sending a code, and says "phone already exists" only with a valid code', async () => {
    await forgetCodeTimes(t, '13700000001');
    const asked = await t.call({
      method: 'POST',
      url: '/exhibition/center/front/anonMsgCode',
      headers: { 'accept-language': 'en' },
      payload: { account: '13700000001', scene: 'register' },
    });
    // the same answer as for a free mobile: the owner gets a notice, nobody gets a code
    expect(asked.status).toBe(200);
    const [notice] = await outbox(t, '13700000001');
    expect(notice?.code).toBeNull();
    const direct = await t.call({ method: 'POST', url: REGISTER, payload: registration('13700000001', 'ABCD') });
    expect(direct.status).toBe(400);
    expect(direct.body.key).toBe('server.auth.codeInvalid');
  });

  it('refuses registration with a wrong code, unticked terms, weak or mismatched password', async () => {
    const code = await messageCode(t, '13700000002', 'register');
    const wrong = await t.call({ method: 'POST', url: REGISTER, payload: registration('13700000002', code === 'ABCD' ? 'ABCE' : 'ABCD') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('server.auth.codeInvalid');
    const { agreeTerms: _ticked, ...withoutTerms } = registration('13700000002', code);
    for (const payload of [{ ...withoutTerms, agreeTerms: false }, withoutTerms]) {
      const terms = await t.call({ method: 'POST', url: REGISTER, payload });
      expect(terms.status).toBe(400);
      expect(terms.body.fieldErrors?.find((f) => f.pointer === '/agreeTerms')?.key).toBe('validation.agreeTerms');
    }
    const text = await t.call({ method: 'POST', url: REGISTER, payload: { ...withoutTerms, agreeTerms: 'true' } });
    expect(text.body.fieldErrors?.map((f) => f.pointer)).toContain('/agreeTerms');
    expect((await passwordLogin(t, '13700000002', NEW_PASSWORD)).status).not.toBe(200);
    const weak = await t.call({
      method: 'POST',
      url: REGISTER,
      payload: { ...registration('13700000002', code), password: 'abc12345', confirmPassword: 'abc12345' },
    });
    expect(weak.body.fieldErrors?.map((f) => f.pointer)).toContain('/password');
    const mismatch = await t.call({
      method: 'POST',
      url: REGISTER,
      payload: { ...registration('13700000002', code), confirmPassword: 'Other#9753x' },
    });
    expect(mismatch.body.fieldErrors?.map((f) => f.pointer)).toContain('/confirmPassword');
    const noUnit = await t.call({ method: 'POST', url: REGISTER, payload: { ...registration('13700000002', code), unitName: undefined } });
    expect(noUnit.status).toBe(400);
  });

  it('changes the password (query string per SPEC), ending every session', async () => {
    const account = 'type2@new.example.com';
    const first = await tokenFor(t, account, NEW_PASSWORD);
    const second = await tokenFor(t, account, NEW_PASSWORD);
    const query = new URLSearchParams({ oldPassword: NEW_PASSWORD, password: 'Ocean#8642y', confirmPassword: 'Ocean#8642y' });
    const { status } = await t.call({ method: 'PUT', url: `/exhibition/center/user/basic/changPwd?${query}`, headers: bearer(first) });
    expect(status).toBe(200);
    for (const token of [first, second]) {
      const after = await t.call({
        method: 'GET',
        url: '/exhibition/center/user/basic/loginInfo',
        headers: { ...bearer(token), 'accept-language': 'en' },
      });
      expect(after.status).toBe(401);
      expect(after.body.msg).toBe('Verification failed, log in again');
    }
    expect((await passwordLogin(t, account, 'Ocean#8642y')).status).toBe(200);
  });

  it('accepts the password change as a JSON body and checks the old password', async () => {
    const account = 'type3@new.example.com';
    const token = await tokenFor(t, account, NEW_PASSWORD);
    const wrongOld = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/basic/changPwd',
      headers: bearer(token),
      payload: { oldPassword: 'Wrong#1357', password: 'Ocean#8642y', confirmPassword: 'Ocean#8642y' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.key).toBe('server.account.oldPasswordIncorrect');
    const same = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/basic/changPwd',
      headers: bearer(token),
      payload: { oldPassword: NEW_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(same.status).toBe(400);
    const good = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/basic/changPwd',
      headers: bearer(token),
      payload: { oldPassword: NEW_PASSWORD, password: 'Ocean#8642y', confirmPassword: 'Ocean#8642y' },
    });
    expect(good.status).toBe(200);
  });

  it('resets a forgotten password with a code and ends old sessions', async () => {
    const account = 'type4@new.example.com';
    const old = await tokenFor(t, account, NEW_PASSWORD);
    const code = await messageCode(t, account, 'reset-password');
    const { status } = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/front/resetPwd',
      payload: { account, code, password: 'River#8642z', confirmPassword: 'River#8642z' },
    });
    expect(status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo', headers: bearer(old) })).status).toBe(401);
    expect((await passwordLogin(t, account, 'River#8642z')).status).toBe(200);
    const unknown = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/front/resetPwd',
      payload: { account: 'ghost@example.com', code: 'ABCD', password: 'River#8642z', confirmPassword: 'River#8642z' },
    });
    // as a wrong code for a known account: a code for an unknown one is never delivered
    expect(unknown.body.key).toBe('server.auth.codeInvalid');
  });

  it('changes the sign-in account with a code sent to the new one', async () => {
    const token = await tokenFor(t, 'type0@new.example.com', NEW_PASSWORD);
    const code = await messageCode(t, 'renamed@new.example.com', 'change-account');
    const taken = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/basic/changeAccount',
      headers: bearer(token),
      payload: { account: 'type0@new.example.com', newAccount: DEMO_ENTERPRISE, code },
    });
    // the code is checked first (it was sent to another address): "taken" tells only the owner
    expect(taken.status).toBe(400);
    expect(taken.body.key).toBe('server.auth.codeInvalid');
    const same = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/basic/changeAccount',
      headers: bearer(token),
      payload: { account: 'type0@new.example.com', newAccount: 'type0@new.example.com', code },
    });
    expect(same.status).toBe(400);
    const { status } = await t.call({
      method: 'PUT',
      url: '/exhibition/center/user/basic/changeAccount',
      headers: bearer(token),
      payload: { account: 'type0@new.example.com', newAccount: 'renamed@new.example.com', code },
    });
    expect(status).toBe(200);
    expect((await passwordLogin(t, 'renamed@new.example.com', NEW_PASSWORD)).status).toBe(200);
    await forgetCodeTimes(t, 'renamed@new.example.com');
  });

  it('keeps the demo password valid under the password rule', async () => {
    expect((await passwordLogin(t, DEMO_ENTERPRISE, DEMO_PASSWORD)).status).toBe(200);
  });
});
