/**
 * The draft's stored-records diff as the console gets it (read in pages, tallied as it goes, kept
 * while nothing is committed) against the plain way: every guest row of the edition read at once
 * and each checked with upgradeDocument. Same counts, same fields, same records; a new save is
 * counted at once; the server answers other requests while a diff runs.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER } from './guests-harness.js';
import {
  formVersionsApiPaths as paths,
  type FormDocument,
  type FormSummary,
  type FormVersionDetail,
  type StoredRecordsDiff,
  type StoredRecordsFieldCount,
} from '../../src/shared/form-versions-api.js';
import { upgradeDocument } from '../../src/server/schema-versions/document-upgrade.js';
import { publishedSchema } from '../../src/server/schema-versions/schema-versions.js';
import { FormDrafts } from '../../src/server/features/forms/form-drafts.js';
import { RepositoryForms } from '../../src/server/features/forms/repository-forms.js';
import { systemClock } from '../../src/server/clock.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are walked by hand here
type Json = Record<string, any>;

const GUESTS = 24;

/** The live guest form with one more optional field and Chinese names of at most two characters. */
function draftOf(live: FormDocument, maxLength: number): FormDocument {
  const document = structuredClone(live);
  const properties = document.schema.properties as Json;
  properties.badgeTitle = { type: 'string', minLength: 1, maxLength: 20, 'x-i18n': 'schema.fields.badgeTitle' };
  // the house rule: a limit added to a reference wraps it
  const { $ref, ...annotations } = properties.nameZh as Json;
  properties.nameZh = $ref ? { ...annotations, allOf: [{ $ref }], maxLength } : { ...annotations, maxLength };
  document.labels['zh-CN']['schema.fields.badgeTitle'] = '胸卡头衔';
  document.labels.en['schema.fields.badgeTitle'] = 'Badge title';
  return document;
}

