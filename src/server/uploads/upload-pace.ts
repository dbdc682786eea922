import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * What bounds an upload, instead of REQUEST_TIMEOUT_MS, which would cut a
 * large file on an ordinary line:
 * - a minimum rate: after the first `stallWindowMs`, every window of that length must bring at
 *   least `minBytesPerSecond` x window bytes, so a trickle (2 bytes/s) is answered 408 after
 *   one to two windows, whatever the file's size;
 * - a deadline for the whole request: REQUEST_TIMEOUT_MS plus the route's largest file at the
 *   minimum rate (a 100 MB video at 32 KiB/s: 30 s + 53 min), so even a client that keeps
 *   exactly to the minimum finishes, and nothing runs forever.
 */
export interface UploadPaceLimits {
  minBytesPerSecond: number;
  stallWindowMs: number;
  /** REQUEST_TIMEOUT_MS: the allowance for everything but the file's bytes */
  baseMs: number;
}

export function paceLimitsOf(
  config: Pick<AppConfig, 'uploadMinBytesPerSecond' | 'uploadStallWindowMs' | 'requestTimeoutMs'>,
): UploadPaceLimits {
  return { minBytesPerSecond: config.uploadMinBytesPerSecond, stallWindowMs: config.uploadStallWindowMs, baseMs: config.requestTimeoutMs };
}

export function uploadDeadlineMs(limits: UploadPaceLimits, maxFileBytes: number): number {
  return limits.baseMs + Math.ceil((maxFileBytes / limits.minBytesPerSecond) * 1000);
}

export interface UploadPace {
  /** true once the upload was answered 408 (the handler must not answer again) */
  readonly timedOut: boolean;
  stop(): void;
}

/**
 * Watches the bytes the connection delivers (the socket's own count: nothing is read from the
 * stream the multipart parser consumes) and answers 408 with `onTimeout` when the rate falls
 * under the minimum or the deadline passes. The answer closes the connection, so the client's
 * remaining bytes are not waited for.
 */
export function watchUploadPace(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: UploadPaceLimits,
  maxFileBytes: number,
  onTimeout: () => void,
): UploadPace {
  const socket = request.raw.socket;
  // an injected request (tests) has no real socket: only the deadline applies to it
  const bytesRead = () => (typeof socket?.bytesRead === 'number' ? socket.bytesRead : Number.POSITIVE_INFINITY);
  const started = Date.now();
  const deadline = started + uploadDeadlineMs(limits, maxFileBytes);
  let windowStartBytes = bytesRead();
  let timedOut = false;
  const check = () => {
    if (request.raw.complete || reply.sent) return stop();
    const now = Date.now();
    const received = bytesRead();
    const gained = received === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : received - windowStartBytes;
    windowStartBytes = received;
    if (now >= deadline || gained < (limits.minBytesPerSecond * limits.stallWindowMs) / 1000) {
      timedOut = true;
      stop();
      request.log.info({ bytesRead: received, elapsedMs: now - started, gained }, 'upload too slow: answered 408');
      reply.header('connection', 'close');
      onTimeout();
      // once the answer is out, the request stream is ended with an error: the multipart parser
      // stops waiting for parts that will never come, so the handler ends and cleans up
      reply.raw.once('finish', () => request.raw.destroy(new Error('upload too slow')));
    }
  };
  const timer = setInterval(check, limits.stallWindowMs);
  timer.unref();
  const deadlineTimer = setTimeout(check, deadline - started);
  deadlineTimer.unref();
  function stop() {
    clearInterval(timer);
    clearTimeout(deadlineTimer);
  }
  return {
    get timedOut() {
      return timedOut;
    },
    stop,
  };
}
