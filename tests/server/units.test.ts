import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { EditionData, UnitInfo, UnitOverview } from '../../src/shared/guest-api.js';
import { addGuest, caller, ENTERPRISE, GOVERNMENT, MEDIA, openRegistrationWindow, ORGANISER, STAFF } from './guests-harness.js';

const enterpriseUnit = {
  unitType: 'enterprise',
  orgNameZh: '示例跨国企业有限公司',
  socialCreditCode: '91370200MA3C123456',
  companyAddress: '山东省青岛市市南区香港中路 1 号',
  enterpriseType: '外商独资',
  contactName: '张企业',
  contactGender: 'male',
  contactMobile: '13812345678',
  contactEmail: 'contact@example.com',
  nationality: '中国',
};

describeEachDatabase('unit information', (kind) => {
  const t = useTestApp(kind);
  beforeAll(async () => openRegistrationWindow(t));

  it('reads and saves the enterprise variant; the name follows the document', async () => {
    const c = await caller(t, ENTERPRISE);
    const before = await c.get<UnitInfo>('qms/unit/mine');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      unitType: 'enterprise',
      complete: false,
      document: { unitType: 'enterprise', orgNameZh: '示例跨国企业有限公司' },
    });
    const saved = await c.put<UnitInfo>('qms/unit/mine', { ...enterpriseUnit, orgNameZh: '示例跨国企业（中国）有限公司' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      unitType: 'enterprise',
      complete: true,
      name: '示例跨国企业（中国）有限公司',
      schemaVersion: 1,
    });
    expect((await c.get<UnitInfo>('qms/unit/mine')).body.data.document).toMatchObject({ socialCreditCode: '91370200MA3C123456' });
  });

  it('applies the variant rules: an enterprise needs its credit code, a government its address', async () => {
    const enterprise = await caller(t, ENTERPRISE);
    const { socialCreditCode: _omit, ...noCode } = enterpriseUnit;
    const missing = await enterprise.put('qms/unit/mine', noCode);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors?.map((f) => f.pointer)).toContain('/socialCreditCode');

    const government = await caller(t, GOVERNMENT);
    const base = {
      unitType: 'government',
      orgNameZh: '示例市商务局',
      contactName: '王政府',
      contactGender: 'female',
      contactMobile: '13812345679',
      contactEmail: 'gov@example.com',
      nationality: '中国',
    };
    expect((await government.put('qms/unit/mine', base)).status).toBe(400);
    const ok = await government.put<UnitInfo>('qms/unit/mine', { ...base, governmentAddress: '青岛市市南区' });
    expect(ok.body.data).toMatchObject({ unitType: 'government', complete: true });
  });

  it('refuses a variant that is not the account type', async () => {
    const media = await caller(t, MEDIA);
    const wrong = await media.put('qms/unit/mine', enterpriseUnit);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The unit type does not match the account type');
    const right = await media.put<UnitInfo>('qms/unit/mine', {
      ...enterpriseUnit,
      unitType: 'media',
      enterpriseType: undefined,
      orgNameZh: '示例日报社',
    });
    expect(right.status).toBe(200);
  });

  it('answers 403 with a translated message to accounts without an affiliated unit', async () => {
    for (const account of [STAFF, ORGANISER, 'volunteer@demo.example.com', 'same-period@demo.example.com']) {
      const c = await caller(t, account);
      const read = await c.get('qms/unit/mine');
      expect(read.status, account).toBe(403);
      expect(read.body.msg).toBe('Users without an affiliated enterprise cannot maintain enterprise information');
      expect((await c.put('qms/unit/mine', enterpriseUnit)).status).toBe(403);
      expect((await c.get('qms/guest/page')).status).toBe(403);
    }
  });

  it('gives the company view and the current edition', async () => {
    const c = await caller(t, ENTERPRISE);
    await addGuest(c, t, ENTERPRISE, 1);
    await addGuest(c, t, ENTERPRISE, 2, { inviteCode: 'INVITE2025A' });
    const overview = await c.get<UnitOverview>('qms/unit/overview');
    expect(overview.body.data.guests).toEqual({ total: 2, pending: 1, approved: 1, rejected: 0 });
    expect(overview.body.data.attendance.undecided).toBe(2);
    expect(overview.body.data.entourageTotal).toBe(0);
    const edition = await t.call<EditionData>({ method: 'GET', url: '/exhibition/qms/edition/current' });
    expect(edition.body.data).toMatchObject({ itineraryDeadline: '2027-09-28', guestRegistrationEnabled: true, signUpClosed: false });
    expect(edition.body.data.entourageCap).toBeGreaterThan(0);
  });
});
