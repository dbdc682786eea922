import { sql, type ColumnMetadata, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';

/**
 * The database as Kysely's migrator sees it, with an introspection of one PostgreSQL schema.
 * Kysely's own introspection reads every schema of the database and fails when another one is
 * dropped meanwhile (`relation "t_a1376ed45a94.notice_reads" does not exist` in CI: test files
 * run side by side in schemas of one database; other apps may share a server too). The migrator
 * only asks whether its schema and its two tables exist, which this answers from that schema's
 * catalogue alone; tests that walk every table read their columns from here too.
 */
export function withSchemaScopedIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(
        db,
      );
      return rows;
    },
    async getTables() {
      // one catalogue read: no table is looked up by name afterwards, so a table dropped
      // meanwhile is simply absent instead of failing the query
      const { rows } = await sql<{
        name: string;
        isView: boolean;
        column: string | null;
        dataType: string | null;
        notNull: boolean | null;
        hasDefault: boolean | null;
      }>`
        select c.relname as name, c.relkind = 'v' as "isView", a.attname as column, t.typname as "dataType",
          a.attnotnull as "notNull", a.atthasdef as "hasDefault"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_catalog.pg_type t on t.oid = a.atttypid
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')
        order by c.relname, a.attnum`.execute(db);
      const tables = new Map<string, TableMetadata>();
      for (const row of rows) {
        let table = tables.get(row.name);
        if (!table) tables.set(row.name, (table = { name: row.name, isView: row.isView, schema, columns: [] }));
        if (row.column === null) continue;
        (table.columns as ColumnMetadata[]).push({
          name: row.column,
          dataType: row.dataType ?? '',
          isNullable: !row.notNull,
          hasDefaultValue: Boolean(row.hasDefault),
          isAutoIncrementing: false,
        });
      }
      return [...tables.values()];
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

/** The tables (with their columns, in order) of the app's own schema: SQLite has only its own. */
export async function ownTables<DB>(db: Kysely<DB>, schema: string | null): Promise<TableMetadata[]> {
  return (schema ? withSchemaScopedIntrospection(db, schema) : db).introspection.getTables();
}
