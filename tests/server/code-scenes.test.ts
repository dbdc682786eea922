import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, DEMO_PASSWORD, forgetCodeTimes, messageCode, passwordLogin, tokenFor, useTestApp } from './helpers/test-app.js';

const RESET = '/exhibition/center/user/front/resetPwd';

/** Review findings: codes bound to their scene, attempts counted atomically, password change in one transaction. */
describeEachDatabase('one-time codes: scenes, attempts, password change', (kind) => {
  const t = useTestApp(kind);

  it('refuses a code sent for sign-in when it is used to reset the password', async () => {
    const account = 'media@demo.example.com';
    const loginCode = await messageCode(t, account, 'login');
    const reset = await t.call({
      method: 'PUT',
      url: RESET,
      headers: { 'accept-language': 'en' },
      payload: { account, code: loginCode, password: 'River#8642z', confirmPassword: 'River#8642z' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.key).toBe('server.auth.codeInvalid');
    // the same code still signs in, in its own scene
    const signIn = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/securityCodeLogin',
      payload: { account, code: loginCode },
    });
    expect(signIn.status).toBe(200);
    // and a reset-password code does not sign in
    const resetCode = await messageCode(t, account, 'reset-password');
    const wrongScene = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/securityCodeLogin',
      payload: { account, code: resetCode },
    });
    expect(wrongScene.status).toBe(400);
  });

  it('counts parallel wrong guesses atomically: at most 5 attempts in all', async () => {
    const account = 'government@demo.example.com';
    await forgetCodeTimes(t, account);
    const code = await messageCode(t, account, 'login');
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call({ method: 'POST', url: '/exhibition/center/user/front/securityCodeLogin', payload: { account, code: wrong } }),
      ),
    );
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    const row = await t.app.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('target', '=', account)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const right = await t.call({ method: 'POST', url: '/exhibition/center/user/front/securityCodeLogin', payload: { account, code } });
    expect(right.status).toBe(400);
    expect(right.body.key).toBe('server.auth.codeAttemptsExceeded');
  });

  it('keeps the old password when the sessions cannot be revoked (one transaction)', async () => {
    const account = 'staff@demo.example.com';
    const token = await tokenFor(t, account);
    const revoke = vi.spyOn(t.app.services.sessions, 'revokeAllOf').mockRejectedValueOnce(new Error('revoke failed'));
    try {
      const change = await t.call({
        method: 'PUT',
        url: '/exhibition/center/user/basic/changPwd',
        headers: bearer(token),
        payload: { oldPassword: DEMO_PASSWORD, password: 'Ocean#8642y', confirmPassword: 'Ocean#8642y' },
      });
      expect(change.status).toBe(500);
    } finally {
      revoke.mockRestore();
    }
    expect((await passwordLogin(t, account, DEMO_PASSWORD)).status).toBe(200);
    expect((await passwordLogin(t, account, 'Ocean#8642y')).status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo', headers: bearer(token) })).status).toBe(200);
  });
});
