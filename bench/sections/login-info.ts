/**
 * loginInfo requests per second under autocannon: the product (HTTP on loopback, every hook,
 * the access log line) beside a hand-written equivalent in the same run: bare Fastify with the
 * bare driver running the product's own session query, and the same answer. Target: at least
 * 0.8x the hand-written equivalent in every round, on both databases.
 * Each round loads the two in four slices, ABBA (which one starts alternates between rounds),
 * and compares the requests each answered over its two slices: on this shared machine the
 * throughput of one server moves by a third between consecutive seconds, and a round of two
 * back-to-back runs could catch a burst of other work on one side only (single rounds at
 * 0.33-0.49 while the median was above 1). In ABBA order a change of load longer than a slice,
 * or one that grows or fades through the round, falls on both sides alike. (Eight slices of
 * 1 s, ABBA BAAB, were tried too: on PostgreSQL their rounds spread wider, 0.59-1.36.)
 * The figures are medians over the rounds; the target is every round's ratio.
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

/** seconds of one slice: each server gets two per round */
const DURATION_S = Number(process.env.BENCH_DURATION || 2);
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

/** What one slice of load measured. */
interface Slice {
  requests: number;
  seconds: number;
  /** this process's user + system time during the slice, µs */
  cpuUs: number;
}

function throughputOf(slices: Slice[]): Throughput {
  const sum = (field: keyof Slice) => slices.reduce((total, slice) => total + slice[field], 0);
  return { rps: sum('requests') / sum('seconds'), cpuUsPerRequest: sum('cpuUs') / Math.max(1, sum('requests')) };
}

/**
 * autocannon in a child process: in this process its own JavaScript would share the event loop
 * with the server under test and be charged to whichever server it is loading.
 */
async function slice(url: string, token: string): Promise<Slice> {
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
    requests: { total: number };
    duration: number;
    non2xx: number;
    errors: number;
  };
  if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
  return { requests: result.requests.total, seconds: result.duration, cpuUs: cpu.user + cpu.system };
}

export default {
  title: 'loginInfo (hot read)',
  async run(): Promise<string> {
    const rows: string[][] = [];
    const verdicts: string[] = [];
    const roundLines: string[] = [];
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
          const first = round % 2 === 0 ? bareUrl : productUrl;
          const second = first === bareUrl ? productUrl : bareUrl;
          const slices = new Map<string, Slice[]>([
            [bareUrl, []],
            [productUrl, []],
          ]);
          for (const url of [first, second, second, first]) slices.get(url)!.push(await slice(url, token));
          rounds.push({ product: throughputOf(slices.get(productUrl)!), baseline: throughputOf(slices.get(bareUrl)!) });
        }
        const ratios = rounds.map((pair) => pair.product.rps / pair.baseline.rps);
        const cpuRatio = median(rounds.map((pair) => pair.baseline.cpuUsPerRequest / pair.product.cpuUsPerRequest));
        const of = (side: 'product' | 'baseline', field: keyof Throughput) => median(rounds.map((pair) => pair[side][field]));
        const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
        roundLines.push(`${kind} ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}`);
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
      `autocannon in its own process, ${CONNECTIONS} connections, ${os.cpus().length} CPUs. ${ROUNDS} rounds; each round loads the two servers in four slices of ${DURATION_S} s in ABBA order (A the baseline in even rounds, the product in odd ones), and a server's requests per second in the round are its requests over its two slices. Figures are medians over the rounds; the ratio is the median of the rounds' ratios, beside their range (every round's ratio is the target). Baseline: bare Fastify + the bare driver running the product's session query, same answer, no log. The product logs every request at info level through its own buffered destination, to /dev/null. CPU per request: this process's user + system time (both servers live here, one loaded at a time) over the requests answered; the CPU ratio is baseline / product.`,
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
      `Every round's ratio, in order: ${roundLines.join('; ')}. Load average after the section: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' / ')}.`,
      '',
      `Target: ratio (requests per second) at least 0.8 in every round: ${verdicts.join('; ')}. On SQLite the product reads a session row again only when the database changed since (any commit, by this process or another; see auth/sessions.ts): this load writes nothing, so it measures a read-mostly moment; the baseline queries every time.`,
    ].join('\n');
  },
};
