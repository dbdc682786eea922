import { loadConfig } from '../../../src/server/config.js';
import { openDatabase, type Db } from '../../../src/server/db/database.js';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate.js';
import { DataProtection } from '../../../src/server/security/data-protection.js';
import { migratingUnderStartupLock, type DatabaseKind, type IsolatedDatabase } from './databases.js';
import { TEST_ENV } from './test-env.js';

export interface MigrationStage {
  db: Db;
  protection: DataProtection;
  /** runs the migrations after the stage (the one under test among them) */
  migrateToLatest(): Promise<void>;
}

/**
 * A migration test's database as it was before the migration under test: migrated up to and
 * including `last`, with the test keys, so the test can write rows the way the server then did.
 */
export async function migratedUpTo(database: IsolatedDatabase, kind: DatabaseKind, last: string): Promise<MigrationStage> {
  const config = loadConfig({ ...TEST_ENV, ...database.env });
  const protection = new DataProtection(config.dataKeyring);
  const db = openDatabase(config).db;
  const schema = config.databaseSchema;
  const migrator = migratorFor(db, schema, protection);
  const { error } = await migratingUnderStartupLock(db, () => migrator.migrateTo(last));
  if (error) throw error;
  return { db, protection, migrateToLatest: () => migratingUnderStartupLock(db, () => migrateToLatest(db, schema, protection)) };
}
