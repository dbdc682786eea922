import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import {
  DEMO_ENTERPRISE,
  DEMO_GUEST,
  DEMO_PASSWORD,
  captcha,
  forgetCodeTimes,
  messageCode,
  outbox,
  passwordLogin,
  useTestApp,
} from './helpers/test-app.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

describeEachDatabase('sign-in', (kind) => {
  const t = useTestApp(kind);

  it('serves an image code as a PNG and records its answer in the dev outbox only', async () => {
    const { status, body, headers } = await t.call<{ uuid: string; img: string }>({
      method: 'GET',
      url: '/exhibition/center/front/getVerifyCode',
    });
    expect(status).toBe(200);
    expect(body.data.img.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(body.data.img.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.toString('latin1')).not.toMatch(/<svg|<path/);
    // 120 × 40, in a palette: it comes with every cold sign-in page (issue 17's 200 kB)
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([120, 40]);
    expect(png.length).toBeLessThan(2500);
    expect(headers['cache-control']).toBe('no-store');
    const [answer] = await outbox(t, body.data.uuid);
    expect(answer?.channel).toBe('captcha');
    expect(answer?.code).toMatch(/^[A-Z2-9]{4}$/);
  });

  it('answers whether an account exists', async () => {
    const yes = await t.call<boolean>({ method: 'GET', url: `/exhibition/center/user/front/exists?account=${DEMO_ENTERPRISE}` });
    expect(yes.body).toMatchObject({ code: 200, data: true });
    const no = await t.call<boolean>({ method: 'GET', url: '/exhibition/center/user/front/exists?account=nobody@example.com' });
    expect(no.body.data).toBe(false);
    const bad = await t.call({ method: 'GET', url: '/exhibition/center/user/front/exists?account=not-an-account' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.[0]?.pointer).toBe('/account');
  });

  it('signs in with a password: the token is in the session cookie, data is only a marker', async () => {
    const { status, body, headers } = await passwordLogin(t, DEMO_ENTERPRISE, DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toBe('session-cookie');
    expect(sessionTokenFrom(headers['set-cookie']).length).toBeGreaterThanOrEqual(22);
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const unknown = await passwordLogin(t, 'nobody@example.com', DEMO_PASSWORD, 'en');
    const wrong = await passwordLogin(t, DEMO_ENTERPRISE, 'Wrong#Pass1', 'en');
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect({ ...unknown.body }).toEqual({ ...wrong.body });
    expect(wrong.body.msg).toBe('The user does not exist or the password is incorrect');
  });

  it('rejects a wrong image code, and an image code used twice', async () => {
    const { uuid, code } = await captcha(t);
    const wrongCode = code === 'AAAA' ? 'BBBB' : 'AAAA';
    const wrong = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      headers: { 'accept-language': 'en' },
      payload: { account: DEMO_ENTERPRISE, password: DEMO_PASSWORD, code: wrongCode, uuid },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The image code is wrong or has expired');
    // one guess per picture: the right answer no longer works either
    const again = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      payload: { account: DEMO_ENTERPRISE, password: DEMO_PASSWORD, code, uuid },
    });
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('server.auth.captchaInvalid');
  });

  it('answers a validation failure with translated field errors in both languages', async () => {
    const payload = { account: '123', password: '', code: '1', uuid: 'x' };
    const zh = await t.call({ method: 'POST', url: '/exhibition/center/user/front/login', payload });
    const en = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload,
    });
    expect(zh.status).toBe(400);
    expect(zh.body.code).toBe(400);
    expect(zh.body.fieldErrors?.map((f) => f.pointer).sort()).toEqual(['/account', '/code', '/password']);
    expect(en.body.fieldErrors?.map((f) => f.key)).toEqual(zh.body.fieldErrors?.map((f) => f.key));
    expect(en.body.msg).not.toBe(zh.body.msg);
    expect(/[\u4e00-\u9fff]/.test(zh.body.msg)).toBe(true);
  });

  it('rejects unknown fields and a missing body', async () => {
    const extra = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      payload: { account: DEMO_ENTERPRISE, password: 'x', code: 'ABCD', uuid: 'u1', admin: true },
    });
    expect(extra.status).toBe(400);
    const none = await t.call({ method: 'POST', url: '/exhibition/center/user/front/login' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(400);
  });

  it('sends a code by e-mail and signs in with it (code login)', async () => {
    const code = await messageCode(t, DEMO_ENTERPRISE, 'login');
    const [message] = await outbox(t, DEMO_ENTERPRISE);
    expect(message?.channel).toBe('email');
    expect(message?.body).toContain(code);
    const { status, body } = await t.call<string>({
      method: 'POST',
      url: '/exhibition/center/user/front/securityCodeLogin',
      payload: { account: DEMO_ENTERPRISE, code: code.toLowerCase() },
    });
    expect(status).toBe(200);
    expect(body.data).toBe('session-cookie');
  });

  it('answers a code request for an unknown account as for a known one, and delivers nothing', async () => {
    const { status, body } = await t.call({
      method: 'POST',
      url: '/exhibition/center/front/anonMsgCode',
      headers: { 'accept-language': 'en' },
      payload: { account: '13900000000', scene: 'login' },
    });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(await outbox(t, '13900000000')).toEqual([]);
  });

  it('says "phone verification failed" for a wrong code', async () => {
    await forgetCodeTimes(t, DEMO_ENTERPRISE);
    const code = await messageCode(t, DEMO_ENTERPRISE, 'login');
    const wrong = code === '2222' ? '3333' : '2222';
    const { status, body } = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/securityCodeLogin',
      headers: { 'accept-language': 'en' },
      payload: { account: DEMO_ENTERPRISE, code: wrong },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('Phone verification failed');
  });

  it('signs a guest in with a code sent by SMS; other accounts cannot use guest sign-in', async () => {
    const code = await messageCode(t, DEMO_GUEST, 'guest-login');
    const [message] = await outbox(t, DEMO_GUEST);
    expect(message?.channel).toBe('sms');
    const { status, headers } = await t.call<string>({
      method: 'POST',
      url: '/exhibition/center/user/front/guestLogin',
      payload: { account: `+86${DEMO_GUEST}`, code },
    });
    expect(status).toBe(200);
    const master = await t.call<{ guest: { name: string } | null }>({
      method: 'GET',
      url: '/exhibition/qms/group-participant-link-info/front/getMasterInfo',
      headers: { authorization: `Bearer ${sessionTokenFrom(headers['set-cookie'])}` },
    });
    expect(master.body.data.guest?.name).toBe('周嘉宾');

    const notGuest = await t.call({
      method: 'POST',
      url: '/exhibition/center/front/anonMsgCode',
      payload: { account: 'media@demo.example.com', scene: 'guest-login' },
    });
    // the same answer as for a guest: the code is simply not delivered (no enumeration)
    expect(notGuest.status).toBe(200);
    expect(await outbox(t, 'media@demo.example.com')).toEqual([]);
  });
});
