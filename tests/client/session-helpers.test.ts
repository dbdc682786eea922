import { describe, expect, it } from 'vitest';
import { fieldErrorsToErrorSchema } from '../../src/client/engine/server-field-errors';
import { translatedUiSchema } from '../../src/client/engine/ui-schema-i18n';
import { flattenMenu } from '../../src/client/router/menu-routes';
import { hasAnyPermission } from '../../src/client/session/permission-guard';
import { formatDateTime, timeAgo } from '../../src/client/util/date-format';

describe('permission guard (SPEC section 6)', () => {
  it('allows when one of the listed permissions is held', () => {
    expect(hasAnyPermission(['notice:read', 'guest:add'], ['guest:add', 'x'])).toBe(true);
    expect(hasAnyPermission(['notice:read'], ['guest:add'])).toBe(false);
  });

  it('fails loudly unless given a non-empty array', () => {
    expect(() => hasAnyPermission(['a'], 'a')).toThrow(/array/);
    expect(() => hasAnyPermission(['a'], [])).toThrow(/array/);
  });
});

describe('server field errors', () => {
  it('puts each JSON pointer message on its field', () => {
    expect(
      fieldErrorsToErrorSchema([
        { pointer: '/account', key: 'k', message: 'bad' },
        { pointer: '/guests/0/name', key: 'k', message: 'name bad' },
        { pointer: '/a~1b', key: 'k', message: 'escaped' },
        { pointer: '', key: 'k', message: 'whole' },
      ]),
    ).toEqual({
      account: { __errors: ['bad'] },
      guests: { 0: { name: { __errors: ['name bad'] } } },
      'a/b': { __errors: ['escaped'] },
      __errors: ['whole'],
    });
  });
});

describe('UI schema from x-i18n keywords', () => {
  it('translates titles and enum labels without touching the schema', () => {
    const schema = {
      type: 'object' as const,
      definitions: { kind: { type: 'string' as const, enum: ['a'], 'x-enum-i18n': ['client.common.save'] } },
      properties: {
        account: { type: 'string' as const, 'x-i18n': 'client.login.submit' },
        kind: { $ref: '#/definitions/kind', 'x-i18n': 'client.common.cancel' },
      },
    };
    const frozen = JSON.stringify(schema);
    const ui = translatedUiSchema(schema, { account: { 'ui:widget': 'password' } });
    expect(ui.account).toEqual({ 'ui:widget': 'password', 'ui:title': '登录' });
    expect(ui.kind).toEqual({ 'ui:title': '取消', 'ui:enumNames': ['保存'] });
    expect(JSON.stringify(schema)).toBe(frozen);
  });
});

describe('menu routes', () => {
  it('flattens groups into absolute paths', () => {
    const routes = flattenMenu([
      { path: '/dashboard', name: 'D', component: 'Dashboard', meta: { title: 't' } },
      {
        path: '/account',
        name: 'A',
        component: 'Layout',
        meta: { title: 'a' },
        children: [{ path: 'password', name: 'P', component: 'PasswordChange', meta: { title: 'p' } }],
      },
    ]);
    expect(routes.map((route) => [route.path, route.component])).toEqual([
      ['/dashboard', 'Dashboard'],
      ['/account/password', 'PasswordChange'],
    ]);
  });
});

describe('dates (SPEC section 9)', () => {
  it('shows UTC times in Asia/Shanghai as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime('2025-06-18T01:02:03Z')).toBe('2025-06-18 09:02:03');
  });

  it('says time-ago in minutes, hours or days', () => {
    const now = new Date('2025-06-18T12:00:00Z');
    expect(timeAgo('2025-06-18T11:59:40Z', now)).toEqual({ unit: 'justNow' });
    expect(timeAgo('2025-06-18T11:15:00Z', now)).toEqual({ unit: 'minutes', count: 45 });
    expect(timeAgo('2025-06-18T07:00:00Z', now)).toEqual({ unit: 'hours', count: 5 });
    expect(timeAgo('2025-06-15T12:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
  });
});
