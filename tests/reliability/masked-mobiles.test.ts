/**
 * Mobiles in answers and at rest (both databases). A unit's own contact mobile is masked in
 * GET and PUT qms/unit/mine, shown in full only by the audited reveal. A recommendation's invitee
 * mobile is sealed at rest (migration 0032 seals the stored ones), masked in the organisers'
 * list, shown by its audited reveal (named by pointer beside the recommender's). Migration 0031
 * seals stored upload names the same way.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { sealedInviteeMobiles } from '../../src/server/db/migrations/0032-sealed-invitee-mobiles.js';
import { sealedUploadNames } from '../../src/server/db/migrations/0031-sealed-upload-names.js';
import { isSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { accountRow, caller, ENTERPRISE, openRegistrationWindow, ORGANISER } from '../server/guests-harness.js';

const INVITEE_MOBILE = '13987654321';
const UNIT_MOBILE = '13611112222';
const masked = (value: unknown) => typeof value === 'string' && value.includes('*') && !/\d{11}/.test(value);

describeEachDatabase('masked and sealed mobiles', (kind) => {
  const t = useTestApp(kind);

  it("masks the unit's own contact mobile in GET and PUT qms/unit/mine; the audited reveal shows it", async () => {
    const unit = await caller(t, ENTERPRISE);
    await openRegistrationWindow(t);
    const saved = await unit.put<{ document: Record<string, unknown> }>('qms/unit/mine', {
      unitType: 'enterprise',
      orgNameZh: '示例跨国企业有限公司',
      socialCreditCode: '91370200MA3C123456',
      companyAddress: '山东省青岛市市南区香港中路 1 号',
      enterpriseType: '外商独资',
      contactName: '张企业',
      contactGender: 'male',
      contactMobile: UNIT_MOBILE,
      contactEmail: 'contact@example.com',
      nationality: '中国',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.document.contactMobile, 'PUT answer').toSatisfy(masked);
    const again = await unit.get<{ document: Record<string, unknown> }>('qms/unit/mine');
    expect(again.body.data.document.contactMobile, 'GET answer').toSatisfy(masked);
    expect(JSON.stringify(again.body)).not.toContain(UNIT_MOBILE);
    // the mask sent back keeps the stored value
    expect((await unit.put('qms/unit/mine', again.body.data.document)).status).toBe(200);
    // nor does the unit account's master info carry it
    const info = await unit.get('qms/group-participant-link-info/front/getMasterInfo');
    expect(info.status).toBe(200);
    expect(JSON.stringify(info.body)).not.toContain(UNIT_MOBILE);
    const shown = await unit.post<{ value: string }>('qms/unit/reveal', { field: 'mobile' });
    expect(shown.body.data.value).toBe(UNIT_MOBILE);
    const audited = await t.app.db.selectFrom('audit_log').select('action').where('target_type', '=', 'unit').execute();
    expect(audited.map((entry) => entry.action)).toContain('personal-data.reveal');
  });

  it("seals a recommendation's invitee mobile, masks it in the list and shows it by its audited reveal", async () => {
    const sent = await t.call<{ id: string }>({
      method: 'POST',
      url: '/exhibition/qms/temporary/recommend',
      payload: {
        recommenderName: '王芳',
        recommenderMobile: '13812345678',
        recommenderOrganisation: '青岛市商务局',
        inviteeName: 'John Smith',
        inviteeOrganisation: 'Example Corp',
        inviteePosition: 'CEO',
        inviteeMobile: INVITEE_MOBILE,
        activity: 'Opening forum',
        reason: 'Leads the largest investment project of the year in Shandong.',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const row = await t.app.db
      .withTables<{ temporary_recommendations: { id: string; document: string } }>()
      .selectFrom('temporary_recommendations')
      .select('document')
      .where('id', '=', sent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.document).not.toContain(INVITEE_MOBILE);
    expect(isSealed((JSON.parse(row.document) as { inviteeMobile: string }).inviteeMobile)).toBe(true);

    const organiser = await caller(t, ORGANISER);
    const page = await organiser.get<{ records: { id: string; document: Record<string, unknown> }[] }>(
      'admin/temporary/recommendations?pageNum=1&pageSize=50',
    );
    const listed = page.body.data.records.find((record) => record.id === sent.body.data.id)!;
    expect(listed.document.inviteeMobile).toSatisfy(masked);
    expect(JSON.stringify(page.body)).not.toContain(INVITEE_MOBILE);
    const reveal = (pointer: string) =>
      organiser.post<{ value: string }>(`admin/temporary/recommendations/${sent.body.data.id}/reveal`, { field: 'mobile', pointer });
    expect((await reveal('/inviteeMobile')).body.data.value).toBe(INVITEE_MOBILE);
    expect((await reveal('/recommenderMobile')).body.data.value).toBe('13812345678');
    const audited = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_value'])
      .where('target_id', '=', sent.body.data.id)
      .execute();
    expect(audited.filter((entry) => entry.action === 'personal-data.reveal')).toHaveLength(2);
  });

  it('migrations 0032 and 0031 seal invitee mobiles and upload names stored in clear', async () => {
    const db = t.app.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const edition = await t.app.services.editions.current();
    const id = randomUUID();
    await db
      .insertInto('temporary_recommendations')
      .values({
        id,
        edition_id: edition.id,
        invitee_name: 'Old Row',
        recommender_mobile: 'index',
        document: JSON.stringify({ inviteeName: 'Old Row', inviteeMobile: INVITEE_MOBILE }),
        schema_version: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const owner = await accountRow(t, ENTERPRISE);
    const uploadId = randomUUID();
    await db
      .insertInto('uploads')
      .values({
        id: uploadId,
        owner_account_id: owner.id,
        unit_id: owner.unit_id,
        rule_name: 'photo',
        mime: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
        original_name: '110101198001010011.jpg',
        storage_name: `${uploadId}.jpg`,
        created_at: new Date().toISOString(),
      })
      .execute();
    await sealedInviteeMobiles(t.app.services.protection).up(db as unknown as Kysely<unknown>);
    await sealedUploadNames(t.app.services.protection).up(db as unknown as Kysely<unknown>);
    const recommendation = await db
      .selectFrom('temporary_recommendations')
      .select('document')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(String(recommendation.document)).not.toContain(INVITEE_MOBILE);
    const opened = t.app.services.protection.openJson('temporary-recommend-invite', String(recommendation.document));
    expect(opened.inviteeMobile).toBe(INVITEE_MOBILE);
    const upload = await db.selectFrom('uploads').select('original_name').where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect(isSealed(upload.original_name)).toBe(true);
    expect(t.app.services.protection.open(String(upload.original_name))).toBe('110101198001010011.jpg');
  });
});
