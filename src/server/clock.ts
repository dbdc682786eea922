/** Reads the current time: the machine's, or one a test sets and moves. */
export type TimeSource = () => Date;

/**
 * The one source of "now" on the server. composition.ts makes the app's clock from the
 * configured TimeSource and injects it, so a test that moves it sees the deadlines and the times
 * of the rows the features write move together.
 */
export interface Clock {
  now(): Date;
  /** now as stored: UTC ISO strings of one length, so they compare as text */
  nowIso(): string;
  /** `milliseconds` after `from` (before it when negative), as stored */
  isoIn(milliseconds: number, from?: Date): string;
  /**
   * Like nowIso, but strictly increasing on this clock, for rows where "newest" decides (the
   * current one-time code, outbox order): two inserts in one millisecond must not tie.
   */
  monotonicIso(): string;
}

export function clockOf(read: TimeSource): Clock {
  let lastStampMs = 0;
  return {
    now: read,
    nowIso: () => read().toISOString(),
    isoIn: (milliseconds, from = read()) => new Date(from.getTime() + milliseconds).toISOString(),
    monotonicIso: () => {
      lastStampMs = Math.max(read().getTime(), lastStampMs + 1);
      return new Date(lastStampMs).toISOString();
    },
  };
}

export const systemTime: TimeSource = () => new Date();

/**
 * The machine's clock, never moved by a test: for what must follow real elapsed time whatever
 * the portal's calendar says (session and one-time-code lifetimes, the outbox, upload bookkeeping
 * shared between processes, housekeeping). A test moving the app's clock months ahead must not
 * expire the session it signed in with.
 */
export const systemClock: Clock = clockOf(systemTime);

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Asia/Shanghai is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

/** The calendar date (YYYY-MM-DD) in Asia/Shanghai (UTC+8 all year, no daylight saving). */
export function shanghaiDate(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The stored times (ISO, UTC) of one Asia/Shanghai day, as a half-open range: a day's filter
 * then compares text on an index in both databases instead of converting every row.
 */
export function shanghaiDayRange(day: string): { from: string; until: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`) - SHANGHAI_OFFSET_MS;
  return { from: new Date(start).toISOString(), until: new Date(start + DAY_MS).toISOString() };
}

/**
 * The Asia/Shanghai hour ("YYYY-MM-DD HH:00") of a UTC hour key ("YYYY-MM-DDTHH", the first 13
 * characters of a stored time): counts are grouped by that key in SQL, spelt alike in both
 * databases, and turned into local hours here.
 */
export function shanghaiHourOfUtcKey(utcHourKey: string): string {
  const local = new Date(Date.parse(`${utcHourKey}:00:00.000Z`) + SHANGHAI_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 13)}:00`;
}
