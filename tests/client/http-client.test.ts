// @vitest-environment node
// Node's fetch/AbortSignal: ky's timeout needs the AbortSignal of the same realm as fetch.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import type { FailurePorts } from '../../src/client/api/failure-policy';
import { createHttpClient } from '../../src/client/api/http-client';
import { ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '../../src/shared/constants';

/** A real local HTTP server answering per path, so the client runs its real fetch path. */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let origin: string;
let lastHeaders: IncomingMessage['headers'] = {};

function envelope(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    lastHeaders = request.headers;
    const path = (request.url ?? '').split('?')[0] ?? '';
    const handler = routes.get(path.replace('/exhibition/', ''));
    if (handler) handler(request, response);
    else envelope(404, { code: 404, msg: 'not found', data: null })(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function spyPorts(confirmAnswer = true) {
  const ports = {
    t: (key: string) => `t:${key}`,
    toastError: vi.fn(),
    confirm: vi.fn(async () => confirmAnswer),
    navigate: vi.fn(),
    clearToken: vi.fn(),
    reload: vi.fn(),
  } satisfies FailurePorts;
  return ports;
}

function client(ports: FailurePorts, token = 'tok-1', timeoutMs?: number) {
  return createHttpClient({ origin, ports, isSignedIn: () => token !== '', getLanguage: () => 'en', timeoutMs });
}

describe('API client (SPEC sections 7 and 8)', () => {
  beforeEach(() => routes.clear());

  it('uses the shared timeout constant by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(100_000);
  });

  it('returns data of the envelope, sends the language and no Authorization header (the session is the HttpOnly cookie)', async () => {
    routes.set('center/ok', envelope(200, { code: 200, msg: 'ok', data: { value: 7 } }));
    const ports = spyPorts();
    await expect(client(ports).request('get', 'center/ok')).resolves.toEqual({ value: 7 });
    expect(lastHeaders['accept-language']).toBe('en');
    expect(lastHeaders.authorization).toBeUndefined();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('sends no Authorization header signed out either', async () => {
    routes.set('center/ok', envelope(200, { code: 200, msg: 'ok', data: null }));
    await client(spyPorts(), '').request('get', 'center/ok');
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it('401: confirm dialog with the server message; confirm clears the token and reloads', async () => {
    routes.set('center/me', envelope(401, { code: 401, msg: 'verification failed, log in again', data: null }));
    const ports = spyPorts(true);
    await expect(client(ports).request('get', 'center/me')).rejects.toBeInstanceOf(ApiError);
    expect(ports.confirm).toHaveBeenCalledWith({
      title: 't:api.reloginTitle',
      message: 'verification failed, log in again',
      confirmLabel: 't:api.relogin',
      cancelLabel: 't:common.cancel',
    });
    expect(ports.clearToken).toHaveBeenCalledOnce();
    expect(ports.reload).toHaveBeenCalledOnce();
  });

  it('401: cancel keeps the token and the page', async () => {
    routes.set('center/me', envelope(401, { code: 401, msg: 'expired', data: null }));
    const ports = spyPorts(false);
    await expect(client(ports).request('get', 'center/me')).rejects.toThrow();
    expect(ports.confirm).toHaveBeenCalledOnce();
    expect(ports.clearToken).not.toHaveBeenCalled();
    expect(ports.reload).not.toHaveBeenCalled();
  });

  it('401 from getMasterInfo never prompts', async () => {
    routes.set('qms/group-participant-link-info/front/getMasterInfo', envelope(401, { code: 401, msg: 'expired', data: null }));
    const ports = spyPorts();
    await expect(
      client(ports).request('get', 'qms/group-participant-link-info/front/getMasterInfo', { exemptFromAuthPrompt: true }),
    ).rejects.toMatchObject({ code: 401 });
    expect(ports.confirm).not.toHaveBeenCalled();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('403 goes to /403', async () => {
    routes.set('center/admin', envelope(403, { code: 403, msg: 'forbidden', data: null }));
    const ports = spyPorts();
    await expect(client(ports).request('get', 'center/admin')).rejects.toMatchObject({ code: 403 });
    expect(ports.navigate).toHaveBeenCalledWith('/403');
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('404 goes to /404', async () => {
    const ports = spyPorts();
    await expect(client(ports).request('get', 'center/missing')).rejects.toMatchObject({ code: 404 });
    expect(ports.navigate).toHaveBeenCalledWith('/404');
  });

  it('other codes: error toast of the message for 2.5 s', async () => {
    routes.set('center/fail', envelope(500, { code: 500, msg: 'internal error', data: null }));
    const ports = spyPorts();
    await expect(client(ports).request('post', 'center/fail', { json: {} })).rejects.toMatchObject({ code: 500 });
    expect(ports.toastError).toHaveBeenCalledWith('internal error', ERROR_TOAST_MS);
  });

  it('other codes: data arrays are joined by commas (business code on HTTP 400)', async () => {
    routes.set('qms/invite', envelope(400, { code: 10002, msg: 'invitation code does not exist', data: ['A1 missing', 'B2 missing'] }));
    const ports = spyPorts();
    await expect(client(ports).request('post', 'qms/invite', { json: {} })).rejects.toMatchObject({ code: 10002 });
    expect(ports.toastError).toHaveBeenCalledWith('A1 missing,B2 missing', ERROR_TOAST_MS);
  });

  it('keeps field errors of a validation failure on the error', async () => {
    const fieldErrors = [{ pointer: '/account', key: 'validation.account', message: 'bad account' }];
    routes.set('center/form', envelope(400, { code: 400, msg: 'bad account', data: null, fieldErrors }));
    const error = await client(spyPorts())
      .request('post', 'center/form', { json: {} })
      .catch((caught: unknown) => caught);
    expect((error as ApiError).envelope?.fieldErrors).toEqual(fieldErrors);
  });

  it('timeout: "network request timed out"', async () => {
    routes.set('center/slow', (_request, response) => {
      setTimeout(() => envelope(200, { code: 200, msg: 'ok', data: null })(_request, response), 1000);
    });
    const ports = spyPorts();
    await expect(client(ports, 'tok', 100).request('get', 'center/slow')).rejects.toMatchObject({ kind: 'timeout' });
    expect(ports.toastError).toHaveBeenCalledWith('t:api.timeout', ERROR_TOAST_MS);
  });

  it('sign-in comes back after a short Retry-After (hash queue full), and shows a long one', async () => {
    let calls = 0;
    const turnsSent: unknown[] = [];
    routes.set('center/busy', (request, response) => {
      calls += 1;
      turnsSent.push(request.headers['x-sign-in-turn']);
      if (calls <= 2) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1', 'x-sign-in-turn': `turn-${calls}` });
        response.end(JSON.stringify({ code: 429, msg: 'busy', data: null }));
      } else envelope(200, { code: 200, msg: 'ok', data: 'session-cookie' })(request, response);
    });
    const ports = spyPorts();
    await expect(client(ports, '').request('post', 'center/busy', { json: {}, retryWhenBusy: true })).resolves.toBe('session-cookie');
    expect(calls).toBe(3);
    // each retry carries the turn its refusal promised
    expect(turnsSent).toEqual([undefined, 'turn-1', 'turn-2']);
    expect(ports.toastError).not.toHaveBeenCalled();

    routes.set('center/locked', (_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '900' });
      response.end(JSON.stringify({ code: 429, msg: 'too many', data: null }));
    });
    const started = Date.now();
    await expect(client(ports, '').request('post', 'center/locked', { json: {}, retryWhenBusy: true })).rejects.toMatchObject({
      code: 429,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ports.toastError).toHaveBeenCalledWith('too many', ERROR_TOAST_MS);
  });

  it('sign-in keeps coming back for its turn past ten refusals (a budget of time, not of tries)', async () => {
    let calls = 0;
    routes.set('center/queue', (request, response) => {
      calls += 1;
      if (calls <= 12) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1', 'x-sign-in-turn': `turn-${calls}` });
        response.end(JSON.stringify({ code: 429, msg: 'busy', data: null }));
      } else envelope(200, { code: 200, msg: 'ok', data: 'session-cookie' })(request, response);
    });
    // the client's one-second waits pass at once; every other timer keeps its time
    const realSetTimeout = globalThis.setTimeout;
    const waits = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((handler: () => void, ms?: number) => realSetTimeout(handler, ms === 1000 ? 0 : ms)) as typeof setTimeout);
    try {
      const ports = spyPorts();
      await expect(client(ports, '').request('post', 'center/queue', { json: {}, retryWhenBusy: true })).resolves.toBe('session-cookie');
      expect(calls).toBe(13);
    } finally {
      waits.mockRestore();
    }
  });

  it('network failure: "network request error"', async () => {
    const ports = spyPorts();
    const closed = createHttpClient({ origin: 'http://127.0.0.1:9', ports, isSignedIn: () => false, getLanguage: () => 'zh-CN' });
    await expect(closed.request('get', 'center/any')).rejects.toMatchObject({ kind: 'network' });
    expect(ports.toastError).toHaveBeenCalledWith('t:api.networkError', ERROR_TOAST_MS);
  });
});
