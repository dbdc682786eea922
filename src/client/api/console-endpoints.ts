import type { Page } from '../../shared/api-types';
import {
  consoleApiPaths as paths,
  type AuditLogItem,
  type ConsoleDashboard,
  type ConsoleGuestItem,
  type HotelItem,
  type InvitationCodeItem,
  type NoticePublicationItem,
  type ReceptionistItem,
  type UnitChoice,
  type UnitListItem,
} from '../../shared/console-api';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

type Document = Record<string, unknown>;
type Query = Record<string, string | number | undefined>;

const search = (query: Query) => compactDocument(query) as Record<string, string | number>;

/** Typed calls of the organisers' console (src/shared/console-api.ts). */
export const consoleApi = {
  dashboard: () => http.request<ConsoleDashboard>('get', paths.dashboard),
  guestSearch: (query: Query) => http.request<Page<ConsoleGuestItem>>('get', paths.guestSearch, { searchParams: search(query) }),
  units: (name?: string) => http.request<UnitChoice[]>('get', paths.units, { searchParams: search({ name }) }),
  unitPage: (query: Query) => http.request<Page<UnitListItem>>('get', paths.unitPage, { searchParams: search(query) }),
  codePage: (query: Query) => http.request<Page<InvitationCodeItem>>('get', paths.codePage, { searchParams: search(query) }),
  createCodes: (batch: Document) => http.request<string[]>('post', paths.codeBatch, { json: compactDocument(batch) }),
  revokeCode: (code: string) => http.request<null>('post', paths.codeRevoke(code)),
  noticePage: (query: Query) => http.request<Page<NoticePublicationItem>>('get', paths.noticePage, { searchParams: search(query) }),
  createNotice: (notice: Document) => http.request<NoticePublicationItem>('post', paths.notices, { json: notice }),
  saveNotice: (id: string, notice: Document) => http.request<NoticePublicationItem>('put', paths.notice(id), { json: notice }),
  deleteNotice: (id: string) => http.request<null>('delete', paths.notice(id)),
  publishNotice: (id: string) => http.request<NoticePublicationItem>('post', paths.noticePublish(id)),
  hotels: (query: Query = {}) => http.request<HotelItem[]>('get', paths.hotels, { searchParams: search(query) }),
  saveHotel: (id: string | null, hotel: Document) =>
    id
      ? http.request<HotelItem>('put', paths.hotel(id), { json: compactDocument(hotel) })
      : http.request<HotelItem>('post', paths.hotels, { json: compactDocument(hotel) }),
  deleteHotel: (id: string) => http.request<null>('delete', paths.hotel(id)),
  receptionists: () => http.request<ReceptionistItem[]>('get', paths.receptionists),
  saveReceptionist: (id: string | null, receptionist: Document) =>
    id
      ? http.request<ReceptionistItem>('put', paths.receptionist(id), { json: compactDocument(receptionist) })
      : http.request<ReceptionistItem>('post', paths.receptionists, { json: compactDocument(receptionist) }),
  deleteReceptionist: (id: string) => http.request<null>('delete', paths.receptionist(id)),
  /** the audited "show" of a receptionist's masked mobile */
  revealReceptionistMobile: (id: string) =>
    http.request<{ value: string }>('post', paths.receptionistReveal(id), { json: { field: 'mobile' } }),
  auditPage: (query: Query) => http.request<Page<AuditLogItem>>('get', paths.auditPage, { searchParams: search(query) }),
};
