import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request, written when the answer is sent. Fastify's
 * default writes two ("incoming request", "request completed"), each serialising the request
 * or the reply: about a quarter of the busy CPU of a cheap read. The query string is left out
 * (it may hold a password, SPEC's changPwd); so are the headers (the token).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {
    // the completed line says everything the incoming one did
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url.split('?', 1)[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
