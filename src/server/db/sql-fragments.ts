import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * SQL pieces that differ between SQLite and PostgreSQL in the console's queries. Documents are
 * JSON text; a path is read as text (null when absent) by each database's own JSON function.
 */
export function jsonText(postgres: boolean, column: string, path: string[]): RawBuilder<string | null> {
  const ref = sql.ref(column);
  if (postgres) return sql<string | null>`(${ref}::jsonb #>> ${sql.lit(`{${path.join(',')}}`)})`;
  return sql<string | null>`json_extract(${ref}, ${sql.lit(`$.${path.join('.')}`)})`;
}

/**
 * The calendar day of an itinerary time as the unit typed it ("2027-06-17T10:00:00+08:00"): its
 * first ten characters, the local date of the station (Asia/Shanghai in practice).
 */
export function legDate(
  postgres: boolean,
  column: string,
  leg: 'arrival' | 'return',
  field: 'arrivalTime' | 'departureTime',
): RawBuilder<string | null> {
  return sql<string | null>`substr(${jsonText(postgres, column, [leg, field])}, 1, 10)`;
}

/** "%" and "_" typed by a user are literal characters, not wildcards (LIKE ... escape '\\'). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE pattern: contains the user's text, taken literally. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** LIKE pattern: starts with the user's text, taken literally. */
export function prefixPattern(text: string): string {
  return `${likeLiteral(text)}%`;
}

/** `subject LIKE pattern` with the backslash as the escape the patterns above write. */
export function matchesLike(subject: string | Expression<unknown>, pattern: string): RawBuilder<boolean> {
  const left = typeof subject === 'string' ? sql.ref(subject) : subject;
  return sql<boolean>`${left} like ${pattern} escape '\\'`;
}

/** The column contains the user's text, taken literally. */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return matchesLike(column, containsPattern(text));
}
