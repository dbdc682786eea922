import fs from 'node:fs';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/databases.js';
import { apiPaths } from '../../src/shared/api-paths.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';

describeEachDatabase('security', (kind) => {
  const t = useTestApp(kind);

  it('sends the security headers: what acts on an API answer there, the whole set on documents', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/exhibition/center/front/getVerifyCode' });
    // a JSON answer loads nothing and may not be framed
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['permissions-policy']).toMatch(/camera=\(self\)/);
    for (const documentOnly of [
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-download-options',
      'x-xss-protection',
      'x-dns-prefetch-control',
    ]) {
      expect(response.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // the OpenAPI docs page is a document under the API prefix: the app's CSP and the rest
    const page = await t.app.inject({ method: 'GET', url: '/exhibition/docs/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['permissions-policy']).toMatch(/camera=\(self\)/);
  });

  it('refuses bodies over the limit with a translated envelope', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ account: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.msg).toBe('The request is too large');
  });

  it('answers malformed JSON with 400, unknown API paths with a 404 envelope', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    const poisoned = await t.call({
      method: 'POST',
      url: '/exhibition/center/user/front/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.status).toBe(400);
    const missing = await t.call({ method: 'GET', url: '/exhibition/no/such/path' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });

  it('publishes the OpenAPI document generated from the schemas, and a docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json() as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    // every path of the shared contract is served and documented
    for (const name of Object.values(apiPaths)) expect(Object.keys(openapi.paths)).toContain(`/exhibition/${name}`);
    expect(openapi.components.schemas).toHaveProperty('account');
    expect(doc.body).not.toContain('#/definitions/');
    const page = await t.app.inject({ method: 'GET', url: '/exhibition/docs/' });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('never leaks SQL or a stack when the database fails', async () => {
    const token = await tokenFor(t);
    await sql`DROP TABLE notice_reads`.execute(t.app.db);
    for (const language of ['zh-CN', 'en']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/exhibition/qms/notice-announce/myUnReadNoticeCount',
        headers: { ...bearer(token), 'accept-language': language },
      });
      expect(response.statusCode).toBe(500);
      const body = response.json() as { code: number; msg: string; requestId: string };
      expect(body.code).toBe(500);
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.msg).toContain(body.requestId);
      expect(response.body).not.toMatch(/notice_reads|select|from|sqlite|relation|at .*\.ts|stack/i);
    }
  });
});

describeEachDatabase('production mode', (kind) => {
  const t = useTestApp(kind, { NODE_ENV: 'production', SCRYPT_LOG2N: '17', RATE_LIMITS: 'true', DEV_OUTBOX: '' });

  it('has no dev outbox and records no image-code answers', async () => {
    const outbox = await t.call({ method: 'GET', url: '/exhibition/dev/outbox' });
    expect(outbox.status).toBe(404);
    await t.call({ method: 'GET', url: '/exhibition/center/front/getVerifyCode' });
    const rows = await t.app.db.selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(0);
    expect(t.app.demoAccounts).toHaveLength(0);
  });
});

it('serves the built client with a fallback to index.html outside the API', async () => {
  // covered by a tiny fake build: static-client only needs an index.html
  const { buildApp } = await import('../../src/server/app.js');
  const { loadConfig } = await import('../../src/server/config.js');
  const dir = fs.mkdtempSync('/tmp/summit-client-');
  fs.writeFileSync(`${dir}/index.html`, '<!doctype html><title>app</title>');
  fs.mkdirSync(`${dir}/assets`);
  fs.writeFileSync(`${dir}/assets/app-1234.js`, 'export {};');
  const app = await buildApp(loadConfig({ DATA_DIR: `${dir}/data`, CLIENT_DIR: dir, SCRYPT_LOG2N: '10', SEED_DEMO_DATA: 'false' }), {
    logger: false,
  });
  try {
    const page = await app.inject({ method: 'GET', url: '/myNotice' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // a script keeps the headers that apply to it; document-only ones (CSP...) go with documents
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const missingChunk = await app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
    expect(missingChunk.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/exhibition/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
    // the API base itself, with a query, is the API too: never index.html under the API's headers
    const base = await app.inject({ method: 'GET', url: '/exhibition?x=1' });
    expect(base.statusCode).toBe(404);
    expect(base.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    // a path that only starts with the same letters is a page
    const page2 = await app.inject({ method: 'GET', url: '/exhibitions' });
    expect(page2.statusCode).toBe(200);
    expect(page2.headers['content-security-policy']).toContain("img-src 'self' data:");
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
