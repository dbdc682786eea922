/**
 * Fills a database with units and guests: each unit registers through the product's own write
 * path (message code from the dev outbox, Accounts.register) and gets a photo row the way the
 * upload service stores one; its guests get the rows Guests.add writes (sealed ID number and
 * mobile, blind indexes, consent and its audit entry), half of them with an itinerary as
 * GuestSteps.saveItinerary stores it, written in bulk (bulk-guests.ts) or, with
 * `throughServices`, by the services one guest at a time. So the figures stay right when
 * storage changes (an encrypted mobile, a blind index): the bulk rows are built with the
 * product's own sealing and checked against the services' rows by a test.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { UploadRepository } from '../src/server/uploads/upload-repository.js';
import { schemaVersionOf } from '../src/server/http/route-helpers.js';
import type { SignedInAccount } from '../src/server/auth/sessions.js';
import { guestBody } from '../tests/server/helpers/guest-body.js';
import { nthResidentId } from './guest-load.js';
import { addGuestsInBulk } from './bulk-guests.js';
import type { GuestDocument } from '../src/server/features/guests/guests.js';

export const BENCH_PASSWORD = 'Summit#2025';
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬建国志文斌宇浩然子轩欣怡梓涵一诺思远博文雨泽';
const PINYIN = [
  'wang',
  'li',
  'zhang',
  'liu',
  'chen',
  'yang',
  'huang',
  'zhao',
  'wu',
  'zhou',
  'xu',
  'sun',
  'ma',
  'zhu',
  'hu',
  'guo',
  'he',
  'gao',
  'lin',
  'luo',
];
const CONCURRENCY = 8;

export const itinerary = {
  arrival: {
    pickUpNeeded: true,
    transportMode: 'flight',
    number: 'CA1234',
    departureTime: '2027-06-17T08:00:00+08:00',
    departurePlace: '北京',
    arrivalTime: '2027-06-17T10:00:00+08:00',
    arrivalPlace: '青岛',
  },
  return: {
    transportMode: 'train',
    number: 'G188',
    departureTime: '2027-06-21T08:00:00+08:00',
    departurePlace: '青岛',
    arrivalTime: '2027-06-21T13:00:00+08:00',
    arrivalPlace: '北京',
  },
  hotel: { kind: 'designated', hotelName: '海景酒店' },
};

/** The n-th guest's Chinese name: two or three characters, like most Chinese names. */
export function guestName(n: number): string {
  const surname = [...SURNAMES][n % [...SURNAMES].length]!;
  const given = [...GIVEN];
  const first = given[Math.floor(n / 97) % given.length]!;
  return n % 3 === 0 ? surname + first : surname + first + given[Math.floor(n / 7) % given.length]!;
}

export interface SeededUnit {
  who: SignedInAccount;
  photo: string;
}

export interface SeedResult {
  units: SeededUnit[];
  guestIds: string[];
}

