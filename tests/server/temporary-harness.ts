/** Shared set-up of the temporary-registration tests: pictures made with sharp, open calls. */
import { expect } from 'vitest';
import sharp from 'sharp';
import type { TestApp } from './helpers/test-app.js';
import { multipart, type FilePart } from './uploads-harness.js';
import type { UploadedFile } from '../../src/shared/upload-api.js';
import type { TemporaryReceipt } from '../../src/shared/temporary-api.js';

export const OPEN = '/exhibition/qms/temporary/';

/** A small JPG (temporary pictures have no face or size-in-pixels rule). */
export function jpgPicture(width = 300, height = 400, seed = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: seed, g: 140, b: 200 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function pngPicture(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 10, g: 140, b: 200 } } })
    .png()
    .toBuffer();
}

/** Random noise compresses badly: a JPG over the 1 MB limit. */
export function bigJpg(): Promise<Buffer> {
  const width = 1400;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 7;
  for (let i = 0; i < pixels.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

export async function openUpload(t: TestApp, file: FilePart, language = 'en', token?: string) {
  const body = multipart({ rule: 'pictureJpg' }, file);
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPEN}upload`,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: response.statusCode,
    body: response.json() as { code: number; msg: string; data: UploadedFile | null; fieldErrors?: { key: string }[] },
  };
}

export async function uploadedPicture(t: TestApp, seed = 90): Promise<string> {
  const { status, body } = await openUpload(t, { filename: 'me.jpg', contentType: 'image/jpeg', data: await jpgPicture(300, 400, seed) });
  if (status !== 200 || !body.data) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.id;
}

export function registrationBody(picture: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    registrationType: 'worker',
    inviteCode: 'TEMP2025',
    name: 'Li Lei',
    mobile: '13712345678',
    province: '山东省',
    city: '青岛市',
    picture,
    email: 'li.lei@example.com',
    landline: '0532-88886666',
    residence: '青岛市市南区香港中路1号',
    ...extra,
  };
}

export async function register(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.call<TemporaryReceipt>({
    method: 'POST',
    url: `${OPEN}register`,
    headers: { 'accept-language': 'en', ...headers },
    payload: body,
  });
}

/** A recommendation as the open form sends it; `extra` gives the fields a test is about. */
export function recommendationBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    recommenderName: '王芳',
    recommenderMobile: '13912340007',
    recommenderOrganisation: '青岛市商务局',
    inviteeName: 'John Smith',
    inviteeOrganisation: 'Example Corp',
    inviteePosition: 'CEO',
    activity: 'Opening forum',
    reason: 'Leads a large investment project.',
    ...extra,
  };
}

/** Sends a recommendation through the open form (no account needed) and answers its id. */
export async function recommend(t: TestApp, extra: Record<string, unknown> = {}): Promise<string> {
  const sent = await t.call<{ id: string }>({ method: 'POST', url: `${OPEN}recommend`, payload: recommendationBody(extra) });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data.id;
}
