/**
 * Writers for the fault tests (database connections cut, backup while writing): each unit
 * account saves its unit information with a rising sequence number in the name and uploads
 * business cards, until told to stop. Every acknowledged (2xx) write is recorded, every
 * other answer or dead connection is counted with its time, so a test can ask both "was any
 * acknowledged write lost" and "how many requests failed after the fault".
 */
import sharp from 'sharp';
import { sessionTokenFrom } from '../../server/helpers/session-cookie.js';
import { UNIT_ACCOUNTS } from './fuzz-world.js';
import type { Rng } from './prng.js';
import { routesOf, type OpenApiDocument } from './route-catalogue.js';
import { validBody } from './valid-inputs.js';

const PASSWORD = 'Summit#2025';

export async function signIn(base: string, account: string): Promise<string> {
  // CAPTCHA_REQUIRED=false: the image code is not checked, only its shape
  const response = await fetch(`${base}/exhibition/center/user/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: PASSWORD, code: 'AAAA', uuid: 'no-captcha' }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${account}: ${response.status} ${await response.text()}`);
  return sessionTokenFrom(response.headers.getSetCookie());
}

export interface UnitWriter {
  account: string;
  token: string;
  unitBody: Record<string, unknown>;
}

/** One signed-in writer per demo unit account, with a valid unit body of its unit type. */
export async function unitWriters(base: string, rng: Rng): Promise<UnitWriter[]> {
  const routes = routesOf((await (await fetch(`${base}/exhibition/openapi.json`)).json()) as OpenApiDocument);
  const unitRoute = routes.find((route) => route.key === 'PUT /exhibition/qms/unit/mine');
  if (!unitRoute) throw new Error('no unit route');
  const writers: UnitWriter[] = [];
  for (const account of UNIT_ACCOUNTS) {
    const token = await signIn(base, account);
    const mine = (await (await fetch(`${base}/exhibition/qms/unit/mine`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { unitType?: string; document?: { unitType?: string } };
    };
    const unitType = mine.data.document?.unitType ?? mine.data.unitType;
    const unitBody = validBody(unitRoute, rng, (name) => (name === 'unitType' ? unitType : undefined)) as Record<string, unknown>;
    writers.push({ account, token, unitBody });
  }
  return writers;
}

export interface WriteRecord {
  /** acknowledged unit saves: the highest sequence number per account */
  unitAcked: Map<string, number>;
  /** the highest sequence number sent per account (acknowledged or not) */
  unitSent: Map<string, number>;
  /** acknowledged uploads with their stored size */
  uploads: { account: string; id: string; bytes: number }[];
  /** when each request ended and whether it was acknowledged */
  outcomes: { at: number; ok: boolean; status: number }[];
}

export function emptyRecord(): WriteRecord {
  return { unitAcked: new Map(), unitSent: new Map(), uploads: [], outcomes: [] };
}

export async function businessCard(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 230, g: 236, b: 240 } } })
    .png()
    .toBuffer();
}

async function attempt(record: WriteRecord, url: string, init: RequestInit): Promise<{ status: number; data: Record<string, unknown> }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = (await response.json().catch(() => ({ data: {} }))) as { data: Record<string, unknown> };
    record.outcomes.push({ at: Date.now(), ok: response.status < 300, status: response.status });
    return { status: response.status, data: body.data ?? {} };
  } catch {
    record.outcomes.push({ at: Date.now(), ok: false, status: 0 });
    // the server is gone or the connection broke: do not spin
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { status: 0, data: {} };
  }
}

/** Unit saves and card uploads from every writer until `stop.stopped`; resolves when all have stopped. */
export async function writeUntil(base: string, writers: UnitWriter[], record: WriteRecord, stop: { stopped: boolean }): Promise<void> {
  const card = await businessCard();
  const counter = { next: 0 };
  const saves = async (writer: UnitWriter) => {
    while (!stop.stopped) {
      const seq = (counter.next += 1);
      record.unitSent.set(writer.account, seq);
      const answer = await attempt(record, `${base}/exhibition/qms/unit/mine`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...writer.unitBody, orgNameZh: `可靠性单位${seq}` }),
      });
      if (answer.status === 200) record.unitAcked.set(writer.account, seq);
    }
  };
  const uploads = async (writer: UnitWriter) => {
    while (!stop.stopped) {
      const form = new FormData();
      form.append('rule', 'businessCard');
      form.append('file', new Blob([new Uint8Array(card)], { type: 'image/png' }), 'card.png');
      const answer = await attempt(record, `${base}/exhibition/qms/file/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer.token}` },
        body: form,
      });
      if (answer.status === 200)
        record.uploads.push({ account: writer.account, id: String(answer.data.id), bytes: Number(answer.data.bytes) });
    }
  };
  await Promise.all(writers.flatMap((writer) => [saves(writer), uploads(writer)]));
}

/**
 * Writes for `beforeMs`, runs the fault (if any) while the writers keep going, then writes for
 * `afterMs` more: the record of everything sent, and when the fault began and ended.
 */
export async function writeThrough(
  base: string,
  writers: UnitWriter[],
  { beforeMs, afterMs }: { beforeMs: number; afterMs: number },
  fault: () => Promise<unknown> = async () => undefined,
): Promise<{ record: WriteRecord; faultAt: number; faultEnded: number }> {
  const record = emptyRecord();
  const stop = { stopped: false };
  const writing = writeUntil(base, writers, record, stop);
  await new Promise((resolve) => setTimeout(resolve, beforeMs));
  const faultAt = Date.now();
  await fault();
  const faultEnded = Date.now();
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  stop.stopped = true;
  await writing;
  return { record, faultAt, faultEnded };
}

/** What of the record a server no longer has: uploads missing or of another size, unit saves older than acknowledged. */
export async function lostWrites(
  base: string,
  writers: UnitWriter[],
  record: WriteRecord,
  tokenOf: (account: string) => string = (account) => writers.find((w) => w.account === account)!.token,
): Promise<string[]> {
  const lost: string[] = [];
  for (const upload of record.uploads) {
    const response = await fetch(`${base}/exhibition/qms/file/${upload.id}`, {
      headers: { authorization: `Bearer ${tokenOf(upload.account)}` },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || bytes !== upload.bytes) lost.push(`upload ${upload.id} (${response.status}, ${bytes} bytes)`);
  }
  for (const writer of writers) {
    const response = await fetch(`${base}/exhibition/qms/unit/mine`, { headers: { authorization: `Bearer ${tokenOf(writer.account)}` } });
    const body = (await response.json()) as { data?: { document?: { orgNameZh?: string } } };
    const seq = Number(/可靠性单位(\d+)/.exec(body.data?.document?.orgNameZh ?? '')?.[1] ?? 0);
    const acked = record.unitAcked.get(writer.account) ?? 0;
    if (seq < acked) lost.push(`${writer.account}: stored save ${seq}, acknowledged ${acked}`);
  }
  return lost;
}
