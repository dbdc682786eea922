/**
 * Contract of the organisers' console (issue 9), shared by the server and the client. All under
 * `admin/console/` (403 for every account but organisers). Bodies and queries are the schemas
 * of the same name in schemas/ (types in src/generated/types.ts).
 */
import type { ReviewItem } from './guest-api.js';

export const consoleApiPaths = {
  /** GET ?console-guest-query: guests of every unit (name, unit, status, code, arrival date) */
  guestSearch: 'admin/console/guest/page',
  /** GET ?console-unit-query: units to pick from (id, name, type), at most 50 */
  units: 'admin/console/unit/list',
  /** GET ?invitation-code-page-query */
  codePage: 'admin/console/invitation-code/page',
  /** POST (invitation-code-batch): the created codes */
  codeBatch: 'admin/console/invitation-code/batch',
  /** POST: revokes a code (guests already added keep it) */
  codeRevoke: (code: string) => `admin/console/invitation-code/${code}/revoke`,
  /** GET ?pageNum&pageSize: publications, newest first; POST (notice-publication): a draft */
  noticePage: 'admin/console/notice/page',
  notices: 'admin/console/notice',
  /** PUT (notice-publication): edits a draft; DELETE: deletes a draft */
  notice: (id: string) => `admin/console/notice/${id}`,
  /** POST: publishes a draft to its targets (the unread counts follow at once) */
  noticePublish: (id: string) => `admin/console/notice/${id}/publish`,
  /** GET: hotels; POST (hotel) */
  hotels: 'admin/console/hotel',
  /** PUT (hotel) / DELETE */
  hotel: (id: string) => `admin/console/hotel/${id}`,
  /** GET: receptionists; POST (receptionist) */
  receptionists: 'admin/console/receptionist',
  /** PUT (receptionist) / DELETE */
  receptionist: (id: string) => `admin/console/receptionist/${id}`,
  /** GET: .xlsx downloads */
  exportGuests: 'admin/console/export/guests',
  exportEntourage: 'admin/console/export/entourage',
  /** GET ?manifest-query */
  exportManifest: 'admin/console/export/manifest',
  exportHotels: 'admin/console/export/hotels',
  /** GET ?audit-filter-query */
  auditPage: 'admin/console/audit/page',
} as const;

export interface ConsoleGuestItem extends ReviewItem {
  guestType: string | null;
  /** YYYY-MM-DD of the arrival leg, null without itinerary */
  arrivalDate: string | null;
}

export interface UnitChoice {
  id: string;
  name: string;
  unitType: string;
}

export type CodeState = 'active' | 'revoked' | 'expired' | 'used-up';

export interface InvitationCodeItem {
  code: string;
  companyId: string | null;
  companyName: string | null;
  guestType: string | null;
  reviewRequired: boolean | null;
  /** guests added with the code */
  usedCount: number;
  maxUses: number | null;
  /** last valid day (Asia/Shanghai), null = no end */
  expiresOn: string | null;
  revokedAt: string | null;
  state: CodeState;
  note: string | null;
  createdAt: string;
}

export interface NoticePublicationItem {
  id: string;
  title: string;
  content: string;
  audiences: string[];
  unitIds: string[];
  status: 'draft' | 'published';
  createdAt: string;
  publishedAt: string | null;
  /** accounts that opened it (published only) */
  readCount: number;
}

export interface HotelItem {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
}

export interface ReceptionistItem {
  id: string;
  name: string;
  mobile: string;
  hotelId: string | null;
  hotelName: string | null;
}

export interface AuditLogItem {
  id: string;
  actorAccount: string;
  action: string;
  targetType: string;
  targetId: string;
  /** readable target (guest name, code, hotel name...), null for older entries */
  targetLabel: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  at: string;
}
