import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { precompress } from '../../scripts/precompress-plugin';

export interface BarePage {
  url: string;
  close: () => Promise<void>;
}

const pageRoot = fileURLToPath(new URL('./bare-rjsf/', import.meta.url));

/**
 * Builds the bare @rjsf/mui page of the guest form (production, precompressed like the
 * product) and serves it from a bare Fastify + @fastify/static on a loopback port.
 */
export async function startBareRjsfPage(): Promise<BarePage> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'summit-bare-rjsf-'));
  await build({
    configFile: false,
    root: pageRoot,
    logLevel: 'error',
    mode: 'production',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  const app = Fastify();
  await app.register(fastifyStatic, { root: outDir, preCompressed: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/index.html`,
    close: async () => {
      await app.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
