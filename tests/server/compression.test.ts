import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress-plugin.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/server/plugins/compression.js';

// A small fake build, precompressed by the same step `vite build` runs.
const script = `export const words = ${JSON.stringify('summit registration '.repeat(400))};\n`;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync('/tmp/summit-compress-');
  fs.writeFileSync(`${dir}/index.html`, `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(100)}`);
  fs.mkdirSync(`${dir}/assets`);
  fs.writeFileSync(`${dir}/assets/app-1234.js`, script);
  fs.writeFileSync(`${dir}/assets/tiny-1234.js`, 'export {};');
  await precompressDirectory(dir);
  app = await buildApp(loadConfig({ DATA_DIR: `${dir}/data`, CLIENT_DIR: dir, SCRYPT_LOG2N: '10', SEED_DEMO_DATA: 'false' }), {
    logger: false,
  });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('the build step writes brotli and gzip beside every file, however small', () => {
  for (const file of ['index.html', 'assets/app-1234.js', 'assets/tiny-1234.js']) {
    expect(brotliDecompressSync(fs.readFileSync(`${dir}/${file}.br`)).toString()).toBe(fs.readFileSync(`${dir}/${file}`, 'utf8'));
    expect(gunzipSync(fs.readFileSync(`${dir}/${file}.gz`)).toString()).toBe(fs.readFileSync(`${dir}/${file}`, 'utf8'));
  }
});

it('sends the precompressed asset the client accepts, with immutable caching', async () => {
  const br = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // document-only headers stay off scripts (each would weigh on every request of a first visit)...
  for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'etag'])
    expect(br.headers[name], name).toBeUndefined();
  // ...and the ones that protect a script stay on
  expect(br.headers['x-content-type-options']).toBe('nosniff');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  expect(br.rawPayload.length).toBeLessThan(script.length / 4);

  const gzip = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

  const plain = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

it('index.html, also as the fallback of a client route, revalidates every time', async () => {
  for (const url of ['/', '/myNotice']) {
    const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>app</title>');
  }
  const missingChunk = await app.inject({ method: 'GET', url: '/assets/gone-1234.js', headers: { 'accept-encoding': 'br' } });
  expect(missingChunk.statusCode).toBe(404);
  const api = await app.inject({ method: 'GET', url: '/exhibition/nothing' });
  expect(api.json()).toMatchObject({ code: 404 });
});

it('compresses JSON answers above the threshold, leaves small ones alone', async () => {
  const large = await app.inject({ method: 'GET', url: '/exhibition/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
  expect(large.statusCode).toBe(200);
  expect(large.headers['content-encoding']).toBe('br');
  const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as { openapi?: string };
  expect(document.openapi).toBeDefined();

  const small = await app.inject({ method: 'GET', url: '/exhibition/qms/edition/current', headers: { 'accept-encoding': 'br, gzip' } });
  expect(small.statusCode).toBe(200);
  expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.json()).toMatchObject({ code: 200 });

  const uncompressed = await app.inject({ method: 'GET', url: '/exhibition/openapi.json' });
  expect(uncompressed.headers['content-encoding']).toBeUndefined();
  expect((uncompressed.json() as { openapi?: string }).openapi).toBeDefined();
});
