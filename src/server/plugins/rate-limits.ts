import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, isAppError } from '../http/app-error.js';
import type { ErrorName } from '../../shared/error-catalogue.js';
import { SIGN_IN_TURN_HEADER } from '../../shared/api-paths.js';
import { normaliseAccount } from '../security/account-name.js';
import type { Redis } from 'ioredis';
import type { AccountNames } from '../auth/account-names.js';
import type { SignInThrottle, ThrottleRules } from '../auth/sign-in-throttle.js';
import { degradingRateLimitStore } from '../cluster/degrading-rate-limit-store.js';

export interface LimitRule {
  /** requests per window and per IP */
  perIp: number;
  /** requests per window and per account named in the body (sign-in, codes, registration) */
  perAccount?: number;
  /** requests per window and per signed-in account (routes behind authenticate) */
  perSignedIn?: number;
  windowMs: number;
  /**
   * Instead of perAccount: the sign-in throttle (security/sign-in-throttle.ts) counting FAILED
   * attempts per account and client, and per account, in Redis or the database.
   */
  throttle?: { perClient: number; escalateAt: number; maxDelayMs: number };
}

/**
 * Limits of the sensitive routes (requests per window). Per-IP limits are generous because a
 * company's staff often share one address; per-account limits are the tight ones.
 */
export const limits = {
  /** ONE budget shared by password, code and guest sign-in, password reset and account change */
  signIn: { perIp: 100, windowMs: 15 * 60_000, throttle: { perClient: 10, escalateAt: 10, maxDelayMs: 8_000 } },
  sendCode: { perIp: 50, perAccount: 5, windowMs: 15 * 60_000 },
  register: { perIp: 50, perAccount: 5, windowMs: 60 * 60_000 },
  // "does this mobile or e-mail have an account": a handful an hour, or it is an enumeration tool
  accountQuery: { perIp: 5, windowMs: 60 * 60_000 },
  captcha: { perIp: 120, windowMs: 60_000 },
  passwordChange: { perIp: 20, windowMs: 15 * 60_000 },
  /** face detection costs about 0.7 s of CPU per photo */
  upload: { perIp: 60, perSignedIn: 30, windowMs: 10 * 60_000 },
  /** invitation codes must not be guessable by trying */
  inviteCodeCheck: { perIp: 60, perSignedIn: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;

/** Answers that mean "this secret was wrong": only these count against an account. */
const CREDENTIAL_FAILURES = new Set<ErrorName>([
  'invalidCredentials',
  'userNotExist',
  'notAGuest',
  'codeInvalid',
  'codeAttemptsExceeded',
  'oldPasswordIncorrect',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the sign-in throttle: the account is under attack, a fresh image code is required */
    signInEscalated: boolean;
    /** the catalogue name of the error this request answered with, for the throttle */
    answeredError: ErrorName | null;
  }
}

/** What the guards are built from (composition.ts): sign-in names' keys and the failure throttle. */
export interface RateLimitParts {
  names: AccountNames;
  signInThrottle: (redis: Redis | null, rule: ThrottleRules, windowMs: number) => SignInThrottle;
  /** hears of a failed Redis command the limiters survived by counting in this instance */
  redisDegraded: (error: unknown) => void;
}

const partsOfApp = new WeakMap<object, RateLimitParts>();

export async function registerRateLimits(app: FastifyInstance, parts: RateLimitParts): Promise<void> {
  partsOfApp.set(app.config, parts);
  // global: false -> only routes that ask for a guard are limited. With Redis every instance
  // counts into the same keys; during a Redis outage each instance counts on its own (logged)
  // rather than answering every guarded route with 500.
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { store: degradingRateLimitStore(app.redis, 'rate-limit:', parts.redisDegraded) } : {}),
  });
  app.decorateRequest('signInEscalated', false);
  app.decorateRequest('answeredError', null);
  // an error may say when to come back (the hash queue's expected wait)
  app.addHook('onError', async (request, reply, error) => {
    if (!isAppError(error)) return;
    request.answeredError = error.name_;
    const retryAfter = error.params.retryAfterSeconds;
    if (typeof retryAfter === 'number' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfter));
    // the hash queue's promised turn: the client sends it back with its retry
    const turn = error.params.turnTicket;
    if (typeof turn === 'string') reply.header(SIGN_IN_TURN_HEADER, turn);
  });
}

