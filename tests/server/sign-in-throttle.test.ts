import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { describeWithRedis, redisTestPrefix, TEST_REDIS_URL } from './helpers/redis.js';
import { captcha, DEMO_ENTERPRISE, DEMO_PASSWORD, useTestApp } from './helpers/test-app.js';
import { limits } from '../../src/server/plugins/rate-limits.js';
import { RedisFailureStore } from '../../src/server/auth/redis-failure-store.js';
import { SignInThrottle } from '../../src/server/auth/sign-in-throttle.js';

/** Issue 18 point 9: a stranger's failures never lock the owner out. */
describeEachDatabase('sign-in throttle', (kind) => {
  // image codes off, as in benchmarks: the escalation must switch them on for an attacked account
  const t = useTestApp(kind, { RATE_LIMITS: 'true', CAPTCHA_REQUIRED: 'false' });
  const login = (account: string, password: string, ip: string, image: { uuid: string; code: string } = { uuid: 'none', code: 'NONE' }) =>
    t.app.inject({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
      payload: { account, password, ...image },
    });

  it('10 wrong passwords from 10 addresses do not lock the owner out; the attacked account then needs a fresh image code', async () => {
    const { escalateAt } = limits.signIn.throttle;
    for (let i = 0; i < escalateAt; i += 1) expect((await login(DEMO_ENTERPRISE, 'Wrong#Pass1', `10.60.0.${i + 1}`)).statusCode).toBe(400);
    // escalated: without an image code even the right password is refused (400, not a lock)...
    const withoutImage = await login(DEMO_ENTERPRISE, DEMO_PASSWORD, '10.61.0.1');
    expect(withoutImage.statusCode).toBe(400);
    expect(withoutImage.json()).toMatchObject({ key: 'server.auth.captchaInvalid' });
    // ...and the owner with a fresh image code gets in at once, no 15-minute wait
    const owner = await login(DEMO_ENTERPRISE, DEMO_PASSWORD, '10.61.0.1', await captcha(t));
    expect(owner.statusCode).toBe(200);
    // the success cleared the account: no image code needed again
    expect((await login(DEMO_ENTERPRISE, DEMO_PASSWORD, '10.61.0.1')).statusCode).toBe(200);
  });

  it('refuses only the client that failed too often on an account; the owner elsewhere signs in', async () => {
    const account = 'government@demo.example.com';
    const { perClient } = limits.signIn.throttle;
    const stranger = '10.62.0.1';
    for (let i = 0; i < perClient; i += 1) {
      const image = await captcha(t);
      expect((await login(account, 'Wrong#Pass1', stranger, image)).statusCode).toBe(400);
    }
    const refused = await login(account, DEMO_PASSWORD, stranger, await captcha(t));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account, DEMO_PASSWORD, '10.62.0.2', await captcha(t))).statusCode).toBe(200);
  });
});

describeWithRedis('sign-in throttle counters in Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('counts per account and client in one shared window, and a success clears both', async () => {
    const prefix = redisTestPrefix();
    // two instances = two stores on the same Redis
    const first = new SignInThrottle(new RedisFailureStore(redis, 60_000, prefix), { perClient: 3, escalateAt: 4, maxDelayMs: 8_000 });
    const second = new SignInThrottle(new RedisFailureStore(redis, 60_000, prefix), { perClient: 3, escalateAt: 4, maxDelayMs: 8_000 });
    await first.recordFailure('victim', 'a');
    await second.recordFailure('victim', 'a');
    expect(await first.decide('victim', 'a')).toEqual({ kind: 'allow' });
    await first.recordFailure('victim', 'a');
    const refused = await second.decide('victim', 'a');
    expect(refused.kind).toBe('refuse');
    expect(refused.kind === 'refuse' && refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(await second.decide('victim', 'b')).toEqual({ kind: 'allow' });
    await second.recordFailure('victim', 'c');
    expect(await first.decide('victim', 'b')).toEqual({ kind: 'escalate', delayMs: 1000 });
    await first.recordSuccess('victim', 'a');
    expect(await second.decide('victim', 'a')).toEqual({ kind: 'allow' });
    expect(await redis.keys(`${prefix}*`)).toEqual([`${prefix}pair:victim|c`]);
    await redis.del(`${prefix}pair:victim|c`);
  });
});
