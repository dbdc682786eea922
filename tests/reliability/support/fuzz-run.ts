/**
 * The fuzz loop: N requests spread over every route, sequential so a seed replays the same
 * inputs; figures (status histogram per route, duration) and every broken promise (5xx,
 * answer without envelope) are collected for the test to print and assert.
 */
import type { FastifyInstance } from 'fastify';
import { envelopeProblem } from './envelope-check.js';
import { fuzzRequest } from './fuzz-requests.js';
import { FuzzWorld, ORGANISER } from './fuzz-world.js';
import type { Rng } from './prng.js';
import type { RouteInfo } from './route-catalogue.js';

export interface Failure {
  route: string;
  caller: string;
  label: string;
  url: string;
  status: number;
  problem: string;
  body: string;
  /** for a 5xx: the error the server logged for that request id */
  cause?: string;
}

export interface FuzzFigures {
  requests: number;
  statuses: Record<string, number>;
  perRoute: Record<string, Record<string, number>>;
  /** per route: [valid inputs sent, of which answered 2xx] (how deep the fuzz got) */
  validAnswered: Record<string, [number, number]>;
  failures: Failure[];
  durationMs: number;
}

/**
 * A download (a stored file, an export, a template) answers its bytes, not an envelope: a 2xx
 * with a content-disposition. Its errors are envelopes like any other answer.
 */
const isDownload = (status: number, headers: Record<string, unknown>) =>
  status >= 200 && status < 300 && headers['content-disposition'] !== undefined;

/** Fuzzed settings may close registration; reopen it now and then so guest writes keep happening. */
export async function reopenRegistration(app: FastifyInstance, world: FuzzWorld): Promise<void> {
  const headers = { authorization: `Bearer ${world.person(ORGANISER).token}`, 'content-type': 'application/json' };
  const current = await app.inject({ method: 'GET', url: '/exhibition/admin/edition/current', headers });
  if (current.statusCode !== 200) return;
  const { id: _id, year: _year, name: _name, ...settings } = (current.json() as { data: Record<string, unknown> }).data;
  await app.inject({
    method: 'PUT',
    url: '/exhibition/admin/edition/current',
    headers,
    payload: JSON.stringify({
      ...settings,
      registrationStart: '2000-01-01',
      registrationEnd: '2999-12-31',
      itineraryDeadline: '2999-12-31',
      guestRegistrationEnabled: true,
      signUpClosed: false,
      inviteCodeRequired: false,
    }),
  });
}

/**
 * Requests go in small concurrent batches (as a browser's parallel calls would); each batch
 * is generated before it is sent, so the seed fixes the inputs, not the interleaving.
 */
