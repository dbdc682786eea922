import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';

/**
 * The database as Kysely's migrator sees it, with an introspection of one PostgreSQL schema.
 * Kysely's own introspection reads every schema of the database and fails when another one is
 * dropped meanwhile (`relation "t_a1376ed45a94.notice_reads" does not exist` in CI: test files
 * run side by side in schemas of one database; other apps may share a server too). The migrator
 * only asks whether its schema and its two tables exist, which this answers from that schema's
 * catalogue alone.
 */
export function withSchemaScopedIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string; isView: boolean }>`
        select c.relname as name, c.relkind = 'v' as "isView"
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((row): TableMetadata => ({ name: row.name, isView: row.isView, schema, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  // Kysely keeps its state in private fields: every other member is read from, and bound to, the real instance
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
