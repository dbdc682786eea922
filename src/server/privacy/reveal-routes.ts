import type { FastifyInstance } from 'fastify';
import type { SensitiveField } from '../../shared/sensitive-fields.js';
import { AppError } from '../http/app-error.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { envelope } from '../http/response-schemas.js';
import type { Answer } from '../http/typed-route.js';
import { signedIn } from '../auth/authenticate.js';
import { paramsOf } from '../http/route-parts.js';
import { bearer, bodyOf, path } from '../http/route-helpers.js';
import type { Audit } from '../audit/audit.js';
import { sensitiveFieldsOf } from './masked-answers.js';
import type { RevealBody, RevealTarget } from './reveal-targets.js';

/** The field a pointer names: each segment as the field's path has it, a list position where it has `*`. */
function pointedAt(field: SensitiveField, pointer: string): SensitiveField | undefined {
  const segments = pointer.slice(1).split('/');
  if (segments.length !== field.path.length) return undefined;
  const fits = field.path.every((key, at) => (key === '*' ? /^[0-9]+$/.test(segments[at]!) : key === segments[at]));
  return fits ? { ...field, path: segments } : undefined;
}

/**
 * The field a reveal asks for: `pointer` names it exactly (a field inside a list by its
 * position, as the answer listed it: /reception/stations/0/receptionistPhone); without one, the
 * property named like the kind, else the record's only field of that kind outside lists.
 * Anything else is 404.
 */
export function revealedField(fields: readonly SensitiveField[], body: RevealBody): SensitiveField {
  const ofKind = fields.filter((field) => field.kind === body.field);
  const outsideLists = ofKind.filter((field) => !field.path.includes('*'));
  const pointer = body.pointer;
  const found = pointer
    ? ofKind.map((field) => pointedAt(field, pointer)).find((field) => field !== undefined)
    : (outsideLists.find((field) => field.path.length === 1 && field.path[0] === body.field) ??
      (outsideLists.length === 1 ? outsideLists[0] : undefined));
  if (!found) throw new AppError('notFound');
  return found;
}

function valueAt(document: unknown, fieldPath: readonly string[]): unknown {
  return fieldPath.reduce<unknown>((node, key) => {
    if (Array.isArray(node)) return /^[0-9]+$/.test(key) ? node[Number(key)] : undefined;
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }, document);
}

/**
 * The explicit "show" of one masked value (PIPL minimisation: every other answer masks it),
 * one parametrised handler for every record kind (reveal-targets.ts says who may see what:
 * organisers for console records, a unit account for its own records only, 404 for another
 * unit's id). Each showing is one audit entry (action personal-data.reveal, the record's name,
 * the field), written before the value leaves.
 */
export interface RevealRouteServices {
  editions: { current(): Promise<{ id: string }>; now(): Date };
  audit: Audit;
  /** every record kind whose answers mask a value, in the order of the OpenAPI paths */
  targets: RevealTarget[];
}

export async function revealRoutes(app: FastifyInstance, { editions, audit, targets }: RevealRouteServices): Promise<void> {
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
      handler: async (request, reply) => {
        noStore(reply);
        const who = signedIn(request);
        const record = await target.load(who, request.params, request.body);
        const field = revealedField(
          [...(record.schemaName ? sensitiveFieldsOf(record.schemaName) : []), ...(record.extraFields ?? [])],
          request.body,
        );
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
  for (const target of targets) register(target);
}
