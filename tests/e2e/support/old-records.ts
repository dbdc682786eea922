import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { UploadTable } from '../../../src/server/uploads/upload-repository';
import { newRandomName, UploadStorage } from '../../../src/server/uploads/upload-storage';
import { UNFILLED_GUEST_STEPS } from '../../../src/server/features/guests/guest-repository';
import { maskIdNumber } from '../../../src/server/features/guests/id-numbers';
import { residentId } from './guest-pages';

/** 100 is the current personName limit: this one is 149 characters, a valid name otherwise */
export const OLD_LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' ');
export const OLD_FAX = '0532-88886666';

/** Who the stored old guest is: another one for a second guest of the same unit. */
export interface OldGuestPerson {
  nameZh: string;
  /** the first 17 digits of the resident ID number */
  idDigits: string;
  mobile: string;
  email: string;
}

const OLD_GUEST: OldGuestPerson = {
  nameZh: '旧版嘉宾',
  idDigits: '37020219800101007',
  mobile: '13800000123',
  email: 'old-guest@e2e.example.com',
};

/**
 * A guest of `account`'s unit as an older guest schema (version 1) stored it: a field the
 * current version dropped (faxNumber) and an English name over today's limit. Written straight
 * into the running app's database, the way a form-version change leaves stored records behind.
 */
export async function storeOldGuest(app: FastifyInstance, account: string, person: OldGuestPerson = OLD_GUEST): Promise<string> {
  const db = app.db;
  const owner = await db.selectFrom('accounts').select(['id', 'unit_id']).where('account', '=', account).executeTakeFirstOrThrow();
  const edition = await db.selectFrom('editions').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow();
  // the photo: a copy of the demo guest's upload (row and file) owned by this unit
  const uploads = db.withTables<{ uploads: UploadTable }>();
  const demoPhoto = await uploads
    .selectFrom('uploads')
    .selectAll()
    .where('rule_name', '=', 'photo')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const storage = new UploadStorage(app.config.uploadDir);
  const storageName = newRandomName();
  fs.copyFileSync(storage.pathOf(demoPhoto.storage_name), storage.pathOf(storageName));
  const photo = randomUUID();
  await uploads
    .insertInto('uploads')
    .values({ ...demoPhoto, id: photo, owner_account_id: owner.id, unit_id: owner.unit_id, storage_name: storageName })
    .execute();
  const idNumber = residentId(person.idDigits);
  const document = {
    nameZh: person.nameZh,
    nameEn: OLD_LONG_NAME,
    gender: 'male',
    nationality: '中国',
    mobile: person.mobile,
    email: person.email,
    position: '总经理',
    attendanceForm: 'in-person',
    idType: 'resident-id',
    idNumber,
    photo,
    unitType: 'enterprise',
    faxNumber: OLD_FAX,
  };
  const id = randomUUID();
  const now = new Date().toISOString();
  // stored as the running app stores any row since migration 0017: sealed, HMAC blind indexes
  const { protection } = app.services;
  await db
    .insertInto('guests')
    .values({
      id,
      edition_id: edition.id,
      account_id: null,
      unit_id: owner.unit_id,
      name: document.nameZh,
      name_en: document.nameEn,
      mobile_index: protection.index('mobile', document.mobile),
      email: document.email,
      audit_status: 'pending',
      invitation_code: null,
      guest_type: null,
      id_number_hash: protection.index('idNumber', idNumber),
      id_number_masked: maskIdNumber(idNumber),
      document: JSON.stringify(protection.sealDocument('guest', document)),
      schema_version: 1,
      reject_reason: null,
      ...UNFILLED_GUEST_STEPS,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** The stored guest row: its schema version and document (opened). */
export async function storedGuest(app: FastifyInstance, id: string): Promise<{ schemaVersion: number; document: Record<string, unknown> }> {
  const row = await app.db.selectFrom('guests').select(['schema_version', 'document']).where('id', '=', id).executeTakeFirstOrThrow();
  return { schemaVersion: Number(row.schema_version), document: app.services.protection.openJson('guest', row.document) };
}
