/**
 * `npm run keys:rotate [-- --generate] [--batch-size 500]`: re-seals every sealed ID number and
 * mobile (sign-in names, SMS recipients, receptionists and reception arrangements included) under the current DATA_KEY (issue 18 point 1), opening older values with the keys of
 * DATA_KEYS_OLD (or DATA_DIR/.data_keys_old), on the database the server is configured for
 * (SQLite in DATA_DIR, or DATABASE_URL/DATABASE_SCHEMA). Batched, one transaction per batch;
 * stopped half-way, it continues where it stopped on the next run. Blind indexes are
 * recomputed too. Rotating: give the servers the new DATA_KEY and the old one in DATA_KEYS_OLD,
 * restart them, run this, then drop the old key once it reports 0 values left under it.
 * `--generate` (outside production, no DATA_KEY set): moves the generated key of DATA_DIR to
 * .data_keys_old and generates a new one first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { DataProtection } from '../src/server/security/data-protection.js';
import { OLD_KEYS_FILE } from '../src/server/security/data-keys.js';
import { resealStores } from '../src/server/privacy/sealed-stores.js';
import { SEALED_STORES } from '../src/server/composition.js';
import { resealColumns, SEALED_COLUMNS } from '../src/server/security/sealed-columns.js';
import { resealReceptions } from '../src/server/features/reception/sealed-receptions.js';
import { rewrapEditionKeys } from '../src/server/security/edition-keys.js';
import { ownTableNames } from './support/table-names.js';
import { runWhenExecuted } from './support/run-cli.js';

function argValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Outside production: the generated key becomes an old key, a new one is generated. */
function generateNewKey(env: Record<string, string | undefined>): void {
  if (env.DATA_KEY)
    throw new Error(
      '--generate only replaces the key generated into DATA_DIR; with DATA_KEY set, set a new DATA_KEY and the old one in DATA_KEYS_OLD',
    );
  if (env.NODE_ENV === 'production') throw new Error('--generate is refused in production: set DATA_KEY and DATA_KEYS_OLD');
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const keyFile = path.join(dataDir, '.data_key');
  const current = fs.readFileSync(keyFile, 'utf8').trim();
  fs.appendFileSync(path.join(dataDir, OLD_KEYS_FILE), `${current}\n`, { mode: 0o600 });
  fs.writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
}

export async function rotateKeys(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
): Promise<number> {
  if (args.includes('--generate')) generateNewKey(env);
  const config = loadConfig(env);
  const protection = new DataProtection(config.dataKeyring);
  const batchSize = Number(argValue(args, '--batch-size') ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch-size must be a positive integer');
  const { db } = openDatabase(config);
  try {
    const tables = await ownTableNames(db, config);
    if (!tables.has('guests')) {
      log('keys:rotate: the database holds no records yet (the server creates its tables at start): nothing to re-seal');
      return 0;
    }
    // the edition keys first: wrapped under the new DATA_KEY, they stay readable once the old one is dropped
    const wrapped = rewrapEditionKeys(protection.keyring);
    log(`keys:rotate: ${wrapped.rewrapped} of ${wrapped.files} edition key files wrapped anew under ${protection.keyring.current.id}`);
    log(
      `keys:rotate: sealing under key ${protection.keyring.current.id}, each edition's values under its own key (${protection.keyring.keys.size - 1} other key(s) open)`,
    );
    const progress = await resealStores(db, protection, SEALED_STORES, { batchSize });
    // the sealed columns outside documents (security/sealed-columns.ts): sign-in names that are
    // mobiles and SMS recipients (0019), receptionists' mobiles (0020)
    progress.push(
      ...(await resealColumns(
        db,
        protection,
        SEALED_COLUMNS.filter(({ table }) => tables.has(table)),
        batchSize,
      )),
    );
    // receptionist phones inside the guests' and members' reception arrangements (0022)
    progress.push(...(await resealReceptions(db, protection, { batchSize })));
    for (const table of progress) log(`  ${table.table}: ${table.resealed} of ${table.scanned} rows re-sealed`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runWhenExecuted(import.meta.url, (args) => rotateKeys(args));
