import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportFileName, sendWorkbook, XLSX_TYPE } from './excel-export.js';
import { signedIn } from '../auth/authenticate.js';
import { assertOrganiser } from '../auth/unit-access.js';
import { exportSheets } from '../privacy/export-contacts.js';
import { bearer, path, queryOf } from '../http/route-helpers.js';
import type { Audit } from '../audit/audit.js';
import type { ConsoleWorkbook } from './workbooks.js';

/** The answer of every export route: a streamed workbook. */
export const xlsx = {
  200: { description: 'an .xlsx workbook (attachment, streamed)', type: 'string', format: 'binary' },
};

export interface ExportRouteServices {
  /** every workbook the features contribute, in the order of the OpenAPI paths */
  workbooks: ConsoleWorkbook<never>[];
  editions: { current(): Promise<{ id: string }>; now(): Date };
  audit: Audit;
}

/**
 * Excel downloads of the console, one handler for all: organisers only, checked before the query
 * is validated and before the first byte; contact data audited. The replies are streamed workbooks, not envelopes: only the query
 * is typed.
 */
export async function consoleExportRoutes(app: FastifyInstance, { workbooks, editions, audit }: ExportRouteServices): Promise<void> {
  const tags = ['console'];
  const schema = (summary: string) => ({
    tags,
    summary: `${summary}; mobiles masked unless contacts=1 (audited), ID numbers always masked`,
    security: bearer,
    produces: [XLSX_TYPE],
    response: xlsx,
  });

  for (const workbook of workbooks as ConsoleWorkbook<unknown>[]) {
    app.get(path(workbook.path), {
      schema: workbook.query ? { ...schema(workbook.summary), ...queryOf(workbook.query) } : schema(workbook.summary),
      // organisers only, right after sign-in and before the query is validated: a unit gets 403, never a 400
      preValidation: async (request: FastifyRequest) => assertOrganiser(signedIn(request)),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const who = signedIn(request);
        assertOrganiser(who);
        const edition = await editions.current();
        const { key, details = [] } = workbook.file(request.query);
        const sheets = workbook.sheets(edition.id, request.query);
        const shown = await exportSheets(request, { who, audit, at: editions.now() }, edition.id, key, sheets);
        return sendWorkbook(request, reply, exportFileName(request, editions.now(), key, ...details), shown);
      },
    });
  }
}
