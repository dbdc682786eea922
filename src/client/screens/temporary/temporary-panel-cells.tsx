import { temporaryApi } from '../../api/temporary-endpoints';
import { RevealableInline } from '../../engine/RevealableInline';
import { translateKey } from '../../i18n/translate-key';

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const documentOf = (row: Row) => (row.document ?? {}) as Record<string, unknown>;

/** Cells of the temporary codes and the recommendations (ui-schemas/screens/temporary-codes.json, temporary-recommendations.json). */
export const temporaryPanelCells = {
  temporaryCodeEvent: (row: Row) => text(row.eventName) || translateKey('temporary.codes.none'),
  temporaryCodeMode: (row: Row) =>
    row.attendanceMode ? translateKey(`temporary.attendanceMode.${text(row.attendanceMode)}`) : translateKey('temporary.codes.none'),
  temporaryCodeType: (row: Row) =>
    row.registrationType
      ? translateKey(`schema.enums.registrationType.${text(row.registrationType)}`)
      : translateKey('temporary.codes.anyType'),
  // the recommender mobile is answered masked: its "Show" asks the audited reveal (organisers)
  recommendationRecommender: (row: Row) => (
    <>
      {[documentOf(row).recommenderName, documentOf(row).recommenderOrganisation].map(text).filter(Boolean).join(' · ')}
      {text(documentOf(row).recommenderMobile) && ' · '}
      <RevealableInline
        testId="recommender-mobile"
        masked={text(documentOf(row).recommenderMobile)}
        label={translateKey('temporary.recommendations.recommenderMobile')}
        reveal={async () => (await temporaryApi.revealRecommendationMobile(text(row.id), 'recommenderMobile')).value}
      />
    </>
  ),
  // so is the invitee's (optional) mobile
  recommendationInvitee: (row: Row) => (
    <>
      {[documentOf(row).inviteeName, documentOf(row).inviteeOrganisation, documentOf(row).inviteePosition].map(text).join(' · ')}
      {text(documentOf(row).inviteeMobile) && ' · '}
      {text(documentOf(row).inviteeMobile) && (
        <RevealableInline
          testId="invitee-mobile"
          masked={text(documentOf(row).inviteeMobile)}
          label={translateKey('temporary.recommendations.inviteeMobile')}
          reveal={async () => (await temporaryApi.revealRecommendationMobile(text(row.id), 'inviteeMobile')).value}
        />
      )}
    </>
  ),
  recommendationActivity: (row: Row) => text(documentOf(row).activity),
  recommendationReason: (row: Row) => text(documentOf(row).reason),
};
