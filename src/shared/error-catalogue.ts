/**
 * One catalogue of every error the server answers with (DESIGN.md, like fastify's lib/errors.js):
 * envelope code, HTTP status and the i18n key of the message (namespace `server`).
 * The client may use `key` to re-translate; `code` drives its behaviour (SPEC section 8).
 */
export interface CatalogueEntry {
  /** envelope `code` */
  code: number;
  /** HTTP status of the response */
  status: number;
  /** i18n key, namespace first ('server.auth.userNotExist') */
  key: string;
}

function entry(code: number, key: string, status = code): CatalogueEntry {
  return { code, status, key: `server.${key}` };
}

export const errorCatalogue = {
  validationFailed: entry(400, 'errors.validationFailed'),
  badRequest: entry(400, 'errors.badRequest'),
  payloadTooLarge: entry(413, 'errors.payloadTooLarge'),
  unsupportedMediaType: entry(415, 'errors.unsupportedMediaType'),
  notFound: entry(404, 'errors.notFound'),
  forbidden: entry(403, 'errors.forbidden'),
  tooManyRequests: entry(429, 'errors.tooManyRequests'),
  internal: entry(500, 'errors.internal'),
  serviceUnavailable: entry(503, 'errors.serviceUnavailable'),
  /** the disk or the database is full (ENOSPC, SQLITE_FULL, PostgreSQL 53100): nothing was saved */
  storageFull: entry(507, 'errors.storageFull'),
  uriTooLong: entry(414, 'errors.uriTooLong'),
  headersTooLarge: entry(431, 'errors.headersTooLarge'),
  requestTimeout: entry(408, 'errors.requestTimeout'),
  hashQueueFull: entry(429, 'errors.busyRetry'),

  /** same answer for an unknown account and a wrong password */
  invalidCredentials: entry(400, 'auth.invalidCredentials'),
  userNotExist: entry(400, 'auth.userNotExist'),
  /** no token sent */
  loginAgain: entry(401, 'auth.loginAgain'),
  /** token unknown, expired or revoked */
  sessionInvalid: entry(401, 'auth.sessionInvalid'),
  captchaInvalid: entry(400, 'auth.captchaInvalid'),
  codeInvalid: entry(400, 'auth.codeInvalid'),
  codeAttemptsExceeded: entry(400, 'auth.codeAttemptsExceeded'),
  codeSentTooOften: entry(429, 'auth.codeSentTooOften'),
  notAGuest: entry(400, 'auth.notAGuest'),
  /** a state-changing request on the session cookie from another origin, or naming none */
  originRefused: entry(403, 'auth.originRefused'),
  phoneExists: entry(409, 'account.phoneExists'),
  emailExists: entry(409, 'account.emailExists'),
  sameAccount: entry(400, 'account.sameAccount'),
  oldPasswordIncorrect: entry(400, 'account.oldPasswordIncorrect'),
  samePassword: entry(400, 'account.samePassword'),
  accountTypeClosed: entry(400, 'account.accountTypeClosed'),
  noticeNotFound: entry(404, 'notice.notFound'),

  /** SPEC 8 messages of later features (guests, uploads, temporary registration) */
  alreadyExists: entry(409, 'records.alreadyExists'),
  saveFailed: entry(400, 'records.saveFailed'),
  selectAttendees: entry(400, 'records.selectAttendees'),
  messageAudience: entry(400, 'errors.messageAudience'),
  messagePlaceholderUnknown: entry(400, 'errors.messagePlaceholderUnknown'),
  messageNotFound: entry(404, 'errors.messageNotFound'),
  entourageFull: entry(409, 'records.entourageFull'),
  fileTooLarge: entry(400, 'uploads.fileTooLarge'),
  photoSizeExceeded: entry(400, 'uploads.photoSizeExceeded'),
  jpgOnly: entry(400, 'uploads.jpgOnly'),
  photoUploadFailed: entry(400, 'uploads.photoUploadFailed'),
  photoChangeFailed: entry(400, 'uploads.photoChangeFailed'),
  uploadNewPhoto: entry(400, 'uploads.uploadNewPhoto'),
  tempNoEvent: entry(400, 'temporary.noEvent'),
  tempNoAttendanceMode: entry(400, 'temporary.noAttendanceMode'),
  tempEventDiscarded: entry(400, 'temporary.eventDiscarded'),
  tempRecommendClosed: entry(400, 'temporary.recommendClosed'),
  tempPictureInvalid: entry(400, 'temporary.pictureInvalid'),
  tempNotFound: entry(404, 'temporary.notFound'),
  tempNotApproved: entry(409, 'temporary.notApproved'),

  /** units and the guest lifecycle */
  noAffiliatedUnit: entry(403, 'units.noAffiliatedUnit'),
  unitTypeMismatch: entry(400, 'units.typeMismatch'),
  guestNotFound: entry(404, 'guests.notFound'),
  badgeNotValid: entry(404, 'door.badgeNotValid'),
  entourageMemberNotFound: entry(404, 'guests.entourageNotFound'),
  guestRegistrationDisabled: entry(400, 'guests.registrationDisabled'),
  signUpClosed: entry(400, 'guests.signUpClosed'),
  outsideRegistrationWindow: entry(400, 'guests.outsideRegistrationWindow'),
  notApproved: entry(400, 'guests.notApproved'),
  basicInfoLocked: entry(400, 'guests.basicInfoLocked'),
  /** an organiser's upgrade fix changed more than the fields the current form version flags (or the guest needs none) */
  upgradeFixesOnly: entry(400, 'guests.upgradeFixesOnly'),
  itineraryClosed: entry(400, 'guests.itineraryClosed'),
  itineraryRequired: entry(400, 'guests.itineraryRequired'),
  guestMobileTaken: entry(409, 'guests.mobileTaken'),
  guestRejected: entry(400, 'guests.rejected'),
  addFailedInviteCodeEmpty: entry(400, 'records.inviteCodeEmpty'),
  editionDatesOrder: entry(400, 'edition.datesOrder'),
  /** organisers' console */
  noticeAlreadyPublished: entry(409, 'console.noticeAlreadyPublished'),
  hotelInUse: entry(409, 'console.hotelInUse'),

  /** invitation-code catalogue (SPEC section 8): HTTP 400, own envelope code */
  invitationBlank: entry(10001, 'invitation.blank', 400),
  invitationNotExist: entry(10002, 'invitation.notExist', 400),
  invitationNotLinked: entry(10003, 'invitation.notLinked', 400),
  invitationNoCompany: entry(10004, 'invitation.noCompany', 400),
  invitationGuestConfigMissing: entry(10005, 'invitation.guestConfigMissing', 400),
  invitationConversionMissing: entry(10006, 'invitation.conversionMissing', 400),
  invitationParameterEmpty: entry(10007, 'invitation.parameterEmpty', 400),

  /** activities */
  activityNotFound: entry(404, 'activities.notFound'),
  activitySignUpNotFound: entry(404, 'activities.signUpNotFound'),
  activityNotOpen: entry(400, 'activities.notOpen'),
  activitySignUpEnded: entry(400, 'activities.signUpEnded'),
  activityClosed: entry(400, 'activities.closed'),
  activityDeadlinePassed: entry(400, 'activities.deadlinePassed'),
  activityGuestTypeNotAllowed: entry(400, 'activities.guestTypeNotAllowed'),
  activityNotAssigned: entry(400, 'activities.notAssigned'),
  activityNoEntourage: entry(400, 'activities.noEntourage'),
  activityAlreadySignedUp: entry(409, 'activities.alreadySignedUp'),
  activityNotASpeaker: entry(400, 'activities.notASpeaker'),
  activitySpeechMaterialInvalid: entry(400, 'activities.speechMaterialInvalid'),
  activityWindowOrder: entry(400, 'activities.windowOrder'),
  activityNotInvitedCategory: entry(400, 'activities.notInvitedCategory'),

  /** form versions: the console's form editor */
  formUnknown: entry(404, 'forms.unknown'),
  formVersionNotFound: entry(404, 'forms.versionNotFound'),
  formNoDraft: entry(404, 'forms.noDraft'),
  formDraftChanged: entry(409, 'forms.draftChanged'),
  formCountChanged: entry(409, 'forms.countChanged'),
  formDocumentMalformed: entry(400, 'forms.documentMalformed'),
  formDraftInvalid: entry(400, 'forms.draftInvalid'),

  /** personal data: the retention purge before the edition's retention period ended */
  retentionNotOver: entry(409, 'privacy.retentionNotOver'),
} as const;

export type ErrorName = keyof typeof errorCatalogue;

/** i18n key of the success message */
export const SUCCESS_KEY = 'server.ok';