async function registerUnit(app: FastifyInstance, index: number): Promise<SeededUnit> {
  const { messageCodes, accounts, outbox } = app.services;
  const account = `bench-unit-${index}-${randomUUID().slice(0, 8)}@bench.example.com`;
  await messageCodes.send(account, 'register', 'zh-CN');
  const [message] = await outbox.list(account, 1);
  const unitName = `基准企业${index}有限公司`;
  const document = { userType: 'enterprise', account, name: `联系人${index}`, unitName, agreeTerms: true };
  await accounts.register({
    userType: 'enterprise',
    account,
    name: `联系人${index}`,
    password: BENCH_PASSWORD,
    unitName,
    code: message!.code!,
    document,
    schemaVersion: schemaVersionOf('account-registration'),
  });
  const row = await app.db
    .selectFrom('accounts')
    .select(['id', 'account', 'name', 'unit_id'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const photo = randomUUID();
  // the row the upload service keeps for a checked photo (the picture itself is not needed)
  await new UploadRepository(app.db, app.services.protection, async () => null).insertWith(
    {
      id: photo,
      owner_account_id: row.id,
      unit_id: row.unit_id,
      rule_name: 'photo',
      mime: 'image/jpeg',
      bytes: 300_000,
      width: 600,
      height: 800,
      original_name: 'photo.jpg',
      storage_name: `${photo}.jpg`,
      created_at: new Date().toISOString(),
    },
    async () => undefined,
  );
  return {
    who: { sessionId: 'bench', id: row.id, account: row.account, name: row.name, userType: 'enterprise', unitId: row.unit_id },
    photo,
  };
}

/** Guest n of the run: a distinct person and mobile, a realistic name. */
export function benchGuestBody(n: number, photo: string): Record<string, unknown> {
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const pinyin = `${capital(PINYIN[n % PINYIN.length]!)} ${capital(PINYIN[Math.floor(n / 20) % PINYIN.length]!)}${PINYIN[Math.floor(n / 400) % PINYIN.length]}`;
  return guestBody(nthResidentId(n, '110105'), photo, { nameZh: guestName(n), nameEn: pinyin });
}

export interface SeedOptions {
  /**
   * each guest through Guests.add and GuestSteps.saveItinerary, one transaction each (the
   * checks and round trips of a real add): the slow path, for a small seed that wants every
   * check of the add (bench:day) and to prove the bulk one writes the same rows
   * (tests/server/bench-bulk-guests.test.ts)
   */
  throughServices?: boolean;
}

/** Guests written per call of addGuestsInBulk: the rows of one call are held in memory. */
const BULK_CHUNK = 2_000;

/** Guest n of the seed, as the seed adds it: its unit, its document, an itinerary for every other one. */
function seedGuest(
  seeded: readonly SeededUnit[],
  n: number,
  offset: number,
): { unit: SeededUnit; body: GuestDocument; withItinerary: boolean } {
  const unit = seeded[n % seeded.length]!;
  return { unit, body: benchGuestBody(offset + n, unit.photo) as GuestDocument, withItinerary: n % 2 === 0 };
}

/**
 * `guests` guests over `units` units. `offset` shifts the people (ID numbers, mobiles), so a
 * second seed of the same database adds new people. The units register through the services;
 * the guests are written in bulk (bench/bulk-guests.ts: the rows Guests.add would write), or
 * one by one through the services with `throughServices`. Prints progress on stderr.
 */
export async function seedEdition(
  app: FastifyInstance,
  guests: number,
  units: number,
  offset = 0,
  options: SeedOptions = {},
): Promise<SeedResult> {
  if (app.config.databaseUrl === null) {
    // only this process's connection: a crash mid-seed loses at most the seed, which is rerun
    await sql`pragma synchronous = off`.execute(app.db);
  }
  const seeded: SeededUnit[] = new Array<SeededUnit>(units);
  let nextUnit = 0;
  const unitWorker = async () => {
    for (let i = nextUnit++; i < units; i = nextUnit++) seeded[i] = await registerUnit(app, offset + i);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, unitWorker));
  const started = Date.now();
  const progress = (n: number) => process.stderr.write(`  ${n} guests (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  const guestIds: string[] = new Array<string>(guests);
  if (options.throughServices) {
    let next = 0;
    const worker = async () => {
      for (;;) {
        const n = next++;
        if (n >= guests) return;
        const { unit, body, withItinerary } = seedGuest(seeded, n, offset);
        const added = await app.services.guests.add(unit.who, body);
        guestIds[n] = added.id;
        if (withItinerary) await app.services.guestSteps.saveItinerary(unit.who, added.id, itinerary).catch(() => undefined);
        if (n > 0 && n % 10_000 === 0) progress(n);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } else {
    for (let start = 0; start < guests; start += BULK_CHUNK) {
      const batch = Array.from({ length: Math.min(BULK_CHUNK, guests - start) }, (_, i) => {
        const { unit, body, withItinerary } = seedGuest(seeded, start + i, offset);
        return { who: unit.who, body, ...(withItinerary ? { itinerary } : {}) };
      });
      const ids = await addGuestsInBulk(app, batch);
      ids.forEach((id, i) => (guestIds[start + i] = id));
      if ((start + ids.length) % 10_000 === 0) progress(start + ids.length);
    }
  }
  if (app.config.databaseUrl === null) await sql`pragma synchronous = full`.execute(app.db);
  await sql.raw(app.config.databaseUrl === null ? 'analyze' : 'vacuum analyze').execute(app.db);
  return { units: seeded, guestIds };
}
