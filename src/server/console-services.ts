import type { Db } from './db/database.js';
import type { DataProtection } from './security/data-protection.js';
import { ConsoleExports } from './exports/console-exports.js';
import type { Audit } from './audit/audit.js';
import { CodesAdmin } from './features/invitations/codes-admin.js';
import { ConsoleGuests } from './features/guests/console-guests.js';
import type { Editions } from './features/edition/editions.js';
import { Hotels } from './features/reception/hotels.js';
import { ListTotals } from './db/list-totals.js';
import { NoticesAdmin } from './features/notices/notices-admin.js';

/** The organisers' console: one entry in Services, so the shared files change by a line. */
export interface ConsoleServices {
  guests: ConsoleGuests;
  codes: CodesAdmin;
  notices: NoticesAdmin;
  hotels: Hotels;
  exports: ConsoleExports;
  audit: Audit;
}

export function createConsoleServices(
  db: Db,
  editions: Editions,
  audit: Audit,
  postgres: boolean,
  protection: DataProtection,
  listTotalCacheMs = 0,
): ConsoleServices {
  return {
    guests: new ConsoleGuests(db, editions, postgres, new ListTotals(listTotalCacheMs)),
    codes: new CodesAdmin(db, editions, audit),
    notices: new NoticesAdmin(db, editions, audit),
    hotels: new Hotels(db, editions, audit, protection),
    exports: new ConsoleExports(db, postgres, protection),
    audit,
  };
}
