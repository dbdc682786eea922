import { expect, it } from 'vitest';
import type { Page } from '../../src/shared/api-types.js';
import { wishApiPaths, type WishRecord } from '../../src/shared/wish-api.js';
import { ENTERPRISE, ENTERPRISE2, GOVERNMENT, ORGANISER, STAFF } from './guests-harness.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { wishCaller } from './wishes-harness.js';
import { wishFiles } from './wishes-fixtures.js';

const MINE = wishApiPaths.myWish;

describeEachDatabase('good wishes: saving, rules, organisers', (kind) => {
  const t = useTestApp(kind);

  it('has no message at first, saves a wish message and replaces it on the next save', async () => {
    const unit = await wishCaller(t, GOVERNMENT);
    const none = await unit.get<WishRecord | null>(MINE);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();

    const first = await unit.put<WishRecord>(MINE, { wishMessage: '祝峰会圆满成功！' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ document: { wishMessage: '祝峰会圆满成功！' }, schemaVersion: 2, files: {} });
    const second = await unit.put<WishRecord>(MINE, { wishMessage: 'Best wishes' });
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.createdAt).toBe(first.body.data.createdAt);
    const mine = await unit.get<WishRecord>(MINE);
    expect(mine.body.data.document).toEqual({ wishMessage: 'Best wishes' });
    const rows = await t.app.db.selectFrom('good_wishes').select('id').where('unit_id', '=', mine.body.data.unitId).execute();
    expect(rows).toHaveLength(1);
  });

  it('requires a logo or a wish message, with the schema message, and keeps nothing', async () => {
    const unit = await wishCaller(t, ENTERPRISE2);
    const video = await unit.uploadedId('wishVideo', 'wish.mp4', wishFiles.mp4());
    for (const body of [{}, { video }, { wishMessage: '' }]) {
      const response = await unit.put(MINE, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.fieldErrors?.map((f) => [f.pointer, f.key])).toContainEqual([
        '/wishMessage',
        body.wishMessage === '' ? 'validation.minLength' : 'validation.logoOrWish',
      ]);
    }
    const blank = await unit.put(MINE, { wishMessage: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors?.map((f) => f.key)).toEqual(['validation.wishBlank']);
    expect(blank.body.msg).toContain('only spaces');
    const long = await unit.put(MINE, { wishMessage: '祝'.repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.[0]?.pointer).toBe('/wishMessage');
    expect((await unit.put(MINE, { wishMessage: '祝'.repeat(300) })).status).toBe(200);
    const unknownField = await unit.put(MINE, { wishMessage: 'hi', colour: 'red' });
    expect(unknownField.status).toBe(400);
    expect((await unit.get<WishRecord>(MINE)).body.data.document).toEqual({ wishMessage: '祝'.repeat(300) });
  });

  it('accepts a logo alone, and video and audio with it, listing the stored files', async () => {
    const unit = await wishCaller(t, ENTERPRISE);
    const logo = await unit.uploadedId('logo', 'logo.eps', wishFiles.eps());
    const alone = await unit.put<WishRecord>(MINE, { logo });
    expect(alone.status).toBe(200);
    expect(alone.body.data.files.logo).toMatchObject({ id: logo, name: 'logo.eps', mime: 'application/postscript' });
    const video = await unit.uploadedId('wishVideo', 'wish.mov', wishFiles.mov());
    const audio = await unit.uploadedId('wishAudio', 'wish.mp3', wishFiles.mp3Id3());
    const all = await unit.put<WishRecord>(MINE, { logo, video, audio, wishMessage: '合作共赢' });
    expect(all.status).toBe(200);
    expect(all.body.data.files).toMatchObject({
      logo: { id: logo },
      video: { id: video, name: 'wish.mov', mime: 'video/quicktime' },
      audio: { id: audio, name: 'wish.mp3', mime: 'audio/mpeg' },
    });
  });

  it("refuses files of another unit, unknown ids and files uploaded under another field's rule", async () => {
    const unit = await wishCaller(t, ENTERPRISE);
    const other = await wishCaller(t, GOVERNMENT);
    const othersLogo = await other.uploadedId('logo', 'logo.eps', wishFiles.eps());
    const video = await unit.uploadedId('wishVideo', 'wish.mp4', wishFiles.mp4());
    const audio = await unit.uploadedId('wishAudio', 'wish.wav', wishFiles.wav());
    const before = (await unit.get<WishRecord>(MINE)).body.data;
    for (const [body, pointers] of [
      [{ logo: othersLogo }, ['/logo']],
      [{ logo: 'no-such-file' }, ['/logo']],
      [{ logo: video }, ['/logo']],
      [{ wishMessage: 'hi', video: audio, audio: video }, ['/video', '/audio']],
    ] as const) {
      const response = await unit.put(MINE, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.fieldErrors?.map((f) => f.pointer)).toEqual(pointers);
      expect(response.body.fieldErrors?.[0]?.key).toBe('validation.fileRef');
    }
    // nothing half-written: the earlier message is untouched
    expect((await unit.get<WishRecord>(MINE)).body.data).toEqual(before);
  });

  it('keeps one message per unit when two first saves race', async () => {
    const unit = await wishCaller(t, 'media@demo.example.com');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => unit.put<WishRecord>(MINE, { wishMessage: `wish ${i}` })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const rows = await t.app.db.selectFrom('good_wishes').select('id').where('unit_id', '=', answers[0]!.body.data.unitId).execute();
    expect(rows).toHaveLength(1);
  });

  it('is for unit accounts only; the list is for organisers only', async () => {
    const staff = await wishCaller(t, STAFF);
    expect((await staff.put(MINE, { wishMessage: 'hi' })).status).toBe(403);
    expect((await staff.get(MINE)).status).toBe(403);
    const organiser = await wishCaller(t, ORGANISER);
    expect((await organiser.put(MINE, { wishMessage: 'hi' })).status).toBe(403);
    const unit = await wishCaller(t, ENTERPRISE);
    expect((await unit.get(wishApiPaths.wishPage)).status).toBe(403);
    expect((await unit.get(`${wishApiPaths.wishPage}?pageSize=1000`)).status).toBe(400);
    const anonymous = await t.call({ method: 'GET', url: `/exhibition/${MINE}` });
    expect(anonymous.status).toBe(401);
  });

  it("lets organisers list every unit's message with its files and download them; other units cannot", async () => {
    const organiser = await wishCaller(t, ORGANISER);
    const page = await organiser.get<Page<WishRecord>>(`${wishApiPaths.wishPage}?pageNum=1&pageSize=10`);
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(4);
    const names = page.body.data.records.map((r) => r.unitName);
    expect(new Set(names).size).toBe(4);
    expect(names.every((name) => name.length > 0)).toBe(true);
    // last saved first
    const times = page.body.data.records.map((r) => r.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const withLogo = page.body.data.records.find((r) => r.files.logo);
    expect(withLogo?.files.logo?.name).toBe('logo.eps');

    const url = `/exhibition/qms/file/${withLogo!.files.logo!.id}`;
    const download = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${organiser.token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.rawPayload.equals(wishFiles.eps())).toBe(true);
    const stranger = await wishCaller(t, GOVERNMENT);
    const refused = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.statusCode).toBe(404);

    const second = await organiser.get<Page<WishRecord>>(`${wishApiPaths.wishPage}?pageNum=2&pageSize=3`);
    expect(second.body.data.records).toHaveLength(1);
  });

  it('documents the good-wishes paths in openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths[`/exhibition/${wishApiPaths.myWish}`] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(doc.paths[`/exhibition/${wishApiPaths.wishPage}`] ?? {})).toEqual(['get']);
  });
});
