/**
 * The requests the full-disk tests make of a running portal, answered as status and envelope
 * (English messages): a unit's information saved, a business card uploaded, any other call.
 */
import type { UnitWriter } from './acknowledged-writes.js';

export interface Answer {
  status: number;
  key?: string;
  msg?: string;
}

export interface UploadAnswer extends Answer {
  id?: string;
  bytes?: number;
}

export async function answer(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { ...init, headers: { 'accept-language': 'en', ...(init.headers as Record<string, string>) } });
  const body = (await response.json().catch(() => ({}))) as { key?: string; msg?: string };
  return { status: response.status, key: body.key, msg: body.msg };
}

export function saveUnit(base: string, writer: UnitWriter, seq: number): Promise<Answer> {
  return answer(`${base}/exhibition/qms/unit/mine`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...writer.unitBody, orgNameZh: `可靠性单位${seq}` }),
  });
}

export async function uploadCard(base: string, writer: UnitWriter, card: Buffer): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('rule', 'businessCard');
  form.append('file', new Blob([new Uint8Array(card)], { type: 'image/png' }), 'card.png');
  const response = await fetch(`${base}/exhibition/qms/file/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer.token}`, 'accept-language': 'en' },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as { key?: string; msg?: string; data?: { id?: unknown; bytes?: unknown } };
  return { status: response.status, key: body.key, msg: body.msg, id: String(body.data?.id), bytes: Number(body.data?.bytes) };
}
