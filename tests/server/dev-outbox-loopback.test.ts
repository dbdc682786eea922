import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { useTestApp } from './helpers/test-app.js';
import { TEST_ENV } from './helpers/test-env.js';

/** Issue 11 item 7: the dev outbox hands out every code, so only the machine itself may read it. */
describe('dev outbox on loopback only', () => {
  // TRUST_PROXY with the outbox is refused at start (reliability/outbox-forwarder.test.ts)
  const t = useTestApp('sqlite');
  const url = '/exhibition/dev/outbox?to=13800000007';

  it('answers loopback clients (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
  });

  it('answers 404 to anyone else, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.168.1.20', 'fe80::1', '::ffff:10.0.0.5']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode, remoteAddress).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
  });

  it('answers 404 to a loopback client that came through a proxy (any forwarding header)', async () => {
    const proxied = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
    ];
    for (const headers of proxied) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
  });

  it('puts a Permissions-Policy on every answer: success, error and framework error', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' }),
      await t.app.inject({ method: 'GET', url: '/exhibition/no/such/route' }),
      await t.app.inject({ method: 'GET', url: '/exhibition/qms/guest/%E0%A4%A' }),
    ];
    for (const answer of answers) {
      expect(answer.headers['permissions-policy'], String(answer.statusCode)).toMatch(/camera=\(self\)/);
      expect(answer.headers['permissions-policy']).toMatch(/geolocation=\(\), /);
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 400]);
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({ ...TEST_ENV, DATA_DIR: t.app.config.dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...TEST_ENV, DATA_DIR: t.app.config.dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
