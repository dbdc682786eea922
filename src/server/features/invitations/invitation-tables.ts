/**
 * The tables of invitation codes, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

export interface InvitationCodeTable {
  code: string;
  edition_id: string;
  unit_id: string | null;
  used_by: string | null;
  created_at: string;
  /** migration 0003: the unit (company) the code is for; null answers 10003, an unknown unit 10004 */
  company_id: string | null;
  /** guest type granted; null answers 10005 (general guest configuration missing) */
  guest_type: string | null;
  /** 1 review needed, 0 approved at once; null answers 10006 (conversion not configured) */
  review_required: number | null;
  /** migration 0009 (organisers' console): last valid day (YYYY-MM-DD, Asia/Shanghai), guests per code, revocation time, batch */
  expires_at?: string | null;
  max_uses?: number | null;
  revoked_at?: string | null;
  batch_id?: string | null;
  note?: string | null;
}

declare module '../../db/tables.js' {
  interface Database {
    invitation_codes: InvitationCodeTable;
  }
}
