import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { DEMO_ENTERPRISE, forgetCodeTimes, messageCode, useTestApp } from './helpers/test-app.js';

const CODE_LOGIN = '/exhibition/center/user/front/securityCodeLogin';
const wrongFor = (code: string) => (code === 'ZZZZ' ? 'YYYY' : 'ZZZZ');

describeEachDatabase('one-time codes', (kind) => {
  const t = useTestApp(kind);
  const login = (code: string) => t.call<string>({ method: 'POST', url: CODE_LOGIN, payload: { account: DEMO_ENTERPRISE, code } });

  it('uses 4 characters of a 32-symbol alphabet and stores only a keyed hash', async () => {
    const code = await messageCode(t, DEMO_ENTERPRISE, 'login');
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    const rows = await t.app.db.selectFrom('one_time_codes').select('code_hmac').where('target', '=', DEMO_ENTERPRISE).execute();
    expect(rows.every((r) => r.code_hmac.length === 64 && !r.code_hmac.includes(code))).toBe(true);
  });

  it('is single use', async () => {
    const code = await messageCode(t, DEMO_ENTERPRISE, 'login');
    expect((await login(code)).status).toBe(200);
    const again = await login(code);
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('server.auth.codeInvalid');
  });

  it('expires after its lifetime', async () => {
    const code = await messageCode(t, DEMO_ENTERPRISE, 'login');
    await t.app.db
      .updateTable('one_time_codes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('target', '=', DEMO_ENTERPRISE)
      .execute();
    const late = await login(code);
    expect(late.status).toBe(400);
    expect(late.body.key).toBe('server.auth.codeInvalid');
  });

  it('stops accepting even the right code after 5 wrong attempts', async () => {
    const code = await messageCode(t, DEMO_ENTERPRISE, 'login');
    for (let i = 0; i < 4; i += 1) expect((await login(wrongFor(code))).body.key).toBe('server.auth.codeInvalid');
    const fifth = await t.call({
      method: 'POST',
      url: CODE_LOGIN,
      headers: { 'accept-language': 'en' },
      payload: { account: DEMO_ENTERPRISE, code: wrongFor(code) },
    });
    expect(fifth.body.msg).toBe('Too many wrong codes, please request a new one');
    expect((await login(code)).body.key).toBe('server.auth.codeAttemptsExceeded');
  });

  it('only honours the newest code and refuses to resend within a minute', async () => {
    const first = await messageCode(t, DEMO_ENTERPRISE, 'login');
    const soon = await t.call({
      method: 'POST',
      url: '/exhibition/center/front/anonMsgCode',
      payload: { account: DEMO_ENTERPRISE, scene: 'login' },
    });
    expect(soon.status).toBe(429);
    expect(soon.body.key).toBe('server.auth.codeSentTooOften');
    await forgetCodeTimes(t, DEMO_ENTERPRISE);
    const second = await messageCode(t, DEMO_ENTERPRISE, 'login');
    if (first !== second) expect((await login(first)).status).toBe(400);
    expect((await login(second)).status).toBe(200);
  });
});
