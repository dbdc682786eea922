import { consoleApi } from '../../api/console-endpoints';
import { downloadListFile } from '../../api/download-file';
import { consoleApiPaths } from '../../../shared/console-api';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The organisers' units list (ui-schemas/screens/unit-list.json): its page and its workbook, by the same query. */
export const unitListOperations = {
  unitListPage: (query: ListLoadQuery) => consoleApi.unitPage(searchOfListQuery(query)),
  exportUnits: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportUnits, 'units.xlsx', query),
};
