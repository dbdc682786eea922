import { temporaryApiPaths } from '../../../shared/temporary-api';
import { downloadFile } from '../../api/download-file';
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
};
