import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadedFile } from '../../../shared/upload-api.js';
import { FaceDetector } from '../../uploads/face-detector.js';
import { checkReceivedFile, keptFileColumns } from '../../uploads/check-received.js';
import type { ReceivedFile } from '../../uploads/receive-upload.js';
import { uploadRulesNamed } from '../../uploads/upload-rule-catalogue.js';
import type { KeepResult } from '../../uploads/upload-service.js';
import type { UploadJournal } from '../../uploads/upload-journal.js';
import type { DataProtection } from '../../security/data-protection.js';
import { readableKeptFile, type UploadStore } from '../../uploads/upload-storage.js';
import type { TemporaryDb, TemporaryUploadTable } from './temporary-tables.js';

/** The one rule the open upload takes: the temporary registration's JPG picture. */
export const TEMPORARY_RULE = 'pictureJpg';

export function temporaryMaxBytes(): number {
  return uploadRulesNamed(TEMPORARY_RULE)?.maxBytes ?? 0;
}

/**
 * Pictures uploaded without sign-in. The same inspection and rule checks as the signed-in upload
 * service (src/server/uploads), but rows have no owner account, so they live in their own table;
 * a registration claims its picture once, and only organisers read it back.
 */
export class TemporaryUploads {
  constructor(
    private readonly db: TemporaryDb,
    /** the portal's one upload store and journal: temporary pictures share them */
    readonly storage: UploadStore,
    readonly journal: UploadJournal,
    private readonly faceDetector: FaceDetector,
    private readonly log: FastifyBaseLogger,
    private readonly protection: DataProtection,
    /** the edition whose key seals the picture's original name (the current one) */
    private readonly sealingEdition: () => Promise<string | null>,
  ) {}

  /** The store names of every temporary picture: the upload sweep spares them (they share the store). */
  async storedNames(): Promise<string[]> {
    return (await this.db.selectFrom('temporary_uploads').select('storage_name').execute()).map((row) => row.storage_name);
  }

  async keep(received: ReceivedFile, incoming: string, at: string): Promise<KeepResult> {
    const rules = uploadRulesNamed(TEMPORARY_RULE);
    if (!rules) throw new Error(`upload rule ${TEMPORARY_RULE} missing from the schemas`);
    const checked = await checkReceivedFile({
      received,
      incoming,
      rules,
      faceDetector: this.faceDetector,
      log: this.log,
      cutOffMaxBytes: temporaryMaxBytes(),
      rejectedError: 'photoRejected',
    });
    if (checked.kind === 'refused') return checked;
    const { facts, notChecked } = checked;
    const row: TemporaryUploadTable = {
      id: randomUUID(),
      rule_name: TEMPORARY_RULE,
      ...keptFileColumns(received, facts),
      created_at: at,
      registration_id: null,
    };
    const editionId = await this.sealingEdition();
    // journaled: between the rename and the commit the file has its final name but no row yet
    await this.journal.around([row.storage_name], () =>
      this.storage.placeWithRow(incoming, row.storage_name, (place) =>
        this.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('temporary_uploads')
            .values({ ...row, original_name: this.protection.seal(row.original_name, editionId) })
            .execute();
          await place();
        }),
      ),
    );
    const file: UploadedFile = {
      id: row.id,
      name: row.original_name,
      mime: row.mime,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      notChecked,
    };
    return { kind: 'kept', file };
  }

  /**
   * Pictures no registration took within a day (the visitor gave up): rows and files go. A day
   * leaves a visitor time to finish the form; a picture is claimed in the same transaction as
   * its registration, so a claimed one is never removed.
   */
  async purgeUnclaimed(before: string): Promise<number> {
    const rows = await this.db
      .selectFrom('temporary_uploads')
      .select(['id', 'storage_name'])
      .where('registration_id', 'is', null)
      .where('created_at', '<', before)
      .limit(500)
      .execute();
    let removed = 0;
    for (const row of rows) {
      const deleted = await this.db
        .deleteFrom('temporary_uploads')
        .where('id', '=', row.id)
        .where('registration_id', 'is', null)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) continue;
      await this.storage.discard(this.storage.pathOf(row.storage_name));
      removed += 1;
    }
    return removed;
  }

  /** The stored picture of a registration (organisers only: checked by the route's caller). */
  async pictureOf(registrationId: string): Promise<{ row: TemporaryUploadTable; filePath: string } | null> {
    const row = await this.db.selectFrom('temporary_uploads').selectAll().where('registration_id', '=', registrationId).executeTakeFirst();
    if (!row) return null;
    const filePath = await readableKeptFile(this.storage, row.storage_name, () =>
      this.log.error({ upload: row.id }, 'stored temporary picture missing'),
    );
    return filePath === null ? null : { row: { ...row, original_name: this.protection.open(row.original_name) }, filePath };
  }
}
