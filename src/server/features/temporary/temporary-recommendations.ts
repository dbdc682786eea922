import { randomUUID } from 'node:crypto';
import type { TemporaryRecommendationQuery, TemporaryRecommendInvite } from '../../../generated/types.js';
import type { Page } from '../../../shared/api-types.js';
import type { RecommendationItem } from '../../../shared/temporary-api.js';
import { pageOf } from '../../db/paging.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import { AppError } from '../../http/app-error.js';
import type { DataProtection } from '../../security/data-protection.js';
import { shanghaiDate } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { TemporaryDb } from './temporary-tables.js';

/** The order a page of recommendations is asked in (temporary-recommendation-query's `sort` and `order`). */
export type RecommendationOrder = Pick<TemporaryRecommendationQuery, 'sort' | 'order'>;

/** The recommendations list's sortable columns (ui-schemas/screens/temporary-recommendations.json). */
const RECOMMENDATION_SORT_COLUMNS: SortColumns<NonNullable<TemporaryRecommendationQuery['sort']>> = {
  createdAt: { column: 'created_at' },
};

/**
 * /tempActRecommendInvite. SPEC gives no rule for when the page closes: it follows the edition
 * (closed when sign-up is closed or after the registration end date), so organisers close it
 * with the switches they already have.
 */
export class TemporaryRecommendations {
  constructor(
    private readonly db: TemporaryDb,
    private readonly editions: Editions,
    private readonly protection: DataProtection,
  ) {}

  async isOpen(): Promise<boolean> {
    const edition = await this.editions.current();
    return !edition.signUpClosed && shanghaiDate(this.editions.now()) <= edition.registrationEnd;
  }

  async submit(body: TemporaryRecommendInvite): Promise<{ id: string }> {
    if (!(await this.isOpen())) throw new AppError('tempRecommendClosed');
    const edition = await this.editions.current();
    const id = randomUUID();
    await this.db
      .insertInto('temporary_recommendations')
      .values({
        id,
        edition_id: edition.id,
        invitee_name: body.inviteeName,
        // blind index only: the mobile itself is sealed in the document
        recommender_mobile: this.protection.index('mobile', body.recommenderMobile),
        document: JSON.stringify(
          this.protection.sealDocument(
            'temporary-recommend-invite',
            body as TemporaryRecommendInvite & Record<string, unknown>,
            edition.id,
          ),
        ),
        schema_version: versionOf('temporary-recommend-invite'),
        created_at: this.editions.now().toISOString(),
      })
      .execute();
    return { id };
  }

  /** One recommendation of the current edition with its opened document (organisers only; any other id 404), for the audited "show". */
  async stored(who: SignedInAccount, id: string): Promise<Record<string, unknown>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const row = await this.db
      .selectFrom('temporary_recommendations')
      .select('document')
      .where('id', '=', id)
      .where('edition_id', '=', edition.id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return this.protection.openJson('temporary-recommend-invite', row.document);
  }

  /** A page of the recommendations received: newest first, or by the column asked (then by id, the same direction). */
  async page(who: SignedInAccount, pageNum: number, pageSize: number, asked: RecommendationOrder = {}): Promise<Page<RecommendationItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const base = this.db.selectFrom('temporary_recommendations').where('edition_id', '=', edition.id);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await orderedBy(base.selectAll(), RECOMMENDATION_SORT_COLUMNS, asked, 'id', isPostgres(this.db), (query) =>
      query.orderBy('created_at', 'desc').orderBy('id'),
    )
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return pageOf(
      rows.map((row) => ({
        id: row.id,
        document: this.protection.openJson('temporary-recommend-invite', row.document),
        createdAt: row.created_at,
      })),
      total.n as number | string,
      pageNum,
      pageSize,
    );
  }
}
