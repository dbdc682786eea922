/**
 * A unique index said no: two writers raced for the same key (or the key was taken), which the
 * caller answers as "already exists". SQLite names it SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Runs `work`; a unique violation it raises becomes `refusal` (a 409 naming what is taken), any
 * other error passes through unchanged.
 */
export async function refuseDuplicates<T>(refusal: Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal;
    throw error;
  }
}
