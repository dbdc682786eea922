import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';

const INFO = 30;
const LINE_FIELDS = ['reqId', 'method', 'url', 'status', 'ms'];

/** The parts of pino's own line writer that the access line reuses (pino.symbols is its public handle on them). */
interface PinoInternals {
  prefix: string;
  time: () => string;
  /** the logger's bindings as pino writes them (read at each line: setBindings may change them) */
  chindings: () => string;
  end: string;
  write: (line: string) => void;
  /** the logger's current level lets info through */
  enabled: () => boolean;
}

/**
 * The access line as pino itself would write `logger.info({ reqId, method, url, status, ms },
 * 'request')`, assembled from pino's own pieces (level prefix, time, bindings, line end, stream)
 * without its per-call machinery (the formatters, a loop over serializers and stringifiers for
 * every key). Only for a logger whose options make that one call exactly this concatenation
 * (pino's defaults: what serverLoggerOptions and the tests give); null otherwise, and the line
 * then goes through `logger.info`.
 */
function plainLineWriter(logger: FastifyBaseLogger): PinoInternals | null {
  const s = pino.symbols as unknown as Record<string, symbol>;
  const internals = logger as unknown as Record<symbol, unknown>;
  const formatters = internals[s.formattersSym!] as { log?: unknown; level?: (label: string, n: number) => unknown } | undefined;
  const serializers = (internals[s.serializersSym!] ?? {}) as Record<string, unknown>;
  const stringifiers = (internals[s.stringifiersSym!] ?? {}) as Record<string | symbol, unknown>;
  const hooks = internals[s.hooksSym!] as { streamWrite?: unknown } | undefined;
  const stream = internals[s.streamSym!] as { write?: (line: string) => void; [key: symbol]: unknown } | undefined;
  const prefix = (internals[s.lsCacheSym!] as Record<number, string> | undefined)?.[INFO];
  const time = internals[s.timeSym!];
  const chindings = internals[s.chindingsSym!];
  const end = internals[s.endSym!];
  const plain =
    formatters !== undefined &&
    formatters.log === undefined &&
    internals[s.mixinSym!] === undefined &&
    internals[s.messageKeySym!] === 'msg' &&
    !internals[s.nestedKeySym!] &&
    !internals[s.msgPrefixSym!] &&
    hooks?.streamWrite === undefined &&
    (logger as unknown as Logger).levels?.values?.info === INFO &&
    LINE_FIELDS.every((key) => serializers[key] === undefined && stringifiers[key] === undefined) &&
    stringifiers[s.wildcardFirstSym!] === undefined &&
    typeof stream?.write === 'function' &&
    stream[s.needsMetadataGsym!] !== true &&
    typeof prefix === 'string' &&
    typeof time === 'function' &&
    typeof chindings === 'string' &&
    typeof end === 'string' &&
    typeof (logger as unknown as Logger).isLevelEnabled === 'function';
  if (!plain) return null;
  const pinoLogger = logger as unknown as Logger;
  return {
    prefix,
    time: time.bind(logger) as () => string,
    chindings: () => internals[s.chindingsSym!] as string,
    end,
    write: (line) => stream.write!(line),
    enabled: () => pinoLogger.isLevelEnabled('info'),
  };
}

/**
 * One access line per request, written when the answer is sent. Fastify's
 * default writes two ("incoming request", "request completed"), each serialising the request
 * or the reply: about a quarter of the busy CPU of a cheap read. The query string is left out
 * (it may hold a password, SPEC's changPwd); so are the headers (the token).
 * The line carries the request id as the request's own logger would (`reqId`), but is written
 * by the app's logger: the request's child logger is then never made for an ordinary request
 * (see lazyChildLogger).
 */
export class AccessLog extends LogController {
  private readonly writers = new WeakMap<object, PinoInternals | null>();

  override incomingRequest(): void {
    // the completed line says everything the incoming one did
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const method = request.method;
    const query = request.url.indexOf('?');
    const url = query === -1 ? request.url : request.url.slice(0, query);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error({ method, url, status, ms, err: error }, 'request errored');
      return;
    }
    // a request logger that is not the lazy one, or one with the route's own level (Fastify
    // makes the child with it): the line goes through it, as Fastify's own would
    const own = reply.log instanceof LazyChildLogger ? reply.log : null;
    if (own === null || own.hasOwnLevel) {
      reply.log.info({ method, url, status, ms }, 'request');
      return;
    }
    const logger = request.server.log;
    let writer = this.writers.get(logger);
    if (writer === undefined) this.writers.set(logger, (writer = plainLineWriter(logger)));
    if (writer === null) {
      logger.info({ [this.requestIdLogLabel]: request.id, method, url, status, ms }, 'request');
      return;
    }
    if (!writer.enabled()) return;
    writer.write(
      `${writer.prefix}${writer.time()}${writer.chindings()},${JSON.stringify(this.requestIdLogLabel)}:${JSON.stringify(request.id)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":"request"${writer.end}`,
    );
  }
}

/**
 * A request's logger made on its first use. Fastify makes a pino child (the request id bound)
 * for every request before any hook runs, about as costly as the access line itself; most
 * requests never log anything but that line, which the app's logger writes (AccessLog).
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** the route declared its own log level */
  get hasOwnLevel(): boolean {
    return this.options.level !== undefined;
  }

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: Parameters<FastifyBaseLogger['fatal']>) {
    this.real().fatal(...args);
  }
  error(...args: Parameters<FastifyBaseLogger['error']>) {
    this.real().error(...args);
  }
  warn(...args: Parameters<FastifyBaseLogger['warn']>) {
    this.real().warn(...args);
  }
  info(...args: Parameters<FastifyBaseLogger['info']>) {
    this.real().info(...args);
  }
  debug(...args: Parameters<FastifyBaseLogger['debug']>) {
    this.real().debug(...args);
  }
  trace(...args: Parameters<FastifyBaseLogger['trace']>) {
    this.real().trace(...args);
  }
  silent(...args: Parameters<FastifyBaseLogger['silent']>) {
    this.real().silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return (this.real() as unknown as Logger).isLevelEnabled(level);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
