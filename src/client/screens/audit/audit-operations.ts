import { consoleApiPaths } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { downloadListFile } from '../../api/download-file';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The organisers' audit log (ui-schemas/screens/audit-log.json). */
export const auditOperations = {
  consoleAuditPage: (query: ListLoadQuery) => consoleApi.auditPage(searchOfListQuery(query)),
  exportAuditLog: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportAuditLog, 'audit-log.xlsx', query),
};
