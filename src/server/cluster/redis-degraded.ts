import type { FastifyBaseLogger } from 'fastify';

/** How often the warning is repeated while Redis stays away (every failed command would flood the log). */
const WARN_EVERY_MS = 30_000;

/**
 * What an instance says when a Redis command fails and it carries on without Redis: the rate
 * limits count in this instance and the sign-in failures in the database until Redis answers
 * again. One warning per half minute, not one per request.
 */
export function redisDegradedWarning(
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: () => number = Date.now,
  /** what carries on without Redis (another connection's own words: the forms' channel) */
  message = 'Redis unreachable: rate limits count in this instance and sign-in failures in the database until it answers again',
): (error: unknown) => void {
  let lastWarning = -Infinity;
  return (error) => {
    const at = now();
    if (at - lastWarning < WARN_EVERY_MS) return;
    lastWarning = at;
    log.warn({ err: error }, message);
  };
}
