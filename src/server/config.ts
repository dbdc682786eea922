import path from 'node:path';
import { defaultFaceWorkers } from './uploads/face-detector.js';
import { loadDataKeyring, type DataKeyring } from './security/data-keys.js';
import { loadOrCreateSecret } from './security/secret-file.js';

export interface ScryptCost {
  /** log2 of N */
  log2N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt minimums (Password Storage Cheat Sheet), equal in strength: less memory per hash
 * with more passes (p) over it, r = 8. The default is 2^14 with p = 5 (16 MiB): on a 2-core
 * machine shared with other work, two 2^17 hashes side by side (128 MiB each, every page faulted
 * in and zeroed anew) took 9 s where two at 2^14/p5 took 1.5-2.6 s (load 18-20), and sign-ins
 * under load ran at the pace of the hashes.
 */
export const SCRYPT_MIN_P: Readonly<Record<number, number>> = { 13: 10, 14: 5, 15: 3, 16: 2, 17: 1 };
export const DEFAULT_SCRYPT_LOG2N = 14;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** the upload store: a folder every instance mounts (UPLOAD_DIR, default DATA_DIR/uploads) */
  uploadDir: string;
  /** Redis shared by every instance (rate limits, sign-in throttles); null = counters in this process / the database */
  redisUrl: string | null;
  /** prefix of every Redis key (REDIS_KEY_PREFIX, default `summit:`): deployments may share a Redis */
  redisKeyPrefix: string;
  /** how long a SIGTERM waits for requests in flight before closing anyway */
  shutdownGraceMs: number;
  /** how long a SIGTERM keeps serving (with /readyz 503) before the port closes */
  shutdownDrainMs: number;
  /** who may read /metrics: a bearer token (METRICS_TOKEN), else loopback clients only */
  metricsToken: string | null;
  /** PostgreSQL when set, else SQLite at `${dataDir}/summit.sqlite` */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (tests run each in their own); null = default search_path */
  databaseSchema: string | null;
  smtpUrl: string | null;
  smtpFrom: string;
  /** a CJK font file for badges (BADGE_FONT); unset: Noto Sans CJK from Debian's fonts-noto-cjk when installed */
  badgeFont: string | null;
  /** people per PDF of a unit's badge batch (BADGE_BATCH_CAP): a larger batch is printed a PDF at a time */
  badgeBatchCap: number;
  production: boolean;
  sessionSecret: string;
  codeSecret: string;
  /** keys of personal data at rest: DATA_KEY, DATA_KEYS_OLD, DATA_INDEX_KEY (security/data-keys.ts) */
  dataKeyring: DataKeyring;
  /** days after the edition's end before its personal data may be purged (RETENTION_DAYS) */
  retentionDays: number;
  filingNumber: string;
  summitName: string;
  /**
   * the dev outbox (route + clear codes): only when switched on (DEV_OUTBOX=1), never in
   * production. Off by default: behind a plain TCP forwarder every client looks local.
   */
  devOutbox: boolean;
  rateLimits: boolean;
  /** behind a reverse proxy: take the client IP (rate limits) from X-Forwarded-For */
  trustProxy: boolean;
  /** the session cookie's Secure attribute (SESSION_COOKIE_SECURE; always on in production) */
  sessionCookieSecure: boolean;
  /**
   * origins, besides the request's own host, whose state-changing requests may ride on the
   * session cookie (ALLOWED_ORIGINS, comma-separated `https://host[:port]`)
   */
  allowedOrigins: string[];
  /** the image code on password sign-in; only benchmarks turn it off, never in production */
  captchaRequired: boolean;
  scrypt: ScryptCost;
  /** how many scrypt hashes may run at once (each needs 128 x N x r bytes: 16 MiB at the default cost) */
  hashConcurrency: number;
  /** face-detection worker threads checking photos side by side (FACE_WORKERS, default: the cores this process may use) */
  faceWorkers: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** console lists: how long a total above 5,000 rows is kept per filter (services/list-totals.ts); 0 counts every page */
  listTotalCacheMs: number;
  /** this instance delivers queued messages (MESSAGE_WORKER, default on; every instance may, leases keep each delivery to one) */
  messageWorker: boolean;
  /** how long an idle message worker waits before looking again (MESSAGE_POLL_MS) */
  messagePollMs: number;
  /**
   * how long a delivery claimed or handed to the transport is an instance's (MESSAGE_LEASE_MS):
   * after it, a dead instance's claims are taken over and its hand-overs marked unconfirmed
   */
  messageLeaseMs: number;
  /** the portal's address for the {link} of messages (PORTAL_URL) */
  portalUrl: string;
  /** uploads: the minimum rate over each window, instead of REQUEST_TIMEOUT_MS (uploads/upload-pace.ts) */
  uploadMinBytesPerSecond: number;
  uploadStallWindowMs: number;
  logLevel: string;
  seedDemoData: boolean;
  /** built client to serve, if the folder exists */
  clientDir: string;
}

