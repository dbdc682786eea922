/**
 * Data and request bodies of the guest benchmarks: 10,000 guests across 500 units written in
 * bulk straight into the tables (not through HTTP), and a stream of distinct valid guests for
 * the save benchmark (the duplicate check refuses the same ID number twice).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/database.js';
import type { Insertable } from 'kysely';
import type { GuestTable } from '../src/server/features/guests/guest-tables.js';
import type { DataProtection } from '../src/server/security/data-protection.js';
import { UNFILLED_GUEST_STEPS } from '../src/server/features/guests/guest-repository.js';
import { maskIdNumber } from '../src/server/features/guests/id-numbers.js';
import { versionOf } from '../src/server/schema-versions/schema-versions.js';
import { guestBody } from '../tests/server/helpers/guest-body.js';

export const BENCH_UNITS = 500;
export const BENCH_GUESTS = 10_000;
const BATCH = 400;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const DAY_MS = 86_400_000;

/** The n-th distinct resident ID number with a valid check digit (1,000 per birth date). */
export function nthResidentId(n: number, areaCode = '370202'): string {
  const birth = new Date(Date.UTC(1950, 0, 1) + Math.floor(n / 1000) * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const body = `${areaCode}${birth}${String(n % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/**
 * The demo unit plus 499 others, 20 guests each; returns the photo id the save benchmark
 * attaches. Rows are written as the product writes them (sensitive fields sealed, the ID
 * number's HMAC blind index), so reads pay the opening they pay in production.
 */
export async function seedGuests(db: Db, account: string, protection: DataProtection): Promise<string> {
  const edition = await db.selectFrom('editions').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow();
  const owner = await db.selectFrom('accounts').select(['id', 'unit_id']).where('account', '=', account).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const unitIds = [owner.unit_id!];
  const units = Array.from({ length: BENCH_UNITS - 1 }, (_, i) => {
    const id = randomUUID();
    unitIds.push(id);
    return { id, edition_id: edition.id, unit_type: 'company', name: `基准企业 ${i}`, document: '{}', schema_version: 1, created_at: now };
  });
  for (let i = 0; i < units.length; i += BATCH)
    await db
      .insertInto('units')
      .values(units.slice(i, i + BATCH))
      .execute();

  const photo = randomUUID();
  await db
    .withTables<{
      uploads: {
        id: string;
        owner_account_id: string;
        unit_id: string | null;
        rule_name: string;
        mime: string;
        bytes: number;
        original_name: string;
        storage_name: string;
        created_at: string;
      };
    }>()
    .insertInto('uploads')
    .values({
      id: photo,
      owner_account_id: owner.id,
      unit_id: owner.unit_id,
      rule_name: 'photo',
      mime: 'image/jpeg',
      bytes: 300_000,
      original_name: 'photo.jpg',
      storage_name: `${photo}.jpg`,
      created_at: now,
    })
    .execute();

  const version = versionOf('guest');
  const rows: Insertable<GuestTable>[] = Array.from({ length: BENCH_GUESTS }, (_, i) => {
    const idNumber = nthResidentId(i, '110105');
    return {
      id: randomUUID(),
      edition_id: edition.id,
      account_id: null,
      unit_id: unitIds[i % BENCH_UNITS]!,
      name: `嘉宾${i}`,
      name_en: null,
      mobile_index: null,
      email: null,
      audit_status: ['pending', 'approved', 'rejected'][i % 3]!,
      invitation_code: null,
      document: JSON.stringify(protection.sealDocument('guest', guestBody(idNumber, photo))),
      schema_version: version,
      created_at: new Date(Date.parse(now) - i * 1000).toISOString(),
      id_number_hash: protection.index('idNumber', idNumber),
      id_number_masked: maskIdNumber(idNumber),
      guest_type: null,
      reject_reason: null,
      ...UNFILLED_GUEST_STEPS,
      updated_at: null,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await trx
        .insertInto('guests')
        .values(rows.slice(i, i + BATCH))
        .execute();
  });
  return photo;
}
