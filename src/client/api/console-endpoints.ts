import { API_BASE } from '../../shared/api-paths';
import type { Page } from '../../shared/api-types';
import {
  consoleApiPaths as paths,
  type AuditLogItem,
  type ConsoleGuestItem,
  type HotelItem,
  type InvitationCodeItem,
  type NoticePublicationItem,
  type ReceptionistItem,
  type UnitChoice,
} from '../../shared/console-api';
import { getSession } from '../session/session-store';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

type Document = Record<string, unknown>;
type Query = Record<string, string | number | undefined>;

const search = (query: Query) => compactDocument(query) as Record<string, string | number>;

/** Typed calls of the organisers' console (src/shared/console-api.ts). */
export const consoleApi = {
  guestSearch: (query: Query) => http.request<Page<ConsoleGuestItem>>('get', paths.guestSearch, { searchParams: search(query) }),
  units: (name?: string) => http.request<UnitChoice[]>('get', paths.units, { searchParams: search({ name }) }),
  codePage: (query: Query) => http.request<Page<InvitationCodeItem>>('get', paths.codePage, { searchParams: search(query) }),
  createCodes: (batch: Document) => http.request<string[]>('post', paths.codeBatch, { json: compactDocument(batch) }),
  revokeCode: (code: string) => http.request<null>('post', paths.codeRevoke(code)),
  noticePage: (pageNum: number, pageSize: number) =>
    http.request<Page<NoticePublicationItem>>('get', paths.noticePage, { searchParams: { pageNum, pageSize } }),
  createNotice: (notice: Document) => http.request<NoticePublicationItem>('post', paths.notices, { json: notice }),
  saveNotice: (id: string, notice: Document) => http.request<NoticePublicationItem>('put', paths.notice(id), { json: notice }),
  deleteNotice: (id: string) => http.request<null>('delete', paths.notice(id)),
  publishNotice: (id: string) => http.request<NoticePublicationItem>('post', paths.noticePublish(id)),
  hotels: () => http.request<HotelItem[]>('get', paths.hotels),
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

/**
 * Downloads a workbook: the route needs the bearer header, so the file is fetched and handed to
 * the browser as a blob link. Returns false when the server refused (its message is in the envelope).
 */
/** The file name the server chose (RFC 6266 `filename*`, else `filename`), or null. */
export function fileNameOfDisposition(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name falls back to the plain one
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Downloads a workbook under the name the server gave it (what and when, in the caller's
 * language: `活动名单-<activity>-<date>.xlsx`); `fileName` is only the fallback.
 */
export async function downloadExport(path: string, query: Query, fileName: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const url = new URL(`${API_BASE}/${path}`, window.location.origin);
  for (const [name, value] of Object.entries(search(query))) url.searchParams.set(name, String(value));
  // the session cookie goes with it (same origin)
  const response = await fetch(url, { headers: { 'accept-language': getSession().language }, credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    return { ok: false, message: body?.msg ?? response.statusText };
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOfDisposition(response.headers.get('content-disposition')) ?? `${fileName}.xlsx`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return { ok: true };
}
