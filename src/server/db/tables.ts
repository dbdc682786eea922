/**
 * The database type, as a registry: each table is declared by the folder that owns it
 * (`features/guests/guest-tables.ts`, `auth/auth-tables.ts`, ...), which adds it to this
 * interface by module augmentation (`declare module '.../db/tables.js'`). So db/ and the other
 * shared folders import no feature, and a feature's table is written down once, beside its code.
 * Tables owned by one feature and used only there may instead be added with Kysely's
 * `withTables` (the door's, the form versions').
 *
 * Portable across SQLite and PostgreSQL on purpose: ids are text (UUIDs), times are UTC ISO
 * strings (same length, so they sort as text), booleans are 0/1.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the owners' augmentations
export interface Database {}
