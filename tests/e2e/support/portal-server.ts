import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';

export interface RunningPortal {
  baseUrl: string;
  close: () => Promise<void>;
  /** the running app, for tests that put a row in its database first (an old record) */
  app: FastifyInstance;
}

/**
 * The real thing: the client built by Vite once for the run (build-client-once.ts) served by
 * the real server on a fresh SQLite database of this file's own, on a random loopback port.
 */
/**
 * Vitest sets NODE_ENV=test, which gives a development build of React; a test that weighs what
 * users download asks for the production build, made for that file alone.
 */
async function buildProductionClient(clientDir: string): Promise<string> {
  const savedNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'error', mode: 'production', build: { outDir: clientDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = savedNodeEnv;
  }
  return clientDir;
}

export async function startPortal(options: { productionBuild?: boolean } = {}): Promise<RunningPortal> {
  const root = mkdtempSync(join(tmpdir(), 'summit-e2e-'));
  const clientDir = options.productionBuild ? await buildProductionClient(join(root, 'client')) : inject('e2eClientDir');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    DATA_DIR: join(root, 'data'),
    CLIENT_DIR: clientDir,
    // many sign-ins from one address in a few seconds: the limits are tested on the server side
    RATE_LIMITS: 'false',
    SCRYPT_LOG2N: '12',
    SEED_DEMO_DATA: 'true',
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'silent',
  });
  const app: FastifyInstance = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    close: async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
