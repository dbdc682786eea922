import { ERROR_TOAST_MS } from '../../../shared/constants';
import { consoleApiPaths } from '../../../shared/console-api';
import { contentApiPaths, type ContentKind } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { downloadFile, downloadListFile } from '../../api/download-file';
import { filterText, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';
import { showToast } from '../../feedback/feedback-store';
import { translateKey } from '../../i18n/translate-key';
import { contentQueryOf } from './content-query';

/** One kind's page with the screen's filters (keyword, and the session of the historical guests) and the list's order. */
const pageOf = (kind: ContentKind) => (query: ListLoadQuery) =>
  contentApi.page(kind, contentQueryOf(query, filterText(query.session) ? { session: filterText(query.session) } : {}));

const idOf = (row: FormData) => String(row.id);

/** A list's workbook of what it shows (its keyword, session or category and order; the server names the file). */
const exportOf = (path: string, fallbackName: string) => (query: ListLoadQuery) => downloadListFile(path, fallbackName, query);

/** Loads and row actions of the content lists (ui-schemas/screens/historical-guests.json, investment-projects.json, vehicles.json, unofficial-guests.json, downloads.json). */
export const contentListOperations = {
  historicalGuestPage: pageOf('historical-guest'),
  investmentProjectPage: pageOf('investment-project'),
  vehiclePage: pageOf('vehicle'),
  unofficialGuestPage: pageOf('unofficial-guest'),
  deleteHistoricalGuest: (row: FormData) => contentApi.deleteCatalogue('historical-guest', idOf(row)),
  deleteInvestmentProject: (row: FormData) => contentApi.deleteCatalogue('investment-project', idOf(row)),
  deleteVehicle: (row: FormData) => contentApi.deleteUnitRecord('vehicle', idOf(row)),
  deleteUnofficialGuest: (row: FormData) => contentApi.deleteUnitRecord('unofficial-guest', idOf(row)),
  downloadPage: (query: ListLoadQuery) => contentApi.downloadPage(contentQueryOf(query, { category: filterText(query.category) })),
  downloadFile: async (row: FormData) => {
    const saved = await downloadFile(contentApiPaths.downloadFile(idOf(row)), String(row.fileName));
    if (!saved.ok) showToast(translateKey('content.common.downloadFailed'), 'error', ERROR_TOAST_MS);
  },
  deleteDownload: (row: FormData) => contentApi.deleteDownload(idOf(row)),
  // the unit's own records (its rows only, masked); the shared lists' workbooks are the organisers'
  exportOwnVehicles: exportOf(contentApiPaths.unitExport('vehicle'), 'vehicles.xlsx'),
  exportOwnUnofficialGuests: exportOf(contentApiPaths.unitExport('unofficial-guest'), 'unofficial-guests.xlsx'),
  exportHistoricalGuests: exportOf(consoleApiPaths.exportCatalogue('historical-guest'), 'historical-guests.xlsx'),
  exportInvestmentProjects: exportOf(consoleApiPaths.exportCatalogue('investment-project'), 'investment-projects.xlsx'),
  exportDownloads: exportOf(consoleApiPaths.exportDownloads, 'downloads.xlsx'),
};
