/**
 * Contract of temporary registration (issue 9), shared by the server and the client. SPEC names
 * the pages only; these paths are ours: `qms/temporary/*` is open (no sign-in), `admin/temporary/*`
 * is the organisers' console.
 */
import type { AuditStatus } from './guest-api.js';

export const temporaryApiPaths = {
  /** POST (body: temporary-registration schema), open; signed-in callers are recorded */
  register: 'qms/temporary/register',
  /** POST multipart (`rule` then `file`), open, rate-limited: the JPG picture (rule pictureJpg) */
  upload: 'qms/temporary/upload',
  /** GET: { open } whether /tempActRecommendInvite takes recommendations */
  recommendStatus: 'qms/temporary/recommend/status',
  /** POST (body: temporary-recommend-invite schema), open */
  recommend: 'qms/temporary/recommend',
  /** organisers: GET (temporary-page-query) */
  page: 'admin/temporary/page',
  /** organisers: POST (review-decision schema) approve, or reject with a reason */
  decide: 'admin/temporary/decide',
  /** organisers: GET the picture of a registration */
  picture: (id: string) => `admin/temporary/${id}/picture`,
  /** organisers: GET (temporary-page-query without paging) .xlsx of the matching registrations */
  export: 'admin/temporary/export',
  /** organisers: GET list / POST (temporary-code schema) create */
  codes: 'admin/temporary/codes',
  /** organisers: POST marks the code's event discarded */
  discardCode: (code: string) => `admin/temporary/codes/${code}/discard`,
  /** organisers: GET (page query) recommendations received */
  recommendations: 'admin/temporary/recommendations',
} as const;

export type TemporaryType = 'worker' | 'volunteer' | 'media';

export interface TemporaryItem {
  id: string;
  registrationType: TemporaryType;
  name: string;
  mobile: string;
  province: string;
  city: string;
  email: string | null;
  landline: string | null;
  residence: string | null;
  mediaName: string | null;
  inviteCode: string;
  eventName: string;
  attendanceMode: string;
  pictureId: string;
  status: AuditStatus;
  rejectReason: string | null;
  createdAt: string;
}

export interface TemporaryCodeItem {
  code: string;
  registrationType: TemporaryType | null;
  eventName: string | null;
  attendanceMode: string | null;
  eventDiscarded: boolean;
  used: number;
  createdAt: string;
}

export interface TemporaryReceipt {
  id: string;
  status: AuditStatus;
  eventName: string;
  attendanceMode: string;
}

export interface RecommendationItem {
  id: string;
  document: Record<string, unknown>;
  createdAt: string;
}
