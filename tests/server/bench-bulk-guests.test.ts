/**
 * The bench's bulk seed (bench/bulk-guests.ts) stores what the services store: the same guests
 * seeded once through Guests.add and GuestSteps.saveItinerary and once in bulk, into two
 * databases with the same keys, give the same rows (the same opened documents with the same
 * fields sealed, blind indexes, masks, versions, steps, consent and its audit entry) apart from
 * what each write makes anew: ids, times and the seals' random nonces.
 */
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedEdition, type SeedResult } from '../../bench/seed-edition.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';

const GUESTS = 6;
const UNITS = 2;

/** The rows the seed wrote, with what each write makes anew replaced by its place in the seed. */
async function stored(app: FastifyInstance, seed: SeedResult): Promise<{ guests: unknown[]; audit: unknown[] }> {
  const unitIndex = new Map(
    seed.units.flatMap((unit, i) => [[unit.who.unitId, `unit ${i}`] as const, [unit.who.id, `account ${i}`] as const]),
  );
  const photoIndex = new Map(seed.units.map((unit, i) => [unit.photo, `photo of unit ${i}`]));
  const guestIndex = new Map(seed.guestIds.map((id, i) => [id, `guest ${i}`]));
  const guestRows = await app.db.selectFrom('guests').selectAll().where('id', 'in', seed.guestIds).execute();
  const guests = seed.guestIds.map((id) => {
    const { id: _id, created_at, updated_at, edition_id: _edition, document, ...row } = guestRows.find((r) => r.id === id)!;
    const raw = JSON.parse(document) as Record<string, unknown>;
    const opened = app.services.guests.protection.openJson('guest', document);
    return {
      ...row,
      unit_id: unitIndex.get(row.unit_id ?? ''),
      id_number_consent_by: row.id_number_consent_by ? unitIndex.get(row.id_number_consent_by) : row.id_number_consent_by,
      id_number_consent_at: row.id_number_consent_at === null ? null : row.id_number_consent_at === created_at,
      updatedAfterCreated: updated_at !== null && updated_at >= created_at,
      document: { ...opened, photo: photoIndex.get(String(opened.photo)) },
      sealedFields: Object.keys(raw).filter((key) => raw[key] !== opened[key]),
    };
  });
  const auditRows = await app.db.selectFrom('audit_log').selectAll().where('target_id', 'in', seed.guestIds).orderBy('at').execute();
  const audit = auditRows
    .map(({ id: _id, at: _at, edition_id: _edition, ...row }) => {
      const after = JSON.parse(row.after_value ?? 'null') as { consentAt?: string } | null;
      return {
        ...row,
        target_id: guestIndex.get(row.target_id ?? ''),
        actor_account_id: unitIndex.get(row.actor_account_id ?? ''),
        actor_account: typeof row.actor_account === 'string' && row.actor_account.startsWith('bench-unit-'),
        after_value: after ? { ...after, consentAt: typeof after.consentAt === 'string' } : null,
      };
    })
    .sort((a, b) => String(a.target_id).localeCompare(String(b.target_id)));
  return { guests, audit };
}

describeEachDatabase('bench seed: bulk guests', (kind) => {
  const services = useTestApp(kind);
  const bulk = useTestApp(kind);

  it('stores the rows the services store', async () => {
    const throughServices = await seedEdition(services.app, GUESTS, UNITS, 0, { throughServices: true });
    const inBulk = await seedEdition(bulk.app, GUESTS, UNITS, 0);
    const expected = await stored(services.app, throughServices);
    const actual = await stored(bulk.app, inBulk);
    expect(expected.guests).toHaveLength(GUESTS);
    // the seed's guests have sealed ID numbers and mobiles, and every other one an itinerary
    expect(expected.guests[0]).toMatchObject({ sealedFields: expect.arrayContaining(['idNumber', 'mobile']) as unknown });
    expect(expected.guests.filter((guest) => (guest as { itinerary: unknown }).itinerary !== null)).toHaveLength(GUESTS / 2);
    expect(expected.audit).toHaveLength(GUESTS);
    expect(actual).toEqual(expected);
  });
});
