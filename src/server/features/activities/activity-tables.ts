/**
 * The tables of activities and their sign-ups, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

/** An activity (migration 0006); `document` is the activity schema's JSON. */
export interface ActivityTable {
  id: string;
  edition_id: string;
  /** 'committee' | 'recommended' | 'invited' | 'city': the unit screen's tab */
  category: string;
  /** 'draft' | 'published' | 'closed' */
  status: string;
  name: string;
  start_time: string;
  /** null = no limit */
  member_limit: number | null;
  sign_up_start: string | null;
  sign_up_end: string | null;
  allow_entourage: number;
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
}

export interface ActivitySignUpTable {
  id: string;
  activity_id: string;
  edition_id: string;
  unit_id: string;
  guest_id: string;
  member_id: string | null;
  person_key: string;
  person_name: string;
  /** 'signed-up' | 'waiting' */
  status: string;
  seq: number;
  speaker: number;
  /** JSON array of upload ids (speechMaterials rule) */
  speech_materials: string | null;
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
}

export interface ActivityAssignmentTable {
  activity_id: string;
  guest_id: string;
  unit_id: string;
  created_at: string;
}

/** Guest types that see an activity; none = every guest type. */
export interface ActivityVisibilityTable {
  activity_id: string;
  guest_type: string;
}

declare module '../../db/tables.js' {
  interface Database {
    activities: ActivityTable;
    activity_sign_ups: ActivitySignUpTable;
    activity_assignments: ActivityAssignmentTable;
    activity_visibility: ActivityVisibilityTable;
  }
}