function partsOf(app: FastifyInstance): RateLimitParts {
  const parts = partsOfApp.get(app.config);
  if (!parts) throw new Error('registerRateLimits(app, parts) must run before a route asks for a guard');
  return parts;
}

/** the account a sign-in names, as its blind index: the failure counters (table or Redis) never hold a name */
function accountKey(request: FastifyRequest, names: AccountNames): string {
  const body = request.body as { account?: unknown } | undefined;
  return typeof body?.account === 'string' && normaliseAccount(body.account) !== '' ? names.throttleKey(body.account) : '';
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

type Reject = (reply: FastifyReply, ttl: number) => never;

function throttleGuard(app: FastifyInstance, rule: LimitRule & Required<Pick<LimitRule, 'throttle'>>, reject: Reject, names: AccountNames) {
  const throttle = partsOf(app).signInThrottle(app.redis ?? null, rule.throttle, rule.windowMs);
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = accountKey(request, names);
    if (!account) return;
    const decision = await throttle.decide(account, request.ip);
    if (decision.kind === 'refuse') reject(reply, decision.retryAfterSeconds);
    if (decision.kind === 'escalate') {
      request.signInEscalated = true;
      await sleep(decision.delayMs);
    }
  };
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const account = accountKey(request, names);
    if (!account) return payload;
    try {
      if (reply.statusCode < 300) await throttle.recordSuccess(account, request.ip);
      else if (request.answeredError && CREDENTIAL_FAILURES.has(request.answeredError)) await throttle.recordFailure(account, request.ip);
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

/** A stable name per rule: in Redis all limiters share one key space. */
function ruleName(rule: LimitRule): string {
  return Object.entries(limits).find(([, known]) => known === rule)?.[0] ?? `rule-${rule.perIp}-${rule.windowMs}`;
}

/**
 * Hooks counting a request per IP (on arrival, before validation, so malformed floods count
 * too) and, where the body names an account, per account (after validation), and per
 * signed-in account (after authentication). Counters live in Redis when REDIS_URL is set
 * (shared by every instance), else in this process; @fastify/rate-limit counts every request,
 * not only failures.
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
  const name = ruleName(rule);
  const names = partsOf(app).names;
  const perIp = app.createRateLimit({ max: rule.perIp, timeWindow: rule.windowMs, keyGenerator: (request) => `${name}:ip:${request.ip}` });
  const perAccount =
    rule.perAccount === undefined
      ? null
      : app.createRateLimit({
          max: rule.perAccount,
          timeWindow: rule.windowMs,
          keyGenerator: (request) => `${name}:account:${accountKey(request, names)}`,
        });
  const perSignedIn =
    rule.perSignedIn === undefined
      ? null
      : app.createRateLimit({
          max: rule.perSignedIn,
          timeWindow: rule.windowMs,
          keyGenerator: (request) => `${name}:${signedInKey(request)}`,
        });
  const reject: Reject = (reply, ttlInSeconds) => {
    reply.header('retry-after', String(ttlInSeconds));
    throw new AppError('tooManyRequests');
  };
  const throttled = rule.throttle ? throttleGuard(app, { ...rule, throttle: rule.throttle }, reject, names) : null;
  return {
    onRequest: [
      async (request, reply) => {
        const wait = exceededBy(await perIp(request));
        if (wait !== null) reject(reply, wait);
      },
    ],
    onSend: throttled ? [throttled.onSend] : [],
    preHandler: [
      ...(throttled ? [throttled.preHandler] : []),
      ...(perAccount
        ? [
            async (request: FastifyRequest, reply: FastifyReply) => {
              if (!accountKey(request, names)) return;
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
 * Route options: the guard's hooks, with optional hooks run before validation. On a signed-in
 * route `authenticate` goes first (requireSignInWhereDeclared), so a signed-out caller gets 401
 * and not a list of body fields.
 */
export function guarded(app: FastifyInstance, rule: LimitRule, ...beforeValidation: preValidationAsyncHookHandler[]) {
  const hooks = rateLimitGuard(app, rule);
  return { onRequest: hooks.onRequest, preValidation: beforeValidation, preHandler: hooks.preHandler, onSend: hooks.onSend };
}
