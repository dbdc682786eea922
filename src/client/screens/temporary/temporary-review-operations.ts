import { ERROR_TOAST_MS } from '../../../shared/constants';
import { doorApiPaths } from '../../../shared/door-api';
import { temporaryApiPaths } from '../../../shared/temporary-api';
import { downloadFile } from '../../api/download-file';
import { showToast } from '../../feedback/feedback-store';
import { temporaryApi, type TemporaryQuery } from '../../api/temporary-endpoints';
import { onePage, pagingOf, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/** The temporary review's lists (ui-schemas/screens/temporary-review.json, temporary-codes.json, temporary-recommendations.json) and the export of the filter shown. */
export const temporaryReviewOperations = {
  temporaryPage: (query: ListLoadQuery) => temporaryApi.page(query as unknown as TemporaryQuery),
  temporaryCodeList: async () => onePage(await temporaryApi.codes()),
  discardTemporaryCode: (row: FormData) => temporaryApi.discardCode(String(row.code)),
  temporaryRecommendationPage: (query: ListLoadQuery) => {
    const { pageNum, pageSize } = pagingOf(query, 10);
    return temporaryApi.recommendations(pageNum, pageSize);
  },
  temporaryExport: async (filters: ListLoadQuery) => {
    const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value !== '')) as Record<
      string,
      string
    >;
    // the server names the file by what and when, in the caller's language
    const result = await downloadFile(temporaryApiPaths.export, 'temporary-registrations.xlsx', params);
    if (!result.ok) throw new Error(result.message);
  },
  /** One PDF of the checked rows' badges; the server refuses the whole print if one is not approved, and says so. */
  temporaryBadges: async (row: FormData) => {
    const ids = Array.isArray(row.selectedIds) ? row.selectedIds.map(String) : [];
    const result = await downloadFile(doorApiPaths.temporaryBadges, 'temporary-badges.pdf', { ids: ids.join(',') });
    if (!result.ok) {
      showToast(result.message, 'error', ERROR_TOAST_MS);
      throw new Error(result.message);
    }
  },
};
