/**
 * Answer shapes of the organisers' console (mirror src/shared/console-api.ts): a property
 * missing here would be dropped from the answer.
 */
type Schema = Record<string, unknown>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };
const int = { type: 'integer' };
const nullableInt = { type: 'integer', nullable: true };
const bool = { type: 'boolean' };
const nullableBool = { type: 'boolean', nullable: true };
const strings = { type: 'array', items: str };
/** any JSON value (before/after of an audit entry) */
const anything = {};

const object = (properties: Schema): Schema => ({ type: 'object', required: Object.keys(properties), properties });
const pageOf = (item: Schema): Schema => object({ records: { type: 'array', items: item }, total: int, pageNum: int, pageSize: int });

export const consoleGuestPage = pageOf(
  object({
    id: str,
    nameZh: str,
    nameEn: nullableStr,
    idNumberMasked: str,
    status: str,
    rejectReason: nullableStr,
    inviteCode: nullableStr,
    attendance: str,
    entourageCount: int,
    itineraryDone: bool,
    updatedAt: str,
    unitId: str,
    unitName: str,
    guestType: nullableStr,
    arrivalDate: nullableStr,
  }),
);
export const unitChoices = { type: 'array', items: object({ id: str, name: str, unitType: str }) };
export const codePage = pageOf(
  object({
    code: str,
    companyId: nullableStr,
    companyName: nullableStr,
    guestType: nullableStr,
    reviewRequired: nullableBool,
    usedCount: int,
    maxUses: nullableInt,
    expiresOn: nullableStr,
    revokedAt: nullableStr,
    state: { type: 'string', enum: ['active', 'revoked', 'expired', 'used-up'] },
    note: nullableStr,
    createdAt: str,
  }),
);
export const createdCodes = strings;
export const noticePublication = object({
  id: str,
  title: str,
  content: str,
  audiences: strings,
  unitIds: strings,
  status: { type: 'string', enum: ['draft', 'published'] },
  createdAt: str,
  publishedAt: nullableStr,
  readCount: int,
});
export const noticePublicationPage = pageOf(noticePublication);
export const hotelItem = object({ id: str, name: str, address: nullableStr, phone: nullableStr });
export const hotelList = { type: 'array', items: hotelItem };
export const receptionistItem = object({ id: str, name: str, mobile: str, hotelId: nullableStr, hotelName: nullableStr });
export const receptionistList = { type: 'array', items: receptionistItem };
export const auditLogPage = pageOf(
  object({ id: str, actorAccount: str, action: str, targetType: str, targetId: str, targetLabel: nullableStr, reason: nullableStr, before: anything, after: anything, at: str }),
);
