/**
 * The organisers' console and the content records answer with the shapes of their answer schemas
 * (schemas/response-*.json): real answers pass the generated answer validators, and openapi.json
 * documents those schemas with the error envelopes.
 */
import { expect, it } from 'vitest';
import type { SchemaName } from '../../src/generated/registry.js';
import { rootValidators } from '../../src/generated/validator-map.js';
import { upload, workbook } from './content-harness.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { accountRow, addGuest, caller, ENTERPRISE, itineraryBody, movableClock, ORGANISER } from './guests-harness.js';
import { archives } from './uploads-fixtures.js';

/** The data of a 200 answer, checked against the named answer schema. */
function conforming(name: SchemaName, response: { status: number; body: { data: unknown } }): unknown {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const validate = rootValidators[name];
  expect(validate(response.body.data), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return response.body.data;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: { properties: { data: Record<string, unknown> } } }> }> }
    >
  >;
};

describeEachDatabase('console and content answer schemas', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('real console answers pass their answer validators', async () => {
    const unit = await caller(t, ENTERPRISE);
    const guest = await addGuest(unit, t, ENTERPRISE, 951, { inviteCode: 'INVITE2025A' });
    await unit.put(`qms/guest/${guest.id}/itinerary`, itineraryBody);
    const organiser = await caller(t, ORGANISER);

    const guests = conforming('response-console-guest-page', await organiser.get('admin/console/guest/page')) as {
      records: { id: string; arrivalDate: string | null }[];
    };
    expect(guests.records.find((record) => record.id === guest.id)?.arrivalDate).toBe('2027-06-17');
    conforming('response-unit-choices', await organiser.get('admin/console/unit/list'));

    const companyId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const codes = conforming(
      'response-created-codes',
      await organiser.post('admin/console/invitation-code/batch', {
        count: 2,
        companyId,
        guestType: 'general',
        reviewRequired: true,
        maxUses: 1,
      }),
    ) as string[];
    await organiser.post(`admin/console/invitation-code/${codes[0]}/revoke`);
    conforming('response-code-page', await organiser.get('admin/console/invitation-code/page?pageSize=100'));

    const draft = conforming(
      'response-notice-publication',
      await organiser.post('admin/console/notice', { title: '答复格式', content: '通知正文', audiences: ['enterprise'], unitIds: [] }),
    ) as { id: string };
    conforming('response-notice-publication', await organiser.post(`admin/console/notice/${draft.id}/publish`));
    conforming('response-notice-publication-page', await organiser.get('admin/console/notice/page'));

    const hotel = conforming(
      'response-hotel',
      await organiser.post('admin/console/hotel', { name: '答复酒店', phone: '0532-8888888' }),
    ) as { id: string };
    conforming('response-hotel', await organiser.put(`admin/console/hotel/${hotel.id}`, { name: '答复大酒店' }));
    conforming('response-hotel-list', await organiser.get('admin/console/hotel'));
    conforming(
      'response-receptionist',
      await organiser.post('admin/console/receptionist', { name: '答接待', mobile: '13700000051', hotelId: hotel.id }),
    );
    conforming('response-receptionist-list', await organiser.get('admin/console/receptionist'));

    const audit = conforming('response-console-audit-page', await organiser.get('admin/console/audit/page?action=hotel.update')) as {
      records: { before: unknown }[];
    };
    expect(audit.records[0]?.before).toMatchObject({ name: '答复酒店' });
  });

  it('real content answers pass their answer validators', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);

    const historical = conforming(
      'response-content-record',
      await organiser.post('admin/historical-guest', { session: 3, nameZh: '答历届', unitName: '答复集团', mobile: '13912345678' }),
    ) as { id: string };
    conforming(
      'response-content-record',
      await organiser.put(`admin/historical-guest/${historical.id}`, { session: 4, nameZh: '答历届', unitName: '答复集团' }),
    );
    conforming('response-content-page', await unit.get('qms/historical-guest/page'));
    const rows = [[2, '答导入', '答复公司', '13912345679']];
    const file = await upload(
      t,
      organiser,
      'importWorkbook',
      'guests.xlsx',
      await workbook(['session', 'nameZh', 'unitName', 'mobile'], rows),
    );
    expect(conforming('response-import-result', await organiser.post('admin/historical-guest/import', { file }))).toEqual({ imported: 1 });

    const vehicle = {
      plateNumber: '鲁B54321',
      vehicleType: 'mpv',
      seats: 7,
      driverName: '答司机',
      driverMobile: '13912345670',
      arrivalTime: '2027-06-17T08:00:00+08:00',
      purpose: 'guest-transport',
    };
    conforming('response-content-record', await unit.post('qms/vehicle', vehicle));
    conforming('response-content-page', await unit.get('qms/vehicle/page'));
    const adminView = conforming('response-content-page', await organiser.get('admin/vehicle/page')) as {
      records: { unitName: string | null }[];
    };
    expect(adminView.records[0]?.unitName).toEqual(expect.any(String));

    const pdf = await upload(t, organiser, 'downloadFile', 'agenda.pdf', archives.pdf(), 'application/pdf');
    const created = conforming(
      'response-record-id',
      await organiser.post('admin/download', { title: '日程', category: 'agenda', file: pdf }),
    ) as { id: string };
    conforming(
      'response-record-id',
      await organiser.put(`admin/download/${created.id}`, { title: '日程表', category: 'agenda', description: '会议日程', file: pdf }),
    );
    conforming('response-download-page', await unit.get('qms/download/page'));
  });

  it('openapi.json documents the console and content answer schemas and their error envelopes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as OpenApi;
    const answer = (path: string, method: string) => {
      const responses = doc.paths[`/exhibition/${path}`]?.[method]?.responses ?? {};
      expect(Object.keys(responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429']),
      );
      return responses['200']?.content?.['application/json']?.schema.properties.data ?? {};
    };
    const recordsOf = (data: Record<string, unknown>) =>
      (data as { properties: { records: { items: Record<string, unknown> } } }).properties.records.items;
    const propertiesOf = (schema: Record<string, unknown>) => Object.keys((schema as { properties?: object }).properties ?? {});

    expect(propertiesOf(recordsOf(answer('admin/console/invitation-code/page', 'get')))).toEqual(
      expect.arrayContaining(['code', 'state', 'usedCount']),
    );
    const guestItem = recordsOf(answer('admin/console/guest/page', 'get')) as { allOf: Record<string, unknown>[] };
    expect(guestItem.allOf.flatMap(propertiesOf)).toEqual(expect.arrayContaining(['unitName', 'status', 'arrivalDate', 'guestType']));
    expect(propertiesOf(answer('admin/console/notice/{id}/publish', 'post'))).toEqual(expect.arrayContaining(['status', 'readCount']));
    expect(propertiesOf((answer('admin/console/receptionist', 'get') as { items: Record<string, unknown> }).items)).toEqual(
      expect.arrayContaining(['mobile', 'hotelName']),
    );
    expect(propertiesOf(recordsOf(answer('admin/console/audit/page', 'get')))).toEqual(
      expect.arrayContaining(['targetLabel', 'before', 'after']),
    );
    expect(propertiesOf(recordsOf(answer('qms/vehicle/page', 'get')))).toEqual(expect.arrayContaining(['document', 'unitName']));
    expect(propertiesOf(answer('admin/historical-guest/import', 'post'))).toEqual(['imported']);
    const category = (recordsOf(answer('qms/download/page', 'get')) as { properties: { category: { enum: string[] } } }).properties
      .category;
    expect(category.enum).toEqual(['guideline', 'agenda', 'other']);
  });
});