type Env = Record<string, string | undefined>;

/** Reads the environment, validates it and lists every problem at once (fails fast). */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = env[name];
    if (!raw) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) problems.push(`${name} must use ${protocols.join(' or ')}`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  };

  const port = int('PORT', 8080, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  if (redisUrl && !databaseUrl)
    problems.push('REDIS_URL means several instances, and SQLite is for one instance only: set DATABASE_URL (PostgreSQL) too');
  const uploadDir = path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads'));
  const shutdownGraceMs = int('SHUTDOWN_GRACE_MS', 25_000, 0, 600_000);
  // several instances (REDIS_URL) sit behind a balancer: one polling /readyz every 2 s notices
  // the 503 well within 5 s; a single instance has nobody to tell and stops at once
  const shutdownDrainMs = int('SHUTDOWN_DRAIN_MS', redisUrl ? 5_000 : 0, 0, 600_000);
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const devOutbox = bool('DEV_OUTBOX', false);
  if (production && devOutbox) problems.push('DEV_OUTBOX cannot be on in production (it hands out every code in clear)');
  const rateLimits = bool('RATE_LIMITS', true);
  const trustProxy = bool('TRUST_PROXY', false);
  // behind a proxy every client arrives from one hop away; a forwarder that adds no header would
  // make any of them loopback: an instance that trusts a proxy never hands out codes in clear
  if (devOutbox && trustProxy)
    problems.push(
      'DEV_OUTBOX cannot be on with TRUST_PROXY (an instance behind a proxy must not hand out codes): read codes from a separate loopback instance without TRUST_PROXY',
    );
  const captchaRequired = bool('CAPTCHA_REQUIRED', true);
  // a TLS-terminating proxy still makes the browser's side https: Secure fits it too
  const sessionCookieSecure = bool('SESSION_COOKIE_SECURE', production);
  if (production && !sessionCookieSecure) problems.push('SESSION_COOKIE_SECURE cannot be off in production (serve the portal over https)');
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      try {
        const parsed = new URL(item);
        if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === item.replace(/\/$/, ''))
          return parsed.origin;
      } catch {
        // reported below
      }
      problems.push(`ALLOWED_ORIGINS: "${item}" is not an origin (scheme://host[:port], no path)`);
      return '';
    });
  if (production && !captchaRequired) problems.push('CAPTCHA_REQUIRED cannot be off in production');
  if (production && !rateLimits) problems.push('RATE_LIMITS cannot be off in production');
  const log2N = int('SCRYPT_LOG2N', DEFAULT_SCRYPT_LOG2N, 10, 20);
  // below OWASP's table (tests' cheap hashes) one pass; from 2^17 up, one pass is the minimum
  const minimumP = log2N >= 17 ? 1 : (SCRYPT_MIN_P[log2N] ?? 1);
  const scryptP = int('SCRYPT_P', minimumP, 1, 64);
  const hashConcurrency = int('HASH_CONCURRENCY', 2, 1, 64);
  const faceWorkers = int('FACE_WORKERS', defaultFaceWorkers(), 1, 64);
  const sessionIdleMinutes = int('SESSION_IDLE_MINUTES', 120, 1, 100_000);
  const sessionAbsoluteHours = int('SESSION_ABSOLUTE_HOURS', 24, 1, 10_000);
  const bodyLimitBytes = int('BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576);
  const requestTimeoutMs = int('REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000);
  const listTotalCacheMs = int('LIST_TOTAL_CACHE_MS', 10_000, 0, 600_000);
  const messagePollMs = int('MESSAGE_POLL_MS', 2_000, 10, 600_000);
  const uploadMinBytesPerSecond = int('UPLOAD_MIN_BYTES_PER_SECOND', 32_768, 1024, 10 * 1_048_576);
  const uploadStallWindowMs = int('UPLOAD_STALL_WINDOW_MS', 10_000, 1000, 120_000);
  const seedDemoData = bool('SEED_DEMO_DATA', !production);
  if (production && (log2N < 13 || scryptP < minimumP))
    problems.push(
      "SCRYPT_LOG2N and SCRYPT_P must meet OWASP's scrypt minimum in production: 2^17 with p 1, 2^16 p 2, 2^15 p 3, 2^14 p 5 or 2^13 p 10",
    );

  const secret = (name: string): string => {
    const given = env[name];
    if (given) {
      if (given.length < 32) problems.push(`${name} must be at least 32 characters`);
      return given;
    }
    if (production) {
      problems.push(`${name} is required in production`);
      return '';
    }
    // REDIS_URL means several instances: a secret generated into each DATA_DIR would differ
    // between them (sessions and image codes made by one would fail on the other)
    if (redisUrl) {
      problems.push(`${name} must be set explicitly when REDIS_URL is set (every instance needs the same value)`);
      return '';
    }
    return loadOrCreateSecret(dataDir, name);
  };
  const sessionSecret = secret('SESSION_SECRET');
  const codeSecret = secret('CODE_SECRET');
  const dataKeyring = loadDataKeyring({ env, dataDir, production, shared: redisUrl !== null, problems });
  const retentionDays = int('RETENTION_DAYS', 180, 0, 36_500);
  // a badge page holds a photo and a QR code: a few hundred pages stay a download of some MB
  const badgeBatchCap = int('BADGE_BATCH_CAP', 200, 1, 2_000);

  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n - ${problems.join('\n - ')}`);
  }
  return {
    port,
    // loopback unless told otherwise: a dev machine must not expose the outbox's codes to its network
    host: env.HOST || '127.0.0.1',
    dataDir,
    uploadDir,
    redisUrl,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'summit:',
    shutdownGraceMs,
    shutdownDrainMs,
    metricsToken,
    databaseUrl,
    databaseSchema: env.DATABASE_SCHEMA || null,
    smtpUrl,
    smtpFrom: env.SMTP_FROM || 'summit@localhost',
    badgeFont: env.BADGE_FONT || null,
    badgeBatchCap,
    production,
    sessionSecret,
    codeSecret,
    dataKeyring,
    retentionDays,
    filingNumber: env.FILING_NUMBER || '',
    summitName: env.SUMMIT_NAME || 'Multinationals Summit',
    devOutbox: devOutbox && !production,
    rateLimits,
    trustProxy,
    sessionCookieSecure,
    allowedOrigins,
    captchaRequired,
    scrypt: { log2N, r: 8, p: scryptP },
    hashConcurrency,
    faceWorkers,
    sessionIdleMinutes,
    sessionAbsoluteHours,
    bodyLimitBytes,
    requestTimeoutMs,
    listTotalCacheMs,
    messageWorker: bool('MESSAGE_WORKER', true),
    messagePollMs,
    messageLeaseMs: int('MESSAGE_LEASE_MS', 5 * 60_000, 1_000, 24 * 3_600_000),
    portalUrl: (env.PORTAL_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    uploadMinBytesPerSecond,
    uploadStallWindowMs,
    logLevel: env.LOG_LEVEL || 'info',
    seedDemoData,
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
  };
}
