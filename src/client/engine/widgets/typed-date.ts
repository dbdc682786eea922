/**
 * Dates and date-times typed as text in one order every reader of either language knows:
 * year-month-day, 24-hour time (`2027-06-18 09:00`). A browser's own date input shows its
 * OWN locale's order (mm/dd/yyyy in an English Chromium under the Chinese UI), which no page
 * attribute changes; these widgets show the UI language's hint instead.
 */

// 2027-06-18, 2027/6/18, 2027.6.18, 2027年6月18日; a time after a space or T: 9:00, 09:00:00
const TYPED =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s*[T\s]\s*(\d{1,2})\s*[:：]\s*(\d{2})(?:\s*[:：]\s*(\d{2}))?)?$/;

const two = (n: number) => String(n).padStart(2, '0');

function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Typed text -> `YYYY-MM-DD` (withTime false) or the `datetime-local` form `YYYY-MM-DDTHH:mm`;
 * null when it is not one (an impossible day, a missing or extra time).
 */
export function parseTyped(text: string, withTime: boolean): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!realDate(year, month, day)) return null;
  const date = `${year}-${two(month)}-${two(day)}`;
  if (!withTime) return h === undefined ? date : null;
  if (h === undefined || Number(h) > 23 || Number(mi) > 59) return null;
  return `${date}T${two(Number(h))}:${mi}`;
}

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` -> what the field shows (`2027-06-18 09:00`). */
export function shownTyped(local: string): string {
  return local.replace('T', ' ');
}
