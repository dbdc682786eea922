import { basename } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/envelope.js';
import type { UploadedFile } from '../../shared/upload-api.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { receiveUpload, type ReceivedFile, type ReceiveResult } from './receive-upload.js';
import type { UploadJournal } from './upload-journal.js';
import { paceLimitsOf, watchUploadPace } from './upload-pace.js';
import { sendUploadError } from './upload-reply.js';
import { dependencyFailureOf } from '../http/dependency-failures.js';
import type { KeepResult } from './upload-service.js';
import type { UploadStore } from './upload-storage.js';

export interface PacedUpload {
  storage: UploadStore;
  journal: UploadJournal;
  /** the largest file this route takes: the pace's deadline is counted for it */
  maxBytes: number;
  /** the byte limit of the rule the form names (0: no such rule, refused) */
  limitOf: (rule: string | null) => number;
  /** checks the received file against its rule and keeps it (moves `incoming` into the store) */
  keep: (file: ReceivedFile, incoming: string) => Promise<KeepResult>;
}

/**
 * One upload request, for both upload routes (signed-in files and the open temporary picture):
 * received at a minimum pace into a journaled incoming file, checked and kept, or refused with
 * the upload error envelope. The incoming file is gone at the end whatever happened.
 */
export async function handlePacedUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  upload: PacedUpload,
): Promise<FastifyReply | Envelope<UploadedFile>> {
  const incoming = upload.storage.incomingPath();
  // the minimum rate and the upload's deadline, not REQUEST_TIMEOUT_MS (uploads/upload-pace.ts)
  const pace = watchUploadPace(
    request,
    reply,
    paceLimitsOf(request.server.config),
    upload.maxBytes,
    () => void sendUploadError(request, reply, 'tooSlow'),
  );
  // journaled before the file exists: the sweep never takes a file a live request writes
  return upload.journal.around([basename(incoming)], async () => {
    try {
      let received: ReceiveResult;
      try {
        received = await receiveUpload(request, incoming, upload.limitOf);
      } catch (error) {
        if (pace.timedOut) return reply;
        if (dependencyFailureOf(error) === 'storageFull') {
          request.log.error({ err: error }, 'storage full: upload not received');
          return sendUploadError(request, reply, 'storageFull');
        }
        request.log.info({ err: error }, 'malformed multipart upload');
        return sendUploadError(request, reply, 'notMultipart');
      }
      pace.stop();
      if (pace.timedOut) return reply;
      if (received.kind !== 'received') return sendUploadError(request, reply, received.kind);
      let result: KeepResult;
      try {
        result = await upload.keep(received.file, incoming);
      } catch (error) {
        const dependency = dependencyFailureOf(error);
        // the database away: the app's 503 (a balancer counts it against this instance), as for any other route
        if (dependency === 'serviceUnavailable') throw error;
        request.log.error({ err: error }, 'upload could not be kept');
        if (dependency === 'storageFull') request.server.databaseSpace.note(error);
        return sendUploadError(request, reply, dependency === 'storageFull' ? 'storageFull' : 'storageFailed');
      }
      if (result.kind === 'refused') return sendUploadError(request, reply, result.error, result.failures, result.params);
      noStore(reply);
      return ok(request, result.file);
    } finally {
      pace.stop();
      // gone already when the file was kept (renamed)
      await upload.storage.discard(incoming);
    }
  });
}
