import { temporaryApiPaths, type RecommendationItem, type TemporaryCodeItem } from '../../../shared/temporary-api.js';
import type { Page } from '../../../shared/api-types.js';
import type { TemporaryCodeQuery, TemporaryRecommendationQuery } from '../../../generated/types.js';
import { pageOfWhole, type AnyAuditedListExport, type AuditedListExport } from '../../exports/audited-list-exports.js';
import { pageOf } from '../../http/route-parts.js';
import { maskedDocument } from '../../privacy/masked-answers.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { TemporaryCodes } from './temporary-codes.js';
import type { TemporaryRecommendations } from './temporary-recommendations.js';

/**
 * A page of recommendations as organisers read it (the page and order of the list's query): the
 * recommender's and the invitee's mobiles masked (shown through their audited reveal).
 */
export async function maskedRecommendationPage(
  recommendations: TemporaryRecommendations,
  who: SignedInAccount,
  query: TemporaryRecommendationQuery,
): Promise<Page<RecommendationItem>> {
  const { pageNum, pageSize } = pageOf(query);
  const page = await recommendations.page(who, pageNum, pageSize, query);
  return {
    ...page,
    records: page.records.map((record) => ({ ...record, document: maskedDocument('temporary-recommend-invite', record.document) })),
  };
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The temporary review screen's two panels as workbooks of what they show
 * (ui-schemas/screens/temporary-codes.json, temporary-recommendations.json): the same readers,
 * in the same order (the column the list is sorted by, else newest first), the lists' columns as
 * their cells read.
 * Organisers only; mobiles masked as the list shows them.
 */
export function temporaryPanelExports(
  codes: TemporaryCodes,
  recommendations: TemporaryRecommendations,
  editions: { current(): Promise<{ id: string }> },
): AnyAuditedListExport[] {
  const codeList: AuditedListExport<TemporaryCodeQuery, TemporaryCodeItem> = {
    readers: 'organisers',
    path: temporaryApiPaths.exportCodes,
    summary: 'The temporary-registration codes as their list shows them, sorted by a column or newest first (admin/temporary/codes)',
    query: 'temporary-code-query',
    fileKey: 'console.export.files.temporaryCodes',
    sheetKey: 'console.export.sheets.temporaryCodes',
    columns: [
      { headerKey: 'schema.fields.inviteCode', width: 20, value: (row) => row.code },
      { headerKey: 'temporary.fields.eventName', width: 30, value: (row, read) => text(row.eventName) || read.t('temporary.codes.none') },
      {
        headerKey: 'temporary.fields.attendanceMode',
        width: 20,
        value: (row, read) => read.t(row.attendanceMode ? `temporary.attendanceMode.${row.attendanceMode}` : 'temporary.codes.none'),
      },
      {
        headerKey: 'schema.fields.registrationType',
        width: 20,
        value: (row, read) =>
          read.t(row.registrationType ? `schema.enums.registrationType.${row.registrationType}` : 'temporary.codes.anyType'),
      },
      { headerKey: 'temporary.codes.used', value: (row) => row.used },
    ],
    // answered whole (tens of codes): the export's pages are cut from it; the codes' reader checks
    // no role of its own, so this one does, beside the route's
    page: async (who, query) => {
      assertOrganiser(who);
      return pageOfWhole(await codes.list((await editions.current()).id), query);
    },
  };
  const recommendationList: AuditedListExport<TemporaryRecommendationQuery, RecommendationItem> = {
    readers: 'organisers',
    path: temporaryApiPaths.exportRecommendations,
    summary:
      'The activity recommendations received, sorted as their list (newest first by default), mobiles masked (admin/temporary/recommendations)',
    query: 'temporary-recommendation-query',
    fileKey: 'console.export.files.temporaryRecommendations',
    sheetKey: 'console.export.sheets.temporaryRecommendations',
    columns: [
      {
        headerKey: 'temporary.recommendations.recommender',
        width: 30,
        value: (row) => [row.document.recommenderName, row.document.recommenderOrganisation].map(text).filter(Boolean).join(' · '),
      },
      {
        headerKey: 'temporary.recommendations.columns.recommenderMobile',
        width: 18,
        sensitive: 'mobile',
        value: (row) => text(row.document.recommenderMobile),
      },
      {
        headerKey: 'temporary.recommendations.invitee',
        width: 36,
        value: (row) => [row.document.inviteeName, row.document.inviteeOrganisation, row.document.inviteePosition].map(text).join(' · '),
      },
      {
        headerKey: 'temporary.recommendations.columns.inviteeMobile',
        width: 18,
        sensitive: 'mobile',
        value: (row) => text(row.document.inviteeMobile),
      },
      { headerKey: 'temporary.recommendations.activity', width: 30, value: (row) => text(row.document.activity) },
      { headerKey: 'temporary.recommendations.reason', width: 40, value: (row) => text(row.document.reason) },
      { headerKey: 'temporary.recommendations.at', width: 24, value: (row, read) => read.time(row.createdAt) },
    ],
    page: (who, query) => maskedRecommendationPage(recommendations, who, query),
  };
  return [codeList, recommendationList];
}
