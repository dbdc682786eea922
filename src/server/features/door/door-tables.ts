/** Tables of the door, owned here and added to the database type with Kysely's `withTables` (migrations 0030, 0037). */
export interface BadgeTable {
  id: string;
  edition_id: string;
  /** null for a temporary registration's badge (no unit, no guest) */
  unit_id: string | null;
  guest_id: string | null;
  /** null: the guest's own badge; else the entourage member's */
  member_id: string | null;
  /** the approved temporary registration the badge is for; null for a unit's guest or entourage member */
  temporary_id: string | null;
  /** `g:<guest id>`, `m:<member id>` or `t:<temporary registration id>`: one live badge per person */
  person_key: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CheckInTable {
  badge_id: string;
  edition_id: string;
  person_key: string;
  /** when the phone read the badge (a scan queued offline keeps its own time) */
  scanned_at: string;
  received_at: string;
  /** where: the name the staff member gave the phone (gate, hall) */
  station: string;
  account_id: string;
}

// a type, not an interface: Kysely's withTables wants an indexable record
export type DoorTables = {
  badges: BadgeTable;
  check_ins: CheckInTable;
};
