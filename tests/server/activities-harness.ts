/** Shared set-up of the activity tests: documents, an organiser who creates and publishes, approved guests. */
import { expect } from 'vitest';
import type { Activity } from '../../src/generated/types.js';
import type { AdminActivityDetail, SignUpItem, UnitActivityDetail } from '../../src/shared/activity-api.js';
import type { TestApp } from './helpers/test-app.js';
import { addGuest, itineraryBody, type Caller } from './guests-harness.js';

export function activityBody(extra: Partial<Activity> = {}): Activity {
  return {
    name: '开幕式',
    category: 'committee',
    place: '国际会议中心',
    startTime: '2027-06-18T09:00:00+08:00',
    endTime: '2027-06-18T11:00:00+08:00',
    ...extra,
  };
}

/** Creates an activity through the organiser route and publishes it (unless `publish` is false). */
export async function createActivity(organiser: Caller, extra: Partial<Activity> = {}, publish = true): Promise<AdminActivityDetail> {
  const created = await organiser.post<AdminActivityDetail>('admin/activity', activityBody(extra));
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  if (!publish) return created.body.data;
  const published = await organiser.post<AdminActivityDetail>(`admin/activity/${created.body.data.id}/publish`);
  expect(published.body.data.status).toBe('published');
  return published.body.data;
}

/** An approved guest at once: the invitation code needs no review. */
export async function approvedGuest(c: Caller, t: TestApp, account: string, sequence: number, inviteCode: string): Promise<string> {
  const guest = await addGuest(c, t, account, sequence, { inviteCode });
  expect(guest.status).toBe('approved');
  // SPEC 4: the itinerary comes before activity sign-up
  expect((await c.put(`qms/guest/${guest.id}/itinerary`, itineraryBody)).status).toBe(200);
  return guest.id;
}

export async function signUp(c: Caller, activityId: string, guestId: string, extra: Record<string, unknown> = {}) {
  return c.post<SignUpItem>('qms/activity/sign-up', { activityId, guestId, ...extra });
}

export async function unitDetail(c: Caller, id: string): Promise<UnitActivityDetail> {
  return (await c.get<UnitActivityDetail>(`qms/activity/${id}`)).body.data;
}
