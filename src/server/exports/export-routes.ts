import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../shared/console-api.js';
import { unitRecordKinds } from '../../shared/content-api.js';
import { exportFileName, sendWorkbook } from './excel-export.js';
import { authenticate, signedIn } from '../auth/authenticate.js';
import type { SchemaData } from '../http/typed-route.js';
import { assertOrganiser } from '../auth/unit-access.js';
import { exportSheets } from '../privacy/export-contacts.js';
import { bearer, path, queryOf } from '../http/route-helpers.js';

const xlsx = {
  200: { description: 'an .xlsx workbook (attachment, streamed)', type: 'string', format: 'binary' },
};

/**
 * Excel downloads of the console; access is checked before the first byte is sent. The replies
 * are streamed workbooks, not envelopes: only the query is typed.
 */
export async function consoleExportRoutes(app: FastifyInstance): Promise<void> {
  const { exports } = app.services.console;
  const { editions } = app.services;
  const tags = ['console'];
  const schema = (summary: string) => ({
    tags,
    summary: `${summary}; mobiles masked unless contacts=1 (audited), ID numbers always masked`,
    security: bearer,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    response: xlsx,
  });

  app.get(path(paths.exportGuests), {
    schema: schema('Guests of every unit (with arrival, return and hotel)'),
    preValidation: authenticate,
    handler: async (request, reply) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      return sendWorkbook(
        request,
        reply,
        exportFileName(request, 'console.export.files.guests'),
        await exportSheets(request, who, edition.id, 'console.export.files.guests', exports.guests(edition.id)),
      );
    },
  });

  app.get(path(paths.exportEntourage), {
    schema: schema('Entourage members with their guest, unit and itinerary'),
    preValidation: authenticate,
    handler: async (request, reply) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      return sendWorkbook(
        request,
        reply,
        exportFileName(request, 'console.export.files.entourage'),
        await exportSheets(request, who, edition.id, 'console.export.files.entourage', exports.entourage(edition.id)),
      );
    },
  });

  app.get<{ Querystring: SchemaData<'manifest-query'> }>(path(paths.exportManifest), {
    schema: {
      ...schema('Arrivals or departures of guests and entourage members on one day, optionally at one station'),
      ...queryOf('manifest-query'),
    },
    preValidation: authenticate,
    handler: async (request, reply) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      const what = request.query.direction === 'arrival' ? 'console.export.files.arrivals' : 'console.export.files.departures';
      return sendWorkbook(
        request,
        reply,
        exportFileName(request, what, request.query.date, request.query.station ?? ''),
        await exportSheets(request, who, edition.id, what, exports.manifest(edition.id, request.query)),
      );
    },
  });

  app.get(path(paths.exportHotels), {
    schema: schema('Hotels with their receptionists, and where the guests stay'),
    preValidation: authenticate,
    handler: async (request, reply) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      return sendWorkbook(
        request,
        reply,
        exportFileName(request, 'console.export.files.hotels'),
        await exportSheets(request, who, edition.id, 'console.export.files.hotels', exports.hotels(edition.id)),
      );
    },
  });

  for (const kind of unitRecordKinds) {
    app.get(path(paths.exportUnitRecords(kind)), {
      schema: schema(kind === 'vehicle' ? "Every unit's vehicles" : "Every unit's unofficial-activity guests"),
      preValidation: authenticate,
      handler: async (request, reply) => {
        const who = signedIn(request);
        assertOrganiser(who);
        const edition = await editions.current();
        return sendWorkbook(
          request,
          reply,
          exportFileName(request, `console.export.files.${kind}`),
          await exportSheets(request, who, edition.id, `console.export.files.${kind}`, exports.unitRecords(edition.id, kind)),
        );
      },
    });
  }
}
