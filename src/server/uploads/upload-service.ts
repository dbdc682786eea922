import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadedFile } from '../../shared/upload-api.js';
import type { UploadErrorName } from '../../shared/upload-errors.js';
import { needsPixels, type RuleOutcome } from '../../shared/upload-rules.js';
import type { SignedInAccount } from '../auth/sessions.js';
import { systemClock } from '../clock.js';
import { FaceDetector } from './face-detector.js';
import { checkReceivedFile, keptFileColumns } from './check-received.js';
import type { ReceivedFile } from './receive-upload.js';
import { largestAllowedBytes, uploadRulesNamed } from './upload-rule-catalogue.js';
import { UploadJournal } from './upload-journal.js';
import { UploadRepository, type UploadTable } from './upload-repository.js';
import { readableKeptFile, type UploadStore } from './upload-storage.js';

export type KeepResult =
  | { kind: 'kept'; file: UploadedFile }
  | { kind: 'refused'; error: UploadErrorName; failures: RuleOutcome[]; params: Record<string, unknown> };

const IMAGE_INLINE = new Set(['image/jpeg', 'image/png']);

/** Checks a received file against its rule and keeps it; reads kept files back for their owners. */
export class UploadService {
  constructor(
    readonly storage: UploadStore,
    private readonly repository: UploadRepository,
    readonly journal: UploadJournal,
    private readonly faceDetector: FaceDetector,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `incoming` holds the received bytes; it is moved to storage only when every rule passes. */
  async keep(account: SignedInAccount, received: ReceivedFile, incoming: string): Promise<KeepResult> {
    const rules = received.rule ? uploadRulesNamed(received.rule) : null;
    if (!rules) return { kind: 'refused', error: 'unknownRule', failures: [], params: { rule: received.rule ?? '' } };
    const checked = await checkReceivedFile({
      received,
      incoming,
      rules,
      faceDetector: this.faceDetector,
      log: this.log,
      cutOffMaxBytes: largestAllowedBytes(),
      rejectedError: needsPixels(rules) ? 'photoRejected' : 'fileRejected',
    });
    if (checked.kind === 'refused') return checked;
    const { facts, notChecked } = checked;
    const row: UploadTable = {
      id: randomUUID(),
      owner_account_id: account.id,
      unit_id: account.unitId,
      rule_name: received.rule ?? '',
      ...keptFileColumns(received, facts),
      created_at: systemClock.nowIso(),
    };
    // journaled: between the rename and the commit the file has its final name but no row yet
    await this.journal.around([row.storage_name], () =>
      this.storage.placeWithRow(incoming, row.storage_name, (place) => this.repository.insertWith(row, place)),
    );
    return {
      kind: 'kept',
      file: { id: row.id, name: row.original_name, mime: row.mime, bytes: row.bytes, width: row.width, height: row.height, notChecked },
    };
  }

  /** The file if the caller may read it: its owner, its owner's unit, or an organiser. */
  async readable(account: SignedInAccount, id: string) {
    const row = await this.visibleRow(account, id);
    if (!row) return null;
    const filePath = await readableKeptFile(this.storage, row.storage_name, () =>
      this.log.error({ upload: row.id }, 'stored file missing'),
    );
    if (filePath === null) return null;
    return { row, filePath, disposition: IMAGE_INLINE.has(row.mime) ? ('inline' as const) : ('attachment' as const) };
  }

  /**
   * What a form shows of a file it keeps by id (its name, not the id) when the form is opened
   * again: the same readers as the file itself.
   */
  async describe(account: SignedInAccount, id: string): Promise<UploadedFile | null> {
    const row = await this.visibleRow(account, id);
    if (!row) return null;
    return { id: row.id, name: row.original_name, mime: row.mime, bytes: row.bytes, width: row.width, height: row.height, notChecked: [] };
  }

  private async visibleRow(account: SignedInAccount, id: string): Promise<UploadTable | null> {
    const row = await this.repository.find(id);
    if (!row) return null;
    const allowed =
      account.userType === 'organiser' || row.owner_account_id === account.id || (row.unit_id !== null && row.unit_id === account.unitId);
    return allowed ? row : null;
  }
}
