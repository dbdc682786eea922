import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { bufferedLogDestination, serverLoggerOptions, type LogDestination } from '../../src/server/plugins/log-destination.js';
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
    const answer = await app.inject({
      method: 'GET',
      url: '/exhibition/center/user/basic/loginInfo?entranceTypes=2&secret=hunter2',
      headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' },
    });
    expect(answer.statusCode).toBe(401);
    const access = lines.filter((line) => line.url !== undefined);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo', status: 401 });
    expect(typeof access[0]!.ms).toBe('number');
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|abcdefghijklmnop/);
  });

  it('makes no request logger for a request that logs nothing but its access line', async () => {
    const child = vi.spyOn(app.log, 'child');
    try {
      for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo' });
      expect(child).not.toHaveBeenCalled();
    } finally {
      child.mockRestore();
    }
  });

  it("writes the line pino would write through the request's own logger: same fields, same order", async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo?entranceTypes=2' });
    const [access] = lines.filter((line) => line.msg === 'request');
    lines.length = 0;
    app.log.child({ reqId: 'x' }).info({ method: 'GET', url: '/a', status: 401, ms: 1.5 }, 'request');
    const [viaPino] = lines;
    expect(Object.keys(access!)).toEqual(Object.keys(viaPino!));
    expect(Object.keys(access!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'method', 'url', 'status', 'ms', 'msg']);
    expect(access).toMatchObject({ level: 30, pid: process.pid, method: 'GET', status: 401, msg: 'request' });
    expect(typeof access!.reqId).toBe('string');
  });
});

/** Issue 17 point 5: the server's own destination buffers the lines off the event loop. */
describe("the server's log destination", () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void> = async () => undefined;
  let file: string;
  let destination: LogDestination;

  beforeAll(async () => {
    const database = await isolatedDatabase('sqlite');
    file = path.join(database.env.DATA_DIR!, 'server.log');
    destination = bufferedLogDestination(file);
    const config = loadConfig({ ...TEST_ENV, ...database.env, LOG_LEVEL: 'info' });
    app = await buildApp(config, { logger: serverLoggerOptions(config, destination) });
    dispose = async () => {
      await app.close();
      destination.end();
      await database.dispose();
    };
  });
  afterAll(async () => dispose());

  const accessLines = () =>
    (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');

  it('writes a quiet moment of lines within the periodic flush, with the configured serializers', async () => {
    for (const entrance of [1, 2, 3])
      await app.inject({ method: 'GET', url: `/exhibition/center/user/basic/loginInfo?entranceTypes=${entrance}&secret=hunter2` });
    // three lines are far below the batch size: only the periodic flush writes them
    await vi.waitFor(() => expect(accessLines()).toHaveLength(3), { timeout: 5000, interval: 100 });
    expect(accessLines().map((line) => line.status)).toEqual([401, 401, 401]);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('hunter2');
  });

  it('writes every line of a burst once the batch is flushed', async () => {
    const before = accessLines().length;
    await Promise.all(Array.from({ length: 200 }, () => app.inject({ method: 'GET', url: '/exhibition/center/user/basic/loginInfo' })));
    destination.flushSync();
    expect(accessLines()).toHaveLength(before + 200);
  });
});

describe('the log destination at exit', () => {
  it('writes the lines it still holds when the process exits', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-log-'));
    const file = path.join(dir, 'exit.log');
    const moduleUrl = pathToFileURL(path.resolve('src/server/plugins/log-destination.ts')).href;
    // one line, far below a batch, and an exit before the periodic pass; the exit waits for the
    // file to be open (sonic-boom opens a path asynchronously, and pino's own exit hook throws
    // on a destination not open yet: a server writes to stdout, open from the start)
    const script = `import { bufferedLogDestination } from ${JSON.stringify(moduleUrl)};
      const destination = bufferedLogDestination(${JSON.stringify(file)});
      const exitWhenOpen = () => destination.sink.fd >= 0 ? (destination.write('{"msg":"last words"}\\n'), process.exit(0)) : setTimeout(exitWhenOpen, 10);
      exitWhenOpen();`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000 });
    expect(fs.readFileSync(file, 'utf8')).toBe('{"msg":"last words"}\n');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
