import { sql, type RawBuilder } from 'kysely';

/** A row stream with each row converted as it passes. */
export async function* mapRows<Row, Out>(rows: AsyncIterable<Row>, convert: (row: Row) => Out): AsyncIterable<Out> {
  for await (const row of rows) yield convert(row);
}

/**
 * Reads a keyset-paged query as one row stream: each page starts after the last row of the one
 * before (`readPage(after)`, null for the first), so a page costs the same at row 1 and at row
 * 100,000 (OFFSET re-read everything before it). `readAhead` (PostgreSQL, which answers from its
 * own process over a socket): the next page is asked for before this one is handed on, so the
 * server's query time passes while the rows are written. SQLite reads in this thread, where
 * there is nothing to overlap.
 */
export async function* keysetRows<Row extends Key, Key = Row>(
  readPage: (after: Key | null, limit: number) => Promise<Row[]>,
  pageSize: number,
  readAhead = false,
): AsyncIterable<Row> {
  let page = await readPage(null, pageSize);
  for (;;) {
    const last = page.at(-1);
    const more = last !== undefined && page.length === pageSize;
    const next = more && readAhead ? readPage(last, pageSize) : null;
    // a reader that stops early leaves the read ahead unawaited: its failure is no crash
    next?.catch(() => undefined);
    yield* page;
    if (!more) return;
    page = await (next ?? readPage(last, pageSize));
  }
}

/**
 * The keyset condition "after this row" in (created_at, id) order, the order of the listing
 * indexes (guests_listing, entourage_listing).
 */
export function afterCreatedAtAndId(table: 'guests' | 'entourage_members', after: { created_at: string; id: string }): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) > (${after.created_at}, ${after.id})`;
}
