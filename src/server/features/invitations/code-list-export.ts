import { consoleApiPaths, type InvitationCodeItem } from '../../../shared/console-api.js';
import type { InvitationCodePageQuery } from '../../../generated/types.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { CodesAdmin } from './codes-admin.js';

/** The organisers' invitation codes as a workbook of what their list shows: the same query (code, company, state, sort, order) through the same page reader. */
export function codeListWorkbook(codes: CodesAdmin): ConsoleWorkbook<never> {
  return listWorkbook<InvitationCodePageQuery, InvitationCodeItem>({
    path: consoleApiPaths.exportInvitationCodes,
    summary: 'The invitation codes with their list filters and order (the query of admin/console/invitation-code/page)',
    query: 'invitation-code-page-query',
    fileKey: 'console.export.files.invitationCodes',
    sheetKey: 'console.export.sheets.invitationCodes',
    columns: [
      { headerKey: 'console.schema.fields.code', width: 16, value: (row) => row.code },
      { headerKey: 'console.schema.fields.company', width: 32, value: (row) => row.companyName },
      {
        headerKey: 'console.schema.fields.guestType',
        width: 16,
        value: (row, read) => (row.guestType ? read.t(`console.schema.enums.guestType.${row.guestType}`) : null),
      },
      { headerKey: 'console.schema.fields.reviewRequired', value: (row, read) => read.yesNo(row.reviewRequired) },
      { headerKey: 'console.codes.usage', value: (row) => row.usedCount },
      { headerKey: 'console.schema.fields.maxUses', value: (row) => row.maxUses },
      { headerKey: 'console.schema.fields.expiresOn', width: 14, value: (row) => row.expiresOn },
      { headerKey: 'console.schema.fields.state', value: (row, read) => read.t(`console.schema.enums.codeState.${row.state}`) },
      { headerKey: 'console.codes.createdAt', width: 24, value: (row, read) => read.time(row.createdAt) },
    ],
    page: (editionId, query) => codes.pageOf(editionId, query),
  }) as ConsoleWorkbook<never>;
}
