import fs from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress-plugin.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { SIGN_IN_DOCUMENT } from '../../src/shared/boot-shell.js';
import { SIGNED_IN_COOKIE } from '../../src/shared/session-cookie.js';

// A fake build with both documents of the static shell (scripts/boot-shell-plugin.ts), precompressed as `vite build` does.
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync('/tmp/summit-boot-shell-');
  fs.writeFileSync(`${dir}/index.html`, '<!doctype html><title>common layout</title>');
  fs.writeFileSync(`${dir}/${SIGN_IN_DOCUMENT}`, '<!doctype html><title>sign-in card</title>');
  await precompressDirectory(dir);
  app = await buildApp(loadConfig({ DATA_DIR: `${dir}/data`, CLIENT_DIR: dir, SCRYPT_LOG2N: '10', SEED_DEMO_DATA: 'false' }), {
    logger: false,
  });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function documentOf(url: string, signedIn: boolean): Promise<string> {
  const page = await app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'br', ...(signedIn ? { cookie: `${SIGNED_IN_COOKIE}=1` } : {}) },
  });
  expect(page.statusCode).toBe(200);
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.headers['content-encoding']).toBe('br');
  // one URL, two documents by the marker: a shared cache must keep them apart
  expect(String(page.headers.vary)).toMatch(/cookie/i);
  return /<title>(.*)<\/title>/.exec(brotliDecompressSync(page.rawPayload).toString())?.[1] ?? '';
}

it('sends a signed-out visitor bound for /login the sign-in shell, the root and guarded routes included', async () => {
  for (const url of ['/login', '/login?redirect=%2Fguests%2Fnew', '/', '/guests/new', '/dashboard/']) {
    expect(await documentOf(url, false), url).toBe('sign-in card');
  }
});

it('sends the common layout to signed-in visitors and to the open pages of that layout', async () => {
  for (const url of ['/login', '/', '/guests/new']) expect(await documentOf(url, true), url).toBe('common layout');
  for (const url of ['/guide', '/privacy-policy', '/choose', '/registerFrontUser', '/404']) {
    expect(await documentOf(url, false), url).toBe('common layout');
  }
});
