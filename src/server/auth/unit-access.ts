import { AppError } from '../http/app-error.js';
import type { SignedInAccount } from './sessions.js';
import type { UnitType } from '../../generated/types.js';
import { unitTypes } from '../../shared/schema-enums.js';

/** Account types that maintain a unit (SPEC 6); the others have no affiliated enterprise. */
const UNIT_ACCOUNT_TYPES = new Set<string>(unitTypes);

/** unit_type column (as registration stores it) -> unitType of the unit schema */
const SCHEMA_UNIT_TYPES: Record<string, UnitType> = {
  company: 'enterprise',
  enterprise: 'enterprise',
  government: 'government',
  media: 'media',
};

/** Every unit_type column value that reads as the given schema unit type (a filter by unit type). */
export function storedUnitTypes(unitType: UnitType): string[] {
  return Object.keys(SCHEMA_UNIT_TYPES).filter((column) => SCHEMA_UNIT_TYPES[column] === unitType);
}

export function schemaUnitType(column: string): UnitType {
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
