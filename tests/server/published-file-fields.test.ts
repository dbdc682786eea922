/**
 * A file field an organiser adds in the console ("file with an existing upload rule") is checked
 * on save like the repository's photo and business card: the id must be a file this unit
 * uploaded under the field's rule. Before, the guest's save checked only photo and business card
 * and good wishes read its file fields from the build, so a published file field took any id,
 * another unit's file included.
 */
import { expect, it } from 'vitest';
import {
  formVersionsApiPaths as paths,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import { guestApiPaths } from '../../src/shared/guest-api.js';
import { buildRecord } from '../support/record-factory.js';
import { wishApiPaths } from '../../src/shared/wish-api.js';
import { guestBody } from './helpers/guest-body.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, GOVERNMENT, ORGANISER, residentId, uploadedFile, type Caller } from './guests-harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are edited by hand here
type Json = Record<string, any>;

const OTHER_UNIT = GOVERNMENT;

/** the locale texts of the upload rules these tests use (a form without such a field has none of them yet) */
const RULE_TEXTS: Record<string, Record<string, { 'zh-CN': string; en: string }>> = {
  businessCard: {
    'schema.fields.businessCard': { 'zh-CN': '名片照片', en: 'Business card photo' },
    'validation.fileRef': { 'zh-CN': '请上传文件', en: 'Please upload the file' },
  },
};

/** Publishes `form` with one more optional file field `field` under the upload rule `rule`. */
async function publishFileField(organiser: Caller, form: string, field: string, rule: string): Promise<void> {
  const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((entry) => entry.name === form)!.live!;
  const document = structuredClone((await organiser.get<FormVersionDetail>(paths.formVersion(form, live.version))).body.data.document);
  (document.schema as Json).properties[field] = { $ref: `definitions.json#/definitions/${rule}`, 'x-i18n': `schema.fields.${field}` };
  // every UI schema of the form (the unit form has one per unit type)
  for (const uiSchema of Object.values(document.uiSchemas) as Json[]) {
    const order = uiSchema['ui:order'] as string[] | undefined;
    order?.splice(order.indexOf('*') < 0 ? order.length : order.indexOf('*'), 0, field);
    uiSchema[field] = { 'ui:widget': 'upload', 'ui:options': { rule } };
  }
  document.labels['zh-CN'][`schema.fields.${field}`] = '附加文件';
  document.labels.en[`schema.fields.${field}`] = 'Extra file';
  // the texts the rule's definition names, as the editor adds them with a file field
  for (const [key, texts] of Object.entries(RULE_TEXTS[rule] ?? {}))
    for (const language of ['zh-CN', 'en'] as const) document.labels[language][key] ??= texts[language];
  const saved = await organiser.put(paths.formDraft(form), { baseRevision: null, document });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords(form))).body.data;
  const published = await organiser.post<FormPublished>(paths.formDraftPublish(form), { confirmedAffected: diff.affected });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}

describeEachDatabase('file fields of a published version are checked on save', (kind) => {
  const t = useTestApp(kind);

  it("refuses a guest whose new file field holds another unit's file or a file of another rule", async () => {
    await publishFileField(await caller(t, ORGANISER), 'guest', 'extraCard', 'businessCard');
    const unit = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    const body = (sequence: number, extraCard: string) => guestBody(residentId(sequence), photo, { extraCard });

    const othersCard = await uploadedFile(t, OTHER_UNIT, 'businessCard');
    const foreign = await unit.post('qms/guest', body(901, othersCard));
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);

    const wrongRule = await unit.post('qms/guest', body(902, await uploadedFile(t, ENTERPRISE, 'photo')));
    expect(wrongRule.status).toBeGreaterThanOrEqual(400);
    expect(wrongRule.status).toBeLessThan(500);

    const own = await unit.post('qms/guest', body(903, await uploadedFile(t, ENTERPRISE, 'businessCard')));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it("refuses good wishes whose new file field holds another unit's file, naming the field", async () => {
    await publishFileField(await caller(t, ORGANISER), 'good-wishes', 'poster', 'logo');
    const unit = await caller(t, ENTERPRISE);
    const foreign = await unit.put(wishApiPaths.myWish, {
      wishMessage: '祝大会圆满成功',
      poster: await uploadedFile(t, OTHER_UNIT, 'logo'),
    });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('/poster');
    const own = await unit.put(wishApiPaths.myWish, { wishMessage: '祝大会圆满成功', poster: await uploadedFile(t, ENTERPRISE, 'logo') });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it("refuses unit information whose new file field holds another unit's file, naming the field", async () => {
    await publishFileField(await caller(t, ORGANISER), 'unit', 'licenceScan', 'businessCard');
    const unit = await caller(t, ENTERPRISE);
    // the unit's information as the form builds it (the demo unit has not filled it yet)
    const unitForm = buildRecord('unit', { unitType: 'enterprise', orgNameZh: '示例跨国企业有限公司' });
    const save = async (licenceScan: string) => unit.put(guestApiPaths.myUnit, { ...unitForm, licenceScan });
    const foreign = await save(await uploadedFile(t, OTHER_UNIT, 'businessCard'));
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('/licenceScan');
    const own = await save(await uploadedFile(t, ENTERPRISE, 'businessCard'));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
