/**
 * Paths an attacker sends by hand, with the built client served beside the API (as `npm start`
 * does): an id of thousands of characters, a 300-character path, a climbing `../` path sent
 * as it is (curl --path-as-is). Each answers 404 or 414, and nothing is logged as an unhandled
 * error (an overlong name made the static file lookup fail with a 500).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { describeEachDatabase, isolatedDatabase } from '../server/helpers/databases.js';
import { TEST_ENV } from '../server/helpers/test-env.js';

/** One request written on a socket exactly as given (no client normalises the path). */
function rawGet(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describeEachDatabase('hostile paths', (kind) => {
  const lines: { level: number; msg?: string }[] = [];
  let app: FastifyInstance;
  let port = 0;
  let dispose: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await isolatedDatabase(kind);
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'main.js'), 'console.log(1)');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg?: string });
        done();
      },
    });
    app = await buildApp(loadConfig({ ...TEST_ENV, ...database.env, CLIENT_DIR: clientDir, LOG_LEVEL: 'info' }), {
      logger: { level: 'info', stream },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
    dispose = async () => {
      await app.close();
      await database.dispose();
      fs.rmSync(clientDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => dispose());

  it('answers 404 or 414 to overlong ids and paths and to climbing paths, logging no unhandled error', async () => {
    lines.length = 0;
    const targets = [
      `/exhibition/qms/guest/${'a'.repeat(4096)}`,
      `/exhibition/admin/notice/${'b'.repeat(5000)}`,
      `/exhibition/qms/file/${'c'.repeat(4100)}`,
      `/${'x'.repeat(300)}`,
      `/assets/${'y'.repeat(300)}.js`,
      `/exhibition/${'z'.repeat(300)}`,
      '/../../etc/passwd',
      '/exhibition/../../etc/passwd',
      '/assets/../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ];
    const answers: Record<string, number> = {};
    for (const target of targets) answers[target.slice(0, 40)] = await rawGet(port, target);
    for (const [target, status] of Object.entries(answers)) expect([404, 414], `${target}: ${status}`).toContain(status);
    expect(lines.filter((line) => line.level >= 50 || line.msg === 'unhandled error')).toEqual([]);
    // the client and the API still answer as before
    expect(await rawGet(port, '/')).toBe(200);
    expect(await rawGet(port, '/assets/main.js')).toBe(200);
    expect(await rawGet(port, '/guests/list')).toBe(200);
    expect(await rawGet(port, '/exhibition/no/such/route')).toBe(404);
  });
});
