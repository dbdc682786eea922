/**
 * Guest saves while a second process writes the same SQLite file: the product (transactions
 * begin immediate, so they queue on the busy timeout) beside the same save's SQL in deferred
 * transactions (Kysely's default `begin`) through the bare driver, in the same run.
 * Target (issue 17): 0 "database is locked" answers.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { GuestAccountLinks } from '../../src/server/features/guests/guest-accounts.js';
import { Guests, type GuestDocument } from '../../src/server/features/guests/guests.js';
import { GuestRepository } from '../../src/server/features/guests/guest-repository.js';
import { Audit } from '../../src/server/audit/audit.js';
import { benchDatabase, SIZES, table } from '../fixture.js';
import { tracedDatabase } from '../raw-sql.js';
import { benchGuestBody } from '../seed-edition.js';
import { systemClock } from '../../src/server/clock.js';

const SAVES = 60;
const WRITER = fileURLToPath(new URL('../other-writer.ts', import.meta.url));

async function withOtherWriter<T>(file: string, work: () => Promise<T>): Promise<{ result: T; transactions: number }> {
  const other = fork(WRITER, [file, '600000'], { execArgv: ['--import', 'tsx'] });
  await once(other, 'message');
  try {
    return { result: await work(), transactions: -1 };
  } finally {
    other.kill();
  }
}

export default {
  title: 'SQLite writes while another process writes',
  async run(): Promise<string> {
    const database = await benchDatabase('sqlite', SIZES[0]!);
    const { app, seed } = database;
    const file = path.join(database.env.DATA_DIR!, 'summit.sqlite');
    const unit = seed.units[0]!;
    const units = seed.units.length;
    const mine = seed.guestIds.map((id, n) => ({ id, n })).filter(({ n }) => n % units === 0);
    const headers = { authorization: `Bearer ${await database.unitToken(0)}`, 'content-type': 'application/json' };
    const body = (n: number, i: number) => ({ ...benchGuestBody(n, unit.photo), position: i % 2 ? '总经理' : '副总经理' });

    const product = await withOtherWriter(file, async () => {
      const statuses = new Map<number, number>();
      for (let i = 0; i < SAVES; i += 1) {
        const guest = mine[i % mine.length]!;
        const answer = await app.inject({ method: 'PUT', url: `/exhibition/qms/guest/${guest.id}`, headers, payload: body(guest.n, i) });
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      }
      return statuses;
    });

    const traced = tracedDatabase(database);
    const guests = new Guests(
      traced.db,
      app.services.editions,
      new GuestAccountLinks(app.log, app.services.protection, app.services.names, systemClock),
      app.services.protection,
      new GuestRepository(traced.db),
      new Audit(traced.db, {}),
    );
    await guests.saveBasic(unit.who, mine[0]!.id, body(mine[0]!.n, 1) as unknown as GuestDocument);
    const queries = traced.take();
    await traced.db.destroy();
    const raw = new SQLite(file);
    raw.pragma('busy_timeout = 5000');
    const deferred = await withOtherWriter(file, async () => {
      let locked = 0;
      for (let i = 0; i < SAVES; i += 1) {
        try {
          raw.exec('begin');
          for (const query of queries) {
            const statement = raw.prepare(query.sql);
            if (statement.reader) statement.all(...(query.parameters as unknown[]));
            else statement.run(...(query.parameters as unknown[]));
          }
          raw.exec('commit');
        } catch (error) {
          if (raw.inTransaction) raw.exec('rollback');
          if (String(error).includes('locked') || String(error).includes('busy')) locked += 1;
          else throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return locked;
    });
    raw.close();
    const failures = [...product.result.entries()].filter(([status]) => status !== 200).reduce((sum, [, n]) => sum + n, 0);
    return [
      `${SAVES} guest saves, one after the other, while a second process (bench/other-writer.ts) holds the file's write lock in back-to-back 15 ms transactions.`,
      '',
      table(
        ['', 'saves', '"database is locked" / failed'],
        [
          ['product (begin immediate, busy timeout)', String(SAVES), String(failures)],
          ["baseline: the same SQL in deferred transactions (Kysely's default)", String(SAVES), String(deferred.result)],
        ],
      ),
      '',
      'Target: 0 "database is locked" answers.',
    ].join('\n');
  },
};
