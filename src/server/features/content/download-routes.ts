import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { contentApiPaths as paths } from '../../../shared/content-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { send } from '../../http/error-handler.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import type { Downloads } from './downloads.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { attachmentDisposition } from '../../uploads/download-disposition.js';
import { readableKeptFile, type UploadStorage } from '../../uploads/upload-storage.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';

const byId = paramsOf('content-id-params');
type ById = SchemaData<'content-id-params'>;

/**
 * Downloads (guest registration guideline, agenda): organisers publish uploads checked by the
 * downloadFile rule; every signed-in account lists them and gets the file as an attachment.
 */
export async function downloadRoutes(
  app: FastifyInstance,
  { downloads, storage }: { downloads: Downloads; storage: UploadStorage },
): Promise<void> {
  const tags = ['content'];

  app.get<{ Querystring: SchemaData<'content-page-query'>; Reply: Answer<'response-download-page'> }>(path(paths.downloadPage), {
    schema: {
      tags,
      summary: 'A page of the published downloads (newest first, or sorted by title, category or time published)',
      security: bearer,
      response: envelope('response-download-page', 'a page of downloads'),
      ...queryOf('content-page-query'),
    },
    handler: async (request, reply) => {
      signedIn(request);
      noStore(reply);
      const { keyword, category, sort, order } = request.query;
      return ok(request, await downloads.page({ ...pageOf(request.query), keyword, category, sort, order }));
    },
  });

  // streams the file itself: no envelope, so the reply stays untyped
  app.get<{ Params: ById }>(path(paths.downloadFile(':id')), {
    schema: {
      tags,
      summary: 'The published file as an attachment (RFC 6266/5987 file name); 404 for anything else',
      security: bearer,
      ...byId,
    },
    handler: async (request, reply) => {
      signedIn(request);
      const file = await downloads.fileOf(request.params.id);
      if (!file) return send(request, reply, 'notFound');
      const filePath = await readableKeptFile(storage, file.storage_name, () =>
        request.log.error({ upload: file.id }, 'published file missing'),
      );
      if (filePath === null) return send(request, reply, 'notFound');
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.bytes))
        .header('content-disposition', attachmentDisposition(file.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(fs.createReadStream(filePath));
    },
  });

  app.post<{ Body: SchemaData<'download'>; Reply: Answer<'response-record-id'> }>(path(paths.downloads), {
    schema: {
      tags,
      summary: 'Publish a download (organisers; the file is an upload of rule downloadFile)',
      security: bearer,
      response: envelope('response-record-id', 'the new download'),
      ...bodyOf('download'),
    },
    handler: async (request) => {
      const who = signedIn(request);
      assertOrganiser(who);
      return ok(request, await downloads.add(who, request.body));
    },
  });

  app.put<{ Params: ById; Body: SchemaData<'download'>; Reply: Answer<'response-record-id'> }>(path(paths.download(':id')), {
    schema: {
      tags,
      summary: 'Change a download (organisers)',
      security: bearer,
      response: envelope('response-record-id', 'the saved download'),
      ...byId,
      ...bodyOf('download'),
    },
    handler: async (request) => {
      const who = signedIn(request);
      assertOrganiser(who);
      return ok(request, await downloads.save(who, request.params.id, request.body));
    },
  });

  app.delete<{ Params: ById; Reply: PlainAnswer<null> }>(path(paths.download(':id')), {
    schema: { tags, summary: 'Withdraw a download (organisers)', security: bearer, response: envelope(nothing, 'withdrawn'), ...byId },
    handler: async (request) => {
      const who = signedIn(request);
      assertOrganiser(who);
      await downloads.remove(who, request.params.id);
      return ok(request, null);
    },
  });
}
