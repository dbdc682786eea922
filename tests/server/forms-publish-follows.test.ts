/**
 * What follows a publish in the console (issue 28), without a restart: an organiser publishes a
 * guest version with a new required single-choice field, labelled in both languages only in the
 * version's row. Then the guests workbook has the field as a column headed by its label in the
 * caller's language, a cell reads the chosen option's label; the OpenAPI document names the
 * field in the bodies of the guest's save routes (and is the build's document, byte for byte,
 * before any publish); the organiser's guest record holds the field, and an older record opens
 * flagged on it with its label.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, ORGANISER, type Caller } from './guests-harness.js';
import {
  formVersionsApiPaths as paths,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import type { GuestDetail } from '../../src/shared/guest-api.js';
import type { RecordUpgradeData } from '../../src/shared/record-upgrade-api.js';
import { wishApiPaths } from '../../src/shared/wish-api.js';
import { workbookRows } from './helpers/list-pages.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are edited by hand here
type Json = Record<string, any>;

const LABEL = { 'zh-CN': '饮食要求', en: 'Dietary need' } as const;
const VEGETARIAN = { 'zh-CN': '素食', en: 'Vegetarian' } as const;
const OPTIONS = ['none', 'vegetarian', 'halal', 'other'];
const OPTION_TEXTS: Record<string, { 'zh-CN': string; en: string }> = {
  none: { 'zh-CN': '无', en: 'None' },
  vegetarian: VEGETARIAN,
  halal: { 'zh-CN': '清真', en: 'Halal' },
  other: { 'zh-CN': '其他', en: 'Other' },
};

/** The live guest version with `dietaryNeed`: a required single choice of four options, labelled in both languages. */
function withDietaryNeed(live: FormVersionDetail): FormVersionDetail['document'] {
  const document = structuredClone(live.document);
  const schema = document.schema as Json;
  schema.properties.dietaryNeed = {
    type: 'string',
    enum: OPTIONS,
    'x-enum-i18n': OPTIONS.map((option) => `schema.enums.dietaryNeed.${option}`),
    'x-i18n': 'schema.fields.dietaryNeed',
  };
  schema.required = [...(schema.required as string[]), 'dietaryNeed'];
  const order = (document.uiSchemas.guest as Json)['ui:order'] as string[];
  order.splice(order.indexOf('*'), 0, 'dietaryNeed');
  for (const language of ['zh-CN', 'en'] as const) {
    document.labels[language]['schema.fields.dietaryNeed'] = LABEL[language];
    for (const option of OPTIONS) document.labels[language][`schema.enums.dietaryNeed.${option}`] = OPTION_TEXTS[option]![language];
  }
  return document;
}

async function publishGuestVersion(organiser: Caller): Promise<number> {
  const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((form) => form.name === 'guest')!.live!;
  const detail = (await organiser.get<FormVersionDetail>(paths.formVersion('guest', live.version))).body.data;
  const saved = await organiser.put(paths.formDraft('guest'), { baseRevision: null, document: withDietaryNeed(detail) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('guest'))).body.data;
  const published = await organiser.post<FormPublished>(paths.formDraftPublish('guest'), { confirmedAffected: diff.affected });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return published.body.data.version;
}

