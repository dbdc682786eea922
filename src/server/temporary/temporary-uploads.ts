import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { extensionOf } from '../../shared/file-signatures.js';
import type { UploadedFile } from '../../shared/upload-api.js';
import { checkUpload, failuresOf, formatBytes, notCheckedOf } from '../../shared/upload-rules.js';
import { FaceDetector } from '../uploads/face-detector.js';
import { inspectFile } from '../uploads/file-inspection.js';
import { sanitiseFileName } from '../uploads/file-name.js';
import type { ReceivedFile } from '../uploads/receive-upload.js';
import { uploadRulesNamed } from '../uploads/upload-rule-catalogue.js';
import type { KeepResult } from '../uploads/upload-service.js';
import { UploadStorage } from '../uploads/upload-storage.js';
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
  readonly storage: UploadStorage;
  private readonly faceDetector = new FaceDetector();

  constructor(
    private readonly db: TemporaryDb,
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.storage = new UploadStorage(dataDir);
  }

  close(): Promise<void> {
    return this.faceDetector.close();
  }

  async keep(received: ReceivedFile, incoming: string, at: string): Promise<KeepResult> {
    const rules = uploadRulesNamed(TEMPORARY_RULE);
    if (!rules) throw new Error(`upload rule ${TEMPORARY_RULE} missing from the schemas`);
    const inspection = await inspectFile({
      filePath: incoming,
      bytes: received.bytes,
      extension: extensionOf(received.fileName),
      rules,
      complete: received.complete,
      faceDetector: this.faceDetector,
      onDetectorError: (error) => this.log.warn({ err: error }, 'face detector unavailable'),
    });
    if (inspection.kind !== 'measured') {
      const params = inspection.kind === 'pixelCap' ? { width: inspection.width, height: inspection.height } : {};
      return { kind: 'refused', error: inspection.kind, failures: [], params };
    }
    const outcomes = checkUpload(rules, inspection.facts);
    const failures = failuresOf(outcomes);
    if (!received.complete && failures.length === 0) {
      failures.push({ rule: 'maxBytes', status: 'failed', key: 'upload.rules.fileTooBig', params: { max: formatBytes(temporaryMaxBytes()) } });
    }
    if (failures.length > 0) return { kind: 'refused', error: 'photoRejected', failures, params: {} };
    const { facts } = inspection;
    const row: TemporaryUploadTable = {
      id: randomUUID(),
      rule_name: TEMPORARY_RULE,
      mime: facts.mime ?? 'application/octet-stream',
      bytes: facts.bytes,
      width: facts.width,
      height: facts.height,
      original_name: sanitiseFileName(received.fileName),
      storage_name: await this.storage.keep(incoming),
      created_at: at,
      registration_id: null,
    };
    try {
      await this.db.insertInto('temporary_uploads').values(row).execute();
    } catch (error) {
      await this.storage.discard(this.storage.pathOf(row.storage_name));
      throw error;
    }
    const notChecked = notCheckedOf(outcomes).map((outcome) => outcome.rule);
    const file: UploadedFile = { id: row.id, name: row.original_name, mime: row.mime, bytes: row.bytes, width: row.width, height: row.height, notChecked };
    return { kind: 'kept', file };
  }

  /** The stored picture of a registration (organisers only: checked by the route's caller). */
  async pictureOf(registrationId: string): Promise<{ row: TemporaryUploadTable; filePath: string } | null> {
    const row = await this.db.selectFrom('temporary_uploads').selectAll().where('registration_id', '=', registrationId).executeTakeFirst();
    if (!row) return null;
    const filePath = this.storage.pathOf(row.storage_name);
    try {
      await fs.promises.access(filePath, fs.constants.R_OK);
    } catch {
      this.log.error({ upload: row.id }, 'stored temporary picture missing');
      return null;
    }
    return { row, filePath };
  }
}
