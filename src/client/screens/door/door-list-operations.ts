import { doorApiPaths } from '../../../shared/door-api';
import { doorApi } from '../../api/door-endpoints';
import { downloadListFile } from '../../api/download-file';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The door's "not arrived" list on the organisers' dashboard (ui-schemas/screens/door-absent.json). */
export const doorListOperations = {
  doorAbsentPage: (query: ListLoadQuery) => doorApi.absent(searchOfListQuery(query)),
  exportDoorAbsent: (query: ListLoadQuery) => downloadListFile(doorApiPaths.exportAbsent, 'not-arrived.xlsx', query),
};
