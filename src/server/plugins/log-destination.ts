import pino from 'pino';
import type { AppConfig } from '../config.js';

/** Lines are held until this many bytes wait, or until the next periodic flush. */
const BUFFER_BYTES = 4096;
/** The longest a line waits in the buffer when traffic is low. */
const FLUSH_EVERY_MS = 1000;
/** A destination that cannot keep up drops lines past this much buffered, rather than growing. */
const MOST_BUFFERED_BYTES = 16 * 1024 * 1024;

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * The log's asynchronous destination (issue 17 point 5). pino's default writes every line to
 * stdout with a blocking write(2), one system call per request on the event loop; this one
 * buffers the lines and writes them in batches off the loop. pino flushes it synchronously when
 * the process exits (also after an uncaught error); a killed process loses at most the last
 * second of lines. `dest`: a file descriptor (1, stdout) or a file path.
 */
export function bufferedLogDestination(dest: number | string = 1): LogDestination {
  return pino.destination({ dest, sync: false, minLength: BUFFER_BYTES, periodicFlush: FLUSH_EVERY_MS, maxLength: MOST_BUFFERED_BYTES });
}

/** The server's pino options: the configured level, requests without query string or headers, the buffered destination. */
export function serverLoggerOptions(config: Pick<AppConfig, 'logLevel'>, destination: LogDestination = bufferedLogDestination()) {
  return {
    level: config.logLevel,
    // query strings may hold passwords (changPwd per SPEC) and the header a token: never log them
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({ method: request.method, url: request.url.split('?')[0], id: request.id }),
    },
    stream: destination,
  };
}
