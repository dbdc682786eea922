/**
 * The answer schemas (schemas/response-*.json) are what the server sends and what OpenAPI shows:
 * real answers pass the generated answer validators, and every route documents its error envelopes.
 */
import { expect, it } from 'vitest';
import { rootValidators } from '../../src/generated/validator-map.js';
import type { SchemaName } from '../../src/generated/registry.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, detail, ENTERPRISE, movableClock } from './guests-harness.js';

function conforms(name: SchemaName, data: unknown): void {
  const validate = rootValidators[name];
  expect(validate(data), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describeEachDatabase('answer schemas', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('real answers of the core routes pass their answer validators', async () => {
    const c = await caller(t, ENTERPRISE);
    const added = await addGuest(c, t, ENTERPRISE, 901);
    conforms('response-guest-summary', added);
    conforms('response-guest-detail', await detail(c, added.id));
    conforms('response-guest-page', (await c.get('qms/guest/page')).body.data);
    conforms('response-unit-info', (await c.get('qms/unit/mine')).body.data);
    conforms('response-unit-overview', (await c.get('qms/unit/overview')).body.data);
    conforms('response-edition', (await c.get('qms/edition/current')).body.data);
    conforms('response-login-info', (await c.get('center/user/basic/loginInfo')).body.data);
    conforms('response-menu-tree', (await c.get('center/menu/basic/userMenuTree')).body.data);
    conforms('response-master-info', (await c.get('qms/group-participant-link-info/front/getMasterInfo')).body.data);
    conforms('response-notice-page', (await c.get('qms/notice-announce/myNoticePage')).body.data);
  });

  it('openapi.json shows the answer schema and the error envelopes of a route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, { properties?: object }> } }> }> }
        >
      >;
    };
    const responses = doc.paths['/exhibition/qms/guest/{id}']?.get?.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429']));
    const data = responses['200']?.content?.['application/json']?.schema.properties.data;
    expect(Object.keys(data?.properties ?? {})).toEqual(expect.arrayContaining(['gates', 'entourage', 'status', 'attendance']));
    const error = responses['404']?.content?.['application/json']?.schema.properties ?? {};
    expect(Object.keys(error)).toEqual(expect.arrayContaining(['code', 'msg', 'data', 'key', 'fieldErrors']));
  });
});
