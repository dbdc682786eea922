import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consoleApiPaths as paths } from '../../shared/console-api.js';
import { unitRecordKinds } from '../../shared/content-api.js';
import { exportFileName, sendWorkbook, type AnySheet } from './excel-export.js';
import { signedIn } from '../auth/authenticate.js';
import type { SchemaData } from '../http/typed-route.js';
import { assertOrganiser } from '../auth/unit-access.js';
import { exportSheets } from '../privacy/export-contacts.js';
import { bearer, path, queryOf } from '../http/route-helpers.js';
import type { Audit } from '../audit/audit.js';
import type { ConsoleExports } from './console-exports.js';

const xlsx = {
  200: { description: 'an .xlsx workbook (attachment, streamed)', type: 'string', format: 'binary' },
};

/**
 * Excel downloads of the console; access is checked before the first byte is sent. The replies
 * are streamed workbooks, not envelopes: only the query is typed.
 */
export interface ExportRouteServices {
  exports: ConsoleExports;
  editions: { current(): Promise<{ id: string }>; now(): Date };
  audit: Audit;
}

export async function consoleExportRoutes(app: FastifyInstance, { exports, editions, audit }: ExportRouteServices): Promise<void> {
  const tags = ['console'];
  const schema = (summary: string) => ({
    tags,
    summary: `${summary}; mobiles masked unless contacts=1 (audited), ID numbers always masked`,
    security: bearer,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    response: xlsx,
  });

  /** One handler for every workbook: organisers only, checked before the first byte. */
  const workbook =
    <Q>(file: (query: Q) => { key: string; details?: string[] }, sheets: (editionId: string, query: Q) => AnySheet[]) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const who = signedIn(request);
      assertOrganiser(who);
      const edition = await editions.current();
      const query = request.query as Q;
      const { key, details = [] } = file(query);
      const shown = await exportSheets(request, { who, audit, at: editions.now() }, edition.id, key, sheets(edition.id, query));
      return sendWorkbook(request, reply, exportFileName(request, editions.now(), key, ...details), shown);
    };

  app.get(path(paths.exportGuests), {
    schema: schema('Guests of every unit (with arrival, return and hotel)'),
    handler: workbook(
      () => ({ key: 'console.export.files.guests' }),
      (editionId) => exports.guests(editionId),
    ),
  });

  app.get(path(paths.exportEntourage), {
    schema: schema('Entourage members with their guest, unit and itinerary'),
    handler: workbook(
      () => ({ key: 'console.export.files.entourage' }),
      (editionId) => exports.entourage(editionId),
    ),
  });

  app.get<{ Querystring: SchemaData<'manifest-query'> }>(path(paths.exportManifest), {
    schema: {
      ...schema('Arrivals or departures of guests and entourage members on one day, optionally at one station'),
      ...queryOf('manifest-query'),
    },
    handler: workbook<SchemaData<'manifest-query'>>(
      (query) => ({
        key: query.direction === 'arrival' ? 'console.export.files.arrivals' : 'console.export.files.departures',
        details: [query.date, query.station ?? ''],
      }),
      (editionId, query) => exports.manifest(editionId, query),
    ),
  });

  app.get(path(paths.exportHotels), {
    schema: schema('Hotels with their receptionists, and where the guests stay'),
    handler: workbook(
      () => ({ key: 'console.export.files.hotels' }),
      (editionId) => exports.hotels(editionId),
    ),
  });

  for (const kind of unitRecordKinds) {
    app.get(path(paths.exportUnitRecords(kind)), {
      schema: schema(kind === 'vehicle' ? "Every unit's vehicles" : "Every unit's unofficial-activity guests"),
      handler: workbook(
        () => ({ key: `console.export.files.${kind}` }),
        (editionId) => exports.unitRecords(editionId, kind),
      ),
    });
  }
}
