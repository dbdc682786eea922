import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: a compressed frame would save less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON, and any other compressible type) above the threshold by the
 * client's Accept-Encoding. Brotli at quality 4: close to gzip's speed with a better ratio;
 * the default quality 11 is for build time (the static client is precompressed, see
 * scripts/precompress-plugin.ts, and @fastify/static sends those files as they are). Request
 * bodies are not decompressed: no client of ours sends them compressed, and inflating would let
 * a small body grow past the body limit's intent.
 * Registered before @fastify/static and the routes, as the plugin's global hook requires.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
