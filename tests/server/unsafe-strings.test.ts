import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER } from './guests-harness.js';

/** Issue 11 item 5: NUL and lone surrogates are a 400 field error everywhere, never a 500 or a stored record. */
describeEachDatabase('NUL characters and lone surrogates', (kind) => {
  const t = useTestApp(kind);

  const json = (headers: Record<string, string>, text: string) => ({
    headers: { ...headers, 'content-type': 'application/json' },
    payload: text,
  });

  it('refuses them in queries, params and bodies of every kind of route with a field error', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const unitHeaders = { ...bearer(unit.token), 'accept-language': 'en' };
    const organiserHeaders = { ...bearer(organiser.token), 'accept-language': 'en' };
    const cases: Array<{ name: string; pointer: string; request: Parameters<typeof t.call>[0] }> = [
      {
        name: 'guest page query',
        pointer: '/name',
        request: { method: 'GET', url: '/exhibition/qms/guest/page?name=a%00b', headers: unitHeaders },
      },
      {
        name: 'invite check query',
        pointer: '/code',
        request: { method: 'GET', url: '/exhibition/qms/invite-code/check?code=a%00b', headers: unitHeaders },
      },
      {
        name: 'dev outbox query',
        pointer: '/to',
        request: { method: 'GET', url: '/exhibition/dev/outbox?to=a%00b', headers: { 'accept-language': 'en' } },
      },
      { name: 'guest id param', pointer: '/id', request: { method: 'GET', url: '/exhibition/qms/guest/a%00b', headers: unitHeaders } },
      {
        name: 'reject reason',
        pointer: '/reason',
        request: {
          method: 'POST',
          url: '/exhibition/admin/review/decide',
          ...json(organiserHeaders, '{"ids":["x"],"decision":"reject","reason":"bad\\u0000"}'),
        },
      },
      {
        name: 'photo reason',
        pointer: '/reason',
        request: { method: 'PUT', url: '/exhibition/qms/guest/x/photo', ...json(unitHeaders, '{"photo":"x","reason":"r\\u0000"}') },
      },
      {
        name: 'unit name, lone high surrogate',
        pointer: '/orgNameZh',
        request: {
          method: 'PUT',
          url: '/exhibition/qms/unit/mine',
          ...json(unitHeaders, '{"unitType":"enterprise","orgNameZh":"示例\\ud800"}'),
        },
      },
      {
        name: 'guest name, lone low surrogate',
        pointer: '/nameZh',
        request: { method: 'POST', url: '/exhibition/qms/guest', ...json(unitHeaders, '{"nameZh":"\\udc00张"}') },
      },
      {
        name: 'sign-in account',
        pointer: '/account',
        request: {
          method: 'POST',
          url: '/exhibition/center/user/front/login',
          ...json({ 'accept-language': 'en' }, '{"account":"a\\u0000b","password":"x","uuid":"u","code":"c"}'),
        },
      },
      {
        name: 'object key',
        pointer: '',
        request: { method: 'PUT', url: '/exhibition/qms/unit/mine', ...json(unitHeaders, '{"a\\u0000":"x"}') },
      },
    ];
    for (const { name, pointer, request } of cases) {
      const response = await t.call(request);
      expect(response.status, name).toBe(400);
      expect(response.body.code, name).toBe(400);
      expect(
        response.body.fieldErrors?.map((f) => f.pointer),
        name,
      ).toContain(pointer);
      expect(response.body.fieldErrors?.find((f) => f.pointer === pointer)?.key, name).toBe('validation.unsafeCharacter');
    }
  });

  it('keeps well-formed text, surrogate pairs included', async () => {
    const unit = await caller(t, ENTERPRISE);
    const response = await unit.get(`qms/guest/page?name=${encodeURIComponent('张😀')}`);
    expect(response.status).toBe(200);
  });
});
