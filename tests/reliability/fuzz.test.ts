/**
 * Schema-derived fuzz of every route (issue 11): inputs generated from the route schemas of
 * the app's OpenAPI document, valid and mutated, sent as the right and the wrong accounts.
 * Promise checked: no 5xx, every answer an envelope, every stored record still valid.
 */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { FuzzWorld } from './support/fuzz-world.js';
import { errorLog, printFigures, reopenRegistration, runFuzz } from './support/fuzz-run.js';
import { rngFor, runSeed } from './support/prng.js';
import { routeCatalogue, type RouteInfo } from './support/route-catalogue.js';
import { checkStoredRecords } from './support/stored-records.js';

const SEED = runSeed();
const REQUESTS = Number(process.env.RELIABILITY_REQUESTS || 10_000);
const CONCURRENCY = Number(process.env.RELIABILITY_CONCURRENCY || 4);

describeEachDatabase('schema-derived fuzz of every route', (kind) => {
  const errors = errorLog();
  const t = useTestApp(kind, {}, { logger: errors.logger });
  let routes: RouteInfo[] = [];
  let world: FuzzWorld;
  let files: { png: Buffer; jpeg: Buffer };

  beforeAll(async () => {
    routes = await routeCatalogue(t.app);
    world = new FuzzWorld(t.app);
    await world.signInEveryone();
    await world.seedUploadRows(12);
    await reopenRegistration(t.app, world);
    await world.seedGuests(4, rngFor(SEED, `seed-${kind}`));
    const picture = sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 220, g: 230, b: 240 } } });
    files = { png: await picture.clone().png().toBuffer(), jpeg: await picture.clone().jpeg().toBuffer() };
  });

  it('fuzzes every reveal route on its own: generated and mutated bodies get 4xx or the value, never 5xx (issue 18)', async () => {
    const reveals = routes.filter((route) => route.method === 'POST' && route.path.endsWith('/reveal'));
    expect(reveals.length).toBeGreaterThanOrEqual(10);
    const figures = await runFuzz(t.app, world, reveals, rngFor(SEED, `reveal-${kind}`), reveals.length * 60, files, CONCURRENCY);
    errors.explain(figures.failures);
    printFigures(`reveal fuzz [${kind}] ${reveals.length} routes`, SEED, figures);
    expect(Object.keys(figures.perRoute).sort()).toEqual(reveals.map((route) => route.key).sort());
    expect(figures.failures.map((f) => `${f.route} [${f.label}] ${f.status} ${f.problem}`)).toEqual([]);
  });

  it(`sends ${REQUESTS} generated requests: no 5xx, every answer an envelope, every stored record valid`, async () => {
    expect(routes.length).toBeGreaterThan(40);
    const figures = await runFuzz(t.app, world, routes, rngFor(SEED, `fuzz-${kind}`), REQUESTS, files, CONCURRENCY);
    errors.explain(figures.failures);
    printFigures(`fuzz [${kind}] ${routes.length} routes`, SEED, figures);
    const stored = await checkStoredRecords(t.app);
    console.log(
      [
        `stored records [${kind}]: ${Object.entries(stored.checked)
          .map(([where, n]) => `${where}:${n}`)
          .join(' ')}`,
        ...stored.invalid.slice(0, 30).map((bad) => `  INVALID ${bad.where} ${bad.id}: ${bad.errors}`),
        ...(stored.unmapped.length > 0
          ? [`  UNMAPPED document columns (name their schema in support/stored-records.ts): ${stored.unmapped.join(', ')}`]
          : []),
      ].join('\n'),
    );
    // every route was called, and most calls were not refused outright
    expect(Object.keys(figures.perRoute).length).toBe(routes.length);
    expect(figures.statuses['200'] ?? 0).toBeGreaterThan(REQUESTS / 20);
    expect(figures.failures.filter((f) => f.status >= 500).map((f) => `${f.route} [${f.label}] ${f.status}`)).toEqual([]);
    expect(figures.failures.map((f) => `${f.route} [${f.label}] ${f.problem}`)).toEqual([]);
    expect(stored.unmapped).toEqual([]);
    expect(stored.invalid.map((bad) => `${bad.where} ${bad.id}: ${bad.errors}`)).toEqual([]);
  });
});
