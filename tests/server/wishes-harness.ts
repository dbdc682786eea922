/** Shared set-up of the good-wishes suites: upload a file through the real route, call the API. */
import type { Envelope } from '../../src/shared/envelope.js';
import type { UploadedFile } from '../../src/shared/upload-api.js';
import { caller } from './guests-harness.js';
import type { TestApp } from './helpers/test-app.js';
import { multipart } from './uploads-harness.js';

export type WishCaller = Awaited<ReturnType<typeof wishCaller>>;

export async function wishCaller(t: TestApp, account: string) {
  const c = await caller(t, account);
  return {
    ...c,
    /** POST qms/file/upload with the rule first, as the browser sends it */
    async upload(rule: string, filename: string, data: Buffer, contentType = 'application/octet-stream', language = 'en') {
      const body = multipart({ rule }, { filename, contentType, data });
      const response = await t.app.inject({
        method: 'POST',
        url: '/exhibition/qms/file/upload',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${c.token}`, 'accept-language': language },
      });
      return { status: response.statusCode, body: response.json() as Envelope<UploadedFile | null> };
    },
    async uploadedId(rule: string, filename: string, data: Buffer): Promise<string> {
      const response = await this.upload(rule, filename, data);
      if (response.status !== 200 || !response.body.data) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
      return response.body.data.id;
    },
  };
}
