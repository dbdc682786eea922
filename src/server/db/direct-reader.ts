/**
 * A read that skips Kysely's executor (query id, plugins, connection provider, result
 * transform: most of a hot request's own CPU) and hands compiled SQL straight
 * to the driver, the way Kysely's own drivers run it, so rows come back identical. Registered
 * by openDatabase per Kysely instance; a reader may decline (answer undefined), and the caller
 * then goes through Kysely as before.
 */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]> | undefined;

const readers = new WeakMap<object, DirectReader>();

export function registerDirectReader(db: object, reader: DirectReader): void {
  readers.set(db, reader);
}

/** undefined for an instance openDatabase did not make plainly (a transaction, a plugin, a query log) */
export function directReaderOf(db: object): DirectReader | undefined {
  return readers.get(db);
}
