/**
 * A full disk under a running instance (SQLite and uploads in DATA_DIR): the data folder is a
 * small tmpfs filled to the last byte while the portal runs. Uploads, writes and the image
 * code must answer the translated 507 envelope (never 500, never `notMultipart`), /readyz
 * must say not ready while the folder cannot be written, and once space is back everything
 * works again with every acknowledged write still there.
 *
 * Needs root and a working `mount -t tmpfs` (a container without CAP_SYS_ADMIN has neither):
 * skipped with a message where it cannot run, failed under CI=true.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { fillUp, mountTmpfs, tmpfsMountable, unmount } from './support/full-disk.js';
import { businessCard, emptyRecord, lostWrites, unitWriters } from './support/acknowledged-writes.js';
import { rngFor, runSeed } from './support/prng.js';
import { ServerProcess } from './support/server-process.js';
import { answer, saveUnit, uploadCard, type Answer } from './support/full-disk-requests.js';

const SEED = runSeed();

const runnable = tmpfsMountable();
const suite = runnable || process.env.CI === 'true' ? describe : describe.skip;
if (!runnable) console.warn('disk-full test SKIPPED: needs root and `mount -t tmpfs` (not possible in this container)');

suite('A full disk under a running instance (SQLite, real server process)', () => {
  let mountPoint: string;
  let server: ServerProcess;

  beforeAll(async () => {
    mountPoint = mountTmpfs('summit-disk-full-', '48m');
    server = new ServerProcess(mountPoint, await freePort());
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (mountPoint) unmount(mountPoint);
  });

  it('answers 507 while the disk is full, says not ready, and works again with nothing lost once space is back', async () => {
    await server.start();
    const base = server.baseUrl;
    const writers = await unitWriters(base, rngFor(SEED, 'disk-full'));
    const writer = writers[0]!;
    const card = await businessCard();
    const record = emptyRecord();
    let seq = 0;
    for (const each of writers) {
      seq += 1;
      expect((await saveUnit(base, each, seq)).status).toBe(200);
      record.unitAcked.set(each.account, seq);
    }
    const before = await uploadCard(base, writer, card);
    expect(before.status).toBe(200);

    const filler = path.join(mountPoint, 'filler');
    const filled = fillUp(filler);
    const upload = await uploadCard(base, writer, card);
    const writes: Answer[] = [];
    for (let i = 0; i < 40; i += 1) {
      seq += 1;
      const saved = await saveUnit(base, writer, seq);
      writes.push(saved);
      if (saved.status === 200) record.unitAcked.set(writer.account, seq);
    }
    const imageCodes: Answer[] = [];
    for (let i = 0; i < 10; i += 1) imageCodes.push(await answer(`${base}/exhibition/center/front/getVerifyCode`));
    const readyFull = await fetch(`${base}/readyz`);
    const readyFullBody = (await readyFull.json()) as { checks: Record<string, string> };

    fs.rmSync(filler);
    const readyAfter = await fetch(`${base}/readyz`);
    const uploadAfter = await uploadCard(base, writer, card);
    seq += 1;
    const saveAfter = await saveUnit(base, writer, seq);
    if (saveAfter.status === 200) record.unitAcked.set(writer.account, seq);
    const lost = await lostWrites(base, writers, record);

    const statuses = (answers: Answer[]) => [...new Set(answers.map((a) => a.status))].join('/');
    console.log(
      [
        `disk full: ${(filled / 1_048_576).toFixed(1)} MiB filler; upload ${upload.status} ${upload.key} "${upload.msg}"`,
        `  40 unit saves: ${statuses(writes)} (${writes.filter((w) => w.status === 507).length}× 507); 10 image codes: ${statuses(imageCodes)}`,
        `  /readyz full ${readyFull.status} ${JSON.stringify(readyFullBody.checks)}, after ${readyAfter.status}; upload after ${uploadAfter.status}, save after ${saveAfter.status}; lost ${lost.length}`,
        `  load average ${os.loadavg()[0]!.toFixed(1)}`,
      ].join('\n'),
    );
    expect(upload.status).toBe(507);
    expect(upload.msg).toMatch(/storage|disk|space/i);
    const answered = [...writes, ...imageCodes];
    expect(answered.filter((a) => a.status !== 200 && a.status !== 507)).toEqual([]);
    for (const full of [upload, ...answered.filter((a) => a.status === 507)]) expect(full.key).toMatch(/\.storageFull$/);
    expect(readyFull.status).toBe(503);
    expect(readyFullBody.checks.dataDir).toBe('failed');
    expect(readyAfter.status).toBe(200);
    expect(uploadAfter.status).toBe(200);
    expect(saveAfter.status).toBe(200);
    expect(lost).toEqual([]);
  });
});
