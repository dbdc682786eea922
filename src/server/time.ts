/** All stored times are UTC ISO strings of the same length, so they compare as text. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoIn(milliseconds: number, from: Date = new Date()): string {
  return new Date(from.getTime() + milliseconds).toISOString();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

let lastStampMs = 0;

/**
 * Like nowIso, but strictly increasing within the process, for rows where "newest" decides
 * (the current one-time code, outbox order): two inserts in one millisecond must not tie.
 */
export function monotonicIso(): string {
  lastStampMs = Math.max(Date.now(), lastStampMs + 1);
  return new Date(lastStampMs).toISOString();
}
