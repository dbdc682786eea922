/**
 * The opening hour's mix, as the browser sends it, through nginx. A unit's visit: sign in
 * (password at the server's hash cost), read and save its unit information, read its notices,
 * then register its guests one after the other: photo upload (a real portrait, face detection),
 * the guest added with that photo, the itinerary and the attendance intention saved, the unit's
 * guest list and the guest's record read back. Organisers page the console's guest list as the
 * guests come and export the whole guest workbook once a minute.
 */
import { randomBytes } from 'node:crypto';
import { apiPaths } from '../../src/shared/api-paths.js';
import { consoleApiPaths } from '../../src/shared/console-api.js';
import { guestApiPaths } from '../../src/shared/guest-api.js';
import { uploadPaths } from '../../src/shared/upload-api.js';
import { sessionTokenFrom } from '../../tests/server/helpers/session-cookie.js';
import { itinerary, benchGuestBody, guestName } from '../seed-edition.js';
import type { Portrait } from './portraits.js';
import type { Recorder } from './recorder.js';

/** The flows in the order the report lists them. */
export const FLOWS = [
  'sign-in',
  'unit information read',
  'unit information save',
  'notices read',
  'photo upload',
  'guest add',
  'itinerary save',
  'intention save',
  'unit guest list',
  'guest record read',
  'console guest list',
  'organiser export',
] as const;
export type Flow = (typeof FLOWS)[number];

/** A guest is registered once these four are done; the rest of the mix surrounds them. */
export const GUEST_FLOWS: readonly Flow[] = ['photo upload', 'guest add', 'itinerary save', 'intention save'];

export const PASSWORD = 'Summit#2025';

export interface DayUnit {
  account: string;
  index: number;
}

export interface MixContext {
  base: string;
  recorder: Recorder;
  portraits: Portrait[];
  /** the next person's number: each guest is a new ID number and mobile */
  nextPerson: () => number;
}

class Failed extends Error {}

/** One call, timed to its last byte; a non-2xx answer or a network error is the flow's failure. */
async function call<T>(
  context: MixContext,
  flow: Flow,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: Buffer; contentType?: string; raw?: boolean } = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    body = new Uint8Array(options.body);
  }
  const started = performance.now();
  let status = 0;
  try {
    const answer = await fetch(`${context.base}/exhibition/${path}`, { method, headers, body, signal: AbortSignal.timeout(120_000) });
    status = answer.status;
    const buffer = Buffer.from(await answer.arrayBuffer());
    const ms = performance.now() - started;
    if (status < 200 || status > 299) {
      context.recorder.failed(flow, `${status} ${buffer.subarray(0, 200).toString()}`);
      throw new Failed();
    }
    context.recorder.ok(flow, ms);
    const data = options.raw ? (buffer as unknown as T) : ((JSON.parse(buffer.toString()) as { data: T }).data ?? (null as T));
    return { data, headers: answer.headers };
  } catch (error) {
    if (error instanceof Failed) throw error;
    context.recorder.failed(flow, `${status || 'network'} ${error instanceof Error ? error.message : String(error)}`);
    throw new Failed();
  }
}

export async function signIn(context: MixContext, account: string): Promise<string> {
  const { headers } = await call(context, 'sign-in', 'POST', apiPaths.login, {
    json: { account, password: PASSWORD, code: 'ABCD', uuid: 'bench' },
  });
  const token = sessionTokenFrom(headers.getSetCookie());
  if (!token) {
    context.recorder.failed('sign-in', 'no session cookie');
    throw new Failed();
  }
  return token;
}

