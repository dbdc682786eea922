import type { FastifyInstance } from 'fastify';

/**
 * Fastify's own JSON parser (prototype-poisoning checks included), except that an EMPTY body
 * sent with `content-type: application/json` counts as no body: SPEC 7's client sends that
 * header on every call, including bodiless POSTs such as logout and readNotice.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
