import { randomUUID } from 'node:crypto';
import type { WishFile, WishPage, WishRecord } from '../../../shared/wish-api.js';
import type { Db, Executor } from '../../db/database.js';
import { onPage, pageOf } from '../../db/paging.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import { containsText } from '../../db/sql-fragments.js';
import { isPostgres } from '../../db/dialect.js';
import type { WishPageQuery } from '../../../generated/types.js';
import type { GoodWishTable } from './wish-tables.js';
import { currentSchema } from '../../http/live-schemas.js';
import { assertFilesInPlace, uploadFieldRules } from '../../uploads/unit-files.js';
import type { Editions } from '../edition/editions.js';
import type { DataProtection } from '../../security/data-protection.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';

const SCHEMA = 'good-wishes';

/** The wishes' sortable columns (the `sort` enum of wish-page-query): one message per unit, hundreds at most. */
const WISH_SORT_COLUMNS: SortColumns<NonNullable<WishPageQuery['sort']>> = {
  unitName: { column: 'units.name' },
  updatedAt: { column: 'good_wishes.updated_at' },
};

/** The stored files a wish names, with what its record shows of them. */
async function filesOf(executor: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return executor
    .selectFrom('uploads')
    .select(['id', 'unit_id', 'rule_name', 'original_name', 'mime', 'bytes'])
    .where('id', 'in', ids)
    .execute();
}

function idsIn(document: Record<string, unknown>, fields: Iterable<string>): string[] {
  return [...fields].map((field) => document[field]).filter((value): value is string => typeof value === 'string');
}

/** A unit's message of good wishes (one per edition, replaced on save) and the organisers' list. */
export class GoodWishes {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    /** opens the sealed file names */
    private readonly protection: DataProtection,
  ) {}

  /** the file fields of the live good-wishes version (a file field added in the console included) */
  private fieldRules(): Map<string, string> {
    return uploadFieldRules(currentSchema(SCHEMA));
  }

  async mine(who: SignedInAccount): Promise<WishRecord | null> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    const row = await wishRows(this.db)
      .where('good_wishes.edition_id', '=', edition.id)
      .where('good_wishes.unit_id', '=', unitId)
      .executeTakeFirst();
    if (!row) return null;
    return (await this.toRecords(this.db, [row]))[0] ?? null;
  }

  /**
   * The schema (validated by the route) already says "a logo or a wish message". Here: every
   * file is one this unit uploaded, under the rule its field names (a video is not a logo).
   */
  async save(who: SignedInAccount, document: Record<string, unknown>): Promise<WishRecord> {
    const unitId = unitOf(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      await assertFilesInPlace(trx, unitId, currentSchema(SCHEMA), document);
      const now = this.editions.now().toISOString();
      const json = JSON.stringify(document);
      const version = versionOf(SCHEMA);
      // one row per unit and edition: a concurrent first save updates instead of failing
      await trx
        .insertInto('good_wishes')
        .values({
          id: randomUUID(),
          edition_id: edition.id,
          unit_id: unitId,
          account_id: who.id,
          document: json,
          schema_version: version,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['edition_id', 'unit_id'])
            .doUpdateSet({ document: json, schema_version: version, account_id: who.id, updated_at: now }),
        )
        .execute();
      const row = await wishRows(trx)
        .where('good_wishes.edition_id', '=', edition.id)
        .where('good_wishes.unit_id', '=', unitId)
        .executeTakeFirstOrThrow();
      return (await this.toRecords(trx, [row]))[0]!;
    });
  }

  /** The messages as the organisers' list shows them (unit filter, sort); the export reads the same pages. */
  async page(who: SignedInAccount, query: WishPageQuery): Promise<WishPage> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  /** A page of the edition's messages: last saved first, or by the column asked (then by id). */
  async pageOf(editionId: string, query: WishPageQuery): Promise<WishPage> {
    const pageNum = Number(query.pageNum ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    let base = this.db
      .selectFrom('good_wishes')
      .innerJoin('units', 'units.id', 'good_wishes.unit_id')
      .where('good_wishes.edition_id', '=', editionId);
    if (query.unitName) base = base.where(containsText('units.name', query.unitName));
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await orderedBy(
      base.selectAll('good_wishes').select('units.name as unit_name'),
      WISH_SORT_COLUMNS,
      query,
      'good_wishes.id',
      isPostgres(this.db),
      (q) => q.orderBy('good_wishes.updated_at', 'desc').orderBy('good_wishes.id'),
    )
      .$call(onPage(pageNum, pageSize))
      .execute();
    return pageOf(await this.toRecords(this.db, rows), total, pageNum, pageSize);
  }

  private async toRecords(executor: Db, rows: (GoodWishTable & { unit_name: string })[]): Promise<WishRecord[]> {
    if (rows.length === 0) return [];
    const documents = rows.map((row) => JSON.parse(row.document) as Record<string, unknown>);
    const fieldRules = this.fieldRules();
    const ids = documents.flatMap((document) => idsIn(document, fieldRules.keys()));
    const files = new Map((await filesOf(executor, ids)).map((file) => [file.id, file]));
    return rows.map((row, index) => {
      const document = documents[index] ?? {};
      const byField: Record<string, WishFile> = {};
      for (const field of fieldRules.keys()) {
        const file = typeof document[field] === 'string' ? files.get(document[field]) : undefined;
        if (file) byField[field] = { id: file.id, name: this.protection.open(file.original_name), mime: file.mime, bytes: file.bytes };
      }
      return {
        id: row.id,
        unitId: row.unit_id,
        unitName: row.unit_name,
        document,
        schemaVersion: row.schema_version,
        files: byField,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }
}

/** A unit's messages with the unit's name, as every read of this feature answers them. */
function wishRows(executor: Db) {
  return executor
    .selectFrom('good_wishes')
    .innerJoin('units', 'units.id', 'good_wishes.unit_id')
    .selectAll('good_wishes')
    .select('units.name as unit_name');
}
