/**
 * The export section's server process: the product on the bench database (env from the
 * parent), listening on a free port, sampling its own RSS every 20 ms between 'start' and
 * 'report', so the figure is the serving process's alone.
 */
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';

const app = await buildApp(loadConfig(process.env), { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
let idle = 0;
let peak = 0;
let sampler: NodeJS.Timeout | undefined;
process.on('message', (message) => {
  if (message === 'start') {
    idle = process.memoryUsage().rss;
    peak = idle;
    sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    process.send?.('started');
    return;
  }
  if (message !== 'report') return;
  clearInterval(sampler);
  process.send?.({ idle, peak: Math.max(peak, process.memoryUsage().rss) });
  void app.close().then(() => process.exit(0));
});
process.send?.({ port: address.port });
