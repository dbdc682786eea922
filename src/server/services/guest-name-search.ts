import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/tables.js';
import { containsPattern } from './console-sql.js';

/** Trigram indexes (pg_trgm, FTS5 trigram) serve patterns of at least this many characters. */
const TRIGRAM = 3;
/** Above every code point: `prefix || TOP` bounds the prefix range on SQLite's binary order. */
const TOP = '\u{10FFFF}';

/**
 * "Part of the Chinese or English name" on an index (issue 17 point 3). Three characters or
 * more: contains, through the trigram indexes (PostgreSQL pg_trgm GIN; SQLite the FTS5 trigram
 * table of migration 0012, checked again with LIKE so a stale FTS row can never show a wrong
 * guest). One or two characters, which no trigram index serves (and many Chinese names have
 * two): the Chinese name starting with them at its 1st, 2nd or 3rd character (so "检索" finds
 * 李检索 and 欧阳检索), or the English name starting with them; each is a prefix range on an
 * expression index of migration 0012.
 */
export function guestNameMatches(postgres: boolean, typed: string) {
  const text = typed.trim();
  return (eb: ExpressionBuilder<Database, 'guests'>): Expression<SqlBool> => {
    const name = eb.ref('guests.name');
    const nameEn = eb.ref('guests.name_en');
    if ([...text].length >= TRIGRAM) {
      const pattern = containsPattern(text);
      const like = sql<SqlBool>`(${name} like ${pattern} escape '\\' or ${nameEn} like ${pattern} escape '\\')`;
      if (postgres) return like;
      const phrase = `"${text.replaceAll('"', '""')}"`;
      return sql<SqlBool>`(guests.rowid in (select rowid from guests_name_search where guests_name_search match ${phrase}) and ${like})`;
    }
    const keys = [name, sql`substr(${name}, 2)`, sql`substr(${name}, 3)`, nameEn];
    if (postgres) {
      // LIKE 'x%' on a text_pattern_ops index: PostgreSQL turns it into the index range
      const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql<SqlBool>`(${sql.join(keys.map((key) => sql`${key} like ${prefix} escape '\\'`), sql` or `)})`;
    }
    const upper = text + TOP;
    return sql<SqlBool>`(${sql.join(keys.map((key) => sql`(${key} >= ${text} and ${key} < ${upper})`), sql` or `)})`;
  };
}
