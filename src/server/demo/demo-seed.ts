import fs from 'node:fs';
import type { AccountNames } from '../auth/account-names.js';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadSharp } from '../lazy-modules.js';
import type { Db } from '../db/database.js';
import type { PasswordHasher } from '../auth/password-hash.js';
import { HOUR_MS, systemClock } from '../clock.js';
import { newRandomName } from '../uploads/upload-storage.js';
import { demoGuestDocument, demoUnitDocument, type DemoRecords } from './demo-documents.js';
import { maskIdNumber } from '../features/guests/id-numbers.js';
import { canonicalInvitationCode } from '../features/invitations/invitation-codes.js';
import type { DataProtection } from '../security/data-protection.js';
import { versionOf } from '../schema-versions/schema-versions.js';
import { consentColumns } from '../features/guests/id-number-consents.js';
import { insertAccount } from '../features/account/new-account.js';

interface DemoFile {
  edition: { year: number; name: string };
  password: string;
  /** unit / guest: the account's demo records (schema named in recordSchemas, checked by codegen) */
  accounts: ({ account: string; name: string; userType: string; unitName?: string } & DemoRecords)[];
  invitationCodes: DemoInvitationCode[];
  notices: { title: string; content: string; audience: string | null; hoursAgo: number }[];
  /** how many of the oldest notices the enterprise demo account has already read */
  readByEnterprise: number;
}

/** company: a demo account whose unit the code is for; null = none (10003); "missing" = unknown unit (10004) */
interface DemoInvitationCode {
  code: string;
  company: string | null;
  guestType: string | null;
  reviewRequired: boolean | null;
}

/** company id of codes whose company does not exist (catalogue 10004) */
const MISSING_COMPANY_ID = 'company-that-does-not-exist';

export interface DemoAccount {
  account: string;
  userType: string;
  password: string;
}

/** Every database needs a current edition (registrations hang off it). */
export async function ensureCurrentEdition(db: Db, year: number, name: string): Promise<string> {
  const current = await db.selectFrom('editions').select('id').where('is_current', '=', 1).executeTakeFirst();
  if (current) return current.id;
  const id = randomUUID();
  await db.insertInto('editions').values({ id, year, name, is_current: 1, created_at: systemClock.nowIso() }).execute();
  return id;
}

export function readDemoFile(path: string): DemoFile {
  return JSON.parse(fs.readFileSync(path, 'utf8')) as DemoFile;
}

/**
 * Fills an EMPTY database (no accounts) with the demo data. Returns the demo accounts present,
 * so they are printed at every start (their password may have been changed since).
 */
/** A plain portrait placeholder for the demo guest's photo (the record must reference a real upload). */
async function demoPhotoFile(uploadDir: string): Promise<{ storageName: string; bytes: number }> {
  const sharp = await loadSharp();
  const jpeg = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 222, g: 230, b: 238 } } })
    .jpeg()
    .toBuffer();
  const storageName = newRandomName();
  const dir = uploadDir;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, storageName), jpeg, { mode: 0o600 });
  return { storageName, bytes: jpeg.length };
}

