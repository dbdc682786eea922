/**
 * The dev outbox behind a plain TCP forwarder (stunnel, haproxy in TCP mode, an SSH tunnel): the
 * forwarder connects from loopback and adds no header, so a remote client is indistinguishable
 * from a local one. The outbox therefore exists only when switched on (DEV_OUTBOX=1, never in
 * production): without it, it answers 404 from anywhere, loopback and forwarder included, and a
 * reset code asked for the organiser through the forwarder cannot be read; with it, a loopback
 * request carrying a forwarding header of any name is refused too, and an instance that trusts a
 * proxy (TRUST_PROXY) refuses to start with it. Both databases.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp, type TestApp } from '../server/helpers/test-app.js';
import { TEST_ENV } from '../server/helpers/test-env.js';

const ORGANISER = 'organiser@demo.example.com';

/** A TCP forwarder on loopback: every connection piped to the portal as it is. */
async function forwarder(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Listening {
  port: number;
  via: { port: number; close: () => Promise<void> };
}

function listening(t: TestApp): Listening {
  const holder: Listening = { port: 0, via: { port: 0, close: async () => undefined } };
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    holder.port = (t.app.server.address() as net.AddressInfo).port;
    holder.via = await forwarder(holder.port);
  });
  afterAll(async () => holder.via.close());
  return holder;
}

const outboxUrl = (port: number, to: string) => `http://127.0.0.1:${port}/exhibition/dev/outbox?to=${encodeURIComponent(to)}`;

describeEachDatabase('dev outbox behind a TCP forwarder', (kind) => {
  const off = useTestApp(kind, { DEV_OUTBOX: '' });
  const offPorts = listening(off);

  it("is off unless DEV_OUTBOX=1: 404 from loopback and through the forwarder, the organiser's reset code unreadable", async () => {
    const asked = await fetch(`http://127.0.0.1:${offPorts.via.port}/exhibition/center/front/anonMsgCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ORGANISER, scene: 'reset-password' }),
    });
    expect(asked.status).toBe(200);
    for (const port of [offPorts.port, offPorts.via.port]) {
      const answer = await fetch(outboxUrl(port, ORGANISER));
      expect(answer.status, `port ${port}`).toBe(404);
    }
    // nor is the code kept in clear for anyone to find later
    const rows = await off.app.db.selectFrom('outbox').select(['dev_code', 'body']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.dev_code).toBeNull();
      expect(row.body).toContain('****');
    }
  });

  it('is refused at start in production', () => {
    const production = {
      ...TEST_ENV,
      NODE_ENV: 'production',
      SCRYPT_LOG2N: '17',
      RATE_LIMITS: 'true',
      DATA_DIR: off.app.config.dataDir,
      DEV_OUTBOX: '1',
    };
    expect(() => loadConfig(production)).toThrow(/DEV_OUTBOX cannot be on in production/);
  });

  it('is refused at start with TRUST_PROXY, whatever NODE_ENV (an instance behind a proxy never hands out codes)', () => {
    for (const NODE_ENV of ['test', 'development'])
      expect(() => loadConfig({ ...TEST_ENV, NODE_ENV, DATA_DIR: off.app.config.dataDir, DEV_OUTBOX: '1', TRUST_PROXY: 'true' })).toThrow(
        /DEV_OUTBOX cannot be on with TRUST_PROXY/,
      );
    // either alone starts
    expect(loadConfig({ ...TEST_ENV, DATA_DIR: off.app.config.dataDir, DEV_OUTBOX: '', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...TEST_ENV, DATA_DIR: off.app.config.dataDir, DEV_OUTBOX: '1' }).devOutbox).toBe(true);
  });

  const on = useTestApp(kind, { DEV_OUTBOX: '1' });
  const onPorts = listening(on);

  it('with DEV_OUTBOX=1, answers a bare loopback request and refuses any forwarding header', async () => {
    expect((await fetch(outboxUrl(onPorts.port, ORGANISER))).status).toBe(200);
    const forwarding = [
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'x-forwarded-port',
      'forwarded',
      'via',
      'x-real-ip',
      'x-client-ip',
      'cf-connecting-ip',
      'true-client-ip',
      'fastly-client-ip',
      'x-cluster-client-ip',
      'x-originating-ip',
      'x-remote-addr',
      'client-ip',
    ];
    for (const header of forwarding) {
      for (const port of [onPorts.port, onPorts.via.port]) {
        const answer = await fetch(outboxUrl(port, ORGANISER), { headers: { [header]: '127.0.0.1' } });
        expect(answer.status, header).toBe(404);
      }
    }
  });
});
