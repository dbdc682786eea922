import type { FastifyInstance } from 'fastify';
import type { SensitiveField } from '../../shared/sensitive-fields.js';
import { AppError } from '../http/app-error.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { envelope } from '../http/response-schemas.js';
import type { Answer, SchemaData } from '../http/typed-route.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import { paramsOf } from '../routes/guest-route-parts.js';
import { bearer, bodyOf, path } from '../routes/route-helpers.js';
import { Audit } from '../services/audit.js';
import { sensitiveFieldsOf } from './masked-answers.js';
import { revealTargets, type RevealTarget } from './reveal-targets.js';

type RevealBody = SchemaData<'personal-data-reveal'>;

/**
 * The field a reveal asks for: `pointer` names it exactly; without one, the property named
 * like the kind, else the record's only field of that kind. Fields inside lists are never
 * shown one by one (an item has no stable identity); anything else is 404.
 */
export function revealedField(fields: readonly SensitiveField[], body: RevealBody): SensitiveField {
  const ofKind = fields.filter((field) => field.kind === body.field && !field.path.includes('*'));
  const found = body.pointer
    ? ofKind.find((field) => `/${field.path.join('/')}` === body.pointer)
    : (ofKind.find((field) => field.path.length === 1 && field.path[0] === body.field) ?? (ofKind.length === 1 ? ofKind[0] : undefined));
  if (!found) throw new AppError('notFound');
  return found;
}

function valueAt(document: unknown, fieldPath: readonly string[]): unknown {
  return fieldPath.reduce<unknown>((node, key) => (node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), document);
}

/**
 * The explicit "show" of one masked value (PIPL minimisation: every other answer masks it),
 * one parametrised handler for every record kind (reveal-targets.ts says who may see what:
 * organisers for console records, a unit account for its own records only, 404 for another
 * unit's id). Each showing is one audit entry (action personal-data.reveal, the record's name,
 * the field), written before the value leaves.
 */
export async function revealRoutes(app: FastifyInstance): Promise<void> {
  const { editions } = app.services;
  const audit = new Audit(app.db);

  const register = (target: RevealTarget) => {
    app.post<{ Params: { id?: string }; Body: RevealBody; Reply: Answer<'response-personal-data-reveal'> }>(path(target.path), {
      schema: {
        tags: target.tags,
        summary: target.summary,
        security: bearer,
        response: envelope('response-personal-data-reveal', 'the full value'),
        ...(target.params ? paramsOf(target.params) : {}),
        ...bodyOf('personal-data-reveal'),
      },
      preValidation: authenticate,
      handler: async (request, reply) => {
        noStore(reply);
        const who = signedIn(request);
        const record = await target.load(who, request.params, request.body);
        const field = revealedField(sensitiveFieldsOf(record.schemaName), request.body);
        const value = valueAt(record.document, field.path);
        if (typeof value !== 'string' || value === '') throw new AppError('notFound');
        await audit.record(app.db, who, {
          editionId: (await editions.current()).id,
          action: 'personal-data.reveal',
          targetType: record.targetType,
          targetId: record.targetId,
          targetLabel: record.targetLabel,
          // the top-level field as before; a nested one by its pointer
          after: { field: field.path.length === 1 ? field.path[0] : `/${field.path.join('/')}` },
          at: editions.now().toISOString(),
        });
        return ok(request, { value });
      },
    });
  };
  for (const target of revealTargets(app)) register(target);
}
