import type { AnyDb } from '../db/database.js';
import type { DataProtection } from '../security/data-protection.js';
import { resealColumns, SEALED_COLUMNS, type SealedColumnProgress } from '../security/sealed-columns.js';

export type AccountNameProgress = SealedColumnProgress;

/** keys:rotate: the sealed account names and outbox recipients under an older key, sealed anew (one transaction per batch). */
export async function resealAccountNames(db: AnyDb, protection: DataProtection, batchSize = 500): Promise<AccountNameProgress[]> {
  return resealColumns(
    db,
    protection,
    SEALED_COLUMNS.filter(({ table }) => table === 'accounts' || table === 'outbox'),
    batchSize,
  );
}
