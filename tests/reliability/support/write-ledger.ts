/**
 * Writers that keep a ledger of what the server acknowledged (2xx) while it is being killed:
 * unit information saves (a sequence number in the unit name), photo uploads followed by a
 * guest creation, and business-card uploads. A write that got no answer is "in flight".
 */
import { guestBody } from '../../server/helpers/guest-body.js';
import type { Rng } from './prng.js';
import { residentIdNumber } from './schema-values.js';

export interface Ledger {
  sent: number;
  acked: number;
  inFlight: number;
  refused: Record<string, number>;
  unitSent: Map<string, number>;
  unitAcked: Map<string, number>;
  guests: { account: string; id: string; nameZh: string }[];
  uploads: { account: string; id: string; bytes: number }[];
}

export function emptyLedger(): Ledger {
  return { sent: 0, acked: 0, inFlight: 0, refused: {}, unitSent: new Map(), unitAcked: new Map(), guests: [], uploads: [] };
}

export interface Writer {
  account: string;
  token: string;
  unitBody: Record<string, unknown>;
}

/** One call; null when the connection died (the server was killed with it in flight). */
async function send(ledger: Ledger, url: string, init: RequestInit): Promise<{ status: number; data: Record<string, unknown> } | null> {
  ledger.sent += 1;
  try {
    const response = await fetch(url, init);
    const body = (await response.json()) as { data: Record<string, unknown> };
    if (response.status >= 200 && response.status < 300) ledger.acked += 1;
    else ledger.refused[response.status] = (ledger.refused[response.status] ?? 0) + 1;
    return { status: response.status, data: body.data };
  } catch {
    ledger.inFlight += 1;
    return null;
  }
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

export async function unitSaves(base: string, writer: Writer, ledger: Ledger, counter: { next: number }): Promise<void> {
  for (;;) {
    const seq = (counter.next += 1);
    ledger.unitSent.set(writer.account, seq);
    const body = { ...writer.unitBody, orgNameZh: `可靠性单位${seq}` };
    const answer = await send(ledger, `${base}/exhibition/qms/unit/mine`, {
      method: 'PUT',
      headers: json(writer.token),
      body: JSON.stringify(body),
    });
    if (!answer) return;
    if (answer.status === 200) ledger.unitAcked.set(writer.account, seq);
  }
}

export async function uploadFile(
  base: string,
  writer: Writer,
  ledger: Ledger,
  rule: string,
  bytes: Buffer,
  name: string,
  type: string,
): Promise<string | null | undefined> {
  const form = new FormData();
  form.append('rule', rule);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const answer = await send(ledger, `${base}/exhibition/qms/file/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer.token}` },
    body: form,
  });
  if (!answer) return null;
  if (answer.status !== 200) return undefined;
  const id = String(answer.data.id);
  ledger.uploads.push({ account: writer.account, id, bytes: Number(answer.data.bytes) });
  return id;
}

/**
 * Guests of the writer's unit; a photo is uploaded first and then shared by a few guests
 * (face detection makes a photo the slowest write, and a kill should find guests in flight too).
 */
export async function guestCreations(
  base: string,
  writer: Writer,
  ledger: Ledger,
  rng: Rng,
  photo: Buffer,
  photos: string[],
): Promise<void> {
  for (let i = 0; ; i += 1) {
    if (photos.length === 0 || i % 6 === 5) {
      const photoId = await uploadFile(base, writer, ledger, 'photo', photo, 'portrait.jpg', 'image/jpeg');
      if (photoId === null) return;
      if (photoId !== undefined) photos.push(photoId);
      continue;
    }
    const nameZh = `可${'靠性测试嘉宾'.slice(0, rng.int(1, 5))}`;
    const body = guestBody(residentIdNumber(rng), rng.pick(photos), {
      nameZh,
      mobile: `139${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
    });
    const answer = await send(ledger, `${base}/exhibition/qms/guest`, {
      method: 'POST',
      headers: json(writer.token),
      body: JSON.stringify(body),
    });
    if (!answer) return;
    if (answer.status === 200) ledger.guests.push({ account: writer.account, id: String(answer.data.id), nameZh });
  }
}

export async function cardUploads(base: string, writer: Writer, ledger: Ledger, card: Buffer): Promise<void> {
  for (;;) {
    if ((await uploadFile(base, writer, ledger, 'businessCard', card, 'card.png', 'image/png')) === null) return;
  }
}
