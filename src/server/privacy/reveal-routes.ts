import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestApiPaths } from '../../shared/guest-api.js';
import { AppError } from '../http/app-error.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { envelope } from '../http/response-schemas.js';
import type { Answer, SchemaData } from '../http/typed-route.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import { paramsOf } from '../routes/guest-route-parts.js';
import { bearer, bodyOf, path } from '../routes/route-helpers.js';
import { Audit } from '../services/audit.js';
import type { SignedInAccount } from '../services/sessions.js';
import { sensitiveFieldsOf } from './masked-answers.js';

type RevealRequest = FastifyRequest<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'personal-data-reveal'> }>;

/**
 * The explicit "show" of one masked value (PIPL minimisation: every other answer masks it).
 * Who may see it (README "Privacy"): organisers, for any guest or member of the current
 * edition; a unit account, for its own guests and their members (another unit's id is 404, as
 * everywhere). Guest accounts, other account types: 403. Each showing is one audit entry
 * (action personal-data.reveal, the person's name, the field), written before the value leaves.
 */
export async function revealRoutes(app: FastifyInstance): Promise<void> {
  const { guests, entourage, entourageTravel, editions } = app.services;
  const audit = new Audit(app.db);
  const schema = (summary: string, tags: string[]) => ({
    tags,
    summary,
    security: bearer,
    response: envelope('response-personal-data-reveal', 'the full value'),
    ...paramsOf('guest-id-params'),
    ...bodyOf('personal-data-reveal'),
  });

  /** The stored (clear) document the field is read from, through the caller's scoped read. */
  async function documentOf(who: SignedInAccount, request: RevealRequest, anyUnit: boolean): Promise<{ document: Record<string, unknown>; targetType: string; targetId: string }> {
    const { id } = request.params;
    const { memberId } = request.body;
    if (memberId) return { document: (await entourage.stored(who, id, memberId, anyUnit)).document, targetType: 'entourage', targetId: memberId };
    const detail = anyUnit ? await entourageTravel.adminDetail(who, id) : await guests.detail(who, id);
    return { document: detail.document, targetType: 'guest', targetId: id };
  }

  const reveal = (anyUnit: boolean) => async (request: RevealRequest) => {
    const who = signedIn(request);
    const { document, targetType, targetId } = await documentOf(who, request, anyUnit);
    const schemaName = targetType === 'guest' ? 'guest' : 'entourage-member';
    const { field } = request.body;
    const marked = sensitiveFieldsOf(schemaName).some(({ path: fieldPath }) => fieldPath.length === 1 && fieldPath[0] === field);
    const value = document[field];
    if (!marked || typeof value !== 'string' || value === '') throw new AppError('notFound');
    const edition = await editions.current();
    await audit.record(app.db, who, {
      editionId: edition.id,
      action: 'personal-data.reveal',
      targetType,
      targetId,
      targetLabel: typeof document.nameZh === 'string' ? document.nameZh : null,
      after: { field },
      at: editions.now().toISOString(),
    });
    return value;
  };

  const unitReveal = reveal(false);
  app.post<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'personal-data-reveal'>; Reply: Answer<'response-personal-data-reveal'> }>(path(guestApiPaths.guestReveal(':id')), {
    schema: schema("Show the full ID number or mobile of the caller's unit's guest or of one of its members (audited; 404 for any other id)", ['guests']),
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, { value: await unitReveal(request) });
    },
  });

  const organiserReveal = reveal(true);
  app.post<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'personal-data-reveal'>; Reply: Answer<'response-personal-data-reveal'> }>(path(guestApiPaths.adminGuestReveal(':id')), {
    schema: schema('Organisers: show the full ID number or mobile of any guest of the current edition or of one of its members (audited; 403 for other accounts)', ['admin']),
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, { value: await organiserReveal(request) });
    },
  });
}
