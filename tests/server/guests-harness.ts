/** Shared set-up of the guest-lifecycle tests: a movable clock, uploaded files, valid documents. */
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TestApp } from './helpers/test-app.js';
import { bearer, tokenFor } from './helpers/test-app.js';
import { guestBody } from './helpers/guest-body.js';
import { buildRecord } from '../support/record-factory.js';
import type { EditionData, GuestDetail, GuestSummary } from '../../src/shared/guest-api.js';

export const ENTERPRISE = 'enterprise@demo.example.com';
export const ENTERPRISE2 = 'enterprise2@demo.example.com';
export const GOVERNMENT = 'government@demo.example.com';
export const MEDIA = 'media@demo.example.com';
export const ORGANISER = 'organiser@demo.example.com';
export const STAFF = 'staff@demo.example.com';

export const API = '/exhibition/';

/** A clock the test moves: deadlines are Asia/Shanghai dates. */
export function movableClock(start = '2027-06-01T04:00:00.000Z') {
  let now = new Date(start);
  return {
    clock: () => now,
    set(iso: string) {
      now = new Date(iso);
    },
  };
}

/**
 * The Asia/Shanghai calendar date `days` from the real today. The schemas' time rules (x-when,
 * e.g. "an expiry date not in the past") read the real clock, not the app's injected one: a
 * date such a rule checks must move with the real date, or the test fails once it has passed.
 */
export function shanghaiDayFromToday(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A resident ID number with a correct GB 11643 check digit (sequence 0-999). */
export function residentId(sequence: number, birth = '19800101'): string {
  const body = `370202${birth}${String(sequence).padStart(3, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

export async function accountRow(t: TestApp, account: string): Promise<{ id: string; unit_id: string | null }> {
  return t.app.db.selectFrom('accounts').select(['id', 'unit_id']).where('account', '=', account).executeTakeFirstOrThrow();
}

/** A stored upload of the account's unit (the upload service's table), as the upload route would leave it. */
export async function uploadedFile(t: TestApp, account: string, rule = 'photo'): Promise<string> {
  const owner = await accountRow(t, account);
  const id = randomUUID();
  await t.app.db
    .withTables<{
      uploads: {
        id: string;
        owner_account_id: string;
        unit_id: string | null;
        rule_name: string;
        mime: string;
        bytes: number;
        width: number | null;
        height: number | null;
        original_name: string;
        storage_name: string;
        created_at: string;
      };
    }>()
    .insertInto('uploads')
    .values({
      id,
      owner_account_id: owner.id,
      unit_id: owner.unit_id,
      rule_name: rule,
      mime: 'image/jpeg',
      bytes: 300_000,
      width: 600,
      height: 800,
      original_name: 'photo.jpg',
      storage_name: `${id}.jpg`,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** An entourage member (entourage-member schema): identity here, the rest from the schema. */
export function memberBody(idNumber: string, photo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return buildRecord('entourage-member', { nameZh: '李四', mobile: '13912345678', idNumber, photo, ...extra });
}

/**
 * An itinerary (itinerary schema): the legs' times and places, which tests of dates, manifests
 * and sign-up windows read; transport and the other required fields come from the schema.
 */
export const itineraryBody = buildRecord('itinerary', {
  arrival: {
    pickUpNeeded: true,
    number: 'CA1234',
    departureTime: '2027-06-17T08:00:00+08:00',
    departurePlace: '北京',
    arrivalTime: '2027-06-17T10:00:00+08:00',
    arrivalPlace: '青岛',
  },
  return: {
    number: 'G188',
    departureTime: '2027-06-21T08:00:00+08:00',
    departurePlace: '青岛',
    arrivalTime: '2027-06-21T13:00:00+08:00',
    arrivalPlace: '北京',
  },
  hotel: { kind: 'designated', hotelName: '海景酒店' },
}) as { arrival: Record<string, unknown>; return: Record<string, unknown>; hotel: Record<string, unknown> };

/** Signed-in caller with short helpers for the guest API. */
export async function caller(t: TestApp, account: string) {
  const token = await tokenFor(t, account);
  const headers = { ...bearer(token), 'accept-language': 'en' };
  return {
    token,
    get: <T>(path: string) => t.call<T>({ method: 'GET', url: API + path, headers }),
    post: <T>(path: string, payload?: unknown) =>
      t.call<T>({ method: 'POST', url: API + path, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    put: <T>(path: string, payload: unknown) => t.call<T>({ method: 'PUT', url: API + path, headers, payload: payload as object }),
    del: <T>(path: string) => t.call<T>({ method: 'DELETE', url: API + path, headers }),
  };
}

export type Caller = Awaited<ReturnType<typeof caller>>;

export async function addGuest(
  c: Caller,
  t: TestApp,
  account: string,
  sequence: number,
  extra: Record<string, unknown> = {},
): Promise<GuestSummary> {
  const photo = await uploadedFile(t, account);
  const response = await c.post<GuestSummary>('qms/guest', guestBody(residentId(sequence), photo, extra));
  if (response.status !== 200) throw new Error(`add guest failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export async function detail(c: Caller, id: string): Promise<GuestDetail> {
  return (await c.get<GuestDetail>(`qms/guest/${id}`)).body.data;
}

/** Organiser changes edition settings through the admin route. */
export async function setEdition(organiser: Caller, change: Partial<EditionData>): Promise<void> {
  const current = (await organiser.get<EditionData>('admin/edition/current')).body.data;
  const { id: _id, year: _year, name: _name, ...settings } = { ...current, ...change };
  const response = await organiser.put('admin/edition/current', settings);
  if (response.status !== 200) throw new Error(`edition change failed: ${JSON.stringify(response.body)}`);
}

/**
 * For suites on the real clock (notices are dated by it): a registration window around any
 * date, so guests can be added whatever day the suite runs.
 */
export async function openRegistrationWindow(t: TestApp): Promise<void> {
  await setEdition(await caller(t, ORGANISER), { registrationStart: '2000-01-01', registrationEnd: '2999-12-31' });
}

/**
 * Publishes a notice to every unit for each title, an hour apart on the movable clock from
 * `firstHour` (`2027-06-02T01`), so lists that order notices by time see them in this order.
 */
export async function publishNoticesHourly(
  organiser: Caller,
  time: ReturnType<typeof movableClock>,
  titles: string[],
  firstHour = '2027-06-02T01',
): Promise<void> {
  const [day, hour] = firstHour.split('T') as [string, string];
  for (const [i, title] of titles.entries()) {
    time.set(`${day}T${String(Number(hour) + i).padStart(2, '0')}:00:00.000Z`);
    const draft = await organiser.post<{ id: string }>('admin/console/notice', { title, content: '内容', audiences: [], unitIds: [] });
    expect(draft.status).toBe(200);
    expect((await organiser.post(`admin/console/notice/${draft.body.data.id}/publish`)).status).toBe(200);
  }
}
