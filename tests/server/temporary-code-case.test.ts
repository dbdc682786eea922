import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ORGANISER } from './guests-harness.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';

describeEachDatabase('temporary-registration codes: case-insensitive, refusals on the field', (kind) => {
  const t = useTestApp(kind);

  it('takes temp2025 for TEMP2025 and stores the code as created', async () => {
    const receipt = await register(t, registrationBody(await uploadedPicture(t), { inviteCode: 'temp2025', mobile: '13600000031' }));
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    const organiser = await caller(t, ORGANISER);
    const codes = await organiser.get<{ code: string; used: number }[]>('admin/temporary/codes');
    expect(codes.body.data.find((c) => c.code === 'TEMP2025')?.used).toBe(1);
  });

  it('answers an unknown or blank code with its catalogue code and a field error at /inviteCode', async () => {
    const unknown = await register(t, registrationBody(await uploadedPicture(t), { inviteCode: 'nope2025', mobile: '13600000032' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(10002);
    expect(unknown.body.fieldErrors).toEqual([{ pointer: '/inviteCode', key: unknown.body.key, message: unknown.body.msg }]);
  });

  it('keeps organisers from creating a code that differs only in case, and discards by any case', async () => {
    const organiser = await caller(t, ORGANISER);
    expect(
      (
        await organiser.post('admin/temporary/codes', {
          code: 'case2025',
          registrationType: 'volunteer',
          eventName: '城市跑',
          attendanceMode: 'onsite',
        })
      ).status,
    ).toBe(200);
    const twin = await organiser.post('admin/temporary/codes', { code: 'CASE2025' });
    expect(twin.status).toBe(409);
    expect(twin.body.fieldErrors?.[0]?.pointer).toBe('/code');
    expect((await organiser.post('admin/temporary/codes/Case2025/discard')).status).toBe(200);
    const refused = await register(
      t,
      registrationBody(await uploadedPicture(t), { inviteCode: 'case2025', registrationType: 'volunteer', mobile: '13600000033' }),
    );
    expect(refused.body.key).toBe('server.temporary.eventDiscarded');
    expect(refused.body.fieldErrors?.[0]?.pointer).toBe('/inviteCode');
  });
});
