import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../http/app-error.js';
import { normaliseAccount } from '../services/account-name.js';
import { SignInFailures } from '../security/sign-in-failures.js';

export interface LimitRule {
  /** requests per window and per IP */
  perIp: number;
  /** requests per window and per account named in the body (sign-in, codes, registration) */
  perAccount?: number;
  /** requests per window and per signed-in account (routes behind authenticate) */
  perSignedIn?: number;
  windowMs: number;
  /**
   * perAccount counts FAILED attempts (any 4xx but 429) in the database instead of every
   * request in memory: a flood of other names cannot evict the counter, and a success clears it
   */
  accountFailuresInDb?: boolean;
}

/**
 * Limits of the sensitive routes (requests per window). Per-IP limits are generous because a
 * company's staff often share one address; per-account limits are the tight ones.
 */
export const limits = {
  /** ONE budget shared by password, code and guest sign-in, password reset and account change */
  signIn: { perIp: 100, perAccount: 10, windowMs: 15 * 60_000, accountFailuresInDb: true },
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
  /** onSend, not onResponse: the counter is written before the answer leaves (no race with the next attempt) */
  onSend: onSendAsyncHookHandler[];
}

/**
 * Guards built per app and per rule: routes sharing a rule share its counters (one sign-in
 * budget per IP across all the ways in, not one per route).
 */
const builtGuards = new WeakMap<object, Map<LimitRule, GuardHooks>>();

function accountFailureGuard(app: FastifyInstance, rule: LimitRule & { perAccount: number }, reject: (reply: FastifyReply, ttl: number) => never) {
  const failures = new SignInFailures(app.db, rule.perAccount, rule.windowMs);
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = accountKey(request);
    if (!account) return;
    const wait = await failures.blockedFor(account);
    if (wait !== null) reject(reply, wait);
  };
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const account = accountKey(request);
    if (!account) return payload;
    const status = reply.statusCode;
    try {
      if (status < 300) await failures.clear(account);
      else if (status >= 400 && status < 500 && status !== 429) await failures.recordFailure(account);
    } catch (error) {
      request.log.error({ err: error }, 'sign-in failure counter not updated');
    }
    return payload;
  };
  return { preHandler, onSend };
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
  if (!app.config.rateLimits) return { onRequest: [], preHandler: [], onSend: [] };
  let perApp = builtGuards.get(app.config);
  if (!perApp) {
    perApp = new Map();
    builtGuards.set(app.config, perApp);
  }
  const built = perApp.get(rule) ?? buildGuard(app, rule);
  perApp.set(rule, built);
  return built;
}

function buildGuard(app: FastifyInstance, rule: LimitRule): GuardHooks {
  const perIp = app.createRateLimit({ max: rule.perIp, timeWindow: rule.windowMs });
  const perAccount =
    rule.perAccount === undefined || rule.accountFailuresInDb
      ? null
      : app.createRateLimit({ max: rule.perAccount, timeWindow: rule.windowMs, keyGenerator: (request) => `account:${accountKey(request)}` });
  const perSignedIn =
    rule.perSignedIn === undefined ? null : app.createRateLimit({ max: rule.perSignedIn, timeWindow: rule.windowMs, keyGenerator: signedInKey });
  const reject = (reply: FastifyReply, ttlInSeconds: number): never => {
    reply.header('retry-after', String(ttlInSeconds));
    throw new AppError('tooManyRequests');
  };
  const failures = rule.accountFailuresInDb && rule.perAccount !== undefined ? accountFailureGuard(app, { ...rule, perAccount: rule.perAccount }, reject) : null;
  return {
    onRequest: [
      async (request, reply) => {
        const wait = exceededBy(await perIp(request));
        if (wait !== null) reject(reply, wait);
      },
    ],
    onSend: failures ? [failures.onSend] : [],
    preHandler: [
      ...(failures ? [failures.preHandler] : []),
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
  return { onRequest: hooks.onRequest, preValidation: beforeValidation, preHandler: hooks.preHandler, onSend: hooks.onSend };
}