describeEachDatabase('the stored-records diff of a draft', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  /** The plain diff: every row at once, each record upgraded as a whole. */
  async function plainDiff(document: FormDocument): Promise<Omit<StoredRecordsDiff, 'tookMs'>> {
    const drafts = t.app.services.forms.drafts;
    const compiled = await drafts.compile('guest', document);
    const edition = await t.app.services.editions.current();
    const rows = await sql<{ id: string; document: string; schema_version: number | string }>`select id, document, schema_version
      from guests where document is not null and edition_id = ${edition.id} order by id`.execute(t.app.db);
    const fields = new Map<string, StoredRecordsFieldCount>();
    const field = (pointer: string, label?: string) => {
      const known = fields.get(pointer) ?? { pointer, ...(label ? { label } : {}), dropped: 0, rejected: 0 };
      fields.set(pointer, known);
      return known;
    };
    const records: StoredRecordsDiff['records'] = [];
    for (const row of rows.rows) {
      const opened = t.app.services.protection.openDocument('guest', JSON.parse(row.document) as Json);
      const upgrade = upgradeDocument(opened, Number(row.schema_version), {
        name: 'guest',
        version: Number(document.schema['x-version']),
        validate: compiled.validate,
        schema: compiled.bundled,
        published: (stored) => publishedSchema('guest', stored),
      });
      if (upgrade.dropped.length === 0 && upgrade.problems.length === 0) continue;
      for (const dropped of upgrade.dropped) field(dropped.pointer, dropped.label).dropped += 1;
      for (const pointer of new Set(upgrade.problems.map((p) => p.pointer)))
        field(pointer, upgrade.problems.find((p) => p.pointer === pointer)?.label).rejected += 1;
      records.push({
        kind: 'guest',
        id: row.id,
        storedVersion: Number(row.schema_version),
        dropped: upgrade.dropped.map(({ pointer, label }) => ({ pointer, ...(label ? { label } : {}) })),
        problems: upgrade.problems.map(({ pointer, key, params, label }) => ({ pointer, key, params, ...(label ? { label } : {}) })),
      });
    }
    return {
      checked: rows.rows.length,
      affected: records.length,
      fields: [...fields.values()].sort((a, b) => b.dropped + b.rejected - (a.dropped + a.rejected) || a.pointer.localeCompare(b.pointer)),
      records,
    };
  }

  async function liveGuestForm(organiser: Awaited<ReturnType<typeof caller>>): Promise<FormVersionDetail> {
    const summary = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((f) => f.name === 'guest')!;
    return (await organiser.get<FormVersionDetail>(paths.formVersion('guest', summary.live!.version))).body.data;
  }

  it('counts what the plain diff counts, per field and record; a new save and a changed draft are counted at once', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const guestsBefore = (await plainDiff((await liveGuestForm(organiser)).document)).checked;
    const ids: string[] = [];
    for (let n = 0; n < GUESTS; n += 1)
      ids.push(
        (
          await addGuest(unit, t, ENTERPRISE, 100 + n, {
            nameZh: n % 3 === 0 ? '王明' : '王小明',
            ...(n % 4 === 0 ? { rank: '处长' } : {}),
          })
        ).id,
      );
    // two records from an older version: a field no version has now (dropped, its label unknown)
    const some = await t.app.db.selectFrom('guests').select(['id', 'document']).where('id', 'in', ids.slice(0, 2)).execute();
    for (const row of some)
      await t.app.db
        .updateTable('guests')
        .set({ document: JSON.stringify({ ...(JSON.parse(row.document) as Json), legacyNote: 'from 2025' }) })
        .where('id', '=', row.id)
        .execute();

    const live = await liveGuestForm(organiser);
    const document = draftOf(live.document, 2);
    expect((await organiser.put(paths.formDraft('guest'), { baseRevision: null, document })).status).toBe(200);
    const stored = (await organiser.get<StoredRecordsDiff>(`${paths.formDraftStoredRecords('guest')}?limit=1000`)).body.data;
    const plain = await plainDiff((await organiser.get<FormVersionDetail>(paths.formDraft('guest'))).body.data.document);
    const { tookMs: _took, ...counted } = stored;
    expect(counted).toEqual(plain);
    // the names of three characters, and the two older records
    expect(plain.checked).toBe(guestsBefore + GUESTS);
    const threeCharacters = GUESTS - Math.ceil(GUESTS / 3);
    expect(plain.affected).toBeGreaterThanOrEqual(threeCharacters + 1);
    expect(plain.fields).toContainEqual(expect.objectContaining({ pointer: '/legacyNote', dropped: 2 }));
    expect(plain.fields.find((field) => field.pointer === '/nameZh')?.rejected).toBeGreaterThanOrEqual(threeCharacters);
    // ?limit lists fewer, the counts stay
    const limited = (await organiser.get<StoredRecordsDiff>(`${paths.formDraftStoredRecords('guest')}?limit=3`)).body.data;
    expect(limited.records).toEqual(plain.records.slice(0, 3));
    expect(limited.affected).toBe(plain.affected);

    // a guest saved since the organiser looked: the recount sees it, the publish of the old count is refused
    await addGuest(unit, t, ENTERPRISE, 100 + GUESTS, { nameZh: '李小龙' });
    const after = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('guest'))).body.data;
    expect(after.affected).toBe(plain.affected + 1);
    expect(after.checked).toBe(guestsBefore + GUESTS + 1);
    const stale = await organiser.post(paths.formDraftPublish('guest'), { confirmedAffected: plain.affected });
    expect(stale.status).toBe(409);
    expect((stale.body.data as { affected: number }).affected).toBe(after.affected);

    // the draft changed (names of three characters allowed): counted anew
    const draft = (await organiser.get<FormVersionDetail>(paths.formDraft('guest'))).body.data;
    expect(
      (await organiser.put(paths.formDraft('guest'), { baseRevision: draft.revision, document: draftOf(live.document, 3) })).status,
    ).toBe(200);
    const loosened = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('guest'))).body.data;
    expect(loosened.affected).toBeGreaterThanOrEqual(2);
    expect(loosened).toMatchObject({ affected: (await plainDiff(draftOf(live.document, 3))).affected });
    const published = await organiser.post(paths.formDraftPublish('guest'), { confirmedAffected: loosened.affected });
    expect(published.status).toBe(200);
  });

  it('answers other requests while a diff runs (the event loop turns between pages)', async () => {
    const organiser = await caller(t, ORGANISER);
    const live = await liveGuestForm(organiser);
    const { services } = t.app;
    // pages of three rows: the guests of the test above make some ten of them
    const drafts = new FormDrafts(
      t.app.db,
      new RepositoryForms(fileURLToPath(new URL('../../', import.meta.url))),
      services.editions,
      services.protection,
      systemClock,
      3,
    );
    const document = draftOf(live.document, 2);
    await drafts.compile('guest', document);
    let diffDone = false;
    const diff = drafts.storedRecords('guest', document, 0).then((result) => {
      diffDone = true;
      return result;
    });
    const answer = await t.app.inject({ method: 'GET', url: `/exhibition/${paths.liveVersions}` });
    expect(answer.statusCode).toBe(200);
    expect(diffDone).toBe(false);
    expect((await diff).checked).toBeGreaterThan(GUESTS);
  });
});
