/**
 * Reads every stored document back and runs the generated validator of its schema: what the
 * API accepted (and what seeds wrote) must still be a valid document. Document columns are
 * found by shape (a `document` column with `schema_version`, or a column `x` next to
 * `x_version`), so a table added later is checked too, or named here if its schema cannot be
 * guessed from the table name.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { schemaNames, type SchemaName } from '../../../src/generated/registry.js';
import { validateDocument } from '../../../src/shared/validation.js';
import { ownTables } from '../../../src/server/db/schema-scoped.js';

/**
 * Rows that do not hold a document of the column's schema yet: a unit's document is the unit
 * form only once that form was saved (`complete`); before, it is what registration kept.
 */
const ROW_FILTERS: Record<string, string> = { 'units.document': 'complete = 1' };

/** table.column -> schema, where the name alone does not tell */
const KNOWN: Record<string, SchemaName> = {
  'units.document': 'unit',
  'guests.document': 'guest',
  'guests.intention': 'attendance-intention',
  'guests.itinerary': 'itinerary',
  'guests.reception': 'reception',
  'guests.epidemic': 'epidemic-prevention',
  'entourage_members.document': 'entourage-member',
  'entourage_members.itinerary': 'itinerary',
  'entourage_members.reception': 'reception',
  'temporary_recommendations.document': 'temporary-recommend-invite',
};

/** table.column -> the column of the same row that names its schema */
const SCHEMA_BY_ROW: Record<string, string> = { 'content_records.document': 'kind' };

function guessSchema(table: string, column: string): SchemaName | null {
  const known = KNOWN[`${table}.${column}`];
  if (known) return known;
  const plural = table.replace(/_/g, '-');
  const candidates = column === 'document' ? [plural, plural.replace(/ies$/, 'y'), plural.replace(/s$/, '')] : [column.replace(/_/g, '-')];
  return (candidates.find((name) => (schemaNames as readonly string[]).includes(name)) as SchemaName | undefined) ?? null;
}

/** NUL or a lone surrogate: no stored text may hold one (issue 11 part 5), in a column or inside a document. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE = { test: (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value) };

function unsafeText(value: unknown): boolean {
  if (typeof value === 'string') return UNSAFE.test(value);
  if (Array.isArray(value)) return value.some(unsafeText);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => UNSAFE.test(key) || unsafeText(item));
  return false;
}

export interface StoredRecordReport {
  checked: Record<string, number>;
  invalid: { where: string; id: string; errors: string }[];
  unmapped: string[];
}

export async function checkStoredRecords(app: FastifyInstance): Promise<StoredRecordReport> {
  const tables = await ownTables(app.db, app.config.databaseSchema);
  const report: StoredRecordReport = { checked: {}, invalid: [], unmapped: [] };
  for (const table of tables) {
    const columns = new Set(table.columns.map((column) => column.name));
    const documentColumns = [...columns].filter(
      (name) => (name === 'document' && columns.has('schema_version')) || columns.has(`${name}_version`),
    );
    for (const column of documentColumns) {
      const where = `${table.name}.${column}`;
      const schemaColumn = SCHEMA_BY_ROW[where];
      const name = schemaColumn ? null : guessSchema(table.name, column);
      if (!name && !schemaColumn) {
        report.unmapped.push(where);
        continue;
      }
      const idColumn = columns.has('id') ? 'id' : (table.columns[0]?.name ?? 'id');
      const filter = ROW_FILTERS[where];
      const rows = await sql<{
        id: string;
        value: string | null;
        schema: string | null;
      }>`select ${sql.ref(idColumn)} as id, ${sql.ref(column)} as value, ${schemaColumn ? sql.ref(schemaColumn) : sql`null`} as schema from ${sql.table(table.name)} ${filter ? sql.raw(`where ${filter}`) : sql``}`.execute(
        app.db,
      );
      let count = 0;
      for (const row of rows.rows) {
        if (row.value === null || row.value === undefined) continue;
        count += 1;
        let parsed: unknown;
        try {
          parsed = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
        } catch {
          report.invalid.push({ where, id: String(row.id), errors: 'not JSON' });
          continue;
        }
        if (unsafeText(parsed)) report.invalid.push({ where, id: String(row.id), errors: 'NUL or lone surrogate inside' });
        const rowSchema = name ?? row.schema;
        if (!rowSchema || !(schemaNames as readonly string[]).includes(rowSchema)) {
          report.invalid.push({ where, id: String(row.id), errors: `no schema named "${String(rowSchema)}"` });
          continue;
        }
        // sensitive fields are sealed at rest (issue 18): the opened document is what was accepted
        const opened =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed)
            ? app.services.protection.openDocument(rowSchema, parsed as Record<string, unknown>)
            : parsed;
        const result = validateDocument(rowSchema as SchemaName, opened);
        if (!result.valid)
          report.invalid.push({ where, id: String(row.id), errors: result.errors.map((e) => `${e.pointer || '/'} ${e.key}`).join('; ') });
      }
      report.checked[`${where} (${name ?? `by ${schemaColumn}`})`] = count;
    }
    const all = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(app.db);
    for (const row of all.rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && UNSAFE.test(value))
          report.invalid.push({ where: `${table.name}.${column}`, id: String(row.id ?? '?'), errors: 'NUL or lone surrogate stored' });
      }
    }
  }
  return report;
}
