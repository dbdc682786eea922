import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ContentPageQuery, Download } from '../../../generated/types.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns, type SortDirection } from '../../db/list-order.js';
import type { DownloadItem } from '../../../shared/content-api.js';
import type { Db } from '../../db/database.js';
import { onPage, pageOf } from '../../db/paging.js';
import { AppError } from '../../http/app-error.js';
import { RequestValidationError } from '../../http/request-validation.js';
import type { UploadTable } from '../../uploads/upload-repository.js';
import type { DataProtection } from '../../security/data-protection.js';
import { ContentAudit } from './content-audit.js';
import { likePattern } from './content-records.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';
import { matchesLike } from '../../db/sql-fragments.js';

/** A download as organisers write it (schemas/download.json). */
export type DownloadDocument = Download;

/** The upload rule a published file must have been checked against. */
export const DOWNLOAD_RULE = 'downloadFile';

type DownloadSort = 'title' | 'category' | 'createdAt';
/** The downloads' sortable columns (of the content-page-query `sort` enum, the ones a download has). */
const DOWNLOAD_SORT_COLUMNS: SortColumns<DownloadSort> = {
  title: { column: 'downloads.title' },
  category: { column: 'downloads.category' },
  createdAt: { column: 'downloads.created_at' },
};

/** Published downloads of the current edition; files stay rows of the upload service. */
export class Downloads {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly audit: ContentAudit,
    /** opens the sealed file names */
    private readonly protection: DataProtection,
  ) {}

  async page(query: {
    pageNum: number;
    pageSize: number;
    keyword?: string;
    category?: string;
    sort?: ContentPageQuery['sort'];
    order?: SortDirection;
  }) {
    const edition = await this.editions.current();
    let base = this.db
      .selectFrom('downloads')
      .innerJoin('uploads', 'uploads.id', 'downloads.file_id')
      .where('downloads.edition_id', '=', edition.id);
    if (query.category) base = base.where('downloads.category', '=', query.category);
    if (query.keyword) base = base.where(matchesLike(sql`lower(downloads.title)`, likePattern(query.keyword)));
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'downloads.id',
        'downloads.title',
        'downloads.category',
        'downloads.description',
        'downloads.file_id',
        'downloads.created_at',
        'downloads.updated_at',
        'uploads.original_name',
        'uploads.mime',
        'uploads.bytes',
      ])
      .$call((q) =>
        orderedBy(q, DOWNLOAD_SORT_COLUMNS, query, 'downloads.id', isPostgres(this.db), (fallback) =>
          fallback.orderBy('downloads.created_at', 'desc').orderBy('downloads.id'),
        ),
      )
      .$call(onPage(query.pageNum, query.pageSize))
      .execute();
    const records: DownloadItem[] = rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category as DownloadItem['category'],
      description: row.description,
      file: row.file_id,
      fileName: this.protection.open(row.original_name),
      mime: row.mime,
      bytes: Number(row.bytes),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
    return pageOf(records, total, query.pageNum, query.pageSize);
  }

  /** The file must be an upload checked as a download document (so it was sniffed for that). */
  private async assertFile(id: string): Promise<void> {
    const upload = await this.db.selectFrom('uploads').select(['rule_name']).where('id', '=', id).executeTakeFirst();
    if (upload?.rule_name !== DOWNLOAD_RULE) {
      throw new RequestValidationError([{ pointer: '/file', key: 'validation.fileRef', params: {} }], 'body');
    }
  }

  async add(who: SignedInAccount, doc: DownloadDocument): Promise<{ id: string }> {
    await this.assertFile(doc.file);
    const edition = await this.editions.current();
    const now = this.editions.now().toISOString();
    const id = randomUUID();
    return this.audit.run(who, 'download', 'add', async (executor) => {
      await executor
        .insertInto('downloads')
        .values({
          id,
          edition_id: edition.id,
          title: doc.title,
          category: doc.category,
          description: doc.description ?? null,
          file_id: doc.file,
          created_by: who.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { value: { id }, targetId: id, targetLabel: doc.title, after: doc };
    });
  }

  async save(who: SignedInAccount, id: string, doc: DownloadDocument): Promise<{ id: string }> {
    await this.assertFile(doc.file);
    return this.audit.run(who, 'download', 'save', async (executor) => {
      const result = await executor
        .updateTable('downloads')
        .set({
          title: doc.title,
          category: doc.category,
          description: doc.description ?? null,
          file_id: doc.file,
          updated_at: this.editions.now().toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('notFound');
      return { value: { id }, targetId: id, targetLabel: doc.title, after: doc };
    });
  }

  async remove(who: SignedInAccount, id: string): Promise<void> {
    await this.audit.run(who, 'download', 'delete', async (executor) => {
      const existing = await executor.selectFrom('downloads').select('title').where('id', '=', id).executeTakeFirst();
      const result = await executor.deleteFrom('downloads').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('notFound');
      return { value: null, targetId: id, targetLabel: existing?.title ?? null };
    });
  }

  /** The upload behind a download of the current edition, or null. */
  async fileOf(id: string): Promise<UploadTable | null> {
    const edition = await this.editions.current();
    const row = await this.db
      .selectFrom('downloads')
      .innerJoin('uploads', 'uploads.id', 'downloads.file_id')
      .selectAll('uploads')
      .where('downloads.id', '=', id)
      .where('downloads.edition_id', '=', edition.id)
      .executeTakeFirst();
    return row ? { ...row, original_name: this.protection.open(row.original_name) } : null;
  }
}

/** Organisers' published downloads. */
export const downloadAuditSubjects: AuditSubjects = { download: { schema: 'download' } };
