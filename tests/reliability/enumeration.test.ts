/**
 * No enumeration of accounts (both databases, rate limits on as in production): a signed-out
 * client learns nothing about whether a mobile or e-mail has an account. `exists` answers a
 * handful an hour per address; a code request (sign-in, guest sign-in, reset, registration,
 * account change), a registration and a reset answer alike for a known and an unknown account,
 * the resend interval included; the owner of a taken address is told, nobody else.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { forgetCodeTimes, outbox, useTestApp, type TestApp } from '../server/helpers/test-app.js';

const KNOWN_MOBILE = '13800000007'; // the demo guest
const KNOWN_EMAIL = 'media@demo.example.com'; // a unit account, not a guest
const UNKNOWN_MOBILE = '13912340000';
const UNKNOWN_EMAIL = 'nobody-here@example.com';
const API = '/exhibition/';

/** What a client sees of an answer: status and body, minus nothing. */
async function seen(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload: object | undefined, address: string) {
  const answer = await t.app.inject({ method, url: API + url, payload, remoteAddress: address, headers: { 'accept-language': 'en' } });
  return { status: answer.statusCode, body: answer.json() as unknown };
}

describeEachDatabase('no account enumeration', (kind) => {
  const t = useTestApp(kind, { RATE_LIMITS: 'true' });
  let address = 0;
  const nextAddress = () => `198.51.100.${(address += 1)}`;

  it('answers exists a handful of times an hour per address, always with a boolean', async () => {
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push(await seen(t, 'GET', `center/user/front/exists?account=${UNKNOWN_EMAIL}`, undefined, from));
    const allowed = answers.filter((answer) => answer.status === 200);
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.length).toBeLessThanOrEqual(5);
    for (const answer of allowed) expect(typeof (answer.body as { data: unknown }).data).toBe('boolean');
    expect(answers.slice(allowed.length).every((answer) => answer.status === 429)).toBe(true);
  });

  // one known and one unknown account per scene: the per-account limit (5 in 15 min) stays out of the way
  const pairs: Record<string, [string, string][]> = {
    login: [
      [KNOWN_MOBILE, '13912340001'],
      ['enterprise@demo.example.com', 'nobody-1@example.com'],
    ],
    'guest-login': [
      [KNOWN_MOBILE, '13912340002'],
      [KNOWN_EMAIL, 'nobody-2@example.com'],
    ],
    'reset-password': [['government@demo.example.com', 'nobody-3@example.com']],
    register: [['staff@demo.example.com', 'nobody-4@example.com']],
    'change-account': [['volunteer@demo.example.com', 'nobody-5@example.com']],
  };
  for (const [scene, accounts] of Object.entries(pairs)) {
    it(`answers a ${scene} code request alike for known and unknown accounts, the resend interval too`, async () => {
      for (const [known, unknown] of accounts) {
        await forgetCodeTimes(t, known);
        await forgetCodeTimes(t, unknown);
        const [a, b] = await Promise.all(
          [known, unknown].map((account) => seen(t, 'POST', 'center/front/anonMsgCode', { account, scene }, nextAddress())),
        );
        expect(a, `${scene} ${known}`).toEqual(b);
        expect(a!.status).toBe(200);
        const [again, againUnknown] = await Promise.all(
          [known, unknown].map((account) => seen(t, 'POST', 'center/front/anonMsgCode', { account, scene }, nextAddress())),
        );
        expect(again).toEqual(againUnknown);
        expect(again!.status).toBe(429);
      }
    });
  }

  it('tells the owner of a taken address, and gives nobody a code for it', async () => {
    const taken = 'same-period@demo.example.com';
    expect((await seen(t, 'POST', 'center/front/anonMsgCode', { account: taken, scene: 'register' }, nextAddress())).status).toBe(200);
    const [latest] = await outbox(t, taken);
    expect(latest?.subject).toMatch(/already has an account|已注册/);
    expect(latest?.code ?? null).toBeNull();
    expect(latest?.body).not.toMatch(/\b[A-Za-z0-9]{4}\b.*valid for/);
  });

  it('answers a registration and a reset with a wrong code alike for known and unknown accounts', async () => {
    const registration = (account: string) => ({
      userType: 'enterprise',
      account,
      name: '张三',
      unitName: '测试公司',
      password: 'River#8642z',
      confirmPassword: 'River#8642z',
      code: 'ZZZZ',
      agreeTerms: true,
    });
    const [known, unknown] = await Promise.all(
      [KNOWN_MOBILE, UNKNOWN_MOBILE].map((account) =>
        seen(t, 'POST', 'qms/user-register/registerAndCheck', registration(account), nextAddress()),
      ),
    );
    expect(known).toEqual(unknown);
    const reset = (account: string) => ({ account, code: 'ZZZZ', password: 'River#8642z', confirmPassword: 'River#8642z' });
    const [knownReset, unknownReset] = await Promise.all(
      [KNOWN_EMAIL, UNKNOWN_EMAIL].map((account) => seen(t, 'PUT', 'center/user/front/resetPwd', reset(account), nextAddress())),
    );
    expect(knownReset).toEqual(unknownReset);
  });
});
