/**
 * The console's guest list and search, and a unit's own list, p50 through the whole product
 * (HTTP inject) beside the product's own SQL of the same call replayed through the bare
 * driver. Targets (issue 17): every list page and search at most 30 ms at 100,000 guests, and
 * at most 1.5x from 10,000 to 100,000 guests.
 */
import { ConsoleGuests } from '../../src/server/features/guests/console-guests.js';
import { GuestRepository } from '../../src/server/features/guests/guest-repository.js';
import { ListTotals } from '../../src/server/db/list-totals.js';
import type { SignedInAccount } from '../../src/server/auth/sessions.js';
import { benchDatabase, kinds, ms, SIZES, table, type BenchDatabase } from '../fixture.js';
import { median } from '../support/median.js';
import { rawDriver, tracedDatabase } from '../raw-sql.js';
import { guestName } from '../seed-edition.js';

/** p50 of this many calls per size: most of these answers take 1-3 ms */
const RUNS = 150;
/** the sizes are measured in turns of RUNS / ROUNDS calls, so a change in the shared machine's load falls on all of them */
const ROUNDS = 5;
const organiser: SignedInAccount = {
  sessionId: 'bench',
  id: 'organiser',
  account: 'organiser',
  name: 'organiser',
  userType: 'organiser',
  unitId: null,
};

interface Case {
  name: string;
  query: Record<string, string>;
}

const threeCharacters = guestName(1);
const CASES: Case[] = [
  { name: 'console list, page 1', query: { pageNum: '1', pageSize: '20' } },
  { name: 'console list, page 200', query: { pageNum: '200', pageSize: '20' } },
  { name: 'console, status pending', query: { pageNum: '1', pageSize: '20', status: 'pending' } },
  { name: 'console, arrival day', query: { pageNum: '1', pageSize: '20', arrivalDate: '2027-06-17' } },
  { name: `console search "${threeCharacters}" (3 characters)`, query: { pageNum: '1', pageSize: '20', name: threeCharacters } },
  {
    name: `console search "${[...threeCharacters].slice(1).join('')}" (2 characters)`,
    query: { pageNum: '1', pageSize: '20', name: [...threeCharacters].slice(1).join('') },
  },
  { name: 'console search "Zhang Li" (English)', query: { pageNum: '1', pageSize: '20', name: 'Zhang Li' } },
];

type Call = () => Promise<unknown>;

/** The p50 (ms) of each call, measured in alternating turns after a few unmeasured calls each. */
async function interleavedP50(calls: Call[]): Promise<number[]> {
  for (const call of calls) for (let i = 0; i < 5; i += 1) await call();
  const times: number[][] = calls.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, call] of calls.entries()) {
      for (let i = 0; i < RUNS / ROUNDS; i += 1) {
        const started = performance.now();
        await call();
        times[index]!.push(performance.now() - started);
      }
    }
  }
  return times.map(median);
}

interface Measured {
  name: string;
  /** per size, in SIZES order */
  product: number[];
  baseline: number[];
}

/** What one size of one kind needs: a product call and a baseline call per case. */
async function callsOf(database: BenchDatabase) {
  const { app } = database;
  const traced = tracedDatabase(database);
  const driver = await rawDriver(database);
  // as the product runs it: long totals kept for the configured time (services/list-totals.ts)
  const consoleGuests = new ConsoleGuests(traced.db, app.services.editions, new ListTotals(app.config.listTotalCacheMs));
  const headers = { authorization: `Bearer ${database.organiserToken}` };
  const cases: { product: Call; baseline: Call }[] = [];
  for (const { query } of CASES) {
    const url = `/exhibition/admin/console/guest/page?${new URLSearchParams(query).toString()}`;
    const product = async () => {
      const answer = await app.inject({ method: 'GET', url, headers });
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    };
    // the baseline replays what a page costs once the total is known, as the product's p50 does
    await consoleGuests.search(organiser, query);
    traced.take();
    await consoleGuests.search(organiser, query);
    const queries = traced.take();
    cases.push({ product, baseline: () => driver.run(queries) });
  }
  // a unit's own list
  const unit = database.seed.units[0]!;
  const unitHeaders = { authorization: `Bearer ${await database.unitToken(0)}` };
  const edition = await app.services.editions.current();
  traced.take();
  await new GuestRepository(traced.db).page({ editionId: edition.id, unitId: unit.who.unitId }, 1, 10);
  const unitQueries = traced.take();
  cases.push({
    product: async () => {
      const answer = await app.inject({ method: 'GET', url: '/exhibition/qms/guest/page?pageNum=1&pageSize=10', headers: unitHeaders });
      if (answer.statusCode !== 200) throw new Error(`unit list answered ${answer.statusCode}`);
    },
    baseline: () => driver.run(unitQueries),
  });
  return {
    cases,
    close: async () => {
      await driver.close();
      await traced.db.destroy();
    },
  };
}

async function measure(databases: BenchDatabase[]): Promise<Measured[]> {
  const sizes = await Promise.all(databases.map(callsOf));
  try {
    const names = [...CASES.map((c) => c.name), "a unit's own list, page 1"];
    const results: Measured[] = [];
    for (const [index, name] of names.entries()) {
      const product = await interleavedP50(sizes.map((size) => size.cases[index]!.product));
      const baseline = await interleavedP50(sizes.map((size) => size.cases[index]!.baseline));
      results.push({ name, product, baseline });
    }
    return results;
  } finally {
    for (const size of sizes) await size.close();
  }
}

export default {
  title: 'Console lists and search',
  async run(): Promise<string> {
    const parts: string[] = [
      `Whole request (inject) beside the same call's SQL replayed through the bare driver; p50 of ${RUNS} calls in ms, the sizes measured in ${ROUNDS} alternating turns.`,
      '',
    ];
    for (const kind of await kinds()) {
      const databases: BenchDatabase[] = [];
      for (const size of SIZES) databases.push(await benchDatabase(kind, size));
      const measured = await measure(databases);
      const header = ['query'];
      for (const size of SIZES) header.push(`${size} guests`, `baseline`);
      if (SIZES.length > 1) header.push(`growth ${SIZES[0]} → ${SIZES.at(-1)}`);
      const rows = measured.map((result) => {
        const row = [result.name];
        SIZES.forEach((_, i) => row.push(ms(result.product[i]!), ms(result.baseline[i]!)));
        if (SIZES.length > 1) row.push(`${(result.product.at(-1)! / result.product[0]!).toFixed(2)}×`);
        return row;
      });
      parts.push(`**${kind}**`, '', table(header, rows), '');
    }
    parts.push('Targets: every list page and search at most 30 ms at 100,000 guests; at most 1.5× from 10,000 to 100,000.');
    return parts.join('\n');
  },
};
