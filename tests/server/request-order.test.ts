import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock } from './guests-harness.js';

/** Review findings on the request pipeline: null bodies, authentication before validation, caching, small schemas. */
describeEachDatabase('request pipeline', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('refuses a null JSON body with a translated 400, also for a schema without required fields', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 300);
    const response = await t.call({
      method: 'PUT',
      url: `/exhibition/qms/guest/${guest.id}/intention`,
      headers: { ...bearer(c.token), 'content-type': 'application/json', 'accept-language': 'en' },
      payload: 'null',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.msg).not.toBe('');
    const stored = await t.app.db.selectFrom('guests').select('intention').where('id', '=', guest.id).executeTakeFirstOrThrow();
    expect(stored.intention).toBeNull();
    // bodiless POSTs sent with the JSON content type still work
    const cancel = await t.call({
      method: 'POST',
      url: `/exhibition/qms/guest/${guest.id}/cancel`,
      headers: { ...bearer(c.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(cancel.status).toBe(200);
  });

  it('answers 401, not a field list, to a signed-out request with a junk body', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/exhibition/admin/edition/current',
      headers: { 'accept-language': 'en' },
      payload: { junk: true },
    });
    expect(response.status).toBe(401);
    expect(response.body.fieldErrors).toBeUndefined();
    const badToken = await t.call({
      method: 'PUT',
      url: '/exhibition/qms/guest/x/itinerary',
      headers: { authorization: 'Bearer not-a-real-token-at-all' },
      payload: { junk: true },
    });
    expect(badToken.status).toBe(401);
  });

  it('marks every API answer no-store unless the route chose a cache header', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 301);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/exhibition/qms/guest/${guest.id}/attendance`,
      headers: bearer(c.token),
      payload: { attend: false },
    });
    expect(write.statusCode).toBe(200);
    expect(write.headers['cache-control']).toBe('no-store');
    const edition = await t.app.inject({ method: 'GET', url: '/exhibition/qms/edition/current' });
    expect(edition.headers['cache-control']).toBe('no-store');
  });

  it('validates the file id, the dev outbox query and entranceTypes by schema', async () => {
    const token = await tokenFor(t);
    const file = await t.call({
      method: 'GET',
      url: '/exhibition/qms/file/not$valid',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(file.status).toBe(400);
    expect(file.body.fieldErrors?.map((f) => f.pointer)).toEqual(['/id']);
    expect((await t.call({ method: 'GET', url: '/exhibition/qms/file/no-such-file', headers: bearer(token) })).status).toBe(404);

    const outbox = await t.call({ method: 'GET', url: `/exhibition/dev/outbox?to=${'a'.repeat(300)}` });
    expect(outbox.status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/exhibition/dev/outbox?to=13800000007' })).status).toBe(200);

    for (const url of ['/exhibition/center/user/basic/loginInfo', '/exhibition/center/menu/basic/userMenuTree']) {
      expect((await t.call({ method: 'GET', url: `${url}?entranceTypes=2`, headers: bearer(token) })).status).toBe(200);
      expect((await t.call({ method: 'GET', url, headers: bearer(token) })).status).toBe(200);
      const bad = await t.call({ method: 'GET', url: `${url}?entranceTypes=two`, headers: bearer(token) });
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors?.map((f) => f.pointer)).toEqual(['/entranceTypes']);
    }
  });
});
