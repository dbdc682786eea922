/**
 * npm run bench:seed -- --guests N --units M [--through-services]
 * Fills the configured database (SQLite under DATA_DIR by default, PostgreSQL with
 * DATABASE_URL / DATABASE_SCHEMA) with M units, registered through the product's services, and
 * N guests, written in bulk as Guests.add writes them, or one at a time through the services
 * with --through-services (bench/seed-edition.ts). Rate limits and the image code are off; the
 * password hash cost is the test cost unless SCRYPT_LOG2N is set (registration hashes one
 * password per unit).
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { seedEdition } from './seed-edition.js';

const { values } = parseArgs({
  options: {
    guests: { type: 'string', default: '10000' },
    units: { type: 'string', default: '200' },
    'through-services': { type: 'boolean', default: false },
  },
});
const guests = Number(values.guests);
const units = Number(values.units);
if (!Number.isInteger(guests) || guests < 0 || !Number.isInteger(units) || units < 1) {
  console.error('usage: npm run bench:seed -- --guests N --units M [--through-services] (whole numbers, M >= 1)');
  process.exit(2);
}
const config = loadConfig({
  RATE_LIMITS: 'false',
  CAPTCHA_REQUIRED: 'false',
  SCRYPT_LOG2N: '10',
  LOG_LEVEL: 'warn',
  DEV_OUTBOX: '1',
  ...process.env,
});
const app = await buildApp(config, { logger: false });
try {
  const existing = await app.db
    .selectFrom('guests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const started = Date.now();
  await seedEdition(app, guests, units, Number(existing.n), { throughServices: values['through-services'] });
  const where = config.databaseUrl
    ? `PostgreSQL${config.databaseSchema ? ` schema ${config.databaseSchema}` : ''}`
    : `SQLite ${config.dataDir}/summit.sqlite`;
  console.log(`${units} units and ${guests} guests added to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await app.close();
}
