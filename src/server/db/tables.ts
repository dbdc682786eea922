import type { Generated, GeneratedAlways } from 'kysely';

/**
 * Kysely table types. Portable across SQLite and PostgreSQL on purpose: ids are text
 * (UUIDs), times are UTC ISO strings (same length, so they sort as text), booleans are 0/1.
 */
export interface EditionTable {
  id: string;
  year: number;
  name: string;
  is_current: number;
  created_at: string;
  /** organisers' overrides of config/edition.json as JSON (migration 0003), null = defaults */
  settings: string | null;
}

export interface UnitTable {
  id: string;
  edition_id: string;
  unit_type: string;
  name: string;
  /** the validated registration document as JSON */
  document: string;
  schema_version: number;
  created_at: string;
  /** 1 once the unit-information form was saved (migration 0003, default 0) */
  complete: Generated<number>;
  updated_at: string | null;
}

export interface AccountTable {
  id: string;
  /** sign-in look-up key: a lower-case e-mail, or a mobile's blind index `idx:<hex>` (migration 0019) */
  account: string;
  /** the mobile sealed (AES-256-GCM) for display and sending; null for an e-mail account */
  account_sealed: string | null;
  name: string;
  user_type: string;
  unit_id: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  /** SHA-256 of the token; the token itself is never stored */
  token_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OneTimeCodeTable {
  id: string;
  /** 'captcha' | 'message' */
  kind: string;
  /** captcha uuid, or the look-up key of the account the code was sent to (AccountNames.key) */
  target: string;
  /** HMAC-SHA256 of the code (keyed by CODE_SECRET) */
  code_hmac: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  channel: string;
  /** an e-mail address, a captcha uuid, or a mobile's look-up key (AccountNames.key) */
  recipient: string;
  /** the mobile sealed, for delivery and the dev outbox; null otherwise */
  recipient_sealed: string | null;
  subject: string | null;
  body: string;
  /** the code in clear: only written when the dev outbox is on (never in production) */
  dev_code: string | null;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface NoticeTable {
  id: string;
  edition_id: string;
  title: string;
  content: string;
  /** account type the notice is for, null for everyone */
  audience: string | null;
  release_time: string;
  /** for one unit only (migration 0003), null = everyone of the audience */
  unit_id: string | null;
  /** migration 0009: the organiser's publication this row was written for */
  publication_id?: string | null;
  /** migration 0033: a notice the portal writes itself is read in the reader's language from these keys */
  title_key?: string | null;
  content_key?: string | null;
  /** JSON object of the values filled into both keys' texts */
  text_params?: string | null;
}

export interface NoticeReadTable {
  notice_id: string;
  account_id: string;
  read_at: string;
}

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

/** Every suffix of 3+ characters of a unit's guest's names, kept by triggers (migration 0026). */
export interface GuestNameSuffixTable {
  edition_id: string;
  suffix: string;
  guest_id: string;
  created_at: string;
}

export interface GuestTable {
  id: string;
  edition_id: string;
  account_id: string | null;
  unit_id: string | null;
  name: string;
  /**
   * HMAC blind index of the mobile (DATA_INDEX_KEY; migration 0017 renamed the clear `mobile`):
   * the clear mobile lives only sealed in `document`.
   */
  mobile_index: string | null;
  email: string | null;
  /** 'pending' | 'approved' | 'rejected' */
  audit_status: string;
  invitation_code: string | null;
  document: string;
  schema_version: number;
  created_at: string;
  /** migration 0003 */
  name_en: string | null;
  /** HMAC blind index of the ID number (security/blind-index.ts; SHA-256 before migration 0017): the duplicate check (unique per edition) */
  id_number_hash: string | null;
  id_number_masked: string | null;
  guest_type: string | null;
  reject_reason: string | null;
  /** 'undecided' | 'attending' | 'not-attending' | 'cancelled' */
  attendance: string | null;
  intention: string | null;
  intention_version: number | null;
  itinerary: string | null;
  itinerary_version: number | null;
  reception: string | null;
  reception_version: number | null;
  /** migration 0023: the itinerary's arrival day, generated by the database (the console's filter) */
  arrival_day: GeneratedAlways<string | null>;
  /** epidemic-prevention document (approved guests only) */
  epidemic?: string | null;
  epidemic_version?: number | null;
  updated_at: string | null;
  /** migration 0018: the version of the ID-number consent text agreed to, and when (null before) */
  id_number_consent_version?: number | null;
  id_number_consent_at?: string | null;
  /** migration 0021: the account that submitted the save recording the consent (null before) */
  id_number_consent_by?: string | null;
}

export interface EntourageMemberTable {
  id: string;
  guest_id: string;
  edition_id: string;
  unit_id: string | null;
  name: string;
  id_number_hash: string;
  id_number_masked: string;
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
  /** itinerary document of the member (itinerary schema), set by the unit */
  itinerary?: string | null;
  itinerary_version?: number | null;
  /** reception document of the member (reception schema), set by organisers */
  reception?: string | null;
  reception_version?: number | null;
  /** migration 0018: the version of the ID-number consent text agreed to, and when (null before) */
  id_number_consent_version?: number | null;
  id_number_consent_at?: string | null;
  /** migration 0021: the account that submitted the save recording the consent (null before) */
  id_number_consent_by?: string | null;
}

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

/** migration 0009: a notice as the organiser wrote it, and whom it is for */
export interface NoticePublicationTable {
  id: string;
  edition_id: string;
  title: string;
  content: string;
  /** JSON array of account types, [] = every account type */
  audiences: string;
  /** JSON array of unit ids, [] = every unit */
  unit_ids: string;
  /** 'draft' | 'published' */
  status: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** migration 0009: hotels reception assignment picks from */
export interface HotelTable {
  id: string;
  edition_id: string;
  name: string;
  address: string | null;
  phone: string | null;
  created_at: string;
}

export interface ReceptionistTable {
  id: string;
  edition_id: string;
  name: string;
  /** HMAC blind index of the mobile (migration 0020 renamed the clear `mobile`): the per-edition unique key */
  mobile_index: string;
  /** the mobile sealed (AES-256-GCM); null only for a row written before 0020 by an older server */
  mobile_sealed: string | null;
  /** the hotel the receptionist works at, null = stations */
  hotel_id: string | null;
  created_at: string;
}

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

/** Guest types that see an activity; none = every guest type. */
export interface ActivityVisibilityTable {
  activity_id: string;
  guest_type: string;
}

export interface ActivityAssignmentTable {
  activity_id: string;
  guest_id: string;
  unit_id: string;
  created_at: string;
}

/** message of good wishes of a unit (migration 0007): one per unit and edition */
export interface GoodWishTable {
  id: string;
  edition_id: string;
  unit_id: string;
  /** the account that saved it last */
  account_id: string;
  /** good-wishes document as JSON */
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
}

/** A published download (migration 0010); the file is a row of `uploads`. */
export interface DownloadTable {
  id: string;
  edition_id: string;
  title: string;
  /** 'guideline' | 'agenda' | 'other' */
  category: string;
  description: string | null;
  file_id: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Schema documents of the content screens (migration 0010); `kind` is the schema name. */
export interface ContentRecordTable {
  id: string;
  kind: string;
  edition_id: string | null;
  unit_id: string | null;
  title: string;
  search_text: string;
  tag: string | null;
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
}

/** failed sign-ins per normalised account name within the current window (migration 0011) */
export interface SignInFailureTable {
  account: string;
  failures: number;
  window_start: string;
}

export interface Database {
  editions: EditionTable;
  units: UnitTable;
  accounts: AccountTable;
  sessions: SessionTable;
  one_time_codes: OneTimeCodeTable;
  outbox: OutboxTable;
  notices: NoticeTable;
  notice_reads: NoticeReadTable;
  invitation_codes: InvitationCodeTable;
  guests: GuestTable;
  guest_name_suffixes: GuestNameSuffixTable;
  entourage_members: EntourageMemberTable;
  audit_log: AuditLogTable;
  downloads: DownloadTable;
  content_records: ContentRecordTable;
  good_wishes: GoodWishTable;
  activities: ActivityTable;
  activity_sign_ups: ActivitySignUpTable;
  activity_assignments: ActivityAssignmentTable;
  activity_visibility: ActivityVisibilityTable;
  sign_in_failures: SignInFailureTable;
  notice_publications: NoticePublicationTable;
  hotels: HotelTable;
  receptionists: ReceptionistTable;
}
