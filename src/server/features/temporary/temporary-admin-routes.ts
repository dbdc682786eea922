import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { temporaryApiPaths, type TemporaryItem } from '../../../shared/temporary-api.js';
import { exportFileName, fieldColumn, sendWorkbook, pagedRows, type ExportColumn } from '../../exports/excel-export.js';
import { AppError } from '../../http/app-error.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { exportSheets } from '../../privacy/export-contacts.js';
import { maskedTemporaryItem } from '../../privacy/masked-answers.js';
import { maskedRecommendationPage } from './temporary-panel-exports.js';
import { contentDisposition } from '../../uploads/file-name.js';
import type { TemporaryCodes } from './temporary-codes.js';
import type { TemporaryRecommendations } from './temporary-recommendations.js';
import type { TemporaryRegistrations } from './temporary-registrations.js';
import type { TemporaryUploads } from './temporary-uploads.js';

export interface AdminServices {
  registrations: TemporaryRegistrations;
  uploads: TemporaryUploads;
  codes: TemporaryCodes;
  recommendations: TemporaryRecommendations;
  editions: Editions;
  audit: Audit;
}

const columns: ExportColumn<TemporaryItem>[] = [
  { headerKey: 'temporary.review.columns.name', value: (r) => r.name, width: 22 },
  fieldColumn('temporary-registration', 'registrationType', (r) => r.registrationType, {
    headerKey: 'temporary.review.columns.type',
    width: 12,
  }),
  { headerKey: 'temporary.review.columns.mobile', value: (r) => r.mobile, width: 16 },
  { headerKey: 'schema.fields.province', value: (r) => r.province },
  { headerKey: 'schema.fields.city', value: (r) => r.city },
  { headerKey: 'temporary.export.email', value: (r) => r.email, width: 26 },
  { headerKey: 'temporary.export.landline', value: (r) => r.landline },
  { headerKey: 'temporary.export.residence', value: (r) => r.residence, width: 30 },
  { headerKey: 'temporary.export.mediaName', value: (r) => r.mediaName, width: 24 },
  { headerKey: 'temporary.review.columns.inviteCode', value: (r) => r.inviteCode },
  { headerKey: 'temporary.review.columns.event', value: (r) => r.eventName, width: 26 },
  fieldColumn('temporary-code', 'attendanceMode', (r) => r.attendanceMode, {
    headerKey: 'temporary.review.columns.attendanceMode',
    width: 12,
  }),
  fieldColumn('response-temporary-page', 'records.*.status', (r) => r.status, { headerKey: 'temporary.review.columns.status', width: 12 }),
  { headerKey: 'temporary.review.columns.rejectReason', value: (r) => r.rejectReason, width: 30 },
  { headerKey: 'temporary.review.columns.createdAt', value: (r, read) => read.time(r.createdAt), width: 26 },
];

