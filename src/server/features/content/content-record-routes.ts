import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  catalogueKinds,
  contentApiPaths as paths,
  unitRecordKinds,
  type CatalogueKind,
  type ContentKind,
  type UnitRecordKind,
} from '../../../shared/content-api.js';
import type { FieldErrorItem } from '../../../shared/envelope.js';
import { LANGUAGES } from '../../../shared/constants.js';
import { unitTypes } from '../../../shared/schema-enums.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { send } from '../../http/error-handler.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { importTemplate, readImport, type ImportProblem } from './content-import.js';
import { listQueryOf, type ContentRecords } from './content-records.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';
import { AppError } from '../../http/app-error.js';
import type { UploadRepository } from '../../uploads/upload-repository.js';
import type { UploadStorage } from '../../uploads/upload-storage.js';
import { maskedDocument } from '../../privacy/masked-answers.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';

/** The document of one of the kinds (each kind's body follows the schema named like it). */
type DocumentOf<Kind extends ContentKind> = Kind extends ContentKind ? SchemaData<Kind> : never;
type ById = SchemaData<'content-id-params'>;
type ListQuery = SchemaData<'content-page-query'>;

const byId = paramsOf('content-id-params');

/** Every answer of a record masks the fields its kind's schema marks x-sensitive (units and organisers alike). */
function masked<Record extends { document: object }>(kind: ContentKind, record: Record): Record {
  return { ...record, document: maskedDocument(kind, record.document) };
}
function maskedPage<Page extends { records: { document: object }[] }>(kind: ContentKind, page: Page): Page {
  return { ...page, records: page.records.map((record) => masked(kind, record)) };
}
const UNIT_TYPES = new Set<string>(unitTypes);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_RULE = 'importWorkbook';

/** Catalogues are read by unit accounts and organisers; other accounts have no use for them. */
function assertCatalogueReader(who: SignedInAccount): void {
  if (who.userType !== 'organiser' && !UNIT_TYPES.has(who.userType)) throw new AppError('forbidden');
}

/** Sends the refusal and waits until it is out, so a typed handler ends with no value of its own. */
async function sendImportProblem(request: FastifyRequest, reply: FastifyReply, problem: ImportProblem): Promise<void> {
  const t = (key: string, params: Record<string, unknown> = {}) => request.server.translator.t(request.language, key, params);
  let fieldErrors: FieldErrorItem[];
  if (problem.kind === 'rows') {
    fieldErrors = problem.errors.map(({ row, error }) => ({
      pointer: `/rows/${row}${error.pointer}`,
      key: error.key,
      message: t('content.import.rowError', {
        row,
        field: error.label ? t(error.label) : error.pointer.slice(1),
        message: t(error.key, error.params),
      }),
    }));
  } else {
    const key = `content.import.${problem.kind}`;
    fieldErrors = [{ pointer: '/file', key, message: t(key, problem) }];
  }
  const details = fieldErrors
    .slice(0, 20)
    .map((item) => item.message)
    .join('; ');
  await send(request, reply, 'validationFailed', { details }, { fieldErrors });
}

/**
 * Historical guests and investment projects (organisers keep them, units read them, Excel
 * import all-or-nothing) and vehicles and unofficial-activity guests (one unit's own rows;
 * any other unit's id answers 404; organisers read every unit's).
 */
export interface ContentRecordRouteServices {
  records: ContentRecords;
  uploads: UploadRepository;
  storage: UploadStorage;
}

