import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

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
 * and anything we might embed. The portal asks for none of them (photos are files, not camera
 * captures), so an injected script cannot either.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
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
 * Helmet's headers on every response. @fastify/helmet rebuilds helmet on every request (a
 * large share of a small request's cost); our policy is static, so it is computed once.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  if (!headers['content-security-policy']) throw new Error('helmet produced no CSP');
  // a callback hook: an async one costs a promise and a microtask on every request
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
