/**
 * Contract of the unit-information and guest-lifecycle API, shared by the server
 * and the client. SPEC section 7 names no paths for these ("not shown"): these are ours, all
 * under the `qms` service (unit side) and `admin` (organisers). Bodies are the documents of
 * the named schemas in schemas/; every path is documented in openapi.json.
 */
import type {
  AttendanceState as GeneratedAttendanceState,
  AuditStatus as GeneratedAuditStatus,
  GateDecision as GeneratedGateDecision,
  ResponseAuditPage,
  ResponseEdition,
  ResponseEntourageItem,
  ResponseGuestDetail,
  ResponseGuestPage,
  ResponseGuestSummary,
  ResponseInviteCodeCheck,
  ResponseUnitInfo,
  ResponseUnitOverview,
  ReviewItemAnswer,
} from '../generated/types.js';

export const guestApiPaths = {
  /** GET: the current edition (dates, cap, switches) */
  currentEdition: 'qms/edition/current',
  /** GET / PUT (body: unit schema): the caller's unit information */
  myUnit: 'qms/unit/mine',
  /** GET ?code=: checks an invitation code (business errors 10001-10007) */
  checkInviteCode: 'qms/invite-code/check',
  /** GET ?pageNum&pageSize&status&name: the caller's unit's guests of the current edition */
  guestPage: 'qms/guest/page',
  /** GET (the guestPage query, no page): the list's rows as an .xlsx (unit accounts; masked, audited) */
  exportGuestPage: 'qms/export/guests',
  /** POST (body: guest schema): adds a guest, returns GuestSummary */
  guests: 'qms/guest',
  /** GET: GuestDetail; PUT (body: guest schema): saves basic information; DELETE: deregisters */
  guest: (id: string) => `qms/guest/${id}`,
  /** PUT (body: attendance-intention schema) */
  guestIntention: (id: string) => `qms/guest/${id}/intention`,
  /** PUT (body: itinerary schema) */
  guestItinerary: (id: string) => `qms/guest/${id}/itinerary`,
  /** PUT (body: attendance-confirmation schema) attend / do not attend */
  guestAttendance: (id: string) => `qms/guest/${id}/attendance`,
  /** POST: cancels attendance (the client asks for confirmation first) */
  guestCancel: (id: string) => `qms/guest/${id}/cancel`,
  /** PUT (body: epidemic-prevention schema): approved guests only */
  guestEpidemic: (id: string) => `qms/guest/${id}/epidemic`,
  /** PUT (body: photo-change schema): new photo after approval, with a reason; back to review */
  guestPhoto: (id: string) => `qms/guest/${id}/photo`,
  /** GET: EntourageItem[]; POST (body: entourage-member schema) */
  entourage: (guestId: string) => `qms/guest/${guestId}/entourage`,
  /** units: GET ?id the guest's entourage as an .xlsx download (ID numbers masked; audited) */
  exportEntourage: 'qms/export/entourage',
  /** PUT (body: entourage-member schema) / DELETE */
  entourageMember: (guestId: string, memberId: string) => `qms/guest/${guestId}/entourage/${memberId}`,
  /** GET: the unit's overview (company view) */
  unitOverview: 'qms/unit/overview',

  /** organisers: GET ?pageNum&pageSize&status: review queue across units */
  reviewPage: 'admin/review/page',
  /** organisers: POST (body: review-decision schema) approve or reject one or many */
  reviewDecide: 'admin/review/decide',
  /** organisers: PUT (body: reception schema) reception of a guest */
  guestReception: (id: string) => `admin/guest/${id}/reception`,
  /** organisers: GET: GuestDetail of any guest of the current edition (the reception editor starts from it) */
  adminGuest: (id: string) => `admin/guest/${id}`,
  /** organisers: PUT (body: guest schema): only the fields the current form version flags in a guest saved under an older one; the status is kept (audited) */
  adminGuestUpgradeFix: (id: string) => `admin/guest/${id}/upgrade-fix`,
  /** POST (body: personal-data-reveal schema): the full ID number or mobile of the unit's own guest or member (audited) */
  guestReveal: (id: string) => `qms/guest/${id}/reveal`,
  /** organisers: POST (body: personal-data-reveal schema): the same for any guest of the current edition (audited) */
  adminGuestReveal: (id: string) => `admin/guest/${id}/reveal`,
  /** POST (body: personal-data-reveal schema): the full contact mobile of the caller's own unit record (audited) */
  unitReveal: 'qms/unit/reveal',
  /** guest accounts: POST (body: personal-data-reveal schema with a /reception/... pointer): a receptionist phone of the caller's own registration's reception (audited) */
  ownReceptionReveal: 'qms/my-registration/reception/reveal',
  /** PUT (body: itinerary schema) itinerary of an entourage member (same gates and deadline as the guest's) */
  entourageItinerary: (guestId: string, memberId: string) => `qms/guest/${guestId}/entourage/${memberId}/itinerary`,
  /** organisers: PUT (body: reception schema) reception of an entourage member */
  entourageReception: (guestId: string, memberId: string) => `admin/guest/${guestId}/entourage/${memberId}/reception`,
  /** organisers: GET ?pageNum&pageSize: audit log */
  auditPage: 'admin/audit/page',
  /** organisers: GET / PUT (body: edition schema) the current edition's settings */
  editionSettings: 'admin/edition/current',
} as const;

/** Answer shapes: the schemas in schemas/response-*.json (and definitions.json), generated into src/generated/types.ts. */
export type AuditStatus = GeneratedAuditStatus;
export type AttendanceState = GeneratedAttendanceState;

/** The edition's settings as the server keeps them. */
export type EditionData = Omit<ResponseEdition, 'addGuestGate'>;
/** The edition as answers send it: its settings and the add-guest gate the server decided today. */
export type EditionAnswer = ResponseEdition;
/** A gate the server decided: open or not, and the guest.gates.* key saying why. */
export type GateDecision = GeneratedGateDecision;
export type GuestSummary = ResponseGuestSummary;
export type GuestPage = ResponseGuestPage;
export type EntourageItem = ResponseEntourageItem;
export type GuestDetail = ResponseGuestDetail;
export type ReviewItem = ReviewItemAnswer;
export type AuditEntry = ResponseAuditPage['records'][number];
/** data of GET qms/unit/mine */
export type UnitInfo = ResponseUnitInfo;
/** data of GET qms/unit/overview, the company view */
export type UnitOverview = ResponseUnitOverview;
/** data of GET qms/invite-code/check */
export type InviteCodeCheck = ResponseInviteCodeCheck;
