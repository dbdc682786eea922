/**
 * Asia/Shanghai wall times for date-time fields (itineraries): the value a person types is a
 * time in Shanghai, whatever zone their browser is in. Shanghai has kept UTC+8 without daylight
 * saving since 1991, so the conversion is a fixed offset and needs no time-zone database.
 */
export const SHANGHAI_OFFSET = '+08:00';
const OFFSET_MS = 8 * 3_600_000;
const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/;

/** A stored ISO time -> the `datetime-local` value of its Shanghai wall time ('' if unreadable). */
export function toShanghaiLocal(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Shanghai wall time -> ISO with the +08:00 offset. */
export function fromShanghaiLocal(local: string | undefined): string | undefined {
  if (!local) return undefined;
  const match = LOCAL.exec(local);
  if (!match) return local;
  return `${match[1]}T${match[2]}${match[3] ?? ':00'}${SHANGHAI_OFFSET}`;
}

/**
 * A stored time as a person reads it in an export or the audit log: Shanghai wall time with its
 * zone (`2026-11-26 02:50:11 UTC+8`); '' when unreadable. A calendar date stays as it is.
 */
export function formatShanghaiWithZone(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const wall = new Date(time + OFFSET_MS).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)} UTC+8`;
}
