/**
 * What the audit log knows of a target type, from the feature that owns it (registered in
 * composition.ts): the schema its values before and after follow, and the table that names a
 * target written without a label (entries older than migration 0009, review decisions).
 */
export interface AuditSubject {
  schema?: string;
  /** a table with `id` and `name` columns */
  namedIn?: string;
}

export type AuditSubjects = Record<string, AuditSubject>;
