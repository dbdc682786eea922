import { consoleApi } from '../../api/console-endpoints';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The organisers' audit log (ui-schemas/screens/audit-log.json). */
export const auditOperations = {
  consoleAuditPage: (query: ListLoadQuery) => consoleApi.auditPage(searchOfListQuery(query)),
};
