/**
 * loginInfo requests per second under autocannon: the product (HTTP on loopback, every hook,
 * the access log line) beside a hand-written equivalent in the same run: bare Fastify with the
 * bare driver running the product's own session query, and the same answer. Target: at least
 * 0.8x the hand-written equivalent in every round, on both databases.
 * The two are loaded in turns (ROUNDS pairs, the order flipped each round) and the ratio is the
 * median of the rounds' ratios: on this shared machine the throughput of one server moves by a
 * third between consecutive seconds, and a pair taken close together moves both sides alike.
 */
import os from 'node:os';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { bufferedLogDestination, serverLoggerOptions } from '../../src/server/plugins/log-destination.js';
import { benchDatabase, kinds, SIZES, table } from '../fixture.js';
import { loginInfoBaseline } from '../support/login-info-baseline.js';
import { median } from '../support/median.js';

const DURATION_S = Number(process.env.BENCH_DURATION || 3);
const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS || 7);
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
  const child = spawn(
    process.execPath,
    [
      autocannonBin,
      '--json',
      '-c',
      String(CONNECTIONS),
      '-d',
      String(DURATION_S),
      '-H',
      `authorization=Bearer ${token}`,
      `${url}/exhibition/center/user/basic/loginInfo?entranceTypes=2`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const cpu = process.cpuUsage(cpuBefore);
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
  return { rps: result.requests.average, cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total) };
}

export default {
  title: 'loginInfo (hot read)',
  async run(): Promise<string> {
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const kind of await kinds()) {
      const database = await benchDatabase(kind, SIZES[0]!);
      const token = await database.unitToken(1);
      // the product as it runs: its own logger at info level, its buffered destination, here
      // writing to /dev/null rather than to a terminal
      const config = loadConfig({ ...database.env, LOG_LEVEL: 'info' });
      const product = await buildApp(config, { logger: serverLoggerOptions(config, bufferedLogDestination('/dev/null')) });
      const bare = await loginInfoBaseline(database, product, token);
      try {
        const bareUrl = await listen(bare);
        const productUrl = await listen(product);
        const rounds: { product: Throughput; baseline: Throughput }[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          if (round % 2 === 0) {
            const baseline = await rps(bareUrl, token);
            rounds.push({ baseline, product: await rps(productUrl, token) });
          } else {
            const product = await rps(productUrl, token);
            rounds.push({ product, baseline: await rps(bareUrl, token) });
          }
        }
        const ratios = rounds.map((pair) => pair.product.rps / pair.baseline.rps);
        const cpuRatio = median(rounds.map((pair) => pair.baseline.cpuUsPerRequest / pair.product.cpuUsPerRequest));
        const of = (side: 'product' | 'baseline', field: keyof Throughput) => median(rounds.map((pair) => pair[side][field]));
        const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
        verdicts.push(`${kind} ${Math.min(...ratios) >= 0.8 ? 'met' : 'NOT met'} (lowest round ${Math.min(...ratios).toFixed(2)})`);
        rows.push([
          kind,
          of('product', 'rps').toFixed(0),
          of('baseline', 'rps').toFixed(0),
          `**${median(ratios).toFixed(2)}**`,
          range,
          of('product', 'cpuUsPerRequest').toFixed(0),
          of('baseline', 'cpuUsPerRequest').toFixed(0),
          cpuRatio.toFixed(2),
        ]);
      } finally {
        await bare.close();
        await product.close();
      }
    }
    return [
      `autocannon in its own process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per server, the two loaded in turns (order flipped each round), ${os.cpus().length} CPUs. Figures are medians over the rounds; the ratio is the median of the rounds' ratios, beside their range. Baseline: bare Fastify + the bare driver running the product's session query, same answer, no log. The product logs every request at info level through its own buffered destination, to /dev/null. CPU per request: this process's user + system time (both servers live here, one loaded at a time) over the requests answered; the CPU ratio is baseline / product.`,
      '',
      table(
        [
          'database',
          'product req/s',
          'baseline req/s',
          'ratio',
          'ratio range',
          'product CPU µs/request',
          'baseline CPU µs/request',
          'CPU ratio',
        ],
        rows,
      ),
      '',
      `Target: ratio (requests per second) at least 0.8 in every round: ${verdicts.join('; ')}. On SQLite the product reads a session row again only when the database changed since (any commit, by this process or another; see auth/sessions.ts): this load writes nothing, so it measures a read-mostly moment; the baseline queries every time.`,
    ].join('\n');
  },
};
