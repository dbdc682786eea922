import { AppError } from '../http/app-error.js';
import type { SignedInAccount } from './sessions.js';

/** Account types that maintain a unit (SPEC 6); the others have no affiliated enterprise. */
const UNIT_ACCOUNT_TYPES = new Set(['enterprise', 'government', 'media']);

/** unit_type column (as registration stores it) -> unitType of the unit schema */
const SCHEMA_UNIT_TYPES: Record<string, 'enterprise' | 'government' | 'media'> = {
  company: 'enterprise',
  enterprise: 'enterprise',
  government: 'government',
  media: 'media',
};

export function schemaUnitType(column: string): 'enterprise' | 'government' | 'media' {
  return SCHEMA_UNIT_TYPES[column] ?? 'enterprise';
}

/** The caller's unit id, or 403 "users without an affiliated enterprise cannot maintain it". */
export function unitOf(who: SignedInAccount): string {
  if (!who.unitId || !UNIT_ACCOUNT_TYPES.has(who.userType)) throw new AppError('noAffiliatedUnit');
  return who.unitId;
}

/** Organisers' console: any other account type gets 403. */
export function assertOrganiser(who: SignedInAccount): void {
  if (who.userType !== 'organiser') throw new AppError('forbidden');
}
