import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../http/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

/** The origin a browser named for the request: `Origin`, else the origin of `Referer`; null when neither. */
function claimedOrigin(request: FastifyRequest): URL | null | 'unreadable' {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const given = origin ?? referer;
  if (given === undefined) return null;
  try {
    return new URL(given);
  } catch {
    // "Origin: null" (sandboxed frames, some redirects) and garbage
    return 'unreadable';
  }
}

/**
 * The claimed origin is this portal: its host (with port) is the Host header the request came
 * with, or it is one of ALLOWED_ORIGINS. Never X-Forwarded-Host, whatever TRUST_PROXY says: a
 * proxy passes a client's own X-Forwarded-Host on unchanged, while deploy/nginx.conf sets Host.
 * The scheme is not compared with the request's: behind a TLS-terminating proxy the server
 * sees http where the page was https (and a Secure cookie never rides on http anyway).
 */
function isOwnOrigin(request: FastifyRequest, claimed: URL): boolean {
  if (claimed.protocol !== 'http:' && claimed.protocol !== 'https:') return false;
  if (request.server.config.allowedOrigins.includes(claimed.origin)) return true;
  try {
    // read the Host with the claimed scheme, so "host:80" equals "http://host" (default ports dropped)
    const host = request.headers.host;
    return host !== undefined && claimed.host === new URL(`${claimed.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery. A state-changing request that names another
 * origin is refused whatever it carries (also sign-in: no signing a victim into the attacker's
 * account). `requireOrigin`: the request rides on the session cookie, so it must name an
 * origin at all; requests without cookie (API clients with a bearer token, curl) need not.
 */
export function checkOrigin(request: FastifyRequest, requireOrigin: boolean): void {
  if (!changesState(request)) return;
  const claimed = claimedOrigin(request);
  if (claimed === null) {
    if (requireOrigin) throw new AppError('originRefused');
    return;
  }
  if (claimed === 'unreadable' || !isOwnOrigin(request, claimed)) throw new AppError('originRefused');
}

/**
 * Every API route that changes state: a request naming a foreign origin is refused at once,
 * before any other hook of the route. Only those routes carry the hook (an API scope hook ran on
 * every read too, to find it had nothing to check); the API's unknown paths never had it (the
 * not-found answer is the root's). Register before the routes.
 */
export function registerOriginCheck(api: FastifyInstance): void {
  // a callback hook: an async one costs a promise and a microtask on every request
  const refuseForeignOrigin: onRequestHookHandler = (request, _reply, done) => {
    try {
      checkOrigin(request, false);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => SAFE_METHODS.has(method))) return;
    const declared = route.onRequest;
    const others = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
    route.onRequest = [refuseForeignOrigin, ...others];
  });
}
