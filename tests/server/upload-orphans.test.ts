import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { sweepUploadOrphans } from '../../src/server/services/housekeeping.js';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import { multipart } from './uploads-harness.js';
import { pngPicture } from './uploads-fixtures.js';

const HOUR = 3_600_000;

/** Issue 11 item 8: kept uploads have their row; crash leftovers and unreferenced files are swept. */
describeEachDatabase('upload storage hygiene', (kind) => {
  const t = useTestApp(kind);
  const dir = () => t.app.config.uploadDir;
  const storedNames = async () =>
    new Set((await t.app.db.withTables<{ uploads: { storage_name: string } }>().selectFrom('uploads').select('storage_name').execute()).map((r) => r.storage_name));

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
    const response = await t.app.inject({ method: 'POST', url: '/exhibition/qms/file/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    const names = fs.readdirSync(dir());
    expect(names.filter((name) => name.startsWith('.incoming-'))).toEqual([]);
    const stored = await storedNames();
    for (const name of names) expect(stored.has(name), name).toBe(true);
  });

  it('sweeps old .incoming leftovers and unreferenced files, sparing young ones and referenced ones', async () => {
    const oldIncoming = leftover('.incoming-crashed', 2 * HOUR);
    const oldOrphan = leftover('A'.repeat(43), 2 * HOUR);
    const young = leftover('.incoming-in-flight', 0);
    const referenced = [...(await storedNames())].filter((name) => fs.existsSync(path.join(dir(), name)));
    expect(referenced.length).toBeGreaterThan(0);
    const result = await sweepUploadOrphans(t.app.db, t.app.config.uploadDir);
    expect(result.removedFiles).toBe(2);
    expect(fs.existsSync(oldIncoming)).toBe(false);
    expect(fs.existsSync(oldOrphan)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    for (const name of referenced) expect(fs.existsSync(path.join(dir(), name))).toBe(true);
    fs.rmSync(young);
  });

  it('sweeps at start', async () => {
    const orphan = leftover('B'.repeat(43), 2 * HOUR);
    const again = await buildApp(t.app.config, { logger: false });
    await again.close();
    expect(fs.existsSync(orphan)).toBe(false);
  });
});
