/**
 * Contract of the unit-information and guest-lifecycle API (issue 5), shared by the server
 * and the client. SPEC section 7 names no paths for these ("not shown"): these are ours, all
 * under the `qms` service (unit side) and `admin` (organisers). Bodies are the documents of
 * the named schemas in schemas/; every path is documented in openapi.json.
 */
import type { Page } from './api-types.js';

export const guestApiPaths = {
  /** GET: the current edition (dates, cap, switches) */
  currentEdition: 'qms/edition/current',
  /** GET / PUT (body: unit schema): the caller's unit information */
  myUnit: 'qms/unit/mine',
  /** GET ?code=: checks an invitation code (business errors 10001-10007) */
  checkInviteCode: 'qms/invite-code/check',
  /** GET ?pageNum&pageSize&status&name: the caller's unit's guests of the current edition */
  guestPage: 'qms/guest/page',
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
  /** PUT (body: itinerary schema) itinerary of an entourage member (same gates and deadline as the guest's) */
  entourageItinerary: (guestId: string, memberId: string) => `qms/guest/${guestId}/entourage/${memberId}/itinerary`,
  /** organisers: PUT (body: reception schema) reception of an entourage member */
  entourageReception: (guestId: string, memberId: string) => `admin/guest/${guestId}/entourage/${memberId}/reception`,
  /** organisers: GET ?pageNum&pageSize: audit log */
  auditPage: 'admin/audit/page',
  /** organisers: GET / PUT (body: edition schema) the current edition's settings */
  editionSettings: 'admin/edition/current',
} as const;

export type AuditStatus = 'pending' | 'approved' | 'rejected';
export type AttendanceState = 'undecided' | 'attending' | 'not-attending' | 'cancelled';

export interface EditionData {
  id: string;
  year: number;
  name: string;
  /** dates as YYYY-MM-DD */
  registrationStart: string;
  registrationEnd: string;
  itineraryDeadline: string;
  conferenceStart: string;
  conferenceEnd: string;
  entourageCap: number;
  guestRegistrationEnabled: boolean;
  signUpClosed: boolean;
  /** added by the server: when true a guest cannot be added without an invitation code */
  inviteCodeRequired: boolean;
}

export interface GuestSummary {
  id: string;
  nameZh: string;
  nameEn: string | null;
  /** masked, e.g. 370202********1234 */
  idNumberMasked: string;
  status: AuditStatus;
  rejectReason: string | null;
  inviteCode: string | null;
  attendance: AttendanceState;
  entourageCount: number;
  itineraryDone: boolean;
  updatedAt: string;
}

export type GuestPage = Page<GuestSummary>;

export interface EntourageItem {
  id: string;
  document: Record<string, unknown>;
  idNumberMasked: string;
  /** the member's own itinerary (itinerary schema), null until saved */
  itinerary?: Record<string, unknown> | null;
  /** set by organisers (reception schema), read-only for the unit */
  reception?: Record<string, unknown> | null;
}

export interface GuestDetail extends GuestSummary {
  unitId: string;
  unitName: string;
  schemaVersion: number;
  /** the guest document (guest schema) */
  document: Record<string, unknown>;
  intention: Record<string, unknown> | null;
  itinerary: Record<string, unknown> | null;
  /** set by organisers, read-only for the unit */
  reception: Record<string, unknown> | null;
  /** epidemic-prevention information (epidemic-prevention schema), approved guests only */
  epidemic?: Record<string, unknown> | null;
  entourage: EntourageItem[];
  entourageCap: number;
  /** which steps and actions the server allows now, so screens show the same gates */
  gates: {
    canEditBasic: boolean;
    canManageEntourage: boolean;
    canEditItinerary: boolean;
    canSignUpActivities: boolean;
    canEditEpidemicInfo: boolean;
    entourageFull: boolean;
  };
}

export interface ReviewItem extends GuestSummary {
  unitId: string;
  unitName: string;
}

export interface AuditEntry {
  id: string;
  actorAccount: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  at: string;
}

/** data of GET qms/unit/mine (added by the server engineer) */
export interface UnitInfo {
  id: string;
  /** enterprise | government | media (the unit schema's unitType) */
  unitType: 'enterprise' | 'government' | 'media';
  name: string;
  /** the unit document (unit schema); may be incomplete until the unit saves it once */
  document: Record<string, unknown>;
  schemaVersion: number;
  /** false until the document was saved through PUT qms/unit/mine */
  complete: boolean;
}

/** data of GET qms/unit/overview, the company view (added by the server engineer) */
export interface UnitOverview {
  unit: { id: string; name: string; unitType: UnitInfo['unitType'] };
  edition: EditionData;
  guests: { total: number; pending: number; approved: number; rejected: number };
  attendance: Record<AttendanceState, number>;
  entourageTotal: number;
}

/** data of GET qms/invite-code/check (added by the server engineer) */
export interface InviteCodeCheck {
  code: string;
  /** guest type the code grants (e.g. general, vip) */
  guestType: string;
  /** false: a guest added with this code is approved at once */
  reviewRequired: boolean;
  unitName: string;
}
