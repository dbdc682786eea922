import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import { guestBody } from './helpers/guest-body.js';
import { ENTERPRISE, movableClock, residentId, uploadedFile } from './guests-harness.js';

/**
 * Issue 17 point 6: while a second process writes the same SQLite file, guest adds and saves
 * wait for its lock (busy timeout) instead of answering 500 "database is locked". The other
 * process holds the write lock most of the time, in short transactions, so nearly every add
 * meets it between its reads and its write: a deferred transaction fails there at once.
 */
const OTHER_WRITER = `
import Database from 'better-sqlite3';
const [file, millis] = process.argv.slice(1);
const db = new Database(file);
db.pragma('busy_timeout = 5000');
const insert = db.prepare('insert into lock_probe (n) values (?)');
const until = Date.now() + Number(millis);
let n = 0;
process.send?.('writing');
while (Date.now() < until) {
  db.exec('begin immediate');
  insert.run(n++);
  const held = Date.now() + 15;
  while (Date.now() < held) {}
  db.exec('commit');
  const gap = Date.now() + 2;
  while (Date.now() < gap) {}
}
db.close();
process.send?.({ transactions: n });
`;

describe('SQLite writes wait for another process instead of failing', () => {
  // inside the edition's registration window (config/edition.json), whatever day the test runs
  const t = useTestApp('sqlite', {}, { clock: movableClock().clock });
  let token = '';
  let photo = '';
  let other: ChildProcess | null = null;

  beforeAll(async () => {
    token = await tokenFor(t, ENTERPRISE);
    photo = await uploadedFile(t, ENTERPRISE);
    await sql`create table lock_probe (n integer)`.execute(t.app.db);
  });
  afterAll(() => {
    other?.kill();
  });

  it('answers every guest add and save while a second process writes the file: no "database is locked"', async () => {
    const file = path.join(t.app.config.dataDir, 'summit.sqlite');
    other = spawn(process.execPath, ['--input-type=module', '-e', OTHER_WRITER, file, '4000'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await once(other, 'message');
    // listened for now: on a loaded machine the writer may finish before the requests do
    const finished = once(other, 'message');
    const statuses: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const added = await t.call<{ id: string }>({
        method: 'POST',
        url: '/exhibition/qms/guest',
        headers: bearer(token),
        payload: guestBody(residentId(100 + i), photo),
      });
      statuses.push(added.status);
      if (added.status === 200) ids.push(added.body.data.id);
    }
    for (const id of ids.slice(0, 10)) {
      const saved = await t.call({
        method: 'PUT',
        url: `/exhibition/qms/guest/${id}`,
        headers: bearer(token),
        payload: guestBody(residentId(200 + ids.indexOf(id)), photo, { position: '副总经理' }),
      });
      statuses.push(saved.status);
    }
    const [report] = (await finished) as [{ transactions: number }];
    expect(report.transactions).toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const stored = await t.app.db
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(25);
  }, 60_000);
});
