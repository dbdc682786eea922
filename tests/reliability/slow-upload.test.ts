/**
 * Upload deadline (issue 18 point 7), on both databases, against a listening server: a 2
 * bytes/s trickle is answered 408 with the envelope within two rate windows and its connection
 * closed (signed-in and open uploads); a large upload at a fine rate runs well past
 * REQUEST_TIMEOUT_MS and is kept; an ordinary JSON request trickled past REQUEST_TIMEOUT_MS is
 * answered 408. Windows and timeouts are shortened here so the run stays short; the defaults
 * (README) keep the same proportions.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import type { UploadJournalTables } from '../../src/server/uploads/upload-journal.js';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { tokenFor, useTestApp } from '../server/helpers/test-app.js';
import { archives } from '../server/uploads-fixtures.js';

const REQUEST_TIMEOUT_MS = 2000;
const STALL_WINDOW_MS = 2000;
const MIN_RATE = 64 * 1024;

interface RawAnswer {
  status: number;
  body: string;
  /** ms from the first byte sent to the end of the answer */
  elapsedMs: number;
  closedByServer: boolean;
}

/**
 * Sends `head` and the first `burstBytes` of `body` at once, then the rest in `chunkBytes` pieces every `everyMs`, until the server
 * answers (or the body is out); resolves with the answer once the server closes or ends it.
 */
function sendPaced(
  port: number,
  head: string,
  body: Buffer,
  chunkBytes: number,
  everyMs: number,
  giveUpMs: number,
  burstBytes = 0,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let offset = burstBytes;
    // the first piece goes out one period after the head (written below, synchronously)
    const timer = setInterval(() => {
      if (offset >= body.length || socket.destroyed) return clearInterval(timer);
      socket.write(body.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
    }, everyMs);
    let finished = false;
    const finish = (closedByServer: boolean) => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      clearTimeout(giveUp);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4), elapsedMs: Date.now() - started, closedByServer });
      socket.destroy();
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('error', (error) => (answer ? finish(true) : reject(error)));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      clearInterval(timer);
      // a whole answer on a connection the server keeps open: done (one that closes is awaited)
      const headEnd = answer.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer)?.[1] ?? -1);
      if (
        headEnd > 0 &&
        length >= 0 &&
        Buffer.byteLength(answer.slice(headEnd + 4)) >= length &&
        !/\r\nconnection: close/i.test(answer.slice(0, headEnd))
      )
        finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.write(head);
    if (burstBytes > 0) socket.write(body.subarray(0, burstBytes));
  });
}

function multipartParts(rule: string, file: Buffer, filename: string) {
  const boundary = 'paced-upload-boundary';
  const before = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="rule"\r\n\r\n${rule}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([before, file, after]), contentType: `multipart/form-data; boundary=${boundary}` };
}

const headOf = (method: string, path: string, contentType: string, length: number, token?: string) =>
  [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    `content-type: ${contentType}`,
    `content-length: ${length}`,
    'accept-language: en',
    ...(token ? [`authorization: Bearer ${token}`] : []),
    '',
    '',
  ].join('\r\n');

describeEachDatabase('upload deadline and minimum rate', (kind) => {
  const t = useTestApp(kind, {
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    UPLOAD_STALL_WINDOW_MS: String(STALL_WINDOW_MS),
    UPLOAD_MIN_BYTES_PER_SECOND: String(MIN_RATE),
  });
  let port: number;
  let token: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = await tokenFor(t);
  });

  for (const [label, url, signedIn] of [
    ['signed-in upload', '/exhibition/qms/file/upload', true],
    ['open temporary upload', '/exhibition/qms/temporary/upload', false],
  ] as const) {
    it(`${label}: a 2 bytes/s trickle is answered 408 with the envelope within two windows, and closed`, async () => {
      const { body, contentType } = multipartParts(signedIn ? 'speechMaterials' : 'pictureJpg', Buffer.alloc(600_000, 7), 'slow.zip');
      // the fields and the file's first 20 kB at once (the file is being written), then 2 bytes/s
      const answer = await sendPaced(
        port,
        headOf('POST', url, contentType, body.length, signedIn ? token : undefined),
        body,
        2,
        1000,
        6 * STALL_WINDOW_MS,
        20_000,
      );
      console.log(
        `trickle [${kind}] ${label}: ${answer.status} after ${answer.elapsedMs} ms (window ${STALL_WINDOW_MS} ms), closed by the server: ${answer.closedByServer}`,
      );
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 408, data: null, key: 'upload.errors.tooSlow' });
      expect(answer.elapsedMs).toBeLessThan(2 * STALL_WINDOW_MS + 1500);
      expect(answer.closedByServer).toBe(true);
      // the handler ends too: the partial file is discarded and its journal entry forgotten
      const leftovers = async () => ({
        files: fs.readdirSync(path.join(t.app.config.dataDir, 'uploads')).filter((name) => name.startsWith('.incoming-')),
        journal: await t.app.db.withTables<UploadJournalTables>().selectFrom('upload_journal').select('name').execute(),
      });
      let left = await leftovers();
      for (let i = 0; i < 30 && (left.files.length > 0 || left.journal.length > 0); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await leftovers();
      }
      expect(left).toEqual({ files: [], journal: [] });
    });
  }

  it(`a large upload at a fine rate runs past REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms) and is kept`, async () => {
    const file = Buffer.concat([archives.zip(), Buffer.alloc(1_200_000, 9)]);
    const { body, contentType } = multipartParts('speechMaterials', file, 'talk.zip');
    // about 240 kB/s: some 5 s on the wire, far above the minimum rate
    const answer = await sendPaced(
      port,
      headOf('POST', '/exhibition/qms/file/upload', contentType, body.length, token),
      body,
      24_000,
      100,
      30_000,
    );
    console.log(
      `fine-rate upload [${kind}]: ${(body.length / 1e6).toFixed(1)} MB, ${answer.status} after ${answer.elapsedMs} ms (REQUEST_TIMEOUT_MS ${REQUEST_TIMEOUT_MS})`,
    );
    expect(answer.elapsedMs).toBeGreaterThan(2 * REQUEST_TIMEOUT_MS);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200, data: { bytes: file.length } });
  });

  it('an ordinary JSON request trickled past REQUEST_TIMEOUT_MS is answered 408 with the envelope', async () => {
    const json = Buffer.from(
      JSON.stringify({ account: 'enterprise@demo.example.com', password: 'Summit#2025', code: 'AAAA', uuid: 'x'.repeat(200) }),
    );
    const answer = await sendPaced(
      port,
      headOf('POST', '/exhibition/center/user/front/login', 'application/json', json.length, undefined),
      json,
      2,
      500,
      5 * REQUEST_TIMEOUT_MS,
    );
    console.log(`trickled JSON [${kind}]: ${answer.status} after ${answer.elapsedMs} ms`);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 408, data: null });
    expect(answer.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
  });
});
