import fs from 'node:fs';
import type { AnyDb, Db } from '../../db/database.js';
import type { EditionData } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../audit/audit.js';
import { shanghaiDate } from '../../clock.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { UploadStorage } from '../../uploads/upload-storage.js';
import type { DataProtection } from '../../security/data-protection.js';
import { eraseReceptions } from '../reception/sealed-receptions.js';
import type { SealedStore } from '../../privacy/sealed-stores.js';
import { accountKey } from '../../security/account-keys.js';
import { eraseFreedSpace } from '../../db/erase-freed-space.js';
import { eraseGuestSignIns, eraseMessagesTo } from './erased-sign-ins.js';
import { destroyEditionKey, editionKeyIdOf } from '../../security/edition-keys.js';
import type { SealedText } from '../../security/key-presence.js';
import { releaseEditionKey, valuesStillUnder } from './edition-key-release.js';

type Row = Record<string, unknown>;

export interface PurgeReport {
  editionId: string;
  /** the first day the purge is allowed: the edition's conferenceEnd + RETENTION_DAYS (Asia/Shanghai) */
  allowedFrom: string;
  forced: boolean;
  /** rows whose sensitive values were erased, per table */
  rows: Record<string, number>;
  /** upload files removed (photos, business cards, temporary pictures of the edition's people) */
  files: number;
  /** the database files afterwards: what was rewritten so no erased value stays in free space */
  rewritten: string[];
  /** the id of the edition's key, destroyed: what WAL segments and backups still hold of the edition, no key opens */
  shreddedKey: string | null;
  /** why the edition's key was kept (values it still seals, per table): the purge can be run again */
  keyKept?: Record<string, number>;
}

/** YYYY-MM-DD plus whole days. */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function purgeAllowedFrom(edition: Pick<EditionData, 'conferenceEnd'>, retentionDays: number): string {
  return addDays(edition.conferenceEnd, retentionDays);
}

