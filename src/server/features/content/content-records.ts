import { randomUUID } from 'node:crypto';
import type { SchemaName } from '../../../generated/registry.js';
import type { ContentKind, ContentRecord } from '../../../shared/content-api.js';
import type { Db } from '../../db/database.js';
import { onPage, pageOf } from '../../db/paging.js';
import type { ContentRecordTable } from './content-tables.js';
import { AppError } from '../../http/app-error.js';
import { schemaVersionOf } from '../../http/route-helpers.js';
import { containsPattern, matchesLike } from '../../db/sql-fragments.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns, type SortDirection } from '../../db/list-order.js';
import type { ContentPageQuery } from '../../../generated/types.js';
import { ContentAudit } from './content-audit.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { maskIdNumber } from '../guests/id-numbers.js';
import type { DataProtection } from '../../security/data-protection.js';
import { clearSearchText, plainText } from '../../security/search-text.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';
import type { SealedStore } from '../../privacy/sealed-stores.js';

type Document = Record<string, unknown>;

interface KindRules {
  /** the record's display name (also what the list sorts by after the tag) */
  title: (doc: Document) => string;
  /** fields searched by the keyword (dotted paths into the document) */
  searched: string[];
  tag?: (doc: Document) => string | null;
  /** catalogues are not tied to an edition; unit records are the current edition's */
  perEdition: boolean;
}

export const KIND_RULES: Record<ContentKind, KindRules> = {
  'historical-guest': {
    title: (doc) => plainText(doc.nameZh),
    searched: ['nameZh', 'nameEn', 'unitName', 'position', 'inviter.name', 'inviter.organisation'],
    tag: (doc) => plainText(doc.session) || null,
    perEdition: false,
  },
  'investment-project': {
    title: (doc) => plainText(doc.name),
    searched: ['name', 'area', 'industry', 'location', 'projectManager', 'cooperationMode'],
    perEdition: false,
  },
  vehicle: {
    title: (doc) => plainText(doc.plateNumber),
    searched: ['plateNumber', 'driverName', 'driverMobile', 'passengers'],
    perEdition: true,
  },
  'unofficial-guest': {
    title: (doc) => plainText(doc.nameZh),
    searched: ['nameZh', 'nameEn', 'activityName', 'organisation', 'mobile'],
    perEdition: true,
  },
};

export interface ContentQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  tag?: string;
  /** a column of the content-page-query `sort` enum; one a content record has not (a download's category) leaves the list's own order */
  sort?: ContentPageQuery['sort'];
  order?: SortDirection;
}

/** What a unit record list reads of its query: the keyword and the order (the session and category are other lists'). */
export function listQueryOf({ keyword, sort, order }: ContentPageQuery): Pick<ContentQuery, 'keyword' | 'sort' | 'order'> {
  return { keyword, sort, order };
}

type RecordSort = 'title' | 'unitName' | 'session' | 'createdAt';
/** The content records' sortable columns: the name kept beside the sealed document, the unit's name, the session (the tag), the time added. */
const RECORD_SORT_COLUMNS: SortColumns<RecordSort> = {
  title: { column: 'content_records.title' },
  unitName: { column: 'units.name', nullable: true },
  session: { column: 'content_records.tag', nullable: true },
  createdAt: { column: 'content_records.created_at' },
};

/** Units never see whole ID numbers of other people (historical guests are anyone's guests). */
function maskIdNumberOf(doc: Document): Document {
  const id = doc.idNumber;
  // the shared rule: short numbers are masked too (a negative mask length answered 500)
  if (typeof id !== 'string') return doc;
  return { ...doc, idNumber: maskIdNumber(id) };
}

/**
 * What the keyword searches: the kind's searched fields but its sensitive ones (x-sensitive),
 * which are sealed and never kept in clear beside the document. An exact mobile or ID number
 * is not a keyword here.
 */
export function searchTextOf(kind: string, doc: Document): string {
  const rules = KIND_RULES[kind as ContentKind] as KindRules | undefined;
  return rules ? clearSearchText(kind, rules.searched, doc) : '';
}