/** Organisers' console for temporary registration (403 for every other account type). */
export async function temporaryAdminRoutes(app: FastifyInstance, services: AdminServices): Promise<void> {
  const { registrations, uploads, codes, recommendations, editions, audit } = services;
  const tags = ['admin'];

  app.get<{ Querystring: SchemaData<'temporary-page-query'>; Reply: Answer<'response-temporary-page'> }>(path(temporaryApiPaths.page), {
    schema: {
      tags,
      summary: 'Temporary registrations of the current edition, newest first; filter by status, type, keyword (name, mobile, code)',
      security: bearer,
      response: envelope('response-temporary-page', 'a page'),
      ...queryOf('temporary-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      const page = await registrations.page(signedIn(request), request.query, pageNum, pageSize);
      return ok(request, { ...page, records: page.records.map(maskedTemporaryItem) });
    },
  });

  app.post<{ Body: SchemaData<'review-decision'>; Reply: Answer<'response-temporary-decided-list'> }>(path(temporaryApiPaths.decide), {
    schema: {
      tags,
      summary: 'Approve, or reject with a reason, one or many temporary registrations (all or nothing, audited)',
      security: bearer,
      response: envelope('response-temporary-decided-list', 'the decided registrations'),
      ...bodyOf('review-decision'),
    },
    handler: async (request) => ok(request, (await registrations.decide(signedIn(request), request.body)).map(maskedTemporaryItem)),
  });

  app.get<{ Params: SchemaData<'temporary-id-params'> }>(`/${temporaryApiPaths.picture(':id')}`, {
    schema: {
      tags,
      summary: 'The picture of a temporary registration (organisers only)',
      security: bearer,
      ...paramsOf('temporary-id-params'),
    },
    handler: async (request, reply) => {
      await registrations.assertVisible(signedIn(request), request.params.id);
      const found = await uploads.pictureOf(request.params.id);
      if (!found) throw new AppError('tempNotFound');
      return reply
        .header('content-type', found.row.mime)
        .header('content-length', String(found.row.bytes))
        .header('content-disposition', contentDisposition('inline', found.row.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(fs.createReadStream(found.filePath));
    },
  });

  app.get<{ Querystring: SchemaData<'temporary-page-query'> }>(path(temporaryApiPaths.export), {
    schema: {
      tags,
      summary: 'Excel (.xlsx) of the matching temporary registrations, streamed page by page; mobiles masked unless contacts=1 (audited)',
      security: bearer,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ...queryOf('temporary-page-query'),
    },
    handler: async (request, reply) => {
      const who = signedIn(request);
      const readPage = await registrations.exportReader(who, request.query);
      const edition = await editions.current();
      const sheets = await exportSheets(request, { who, audit, at: editions.now() }, edition.id, 'temporary.export.file', [
        { nameKey: 'temporary.export.sheet', columns, rows: pagedRows(readPage) },
      ]);
      return sendWorkbook(request, reply, exportFileName(request, editions.now(), 'temporary.export.file'), sheets);
    },
  });

  app.get<{ Reply: Answer<'response-temporary-codes'> }>(path(temporaryApiPaths.codes), {
    schema: {
      tags,
      summary: 'Temporary-registration codes of the current edition with their binding and usage',
      security: bearer,
      response: envelope('response-temporary-codes', 'the codes'),
    },
    handler: async (request, reply) => {
      assertOrganiser(signedIn(request));
      noStore(reply);
      return ok(request, await codes.list((await editions.current()).id));
    },
  });

  app.post<{ Body: SchemaData<'temporary-code'>; Reply: PlainAnswer<null> }>(path(temporaryApiPaths.codes), {
    schema: {
      tags,
      summary: 'Create a temporary-registration code bound to an event and an attendance mode (409 when it exists)',
      security: bearer,
      response: envelope(nothing, 'created'),
      ...bodyOf('temporary-code'),
    },
    handler: async (request) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      await codes.create(who, edition.id, request.body, editions.now().toISOString());
      return ok(request, null);
    },
  });

  app.post<{ Params: SchemaData<'temporary-id-params'>; Reply: PlainAnswer<null> }>(`/${temporaryApiPaths.discardCode(':id')}`, {
    schema: {
      tags,
      summary: 'Discard the code\'s event: registrations with it answer "event discarded"',
      security: bearer,
      response: envelope(nothing, 'discarded'),
      ...paramsOf('temporary-id-params'),
    },
    handler: async (request) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      await codes.discard(who, edition.id, request.params.id, editions.now().toISOString());
      return ok(request, null);
    },
  });

  app.get<{ Querystring: SchemaData<'temporary-recommendation-query'>; Reply: Answer<'response-temporary-recommendation-page'> }>(
    path(temporaryApiPaths.recommendations),
    {
      schema: {
        tags,
        summary: 'Recommendations received through /tempActRecommendInvite, newest first unless sorted by a column',
        security: bearer,
        response: envelope('response-temporary-recommendation-page', 'a page'),
        ...queryOf('temporary-recommendation-query'),
      },
      handler: async (request, reply) => {
        noStore(reply);
        // the mobiles masked like every default answer (shown through their audited reveal)
        return ok(request, await maskedRecommendationPage(recommendations, signedIn(request), request.query));
      },
    },
  );
}