export async function seedDemoData(
  db: Db,
  hasher: PasswordHasher,
  protection: DataProtection,
  names: AccountNames,
  demo: DemoFile,
  uploadDir?: string,
): Promise<DemoAccount[]> {
  const anyAccount = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (anyAccount) {
    const present = await db
      .selectFrom('accounts')
      .select(['account', 'account_sealed', 'user_type'])
      .where(
        'account',
        'in',
        demo.accounts.map((a) => names.key(a.account)),
      )
      .execute();
    return present.map((row) => ({
      account: names.clear(row.account, row.account_sealed),
      userType: row.user_type,
      password: demo.password,
    }));
  }
  const editionId = await ensureCurrentEdition(db, demo.edition.year, demo.edition.name);
  const passwordHash = await hasher.hash(demo.password);
  const now = systemClock.nowIso();
  let enterpriseId: string | null = null;
  const unitOfAccount = new Map<string, string>();
  const photo = uploadDir ? await demoPhotoFile(uploadDir) : null;

  await db.transaction().execute(async (trx) => {
    for (const entry of demo.accounts) {
      const { accountId, unitId } = await insertAccount(trx, {
        editionId,
        accountKey: names.key(entry.account),
        // a demo guest's sign-in is one of the edition's people, a unit's sign-in is not
        accountSealed: names.sealed(entry.account, entry.userType === 'guest' ? editionId : null),
        name: entry.name,
        userType: entry.userType,
        passwordHash,
        unit: entry.unitName
          ? {
              name: entry.unitName,
              document: JSON.stringify(protection.sealDocument('unit', demoUnitDocument(entry.account, entry), editionId)),
              schemaVersion: versionOf('unit'),
            }
          : undefined,
        now,
      });
      if (entry.userType === 'enterprise' && enterpriseId === null) enterpriseId = accountId;
      if (unitId) unitOfAccount.set(entry.account, unitId);
      if (entry.userType === 'guest') {
        const photoId = randomUUID();
        await trx
          .insertInto('uploads')
          .values({
            id: photoId,
            owner_account_id: accountId,
            unit_id: null,
            rule_name: 'photo',
            mime: 'image/jpeg',
            bytes: photo?.bytes ?? 0,
            width: 480,
            height: 640,
            original_name: protection.seal('photo.jpg', editionId),
            storage_name: photo?.storageName ?? newRandomName(),
            created_at: now,
          })
          .execute();
        const document = demoGuestDocument(entry.account, entry, photoId);
        await trx
          .insertInto('guests')
          .values({
            id: randomUUID(),
            edition_id: editionId,
            account_id: accountId,
            unit_id: null,
            name: entry.name,
            mobile_index: entry.account.includes('@') ? null : protection.index('mobile', entry.account),
            email: entry.account.includes('@') ? entry.account : null,
            audit_status: 'approved',
            invitation_code: null,
            id_number_hash: protection.index('idNumber', String(document.idNumber)),
            id_number_masked: maskIdNumber(String(document.idNumber)),
            document: JSON.stringify(protection.sealDocument('guest', document, editionId)),
            schema_version: versionOf('guest'),
            created_at: now,
            // the demo record carries the tick: it is recorded as the save would, by no account (none submitted it)
            ...consentColumns('guest', document, protection.index('idNumber', String(document.idNumber)), null, now, null),
          })
          .execute();
      }
    }
    for (const entry of demo.invitationCodes) {
      const companyId = entry.company === null ? null : (unitOfAccount.get(entry.company) ?? MISSING_COMPANY_ID);
      await trx
        .insertInto('invitation_codes')
        .values({
          // stored in capitals like every code (invitation-codes.ts)
          code: canonicalInvitationCode(entry.code),
          edition_id: editionId,
          unit_id: companyId === MISSING_COMPANY_ID ? null : companyId,
          company_id: companyId,
          guest_type: entry.guestType,
          review_required: entry.reviewRequired === null ? null : entry.reviewRequired ? 1 : 0,
          used_by: null,
          created_at: now,
        })
        .execute();
    }
    const noticeIds: string[] = [];
    for (const notice of [...demo.notices].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
      const id = randomUUID();
      noticeIds.push(id);
      await trx
        .insertInto('notices')
        .values({
          id,
          edition_id: editionId,
          title: notice.title,
          content: notice.content,
          audience: notice.audience,
          release_time: systemClock.isoIn(-notice.hoursAgo * HOUR_MS),
        })
        .execute();
    }
    for (const id of noticeIds.slice(0, demo.readByEnterprise)) {
      if (enterpriseId) await trx.insertInto('notice_reads').values({ notice_id: id, account_id: enterpriseId, read_at: now }).execute();
    }
  });
  return demo.accounts.map((entry) => ({ account: entry.account, userType: entry.userType, password: demo.password }));
}