/** The rows of one content table, as written by a single insert or an import (sensitive values sealed). */
export function recordRow(
  protection: DataProtection,
  kind: ContentKind,
  doc: Document,
  editionId: string | null,
  unitId: string | null,
  now: string,
): ContentRecordTable {
  const rules = KIND_RULES[kind];
  return {
    id: randomUUID(),
    kind,
    edition_id: editionId,
    unit_id: unitId,
    title: rules.title(doc),
    search_text: searchTextOf(kind, doc),
    tag: rules.tag?.(doc) ?? null,
    document: JSON.stringify(protection.sealDocument(kind, doc, editionId)),
    schema_version: schemaVersionOf(kind as SchemaName),
    created_at: now,
    updated_at: now,
  };
}

/** LIKE with the user's text taken literally, against lower-cased text. */
export function likePattern(keyword: string): string {
  return containsPattern(keyword.toLowerCase());
}

/**
 * Schema documents of the content screens. Access is decided by the caller (routes): a
 * `unitId` scope makes any other unit's record answer 404, as if it did not exist.
 */
export class ContentRecords {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly protection: DataProtection,
    private readonly audit: ContentAudit,
  ) {}

  private async editionOf(kind: ContentKind): Promise<string | null> {
    return KIND_RULES[kind].perEdition ? (await this.editions.current()).id : null;
  }

  async page(kind: ContentKind, query: ContentQuery, scope: { unitId?: string; withUnitName?: boolean; mask?: boolean }) {
    const editionId = await this.editionOf(kind);
    let base = this.db.selectFrom('content_records').where('content_records.kind', '=', kind);
    base = editionId ? base.where('content_records.edition_id', '=', editionId) : base.where('content_records.edition_id', 'is', null);
    if (scope.unitId) base = base.where('content_records.unit_id', '=', scope.unitId);
    if (query.keyword) base = base.where(matchesLike('content_records.search_text', likePattern(query.keyword)));
    if (query.tag) base = base.where('content_records.tag', '=', query.tag);
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('units', 'units.id', 'content_records.unit_id')
      .select([
        'content_records.id',
        'content_records.document',
        'content_records.created_at',
        'content_records.updated_at',
        'units.name as unit_name',
      ])
      .$call((q) =>
        orderedBy(q, RECORD_SORT_COLUMNS, query, 'content_records.id', isPostgres(this.db), (fallback) =>
          fallback.orderBy('content_records.tag').orderBy('content_records.created_at', 'desc').orderBy('content_records.id'),
        ),
      )
      .$call(onPage(query.pageNum, query.pageSize))
      .execute();
    const records: ContentRecord[] = rows.map((row) => {
      const doc = this.protection.openJson(kind, row.document);
      return {
        id: row.id,
        document: scope.mask ? maskIdNumberOf(doc) : doc,
        unitName: scope.withUnitName ? (row.unit_name ?? null) : null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
    return pageOf(records, total, query.pageNum, query.pageSize);
  }

  /**
   * One record with its opened (clear) document: a catalogue record, or a unit record of the
   * current edition; a `unitId` scope makes any other unit's record 404, as in the lists.
   */
  async stored(kind: ContentKind, id: string, scope: { unitId?: string } = {}): Promise<{ title: string; document: Document }> {
    const editionId = await this.editionOf(kind);
    let query = this.db.selectFrom('content_records').select(['title', 'document']).where('id', '=', id).where('kind', '=', kind);
    query = editionId ? query.where('edition_id', '=', editionId) : query.where('edition_id', 'is', null);
    if (scope.unitId) query = query.where('unit_id', '=', scope.unitId);
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return { title: row.title, document: this.protection.openJson(kind, row.document) };
  }

  /** `who` is the organiser changing a catalogue (audited), null for a unit's own rows. */
  async add(kind: ContentKind, doc: Document, unitId: string | null, who: SignedInAccount | null = null): Promise<ContentRecord> {
    const row = recordRow(this.protection, kind, doc, await this.editionOf(kind), unitId, this.editions.now().toISOString());
    await this.audit.run(who, kind, 'add', async (executor) => {
      await executor.insertInto('content_records').values(row).execute();
      return { value: null, targetId: row.id, targetLabel: row.title, after: this.protection.maskDocument(kind, doc) };
    });
    return { id: row.id, document: doc, unitName: null, createdAt: row.created_at, updatedAt: row.updated_at };
  }

  /** Several documents at once: all rows or none (one transaction, one audit entry). */
  async addAll(kind: ContentKind, docs: Document[], who: SignedInAccount, workbookId: string): Promise<number> {
    const editionId = await this.editionOf(kind);
    const now = this.editions.now().toISOString();
    const rows = docs.map((doc) => recordRow(this.protection, kind, doc, editionId, null, now));
    await this.audit.run(who, kind, 'import', async (executor) => {
      // chunks keep each statement under the bind-parameter limits of both databases
      for (let i = 0; i < rows.length; i += 200)
        await executor
          .insertInto('content_records')
          .values(rows.slice(i, i + 200))
          .execute();
      return {
        value: null,
        targetId: workbookId,
        targetLabel:
          rows
            .map((r) => r.title)
            .slice(0, 5)
            .join('、') + (rows.length > 5 ? ` … (${rows.length})` : ''),
        reason: `${rows.length} rows`,
      };
    });
    return rows.length;
  }

  async save(
    kind: ContentKind,
    id: string,
    doc: Document,
    unitId: string | null,
    who: SignedInAccount | null = null,
  ): Promise<ContentRecord> {
    // sealed under the key of the edition the record belongs to (a catalogue's: DATA_KEY)
    const fresh = recordRow(this.protection, kind, doc, await this.editionOf(kind), unitId, this.editions.now().toISOString());
    return this.audit.run(who, kind, 'save', async (executor) => {
      let update = executor
        .updateTable('content_records')
        .set({
          title: fresh.title,
          search_text: fresh.search_text,
          tag: fresh.tag,
          document: fresh.document,
          schema_version: fresh.schema_version,
          updated_at: fresh.updated_at,
        })
        .where('id', '=', id)
        .where('kind', '=', kind);
      if (unitId) update = update.where('unit_id', '=', unitId);
      // one statement: a delete committed between an update and a later read (a unit's own rows
      // run outside a transaction) made that read throw, a 500 instead of 404
      const row = await update.returning(['created_at']).executeTakeFirst();
      if (!row) throw new AppError('notFound');
      return {
        value: { id, document: doc, unitName: null, createdAt: row.created_at, updatedAt: fresh.updated_at },
        targetId: id,
        targetLabel: fresh.title,
        after: this.protection.maskDocument(kind, doc),
      };
    });
  }

  async remove(kind: ContentKind, id: string, unitId: string | null, who: SignedInAccount | null = null): Promise<void> {
    await this.audit.run(who, kind, 'delete', async (executor) => {
      const existing = await executor
        .selectFrom('content_records')
        .select('title')
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      let remove = executor.deleteFrom('content_records').where('id', '=', id).where('kind', '=', kind);
      if (unitId) remove = remove.where('unit_id', '=', unitId);
      const result = await remove.executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('notFound');
      return { value: null, targetId: id, targetLabel: existing?.title ?? null };
    });
  }
}

/** Organisers' changes of content records. */
export const contentRecordAuditSubjects: AuditSubjects = {
  'historical-guest': { schema: 'historical-guest' },
  'investment-project': { schema: 'investment-project' },
  vehicle: { schema: 'vehicle' },
  'unofficial-guest': { schema: 'unofficial-guest' },
};

/** Content records: sealed documents, searched by their clear search text. */
export const contentSealedStores: SealedStore[] = [
  {
    table: 'content_records',
    columns: ['kind'],
    schemaOf: (row) => String(row.kind),
    derive: (_p, clear, row) => ({ search_text: searchTextOf(String(row.kind), clear) }),
    erased: () => ({}),
  },
];
