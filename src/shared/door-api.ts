/**
 * Contract of the door: badges (PDF) for units, the check-in scan for organisers and staff, the
 * arrival figures for organisers. Bodies are the schemas of the same name in schemas/.
 */
import doorScan from '../generated/schemas/door-scan.json';
import responseDoorScan from '../generated/schemas/response-door-scan.json';
import type { ResponseDoorAbsentPage, ResponseDoorArrivals, ResponseDoorScan } from '../generated/types.js';
import { enumAt } from './schema-enums.js';

export const doorApiPaths = {
  /** GET: the PDF of every badge of the signed-in unit (approved guests coming, and their entourage) */
  unitBadges: 'qms/badge',
  /** GET: the PDF of one guest's badges (the guest and the entourage) */
  guestBadges: (id: string) => `qms/badge/guest/${id}`,
  /** GET ?door-temporary-badges-query: one PDF of the badges of approved temporary registrations (organisers) */
  temporaryBadges: 'admin/console/door/badge/temporary',
  /** POST (door-scan): checks the badge's person in once; a second scan answers when and where the first was */
  scan: 'door/scan',
  /** GET: live badges, arrivals, arrivals per hour (organisers) */
  arrivals: 'admin/console/door/arrivals',
  /** GET ?door-absent-query: people with a live badge and no check-in (organisers) */
  absent: 'admin/console/door/absent',
  /** GET ?door-absent-query: the same people as a workbook, audited (organisers) */
  exportAbsent: 'admin/console/export/door-absent',
  /** POST (door-badge-revoke): a lost badge's code is refused from then on (organisers) */
  revoke: 'admin/console/door/badge/revoke',
} as const;

export type DoorScanResult = ResponseDoorScan;
export type DoorArrivals = ResponseDoorArrivals;
export type DoorAbsentPage = ResponseDoorAbsentPage;
export type DoorScanOutcome = ResponseDoorScan['outcome'];
/** who a scanned badge is for: a unit's guest, an entourage member, or an approved temporary registration */
export type DoorPersonKind = ResponseDoorScan['kind'];
/** the scan's outcomes, first scan then repeat, as the answer schema names them */
export const [FIRST_SCAN, REPEATED_SCAN] = enumAt<DoorScanOutcome>(responseDoorScan, '/properties/outcome') as [
  DoorScanOutcome,
  DoorScanOutcome,
];
/** the scan's limits, for the check-in screen's fields */
export const doorScanLimits = {
  station: doorScan.properties.station.maxLength,
  token: doorScan.properties.token.maxLength,
};
