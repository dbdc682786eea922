import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) `begin`. In WAL mode a
 * deferred transaction that has read and then writes, while another process wrote the file,
 * fails at once with "database is locked": SQLite does not consult the busy timeout for that
 * upgrade. `begin immediate` takes the write lock first, so a second writer (another process on
 * the same file) waits on the busy timeout instead of failing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}
