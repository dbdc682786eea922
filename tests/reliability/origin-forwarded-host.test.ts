/**
 * The origin check behind a proxy (TRUST_PROXY=true, as deploy/nginx.conf runs instances): the
 * proxy sets Host and passes any other header on unchanged, so a client's own X-Forwarded-Host
 * naming its site must not make that site's Origin look like the portal's.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';

describeEachDatabase('origin check behind a proxy', (kind) => {
  const t = useTestApp(kind, { TRUST_PROXY: 'true', DEV_OUTBOX: '' });
  const url = '/exhibition/center/user/front/login';
  const payload = { account: 'nobody@example.com', password: 'Wrong#Pass1', code: 'ABCD', uuid: 'none' };

  it('refuses a foreign Origin whatever X-Forwarded-Host claims', async () => {
    const answer = await t.call({
      method: 'POST',
      url,
      payload,
      headers: {
        host: 'portal.example.com',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-for': '203.0.113.7',
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.key).toBe('server.auth.originRefused');
  });

  it('still accepts the Origin of the Host the proxy passed on', async () => {
    const answer = await t.call({
      method: 'POST',
      url,
      payload,
      headers: {
        host: 'portal.example.com',
        origin: 'https://portal.example.com',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-for': '203.0.113.7',
      },
    });
    expect(answer.status).not.toBe(403);
  });
});
