import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Db } from '../../db/database.js';
import { matchesLike, prefixPattern } from '../../db/sql-fragments.js';

/** The suffix index (migration 0026) holds suffixes of at least this many characters. */
const SUFFIX_INDEXED = 3;
/** Above every code point: `prefix || TOP` bounds the prefix range on SQLite's binary order. */
const TOP = '\u{10FFFF}';

/** Whether a typed name is searched as "contains" on the suffix index (3+ characters). */
export function searchesNameSuffixes(typed: string): boolean {
  return [...typed.trim()].length >= SUFFIX_INDEXED;
}

/**
 * The edition's guest_name_suffixes rows starting with the typed text: exactly the unit guests
 * whose name or English name contains it, as LIKE '%x%' compares (PostgreSQL: case-sensitive,
 * on the "C" suffix column LIKE 'x%' is the index range; SQLite: ASCII case folded, the
 * suffixes are stored in lower()). A guest may come twice (both names match): take distinct.
 */
export function nameSuffixesMatching(db: Pick<Db, 'selectFrom'>, postgres: boolean, editionId: string, typed: string) {
  const text = typed.trim();
  const rows = db.selectFrom('guest_name_suffixes').where('guest_name_suffixes.edition_id', '=', editionId);
  if (postgres) return rows.where(matchesLike('guest_name_suffixes.suffix', prefixPattern(text)));
  // SQLite's lower() and LIKE fold ASCII letters only; String.toLowerCase would fold more
  const folded = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return rows.where('guest_name_suffixes.suffix', '>=', folded).where('guest_name_suffixes.suffix', '<', folded + TOP);
}

/**
 * "Part of the Chinese or English name" on an index, for lists of unit
 * guests (the suffix index holds those alone). Three characters or more: contains, through the
 * suffix index of migration 0026. One or two characters, which it does not hold (and many
 * Chinese names have two): the Chinese name starting with them at its 1st, 2nd or 3rd
 * character (so "检索" finds 李检索 and 欧阳检索), or the English name starting with them; each
 * is a prefix range on an expression index of migration 0012.
 */
export function guestNameMatches(db: Pick<Db, 'selectFrom'>, postgres: boolean, editionId: string, typed: string) {
  const text = typed.trim();
  return (eb: ExpressionBuilder<Database, 'guests'>): Expression<SqlBool> => {
    if (searchesNameSuffixes(text)) {
      return eb('guests.id', 'in', nameSuffixesMatching(db, postgres, editionId, text).select('guest_name_suffixes.guest_id'));
    }
    const name = eb.ref('guests.name');
    const nameEn = eb.ref('guests.name_en');
    const keys = [name, sql`substr(${name}, 2)`, sql`substr(${name}, 3)`, nameEn];
    if (postgres) {
      // LIKE 'x%' on a text_pattern_ops index: PostgreSQL turns it into the index range
      const prefix = prefixPattern(text);
      return sql<SqlBool>`(${sql.join(
        keys.map((key) => matchesLike(key, prefix)),
        sql` or `,
      )})`;
    }
    const upper = text + TOP;
    return sql<SqlBool>`(${sql.join(
      keys.map((key) => sql`(${key} >= ${text} and ${key} < ${upper})`),
      sql` or `,
    )})`;
  };
}
