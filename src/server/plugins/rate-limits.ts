import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../http/app-error.js';
import { normaliseAccount } from '../services/account-name.js';

export interface LimitRule {
  /** requests per window and per IP */
  perIp: number;
  /** requests per window and per account named in the body (sign-in, codes, registration) */
  perAccount?: number;
  /** requests per window and per signed-in account (routes behind authenticate) */
  perSignedIn?: number;
  windowMs: number;
}

/**
 * Limits of the sensitive routes (requests per window). Per-IP limits are generous because a
 * company's staff often share one address; per-account limits are the tight ones.
 */
export const limits = {
  signIn: { perIp: 100, perAccount: 10, windowMs: 15 * 60_000 },
  sendCode: { perIp: 50, perAccount: 5, windowMs: 15 * 60_000 },
  register: { perIp: 50, perAccount: 5, windowMs: 60 * 60_000 },
  accountQuery: { perIp: 120, windowMs: 60_000 },
  captcha: { perIp: 120, windowMs: 60_000 },
  passwordChange: { perIp: 20, windowMs: 15 * 60_000 },
  /** face detection costs about 0.7 s of CPU per photo */
  upload: { perIp: 60, perSignedIn: 30, windowMs: 10 * 60_000 },
  /** invitation codes must not be guessable by trying */
  inviteCodeCheck: { perIp: 60, perSignedIn: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  // global: false -> only routes that ask for a guard are limited
  await app.register(rateLimit, { global: false });
}

function accountKey(request: FastifyRequest): string {
  const body = request.body as { account?: unknown } | undefined;
  return typeof body?.account === 'string' ? normaliseAccount(body.account) : '';
}

function signedInKey(request: FastifyRequest): string {
  return request.account ? `signed-in:${request.account.id}` : '';
}

export interface GuardHooks {
  onRequest: onRequestAsyncHookHandler[];
  preHandler: preHandlerAsyncHookHandler[];
}

type LimitResult = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

/** Seconds until the window reopens when the limit is exceeded, else null. */
function exceededBy(result: LimitResult): number | null {
  return !result.isAllowed && result.isExceeded ? result.ttlInSeconds : null;
}

/**
 * Hooks counting a request per IP (on arrival, before validation, so malformed floods count
 * too) and, where the body names an account, per account (after validation), and per
 * signed-in account (after authentication). In-memory
 * counters per instance; @fastify/rate-limit counts every request, not only failures.
 */
export function rateLimitGuard(app: FastifyInstance, rule: LimitRule): GuardHooks {
  if (!app.config.rateLimits) return { onRequest: [], preHandler: [] };
  const perIp = app.createRateLimit({ max: rule.perIp, timeWindow: rule.windowMs });
  const perAccount =
    rule.perAccount === undefined
      ? null
      : app.createRateLimit({ max: rule.perAccount, timeWindow: rule.windowMs, keyGenerator: (request) => `account:${accountKey(request)}` });
  const perSignedIn =
    rule.perSignedIn === undefined ? null : app.createRateLimit({ max: rule.perSignedIn, timeWindow: rule.windowMs, keyGenerator: signedInKey });
  const reject = (reply: FastifyReply, ttlInSeconds: number): never => {
    reply.header('retry-after', String(ttlInSeconds));
    throw new AppError('tooManyRequests');
  };
  return {
    onRequest: [
      async (request, reply) => {
        const wait = exceededBy(await perIp(request));
        if (wait !== null) reject(reply, wait);
      },
    ],
    preHandler: [
      ...(perAccount
        ? [
            async (request: FastifyRequest, reply: FastifyReply) => {
              if (!accountKey(request)) return;
              const wait = exceededBy(await perAccount(request));
              if (wait !== null) reject(reply, wait);
            },
          ]
        : []),
      ...(perSignedIn
        ? [
            async (request: FastifyRequest, reply: FastifyReply) => {
              if (!signedInKey(request)) return;
              const wait = exceededBy(await perSignedIn(request));
              if (wait !== null) reject(reply, wait);
            },
          ]
        : []),
    ],
  };
}

/**
 * Route options: the guard's hooks, with optional hooks (e.g. authenticate) run before
 * validation, so a signed-out caller gets 401 and not a list of body fields.
 */
export function guarded(app: FastifyInstance, rule: LimitRule, ...beforeValidation: preValidationAsyncHookHandler[]) {
  const hooks = rateLimitGuard(app, rule);
  return { onRequest: hooks.onRequest, preValidation: beforeValidation, preHandler: hooks.preHandler };
}
