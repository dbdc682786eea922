import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';

export interface ReceivedFile {
  /** the rule named by the `rule` field sent BEFORE the file */
  rule: string | null;
  fileName: string;
  /** bytes the client sent (counted, never the declared size) */
  bytes: number;
  /** false when the file was longer than `maxBytes`: only its first part was kept */
  complete: boolean;
}

export type ReceiveResult = { kind: 'received'; file: ReceivedFile } | { kind: 'notMultipart' } | { kind: 'noFile' };

/** Counts the bytes and stops keeping them past `keepBytes` (the rest is drained, not stored). */
function keepAtMost(keepBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const room = keepBytes - counted.bytes;
      counted.bytes += chunk.length;
      done(null, room > 0 ? chunk.subarray(0, room) : undefined);
    },
  });
}

/**
 * Streams the one file of a multipart request to `targetPath`. Parts are read in order, so the
 * rule is the `rule` field sent BEFORE the file (a rule sent after it is not seen, on purpose:
 * the limit must be known while the file streams). `maxBytesOf(rule)` gives the rule's limit;
 * the file is kept up to one byte past it (enough to know it is too big and to sniff its type)
 * and the rest is read and dropped, as are any later parts, so the answer can go out.
 */
export async function receiveUpload(
  request: FastifyRequest,
  targetPath: string,
  maxBytesOf: (rule: string | null) => number,
): Promise<ReceiveResult> {
  if (!request.isMultipart()) return { kind: 'notMultipart' };
  let rule: string | null = null;
  let received: ReceivedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'rule' && received === null && typeof part.value === 'string') rule = part.value;
      continue;
    }
    if (received !== null) {
      part.file.resume();
      continue;
    }
    const limit = maxBytesOf(rule);
    const counted = { bytes: 0 };
    await pipeline(part.file, keepAtMost(limit + 1, counted), fs.createWriteStream(targetPath, { flags: 'wx', mode: 0o600 }));
    // the parser's own cap (the largest rule) also cuts a file off: then it is too big for any rule
    const complete = counted.bytes <= limit && !part.file.truncated;
    received = { rule, fileName: part.filename, bytes: counted.bytes, complete };
  }
  return received ? { kind: 'received', file: received } : { kind: 'noFile' };
}
