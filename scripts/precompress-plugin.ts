import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files worth compressing; pictures, fonts in woff2 and the like are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|bin|wasm|ico)$/i;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every
 * compressible file of the build, so the server sends them as they are (@fastify/static
 * `preCompressed`) and never spends CPU compressing a static file per request.
 *
 * node:zlib rather than a Vite plugin from npm: the well-known vite-plugin-compression has not
 * been released since 2021, and this is twenty lines with no dependency. Every compressible
 * file gets both variants, however small, so "every script is compressed" holds.
 */
export async function precompressDirectory(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size === 0) continue;
    work.push(
      (async () => {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        files += 1;
        bytes += content.length;
        brotliBytes += br.length;
      })(),
    );
  }
  await Promise.all(work);
  return { files, bytes, brotliBytes };
}

/** Vite plugin: precompresses the output folder once the bundle is written (every `vite build`, tests' builds included). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'summit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
