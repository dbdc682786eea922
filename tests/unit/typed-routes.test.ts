/**
 * Route answers are typed from the answer schemas (schemas/response-*.json): a handler returning a
 * shape its answer schema does not have is a typecheck error. The `@ts-expect-error` lines below
 * are that proof: `npm run typecheck` fails if any of them stops being an error.
 * Enum values are written `as const`: a plain literal widens to string inside Fastify's overloads and
 * would be refused even when it is a valid value.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rootValidators } from '../../src/generated/validator-map.js';
import { envelope } from '../../src/server/http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../src/server/http/typed-route.js';

type Check = Answer<'response-invite-code-check'>;
const data = { code: 'ABCD1234', guestType: 'vip', reviewRequired: false, unitName: 'Unit' };
const schema = { response: envelope('response-invite-code-check', 'the code is valid') };

function routes(app: FastifyInstance): void {
  app.get<{ Reply: Check }>('/right', { schema, handler: async () => ({ code: 200, msg: 'ok', data: { ...data, extra: 'dropped' } }) });
  // @ts-expect-error a required property of the answer schema is missing
  app.get<{ Reply: Check }>('/missing', {
    schema,
    handler: async () => ({ code: 200, msg: 'ok', data: { code: 'A', guestType: 'vip', unitName: 'U' } }),
  });
  // @ts-expect-error a property has the wrong type
  app.get<{ Reply: Check }>('/wrong-type', {
    schema,
    handler: async () => ({ code: 200, msg: 'ok', data: { ...data, reviewRequired: 'no' } }),
  });
  // @ts-expect-error a value outside the schema's enum (auditStatus)
  app.get<{ Reply: Answer<'response-guest-summary'> }>('/enum', {
    handler: async () => ({ code: 200, msg: 'ok', data: { ...summary, status: 'maybe' as const } }),
  });
  // @ts-expect-error null where the schema has no null
  app.get<{ Reply: Answer<'response-unit-info'> }>('/null', { handler: async () => ({ code: 200, msg: 'ok', data: null }) });
  // @ts-expect-error a console answer missing the hotel's name (response-hotel-list)
  app.get<{ Reply: Answer<'response-hotel-list'> }>('/console', {
    handler: async () => ({ code: 200, msg: 'ok', data: [{ id: 'h1', address: null, phone: null }] }),
  });
  // @ts-expect-error a code state outside the schema's enum (response-code-page)
  app.get<{ Reply: Answer<'response-code-page'> }>('/code-state', {
    handler: async () => ({
      code: 200,
      msg: 'ok',
      data: { records: [{ ...code, state: 'paused' as const }], total: 1, pageNum: 1, pageSize: 20 },
    }),
  });
  // @ts-expect-error a plain answer of the wrong kind
  app.get<{ Reply: PlainAnswer<null> }>('/plain', { handler: async () => ({ code: 200, msg: 'ok', data: 'x' }) });
  // @ts-expect-error an activity detail without the unit's part of it (deadline)
  app.get<{ Reply: Answer<'response-unit-activity-detail'> }>('/activity', {
    handler: async () => ({ code: 200, msg: 'ok', data: { ...activity, mySignUps: [], assignedGuestIds: [] } }),
  });
  app.get<{ Reply: Answer<'response-unit-activity-detail'> }>('/activity-right', {
    handler: async () => ({ code: 200, msg: 'ok', data: { ...activity, mySignUps: [], assignedGuestIds: [], deadline: '2027-09-28' } }),
  });
  // request parts follow the request schemas too
  app.get<{ Params: SchemaData<'guest-id-params'>; Reply: PlainAnswer<string> }>('/params/:id', {
    handler: async (request) => {
      // @ts-expect-error guest-id-params has no such property
      void request.params.memberId;
      return { code: 200, msg: 'ok', data: request.params.id };
    },
  });
}

const code: SchemaData<'response-code-page'>['records'][number] = {
  code: 'ABCD1234',
  companyId: null,
  companyName: null,
  guestType: null,
  reviewRequired: null,
  usedCount: 0,
  maxUses: null,
  expiresOn: null,
  revokedAt: null,
  state: 'active',
  note: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const summary: SchemaData<'response-guest-summary'> = {
  id: 'g1',
  nameZh: '张三',
  nameEn: null,
  idNumberMasked: '370202********1234',
  status: 'pending',
  rejectReason: null,
  inviteCode: null,
  attendance: 'undecided',
  entourageCount: 0,
  itineraryDone: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  confirmAttendanceGate: { open: false, reasonKey: 'guest.gates.attendNeedsApproval' },
};

const activity: SchemaData<'response-activity-page'>['records'][number] = {
  id: 'a1',
  category: 'committee',
  status: 'published',
  document: { name: '开幕式' },
  memberLimit: null,
  signedUpCount: 0,
  waitingCount: 0,
  full: false,
  signUpState: 'open',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('typed routes', () => {
  it('serialises a typed answer through its answer schema (unknown properties are dropped)', async () => {
    const app = Fastify();
    routes(app);
    const response = await app.inject({ method: 'GET', url: '/right' });
    const body = response.json() as Check;
    expect(body.data).toEqual(data);
    expect(rootValidators['response-invite-code-check'](body.data)).toBe(true);
    await app.close();
  });

  it('documents the error envelopes next to the success answer', () => {
    expect(Object.keys(schema.response).map(Number)).toEqual([200, 400, 401, 403, 404, 409, 429, 500]);
    const error = schema.response[400] as { properties: Record<string, unknown> };
    expect(Object.keys(error.properties)).toEqual(expect.arrayContaining(['code', 'msg', 'data', 'key', 'fieldErrors']));
  });

  it('the answer validators accept real shapes and refuse a missing property', () => {
    expect(rootValidators['response-guest-summary'](summary)).toBe(true);
    const { status: _status, ...withoutStatus } = summary;
    expect(rootValidators['response-guest-summary'](withoutStatus)).toBe(false);
  });
});
