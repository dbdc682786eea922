/**
 * The console's guest list and search, and a unit's own list, p50 through the whole product
 * (HTTP inject) beside the product's own SQL of the same call replayed through the bare
 * driver. Targets (issue 17): every list page and search at most 30 ms at 100,000 guests, and
 * at most 1.5x from 10,000 to 100,000 guests.
 */
import { ConsoleGuests } from '../../src/server/services/console-guests.js';
import { GuestRepository } from '../../src/server/services/guest-repository.js';
import { ListTotals } from '../../src/server/services/list-totals.js';
import type { SignedInAccount } from '../../src/server/services/sessions.js';
import { benchDatabase, kinds, ms, p50, SIZES, table, type BenchDatabase } from '../fixture.js';
import { rawDriver, tracedDatabase } from '../raw-sql.js';
import { guestName } from '../seed-edition.js';

/** p50 of this many calls: most of these answers take 1-3 ms, where 40 samples left the growth ratio swinging 0.9-1.6× between runs */
const RUNS = 150;
const organiser: SignedInAccount = { sessionId: 'bench', id: 'organiser', account: 'organiser', name: 'organiser', userType: 'organiser', unitId: null };

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
  { name: `console search "${[...threeCharacters].slice(1).join('')}" (2 characters)`, query: { pageNum: '1', pageSize: '20', name: [...threeCharacters].slice(1).join('') } },
  { name: 'console search "Zhang Li" (English)', query: { pageNum: '1', pageSize: '20', name: 'Zhang Li' } },
];

async function measure(database: BenchDatabase): Promise<{ name: string; product: number; baseline: number }[]> {
  const { app } = database;
  const postgres = database.kind === 'postgres';
  const traced = tracedDatabase(database);
  const driver = await rawDriver(database);
  const results: { name: string; product: number; baseline: number }[] = [];
  try {
    // as the product runs it: long totals kept for the configured time (services/list-totals.ts)
    const consoleGuests = new ConsoleGuests(traced.db, app.services.editions, postgres, new ListTotals(app.config.listTotalCacheMs));
    const headers = { authorization: `Bearer ${database.organiserToken}` };
    for (const { name, query } of CASES) {
      const url = `/exhibition/admin/console/guest/page?${new URLSearchParams(query).toString()}`;
      const product = await p50(async () => {
        const answer = await app.inject({ method: 'GET', url, headers });
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
      }, RUNS);
      // the baseline replays what a page costs once the total is known, as the p50 above does
      await consoleGuests.search(organiser, query);
      traced.take();
      await consoleGuests.search(organiser, query);
      const queries = traced.take();
      const baseline = await p50(() => driver.run(queries), RUNS);
      results.push({ name, product, baseline });
    }
    // a unit's own list
    const unit = database.seed.units[0]!;
    const unitHeaders = { authorization: `Bearer ${await database.unitToken(0)}` };
    const product = await p50(async () => {
      const answer = await app.inject({ method: 'GET', url: '/exhibition/qms/guest/page?pageNum=1&pageSize=10', headers: unitHeaders });
      if (answer.statusCode !== 200) throw new Error(`unit list answered ${answer.statusCode}`);
    }, RUNS);
    const edition = await app.services.editions.current();
    traced.take();
    await new GuestRepository(traced.db, postgres).page({ editionId: edition.id, unitId: unit.who.unitId }, 1, 10);
    const queries = traced.take();
    results.push({ name: "a unit's own list, page 1", product, baseline: await p50(() => driver.run(queries), RUNS) });
  } finally {
    await driver.close();
    await traced.db.destroy();
  }
  return results;
}

export default {
  title: 'Console lists and search',
  async run(): Promise<string> {
    const parts: string[] = ['Whole request (inject) beside the same call\'s SQL replayed through the bare driver; p50 in ms.', ''];
    for (const kind of await kinds()) {
      const bySize = new Map<number, Awaited<ReturnType<typeof measure>>>();
      for (const size of SIZES) bySize.set(size, await measure(await benchDatabase(kind, size)));
      const header = ['query'];
      for (const size of SIZES) header.push(`${size} guests`, `baseline`);
      if (SIZES.length > 1) header.push(`growth ${SIZES[0]} → ${SIZES.at(-1)}`);
      const rows = bySize.get(SIZES[0]!)!.map((first, i) => {
        const row = [first.name];
        for (const size of SIZES) {
          const result = bySize.get(size)![i]!;
          row.push(ms(result.product), ms(result.baseline));
        }
        if (SIZES.length > 1) row.push(`${(bySize.get(SIZES.at(-1)!)![i]!.product / first.product).toFixed(2)}×`);
        return row;
      });
      parts.push(`**${kind}**`, '', table(header, rows), '');
    }
    parts.push('Targets: every list page and search at most 30 ms at 100,000 guests; at most 1.5× from 10,000 to 100,000.');
    return parts.join('\n');
  },
};
