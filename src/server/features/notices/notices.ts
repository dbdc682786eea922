import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { onPage, pageOf } from '../../db/paging.js';
import type { NoticeItem, Page } from '../../../shared/api-types.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../clock.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { Language } from '../../../shared/constants.js';
import type { Translator } from '../../http/translator.js';
import type { NoticePageQuery } from '../../../generated/types.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';

/** The order a page of one's notices is asked in (notice-page-query's `sort` and `order`). */
export type NoticeOrder = Pick<NoticePageQuery, 'sort' | 'order'>;

/** The notice list's sortable columns (ui-schemas/screens/notice-list.json). */
const NOTICE_SORT_COLUMNS: SortColumns<NonNullable<NoticePageQuery['sort']>> = {
  releaseTime: { column: 'notices.release_time' },
};

/** Notices of the current edition meant for everyone, the caller's account type, or the caller's unit. */
export class Notices {
  /** Asked by every page header (SPEC 7), so compiled once: values are now, user type, account id, unit id. */
  private readonly countUnread;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly translator: Translator,
  ) {
    this.countUnread = this.prepareCountUnread();
  }

  private visibleTo(who: SignedInAccount) {
    const now = this.clock.nowIso();
    return (
      this.db
        .selectFrom('notices')
        .innerJoin('editions', 'editions.id', 'notices.edition_id')
        .where('editions.is_current', '=', 1)
        .where('notices.release_time', '<=', now)
        .where((eb) => eb.or([eb('notices.audience', 'is', null), eb('notices.audience', '=', who.userType)]))
        // a notice for one unit (a review decision) reaches only that unit's accounts
        .where((eb) => eb.or([eb('notices.unit_id', 'is', null), eb('notices.unit_id', '=', who.unitId ?? '')]))
    );
  }

  /** `language`: the reader's; a notice the portal wrote itself is read in it, an organiser's as written. */
  async page(
    who: SignedInAccount,
    language: Language,
    pageNum: number,
    pageSize: number,
    asked: NoticeOrder = {},
  ): Promise<Page<NoticeItem>> {
    const { total } = await this.visibleTo(who)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    const read = this.visibleTo(who)
      .leftJoin('notice_reads', (join) =>
        join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.account_id', '=', who.id),
      )
      .select([
        'notices.id',
        'notices.title',
        'notices.content',
        'notices.title_key',
        'notices.content_key',
        'notices.text_params',
        'notices.release_time',
        'notice_reads.read_at',
      ]);
    // newest first (the unread badge's order) unless a column is asked
    const rows = await orderedBy(read, NOTICE_SORT_COLUMNS, asked, 'notices.id', isPostgres(this.db), (query) =>
      query.orderBy('notices.release_time', 'desc').orderBy('notices.id'),
    )
      .$call(onPage(pageNum, pageSize))
      .execute();
    const records = rows.map((row) => ({
      id: row.id,
      ...this.textOf(row, language),
      releaseTime: row.release_time,
      read: row.read_at !== null,
    }));
    return pageOf(records, total, pageNum, pageSize);
  }

  private textOf(
    row: { title: string; content: string; title_key?: string | null; content_key?: string | null; text_params?: string | null },
    language: Language,
  ): { title: string; content: string } {
    if (!row.title_key || !row.content_key) return { title: row.title, content: row.content };
    const params = row.text_params ? (JSON.parse(row.text_params) as Record<string, unknown>) : {};
    return { title: this.translator.t(language, row.title_key, params), content: this.translator.t(language, row.content_key, params) };
  }

  private prepareCountUnread() {
    return preparedQuery(this.db, (value) =>
      this.db
        .selectFrom('notices')
        .innerJoin('editions', 'editions.id', 'notices.edition_id')
        .where('editions.is_current', '=', 1)
        .where('notices.release_time', '<=', value(0))
        .where((eb) => eb.or([eb('notices.audience', 'is', null), eb('notices.audience', '=', value(1))]))
        .where((eb) => eb.or([eb('notices.unit_id', 'is', null), eb('notices.unit_id', '=', value(3))]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notice_reads')
                .select(sql`1`.as('one'))
                .whereRef('notice_reads.notice_id', '=', 'notices.id')
                .where('notice_reads.account_id', '=', value(2)),
            ),
          ),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('unread')),
    );
  }

  async unreadCount(who: SignedInAccount): Promise<number> {
    const [row] = await this.countUnread(this.clock.nowIso(), who.userType, who.id, who.unitId ?? '');
    return Number(row?.unread ?? 0);
  }

  /** Marking twice is harmless: the first read time is kept. */
  async markRead(who: SignedInAccount, noticeId: string): Promise<void> {
    const notice = await this.visibleTo(who).select('notices.id').where('notices.id', '=', noticeId).executeTakeFirst();
    if (!notice) throw new AppError('noticeNotFound');
    await this.db
      .insertInto('notice_reads')
      .values({ notice_id: noticeId, account_id: who.id, read_at: this.clock.nowIso() })
      .onConflict((oc) => oc.columns(['notice_id', 'account_id']).doNothing())
      .execute();
  }
}
