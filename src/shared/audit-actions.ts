/**
 * What the audit log can hold: the actions and target types are the choices of the audit log's
 * filter (schemas/audit-filter-query.json), so every entry the server writes can be filtered for
 * and has a label in both languages (the schema's x-enum-i18n). The server's writer takes only
 * these types (`AuditRecord`): a new action is added to the schema first, or the build fails.
 */
import auditFilterQuery from '../generated/schemas/audit-filter-query.json';
import type { AuditFilterQuery } from '../generated/types.js';
import { enumAt } from './schema-enums.js';

export type AuditAction = NonNullable<AuditFilterQuery['action']>;
export type AuditTargetType = NonNullable<AuditFilterQuery['targetType']>;

export const auditActions = enumAt<AuditAction>(auditFilterQuery, '/properties/action');
export const auditTargetTypes = enumAt<AuditTargetType>(auditFilterQuery, '/properties/targetType');
