/**
 * The index behind the mobile look-up of every guest add and save
 * (GuestRepository.mobileTakenByOtherUnit). Kept here, in one place, because migration 0017 replaced
 * the clear-text mobile by a blind-index column: that change swapped the column named here and
 * the look-up's column together, and the query-plan test (tests/server/query-plans.test.ts)
 * checks that the look-up still lands on this index.
 */
export const GUEST_MOBILE_LOOKUP_INDEX = {
  name: 'guests_edition_mobile',
  /** migration 0017 renamed the clear `mobile` column to the blind index (the index followed) */
  columns: ['edition_id', 'mobile_index'],
} as const;
