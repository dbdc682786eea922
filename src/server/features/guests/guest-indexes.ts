/**
 * The index behind the mobile look-up of every guest add and save
 * (GuestRepository.mobileTakenByOtherUnit), as the migrations left it: 0012 created it, 0017
 * renamed its column to the blind index. The query-plan test (tests/server/query-plans.test.ts)
 * checks that the look-up still lands on it, so a migration that changes the index changes it
 * here too.
 */
export const GUEST_MOBILE_LOOKUP_INDEX = {
  name: 'guests_edition_mobile',
  /** migration 0017 renamed the clear `mobile` column to the blind index (the index followed) */
  columns: ['edition_id', 'mobile_index'],
} as const;
