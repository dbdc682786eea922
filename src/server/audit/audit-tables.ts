/**
 * The tables of the audit log, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

export interface AuditLogTable {
  id: string;
  edition_id: string;
  actor_account_id: string;
  actor_account: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  at: string;
  /** migration 0009: readable target and the changed values as JSON */
  target_label?: string | null;
  before_value?: string | null;
  after_value?: string | null;
}

declare module '../db/tables.js' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
