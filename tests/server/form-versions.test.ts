import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER } from './guests-harness.js';
import {
  editableForms,
  formVersionsApiPaths as paths,
  type FormCheckResult,
  type FormDraftConflict,
  type FormPublished,
  type FormSummary,
  type FormVersionComparison,
  type FormVersionDetail,
  type FormVersionEntry,
  type LiveForm,
  type LiveFormVersions,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import type { Page } from '../../src/shared/api-types.js';
import type { AuditLogItem } from '../../src/shared/console-api.js';
import { wishApiPaths } from '../../src/shared/wish-api.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are walked by hand here
type Json = Record<string, any>;

/** good-wishes v<live> with one more optional field, labelled in both languages. */
function withNickname(live: FormVersionDetail): FormVersionDetail['document'] {
  const document = structuredClone(live.document);
  (document.schema.properties as Json).slogan = { type: 'string', maxLength: 20, 'x-i18n': 'schema.fields.slogan' };
  document.labels['zh-CN']['schema.fields.slogan'] = '口号';
  document.labels.en['schema.fields.slogan'] = 'Slogan';
  return document;
}

describeEachDatabase('form versions as data', (kind) => {
  const t = useTestApp(kind);

  it('seeds every registrant form from the files as its published version, organisers only', async () => {
    const organiser = await caller(t, ORGANISER);
    const list = await organiser.get<FormSummary[]>(paths.formList);
    expect(list.status).toBe(200);
    expect(list.body.data.map((form) => form.name)).toEqual([...editableForms]);
    for (const form of list.body.data) {
      expect(form.live?.state).toBe('published');
      expect(form.draft).toBeNull();
    }
    const unit = await organiser.get<FormVersionDetail>(
      paths.formVersion('unit', list.body.data.find((f) => f.name === 'unit')!.live!.version),
    );
    expect(Object.keys(unit.body.data.document.uiSchemas)).toEqual(['unit-enterprise', 'unit-government', 'unit-media']);
    expect(unit.body.data.document.labels.en[String(unit.body.data.document.schema['x-i18n'])]).toBeTruthy();
    expect((await (await caller(t, ENTERPRISE)).get(paths.formList)).status).toBe(403);
    expect((await organiser.get(paths.formHistory('no-such-form'))).status).toBe(404);
  });

  it('saves drafts by revision: a stale base is a 409 naming who changed it and when; every save is audited', async () => {
    const first = await caller(t, ORGANISER);
    const second = await caller(t, ORGANISER);
    const live = (await first.get<FormSummary[]>(paths.formList)).body.data.find((f) => f.name === 'good-wishes')!;
    const detail = (await first.get<FormVersionDetail>(paths.formVersion('good-wishes', live.live!.version))).body.data;
    const created = await first.put<FormVersionEntry>(paths.formDraft('good-wishes'), { baseRevision: null, document: detail.document });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ state: 'draft', revision: 1, version: detail.version + 1 });
    const saved = await second.put<FormVersionEntry>(paths.formDraft('good-wishes'), { baseRevision: 1, document: withNickname(detail) });
    expect(saved.body.data.revision).toBe(2);
    const stale = await first.put<FormDraftConflict>(paths.formDraft('good-wishes'), { baseRevision: 1, document: detail.document });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ revision: 2, changed: { name: expect.any(String), at: expect.any(String) } });
    expect(stale.body.msg).toContain(stale.body.data.changed.name);
    // a second "new draft" while one exists is the same conflict
    expect((await first.put(paths.formDraft('good-wishes'), { baseRevision: null, document: detail.document })).status).toBe(409);
    // a body of the wrong shape is a translated 400, not a 500
    const bad = await first.put(paths.formDraft('good-wishes'), { baseRevision: 2, document: { schema: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/schema/);
    const draft = await first.get<FormVersionDetail>(paths.formDraft('good-wishes'));
    expect((draft.body.data.document.schema.properties as Json).slogan).toBeDefined();
    const audit = (await first.get<Page<AuditLogItem>>('admin/console/audit/page?pageSize=100')).body.data.records;
    expect(audit.filter((entry) => String(entry.action).startsWith('form.draft')).length).toBeGreaterThanOrEqual(2);
  });

  it('checks a draft with codegen rules, publishes it with the confirmed count, rolls back, compares versions', async () => {
    const organiser = await caller(t, ORGANISER);
    const draft = (await organiser.get<FormVersionDetail>(paths.formDraft('good-wishes'))).body.data;
    expect((await organiser.post<FormCheckResult>(paths.formDraftCheck('good-wishes'), {})).body.data.problems).toEqual([]);
    // the same rules as codegen: a string without maxLength, a label missing in one language
    const broken = structuredClone(draft.document);
    (broken.schema.properties as Json).motto = { type: 'string', 'x-i18n': 'schema.fields.motto' };
    broken.labels['zh-CN']['schema.fields.motto'] = '格言';
    const problems = (await organiser.post<FormCheckResult>(paths.formDraftCheck('good-wishes'), { document: broken })).body.data.problems;
    expect(problems).toContainEqual({
      pointer: '/schema/properties/motto',
      message: expect.stringMatching(/^string without maxLength\. /),
    });
    expect(problems.some((p) => p.pointer === '/schema/properties/motto/x-i18n' && /missing in locales\/en/.test(p.message))).toBe(true);

    const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('good-wishes'))).body.data;
    expect(diff.affected).toBe(0);
    const wrongCount = await organiser.post(paths.formDraftPublish('good-wishes'), { confirmedAffected: diff.affected + 1 });
    expect(wrongCount.status).toBe(409);
    const published = await organiser.post<FormPublished>(paths.formDraftPublish('good-wishes'), {
      confirmedAffected: diff.affected,
      baseRevision: draft.revision,
    });
    expect(published.status).toBe(200);
    expect(published.body.data.version).toBe(draft.version);
    expect(published.body.data.validatorUrl).toMatch(/^\/form-validators\/[0-9a-f]{64}\.js$/);
    const history = (await organiser.get<FormVersionEntry[]>(paths.formHistory('good-wishes'))).body.data;
    expect(history.map((entry) => entry.state)).toEqual(['published', 'retired']);
    expect(history[0]!.published?.name).toBeTruthy();

    const live = (await t.call<LiveForm>({ method: 'GET', url: `/exhibition/${paths.liveForm('good-wishes')}` })).body.data;
    expect(live.version).toBe(draft.version);
    expect((live.schema.properties as Json).slogan).toBeDefined();
    expect((await t.call<LiveFormVersions>({ method: 'GET', url: `/exhibition/${paths.liveVersions}` })).body.data['good-wishes']).toBe(
      draft.version,
    );
    const module = await t.app.inject({ method: 'GET', url: live.validator.url });
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toMatch(/text\/javascript/);
    expect(module.headers['cache-control']).toMatch(/immutable/);
    expect(module.body).not.toMatch(/\bimport\b|new Function|eval\(/);

    const back = await organiser.post<FormPublished>(paths.formRollback('good-wishes', draft.version - 1), { confirmedAffected: 0 });
    expect(back.status).toBe(200);
    expect(back.body.data.version).toBe(draft.version + 1);
    const rolled = (await organiser.get<FormVersionEntry[]>(paths.formHistory('good-wishes'))).body.data;
    expect(rolled[0]).toMatchObject({ version: draft.version + 1, state: 'published', copyOf: draft.version - 1 });
    const compared = (await organiser.get<FormVersionComparison>(paths.formVersionDiff('good-wishes', draft.version, draft.version + 1)))
      .body.data;
    expect(compared.changes).toContainEqual(expect.objectContaining({ pointer: '/schema/properties/slogan', change: 'removed' }));
    // a published version never changes: its document is as it was published
    const old = (await organiser.get<FormVersionDetail>(paths.formVersion('good-wishes', draft.version))).body.data;
    expect((old.document.schema.properties as Json).slogan).toBeDefined();
    const actions = (await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?pageSize=100')).body.data.records.map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['form.publish', 'form.rollback']));
  });

  it('refuses to drop, retype or loosen a protected field, with the field named', async () => {
    const organiser = await caller(t, ORGANISER);
    const summary = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((f) => f.name === 'guest')!;
    const live = (await organiser.get<FormVersionDetail>(paths.formVersion('guest', summary.live!.version))).body.data;
    const document = structuredClone(live.document);
    const properties = document.schema.properties as Json;
    const protectedNames = Object.keys(properties).filter((name) => properties[name]['x-protected'] === true);
    expect(protectedNames.length).toBeGreaterThan(0);
    const [dropped] = protectedNames;
    delete properties[dropped!];
    const problems = (await organiser.post<FormCheckResult>(paths.formDraftCheck('guest'), { document })).body.data.problems;
    expect(problems).toContainEqual({
      pointer: `/schema/properties/${dropped}`,
      message: expect.stringMatching(/protected field .* is missing/),
    });
  });

  it('takes a personal-data mark on a new field, refuses one on a field that holds clear values', async () => {
    const organiser = await caller(t, ORGANISER);
    const summary = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((f) => f.name === 'guest')!;
    const live = (await organiser.get<FormVersionDetail>(paths.formVersion('guest', summary.live!.version))).body.data;
    const document = structuredClone(live.document);
    // a new field: sealed and masked from its first save (form-sealed-fields.test.ts)
    (document.schema.properties as Json).assistantMobile = {
      $ref: 'definitions.json#/definitions/mobile',
      'x-i18n': 'schema.fields.mobile',
      'x-sensitive': 'mobile',
    };
    // a field the repository has unmarked: its stored values are in clear
    (document.schema.properties as Json).rank = { ...(document.schema.properties as Json).rank, 'x-sensitive': 'idNumber' };
    const problems = (await organiser.post<FormCheckResult>(paths.formDraftCheck('guest'), { document })).body.data.problems;
    expect(problems.filter((problem) => problem.pointer === '/schema/properties/assistantMobile')).toEqual([]);
    expect(problems).toContainEqual({
      pointer: '/schema/properties/rank',
      message: expect.stringMatching(/x-sensitive "idNumber" cannot be added to a field an earlier version has/),
    });
    // the repository's own marks (the guest's mobile and ID number) are not refused
    const unchanged = (await organiser.post<FormCheckResult>(paths.formDraftCheck('guest'), { document: live.document })).body.data
      .problems;
    expect(unchanged.filter((problem) => problem.message.includes('x-sensitive'))).toEqual([]);
  });

  it('validates new saves against the published version at once', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const before = await unit.put(wishApiPaths.myWish, { wishMessage: '祝大会圆满成功' });
    expect(before.status).toBe(200);
    const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((f) => f.name === 'good-wishes')!;
    const detail = (await organiser.get<FormVersionDetail>(paths.formVersion('good-wishes', live.live!.version))).body.data;
    const document = withNickname(detail);
    document.schema.required = [...((document.schema.required as string[] | undefined) ?? []), 'slogan'];
    const draft = await organiser.put<FormVersionEntry>(paths.formDraft('good-wishes'), { baseRevision: null, document });
    expect(draft.status).toBe(200);
    const affected = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('good-wishes'))).body.data;
    expect(affected.affected).toBeGreaterThanOrEqual(1);
    expect(affected.fields).toContainEqual(expect.objectContaining({ pointer: '/slogan', rejected: affected.affected }));
    const published = await organiser.post<FormPublished>(paths.formDraftPublish('good-wishes'), { confirmedAffected: affected.affected });
    expect(published.status).toBe(200);
    const refused = await unit.put(wishApiPaths.myWish, { wishMessage: '祝大会圆满成功' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.map((f) => f.pointer)).toContain('/slogan');
    expect((await unit.put(wishApiPaths.myWish, { wishMessage: '祝大会圆满成功', slogan: '合作共赢' })).status).toBe(200);
  });
});
