/**
 * Concurrent pairs (issue 18 point 5): for every resource the API creates (a POST route with a
 * sibling `DELETE <path>/{id}`), a record is made through the API, then two writes on the same
 * id are sent at once: a change racing a delete, or two deletes. Whoever loses must get 404
 * (or 200 for an idempotent change that came first), never a 5xx. Routes are read from the
 * OpenAPI document, so a resource added later is raced without touching this file.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FuzzWorld, ORGANISER, UNIT_ACCOUNTS } from './fuzz-world.js';
import type { Rng } from './prng.js';
import type { RouteInfo } from './route-catalogue.js';
import { validBody } from './valid-inputs.js';

export interface RaceResource {
  create: RouteInfo;
  remove: RouteInfo;
  /** PUT/PATCH/POST routes on exactly `<path>/{id}` */
  changes: RouteInfo[];
}

export interface RaceFigures {
  /** per resource key: pairs sent */
  pairs: Record<string, number>;
  /** per "route -> status": how often */
  statuses: Record<string, number>;
  /** resources whose record could not be created with a generated body */
  notCreated: string[];
  failures: string[];
}

/** Resources with `POST P` and `DELETE P/{id}` (one path parameter). */
export function raceResources(routes: RouteInfo[]): RaceResource[] {
  const resources: RaceResource[] = [];
  for (const remove of routes) {
    if (remove.method !== 'DELETE' || !remove.path.endsWith('/{id}') || remove.pathParams.length !== 1) continue;
    const base = remove.path.slice(0, -'/{id}'.length);
    const create = routes.find((route) => route.method === 'POST' && route.path === base && route.body && !route.multipart);
    if (!create) continue;
    const changes = routes.filter((route) => route.path === remove.path && ['PUT', 'PATCH', 'POST'].includes(route.method) && route.body);
    resources.push({ create, remove, changes });
  }
  return resources;
}

function callerFor(route: RouteInfo): string {
  return route.path.includes('/admin/') ? ORGANISER : UNIT_ACCOUNTS[0]!;
}

const idOf = (body: string): string | null => {
  try {
    const data = (JSON.parse(body) as { data?: { id?: unknown } }).data;
    return typeof data?.id === 'string' ? data.id : null;
  } catch {
    return null;
  }
};

export async function runRacePairs(
  app: FastifyInstance,
  world: FuzzWorld,
  resources: RaceResource[],
  rng: Rng,
  pairsPerResource: number,
): Promise<RaceFigures> {
  const figures: RaceFigures = { pairs: {}, statuses: {}, notCreated: [], failures: [] };
  for (const resource of resources) {
    const person = world.person(callerFor(resource.create));
    const headers = { authorization: `Bearer ${person.token}`, 'content-type': 'application/json', 'accept-language': 'en' };
    const hint = (name: string, schema: Record<string, unknown>) => {
      if (schema['x-upload']) {
        const id = world.uploadId(rng, person, name === 'photo' ? 'photo' : name);
        return schema.type === 'array' ? [id] : id;
      }
      if (name === 'inviteCode') return null;
      return undefined;
    };
    const body = (route: RouteInfo) => {
      const value = validBody(route, rng, hint, false) as Record<string, unknown>;
      if (value && typeof value === 'object' && 'inviteCode' in value && value.inviteCode === null) delete value.inviteCode;
      return JSON.stringify(value);
    };
    let created = 0;
    for (let pair = 0; pair < pairsPerResource; pair += 1) {
      let id: string | null = null;
      for (let attempt = 0; attempt < 20 && id === null; attempt += 1) {
        const answer = await app.inject({ method: 'POST', url: resource.create.path, headers, payload: body(resource.create) });
        if (answer.statusCode === 200) id = idOf(answer.body);
      }
      if (id === null) break;
      created += 1;
      const path = resource.remove.path.replace('{id}', id);
      const deleteRequest: InjectOptions = {
        method: 'DELETE',
        url: path,
        headers: { authorization: headers.authorization, 'accept-language': 'en' },
      };
      const change = resource.changes.length > 0 && rng.chance(0.75) ? rng.pick(resource.changes) : null;
      const other: InjectOptions = change
        ? { method: change.method as InjectOptions['method'], url: path, headers, payload: body(change) }
        : deleteRequest;
      const [first, second] = rng.chance(0.5) ? [other, deleteRequest] : [deleteRequest, other];
      const answers = await Promise.all([app.inject(first), app.inject(second)]);
      figures.pairs[resource.remove.key] = (figures.pairs[resource.remove.key] ?? 0) + 1;
      const deletes = [first, second].map((request, k) => ({ request, answer: answers[k]! }));
      for (const { request, answer } of deletes) {
        const key = `${request.method} ${resource.remove.path} -> ${answer.statusCode}`;
        figures.statuses[key] = (figures.statuses[key] ?? 0) + 1;
        if (answer.statusCode >= 500) figures.failures.push(`${key}: ${answer.body.slice(0, 200)}`);
        else if (![200, 404].includes(answer.statusCode) && request.method === 'DELETE')
          figures.failures.push(`${key}: ${answer.body.slice(0, 200)}`);
      }
      // exactly one delete wins when two race; a delete always wins against a change
      const deleted = deletes.filter(({ request, answer }) => request.method === 'DELETE' && answer.statusCode === 200).length;
      if (deleted !== 1) figures.failures.push(`${resource.remove.key} pair on ${id}: ${deleted} deletes answered 200`);
      const after = await app.inject({ method: 'DELETE', url: path, headers: deleteRequest.headers });
      if (after.statusCode !== 404)
        figures.failures.push(`${resource.remove.key}: record ${id} still there after the race (${after.statusCode})`);
    }
    if (created === 0) figures.notCreated.push(resource.create.key);
  }
  return figures;
}
