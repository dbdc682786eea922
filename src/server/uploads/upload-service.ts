import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { extensionOf } from '../../shared/file-signatures.js';
import type { UploadedFile } from '../../shared/upload-api.js';
import type { UploadErrorName } from '../../shared/upload-errors.js';
import { checkUpload, failuresOf, formatBytes, needsPixels, notCheckedOf, type RuleOutcome } from '../../shared/upload-rules.js';
import type { Db } from '../db/database.js';
import type { SignedInAccount } from '../services/sessions.js';
import { nowIso } from '../time.js';
import { sanitiseFileName } from './file-name.js';
import { FaceDetector } from './face-detector.js';
import { inspectFile } from './file-inspection.js';
import type { ReceivedFile } from './receive-upload.js';
import { largestAllowedBytes, uploadRulesNamed } from './upload-rule-catalogue.js';
import { UploadRepository, type UploadTable } from './upload-repository.js';
import { newRandomName, UploadStorage } from './upload-storage.js';

export type KeepResult =
  | { kind: 'kept'; file: UploadedFile }
  | { kind: 'refused'; error: UploadErrorName; failures: RuleOutcome[]; params: Record<string, unknown> };

const IMAGE_INLINE = new Set(['image/jpeg', 'image/png']);

/** Checks a received file against its rule and keeps it; reads kept files back for their owners. */
export class UploadService {
  readonly storage: UploadStorage;
  private readonly repository: UploadRepository;
  private readonly faceDetector = new FaceDetector();

  constructor(
    db: Db,
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.storage = new UploadStorage(dataDir);
    this.repository = new UploadRepository(db);
  }

  /** Stops the face detector's worker thread (call when the app closes). */
  close(): Promise<void> {
    return this.faceDetector.close();
  }

  /** `incoming` holds the received bytes; it is moved to storage only when every rule passes. */
  async keep(account: SignedInAccount, received: ReceivedFile, incoming: string): Promise<KeepResult> {
    const rules = received.rule ? uploadRulesNamed(received.rule) : null;
    if (!rules) return { kind: 'refused', error: 'unknownRule', failures: [], params: { rule: received.rule ?? '' } };
    const photo = needsPixels(rules);
    const inspection = await inspectFile({
      filePath: incoming,
      bytes: received.bytes,
      extension: extensionOf(received.fileName),
      rules,
      complete: received.complete,
      faceDetector: this.faceDetector,
      onDetectorError: (error) => this.log.warn({ err: error }, 'face detector unavailable: face rule not checked'),
    });
    if (inspection.kind !== 'measured') {
      const params = inspection.kind === 'pixelCap' ? { width: inspection.width, height: inspection.height } : {};
      return { kind: 'refused', error: inspection.kind, failures: [], params };
    }
    const outcomes = checkUpload(rules, inspection.facts);
    const failures = failuresOf(outcomes);
    if (!received.complete && failures.length === 0) {
      // cut off by the parser's cap although the rule states no maxBytes: too big all the same
      failures.push({ rule: 'maxBytes', status: 'failed', key: 'upload.rules.fileTooBig', params: { max: formatBytes(largestAllowedBytes()) } });
    }
    if (failures.length > 0) {
      return { kind: 'refused', error: photo ? 'photoRejected' : 'fileRejected', failures, params: {} };
    }
    const { facts } = inspection;
    const row: UploadTable = {
      id: randomUUID(),
      owner_account_id: account.id,
      unit_id: account.unitId,
      rule_name: received.rule ?? '',
      mime: facts.mime ?? 'application/octet-stream',
      bytes: facts.bytes,
      width: facts.width,
      height: facts.height,
      original_name: sanitiseFileName(received.fileName),
      storage_name: '',
      created_at: nowIso(),
    };
    row.storage_name = newRandomName();
    try {
      await this.repository.insertWith(row, () => this.storage.place(incoming, row.storage_name));
    } catch (error) {
      // the transaction rolled back: the file must not stay without its row
      await this.storage.discard(this.storage.pathOf(row.storage_name));
      throw error;
    }
    const notChecked = notCheckedOf(outcomes).map((outcome) => outcome.rule);
    return {
      kind: 'kept',
      file: { id: row.id, name: row.original_name, mime: row.mime, bytes: row.bytes, width: row.width, height: row.height, notChecked },
    };
  }

  /** The file if the caller may read it: its owner, its owner's unit, or an organiser. */
  async readable(account: SignedInAccount, id: string) {
    const row = await this.repository.find(id);
    if (!row) return null;
    const allowed =
      account.userType === 'organiser' || row.owner_account_id === account.id || (row.unit_id !== null && row.unit_id === account.unitId);
    if (!allowed) return null;
    const filePath = this.storage.pathOf(row.storage_name);
    try {
      await fs.promises.access(filePath, fs.constants.R_OK);
    } catch {
      this.log.error({ upload: row.id }, 'stored file missing');
      return null;
    }
    return { row, filePath, disposition: IMAGE_INLINE.has(row.mime) ? ('inline' as const) : ('attachment' as const) };
  }
}