/** Every string of a document that names a stored upload (photos, business cards): found by value, so a new file field needs no code. */
function stringsOf(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

export interface PurgeInput {
  editionId: string;
  /** the organiser who asked (recorded in the audit log) */
  who: Pick<SignedInAccount, 'id' | 'account'>;
  force: boolean;
  now: Date;
  /** how the purge was asked for (audit reason), e.g. "command line" */
  via: string;
}

/**
 * The retention purge: once an edition is over by the retention period, its
 * people's ID numbers and mobiles are erased from every sealed store (sealed values removed from
 * the documents, blind indexes and masks cleared) and their photos, business cards and
 * temporary pictures deleted, in one transaction with its audit entry; the files go after the
 * commit (a crash in between leaves files without rows, which the start-up sweep removes).
 * The guests' sign-ins (their mobile is the account's name) and the messages and codes sent to
 * the edition's mobiles go in the same transaction. Then the database files are rewritten
 * (eraseFreedSpace), so no erased value stays readable in their free space. Last, the edition's
 * own data key is destroyed (crypto-shredding, edition-keys.ts): the WAL, older backups and any
 * copy of the files hold the edition's values only under that key. Run again after a crash, the
 * purge finds nothing left to erase and destroys the key.
 * Names, statuses and itineraries stay: the edition's history without the identifying numbers.
 */
export class RetentionPurge {
  constructor(
    private readonly db: Db,
    private readonly protection: DataProtection,
    private readonly audit: Audit,
    private readonly storage: UploadStorage,
    /** every feature's sealed stores (composition.ts) */
    private readonly stores: readonly SealedStore[],
    private readonly options: {
      retentionDays: number;
      findEdition: (id: string) => Promise<EditionData | undefined>;
      /** every column holding sealed values (composition.ts SEALED_TEXTS): the key goes only once none needs it */
      sealedTexts: readonly SealedText[];
    },
  ) {}

  async purge(input: PurgeInput): Promise<PurgeReport> {
    const edition = await this.options.findEdition(input.editionId);
    if (!edition) throw new AppError('notFound');
    const allowedFrom = purgeAllowedFrom(edition, this.options.retentionDays);
    const today = shanghaiDate(input.now);
    if (today < allowedFrom && !input.force) throw new AppError('retentionNotOver', { allowedFrom });
    const rows: Record<string, number> = {};
    const storageNames: string[] = [];
    const keyId = editionKeyIdOf(this.protection.keyring, edition.id);
    await this.db.transaction().execute(async (trx) => {
      const db = trx as unknown as AnyDb;
      const uploadIds = new Set<string>();
      /** the account keys of the edition's mobiles: messages and codes sent to them go too */
      const messageKeys = new Set<string>();
      for (const store of this.stores) {
        const found = (await db
          .selectFrom(store.table)
          .select(['id', 'document', ...store.columns])
          .where('edition_id', '=', edition.id)
          .execute()) as Row[];
        for (const row of found) {
          const schema = store.schemaOf(row);
          const stored = JSON.parse(String(row.document)) as Record<string, unknown>;
          stringsOf(stored, uploadIds);
          for (const { kind, value } of this.protection.sensitiveValues(schema, stored))
            if (kind === 'mobile') messageKeys.add(accountKey(this.protection, value));
          const erased = this.protection.eraseDocument(schema, stored);
          for (const field of store.erasedFields ?? []) delete erased[field];
          await db
            .updateTable(store.table)
            .set({ document: JSON.stringify(erased), ...store.erased(row) })
            .where('id', '=', row.id)
            .execute();
        }
        rows[store.table] = found.length;
      }
      // the edition's receptionists (migration 0020): the sealed mobile goes; the unique key keeps a per-row placeholder
      const staff = (await db
        .selectFrom('receptionists')
        .select('id')
        .where('edition_id', '=', edition.id)
        .where('mobile_sealed', 'is not', null)
        .execute()) as Row[];
      for (const row of staff)
        await db
          .updateTable('receptionists')
          .set({ mobile_index: `erased:${String(row.id)}`, mobile_sealed: null })
          .where('id', '=', row.id)
          .execute();
      rows.receptionists = staff.length;
      // receptionist phones copied into the guests' and members' reception arrangements (0022)
      Object.assign(rows, await eraseReceptions(db, this.protection, edition.id));
      const signIns = await eraseGuestSignIns(db, edition.id);
      rows.accounts = signIns.accounts;
      for (const key of signIns.keys) messageKeys.add(key);
      Object.assign(rows, await eraseMessagesTo(db, messageKeys));
      if (keyId) Object.assign(rows, await releaseEditionKey(db, this.protection, keyId));
      const ids = [...uploadIds];
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const files = (await db.selectFrom('uploads').select(['id', 'storage_name']).where('id', 'in', chunk).execute()) as {
          id: string;
          storage_name: string;
        }[];
        if (files.length === 0) continue;
        storageNames.push(...files.map((f) => f.storage_name));
        await db
          .deleteFrom('uploads')
          .where(
            'id',
            'in',
            files.map((f) => f.id),
          )
          .execute();
      }
      const pictures = (await db
        .selectFrom('temporary_uploads')
        .innerJoin('temporary_registrations', 'temporary_registrations.picture_id', 'temporary_uploads.id')
        .select(['temporary_uploads.id', 'temporary_uploads.storage_name'])
        .where('temporary_registrations.edition_id', '=', edition.id)
        .execute()) as { id: string; storage_name: string }[];
      // the registration's picture_id must keep naming a row (foreign key): the row stays, the file goes
      storageNames.push(...pictures.map((p) => p.storage_name));
      await this.audit.record(trx, input.who as SignedInAccount, {
        editionId: edition.id,
        action: 'edition.retention-purge',
        targetType: 'edition',
        targetId: edition.id,
        targetLabel: edition.name,
        reason: `${input.via}${input.force ? ' (forced before the retention period ended)' : ''}`,
        after: { rows, files: storageNames.length, allowedFrom },
        at: input.now.toISOString(),
      });
    });
    for (const name of storageNames) {
      // a name the server never chose (not a stored file) is no path to remove
      const file = (() => {
        try {
          return this.storage.pathOf(name);
        } catch {
          return null;
        }
      })();
      if (file) await fs.promises.rm(file, { force: true });
    }
    const { rewritten } = await eraseFreedSpace(this.db, [
      ...this.stores.map((store) => store.table),
      'receptionists',
      'guests',
      'entourage_members',
      'accounts',
      'sessions',
      'outbox',
      'one_time_codes',
      'uploads',
    ]);
    let shreddedKey: string | null = null;
    let keyKept: Record<string, number> | undefined;
    if (keyId) {
      const left = await valuesStillUnder(this.db as unknown as AnyDb, this.options.sealedTexts, keyId);
      if (Object.keys(left).length === 0) shreddedKey = destroyEditionKey(this.protection.keyring, edition.id);
      else keyKept = left;
    }
    return {
      editionId: edition.id,
      allowedFrom,
      forced: input.force && today < allowedFrom,
      rows,
      files: storageNames.length,
      rewritten,
      shreddedKey,
      ...(keyKept ? { keyKept } : {}),
    };
  }
}
