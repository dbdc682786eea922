import { temporaryApiPaths } from '../../../shared/temporary-api';
import { downloadExport } from '../../api/console-endpoints';
import { temporaryApi, type TemporaryQuery } from '../../api/temporary-endpoints';
import type { ListLoadQuery } from '../../engine/list-query';

/** The temporary review's page (its filter bar's values as they are) and the export of the filter shown. */
export const temporaryReviewOperations = {
  temporaryPage: (query: ListLoadQuery) => temporaryApi.page(query as unknown as TemporaryQuery),
  temporaryExport: async (filters: ListLoadQuery) => {
    const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value !== '')) as Record<string, string>;
    // the server names the file by what and when, in the caller's language
    const result = await downloadExport(temporaryApiPaths.export, params, 'temporary-registrations');
    if (!result.ok) throw new Error(result.message);
  },
};
