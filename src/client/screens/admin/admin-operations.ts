import { consoleApi } from '../../api/console-endpoints';
import { guestApi } from '../../api/guest-endpoints';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { Operation } from '../../engine/operation-types';
import { fieldsOfSchema } from '../../engine/schema-fields';

/**
 * Named calls of the organisers' declared screens: the edition settings form, the audit log and
 * the guest search (ui-schemas/screens/edition-settings.json, audit-log.json, console-guest-search.json).
 */
export const adminOperations: Record<string, Operation> = {
  editionSettings: async () => fieldsOfSchema('edition', await guestApi.editionSettings()),
  saveEditionSettings: (data) => guestApi.saveEditionSettings(data),
  consoleAuditPage: (query: ListLoadQuery) => consoleApi.auditPage(searchOfListQuery(query)),
  consoleGuestPage: (query: ListLoadQuery) => consoleApi.guestSearch(searchOfListQuery(query)),
};
