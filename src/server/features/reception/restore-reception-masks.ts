import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksMasked, maskMobile } from '../../../shared/sensitive-fields.js';

type Point = Record<string, unknown>;
type Reception = Record<string, unknown>;
const LISTS = ['stations', 'hotels'] as const;

/** A receptionist whose clear mobile a mask may stand for. */
export interface KnownReceptionist {
  name: string;
  mobile: string;
}

export interface ReceptionMaskSources {
  /** the arrangement as stored (opened), null when none was set */
  stored: Reception | null;
  /** the edition's receptionists (the editor's picker offers them masked) */
  staff: KnownReceptionist[];
}

const pointsOf = (reception: Reception | null, list: string): Point[] => {
  const points = reception?.[list];
  return Array.isArray(points) ? (points.filter((p) => p && typeof p === 'object') as Point[]) : [];
};

/**
 * The receptionist phone a submitted mask stands for, or the mask itself (left to validation,
 * which refuses any value with an asterisk). Reception points sit in lists whose items an editor
 * may add, remove or reorder, so a mask is matched, in order: the stored point at the same
 * position; a stored point of either list with the same receptionist name; a receptionist of
 * the edition with that name (picked from the masked list). Each match must give exactly this
 * mask: a different value with an asterisk is never turned into a number.
 */
function phoneFor(
  mask: string,
  name: unknown,
  samePosition: Point | undefined,
  stored: Reception | null,
  staff: KnownReceptionist[],
): string {
  const fits = (phone: unknown): phone is string =>
    typeof phone === 'string' && phone !== '' && !looksMasked(phone) && maskMobile(phone) === mask;
  if (samePosition && fits(samePosition.receptionistPhone)) return samePosition.receptionistPhone;
  const storedPoint = LISTS.flatMap((list) => pointsOf(stored, list)).find(
    (point) => point.receptionistName === name && fits(point.receptionistPhone),
  );
  if (storedPoint) return storedPoint.receptionistPhone as string;
  const person = staff.find((item) => item.name === name && fits(item.mobile));
  return person ? person.mobile : mask;
}

/** The submitted arrangement with every mask that stands for a known phone replaced by it. */
export function restoreReceptionMasks(submitted: Reception, sources: ReceptionMaskSources): Reception {
  const out: Reception = { ...submitted };
  for (const list of LISTS) {
    const points = submitted[list];
    if (!Array.isArray(points)) continue;
    const stored = pointsOf(sources.stored, list);
    out[list] = points.map((point: unknown, position) => {
      if (!point || typeof point !== 'object') return point;
      const { receptionistPhone: phone, receptionistName: name } = point as Point;
      if (typeof phone !== 'string' || !looksMasked(phone)) return point;
      return { ...(point as Point), receptionistPhone: phoneFor(phone, name, stored[position], sources.stored, sources.staff) };
    });
  }
  return out;
}

const holdsMask = (body: Reception): boolean =>
  LISTS.some((list) => pointsOf(body, list).some((point) => looksMasked(point.receptionistPhone)));

/**
 * preValidation of the reception editor's saves (guest and entourage member): the editor is
 * filled from a masked answer and picks receptionists from a masked list, so a phone sent back
 * as a mask keeps the number it stands for. Runs after `authenticate` and before the schema
 * check; the stored arrangement and the staff are read only when the body holds a mask.
 */
export function restoreReceptionMaskedPhones<Request extends FastifyRequest>(sources: (request: Request) => Promise<ReceptionMaskSources>) {
  return async (request: Request, _reply: FastifyReply): Promise<void> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !holdsMask(body as Reception)) return;
    request.body = restoreReceptionMasks(body as Reception, await sources(request));
  };
}
