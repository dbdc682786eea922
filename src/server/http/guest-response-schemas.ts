/**
 * Answer shapes of the guest-lifecycle API for the OpenAPI document and serialisation. They
 * mirror src/shared/guest-api.ts: a property missing here would be dropped from the answer.
 */
type Schema = Record<string, unknown>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const anyObject = { type: 'object', additionalProperties: true };
const nullableObject = { type: 'object', nullable: true, additionalProperties: true };

const object = (properties: Schema): Schema => ({ type: 'object', required: Object.keys(properties), properties });
const pageOf = (item: Schema): Schema => object({ records: { type: 'array', items: item }, total: int, pageNum: int, pageSize: int });

export const editionData = object({
  id: str,
  year: int,
  name: str,
  registrationStart: str,
  registrationEnd: str,
  itineraryDeadline: str,
  conferenceStart: str,
  conferenceEnd: str,
  entourageCap: int,
  guestRegistrationEnabled: bool,
  signUpClosed: bool,
  inviteCodeRequired: bool,
});

const summaryProperties = {
  id: str,
  nameZh: str,
  nameEn: nullableStr,
  idNumberMasked: str,
  status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
  rejectReason: nullableStr,
  inviteCode: nullableStr,
  attendance: { type: 'string', enum: ['undecided', 'attending', 'not-attending', 'cancelled'] },
  entourageCount: int,
  itineraryDone: bool,
  updatedAt: str,
};

export const guestSummary = object(summaryProperties);
export const guestPage = pageOf(guestSummary);
const entourageRequired = object({ id: str, document: anyObject, idNumberMasked: str });
/** itinerary and reception are optional: answers of the entourage writes leave them out */
export const entourageItem = {
  ...entourageRequired,
  properties: { ...(entourageRequired.properties as Schema), itinerary: nullableObject, reception: nullableObject },
};
export const entourageList = { type: 'array', items: entourageItem };

export const guestDetail = object({
  ...summaryProperties,
  unitId: str,
  unitName: str,
  schemaVersion: int,
  document: anyObject,
  intention: nullableObject,
  itinerary: nullableObject,
  reception: nullableObject,
  epidemic: nullableObject,
  entourage: entourageList,
  entourageCap: int,
  gates: object({
    canEditBasic: bool,
    canManageEntourage: bool,
    canEditItinerary: bool,
    canSignUpActivities: bool,
    canEditEpidemicInfo: bool,
    entourageFull: bool,
  }),
});

export const reviewPage = pageOf(object({ ...summaryProperties, unitId: str, unitName: str }));
export const decidedList = { type: 'array', items: guestSummary };
export const auditPage = pageOf(
  object({ id: str, actorAccount: str, action: str, targetType: str, targetId: str, reason: nullableStr, at: str }),
);

const unitType = { type: 'string', enum: ['enterprise', 'government', 'media'] };
export const unitInfo = object({ id: str, unitType, name: str, document: anyObject, schemaVersion: int, complete: bool });
export const unitOverview = object({
  unit: object({ id: str, name: str, unitType }),
  edition: editionData,
  guests: object({ total: int, pending: int, approved: int, rejected: int }),
  attendance: object({ undecided: int, attending: int, 'not-attending': int, cancelled: int }),
  entourageTotal: int,
});
export const inviteCodeCheck = object({ code: str, guestType: str, reviewRequired: bool, unitName: str });
