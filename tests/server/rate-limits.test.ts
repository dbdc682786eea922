import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, DEMO_ENTERPRISE, tokenFor, useTestApp } from './helpers/test-app.js';
import { limits } from '../../src/server/plugins/rate-limits.js';

describeEachDatabase('rate limits', (kind) => {
  const t = useTestApp(kind, { RATE_LIMITS: 'true' });
  const attempt = (account: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
      payload: { account, password: 'Wrong#Pass1', code: 'ABCD', uuid: 'no-such-uuid' },
    });

  it('limits failed sign-ins per account and client with a translated 429; another client is not refused', async () => {
    const { throttle } = limits.signIn;
    // wrong image codes are not password guesses: they never count against the account
    for (let i = 0; i < throttle.perClient + 2; i += 1) expect((await attempt(DEMO_ENTERPRISE, '10.0.0.1')).statusCode).toBe(400);
    expect((await t.app.db.selectFrom('sign_in_failures').select('account').execute()).length).toBe(0);
  });

  it('limits sign-in per IP across accounts', async () => {
    let last = 0;
    for (let i = 0; i <= limits.signIn.perIp; i += 1) last = (await attempt(`user${i}@example.com`, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    expect((await attempt('other@example.com', '10.9.9.10')).statusCode).toBe(400);
  });

  it('limits code sending per account', async () => {
    let status = 0;
    for (let i = 0; i <= limits.sendCode.perAccount; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/exhibition/center/front/anonMsgCode',
        remoteAddress: `10.1.0.${i + 1}`,
        payload: { account: '13911112222', scene: 'login' },
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
  });

  it('limits registration per IP', async () => {
    let status = 0;
    for (let i = 0; i <= limits.register.perIp; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/exhibition/qms/user-register/registerAndCheck',
        remoteAddress: '10.2.0.1',
        payload: {},
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
  });

  it('limits invitation-code checks per signed-in account and per IP', async () => {
    const token = await tokenFor(t, 'enterprise2@demo.example.com');
    let status = 0;
    for (let i = 0; i <= limits.inviteCodeCheck.perSignedIn; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/exhibition/qms/invite-code/check?code=GUESS',
        remoteAddress: `10.3.0.${i + 1}`,
        headers: bearer(token),
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
    let last = 0;
    for (let i = 0; i <= limits.inviteCodeCheck.perIp; i += 1) {
      last = (await t.app.inject({ method: 'GET', url: '/exhibition/qms/invite-code/check?code=GUESS', remoteAddress: '10.3.1.1' }))
        .statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits uploads per signed-in account (face detection is costly)', async () => {
    const token = await tokenFor(t, 'government@demo.example.com');
    let status = 0;
    for (let i = 0; i <= limits.upload.perSignedIn; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/exhibition/qms/file/upload',
        remoteAddress: `10.4.0.${i + 1}`,
        headers: { ...bearer(token), 'accept-language': 'en' },
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/exhibition/qms/file/upload', remoteAddress: '10.4.1.1', headers: bearer(token) })
      ).json(),
    ).toMatchObject({ code: 429 });
  });
});
