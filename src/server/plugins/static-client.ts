import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, isAtOrBelow } from '../../shared/api-paths.js';
import { send } from '../http/error-handler.js';
import { documentFor } from './boot-shell-document.js';
import { registerFavicon } from './favicon.js';
import { SIGN_IN_DOCUMENT } from '../../shared/boot-shell.js';

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
 * Longest path (query string aside) that may name a client file or route: the build's names and
 * the client's routes are far shorter, and a file system refuses a name past 255 bytes.
 */
const LONGEST_PATH = 255;

/** A `..` segment, spelled plainly or percent-encoded: never a file of the build, never a route. */
const DOT_DOT_SEGMENT = /(^|\/)(\.|%2e){2}(\/|$)/i;

/** What the path asks for when it is no file or route at all: too long (414) or climbing (404). */
function refusedPath(url: string): 'uriTooLong' | 'notFound' | null {
  // every request passes here: a slice, not split's array
  const query = url.indexOf('?');
  const pathName = query === -1 ? url : url.slice(0, query);
  if (pathName.length > LONGEST_PATH) return 'uriTooLong';
  if (DOT_DOT_SEGMENT.test(pathName)) return 'notFound';
  return null;
}

/**
 * Serves the built client (vite outDir) on the API's port. Unknown GETs outside the API get
 * index.html (the client's router decides); everything else is a 404 envelope.
 */
export async function registerStaticClient(app: FastifyInstance): Promise<void> {
  const clientDir = app.config.clientDir;
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  // a build older than the static shells, or a test's hand-made folder, has index.html only
  const hasSignInDocument = fs.existsSync(path.join(clientDir, SIGN_IN_DOCUMENT));
  // before any route: an overlong name made the file lookup fail (a 500 and an error log), and
  // an API id past the router's parameter length fell through to the file lookup too
  app.addHook('onRequest', (request, reply, done) => {
    const refused = refusedPath(request.url);
    if (refused) {
      void send(request, reply, refused);
      return;
    }
    done();
  });
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // one wildcard route: listing every built file as its own route cost a noticeable part of the start
      wildcard: true,
      index: ['index.html'],
      // an API path the API has no route for is the not-found handler's, never a file lookup
      allowedPath: (pathName) => !isAtOrBelow(pathName, API_BASE),
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
  /** A client route's document: index.html, or the sign-in shell's for a visitor bound for /login. */
  const sendDocument = (request: FastifyRequest, reply: FastifyReply) => {
    const document = hasSignInDocument ? documentFor(request) : 'index.html';
    // the document depends on the signed-in marker: a shared cache must not hand one visitor's to another
    return reply.header('cache-control', 'no-cache').header('vary', 'cookie').sendFile(document);
  };
  // the root is a client route like any other (a signed-out visitor goes on to /login), not the
  // static plugin's index file
  if (hasClient) app.get('/', sendDocument);
  await registerFavicon(app);
  app.setNotFoundHandler((request, reply) => {
    // the same test as the security headers' (an API URL never gets index.html with the API's CSP)
    const isApi = isAtOrBelow(request.url, API_BASE);
    // a missing file (a stale chunk after a deploy) must fail as a 404, not come back as HTML
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasClient && !isApi && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendDocument(request, reply);
    }
    return send(request, reply, 'notFound');
  });
}