export async function contentRecordRoutes(app: FastifyInstance, { records, uploads, storage }: ContentRecordRouteServices): Promise<void> {
  const tags = ['content'];

  for (const kind of catalogueKinds) {
    app.get<{ Querystring: ListQuery; Reply: Answer<'response-content-page'> }>(path(paths.page(kind)), {
      schema: {
        tags,
        summary: `A page of ${kind} records (units and organisers; ID numbers masked for units)`,
        security: bearer,
        response: envelope('response-content-page', 'a page'),
        ...queryOf('content-page-query'),
      },
      handler: async (request, reply) => {
        const who = signedIn(request);
        assertCatalogueReader(who);
        noStore(reply);
        const { keyword, session, sort, order } = request.query;
        return ok(
          request,
          maskedPage(
            kind,
            await records.page(
              kind,
              { ...pageOf(request.query), keyword, tag: session, sort, order },
              { mask: who.userType !== 'organiser' },
            ),
          ),
        );
      },
    });

    app.post<{ Body: DocumentOf<CatalogueKind>; Reply: Answer<'response-content-record'> }>(path(paths.catalogue(kind)), {
      schema: {
        tags,
        summary: `Add a ${kind} (organisers)`,
        security: bearer,
        response: envelope('response-content-record', 'the record'),
        ...bodyOf(kind),
      },
      handler: async (request) => {
        const who = signedIn(request);
        assertOrganiser(who);
        return ok(request, masked(kind, await records.add(kind, request.body, null, who)));
      },
    });

    app.put<{ Params: ById; Body: DocumentOf<CatalogueKind>; Reply: Answer<'response-content-record'> }>(
      path(paths.catalogueRecord(kind, ':id')),
      {
        schema: {
          tags,
          summary: `Change a ${kind} (organisers)`,
          security: bearer,
          response: envelope('response-content-record', 'the record'),
          ...byId,
          ...bodyOf(kind),
        },
        handler: async (request) => {
          const who = signedIn(request);
          assertOrganiser(who);
          return ok(request, masked(kind, await records.save(kind, request.params.id, request.body, null, who)));
        },
      },
    );

    app.delete<{ Params: ById; Reply: PlainAnswer<null> }>(path(paths.catalogueRecord(kind, ':id')), {
      schema: { tags, summary: `Delete a ${kind} (organisers)`, security: bearer, response: envelope(nothing, 'deleted'), ...byId },
      handler: async (request) => {
        const who = signedIn(request);
        assertOrganiser(who);
        await records.remove(kind, request.params.id, null, who);
        return ok(request, null);
      },
    });

    app.post<{ Body: SchemaData<'content-import'>; Reply: Answer<'response-import-result'> }>(path(paths.catalogueImport(kind)), {
      schema: {
        tags,
        summary: `Import ${kind} records from an uploaded .xlsx (rule importWorkbook; row 1 names the columns as in the template): every row is validated by the ${kind} schema, and nothing is saved unless all pass (row errors in fieldErrors, pointer /rows/<excel row>/<field>)`,
        security: bearer,
        response: envelope('response-import-result', 'how many were imported'),
        ...bodyOf('content-import'),
      },
      handler: async (request, reply) => {
        const who = signedIn(request);
        assertOrganiser(who);
        const upload = await uploads.find(request.body.file);
        // only the organiser's own workbook, checked as one when it was uploaded
        if (!upload || upload.owner_account_id !== who.id || upload.rule_name !== IMPORT_RULE) {
          return sendImportProblem(request, reply, { kind: 'fileNotFound' });
        }
        const outcome = await readImport(kind, storage.pathOf(upload.storage_name), (key) =>
          LANGUAGES.map((language) => request.server.translator.t(language, key)),
        );
        if (outcome.kind === 'refused') {
          if (outcome.problem.kind === 'unreadable' && outcome.problem.cause)
            request.log.warn({ cause: outcome.problem.cause }, 'import workbook unreadable');
          return sendImportProblem(request, reply, outcome.problem);
        }
        return ok(request, { imported: await records.addAll(kind, outcome.documents, who, upload.id) });
      },
    });

    // a file download: the reply is the workbook itself, no envelope to type
    app.get(path(paths.catalogueTemplate(kind)), {
      schema: { tags, summary: `The ${kind} import template (.xlsx, header row only)`, security: bearer },
      handler: async (request, reply) => {
        assertOrganiser(signedIn(request));
        const body = await importTemplate(kind, (key) => request.server.translator.t(request.language, key));
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${kind}-template.xlsx"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    });
  }

  for (const kind of unitRecordKinds) {
    app.get<{ Querystring: ListQuery; Reply: Answer<'response-content-page'> }>(path(paths.page(kind)), {
      schema: {
        tags,
        summary: `A page of the caller's unit's ${kind} records`,
        security: bearer,
        response: envelope('response-content-page', 'a page'),
        ...queryOf('content-page-query'),
      },
      handler: async (request, reply) => {
        const unitId = unitOf(signedIn(request));
        noStore(reply);
        return ok(
          request,
          maskedPage(kind, await records.page(kind, { ...pageOf(request.query), ...listQueryOf(request.query) }, { unitId })),
        );
      },
    });

    app.post<{ Body: DocumentOf<UnitRecordKind>; Reply: Answer<'response-content-record'> }>(path(paths.unitRecords(kind)), {
      schema: {
        tags,
        summary: `Add a ${kind} of the caller's unit`,
        security: bearer,
        response: envelope('response-content-record', 'the record'),
        ...bodyOf(kind),
      },
      handler: async (request) => ok(request, masked(kind, await records.add(kind, request.body, unitOf(signedIn(request))))),
    });

    app.put<{ Params: ById; Body: DocumentOf<UnitRecordKind>; Reply: Answer<'response-content-record'> }>(
      path(paths.unitRecord(kind, ':id')),
      {
        schema: {
          tags,
          summary: `Change a ${kind} of the caller's unit (404 for any other id)`,
          security: bearer,
          response: envelope('response-content-record', 'the record'),
          ...byId,
          ...bodyOf(kind),
        },
        handler: async (request) =>
          ok(request, masked(kind, await records.save(kind, request.params.id, request.body, unitOf(signedIn(request))))),
      },
    );

    app.delete<{ Params: ById; Reply: PlainAnswer<null> }>(path(paths.unitRecord(kind, ':id')), {
      schema: {
        tags,
        summary: `Delete a ${kind} of the caller's unit (404 for any other id)`,
        security: bearer,
        response: envelope(nothing, 'deleted'),
        ...byId,
      },
      handler: async (request) => {
        await records.remove(kind, request.params.id, unitOf(signedIn(request)));
        return ok(request, null);
      },
    });

    app.get<{ Querystring: ListQuery; Reply: Answer<'response-content-page'> }>(path(paths.adminPage(kind)), {
      schema: {
        tags,
        summary: `Every unit's ${kind} records with the unit name (organisers)`,
        security: bearer,
        response: envelope('response-content-page', 'a page'),
        ...queryOf('content-page-query'),
      },
      handler: async (request, reply) => {
        assertOrganiser(signedIn(request));
        noStore(reply);
        return ok(
          request,
          maskedPage(kind, await records.page(kind, { ...pageOf(request.query), ...listQueryOf(request.query) }, { withUnitName: true })),
        );
      },
    });
  }
}
