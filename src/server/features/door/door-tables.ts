/** Tables of the door, owned here and added to the database type with Kysely's `withTables` (migration 0030). */
export interface BadgeTable {
  id: string;
  edition_id: string;
  unit_id: string;
  guest_id: string;
  /** null: the guest's own badge; else the entourage member's */
  member_id: string | null;
  /** `g:<guest id>` or `m:<member id>`: one live badge per person */
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
