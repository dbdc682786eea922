/**
 * The seed's guests written many at a time: the rows Guests.add writes for a unit's new guest
 * (and GuestSteps.saveItinerary for the ones with an itinerary), built with the product's own
 * sealing, blind indexes, masks, consent rule and consent audit entry, and inserted 500 rows a
 * statement, 2,000 guests a transaction. Through the services each guest cost a transaction of
 * about 13 statements, each a round trip that wakes the database (on PostgreSQL 100,000 guests
 * did not reach 10,000 in 16 minutes on two busy cores); the rows stored are the same, which
 * tests/server/bench-bulk-guests.test.ts checks against the services' rows. The services'
 * checks (ID number or mobile taken, the unit's photo) are not made: the seed's people are
 * distinct by construction. Guests with an invitation code are not supported (a code decides
 * the status and may link an account): the seed's guests have none, and a code fails loudly.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../src/server/db/database.js';
import type { GuestDocument } from '../src/server/features/guests/guests.js';
import { UNFILLED_GUEST_STEPS } from '../src/server/features/guests/guest-repository.js';
import { assertCanAddGuest } from '../src/server/features/guests/guest-gates.js';
import { maskIdNumber } from '../src/server/features/guests/id-numbers.js';
import { decideConsent } from '../src/server/features/guests/id-number-consents.js';
import { auditConsentGiven } from '../src/server/features/guests/id-number-consent-audit.js';
import { schemaUnitType } from '../src/server/auth/unit-access.js';
import { versionOf } from '../src/server/schema-versions/schema-versions.js';
import type { SignedInAccount } from '../src/server/auth/sessions.js';

export interface BulkGuest {
  who: SignedInAccount;
  body: GuestDocument;
  /** stored as if GuestSteps.saveItinerary had saved it right after the add */
  itinerary?: Record<string, unknown>;
}

const ROWS_PER_STATEMENT = 500;
const GUESTS_PER_TRANSACTION = 2_000;

/**
 * The audit entry auditConsentGiven writes, caught instead of inserted: the product builds it
 * (the actor's masked sign-in name, the consent's version and time), the bulk insert stores it.
 */
function auditEntryCatcher(): { executor: Executor; caught: Record<string, unknown>[] } {
  const caught: Record<string, unknown>[] = [];
  const executor = {
    insertInto: () => ({ values: (row: Record<string, unknown>) => ({ execute: async () => void caught.push(row) }) }),
  } as unknown as Executor;
  return { executor, caught };
}

/** Adds the guests, in order, to the current edition; answers their ids. */
export async function addGuestsInBulk(app: FastifyInstance, guests: readonly BulkGuest[]): Promise<string[]> {
  const { editions, guests: service } = app.services;
  const { protection, audit } = service;
  const edition = await editions.current();
  assertCanAddGuest(edition, service.today());
  const unitIds = [...new Set(guests.map((guest) => guest.who.unitId!))];
  const unitTypes = new Map<string, string>();
  for (let i = 0; i < unitIds.length; i += ROWS_PER_STATEMENT) {
    const rows = await app.db
      .selectFrom('units')
      .select(['id', 'unit_type'])
      .where('id', 'in', unitIds.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
    for (const row of rows) unitTypes.set(row.id, row.unit_type);
  }
  const ids: string[] = [];
  for (let start = 0; start < guests.length; start += GUESTS_PER_TRANSACTION) {
    const rows: Record<string, unknown>[] = [];
    const auditEntries = auditEntryCatcher();
    for (const { who, body, itinerary } of guests.slice(start, start + GUESTS_PER_TRANSACTION)) {
      if (body.inviteCode !== undefined || edition.inviteCodeRequired)
        throw new Error('the bulk seed adds guests without invitation codes only');
      const unitId = who.unitId!;
      const unitType = unitTypes.get(unitId);
      if (unitType === undefined) throw new Error(`unit ${unitId} not found`);
      // Guests.add's write, column for column (its basicColumns with no code: a pending guest)
      const now = editions.now().toISOString();
      const id = randomUUID();
      const hash = protection.index('idNumber', body.idNumber);
      const document = { ...body, unitType: schemaUnitType(unitType) };
      const consent = decideConsent('guest', body, hash, null, now, who.id);
      rows.push({
        id,
        edition_id: edition.id,
        account_id: null,
        unit_id: unitId,
        name: body.nameZh,
        name_en: body.nameEn ?? null,
        mobile_index: typeof body.mobile === 'string' ? protection.index('mobile', body.mobile) : null,
        email: typeof body.email === 'string' ? body.email : null,
        audit_status: 'pending',
        reject_reason: null,
        invitation_code: null,
        guest_type: null,
        id_number_hash: hash,
        id_number_masked: maskIdNumber(body.idNumber),
        document: JSON.stringify(protection.sealDocument('guest', document, edition.id)),
        schema_version: versionOf('guest'),
        ...UNFILLED_GUEST_STEPS,
        // GuestSteps.saveItinerary's write
        ...(itinerary ? { itinerary: JSON.stringify(itinerary), itinerary_version: versionOf('itinerary') } : {}),
        created_at: now,
        updated_at: now,
        ...consent.columns,
      });
      if (consent.given) {
        await auditConsentGiven(audit, auditEntries.executor, who, {
          editionId: edition.id,
          targetType: 'guest',
          targetId: id,
          targetLabel: body.nameZh,
          stored: null,
          recorded: consent.columns,
          at: now,
        });
      }
      ids.push(id);
    }
    await app.db.transaction().execute(async (trx) => {
      // only this transaction: a crash loses at most the seed, which is rerun
      if (app.config.databaseUrl !== null) await sql`set local synchronous_commit = off`.execute(trx);
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('guests')
          .values(rows.slice(i, i + ROWS_PER_STATEMENT) as never)
          .execute();
      }
      for (let i = 0; i < auditEntries.caught.length; i += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('audit_log')
          .values(auditEntries.caught.slice(i, i + ROWS_PER_STATEMENT) as never)
          .execute();
      }
    });
  }
  return ids;
}
