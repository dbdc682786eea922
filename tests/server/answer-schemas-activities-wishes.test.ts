/**
 * The activity and good-wishes answers follow their answer schemas (schemas/response-*activity*,
 * response-sign-up-item, response-*wish*): real answers, with a waiting place, assigned guests and
 * stored files in them, pass the generated answer validators, and openapi.json shows the shapes.
 */
import { describe, expect, it } from 'vitest';
import activityPage from '../../src/generated/schemas/response-activity-page.json';
import activityPageQuery from '../../src/generated/schemas/activity-page-query.json';
import { enumAt } from '../../src/shared/schema-enums.js';
import { rootValidators } from '../../src/generated/validator-map.js';
import type { SchemaName } from '../../src/generated/registry.js';
import type { AdminActivityDetail } from '../../src/shared/activity-api.js';
import { wishApiPaths, type WishRecord } from '../../src/shared/wish-api.js';
import { approvedGuest, createActivity, signUp } from './activities-harness.js';
import { caller, ENTERPRISE, GOVERNMENT, movableClock, ORGANISER } from './guests-harness.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { wishCaller } from './wishes-harness.js';
import { wishFiles } from './wishes-fixtures.js';

function conforms(name: SchemaName, data: unknown): void {
  const validate = rootValidators[name];
  expect(validate(data), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

type OpenApiSchema = { properties?: Record<string, OpenApiSchema>; anyOf?: OpenApiSchema[]; items?: OpenApiSchema; type?: unknown };
type OpenApi = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: OpenApiSchema }> }> }>>;
};

describe('activity answer enums', () => {
  it('are the ones the activity-page-query schema filters by (the answer schema repeats them in JSON)', () => {
    for (const property of ['category', 'status']) {
      const answer = enumAt(activityPage, `/definitions/activitySummaryAnswer/properties/${property}`);
      expect(answer, property).toEqual(enumAt(activityPageQuery, `/properties/${property}`));
    }
  });
});

describeEachDatabase('answer schemas: activities and good wishes', (kind) => {
  const time = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('real activity answers pass their answer validators (sign-up, waiting place, rosters, assignment)', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const first = await approvedGuest(unit, t, ENTERPRISE, 1, 'INVITE2025A');
    const second = await approvedGuest(unit, t, ENTERPRISE, 2, 'INVITE2025A');

    const limited = await createActivity(organiser, { memberLimit: 1, seatNumber: 'A-1' });
    conforms('response-admin-activity-detail', limited);
    const signedUp = await signUp(unit, limited.id, first);
    expect(signedUp.body.data).toMatchObject({ status: 'signed-up', waitingPosition: null });
    conforms('response-sign-up-item', signedUp.body.data);
    const waiting = await signUp(unit, limited.id, second, { remarks: '靠前' });
    expect(waiting.body.data).toMatchObject({ status: 'waiting', waitingPosition: 1, document: { remarks: '靠前' } });
    conforms('response-sign-up-item', waiting.body.data);

    const unitDetail = (await unit.get(`qms/activity/${limited.id}`)).body.data;
    expect(unitDetail).toMatchObject({ full: true, mySignUps: [{}, {}] });
    conforms('response-unit-activity-detail', unitDetail);
    conforms('response-activity-page', (await unit.get('qms/activity/page?category=committee')).body.data);

    const roster = (await organiser.get<AdminActivityDetail>(`admin/activity/${limited.id}`)).body.data;
    expect([roster.signedUp.length, roster.waiting.length]).toEqual([1, 1]);
    conforms('response-admin-activity-detail', roster);
    conforms('response-activity-page', (await organiser.get('admin/activity/page?status=published')).body.data);

    const invited = await createActivity(organiser, { name: '指派会见', category: 'invited' });
    const assigned = await organiser.put<AdminActivityDetail>(`admin/activity/${invited.id}/assignments`, { guestIds: [first] });
    expect(assigned.body.data.assignedGuests.map((g) => g.guestId)).toEqual([first]);
    conforms('response-admin-activity-detail', assigned.body.data);
    conforms('response-admin-activity-detail', (await organiser.post(`admin/activity/${invited.id}/close`)).body.data);
  });

  it("real good-wishes answers pass their answer validators (none yet, saved with a file, the organisers' page)", async () => {
    const unit = await wishCaller(t, GOVERNMENT);
    const none = await unit.get(wishApiPaths.myWish);
    expect(none.body.data).toBeNull();
    conforms('response-my-wish', none.body.data);

    const logo = await unit.uploadedId('logo', 'logo.eps', wishFiles.eps());
    const saved = await unit.put<WishRecord>(wishApiPaths.myWish, { logo, wishMessage: '祝峰会圆满成功！' });
    expect(saved.body.data.files.logo).toMatchObject({ id: logo, name: 'logo.eps' });
    conforms('response-wish-record', saved.body.data);
    conforms('response-my-wish', (await unit.get(wishApiPaths.myWish)).body.data);

    const organiser = await wishCaller(t, ORGANISER);
    const page = (await organiser.get(wishApiPaths.wishPage)).body.data;
    expect(page).toMatchObject({ total: 1, records: [{ id: saved.body.data.id }] });
    conforms('response-wish-page', page);
  });

  it('openapi.json shows the activity and good-wishes answer schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as OpenApi;
    const data = (path: string, method: string): OpenApiSchema | undefined => {
      const responses = doc.paths[`/exhibition/${path}`]?.[method]?.responses ?? {};
      expect(Object.keys(responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429']),
      );
      return responses['200']?.content?.['application/json']?.schema.properties?.data;
    };
    const names = (schema: OpenApiSchema | undefined) => Object.keys(schema?.properties ?? {});

    expect(names(data('qms/activity/{id}', 'get'))).toEqual(
      expect.arrayContaining(['signUpState', 'mySignUps', 'assignedGuestIds', 'deadline']),
    );
    expect(names(data('admin/activity/{id}', 'get'))).toEqual(expect.arrayContaining(['signedUp', 'waiting', 'assignedGuests']));
    expect(names(data('qms/activity/sign-up', 'post'))).toEqual(expect.arrayContaining(['status', 'waitingPosition', 'speechMaterials']));
    expect(names(data('qms/activity/page', 'get')?.properties?.records?.items)).toEqual(
      expect.arrayContaining(['category', 'full', 'signUpState']),
    );
    expect(names(data('admin/wish/page', 'get')?.properties?.records?.items)).toEqual(
      expect.arrayContaining(['unitName', 'document', 'files']),
    );
    expect(names(data('qms/wish/mine', 'put'))).toEqual(expect.arrayContaining(['unitName', 'document', 'files']));
    const mine = data('qms/wish/mine', 'get');
    // OpenAPI 3.1 (JSON Schema 2020-12) writes the null branch as it is in the schema: type null
    expect(mine?.anyOf?.map((part) => (part.properties ? names(part).includes('files') : part.type))).toEqual([true, 'null']);
  });
});
