import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportFileName, sendWorkbook, XLSX_TYPE } from './excel-export.js';
import { everyPage, exportPageQuery } from './list-workbook.js';
import type { AnyAuditedListExport } from './audited-list-exports.js';
import { signedIn } from '../auth/authenticate.js';
import type { SignedInAccount } from '../auth/sessions.js';
import { assertOrganiser, unitOf } from '../auth/unit-access.js';
import { contactsRequested, sheetsWithPrivacy } from '../privacy/export-contacts.js';
import { bearer, path, queryOf } from '../http/route-helpers.js';
import { paramsOf } from '../http/route-parts.js';
import type { Audit } from '../audit/audit.js';
import { xlsx } from './export-routes.js';

/** What the audit entry of a list's export records as its filter: the query without its page, and the record it belongs to. */
function filterOf(query: Record<string, unknown>, params: Record<string, string>): Record<string, unknown> {
  const { pageNum: _pageNum, pageSize: _pageSize, ...filter } = query;
  return { ...params, ...filter };
}

/** The list's readers, or 403: a unit's lists need a unit, the organisers' lists an organiser; a list of one's own, a session. */
function assertReader(list: AnyAuditedListExport, who: SignedInAccount): void {
  if (list.readers === 'organisers') assertOrganiser(who);
  else if (list.readers === 'units') unitOf(who);
}

export interface AuditedExportRouteServices {
  /** every list with an audited workbook, in the order of the OpenAPI paths */
  exports: AnyAuditedListExport[];
  editions: { current(): Promise<{ id: string }>; now(): Date };
  audit: Audit;
}

/**
 * Excel downloads of declared lists, one handler for all. The list's readers only (403 for any
 * other account, before the query is validated), the caller's rows only (the list's own page
 * reader scopes them), personal data masked as in the list's default view (no contact-data
 * choice: `contacts=1` is 403 for every account but organisers, and changes nothing for them).
 * Each download is an audit entry (who, which list, its filter and how many rows), written
 * before the first byte.
 */
export async function auditedExportRoutes(app: FastifyInstance, { exports, editions, audit }: AuditedExportRouteServices): Promise<void> {
  for (const list of exports) {
    app.get(path(list.path), {
      schema: {
        tags: ['exports'],
        summary: `${list.summary}; ID numbers and mobiles masked; audited`,
        security: bearer,
        produces: [XLSX_TYPE],
        response: xlsx,
        ...queryOf(list.query),
        ...(list.params ? paramsOf(list.params) : {}),
      },
      // the list's readers only, right after sign-in and before the query is validated: anyone else gets 403, never a 400
      preValidation: async (request: FastifyRequest) => {
        const who = signedIn(request);
        assertReader(list, who);
        if (contactsRequested(request)) assertOrganiser(who);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const who = signedIn(request);
        const query = request.query as Record<string, string>;
        const params = (request.params ?? {}) as Record<string, string>;
        const context = { language: request.language, params };
        const read = (asked: Record<string, string>) => list.page(who, asked, context);
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
          after: { filter: filterOf(query, params), rows: first.total },
          at: at.toISOString(),
        });
        const sheets = sheetsWithPrivacy([{ nameKey: list.sheetKey, columns: list.columns, rows: everyPage(read, query, first) }], false);
        const subject = list.fileSubject ? await list.fileSubject(who, query, context) : '';
        return sendWorkbook(request, reply, exportFileName(request, at, list.fileKey, subject), sheets);
      },
    });
  }
}
