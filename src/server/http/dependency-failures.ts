/**
 * Failures of what the instance depends on, told apart from its own bugs: a full disk or
 * database answers 507 (`storageFull`), a database connection that broke or could not be made
 * answers 503 (`serviceUnavailable`, which a balancer counts against the instance and retries
 * elsewhere where it may). Anything else stays a 500.
 */
export type DependencyFailure = 'storageFull' | 'serviceUnavailable';

/** file system full or over quota; SQLite's "database or disk is full"; PostgreSQL's disk_full */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** PostgreSQL's connection exceptions (class 08) and shutdowns (57P01-57P03), and the socket's own */
const UNAVAILABLE = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);

/** pg's errors for a connection that ended or never came, which carry no code */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

export function dependencyFailureOf(error: unknown): DependencyFailure | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && FULL.has(code)) return 'storageFull';
    if (typeof code === 'string' && UNAVAILABLE.has(code)) return 'serviceUnavailable';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(cause instanceof Error ? cause.message : ''))) return 'serviceUnavailable';
  }
  return null;
}
