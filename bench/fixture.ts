/**
 * The databases the bench sections share within one `npm run bench`: per database kind and
 * guest count, one app on a fresh SQLite folder or PostgreSQL schema, seeded once
 * (seed-edition.ts: units through the services, guests in bulk as Guests.add writes them) with
 * 50 guests per unit (100,000 guests: 2,000 units).
 * BENCH_GUESTS lists the sizes (default 10000; "10000,100000" for the growth figure);
 * BENCH_DATABASES=sqlite or postgres runs one database only.
 * BENCH_DATA_DIR keeps each seeded database for the next run (a folder outside the repo, e.g.
 * /work/perfdata): SQLite in <dir>/sqlite-<guests>/, PostgreSQL in schema bench_keep_<guests>_<hash of dir>
 * (several people benching on one database server each keep their own),
 * the seed's ids in <dir>/<kind>-<guests>.json. Seeding 100,000 guests takes minutes on two
 * cores; the saves the sections make add a few hundred guests per run, which no figure notices.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { probePostgres } from '../scripts/support/probe-postgres.js';
import { seedEdition, type SeedResult } from './seed-edition.js';
import { median } from './support/median.js';

export type Kind = 'sqlite' | 'postgres';
export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const GUESTS_PER_UNIT = 50;
export const SIZES = (process.env.BENCH_GUESTS || '10000').split(',').map(Number);

export interface BenchDatabase {
  kind: Kind;
  guests: number;
  env: Record<string, string>;
  app: FastifyInstance;
  seed: SeedResult;
  organiserToken: string;
  /** a session token of a seeded unit */
  unitToken(index: number): Promise<string>;
}

const cache = new Map<string, Promise<BenchDatabase>>();
const disposers: (() => Promise<void>)[] = [];

let postgresProbe: Promise<boolean> | null = null;
export function postgresReachable(): Promise<boolean> {
  postgresProbe ??= probePostgres(PG_URL);
  return postgresProbe;
}

/** BENCH_DATABASES=sqlite (or postgres) limits the run to one; PostgreSQL only when reachable. */
export async function kinds(): Promise<Kind[]> {
  const chosen = (process.env.BENCH_DATABASES || 'sqlite,postgres').split(',');
  const reachable: Kind[] = (await postgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
  return reachable.filter((kind) => chosen.includes(kind));
}

export function benchEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'none'),
    RATE_LIMITS: 'false',
    CAPTCHA_REQUIRED: 'false',
    SCRYPT_LOG2N: '10',
    LOG_LEVEL: 'silent',
    // the seed registers accounts with codes read from the dev outbox
    DEV_OUTBOX: '1',
  };
}

const keepDir = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;

async function open(kind: Kind, guests: number): Promise<BenchDatabase> {
  const kept = keepDir !== null;
  const dataDir = kept ? path.join(keepDir, `${kind}-${guests}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'summit-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const seedFile = kept ? path.join(keepDir, `${kind}-${guests}.json`) : null;
  const schema = kept
    ? `bench_keep_${guests}_${createHash('sha256').update(keepDir).digest('hex').slice(0, 8)}`
    : `bench_${randomBytes(5).toString('hex')}`;
  const reused = seedFile !== null && fs.existsSync(seedFile);
  if (kind === 'postgres' && !reused) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    if (kept) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const env = { ...benchEnv(dataDir), ...(kind === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}) };
  const app = await buildApp(loadConfig(env), { logger: false });
  disposers.push(async () => {
    await app.close();
    if (kept) return;
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  let seed: SeedResult;
  if (reused) {
    seed = JSON.parse(fs.readFileSync(seedFile, 'utf8')) as SeedResult;
    process.stderr.write(`reusing ${guests} seeded guests on ${kind} (${dataDir})\n`);
  } else {
    const started = Date.now();
    process.stderr.write(`seeding ${guests} guests in ${guests / GUESTS_PER_UNIT} units on ${kind}...\n`);
    seed = await seedEdition(app, guests, Math.max(1, Math.round(guests / GUESTS_PER_UNIT)));
    process.stderr.write(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    if (seedFile) fs.writeFileSync(seedFile, JSON.stringify(seed));
  }
  const organiser = await app.db.selectFrom('accounts').select('id').where('user_type', '=', 'organiser').executeTakeFirstOrThrow();
  return {
    kind,
    guests,
    env,
    app,
    seed,
    organiserToken: await app.services.sessions.create(organiser.id),
    unitToken: (index) => app.services.sessions.create(seed.units[index % seed.units.length]!.who.id),
  };
}

/** The seeded database of this kind and size, made on first use. */
export function benchDatabase(kind: Kind, guests: number): Promise<BenchDatabase> {
  const key = `${kind}:${guests}`;
  let database = cache.get(key);
  if (!database) {
    database = open(kind, guests);
    cache.set(key, database);
  }
  return database;
}

export async function disposeBenchDatabases(): Promise<void> {
  for (const dispose of disposers.splice(0)) await dispose();
  cache.clear();
}

/** Median of `runs` sequential calls after `warmUp` unmeasured ones, in ms. */
export async function p50(call: (i: number) => Promise<unknown>, runs = 60, warmUp = 5): Promise<number> {
  for (let i = 0; i < warmUp; i += 1) await call(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call(warmUp + i);
    times.push(performance.now() - started);
  }
  return median(times);
}

export const ms = (value: number) => value.toFixed(1);

export function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}