describeEachDatabase('a published form version is followed by the exports, the OpenAPI document and the guest record', (kind) => {
  const t = useTestApp(kind);
  const openApi = async () => (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).body;
  const guestBodies = (doc: Json) => [
    doc.paths['/exhibition/qms/guest'].post.requestBody.content['application/json'].schema,
    doc.paths['/exhibition/qms/guest/{id}'].put.requestBody.content['application/json'].schema,
    doc.paths['/exhibition/admin/guest/{id}/upgrade-fix'].put.requestBody.content['application/json'].schema,
  ];

  let oldGuestId = '';
  let newGuestId = '';
  let version = 0;

  it('serves the build document byte for byte while nothing beyond the build is published', async () => {
    const body = await openApi();
    expect(body).toBe(JSON.stringify(t.app.swagger()));
    for (const schema of guestBodies(JSON.parse(body) as Json)) expect(schema.properties).not.toHaveProperty('dietaryNeed');
    const ent = await caller(t, ENTERPRISE);
    oldGuestId = (await addGuest(ent, t, ENTERPRISE, 811, { nameZh: '钱旧版' })).id;
  });

  it('publishes a guest version with a required choice: saves need it at once', async () => {
    version = await publishGuestVersion(await caller(t, ORGANISER));
    const ent = await caller(t, ENTERPRISE);
    await expect(addGuest(ent, t, ENTERPRISE, 812, { nameZh: '孙缺项' })).rejects.toThrow(/dietaryNeed/);
    newGuestId = (await addGuest(ent, t, ENTERPRISE, 813, { nameZh: '李新版', dietaryNeed: 'vegetarian' })).id;
  });

  it('has the new field as a column of the guests workbook, headed and read in both languages', async () => {
    const organiser = await caller(t, ORGANISER);
    for (const language of ['zh-CN', 'en'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/exhibition/admin/console/export/guests',
        headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      const [headers, ...rows] = await workbookRows(response.rawPayload);
      const column = headers!.indexOf(LABEL[language]);
      expect(column, `${language} headers: ${headers!.join(' | ')}`).toBeGreaterThanOrEqual(0);
      expect(rows.find((row) => row.includes('李新版'))?.[column]).toBe(VEGETARIAN[language]);
      // the older guest has no value: an empty cell (a row's trailing empty cells are not in its values)
      expect(rows.find((row) => row.includes('钱旧版'))?.[column] ?? '').toBe('');
    }
  });

  it('names the new field in the OpenAPI document: the guest save bodies require it, every reference resolves', async () => {
    const body = await openApi();
    const doc = JSON.parse(body) as Json;
    for (const schema of guestBodies(doc)) {
      expect(schema.properties.dietaryNeed).toMatchObject({ type: 'string', enum: OPTIONS });
      expect(schema.required).toContain('dietaryNeed');
    }
    // the other forms' bodies stay the build's
    const wish = doc.paths['/exhibition/qms/wish/mine'].put.requestBody.content['application/json'].schema;
    expect(wish).toEqual(
      JSON.parse(JSON.stringify(t.app.swagger())).paths['/exhibition/qms/wish/mine'].put.requestBody.content['application/json'].schema,
    );
    for (const match of body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]*)"/g))
      expect(doc.components.schemas).toHaveProperty([match[1]!]);
    // the docs page reads the same document
    expect((await t.app.inject({ method: 'GET', url: '/exhibition/docs/json' })).json()).toEqual(doc);
  });

  it("shows the field in the organiser's guest record, and flags it with its label on an older record", async () => {
    const organiser = await caller(t, ORGANISER);
    const record = await organiser.get<GuestDetail>(`admin/guest/${newGuestId}`);
    expect(record.status).toBe(200);
    expect(record.body.data.document.dietaryNeed).toBe('vegetarian');
    expect(record.body.data.schemaVersion).toBe(version);
    const old = await organiser.get<RecordUpgradeData>(`admin/record-upgrade/guest/${oldGuestId}`);
    expect(old.body.data.toVersion).toBe(version);
    expect(old.body.data.problems).toContainEqual(expect.objectContaining({ pointer: '/dietaryNeed', label: 'schema.fields.dietaryNeed' }));
  });

  it('rolls back: a record saved under the console version opens naming the field it drops by its label; the document follows', async () => {
    const organiser = await caller(t, ORGANISER);
    const rollback = (confirmedAffected: number) =>
      organiser.post<FormPublished & { affected: number }>(paths.formRollback('guest', version - 1), { confirmedAffected });
    const count = await rollback(-1);
    expect(count.status).toBe(409);
    const back = await rollback(count.body.data.affected);
    expect(back.status).toBe(200);
    // version has no record in src/generated/versions: its labels come from the database's row
    const upgrade = await organiser.get<RecordUpgradeData>(`admin/record-upgrade/guest/${newGuestId}`);
    expect(upgrade.body.data).toMatchObject({ fromVersion: version, toVersion: back.body.data.version });
    expect(upgrade.body.data.dropped).toEqual([
      { pointer: '/dietaryNeed', label: 'schema.fields.dietaryNeed', labelText: LABEL.en, value: 'vegetarian' },
    ]);
    // in the caller's language: the browser has only the live version's labels, which lack the field
    const inChinese = await t.call<RecordUpgradeData>({
      method: 'GET',
      url: `/exhibition/admin/record-upgrade/guest/${newGuestId}`,
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'zh-CN' },
    });
    expect(inChinese.body.data.dropped[0]?.labelText).toBe(LABEL['zh-CN']);
    for (const schema of guestBodies(JSON.parse(await openApi()) as Json)) expect(schema.properties).not.toHaveProperty('dietaryNeed');
  });

  it('has a field a good-wishes version adds as a column of the wishes workbook, in both languages', async () => {
    const organiser = await caller(t, ORGANISER);
    const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((form) => form.name === 'good-wishes')!.live!;
    const document = structuredClone(
      (await organiser.get<FormVersionDetail>(paths.formVersion('good-wishes', live.version))).body.data.document,
    );
    (document.schema.properties as Json).slogan = { type: 'string', maxLength: 20, 'x-i18n': 'schema.fields.slogan' };
    document.labels['zh-CN']['schema.fields.slogan'] = '口号';
    document.labels.en['schema.fields.slogan'] = 'Slogan';
    expect((await organiser.put(paths.formDraft('good-wishes'), { baseRevision: null, document })).status).toBe(200);
    const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('good-wishes'))).body.data;
    expect((await organiser.post(paths.formDraftPublish('good-wishes'), { confirmedAffected: diff.affected })).status).toBe(200);
    const ent = await caller(t, ENTERPRISE);
    expect((await ent.put(wishApiPaths.myWish, { wishMessage: '祝峰会圆满成功！', slogan: '共赢' })).status).toBe(200);
    for (const language of ['zh-CN', 'en'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/exhibition/admin/console/export/wishes',
        headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': language },
      });
      const [headers, ...rows] = await workbookRows(response.rawPayload);
      const column = headers!.indexOf(language === 'en' ? 'Slogan' : '口号');
      expect(column, headers!.join(' | ')).toBeGreaterThan(headers!.indexOf(language === 'en' ? 'Files' : '文件'));
      expect(rows.map((row) => row[column])).toContain('共赢');
    }
  });
});
