import { doorApiPaths } from '../../../shared/door-api';
import { temporaryApiPaths } from '../../../shared/temporary-api';
import { downloadFileOrThrow, downloadListFile } from '../../api/download-file';
import { temporaryApi, type TemporaryQuery } from '../../api/temporary-endpoints';
import { onePage, orderOfListQuery, pagingOf, searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/** The temporary review's lists (ui-schemas/screens/temporary-review.json, temporary-codes.json, temporary-recommendations.json) and their exports. */
export const temporaryReviewOperations = {
  temporaryPage: (query: ListLoadQuery) => temporaryApi.page(query as unknown as TemporaryQuery),
  temporaryCodeList: async () => onePage(await temporaryApi.codes()),
  discardTemporaryCode: (row: FormData) => temporaryApi.discardCode(String(row.code)),
  temporaryRecommendationPage: (query: ListLoadQuery) => {
    const { pageNum, pageSize } = pagingOf(query, 10);
    return temporaryApi.recommendations(pageNum, pageSize, searchOfListQuery(orderOfListQuery(query)));
  },
  // each list as it shows it (the review list's filters and order; each panel's own order)
  temporaryExport: (query: ListLoadQuery) => downloadListFile(temporaryApiPaths.export, 'temporary-registrations.xlsx', query),
  exportTemporaryCodes: (query: ListLoadQuery) => downloadListFile(temporaryApiPaths.exportCodes, 'temporary-codes.xlsx', query),
  exportTemporaryRecommendations: (query: ListLoadQuery) =>
    downloadListFile(temporaryApiPaths.exportRecommendations, 'activity-recommendations.xlsx', query),
  /** One PDF of the checked rows' badges; the server refuses the whole print if one is not approved, and says so (the list shows it). */
  temporaryBadges: (row: FormData) => {
    const ids = Array.isArray(row.selectedIds) ? row.selectedIds.map(String) : [];
    return downloadFileOrThrow(doorApiPaths.temporaryBadges, 'temporary-badges.pdf', { ids: ids.join(',') });
  },
};
