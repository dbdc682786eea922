/**
 * Pictures decoded in full and stored re-encoded (issue 18 point 10), on both databases, for
 * every picture upload (photo, business card, the open temporary picture): a JPEG truncated to
 * 60 % is refused; a JPEG+HTML polyglot (HTML appended after the image, or inside a COM
 * segment) is accepted as the picture it shows, and the stored file holds no trace of the HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { caller, ENTERPRISE, type Caller } from '../server/guests-harness.js';
import { multipart } from '../server/uploads-harness.js';
import { portrait } from '../server/uploads-fixtures.js';

const PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';
const MARKERS = ['<script', '<html', 'alert('];

/** The HTML appended after the end-of-image marker. */
const appended = (jpeg: Buffer) => Buffer.concat([jpeg, Buffer.from(PAYLOAD)]);

/** The HTML in a COM (FF FE) segment right after the start-of-image marker. */
function inComment(jpeg: Buffer): Buffer {
  const text = Buffer.from(PAYLOAD);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const truncated = (jpeg: Buffer) => jpeg.subarray(0, Math.floor(jpeg.length * 0.6));

describeEachDatabase('pictures decoded in full and re-encoded', (kind) => {
  const t = useTestApp(kind);
  let unit: Caller;
  let photo: Buffer;
  let card: Buffer;

  beforeAll(async () => {
    unit = await caller(t, ENTERPRISE);
    photo = await portrait();
    card = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 210, b: 230 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
  });

  async function send(route: 'signed-in' | 'open', rule: string, data: Buffer) {
    const body = multipart({ rule }, { filename: 'picture.jpg', contentType: 'image/jpeg', data });
    const url = route === 'open' ? '/exhibition/qms/temporary/upload' : '/exhibition/qms/file/upload';
    const headers = route === 'open' ? body.headers : { ...body.headers, authorization: `Bearer ${unit.token}` };
    return t.call<{ id: string; bytes: number }>({ method: 'POST', url, headers, payload: body.payload });
  }

  /** The stored file itself, read from the upload folder through its row. */
  async function storedBytes(route: 'signed-in' | 'open', id: string): Promise<Buffer> {
    const table = route === 'open' ? 'temporary_uploads' : 'uploads';
    const row = await t.app.db
      .withTables<{ uploads: { id: string; storage_name: string }; temporary_uploads: { id: string; storage_name: string } }>()
      .selectFrom(table)
      .select('storage_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return fs.readFileSync(path.join(t.app.config.dataDir, 'uploads', row.storage_name));
  }

  const cases = [
    { route: 'signed-in' as const, rule: 'photo', picture: () => photo },
    { route: 'signed-in' as const, rule: 'businessCard', picture: () => card },
    { route: 'open' as const, rule: 'pictureJpg', picture: () => card },
  ];

  for (const { route, rule, picture } of cases) {
    it(`${rule}: a JPEG truncated to 60 % is refused, and nothing is stored`, async () => {
      const before = fs.readdirSync(path.join(t.app.config.dataDir, 'uploads')).length;
      const answer = await send(route, rule, truncated(picture()));
      expect(answer.status).toBe(400);
      expect(answer.body.key).toBe('upload.errors.unreadable');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fs.readdirSync(path.join(t.app.config.dataDir, 'uploads')), 'left in the store').toHaveLength(before);
    });

    for (const [name, make] of [
      ['appended HTML', appended],
      ['HTML in a COM segment', inComment],
    ] as const) {
      it(`${rule}: a JPEG with ${name} is stored re-encoded, without the HTML`, async () => {
        const polyglot = make(picture());
        expect(polyglot.includes(Buffer.from('<script'))).toBe(true);
        const answer = await send(route, rule, polyglot);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const stored = await storedBytes(route, answer.body.data.id);
        for (const marker of MARKERS) expect(stored.includes(Buffer.from(marker)), marker).toBe(false);
        expect(stored.length).toBe(answer.body.data.bytes);
        // still the same picture, decodable in full
        const meta = await sharp(stored, { failOn: 'truncated' }).metadata();
        const original = await sharp(picture()).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', original.width, original.height]);
        await sharp(stored, { failOn: 'truncated' }).raw().toBuffer();
      });
    }
  }
});
