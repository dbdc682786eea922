import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { isolatedDatabase } from './helpers/databases.js';
import { TEST_ENV } from './helpers/test-env.js';

/** Issue 17 point 5: one access line per request, without the query string or the token. */
describe('access log', () => {
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;
  let dispose: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await isolatedDatabase('sqlite');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp(loadConfig({ ...TEST_ENV, ...database.env, LOG_LEVEL: 'info' }), { logger: { level: 'info', stream } });
    dispose = async () => {
      await app.close();
      await database.dispose();
    };
  });
  afterAll(async () => dispose());

  it('writes one line per request, with method, path, status and time, and no query string or token', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo?entranceTypes=2&secret=hunter2', headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' } });
    expect(answer.statusCode).toBe(401);
    const access = lines.filter((line) => line.url !== undefined);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo', status: 401 });
    expect(typeof access[0]!.ms).toBe('number');
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|abcdefghijklmnop/);
  });
});
