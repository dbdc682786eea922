import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/0001-initial.js';
import { sealedPersonalData } from './migrations/0017-sealed-personal-data.js';
import * as idNumberConsent from './migrations/0018-id-number-consent.js';
import { sealedAccountNames } from './migrations/0019-sealed-account-names.js';
import { sealedReceptionistMobiles } from './migrations/0020-sealed-receptionist-mobiles.js';
import * as consentAccount from './migrations/0021-consent-account.js';
import { sealedReceptionPhones } from './migrations/0022-sealed-reception-phones.js';
import * as arrivalDayColumn from './migrations/0023-arrival-day-column.js';
import * as unitStubAccount from './migrations/0024-unit-stub-account.js';
import * as invitationCodesInCapitals from './migrations/0025-invitation-codes-in-capitals.js';
import * as guestNameSuffixes from './migrations/0026-guest-name-suffixes.js';
import * as entourageListingIndex from './migrations/0027-entourage-listing-index.js';
import * as badgesAndCheckIns from './migrations/0030-badges-and-check-ins.js';
import { sealedUploadNames } from './migrations/0031-sealed-upload-names.js';
import { sealedInviteeMobiles } from './migrations/0032-sealed-invitee-mobiles.js';
import * as noticeTextKeys from './migrations/0033-notice-text-keys.js';
import * as messages from './migrations/0034-messages.js';
import * as listSortIndexes from './migrations/0035-list-sort-indexes.js';
import * as formVersions from './migrations/0036-form-versions.js';
import * as temporaryBadges from './migrations/0037-temporary-badges.js';
import type { DataProtection } from '../security/data-protection.js';
import { withSchemaScopedIntrospection } from './schema-scoped.js';

/**
 * Migrations are TS modules listed here; the Migrator runs them in the order of their names (the
 * numbers), whatever the order of this list, and the same set runs on SQLite and PostgreSQL.
 * A migration imports only shared infrastructure (db/, security/, src/shared, src/generated), never
 * live feature code: it must keep doing what it did when written, whatever the features become.
 */
const staticMigrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-uploads': await import('./migrations/0002-uploads.js'),
  '0003-guests': await import('./migrations/0003-guests.js'),
  '0004-epidemic': await import('./migrations/0004-epidemic.js'),
  '0005-entourage-travel': await import('./migrations/0005-entourage-travel.js'),
  '0006-activities': await import('./migrations/0006-activities.js'),
  '0007-good-wishes': await import('./migrations/0007-good-wishes.js'),
  '0008-temporary': await import('./migrations/0008-temporary.js'),
  '0009-console': await import('./migrations/0009-console.js'),
  '0010-content': await import('./migrations/0010-content.js'),
  '0011-sign-in-failures': await import('./migrations/0011-sign-in-failures.js'),
  '0012-hot-query-indexes': await import('./migrations/0012-hot-query-indexes.js'),
  '0014-upload-journal': await import('./migrations/0014-upload-journal.js'),
  '0016-scheduled-jobs': await import('./migrations/0016-scheduled-jobs.js'),
};

/** The full list; 0017, 0019, 0020, 0022, 0031 and 0032 seal existing personal data, so they are built with the server's keys. */
export function migrationsWith(protection: DataProtection): Record<string, Migration> {
  return {
    ...staticMigrations,
    '0017-sealed-personal-data': sealedPersonalData(protection),
    '0018-id-number-consent': idNumberConsent,
    '0019-sealed-account-names': sealedAccountNames(protection),
    '0020-sealed-receptionist-mobiles': sealedReceptionistMobiles(protection),
    '0021-consent-account': consentAccount,
    '0022-sealed-reception-phones': sealedReceptionPhones(protection),
    '0023-arrival-day-column': arrivalDayColumn,
    '0024-unit-stub-account': unitStubAccount,
    '0025-invitation-codes-in-capitals': invitationCodesInCapitals,
    '0026-guest-name-suffixes': guestNameSuffixes,
    '0027-entourage-listing-index': entourageListingIndex,
    '0030-badges-and-check-ins': badgesAndCheckIns,
    '0031-sealed-upload-names': sealedUploadNames(protection),
    '0032-sealed-invitee-mobiles': sealedInviteeMobiles(protection),
    '0033-notice-text-keys': noticeTextKeys,
    '0034-messages': messages,
    '0035-list-sort-indexes': listSortIndexes,
    '0036-form-versions': formVersions,
    '0037-temporary-badges': temporaryBadges,
  };
}

/**
 * The migrator of the app's migrations. `schema` names the PostgreSQL schema to keep the
 * migration tables in. Without it Kysely looks for them in every schema and may find another
 * run's (tests run side by side in schemas); with it, only that schema is introspected.
 */
export function migratorFor(db: Db, schema: string | null, protection: DataProtection): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsWith(protection) };
  return new Migrator(
    schema ? { db: withSchemaScopedIntrospection(db, schema), provider, migrationTableSchema: schema } : { db, provider },
  );
}

export async function migrateToLatest(db: Db, schema: string | null, protection: DataProtection): Promise<void> {
  const { error, results } = await migratorFor(db, schema, protection).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}
