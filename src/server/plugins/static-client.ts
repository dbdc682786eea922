import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE, isAtOrBelow } from '../../shared/api-paths.js';
import { send } from '../http/error-handler.js';
import { registerFavicon } from './favicon.js';

/**
 * Headers that do nothing on a script, style or picture: they apply to documents (CSP, framing,
 * COOP, origin-agent-cluster, referrer policy, permissions policy, IE/Flash-era switches) or to
 * revalidation, which an immutable hashed file never needs. nosniff, CORP and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
  'etag',
];

/**
 * Serves the built client (vite outDir) on the API's port. Unknown GETs outside the API get
 * index.html (the client's router decides); everything else is a 404 envelope.
 */
export async function registerStaticClient(app: FastifyInstance): Promise<void> {
  const clientDir = app.config.clientDir;
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // one wildcard route: listing every built file as its own route cost a noticeable part of the start
      wildcard: true,
      index: ['index.html'],
      // the build writes .br and .gz beside every asset (scripts/precompress-plugin.ts): sent by Accept-Encoding
      preCompressed: true,
      // vite names assets by content hash: they never change; index.html always revalidates
      setHeaders: (response, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // typed as the raw response, but this version passes the Fastify reply
        const target = response as unknown as {
          header?: (n: string, v: string) => void;
          setHeader?: (n: string, v: string) => void;
          removeHeader: (n: string) => void;
        };
        const value = hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
        if (target.header) target.header('cache-control', value);
        else target.setHeader?.('cache-control', value);
        // a first visit fetches some fifty scripts: headers that only mean something on a
        // document (CSP, framing, referrer, ...) or for revalidation (never, for an immutable
        // file) would add about half a kilobyte to each
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) target.removeHeader(name);
      },
    });
  }
  await registerFavicon(app);
  app.setNotFoundHandler((request, reply) => {
    // the same test as the security headers' (an API URL never gets index.html with the API's CSP)
    const isApi = isAtOrBelow(request.url, API_BASE);
    // a missing file (a stale chunk after a deploy) must fail as a 404, not come back as HTML
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasClient && !isApi && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return send(request, reply, 'notFound');
  });
}
