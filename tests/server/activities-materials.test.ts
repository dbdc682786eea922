import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, useTestApp, type TestApp } from './helpers/test-app.js';
import type { SignUpItem } from '../../src/shared/activity-api.js';
import { caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER, type Caller } from './guests-harness.js';
import { multipart } from './uploads-harness.js';
import { approvedGuest, createActivity, signUp } from './activities-harness.js';

/** Only the leading bytes matter to the sniffer; the archives are never unpacked. */
const zip = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 1)]);
const rar = () => Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(2000, 2)]);
const sevenZip = () => Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(2000, 3)]);

async function upload(t: TestApp, c: Caller, rule: string, filename: string, data: Buffer) {
  const body = multipart({ rule }, { filename, contentType: 'application/octet-stream', data });
  return t.call<{ id: string; mime: string }>({
    method: 'POST',
    url: '/exhibition/qms/file/upload',
    headers: { ...bearer(c.token), ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
}

describeEachDatabase('activities: speech materials', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock('2027-06-01T04:00:00.000Z').clock });

  it('accepts zip/rar/7z sniffed by content, at most 3, only for speakers of a speaker activity', async () => {
    const organiser = await caller(t, ORGANISER);
    const talk = await createActivity(organiser, { name: '主旨演讲', speaker: true });
    const plain = await createActivity(organiser, { name: '参观' });
    const c = await caller(t, ENTERPRISE);
    const guest = await approvedGuest(c, t, ENTERPRISE, 1, 'INVITE2025A');

    const files = [
      await upload(t, c, 'speechMaterials', 'a.zip', zip()),
      await upload(t, c, 'speechMaterials', 'b.rar', rar()),
      await upload(t, c, 'speechMaterials', 'c.7z', sevenZip()),
    ];
    expect(files.map((f) => f.body.data.mime)).toEqual(['application/zip', 'application/vnd.rar', 'application/x-7z-compressed']);
    const ids = files.map((f) => f.body.data.id);
    // content decides, not the name: a text file named .zip is refused by the upload rule
    const fake = await upload(t, c, 'speechMaterials', 'fake.zip', Buffer.from('not an archive at all'.repeat(10)));
    expect(fake.status).toBe(400);
    const tooBig = await upload(t, c, 'speechMaterials', 'big.zip', Buffer.concat([zip(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.fileTooBig']);

    // at the plain activity nobody is a speaker
    expect((await signUp(c, plain.id, guest, { speaker: true, speechMaterials: [ids[0]] })).body.key).toBe('server.activities.notASpeaker');
    // four files: the schema refuses
    const four = await signUp(c, talk.id, guest, { speaker: true, speechMaterials: [...ids, ids[0]] });
    expect(four.status).toBe(400);
    expect(four.body.fieldErrors?.map((f) => f.pointer)).toEqual(['/speechMaterials']);
    // a photo id is not a speech material
    const { uploadedFile } = await import('./guests-harness.js');
    const photo = await uploadedFile(t, ENTERPRISE);
    expect((await signUp(c, talk.id, guest, { speaker: true, speechMaterials: [photo] })).body.key).toBe(
      'server.activities.speechMaterialInvalid',
    );

    const signed = await signUp(c, talk.id, guest, { speaker: true, speechMaterials: ids.slice(0, 2) });
    expect(signed.body.data).toMatchObject({ status: 'signed-up', speaker: true, speechMaterials: ids.slice(0, 2) });
    const replaced = await c.put<SignUpItem>(`qms/activity/sign-up/${signed.body.data.id}/materials`, { speechMaterials: ids });
    expect(replaced.body.data.speechMaterials).toEqual(ids);
    const four2 = await c.put(`qms/activity/sign-up/${signed.body.data.id}/materials`, { speechMaterials: [...ids, ids[1]] });
    expect(four2.status).toBe(400);

    // another unit can neither attach these files nor touch the sign-up
    const other = await caller(t, ENTERPRISE2);
    const otherGuest = await approvedGuest(other, t, ENTERPRISE2, 2, 'ENT2-GUEST');
    expect((await signUp(other, talk.id, otherGuest, { speaker: true, speechMaterials: [ids[0]] })).body.key).toBe(
      'server.activities.speechMaterialInvalid',
    );
    expect((await other.put(`qms/activity/sign-up/${signed.body.data.id}/materials`, { speechMaterials: [] })).status).toBe(404);
  });
});
