/**
 * A value that changes whenever anything is committed to the database, by this connection or
 * any other: two equal stamps mean every row reads as it did at the first. Registered by
 * openDatabase for SQLite, where it is cheap (this connection's change counter and SQLite's
 * `data_version`, which moves when another connection or process commits); PostgreSQL has no
 * such counter, so it has none. undefined while a transaction is open on the connection (its
 * uncommitted rows are nobody else's yet).
 */
export type ChangeStamp = () => string | undefined;

const stamps = new WeakMap<object, ChangeStamp>();

export function registerChangeStamp(db: object, stamp: ChangeStamp): void {
  stamps.set(db, stamp);
}

/** undefined for PostgreSQL and for an instance openDatabase did not make plainly (a query log) */
export function changeStampOf(db: object): ChangeStamp | undefined {
  return stamps.get(db);
}
