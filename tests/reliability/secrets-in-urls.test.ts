/**
 * Passwords and mobiles never reach a log through a URL (both databases): deploy/nginx.conf in
 * front of the portal logs requests without their query string, so a password change in SPEC's
 * query form and an `exists?account=` mobile leave no trace in its access log; the portal's own
 * access line has no query either. (The client sends the change in the body:
 * tests/client/password-in-body.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { NginxProxy, nginxAvailable } from '../../scripts/cluster/nginx-proxy.js';
import { freePort } from '../../scripts/support/free-port.js';
import { describeEachDatabase, isolatedDatabase } from '../server/helpers/databases.js';
import { TEST_ENV } from '../server/helpers/test-env.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';

const ACCOUNT = 'enterprise@demo.example.com';
const OLD_PASSWORD = 'Summit#2025';
const NEW_PASSWORD = 'Changed#Pass2026';
const MOBILE = '13800000007';
const deployConf = fs.readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');

describe('deploy/nginx.conf', () => {
  it('writes its access log in a format without query strings or Referer', () => {
    const uses = [...deployConf.matchAll(/^\s*access_log\s+(\S+)(?:\s+(\w+))?/gm)].map((match) => match[2] ?? 'combined');
    expect(uses.length).toBeGreaterThan(0);
    for (const name of uses) {
      const format = new RegExp(`log_format\\s+${name}\\s+([^;]+);`).exec(deployConf)?.[1];
      expect(format, `log_format ${name}`).toBeDefined();
      expect(format).not.toMatch(/\$(request|request_uri|args|query_string|arg_\w+|http_referer|is_args)\b/);
      expect(format).toMatch(/\$uri\b/);
    }
  });
});

const suite = nginxAvailable()
  ? describeEachDatabase
  : (name: string) => describe.skip(`${name} skipped: nginx missing`, () => it('skipped'));

suite('secrets in URLs behind nginx', (kind) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let nginx: NginxProxy;
  let workDir = '';
  let dispose: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await isolatedDatabase(kind);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-urls-'));
    if (process.getuid?.() === 0) fs.chmodSync(workDir, 0o711);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(
      loadConfig({
        ...TEST_ENV,
        ...database.env,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
        // behind nginx the dev outbox is refused at start, and with it the image code's answer: not what this test is about
        DEV_OUTBOX: '',
        CAPTCHA_REQUIRED: 'false',
      }),
      {
        logger: { level: 'info', stream },
      },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    nginx = new NginxProxy(await freePort(), path.join(workDir, 'nginx'));
    fs.mkdirSync(path.join(workDir, 'client'));
    await nginx.start([(app.server.address() as AddressInfo).port], path.join(workDir, 'client'));
    dispose = async () => {
      await nginx.stop();
      await app.close();
      await database.dispose();
      fs.rmSync(workDir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(async () => dispose());

  it('logs neither the passwords of a query-string password change nor a looked-up mobile', async () => {
    const signIn = await fetch(`${nginx.baseUrl}/exhibition/center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: OLD_PASSWORD, code: 'AAAA', uuid: 'no-captcha' }),
    });
    expect(signIn.status).toBe(200);
    const token = sessionTokenFrom(signIn.headers.getSetCookie());
    const query = new URLSearchParams({ oldPassword: OLD_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }).toString();
    const change = await fetch(`${nginx.baseUrl}/exhibition/center/user/basic/changPwd?${query}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(change.status).toBe(200);
    await fetch(`${nginx.baseUrl}/exhibition/center/user/front/exists?account=${MOBILE}`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const proxyLog = fs.readFileSync(nginx.accessLogPath, 'utf8');
    expect(proxyLog).toContain('PUT /exhibition/center/user/basic/changPwd ');
    expect(proxyLog).toContain('GET /exhibition/center/user/front/exists ');
    for (const log of [proxyLog, lines.join('\n')]) {
      for (const secret of [
        OLD_PASSWORD,
        encodeURIComponent(OLD_PASSWORD),
        NEW_PASSWORD,
        encodeURIComponent(NEW_PASSWORD),
        MOBILE,
        'oldPassword=',
      ]) {
        expect(log.includes(secret), secret).toBe(false);
      }
    }
  });
});
