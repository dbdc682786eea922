/**
 * Contract of the organisers' console, shared by the server and the client. All under
 * `admin/console/` (403 for every account but organisers). Bodies and queries are the schemas
 * of the same name in schemas/ (types in src/generated/types.ts).
 */
import manifestQuery from '../generated/schemas/manifest-query.json';
import type {
  ManifestQuery,
  ResponseCodePage,
  ResponseConsoleAuditPage,
  ResponseConsoleDashboard,
  ResponseConsoleGuestPage,
  ResponseHotel,
  ResponseNoticePublication,
  ResponseReceptionist,
  ResponseUnitChoices,
  ResponseUnitPage,
} from '../generated/types.js';
import { enumAt } from './schema-enums.js';

export const consoleApiPaths = {
  /** GET ?console-guest-query: guests of every unit (name, unit, status, code, arrival date) */
  guestSearch: 'admin/console/guest/page',
  /** GET ?console-unit-query: units to pick from (id, name, type), at most 50 */
  units: 'admin/console/unit/list',
  /** GET ?unit-page-query: the units with their guests' counts (the organisers' units list) */
  unitPage: 'admin/console/unit/page',
  /** GET ?invitation-code-page-query */
  codePage: 'admin/console/invitation-code/page',
  /** POST (invitation-code-batch): the created codes */
  codeBatch: 'admin/console/invitation-code/batch',
  /** POST: revokes a code (guests already added keep it) */
  codeRevoke: (code: string) => `admin/console/invitation-code/${code}/revoke`,
  /** GET ?notice-publication-query: publications, newest first or sorted; POST (notice-publication): a draft */
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
  /** POST (body: personal-data-reveal schema): the full mobile of a receptionist of the current edition (organisers, audited) */
  receptionistReveal: (id: string) => `admin/console/receptionist/${id}/reveal`,
  /** GET: .xlsx downloads */
  exportGuests: 'admin/console/export/guests',
  exportEntourage: 'admin/console/export/entourage',
  /** GET ?manifest-query */
  exportManifest: 'admin/console/export/manifest',
  exportHotels: 'admin/console/export/hotels',
  /** the guest search's and the review queue's result, by their own query (filters, sort, order) */
  exportGuestSearch: 'admin/console/export/guest-search',
  exportReviewQueue: 'admin/console/export/review-queue',
  /** the organisers' notices, hotels, good wishes and audit log, by their lists' own queries (filters, sort, order) */
  exportNotices: 'admin/console/export/notices',
  exportHotelList: 'admin/console/export/hotel-list',
  /** GET: the receptionists as their list shows them (.xlsx, mobiles masked, audited) */
  exportReceptionists: 'admin/console/export/receptionists',
  exportWishes: 'admin/console/export/wishes',
  exportAuditLog: 'admin/console/export/audit-log',
  /** the invitation codes, by their list's own query (code, company, state, sort, order) */
  exportInvitationCodes: 'admin/console/export/invitation-codes',
  /** the organisers' activities, by their list's own query (category, status, name, sort, order) */
  exportActivities: 'admin/console/export/activities',
  /** the units with their guests' counts, by their list's own query (name, type, sort, order) */
  exportUnits: 'admin/console/export/units',
  /** GET: every unit's vehicles or unofficial-activity guests (.xlsx) */
  exportUnitRecords: (kind: 'vehicle' | 'unofficial-guest') => `admin/console/export/${kind}`,
  /** GET (the list's query, no page): the historical guests or investment projects the list shows, as an .xlsx (organisers) */
  exportCatalogue: (kind: 'historical-guest' | 'investment-project') => `admin/console/export/${kind}`,
  /** GET (the list's query, no page): the downloads the list shows, as an .xlsx (organisers) */
  exportDownloads: 'admin/console/export/downloads',
  /** GET ?audit-filter-query */
  auditPage: 'admin/console/audit/page',
  /** GET: the figures of the organisers' dashboard (response-console-dashboard) */
  dashboard: 'admin/console/dashboard',
} as const;

/** Answer shapes: the schemas in schemas/response-*.json (and definitions.json), generated into src/generated/types.ts. */
export type ConsoleGuestItem = ResponseConsoleGuestPage['records'][number];
export type UnitChoice = ResponseUnitChoices[number];
export type UnitListItem = ResponseUnitPage['records'][number];
export type InvitationCodeItem = ResponseCodePage['records'][number];
export type CodeState = InvitationCodeItem['state'];
export type NoticePublicationItem = ResponseNoticePublication;
export type HotelItem = ResponseHotel;
export type ReceptionistItem = ResponseReceptionist;
export type AuditLogItem = ResponseConsoleAuditPage['records'][number];
export type ConsoleDashboard = ResponseConsoleDashboard;

/** Arrivals or departures (GET ?manifest-query), the values of the schema. */
export type ManifestDirection = ManifestQuery['direction'];
export const manifestDirections = enumAt<ManifestDirection>(manifestQuery, '/properties/direction');
