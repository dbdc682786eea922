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

  /**
   * SQLite itself rolls a transaction back on some errors (SQLITE_FULL, SQLITE_IOERR): the
   * caller's rollback then finds none, and its "cannot rollback - no transaction is active"
   * would replace the error that says what happened (a full disk answering 500, not 507).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (error instanceof Error && /no transaction is active/.test(error.message)) return;
      throw error;
    }
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
