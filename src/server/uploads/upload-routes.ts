import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadPaths } from '../../shared/upload-api.js';
import { ok } from '../http/envelope-reply.js';
import { envelope } from '../http/response-schemas.js';
import type { Answer } from '../http/typed-route.js';
import { signedIn } from '../auth/authenticate.js';
import { guarded, limits } from '../plugins/rate-limits.js';
import { contentDisposition } from './file-name.js';
import { handlePacedUpload } from './paced-upload.js';
import { sendUploadError } from './upload-reply.js';
import { largestAllowedBytes, uploadRulesNamed } from './upload-rule-catalogue.js';
import type { UploadService } from './upload-service.js';
import { loadSchema } from '../http/schema-loader.js';
import { bearer, path } from '../http/route-helpers.js';

/**
 * Uploads. Register inside the API prefix, after the app decorations:
 * `await api.register(uploadRoutes);` in src/server/app.ts. It registers @fastify/multipart in
 * its own encapsulated context, so no other route accepts multipart bodies.
 */
export async function uploadRoutes(app: FastifyInstance, { uploads }: { uploads: UploadService }): Promise<void> {
  await app.register(multipart, {
    // the hard cap is the largest rule's limit; each rule's own limit is applied while streaming
    limits: { fileSize: largestAllowedBytes() + 1, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 50 },
    throwFileSizeLimit: false,
  });
  const tags = ['files'];

  app.post<{ Reply: Answer<'response-uploaded-file'> }>(path(uploadPaths.upload), {
    schema: {
      tags,
      summary:
        'Upload one file (multipart/form-data): a `rule` field naming an x-upload rule (photo, businessCard, logo, speechMaterials, pictureJpg, media) BEFORE the `file` part. The content is sniffed and checked against the rule; refusals list every failed rule in fieldErrors.',
      security: bearer,
      consumes: ['multipart/form-data'],
      response: envelope('response-uploaded-file', 'the stored file'),
    },
    ...guarded(app, limits.upload),
    handler: async (request, reply) => {
      const account = signedIn(request);
      return handlePacedUpload(request, reply, {
        storage: uploads.storage,
        journal: uploads.journal,
        maxBytes: largestAllowedBytes(),
        limitOf: (rule) => {
          const rules = rule ? uploadRulesNamed(rule) : null;
          return rules ? (rules.maxBytes ?? largestAllowedBytes()) : 0;
        },
        keep: (file, incoming) => uploads.keep(account, file, incoming),
      });
    },
  });

  app.get<{ Params: { id: string }; Reply: Answer<'response-uploaded-file'> }>(path(uploadPaths.info(':id')), {
    schema: {
      tags,
      summary:
        'Name, type and size of a stored file (what a reopened form shows instead of its id): same readers as the file; anyone else gets 404',
      security: bearer,
      params: loadSchema('file-id-params'),
      response: envelope('response-uploaded-file', 'the stored file'),
    },
    handler: async (request, reply) => {
      const found = await uploads.describe(signedIn(request), request.params.id);
      if (!found) return sendUploadError(request, reply, 'notFound');
      reply.header('cache-control', 'no-store');
      return ok(request, found);
    },
  });

  app.get<{ Params: { id: string } }>(`/${uploadPaths.file}/:id`, {
    schema: {
      tags,
      summary: 'A stored file: its owner, its unit or an organiser; anyone else gets 404',
      security: bearer,
      params: loadSchema('file-id-params'),
    },
    handler: async (request, reply) => {
      const account = signedIn(request);
      const { id } = request.params;
      const found = await uploads.readable(account, id);
      if (!found) return sendUploadError(request, reply, 'notFound');
      return (
        reply
          .header('content-type', found.row.mime)
          .header('content-length', String(found.row.bytes))
          .header('content-disposition', contentDisposition(found.disposition, found.row.original_name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          // a stored file is never a page: nothing in it may run or load anything
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(fs.createReadStream(found.filePath))
      );
    },
  });
}
