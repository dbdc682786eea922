import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { sweepUploadStore } from '../../src/server/uploads/upload-sweep.js';
import { UploadJournal, type UploadJournalTables } from '../../src/server/uploads/upload-journal.js';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import { multipart } from './uploads-harness.js';
import { pngPicture } from './uploads-fixtures.js';
import { uploadedPicture } from './temporary-harness.js';

const HOUR = 3_600_000;

/** Issue 11 item 8: kept uploads have their row; crash leftovers and unreferenced files are swept. */
describeEachDatabase('upload storage hygiene', (kind) => {
  const t = useTestApp(kind);
  const dir = () => t.app.config.uploadDir;
  const storedNames = async () =>
    new Set(
      (await t.app.db.withTables<{ uploads: { storage_name: string } }>().selectFrom('uploads').select('storage_name').execute()).map(
        (r) => r.storage_name,
      ),
    );

  function leftover(name: string, ageMs: number): string {
    const file = path.join(dir(), name);
    fs.writeFileSync(file, Buffer.alloc(1024, 1));
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
    return file;
  }

  it('keeps a file only with its row, and leaves no .incoming file behind', async () => {
    const token = await tokenFor(t);
    const body = multipart({ rule: 'businessCard' }, { filename: 'card.png', contentType: 'image/png', data: await pngPicture(600, 400) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/exhibition/qms/file/upload',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const names = fs.readdirSync(dir());
    expect(names.filter((name) => name.startsWith('.incoming-'))).toEqual([]);
    const stored = await storedNames();
    for (const name of names) expect(stored.has(name), name).toBe(true);
  });

  it('sweeps every file without a row, whatever its age, sparing only files a live writer journaled (issue 18 point 11)', async () => {
    const oldIncoming = leftover('.incoming-crashed', 2 * HOUR);
    const oldOrphan = leftover('A'.repeat(43), 2 * HOUR);
    const youngOrphan = leftover('.incoming-young-no-journal', 0);
    const youngStored = leftover('C'.repeat(43), 0);
    // a request of this process is writing these (and the re-encoded copy of one)
    const inFlight = leftover('.incoming-in-flight', 2 * HOUR);
    const inFlightClean = leftover('.incoming-in-flight.clean', 0);
    // a killed process on this host left these in its journal: its pid no longer exists
    const journal = t.app.db.withTables<UploadJournalTables>();
    const dead = { id: 'dead-writer', host: os.hostname(), pid: 2 ** 22 + 12345, heartbeat_at: new Date().toISOString() };
    await journal.insertInto('upload_writers').values(dead).execute();
    await journal
      .insertInto('upload_journal')
      .values({ name: '.incoming-of-the-dead', writer_id: dead.id, started_at: new Date().toISOString() })
      .execute();
    const ofTheDead = leftover('.incoming-of-the-dead', 0);
    // another host's writer with a fresh heartbeat is alive: its file is spared
    const remote = { id: 'remote-writer', host: 'another-host', pid: 1, heartbeat_at: new Date().toISOString() };
    await journal.insertInto('upload_writers').values(remote).execute();
    await journal
      .insertInto('upload_journal')
      .values({ name: '.incoming-remote', writer_id: remote.id, started_at: new Date().toISOString() })
      .execute();
    const remoteFile = leftover('.incoming-remote', 0);
    const referenced = [...(await storedNames())].filter((name) => fs.existsSync(path.join(dir(), name)));
    expect(referenced.length).toBeGreaterThan(0);
    // a temporary registration's picture shares the store, its row in the temporary feature's own table
    await uploadedPicture(t);
    const temporary = await t.app.services.filesKeptOutsideUploads[0]!();
    expect(temporary.length).toBeGreaterThan(0);

    const result = await new UploadJournal(t.app.db).around(['.incoming-in-flight'], () =>
      sweepUploadStore(t.app.db, t.app.services.uploadStorage, t.app.services.uploadJournal, t.app.services.filesKeptOutsideUploads),
    );
    expect(result.removedFiles).toBe(5);
    for (const gone of [oldIncoming, oldOrphan, youngOrphan, youngStored, ofTheDead]) expect(fs.existsSync(gone), gone).toBe(false);
    for (const kept of [inFlight, inFlightClean, remoteFile]) expect(fs.existsSync(kept), kept).toBe(true);
    for (const name of [...referenced, ...temporary]) expect(fs.existsSync(path.join(dir(), name)), name).toBe(true);
    // the dead writer and its journal are forgotten; the live ones stay
    const writers = (await journal.selectFrom('upload_writers').select('id').execute()).map((row) => row.id);
    expect(writers).not.toContain(dead.id);
    expect(writers).toContain(remote.id);
    expect((await journal.selectFrom('upload_journal').select('name').execute()).map((row) => row.name)).toEqual(['.incoming-remote']);
    for (const file of [inFlight, inFlightClean, remoteFile]) fs.rmSync(file);
    await journal.deleteFrom('upload_journal').execute();
  });

  it('sweeps at start', async () => {
    const orphan = leftover('B'.repeat(43), 2 * HOUR);
    const again = await buildApp(t.app.config, { logger: false });
    await again.close();
    expect(fs.existsSync(orphan)).toBe(false);
  });
});