export async function runFuzz(
  app: FastifyInstance,
  world: FuzzWorld,
  routes: RouteInfo[],
  rng: Rng,
  total: number,
  files: { png: Buffer; jpeg: Buffer },
  concurrency = 4,
): Promise<FuzzFigures> {
  const figures: FuzzFigures = { requests: 0, statuses: {}, perRoute: {}, validAnswered: {}, failures: [], durationMs: 0 };
  const started = Date.now();
  for (let i = 0; i < total; i += concurrency) {
    if (i % 200 < concurrency) {
      await world.refreshPools();
      await reopenRegistration(app, world);
    }
    const batch = Array.from({ length: Math.min(concurrency, total - i) }, (_, k) => {
      // every route first, then a random one each time
      const route = i + k < routes.length ? routes[i + k]! : rng.pick(routes);
      return { route, request: fuzzRequest(world, route, rng, files) };
    });
    const responses = await Promise.all(batch.map(({ request }) => app.inject(request.options)));
    for (const [k, response] of responses.entries()) {
      const { route, request } = batch[k]!;
      figures.requests += 1;
      const status = String(response.statusCode);
      figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
      const perRoute = (figures.perRoute[route.key] ??= {});
      perRoute[status] = (perRoute[status] ?? 0) + 1;
      if (request.label === 'valid') {
        const valid = (figures.validAnswered[route.key] ??= [0, 0]);
        valid[0] += 1;
        if (response.statusCode < 300) valid[1] += 1;
        else if (process.env.RELIABILITY_DEBUG)
          console.log(`valid input refused: ${route.key} [${request.caller}] ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      const problem =
        response.statusCode >= 500
          ? `status ${status}`
          : isDownload(response.statusCode, response.headers)
            ? null
            : envelopeProblem(response);
      if (problem) {
        figures.failures.push({
          route: route.key,
          caller: request.caller,
          label: request.label,
          url: String(request.options.url).slice(0, 160),
          status: response.statusCode,
          problem,
          body: response.body.slice(0, 200),
        });
      }
      // a fuzzed logout, password or account change may end the caller's session: start a new one
      if (
        request.caller !== 'anonymous' &&
        request.caller !== 'forged' &&
        response.statusCode < 300 &&
        /logout|changPwd|changeAccount|resetPwd/.test(route.path)
      ) {
        await world.renew(request.caller);
      }
    }
  }
  figures.durationMs = Date.now() - started;
  return figures;
}

/**
 * Collects the errors the app logs (pino JSON lines at level error), by request id, so a 5xx
 * in the report says what broke. Pass `logger` to the app.
 */
export function errorLog() {
  const causes = new Map<string, string>();
  const stream = {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as { level?: number; reqId?: string; err?: { type?: string; message?: string; stack?: string } };
        if ((entry.level ?? 0) >= 50 && entry.reqId && entry.err) {
          const frame =
            entry.err.stack
              ?.split('\n')
              .find((l) => l.includes('/src/'))
              ?.trim() ?? '';
          causes.set(entry.reqId, `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''} ${frame}`.slice(0, 300));
        }
      } catch {
        // not a JSON line
      }
    },
  };
  return {
    logger: { level: 'error', stream },
    explain(failures: Failure[]) {
      for (const failure of failures) {
        const requestId = /"requestId":"([^"]+)"/.exec(failure.body)?.[1];
        if (requestId && causes.has(requestId)) failure.cause = causes.get(requestId);
      }
    },
  };
}

export function printFigures(title: string, seed: number, figures: FuzzFigures): void {
  const lines = [
    `${title}: seed ${seed} (replay with RELIABILITY_SEED=${seed})`,
    `  requests ${figures.requests} in ${(figures.durationMs / 1000).toFixed(1)} s (${Math.round(figures.requests / (figures.durationMs / 1000))}/s)`,
  ];
  lines.push(
    `  statuses ${Object.entries(figures.statuses)
      .sort()
      .map(([s, n]) => `${s}:${n}`)
      .join(' ')}`,
  );
  for (const [route, statuses] of Object.entries(figures.perRoute).sort()) {
    const [valid, answered] = figures.validAnswered[route] ?? [0, 0];
    lines.push(
      `    ${route.padEnd(70)} ${Object.entries(statuses)
        .sort()
        .map(([s, n]) => `${s}:${n}`)
        .join(' ')}  (valid ${answered}/${valid} 2xx)`,
    );
  }
  lines.push(`  failures ${figures.failures.length}`);
  const byKind = new Map<string, Failure[]>();
  for (const failure of figures.failures) {
    const kind = `${failure.route} -> ${failure.problem}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), failure]);
  }
  for (const [kind, failures] of byKind) {
    const first = failures[0]!;
    lines.push(
      `    ${failures.length} x ${kind}; e.g. [${first.caller}] ${first.label} ${first.url} -> ${first.body.replace(/\s+/g, ' ').slice(0, 140)}`,
    );
    const causes = [...new Set(failures.map((failure) => failure.cause).filter(Boolean))];
    for (const cause of causes.slice(0, 3)) lines.push(`      cause: ${cause}`);
  }
  console.log(lines.join('\n'));
}
