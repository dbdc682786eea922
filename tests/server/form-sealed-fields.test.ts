/**
 * Personal data an organiser adds in the console is sealed and masked like the build's: a field
 * given the catalogue's mobile pattern carries `x-sensitive: "mobile"` (the editor sets it), and
 * once published its values are sealed in the database, masked in every default answer and in
 * the export without contact data, and shown whole only by the audited "show". Before, sealing
 * and masking read the build's marks only and the console refused the mark, so such a field was
 * stored and answered in clear.
 */
import { expect, it } from 'vitest';
import {
  formVersionsApiPaths as paths,
  type FormCheckResult,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type FormVersionEntry,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import type { GuestDetail } from '../../src/shared/guest-api.js';
import { guestBody } from './helpers/guest-body.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, ORGANISER, residentId, uploadedFile, type Caller } from './guests-harness.js';
import { workbookRows } from './helpers/list-pages.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are edited by hand here
type Json = Record<string, any>;

const FIELD = 'assistantMobile';
const MOBILE = '13700137000';
const MASKED = '137****7000';

/** The live guest version's document with one more field `name` described by `property`. */
async function withField(organiser: Caller, name: string, property: Json) {
  const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((entry) => entry.name === 'guest')!.live!;
  const document = structuredClone((await organiser.get<FormVersionDetail>(paths.formVersion('guest', live.version))).body.data.document);
  (document.schema as Json).properties[name] = { ...property, 'x-i18n': `schema.fields.${name}` };
  for (const uiSchema of Object.values(document.uiSchemas) as Json[]) {
    const order = uiSchema['ui:order'] as string[] | undefined;
    order?.splice(order.indexOf('*') < 0 ? order.length : order.indexOf('*'), 0, name);
  }
  document.labels['zh-CN'][`schema.fields.${name}`] = '助理手机';
  document.labels.en[`schema.fields.${name}`] = 'Assistant mobile';
  return document;
}

/** A short text with the mobile pattern, as the console's editor writes it. */
const mobileField = (mark: boolean): Json => ({
  type: 'string',
  maxLength: 15,
  format: 'mobile',
  'x-messages': { format: 'validation.mobile', maxLength: 'validation.mobile' },
  ...(mark ? { 'x-sensitive': 'mobile' } : {}),
});

async function publish(organiser: Caller, document: unknown, baseRevision: number | null = null): Promise<void> {
  const saved = await organiser.put(paths.formDraft('guest'), { baseRevision, document });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('guest'))).body.data;
  const published = await organiser.post<FormPublished>(paths.formDraftPublish('guest'), { confirmedAffected: diff.affected });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}

describeEachDatabase('a mobile field added in the console is sealed at rest and masked', (kind) => {
  const t = useTestApp(kind);

  it('seals the value in the row, masks it in answers and the export, shows it whole only by the audited show', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    // a guest saved under the version before: it still opens after the publish
    const older = await addGuest(unit, t, ENTERPRISE, 951);
    await publish(organiser, await withField(organiser, FIELD, mobileField(true)));

    const saved = await unit.post<{ id: string }>(
      'qms/guest',
      guestBody(residentId(952), await uploadedFile(t, ENTERPRISE), { [FIELD]: MOBILE }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;

    const row = await t.app.db.selectFrom('guests').select('document').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.document).not.toContain(MOBILE);
    expect(String((JSON.parse(row.document) as Json)[FIELD])).toMatch(/^v1:/);

    const own = (await unit.get<GuestDetail>(`qms/guest/${id}`)).body.data;
    expect(own.document[FIELD as keyof typeof own.document]).toBe(MASKED);
    const full = (await organiser.get<GuestDetail>(`admin/guest/${id}`)).body.data;
    expect(full.document[FIELD as keyof typeof full.document]).toBe(MASKED);
    expect(JSON.stringify([own, full])).not.toContain(MOBILE);
    expect((await unit.get<GuestDetail>(`qms/guest/${older.id}`)).status).toBe(200);
    // a save that sends the mask back keeps the stored value
    expect((await unit.put(`qms/guest/${id}`, { ...own.document, position: '副总裁' })).status).toBe(200);

    const before = await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'personal-data.reveal').execute();
    const shown = await organiser.post<{ value: string }>(`admin/guest/${id}/reveal`, { field: 'mobile', pointer: `/${FIELD}` });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.value).toBe(MOBILE);
    const entries = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'personal-data.reveal')
      .where('target_id', '=', id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(MOBILE);
    expect(before.length + 1).toBe(
      (await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'personal-data.reveal').execute()).length,
    );

    const exported = await t.app.inject({
      method: 'GET',
      url: '/exhibition/admin/console/export/guests',
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en' },
    });
    const sheet = await workbookRows(exported.rawPayload);
    const column = sheet[0]!.indexOf('Assistant mobile');
    expect(column).toBeGreaterThanOrEqual(0);
    const cells = sheet.slice(1).map((cells) => cells[column]);
    expect(cells).toContain(MASKED);
    expect(sheet.flat()).not.toContain(MOBILE);
  });

  it('refuses a new mobile field without the mark, and a mark on a field that holds clear values', async () => {
    const organiser = await caller(t, ORGANISER);
    const check = async (document: unknown) =>
      (await organiser.post<FormCheckResult>(paths.formDraftCheck('guest'), { document })).body.data.problems;

    expect(await check(await withField(organiser, 'deputyMobile', mobileField(false)))).toContainEqual({
      pointer: '/schema/properties/deputyMobile',
      message: expect.stringMatching(/needs x-sensitive "mobile"/),
    });
    expect(await check(await withField(organiser, 'deputyMobile', mobileField(true)))).toEqual([]);

    // a field a published version stored in clear (as the console made them before) is never marked later
    await publish(organiser, await withField(organiser, 'oldPhone', { type: 'string', maxLength: 20 }));
    const marked = await withField(organiser, 'oldPhone', { type: 'string', maxLength: 20, 'x-sensitive': 'mobile' });
    expect(await check(marked)).toContainEqual({
      pointer: '/schema/properties/oldPhone',
      message: expect.stringMatching(/x-sensitive "mobile" cannot be added to a field an earlier version has/),
    });
    // a draft may be saved unfinished; its publish is refused, naming the field
    const draft = await organiser.put<FormVersionEntry>(paths.formDraft('guest'), { baseRevision: null, document: marked });
    expect(draft.status).toBe(200);
    const refused = await organiser.post(paths.formDraftPublish('guest'), { confirmedAffected: 0 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('/schema/properties/oldPhone');

    // and a sealed field keeps its mark
    await publish(organiser, await withField(organiser, FIELD, mobileField(true)), draft.body.data.revision);
    const unmarked = await withField(organiser, FIELD, mobileField(false));
    expect(await check(unmarked)).toContainEqual({
      pointer: `/schema/properties/${FIELD}`,
      message: expect.stringMatching(/x-sensitive "mobile" cannot be removed/),
    });
  });
});
