import { apiPaths } from '../../shared/api-paths';
import type { MasterInfoData, Page } from '../../shared/api-types';
import {
  guestApiPaths as paths,
  type AuditEntry,
  type AuditStatus,
  type EditionAnswer,
  type EntourageItem,
  type GuestDetail,
  type GuestPage,
  type GuestSummary,
  type InviteCodeCheck,
  type UnitInfo,
  type UnitOverview,
  type ReviewItem,
} from '../../shared/guest-api';
import { http } from './app-http-client';
import type { SensitiveKind } from '../../shared/sensitive-fields';

type Document = Record<string, unknown>;

/** Drops values the user never filled so optional fields stay absent. */
export function compactDocument(data: Document): Document {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== ''));
}

/** Typed calls of the guest-lifecycle contract (src/shared/guest-api.ts). */
export const guestApi = {
  currentEdition: () => http.request<EditionAnswer>('get', paths.currentEdition),
  /** a guest account's own registration (getMasterInfo); unlike the sign-in load, an expired session prompts here */
  ownRegistration: () => http.request<MasterInfoData>('get', apiPaths.masterInfo),
  myUnit: () => http.request<UnitInfo>('get', paths.myUnit),
  saveMyUnit: (unit: Document) => http.request<unknown>('put', paths.myUnit, { json: compactDocument(unit) }),
  unitOverview: () => http.request<UnitOverview>('get', paths.unitOverview),
  checkInviteCode: (code: string) => http.request<InviteCodeCheck>('get', paths.checkInviteCode, { searchParams: { code } }),
  guestPage: (query: { pageNum: number; pageSize: number; status?: AuditStatus; name?: string; sort?: string; order?: string }) =>
    http.request<GuestPage>('get', paths.guestPage, { searchParams: compactDocument(query) as Record<string, string | number> }),
  guest: (id: string) => http.request<GuestDetail>('get', paths.guest(id)),
  addGuest: (guest: Document) => http.request<GuestSummary>('post', paths.guests, { json: compactDocument(guest) }),
  saveGuest: (id: string, guest: Document) => http.request<unknown>('put', paths.guest(id), { json: compactDocument(guest) }),
  deregister: (id: string) => http.request<unknown>('delete', paths.guest(id)),
  saveIntention: (id: string, intention: Document) =>
    http.request<unknown>('put', paths.guestIntention(id), { json: compactDocument(intention) }),
  saveItinerary: (id: string, itinerary: Document) => http.request<unknown>('put', paths.guestItinerary(id), { json: itinerary }),
  confirmAttendance: (id: string, attending: Document) => http.request<unknown>('put', paths.guestAttendance(id), { json: attending }),
  cancelAttendance: (id: string) => http.request<unknown>('post', paths.guestCancel(id)),
  changePhoto: (id: string, change: Document) => http.request<unknown>('put', paths.guestPhoto(id), { json: compactDocument(change) }),
  entourage: (guestId: string) => http.request<EntourageItem[]>('get', paths.entourage(guestId)),
  addEntourage: (guestId: string, member: Document) =>
    http.request<EntourageItem>('post', paths.entourage(guestId), { json: compactDocument(member) }),
  saveEntourage: (guestId: string, memberId: string, member: Document) =>
    http.request<unknown>('put', paths.entourageMember(guestId, memberId), { json: compactDocument(member) }),
  deleteEntourage: (guestId: string, memberId: string) => http.request<unknown>('delete', paths.entourageMember(guestId, memberId)),
  saveEntourageItinerary: (guestId: string, memberId: string, itinerary: Document) =>
    http.request<EntourageItem>('put', paths.entourageItinerary(guestId, memberId), { json: itinerary }),

  /** the queue's query as its list holds it (filters, sort, order, page) */
  reviewPage: (query: Record<string, string>) => http.request<Page<ReviewItem>>('get', paths.reviewPage, { searchParams: query }),
  reviewDecide: (decision: Document) => http.request<unknown>('post', paths.reviewDecide, { json: compactDocument(decision) }),
  adminGuest: (id: string) => http.request<GuestDetail>('get', paths.adminGuest(id)),
  /** organisers: only the fields the current guest form version flags (the status is kept) */
  adminSaveUpgradeFix: (id: string, guest: Document) =>
    http.request<unknown>('put', paths.adminGuestUpgradeFix(id), { json: compactDocument(guest) }),
  /**
   * the full value of a masked field (audited on the server): the unit's own guest or member;
   * `pointer` names a nested one, e.g. a reception's phone (/reception/stations/0/receptionistPhone)
   */
  revealGuestField: (id: string, field: SensitiveKind, memberId?: string, pointer?: string) =>
    http.request<{ value: string }>('post', paths.guestReveal(id), {
      json: { field, ...(memberId ? { memberId } : {}), ...(pointer ? { pointer } : {}) },
    }),
  /** organisers: the same for any guest */
  adminRevealGuestField: (id: string, field: SensitiveKind, memberId?: string, pointer?: string) =>
    http.request<{ value: string }>('post', paths.adminGuestReveal(id), {
      json: { field, ...(memberId ? { memberId } : {}), ...(pointer ? { pointer } : {}) },
    }),
  /** the full value of a masked field of the caller's own unit record (audited on the server) */
  revealMyUnitField: (field: SensitiveKind) => http.request<{ value: string }>('post', paths.unitReveal, { json: { field } }),
  /** guest accounts: a receptionist phone of the caller's own reception, by pointer (/reception/...) */
  revealOwnReceptionField: (field: SensitiveKind, pointer: string) =>
    http.request<{ value: string }>('post', paths.ownReceptionReveal, { json: { field, pointer } }),
  saveReception: (id: string, reception: Document) => http.request<unknown>('put', paths.guestReception(id), { json: reception }),
  saveEntourageReception: (guestId: string, memberId: string, reception: Document) =>
    http.request<EntourageItem>('put', paths.entourageReception(guestId, memberId), { json: reception }),
  auditPage: (pageNum: number, pageSize: number) =>
    http.request<Page<AuditEntry>>('get', paths.auditPage, { searchParams: { pageNum, pageSize } }),
  editionSettings: () => http.request<Document>('get', paths.editionSettings),
  saveEditionSettings: (edition: Document) => http.request<unknown>('put', paths.editionSettings, { json: edition }),
};
