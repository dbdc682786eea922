/**
 * Enum values read from the bundled schemas, for code that needs them as values (filters,
 * choices, checks). Their types come from src/generated/types.ts; neither is written again by
 * hand (tests/unit/no-enum-copies.test.ts fails on a literal copy).
 */
import accountRegistration from '../generated/schemas/account-registration.json';
import guestSummary from '../generated/schemas/response-guest-summary.json';
import unitInfo from '../generated/schemas/response-unit-info.json';
import sendMessageCode from '../generated/schemas/send-message-code.json';
import type { AuditStatus, SendMessageCode, UnitType, UserType } from '../generated/types.js';
import { schemaAtPointer } from './validation-messages.js';

/** The `enum` at a JSON pointer of a bundled schema ('/definitions/auditStatus'). */
export function enumAt<T extends string>(schema: unknown, pointer: string): readonly T[] {
  const values = schemaAtPointer(schema, pointer)?.enum;
  if (!Array.isArray(values)) throw new Error(`no enum at ${pointer}`);
  return values as T[];
}

export const auditStatuses = enumAt<AuditStatus>(guestSummary, '/definitions/auditStatus');
export const unitTypes = enumAt<UnitType>(unitInfo, '/definitions/unitType');
/** account types a visitor can register themselves */
export const userTypes = enumAt<UserType>(accountRegistration, '/definitions/userType');
export type CodeScene = NonNullable<SendMessageCode['scene']>;
export const codeScenes = enumAt<CodeScene>(sendMessageCode, '/properties/scene');
