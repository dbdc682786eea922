import { consoleApiPaths } from '../../shared/console-api.js';
import type { AuditFilterQuery } from '../../generated/types.js';
import { listWorkbook } from '../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../exports/workbooks.js';
import type { Audit, AuditLogEntry } from './audit.js';
import { actionLabel, changeText, targetTypeLabel } from './audit-readable.js';

/**
 * The audit log as a workbook of what its list shows: the same query (filters, sort, order)
 * through the same page reader; texts in the language of the download.
 */
export function auditLogWorkbook(audit: Audit): ConsoleWorkbook<never> {
  return listWorkbook<AuditFilterQuery, AuditLogEntry>({
    path: consoleApiPaths.exportAuditLog,
    summary: 'The audit log with its filters and order (the query of admin/console/audit/page)',
    query: 'audit-filter-query',
    fileKey: 'console.export.files.auditLog',
    sheetKey: 'console.export.sheets.auditLog',
    columns: [
      { headerKey: 'guest.audit.at', width: 24, value: (row, read) => read.time(row.at) },
      { headerKey: 'guest.audit.actor', width: 28, value: (row) => row.actorAccount },
      { headerKey: 'guest.audit.action', width: 24, value: (row, read) => actionLabel(read, row.action) },
      {
        headerKey: 'guest.audit.target',
        width: 36,
        // as the list's cell: the target's kind, then its name when it has one
        value: (row, read) =>
          row.targetLabel ? `${targetTypeLabel(read, row.targetType)}: ${row.targetLabel}` : targetTypeLabel(read, row.targetType),
      },
      // the list's changes cell, in the download's language
      {
        headerKey: 'console.audit.changes',
        width: 48,
        value: (row, read) => row.changesIn(read).map(changeText).join('\n') || null,
      },
      { headerKey: 'guest.audit.reason', width: 32, value: (row) => row.reason },
    ],
    // the columns translate with the workbook's own language
    page: (editionId, query) => audit.filteredPage(editionId, query, null),
  }) as ConsoleWorkbook<never>;
}
