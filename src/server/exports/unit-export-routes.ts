import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportFileName, sendWorkbook, XLSX_TYPE } from './excel-export.js';
import { everyPage, exportPageQuery } from './list-workbook.js';
import type { AnyUnitListExport } from './unit-workbooks.js';
import { signedIn } from '../auth/authenticate.js';
import { assertOrganiser, unitOf } from '../auth/unit-access.js';
import { contactsRequested, sheetsWithPrivacy } from '../privacy/export-contacts.js';
import { bearer, path, queryOf } from '../http/route-helpers.js';
import type { Audit } from '../audit/audit.js';
import { xlsx } from './export-routes.js';

/** What the audit entry of a unit's export records as the list's filter: the query without its page. */
function filterOf(query: Record<string, unknown>): Record<string, unknown> {
  const { pageNum: _pageNum, pageSize: _pageSize, ...filter } = query;
  return filter;
}

export interface UnitExportRouteServices {
  /** every unit list with a workbook, in the order of the OpenAPI paths */
  exports: AnyUnitListExport[];
  editions: { current(): Promise<{ id: string }>; now(): Date };
  audit: Audit;
}

/**
 * Excel downloads of a unit's own lists, one handler for all. Unit accounts only (403 for any
 * other account, before the query is validated), the caller's unit only (the list's own page
 * reader scopes it), personal data masked as in the list's default view (no contact-data
 * choice: `contacts=1` is 403 as for every account but organisers). Each download is an audit
 * entry (who, which list, its filter and how many rows), written before the first byte.
 */
export async function unitExportRoutes(app: FastifyInstance, { exports, editions, audit }: UnitExportRouteServices): Promise<void> {
  for (const list of exports) {
    app.get(path(list.path), {
      schema: {
        tags: ['exports'],
        summary: `${list.summary}; ID numbers and mobiles masked; audited`,
        security: bearer,
        produces: [XLSX_TYPE],
        response: xlsx,
        ...queryOf(list.query),
      },
      // unit accounts only, right after sign-in and before the query is validated: anyone else gets 403, never a 400
      preValidation: async (request: FastifyRequest) => {
        const who = signedIn(request);
        unitOf(who);
        if (contactsRequested(request)) assertOrganiser(who);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const who = signedIn(request);
        const query = request.query as Record<string, string>;
        const read = (asked: Record<string, string>) => list.page(who, asked);
        // the first page counts the rows for the audit entry and is the sheet's first rows
        const first = await read(exportPageQuery(query, 1));
        const edition = await editions.current();
        const at = editions.now();
        await audit.record(request.server.db, who, {
          editionId: edition.id,
          action: 'list.export',
          targetType: 'export',
          targetId: list.fileKey,
          targetLabel: request.server.translator.t(request.language, list.fileKey),
          after: { filter: filterOf(query), rows: first.total },
          at: at.toISOString(),
        });
        const sheets = sheetsWithPrivacy([{ nameKey: list.sheetKey, columns: list.columns, rows: everyPage(read, query, first) }], false);
        return sendWorkbook(request, reply, exportFileName(request, at, list.fileKey), sheets);
      },
    });
  }
}
