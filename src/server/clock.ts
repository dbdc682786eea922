/** The time source of the guest lifecycle: injected so tests can move past deadlines. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The calendar date (YYYY-MM-DD) in Asia/Shanghai (UTC+8 all year, no daylight saving). */
export function shanghaiDate(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}
