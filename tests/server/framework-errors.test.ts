import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const MARKER = 'zz<script>echo-me';

/** Issue 11 item 6: answers Fastify or Node give before any route runs are envelopes with the security headers. */
describe('framework-level errors', () => {
  const t = useTestApp('sqlite');

  function expectHardened(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
    expect(response.statusCode).toBe(status);
    const body = JSON.parse(response.body) as { code: number; msg: string; data: unknown };
    expect(body.code).toBe(status);
    expect(body.msg).not.toBe('');
    expect(body.data).toBeNull();
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).not.toContain('echo-me');
  }

  it('answers a URL with broken percent-encoding with a 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/exhibition/qms/guest/${encodeURIComponent(MARKER)}%E0%A4%A`,
      headers: { 'accept-language': 'en' },
    });
    expectHardened(response, 400);
  });

  it('answers an overlong path parameter with a 414 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/exhibition/qms/guest/${encodeURIComponent(MARKER)}${'x'.repeat(300)}` });
    expectHardened(response, 414);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/exhibition/no/such/${encodeURIComponent(MARKER)}` });
    expectHardened(response, 404);
  });

  describe('on a real socket', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => undefined);

    function raw(request: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('error', () => resolve(answer));
        socket.on('close', () => resolve(answer));
        socket.on('connect', () => socket.write(request));
        setTimeout(() => reject(new Error('no answer')), 10_000).unref();
      });
    }

    function parse(answer: string) {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      return { statusCode: Number(statusLine.split(' ')[1]), headers, body };
    }

    it('answers oversized headers (also an overlong URL) with a 431 envelope', async () => {
      const headers = parse(await raw(`GET /exhibition/qms/edition/current HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`));
      expectHardened(headers, 431);
      const url = parse(await raw(`GET /exhibition/${MARKER}${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expectHardened(url, 431);
    });

    it('answers a malformed request line with a 400 envelope', async () => {
      expectHardened(parse(await raw(`GARBAGE\u0001 ${MARKER}\r\n\r\n`)), 400);
    });
  });
});
