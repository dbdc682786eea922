import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { API_BASE, isAtOrBelow } from '../../shared/api-paths.js';

/**
 * CSP for the built React/MUI app: scripts only from us (the precompiled validators need no
 * eval), styles inline because emotion injects <style> tags, images also as data: URLs
 * (the image code). Nothing may frame us; no <base> rewriting.
 */
const helmetOptions: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/** Runs helmet once against a recording response and returns the headers it sets. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Helmet sets no Permissions-Policy: every powerful feature the portal never uses is off for us
 * and anything we might embed. The one it asks for is the camera, on its own origin only: the
 * check-in screen reads badges' QR codes with it (photos are files, not camera captures).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

let computed: Record<string, string> | null = null;

/** The static security headers (also written by hand on answers that bypass the hooks). */
export function securityHeaders(): Record<string, string> {
  computed ??= { ...helmetHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  return computed;
}

/**
 * A JSON answer (or a file the API sends) is no document: it runs no script, loads nothing and
 * sends no referrer, so of helmet's set it needs only what still acts on it (OWASP's REST
 * security headers): a CSP that allows nothing and no framing, no sniffing, framing denied,
 * same-origin reads, HSTS; and the Permissions-Policy every answer carries. The
 * document-only headers (the app's CSP, referrer policy, COOP, origin-agent-cluster and the
 * IE/Flash-era switches) were about half of a cheap read's headers and a measured share of its
 * cost (loginInfo).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const API_HEADERS_FROM_HELMET = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'];

let computedForApi: Record<string, string> | null = null;

/** The security headers of API answers (also written by hand on answers that bypass the hooks). */
export function apiSecurityHeaders(): Record<string, string> {
  if (!computedForApi) {
    const all = securityHeaders();
    const picked: Record<string, string> = {
      'content-security-policy': API_CONTENT_SECURITY_POLICY,
      'permissions-policy': PERMISSIONS_POLICY,
    };
    for (const name of API_HEADERS_FROM_HELMET) {
      const value = all[name];
      if (value === undefined) throw new Error(`helmet produced no ${name}`);
      picked[name] = value;
    }
    computedForApi = picked;
  }
  return computedForApi;
}

const DOCS = `${API_BASE}/docs`;

/** Under the API prefix everything is an answer or a file, except the OpenAPI docs page (a document). */
export function isApiAnswerUrl(url: string): boolean {
  return isAtOrBelow(url, API_BASE) && !isAtOrBelow(url, DOCS);
}

/**
 * Helmet's headers on every document, the API set on every API answer. @fastify/helmet rebuilds
 * helmet on every request (a large share of a small request's cost); our policy is static, so
 * both sets are computed once.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  if (!headers['content-security-policy']) throw new Error('helmet produced no CSP');
  const forApi = apiSecurityHeaders();
  // a callback hook: an async one costs a promise and a microtask on every request
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswerUrl(request.url) ? forApi : headers);
    done();
  });
}
