/**
 * loginInfo requests per second under autocannon: the product (HTTP on loopback, every hook,
 * the access log line) beside a hand-written equivalent in the same run: bare Fastify with the
 * bare driver running the product's own session query, and the same answer. Target (issue 17):
 * at least 0.6x the hand-written equivalent.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { Sessions } from '../../src/server/services/sessions.js';
import { AccountNames } from '../../src/server/security/account-names.js';
import { benchDatabase, kinds, SIZES, table } from '../fixture.js';
import { rawDriver, tracedDatabase } from '../raw-sql.js';

const DURATION_S = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = 10;
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

interface Throughput {
  rps: number;
  /** CPU of this process (the servers; autocannon runs in its own) per answered request */
  cpuUsPerRequest: number;
}

/**
 * autocannon in a child process: in this process its own JavaScript would share the event loop
 * with the server under test and be charged to whichever server it is loading.
 */
async function rps(url: string, token: string): Promise<Throughput> {
  const cpuBefore = process.cpuUsage();
  const child = spawn(process.execPath, [autocannonBin, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-H', `authorization=Bearer ${token}`, `${url}/exhibition/center/user/basic/loginInfo?entranceTypes=2`], { stdio: ['ignore', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const cpu = process.cpuUsage(cpuBefore);
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requests: { average: number; total: number }; non2xx: number; errors: number };
  if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
  return { rps: result.requests.average, cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total) };
}

export default {
  title: 'loginInfo (hot read)',
  async run(): Promise<string> {
    const rows: string[][] = [];
    for (const kind of await kinds()) {
      const database = await benchDatabase(kind, SIZES[0]!);
      const token = await database.unitToken(1);
      // the product as it runs: info-level access log, here into a sink rather than a terminal
      const sink = new PassThrough();
      sink.resume();
      const product = await buildApp(loadConfig({ ...database.env, LOG_LEVEL: 'info' }), { logger: { level: 'info', stream: sink } });
      const traced = tracedDatabase(database);
      const names = new AccountNames(product.services.protection);
      await new Sessions(traced.db, { idleMinutes: 120, absoluteHours: 24 }, names).authenticate(token);
      const [sessionQuery] = traced.take();
      await traced.db.destroy();
      const driver = await rawDriver(database);
      const permissions = product.services.menus.permissionsFor('enterprise');
      const bare = Fastify({ logger: false });
      bare.get('/exhibition/center/user/basic/loginInfo', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const hash = createHash('sha256').update(header.slice(7)).digest('hex');
        const [row] = await driver.rows<{ id: string; account: string; account_sealed: string | null; name: string; user_type: string; unit_id: string | null; revoked_at: string | null }>({ ...sessionQuery!, parameters: [hash] });
        if (!row || row.revoked_at) return reply.code(401).send({ code: 401, msg: 'login again', data: null });
        reply.header('cache-control', 'no-store');
        return { code: 200, msg: 'ok', data: { user: { id: row.id, account: names.clear(row.account, row.account_sealed), name: row.name, userType: row.user_type, unitId: row.unit_id }, types: [row.user_type], permissions } };
      });
      try {
        // alternated, best of two each: the shared machine's load moves between runs
        const bareUrl = await listen(bare);
        const productUrl = await listen(product);
        let baseline: Throughput = { rps: 0, cpuUsPerRequest: Infinity };
        let measured: Throughput = { rps: 0, cpuUsPerRequest: Infinity };
        const best = (a: Throughput, b: Throughput): Throughput => ({ rps: Math.max(a.rps, b.rps), cpuUsPerRequest: Math.min(a.cpuUsPerRequest, b.cpuUsPerRequest) });
        for (let round = 0; round < 2; round += 1) {
          baseline = best(baseline, await rps(bareUrl, token));
          measured = best(measured, await rps(productUrl, token));
        }
        rows.push([kind, measured.rps.toFixed(0), baseline.rps.toFixed(0), `**${(measured.rps / baseline.rps).toFixed(2)}**`, measured.cpuUsPerRequest.toFixed(0), baseline.cpuUsPerRequest.toFixed(0), (baseline.cpuUsPerRequest / measured.cpuUsPerRequest).toFixed(2)]);
      } finally {
        await bare.close();
        await product.close();
        await driver.close();
      }
    }
    return [
      `autocannon in its own process, ${CONNECTIONS} connections, ${DURATION_S} s each, best of two alternated runs, ${os.cpus().length} CPUs. Baseline: bare Fastify + the bare driver running the product's session query, same answer. CPU per request: this process's user + system time (both servers live here, one loaded at a time) over the requests answered; the CPU ratio is baseline / product.`,
      '',
      table(['database', 'product req/s', 'baseline req/s', 'ratio', 'product CPU µs/request', 'baseline CPU µs/request', 'CPU ratio'], rows),
      '',
      'Target: ratio (requests per second) at least 0.6.',
    ].join('\n');
  },
};