function multipartPhoto(photo: Buffer): { body: Buffer; contentType: string } {
  const boundary = `day${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="rule"\r\n\r\nphoto\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="portrait.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const unitForm = (unit: DayUnit) => ({
  unitType: 'enterprise',
  orgNameZh: `基准企业${unit.index}有限公司`,
  socialCreditCode: '91370200MA3C123456',
  companyAddress: '山东省青岛市市南区香港中路 1 号',
  enterpriseType: '外商独资',
  contactName: guestName(unit.index),
  contactGender: 'male',
  contactMobile: `1377${String(unit.index).padStart(7, '0')}`,
  contactEmail: `contact${unit.index}@example.com`,
  nationality: '中国',
});

/**
 * One unit's visit: sign in, its unit information and notices, then `guests` guests registered
 * in full. Resolves with the number of guests fully registered (a failed call ends the visit,
 * as a person would stop at an error).
 */
export async function unitVisit(context: MixContext, unit: DayUnit, guests: number): Promise<number> {
  let registered = 0;
  try {
    const token = await signIn(context, unit.account);
    await call(context, 'unit information read', 'GET', guestApiPaths.myUnit, { token });
    await call(context, 'unit information save', 'PUT', guestApiPaths.myUnit, { token, json: unitForm(unit) });
    await call(context, 'notices read', 'GET', apiPaths.unreadNoticeCount, { token });
    const page = await call<{ records?: { id: string }[] }>(
      context,
      'notices read',
      'GET',
      `${apiPaths.myNoticePage}?pageNum=1&pageSize=10`,
      {
        token,
      },
    );
    const first = page.data?.records?.[0];
    if (first) await call(context, 'notices read', 'POST', `${apiPaths.readNotice}?id=${first.id}`, { token });
    for (let i = 0; i < guests; i += 1) {
      const portrait = context.portraits[(unit.index + i) % context.portraits.length]!;
      const upload = multipartPhoto(portrait.jpeg);
      const photo = await call<{ id: string }>(context, 'photo upload', 'POST', uploadPaths.upload, {
        token,
        body: upload.body,
        contentType: upload.contentType,
      });
      const added = await call<{ id: string }>(context, 'guest add', 'POST', guestApiPaths.guests, {
        token,
        json: benchGuestBody(context.nextPerson(), photo.data.id),
      });
      const id = added.data.id;
      await call(context, 'itinerary save', 'PUT', guestApiPaths.guestItinerary(id), { token, json: itinerary });
      await call(context, 'intention save', 'PUT', guestApiPaths.guestIntention(id), {
        token,
        json: { wantsToExhibit: true, unitsToMeet: ['示例公司'] },
      });
      registered += 1;
      await call(context, 'unit guest list', 'GET', `${guestApiPaths.guestPage}?pageNum=1&pageSize=10`, { token });
      await call(context, 'guest record read', 'GET', guestApiPaths.guest(id), { token });
    }
  } catch (error) {
    if (!(error instanceof Failed)) throw error;
  }
  return registered;
}

/** An organiser paging the console's guest list (first page, the newest guests). */
export async function consoleList(context: MixContext, token: string): Promise<void> {
  await call(context, 'console guest list', 'GET', `${consoleApiPaths.guestSearch}?pageNum=1&pageSize=20`, { token }).catch(
    () => undefined,
  );
}

/** The whole guests workbook, read to its last byte; its size in bytes (0 when it failed). */
export async function organiserExport(context: MixContext, token: string): Promise<number> {
  try {
    const { data } = await call<Buffer>(context, 'organiser export', 'GET', consoleApiPaths.exportGuests, { token, raw: true });
    return data.length;
  } catch {
    return 0;
  }
}

/** A notice to every unit, so the notices flow reads and marks one. */
export async function publishNotice(context: MixContext, organiserToken: string): Promise<void> {
  const draft = await call<{ id: string }>(context, 'notices read', 'POST', consoleApiPaths.notices, {
    token: organiserToken,
    json: { title: '报名开放', content: '2027 峰会报名今日开放，请尽早为嘉宾报名。', audiences: [], unitIds: [] },
  });
  await call(context, 'notices read', 'POST', consoleApiPaths.noticePublish(draft.data.id), { token: organiserToken });
}
