/**
 * A CPU profile of the product answering loginInfo under autocannon, as the login-info bench
 * section builds it (its own logger at info level, to /dev/null), for finding per-request work:
 * `npx tsx bench/profile-hot-read.ts [sqlite|postgres] [seconds]` writes
 * /tmp/hot-read-<kind>.cpuprofile (open it in Chrome DevTools) and prints the functions with
 * the most self time and the packages they belong to. The profile covers the load only, not
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

const kind = (process.argv[2] ?? 'sqlite') as Kind;
const seconds = Number(process.argv[3] ?? 5);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

/** Self time per function and per package (node_modules/<name>, src/..., node:internal). */
function summarise(profile: { nodes: ProfileNode[]; samples: number[] }): string {
  const total = profile.samples.length;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
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
      .map(([name, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `samples: ${total}\n\nby place (self time):\n${top(byPlace, 30)}\n\nby function (self time):\n${top(byFunction, 40)}`;
}

const database = await benchDatabase(kind, SIZES[0]!);
const token = await database.unitToken(1);
const config = loadConfig({ ...database.env, LOG_LEVEL: 'info' });
const product = await buildApp(config, { logger: serverLoggerOptions(config, bufferedLogDestination('/dev/null')) });
await product.listen({ port: 0, host: '127.0.0.1' });
const address = product.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const url = `http://127.0.0.1:${address.port}/exhibition/center/user/basic/loginInfo?entranceTypes=2`;

const load = async (duration: number) => {
  const child = spawn(process.execPath, [autocannonBin, '-c', '10', '-d', String(duration), '-H', `authorization=Bearer ${token}`, url], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await once(child, 'exit');
};
// warm: compiled serializers, optimised code
await load(2);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
await load(seconds);
const { profile } = await session.post('Profiler.stop');
const file = `/tmp/hot-read-${kind}.cpuprofile`;
fs.writeFileSync(file, JSON.stringify(profile));
console.log(`${file}\n${summarise(profile as unknown as { nodes: ProfileNode[]; samples: number[] })}`);
await product.close();
await disposeBenchDatabases();
