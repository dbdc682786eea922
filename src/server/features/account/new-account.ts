import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/database.js';

/** Account types that bring a unit (organisation) along, with the unit_type their unit is stored as. */
const UNIT_TYPES: Record<string, string> = { enterprise: 'company', government: 'government', media: 'media' };

export interface NewAccount {
  editionId: string;
  /** the sign-in name's lookup key and its sealed form (AccountNames) */
  accountKey: string;
  accountSealed: string | null;
  name: string;
  userType: string;
  passwordHash: string;
  /** the unit's name and its stored document (JSON text), for an account type that brings a unit */
  unit?: { name: string; document: string; schemaVersion: number };
  now: string;
}

/**
 * Writes an account and, for an enterprise, government or media account, its unit: what a
 * registration and the demo seed both store. Runs in the caller's transaction.
 */
export async function insertAccount(trx: Executor, input: NewAccount): Promise<{ accountId: string; unitId: string | null }> {
  const unitType = UNIT_TYPES[input.userType];
  let unitId: string | null = null;
  if (unitType && input.unit?.name) {
    unitId = randomUUID();
    await trx
      .insertInto('units')
      .values({
        id: unitId,
        edition_id: input.editionId,
        unit_type: unitType,
        name: input.unit.name,
        document: input.unit.document,
        schema_version: input.unit.schemaVersion,
        created_at: input.now,
      })
      .execute();
  }
  const accountId = randomUUID();
  await trx
    .insertInto('accounts')
    .values({
      id: accountId,
      account: input.accountKey,
      account_sealed: input.accountSealed,
      name: input.name,
      user_type: input.userType,
      unit_id: unitId,
      password_hash: input.passwordHash,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
  return { accountId, unitId };
}
