/**
 * A CPU profile of the product answering loginInfo under autocannon, as the login-info bench
 * section builds it (its own logger at info level, to /dev/null), for finding per-request work:
 * `npx tsx bench/profile-hot-read.ts [sqlite|postgres] [seconds] [product|baseline]` writes
 * /tmp/hot-read-<kind>-<server>.cpuprofile (open it in Chrome DevTools) and prints the
 * functions with the most self time and the packages they belong to, each in microseconds of
 * CPU per answered request: a profile of the baseline (the bench's hand-written server) read
 * beside the product's shows what the product does per request that the baseline does not. The profile covers the load only, not
 * the seed or the start. BENCH_DATA_DIR keeps the seeded database between runs, as for the bench.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { bufferedLogDestination, serverLoggerOptions } from '../src/server/plugins/log-destination.js';
import { benchDatabase, disposeBenchDatabases, SIZES, type Kind } from './fixture.js';
import { loginInfoBaseline } from './support/login-info-baseline.js';

const kind = (process.argv[2] ?? 'sqlite') as Kind;
const seconds = Number(process.argv[3] ?? 5);
const server = process.argv[4] ?? 'product';
if (server !== 'product' && server !== 'baseline') throw new Error('the server is product or baseline');
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

/**
 * Self time per function and per package (node_modules/<name>, src/..., node:internal), as
 * microseconds of CPU per request: each place's share of the profile's busy samples times the
 * process's CPU time over the requests answered.
 */
function summarise(profile: { nodes: ProfileNode[]; samples: number[] }, cpuUs: number, requests: number): string {
  const total = profile.samples.length;
  const idle = profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').reduce((sum, node) => sum + node.hitCount, 0);
  const usPerSample = cpuUs / Math.max(1, total - idle) / Math.max(1, requests);
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    // waiting, not work: the share is printed once above
    if (functionName === '(idle)') continue;
    const place =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (/\/(src\/server\/[^/]+(?:\/[^/]+)?)/.exec(url)?.[1] ||
        (url.startsWith('node:') ? url.split('/').slice(0, 2).join('/') : url || functionName));
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.hitCount);
    byPlace.set(place, (byPlace.get(place) ?? 0) + node.hitCount);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([name, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} %  ${(hits * usPerSample).toFixed(1).padStart(6)} µs  ${name}`,
      )
      .join('\n');
  return [
    `${server}: ${requests} requests, ${(cpuUs / Math.max(1, requests)).toFixed(0)} µs of CPU per request (this process), samples: ${total}, idle ${((100 * idle) / Math.max(1, total)).toFixed(1)} %`,
    `by place (self time; % of samples, µs per request):\n${top(byPlace, 30)}`,
    `by function (self time):\n${top(byFunction, 40)}`,
  ].join('\n\n');
}

const database = await benchDatabase(kind, SIZES[0]!);
const token = await database.unitToken(1);
const config = loadConfig({ ...database.env, LOG_LEVEL: 'info' });
const product = await buildApp(config, { logger: serverLoggerOptions(config, bufferedLogDestination('/dev/null')) });
const app = server === 'product' ? product : await loginInfoBaseline(database, product, token);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const url = `http://127.0.0.1:${address.port}/exhibition/center/user/basic/loginInfo?entranceTypes=2`;

/** autocannon in its own process; the requests it had answered */
const load = async (duration: number): Promise<number> => {
  const child = spawn(
    process.execPath,
    [autocannonBin, '--json', '-c', '10', '-d', String(duration), '-H', `authorization=Bearer ${token}`, url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(child, 'exit');
  const result = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requests: { total: number }; non2xx: number; errors: number };
  if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
  return result.requests.total;
};
// warm: compiled serializers, optimised code
await load(2);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const cpuBefore = process.cpuUsage();
const requests = await load(seconds);
const cpu = process.cpuUsage(cpuBefore);
const { profile } = await session.post('Profiler.stop');
const file = `/tmp/hot-read-${kind}-${server}.cpuprofile`;
fs.writeFileSync(file, JSON.stringify(profile));
console.log(`${file}\n${summarise(profile as unknown as { nodes: ProfileNode[]; samples: number[] }, cpu.user + cpu.system, requests)}`);
if (app !== product) await app.close();
await product.close();
await disposeBenchDatabases();
