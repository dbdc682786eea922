import { translateKey } from '../../i18n/translate-key';

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const documentOf = (row: Row) => (row.document ?? {}) as Record<string, unknown>;

/** Cells of the temporary codes and the recommendations (ui-schemas/screens/temporary-codes.json, temporary-recommendations.json). */
export const temporaryPanelCells = {
  temporaryCodeEvent: (row: Row) => text(row.eventName) || translateKey('temporary.codes.none'),
  temporaryCodeMode: (row: Row) => (row.attendanceMode ? translateKey(`temporary.attendanceMode.${text(row.attendanceMode)}`) : translateKey('temporary.codes.none')),
  temporaryCodeType: (row: Row) => (row.registrationType ? translateKey(`schema.enums.registrationType.${text(row.registrationType)}`) : translateKey('temporary.codes.anyType')),
  recommendationRecommender: (row: Row) => [documentOf(row).recommenderName, documentOf(row).recommenderOrganisation, documentOf(row).recommenderMobile].map(text).join(' · '),
  recommendationInvitee: (row: Row) => [documentOf(row).inviteeName, documentOf(row).inviteeOrganisation, documentOf(row).inviteePosition].map(text).join(' · '),
  recommendationActivity: (row: Row) => text(documentOf(row).activity),
  recommendationReason: (row: Row) => text(documentOf(row).reason),
};
