/**
 * The tables of hotels and receptionists, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

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

declare module '../../db/tables.js' {
  interface Database {
    hotels: HotelTable;
    receptionists: ReceptionistTable;
  }
}
