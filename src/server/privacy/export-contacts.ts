import type { FastifyRequest } from 'fastify';
import { looksMasked, maskValue, type SensitiveKind } from '../../shared/sensitive-fields.js';
import type { AnySheet, ExportColumn } from '../exports/excel-export.js';
import type { Audit } from '../audit/audit.js';
import type { SignedInAccount } from '../auth/sessions.js';
import { assertOrganiser } from '../auth/unit-access.js';

/**
 * Hand-written columns holding personal data, by header (schema field columns carry their
 * x-sensitive mark themselves, see fieldColumn).
 */
const SENSITIVE_HEADERS: Record<string, SensitiveKind> = {
  'console.export.columns.mobile': 'mobile',
  'console.export.columns.idNumber': 'idNumber',
  'temporary.review.columns.mobile': 'mobile',
};

/**
 * `contacts=1` in the query string asks for an export with contact data (mobiles in clear). It
 * is read from the URL itself: the exports' query schemas drop unknown properties, and the
 * choice is the same on every export route.
 */
export function contactsRequested(request: FastifyRequest): boolean {
  const query = request.url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('contacts') === '1';
}

function maskedColumn(column: ExportColumn<unknown>, kind: SensitiveKind): ExportColumn<unknown> {
  return {
    ...column,
    value: (row, read) => {
      const value = column.value(row, read);
      return typeof value === 'string' && value !== '' && !looksMasked(value) ? maskValue(kind, value) : value;
    },
  };
}

/**
 * The sheets as the export sends them: by default every sensitive column masked. With contact
 * data, mobiles are in clear; ID numbers stay masked in every export (no list needs them whole:
 * one is shown on an explicit, audited "show").
 */
export function sheetsWithPrivacy(sheets: AnySheet[], contacts: boolean): AnySheet[] {
  return sheets.map((sheet) => ({
    ...sheet,
    columns: sheet.columns.map((column: ExportColumn<unknown>) => {
      const kind = column.sensitive ?? SENSITIVE_HEADERS[column.headerKey];
      if (!kind || (contacts && kind === 'mobile')) return column;
      return maskedColumn(column, kind);
    }),
  }));
}

/**
 * An export with contact data: organisers only (403 for anyone else, before the first byte),
 * written to the audit log with the export's readable name.
 */
export interface ContactsExportAudit {
  who: SignedInAccount;
  audit: Audit;
  at: Date;
}

export async function auditContactsExport(
  request: FastifyRequest,
  by: ContactsExportAudit,
  editionId: string,
  fileKey: string,
): Promise<void> {
  assertOrganiser(by.who);
  const t = (key: string) => request.server.translator.t(request.language, key);
  await by.audit.record(request.server.db, by.who, {
    editionId,
    action: 'personal-data.export',
    targetType: 'export',
    targetId: fileKey,
    targetLabel: t(fileKey),
    at: by.at.toISOString(),
  });
}

/** The sheets of one export request: masked, or with contact data after the organiser check and the audit entry. */
export async function exportSheets(
  request: FastifyRequest,
  by: ContactsExportAudit,
  editionId: string,
  fileKey: string,
  sheets: AnySheet[],
): Promise<AnySheet[]> {
  const contacts = contactsRequested(request);
  if (contacts) await auditContactsExport(request, by, editionId, fileKey);
  return sheetsWithPrivacy(sheets, contacts);
}
