/**
 * Guest add and save p50 through the whole product (HTTP inject: validation, checks, mobile and
 * duplicate look-ups, write, answer) beside the product's own SQL of one save replayed through
 * the bare driver in one transaction. Target (issue 17): save p50 at most 10 ms at 100,000 guests.
 */
import { GuestAccountLinks } from '../../src/server/features/guests/guest-accounts.js';
import { Guests, type GuestDocument } from '../../src/server/features/guests/guests.js';
import { GuestRepository } from '../../src/server/features/guests/guest-repository.js';
import { Audit } from '../../src/server/audit/audit.js';
import { benchDatabase, kinds, ms, p50, SIZES, table } from '../fixture.js';
import { rawDriver, tracedDatabase } from '../raw-sql.js';
import { benchGuestBody } from '../seed-edition.js';
import { systemClock } from '../../src/server/clock.js';

const RUNS = 60;

export default {
  title: 'Guest add and save',
  async run(): Promise<string> {
    const rows: string[][] = [];
    for (const kind of await kinds()) {
      for (const size of SIZES) {
        const database = await benchDatabase(kind, size);
        const { app, seed } = database;
        const unit = seed.units[0]!;
        const token = await database.unitToken(0);
        const units = seed.units.length;
        const mine = seed.guestIds.map((id, n) => ({ id, n })).filter(({ n }) => n % units === 0);
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const body = (n: number, i: number) => ({ ...benchGuestBody(n, unit.photo), position: i % 2 ? '总经理' : '副总经理' });
        const save = await p50(async (i) => {
          const guest = mine[i % mine.length]!;
          const answer = await app.inject({ method: 'PUT', url: `/exhibition/qms/guest/${guest.id}`, headers, payload: body(guest.n, i) });
          if (answer.statusCode !== 200) throw new Error(`save answered ${answer.statusCode}: ${answer.body}`);
        }, RUNS);
        // new people beyond the seeded ones and those earlier runs added (a database kept in BENCH_DATA_DIR)
        const present = await app.db
          .selectFrom('guests')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        const firstNew = 10_000_000 + Number(present.n);
        const add = await p50(async (i) => {
          const answer = await app.inject({
            method: 'POST',
            url: '/exhibition/qms/guest',
            headers,
            payload: benchGuestBody(firstNew + i, unit.photo),
          });
          if (answer.statusCode !== 200) throw new Error(`add answered ${answer.statusCode}: ${answer.body}`);
        }, RUNS);

        const traced = tracedDatabase(database);
        const guests = new Guests(
          traced.db,
          app.services.editions,
          new GuestAccountLinks(app.log, app.services.protection, app.services.names, systemClock),
          app.services.protection,
          new GuestRepository(traced.db),
          new Audit(traced.db, {}),
        );
        const first = mine[0]!;
        await guests.saveBasic(unit.who, first.id, body(first.n, 1) as unknown as GuestDocument);
        const queries = traced.take();
        await traced.db.destroy();
        const driver = await rawDriver(database);
        const baseline = await p50(() => driver.run(queries, true), RUNS);
        await driver.close();
        rows.push([kind, String(size), ms(save), ms(add), ms(baseline), String(queries.length), (save / baseline).toFixed(1)]);
      }
    }
    return [
      "Whole request (inject: validation, invitation-code, file, duplicate and mobile checks, write, answer) beside the same save's SQL replayed through the bare driver.",
      '',
      table(['database', 'guests', 'save p50 ms', 'add p50 ms', 'baseline: save SQL p50 ms', 'queries', 'save / baseline'], rows),
      '',
      'Target: save p50 at most 10 ms at 100,000 guests.',
    ].join('\n');
  },
};
