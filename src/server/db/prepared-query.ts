import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { directReaderOf } from './direct-reader.js';

const SENTINEL = '\u0000param:';

/**
 * Builds and compiles a hot query ONCE (Kysely otherwise rebuilds and recompiles it on every
 * request) and runs it with fresh values. `build` receives markers for the values; any marker
 * may appear at several places in the compiled SQL parameters. Reads on the app's own
 * database go straight to the driver (direct-reader.ts).
 */
export function preparedQuery<Row, Db>(
  db: Kysely<Db>,
  build: (value: (index: number) => string) => Compilable<Row>,
): (...values: unknown[]) => Promise<Row[]> {
  const compiled = build((index) => `${SENTINEL}${index}`).compile();
  const slots = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' && parameter.startsWith(SENTINEL) ? Number(parameter.slice(SENTINEL.length)) : -1,
  );
  const direct = compiled.query.kind === 'SelectQueryNode' ? directReaderOf(db) : undefined;
  return async (...values) => {
    const parameters = compiled.parameters.map((parameter, i) => (slots[i]! >= 0 ? values[slots[i]!] : parameter));
    const rows = direct?.(compiled.sql, parameters);
    if (rows) return (await rows) as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
