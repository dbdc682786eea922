import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_DATE_FORMAT, DISPLAY_TIME_ZONE } from '../../shared/constants';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A stored UTC ISO time as YYYY-MM-DD HH:mm:ss in Asia/Shanghai (SPEC section 9). */
export function formatDateTime(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format(DISPLAY_DATE_FORMAT) : '';
}

export type TimeAgo = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/** Time-ago in minutes, hours or days (SPEC section 9); the caller translates it. */
export function timeAgo(iso: string, now: Date = new Date()): TimeAgo {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return { unit: 'justNow' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
