import { HOUR_MS, shanghaiDate, type Clock } from '../../clock.js';
import type { ScheduledJob } from '../../cluster/scheduled-jobs.js';
import type { Editions } from '../edition/editions.js';
import type { Messages } from './messages.js';

const DAY_MS = 24 * HOUR_MS;
/** Days before the itinerary deadline when units still missing itineraries are reminded (once at each). */
export const ITINERARY_REMINDER_DAYS = [7, 1];

/**
 * The reminders as scheduled jobs (cluster/scheduled-jobs.ts: an advisory lock and the job's row
 * make a run happen once across instances; the message's unique key keeps one message even if
 * two runs met): the itinerary reminder checked daily, the incomplete-registration one weekly.
 */
export function reminderJobs(messages: Messages, editions: Editions, clock: Clock): ScheduledJob[] {
  return [
    {
      name: 'itinerary-reminder',
      everyMs: DAY_MS,
      run: async () => {
        await remindItinerary(messages, editions, clock);
      },
    },
    {
      name: 'incomplete-reminder',
      everyMs: 7 * DAY_MS,
      run: async () => {
        await remindIncomplete(messages, editions, clock);
      },
    },
  ];
}

/** The stage of the reminder today: the smallest of ITINERARY_REMINDER_DAYS at or above the days left; null outside them. */
export function itineraryStage(today: string, deadline: string): number | null {
  const daysLeft = Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (daysLeft < 0) return null;
  const stages = ITINERARY_REMINDER_DAYS.filter((days) => daysLeft <= days);
  return stages.length === 0 ? null : Math.min(...stages);
}

export async function remindItinerary(messages: Messages, editions: Editions, clock: Clock): Promise<boolean> {
  const edition = await editions.current();
  const stage = itineraryStage(shanghaiDate(clock.now()), edition.itineraryDeadline);
  if (stage === null) return false;
  return messages.remind('itinerary', `itinerary-reminder:${edition.id}:${stage}`);
}

export async function remindIncomplete(messages: Messages, editions: Editions, clock: Clock): Promise<boolean> {
  const edition = await editions.current();
  const today = shanghaiDate(clock.now());
  // only while units can still finish: not after registration closed
  if (today < edition.registrationStart || today > edition.registrationEnd) return false;
  return messages.remind('incomplete', `incomplete-reminder:${edition.id}:${today}`);
}
